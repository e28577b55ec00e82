//! `charscope convert` as a user meets it: bytes identical to iconv (and to Python's cp932)
//! on slices of the benchmark corpus, strict stops that name the offset and leave no file,
//! in-place safety, unmappable characters named, several files into a directory.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "dumb");
    cmd
}

/// The benchmark corpus sources (../shared/bench beside the repository).
fn bench_source(relative: &str) -> Vec<u8> {
    let dir = match std::env::var_os("CHARSCOPE_BENCH") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench"),
    };
    let path = dir.join(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn have(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn iconv(from: &str, to: &str, input: &[u8]) -> Vec<u8> {
    let out = std::process::Command::new("iconv")
        .args(["-f", from, "-t", to])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input)?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success(), "iconv -f {from} -t {to} failed");
    out.stdout
}

fn convert(args: &[&str], input: &[u8]) -> Vec<u8> {
    let out = charscope()
        .arg("convert")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "convert {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn same_bytes_as_iconv_where_iconv_and_the_standard_agree() {
    if !have("iconv") {
        eprintln!("iconv not installed: skipped");
        return;
    }
    // windows-1252 -> UTF-8 (Portuguese: every character exists in windows-1252).
    let pt = bench_source("wikipedia_mars/portuguese.utflatin8.txt");
    let cp1252 = iconv("UTF-8", "CP1252", &pt);
    let ours = convert(&["-f", "windows-1252", "-t", "utf-8"], &cp1252);
    assert_eq!(ours, iconv("CP1252", "UTF-8", &cp1252));
    assert_eq!(ours, pt);

    // UTF-8 <-> UTF-16LE on Chinese text.
    let zh = bench_source("lipsum/Chinese-Lipsum.utf8.txt");
    let utf16 = convert(&["-f", "utf-8", "-t", "utf-16le"], &zh);
    assert_eq!(utf16, iconv("UTF-8", "UTF-16LE", &zh));
    let back = convert(&["-f", "utf-16le", "-t", "utf-8"], &utf16);
    assert_eq!(back, iconv("UTF-16LE", "UTF-8", &utf16));
    assert_eq!(back, zh);

    // UTF-8 -> windows-1251 on Russian text.
    let ru = bench_source("lipsum/Russian-Lipsum.utf8.txt");
    let ours = convert(&["-f", "utf-8", "-t", "windows-1251"], &ru);
    assert_eq!(ours, iconv("UTF-8", "CP1251", &ru));
}

#[test]
fn shift_jis_to_utf8_is_pythons_cp932() {
    if !have("python3") {
        eprintln!("python3 not installed: skipped");
        return;
    }
    let ja = bench_source("lipsum/Japanese-Lipsum.utf8.txt");
    let script = "import sys; t = sys.stdin.buffer.read().decode('utf-8'); s = t.encode('cp932', errors='replace'); sys.stdout.buffer.write(s)";
    let sjis = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&ja)?;
            child.wait_with_output()
        })
        .unwrap()
        .stdout;
    assert!(sjis.len() > 10_000);
    let decode = "import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode('cp932').encode('utf-8'))";
    let python = std::process::Command::new("python3")
        .args(["-c", decode])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&sjis)?;
            child.wait_with_output()
        })
        .unwrap()
        .stdout;
    let ours = convert(&["-f", "shift_jis", "-t", "utf-8"], &sjis);
    assert_eq!(ours, python);
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn strict_on_corrupt_input_exits_1_names_the_offset_and_leaves_no_file() {
    let dir = tempdir();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, b"good line\nbad \xC3\x28 here\n").unwrap();
    let out = dir.path().join("out.txt");
    let run = charscope()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&out)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("in.txt:2:5: byte offset 14: truncated: C3"),
        "{stderr}"
    );
    assert!(!out.exists(), "a failed run leaves no file");
    assert_eq!(files_in(dir.path()), ["in.txt"], "no temporary file left");

    // An existing output is not clobbered.
    std::fs::write(&out, b"old").unwrap();
    let run = charscope()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&out)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    assert_eq!(files_in(dir.path()), ["in.txt", "out.txt"]);
}

