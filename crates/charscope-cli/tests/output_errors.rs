//! Output that cannot be written never panics: every command onto a full device exits 2 with a
//! message that names standard output; onto a closed pipe it exits 0; an unwritable standard
//! error changes nothing but the messages.
#![cfg(unix)]

use std::process::{Command, Output, Stdio};

/// Every command, with arguments that make it write something.
const COMMANDS: &[&[&str]] = &[
    &["completions", "bash"],
    &["completions", "zsh"],
    &["completions", "fish"],
    &["completions", "powershell"],
    &["completions", "elvish"],
    &["man"],
    &["decode", "--hex", "41"],
    &["encode", "-t", "utf-8", "x"],
    &["encode", "-t", "utf-16le"],
    &["convert", "-t", "utf-8"],
    &["validate", "--hex", "C0"],
    &["detect", "--hex", "41"],
    &["fix", "x"],
    &["inspect", "x"],
    &["--json", "inspect", "x"],
    &["compare", "--hex", "41"],
    &["char", "U+00E9"],
    &["char", "--search", "grinning face"],
    &["dump", "--hex", "41"],
    &["undump"],
    &["scan"],
    &["--json", "scan"],
    &["url", "/a"],
    &["same", "a", "b"],
    &["encodings"],
    &["examples"],
    &["examples", "table-3-8"],
    &["serve", "--port", "0"],
];

/// What standard input the commands that read it get: a dump for undump, a line with a bidi
/// control for scan.
fn stdin_for(args: &[&str]) -> &'static str {
    if args.contains(&"scan") {
        "x\u{202E}\n"
    } else {
        "41\n"
    }
}

fn run(args: &[&str], stdout: Stdio, stderr: Stdio) -> Output {
    use std::io::Write;
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("charscope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(stdin_for(args).as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn full() -> Option<std::fs::File> {
    std::fs::File::options().write(true).open("/dev/full").ok()
}

#[test]
fn a_full_device_on_standard_output_exits_2_and_names_it() {
    let Some(_) = full() else { return };
    for args in COMMANDS {
        let out = run(args, full().unwrap().into(), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("cannot write standard output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_exits_0() {
    for args in COMMANDS {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run(args, writer.into(), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(
            err.is_empty() || !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_unwritable_standard_error_changes_only_the_messages() {
    let Some(_) = full() else { return };
    for (args, code) in [
        (&["validate", "no-such-file"][..], 2),
        (&["scan", "no-such-file"], 2),
        (&["decode", "--hex", "C0"], 1),
        (&["convert", "-t", "utf-8", "no-such-file"], 2),
    ] {
        let out = run(args, Stdio::null(), full().unwrap().into());
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
}
