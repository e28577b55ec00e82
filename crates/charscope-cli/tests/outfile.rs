//! The one writer of `-o` and `--in-place` (`convert`, `fix`): nothing overwritten that was not
//! asked for, nothing left behind, the modes a user expects, errors that name the file.
#![cfg(unix)]

use assert_cmd::Command;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "dumb");
    cmd
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("charscope")
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn links_planted_under_the_temporary_names_of_old_leave_their_target_untouched() {
    // Before, `fix -o out.txt` wrote `.out.txt.charscope-PID` through any link of that name.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("victim"), "precious\n").unwrap();
    let script = format!(
        "ln -s victim .out.txt.charscope-$$ && exec '{}' fix -o out.txt 'Ã©tÃ©'",
        bin().display()
    );
    let status = std::process::Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let dir = dir.path();
    assert_eq!(
        std::fs::read_to_string(dir.join("victim")).unwrap(),
        "precious\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("out.txt")).unwrap(),
        "été\n"
    );
}

#[test]
fn fix_onto_a_fifo_or_a_device_writes_into_it_and_leaves_it_there() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    if !mkfifo(&fifo) {
        eprintln!("mkfifo not available: skipped");
        return;
    }
    let reader = std::thread::spawn({
        let fifo = fifo.clone();
        move || std::fs::read(fifo).unwrap()
    });
    charscope()
        .args(["fix", "-o"])
        .arg(&fifo)
        .arg("Ã©tÃ©")
        .assert()
        .success();
    assert_eq!(reader.join().unwrap(), "été\n".as_bytes());
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // A copy of /dev/null (only root may make one).
    let null = dir.path().join("null");
    let made = std::process::Command::new("mknod")
        .arg(&null)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if made {
        for command in [&["fix", "-o"][..], &["convert", "-t", "utf-8", "-o"]] {
            charscope()
                .args(command)
                .arg(&null)
                .write_stdin("Ã©tÃ©")
                .assert()
                .success();
            let meta = std::fs::metadata(&null).unwrap();
            assert!(meta.file_type().is_char_device(), "{command:?}");
        }
    }
    assert_eq!(names(dir.path()).len(), 1 + usize::from(made));
}

/// Runs `charscope ARGS` under `umask 022` in `dir`.
fn under_umask_022(dir: &Path, args: &str) {
    let script = format!("umask 022 && exec '{}' {args}", bin().display());
    let status = std::process::Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(status.success(), "{args}");
}

#[test]
fn new_files_take_the_umask_mode_and_replaced_files_keep_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("in.txt"), "caf\u{e9}\n").unwrap();
    std::fs::create_dir(d.join("out")).unwrap();
    under_umask_022(d, "convert -t utf-16le in.txt -o new.txt");
    under_umask_022(d, "convert -t utf-16le in.txt -o out/");
    under_umask_022(d, "fix -o fixed.txt 'Ã©tÃ©'");
    for new in ["new.txt", "out/in.txt", "fixed.txt"] {
        assert_eq!(mode(&d.join(new)), 0o644, "{new}");
    }
    for (name, kept) in [("old.txt", 0o664), ("private.txt", 0o600)] {
        std::fs::write(d.join(name), "old\n").unwrap();
        std::fs::set_permissions(d.join(name), std::fs::Permissions::from_mode(kept)).unwrap();
    }
    under_umask_022(d, "convert -t utf-8 in.txt -o old.txt");
    under_umask_022(d, "fix -o private.txt 'Ã©tÃ©'");
    assert_eq!(mode(&d.join("old.txt")), 0o664);
    assert_eq!(mode(&d.join("private.txt")), 0o600);
    assert_eq!(
        std::fs::read_to_string(d.join("private.txt")).unwrap(),
        "été\n"
    );
}