#[test]
fn to_stdout_the_output_stops_at_the_error_and_says_how_much_was_written() {
    let run = charscope()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le"])
        .write_stdin(&b"abc\xFFdef"[..])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(run.stdout, b"a\0b\0c\0");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("byte offset 3: invalid-byte: FF"),
        "{stderr}"
    );
    assert!(
        stderr.contains("6 bytes written to standard output"),
        "{stderr}"
    );
}

#[test]
fn in_place_failure_leaves_the_file_byte_identical() {
    let dir = tempdir();
    let file = dir.path().join("doc.txt");
    let original = b"caf\xC3\xA9 \xE2\x82\xAC and \xF0\x9F\x98\x80".to_vec();
    std::fs::write(&file, &original).unwrap();
    let run = charscope()
        .args(["convert", "-f", "utf-8", "-t", "iso-8859-15", "--in-place"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("1:12: byte offset 14: unmappable: U+1F600")
            && stderr.contains("GRINNING FACE"),
        "{stderr}"
    );
    assert!(stderr.contains("byte offset 14"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), original);
    assert_eq!(files_in(dir.path()), ["doc.txt"]);

    // With a policy it succeeds, in place.
    charscope()
        .args([
            "convert",
            "-f",
            "utf-8",
            "-t",
            "iso-8859-15",
            "--errors",
            "html",
            "--in-place",
        ])
        .arg(&file)
        .assert()
        .code(1);
    assert_eq!(std::fs::read(&file).unwrap(), b"caf\xE9 \xA4 and &#128512;");
}

#[test]
fn unmappable_characters_are_named() {
    let run = charscope()
        .args(["convert", "-f", "utf-8", "-t", "windows-1252"])
        .write_stdin("price: 5 \u{20AC}, \u{2603}")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(run.stdout, b"price: 5 \x80, ");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(
            "1:13: byte offset 14: unmappable: U+2603 '\u{2603}' SNOWMAN has no windows-1252 form"
        ),
        "{stderr}"
    );
}

#[test]
fn iconv_flags_and_policies() {
    // -c leaves out what cannot be converted, as iconv -c does (exit 1: something was lost).
    let run = charscope()
        .args(["convert", "-f", "utf-8", "-t", "windows-1252", "-c"])
        .write_stdin(&b"a\xC0b\xE2\x98\x83c"[..])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(run.stdout, b"abc");
    // Escape loses nothing, and still says (exit 1) that the input was not clean.
    charscope()
        .args([
            "convert", "--from", "utf-8", "--to", "utf-8", "--errors", "escape",
        ])
        .write_stdin(&b"a\xC0b"[..])
        .assert()
        .code(1)
        .stdout(&b"a\\xC0b"[..]);
    // CRLF and BOM handling.
    assert_eq!(
        convert(
            &[
                "-f",
                "utf-8",
                "-t",
                "utf-8",
                "--newline",
                "lf",
                "--bom",
                "strip"
            ],
            b"\xEF\xBB\xBFa\r\nb"
        ),
        b"a\nb"
    );
    assert_eq!(
        convert(&["-f", "utf-8", "-t", "utf-16be", "--bom", "add"], b"a"),
        b"\xFE\xFF\0a"
    );
    assert_eq!(
        convert(
            &["-t", "utf-8", "--normalize", "nfc"],
            "e\u{301}".as_bytes()
        ),
        "\u{e9}".as_bytes()
    );
}

#[test]
fn from_auto_reads_a_bom_else_utf8() {
    assert_eq!(
        convert(
            &["-f", "auto", "-t", "utf-8", "--bom", "strip"],
            b"\xFF\xFEh\0i\0"
        ),
        b"hi"
    );
    assert_eq!(convert(&["-t", "utf-16le"], "\u{e9}".as_bytes()), b"\xE9\0");
}

