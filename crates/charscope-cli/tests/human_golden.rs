//! Golden files for the human output of `decode`, `validate` and `dump` (colour off): what a
//! person reads, byte for byte. Regenerate with
//! `CHARSCOPE_BLESS=1 cargo test -p charscope-cli --test human_golden` and review the diff.

use assert_cmd::Command;
use std::path::Path;

mod common;
use common::golden;

/// Runs charscope in `dir` and returns its exit code, stdout and stderr as one text.
fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> String {
    let out = Command::cargo_bin("charscope")
        .unwrap()
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .args(["--color", "never"])
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    format!(
        "$ charscope {}\n--- exit {}\n--- stdout\n{}\n--- stderr\n{}",
        args.join(" "),
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn golden_decode() {
    let dir = tempfile::tempdir().unwrap();
    // The Unicode Standard's Table 3-8: eight malformed sequences, then "A".
    let mut text = run(
        dir.path(),
        &["decode", "--hex", "C0 AF E0 80 BF F0 81 82 41"],
        b"",
    );
    text.push_str(&run(
        dir.path(),
        &["decode", "--strict", "--hex", "41 42 ED A0 80 43"],
        b"",
    ));
    text.push_str(&run(
        dir.path(),
        &["decode", "--from", "utf-16"],
        b"h\x00i\x00",
    ));
    golden("decode-human.txt", &text);
}

#[test]
fn golden_validate() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clean.txt"), "caf\u{e9}\n").unwrap();
    std::fs::write(
        dir.path().join("mixed.txt"),
        b"line one\n/\xC0\xAE./ caf\xE9\n\xF0\x9F\x98\n\xED\xA0\x80 end\n",
    )
    .unwrap();
    let mut text = run(dir.path(), &["validate", "clean.txt", "mixed.txt"], b"");
    text.push_str(&run(
        dir.path(),
        &["validate", "--max-errors", "2", "mixed.txt"],
        b"",
    ));
    text.push_str(&run(
        dir.path(),
        &["validate", "-l", "clean.txt", "mixed.txt"],
        b"",
    ));
    golden("validate-human.txt", &text);
}

#[test]
fn golden_dump() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = run(
        dir.path(),
        &["dump", "--hex", "FF 48 C3 A9 E2 82 AC 0A F0 9F 98 80 09 41"],
        b"",
    );
    text.push_str(&run(
        dir.path(),
        &[
            "dump",
            "--hex",
            "48 65 6C 6C 6F 2C 20 E4 B8 96 E7 95 8C 21 20 D0 9F D1 80 D0 B8 D0 B2 D0 B5 D1 82",
        ],
        b"",
    ));
    text.push_str(&run(
        dir.path(),
        &["dump", "--plain", "--hex", "48 C3 A9 0A"],
        b"",
    ));
    golden("dump-human.txt", &text);
}