/// Starts `convert -o out.txt` reading a FIFO that a thread keeps open after its first
/// megabyte, and waits until the temporary file is there.
fn convert_stalled(dir: &Path) -> (std::process::Child, std::thread::JoinHandle<()>) {
    let fifo = dir.join("in.fifo");
    assert!(mkfifo(&fifo));
    let child = std::process::Command::new(bin())
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "--no-progress"])
        .arg(&fifo)
        .arg("-o")
        .arg(dir.join("out.txt"))
        .spawn()
        .unwrap();
    let (reading, read) = std::sync::mpsc::channel();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let mut w = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
        let _ = w.write_all(&b"hello world\n".repeat(100_000));
        let _ = reading.send(());
        // Then a line now and then (the conversion waits for more) until the reader is gone.
        while w.write_all(b"hello world\n").is_ok() {
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    // The conversion has opened the pipe and read most of the first block: killed before it
    // opened the pipe (its temporary file comes first), it would leave the writer waiting in
    // `open` for a reader for ever.
    assert!(
        read.recv_timeout(Duration::from_secs(20)).is_ok(),
        "the conversion never read its input"
    );
    let start = Instant::now();
    while !names(dir).iter().any(|n| n.ends_with(".tmp")) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    (child, writer)
}

/// Whether this process was started with `signal` ignored (children inherit it).
fn is_ignored_here(signal: u32) -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
}

#[test]
fn sigterm_and_sigint_remove_the_temporary_file() {
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        if is_ignored_here(number) {
            // A signal ignored from the start stays ignored (a background job of a script).
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let (mut child, writer) = convert_stalled(dir.path());
        let killed = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        // Ended by the signal, as without a handler (a shell sees "interrupted").
        assert_eq!(status.signal(), Some(number as i32), "{signal}: {status:?}");
        assert_eq!(names(dir.path()), ["in.fifo"], "{signal}");
        writer.join().unwrap();
    }
}

#[test]
fn a_leftover_of_a_killed_run_is_recognised_and_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (mut child, writer) = convert_stalled(d);
    child.kill().unwrap();
    child.wait().unwrap();
    writer.join().unwrap();
    let leftover = names(d).into_iter().find(|n| n.ends_with(".tmp")).unwrap();
    let pattern = format!(".out.txt.charscope-{}-", child.id());
    assert!(leftover.starts_with(&pattern), "{leftover}");
    // One of a live process (this one) stays, as does a link; the dead one's goes once it has
    // been left alone for a minute.
    let live = format!(".out.txt.charscope-{}-abcDEF.tmp", std::process::id());
    std::fs::write(d.join(&live), "").unwrap();
    std::os::unix::fs::symlink("in.fifo", d.join(".out.txt.charscope-1-abcDEF.tmp")).unwrap();
    std::fs::write(d.join("in.txt"), "x\n").unwrap();
    let convert = || {
        charscope()
            .current_dir(d)
            .args(["convert", "-t", "utf-8", "in.txt", "-o", "out.txt"])
            .assert()
            .success();
    };
    convert();
    assert!(names(d).contains(&leftover), "too recent to be removed");
    let old = std::time::SystemTime::now() - Duration::from_secs(120);
    for name in [&leftover, &live] {
        let file = std::fs::File::options()
            .write(true)
            .open(d.join(name))
            .unwrap();
        file.set_modified(old).unwrap();
    }
    convert();
    let left = names(d);
    assert!(!left.contains(&leftover), "{left:?}");
    assert!(left.contains(&live), "{left:?}");
    assert!(left.contains(&".out.txt.charscope-1-abcDEF.tmp".to_string()));
}

#[test]
fn a_full_device_is_named_in_the_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let out = charscope()
        .args(["convert", "-t", "utf-8", "-o", "/dev/full"])
        .write_stdin("caf\u{e9}\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write /dev/full: No space left on device"),
        "{err}"
    );
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(bin())
        .args(["fix", "Ã©tÃ©"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write standard output: No space left on device"),
        "{err}"
    );
}