#[test]
fn several_files_into_a_directory_with_json_lines() {
    let dir = tempdir();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let mut paths = Vec::new();
    for i in 0..5 {
        let p = dir.path().join(format!("f{i}.txt"));
        std::fs::write(&p, format!("file {i}: caf\u{e9}\n")).unwrap();
        paths.push(p);
    }
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, b"x\xFFy").unwrap();
    paths.push(bad);
    let run = charscope()
        .args([
            "--json",
            "convert",
            "-f",
            "utf-8",
            "-t",
            "windows-1252",
            "-o",
        ])
        .arg(&out)
        .args(&paths)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    let failed: Vec<_> = lines.iter().filter(|v| !v["error"].is_null()).collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["error"]["error"], "malformed");
    assert_eq!(failed[0]["error"]["offset"], 1);
    assert_eq!(failed[0]["error"]["kind"], "invalid-byte");
    for i in 0..5 {
        assert_eq!(
            std::fs::read(out.join(format!("f{i}.txt"))).unwrap(),
            [format!("file {i}: caf").as_bytes(), b"\xE9\n"].concat()
        );
    }
    assert_eq!(files_in(&out).len(), 5, "no file for the failed input");
}

#[test]
fn output_onto_a_pipe_is_written_not_replaced() {
    let dir = tempdir();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo not available: skipped");
        return;
    }
    let reader = std::thread::spawn({
        let fifo = fifo.clone();
        move || std::fs::read(fifo).unwrap()
    });
    charscope()
        .args(["convert", "-f", "windows-1252", "-t", "utf-8", "-o"])
        .arg(&fifo)
        .write_stdin(&b"caf\xE9"[..])
        .assert()
        .success();
    assert_eq!(reader.join().unwrap(), "caf\u{e9}".as_bytes());
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn encode_streams_standard_input_and_files() {
    charscope()
        .args(["encode", "--to", "windows-1252"])
        .write_stdin("caf\u{e9} \u{20AC}")
        .assert()
        .success()
        .stdout(&b"caf\xE9 \x80"[..]);
    let dir = tempdir();
    let file = dir.path().join("t.txt");
    std::fs::write(&file, "h\u{e9}llo").unwrap();
    charscope()
        .args(["encode", "--to", "utf-16le", "--file"])
        .arg(&file)
        .assert()
        .success()
        .stdout(&b"h\0\xE9\0l\0l\0o\0"[..]);
    // Strict: the output stops at the first unmappable character, which is named.
    let run = charscope()
        .args(["encode", "--to", "windows-1252"])
        .write_stdin("ab\u{2603}c")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(run.stdout, b"ab");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("U+2603") && stderr.contains("SNOWMAN"),
        "{stderr}"
    );
}

/// `inspect` lists a bounded number of rows; the rest are counted, not built.
#[test]
fn inspect_lists_a_bounded_number_of_rows() {
    let text = "a\u{e9}".repeat(3000);
    let dir = tempdir();
    let file = dir.path().join("big.txt");
    std::fs::write(&file, &text).unwrap();
    let out = charscope()
        .args(["--json", "inspect", "--rows", "10", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["units"].as_array().unwrap().len(), 10);
    assert_eq!(v["lengths"]["code_points"], 6000);
    let out = charscope()
        .args(["inspect", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    let human = String::from_utf8_lossy(&out.stdout);
    assert!(human.contains("and 5000 more character(s)"), "{human}");
}

#[test]
fn json_to_standard_output_carries_the_bytes_as_hex() {
    let out = charscope()
        .args(["--json", "convert", "-f", "windows-1252", "-t", "utf-8"])
        .write_stdin(&b"caf\xE9"[..])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hex"], "63 61 66 C3 A9");
    assert_eq!(v["from"], "windows-1252");
    assert_eq!(v["bytes_out"], 5);
    assert!(v["error"].is_null());
}
