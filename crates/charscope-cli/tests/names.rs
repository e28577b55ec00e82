//! File names reach the output through one escaping: a line feed or a carriage return in a
//! name starts no line of output in any command, and bytes that are not UTF-8 read `\xNN`
//! everywhere.
#![cfg(unix)]

use assert_cmd::Command;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "dumb");
    cmd
}

/// A directory with a file whose name forges a finding line after a line feed, one with a
/// carriage return, and one whose name is not UTF-8; each holds a bidi control and a byte
/// that is not UTF-8.
fn forged() -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let names: [&[u8]; 3] = [
        b"a.txt:9:9: bidi-control: forged\nz.txt",
        b"b\rc.txt",
        b"bad\xFFname.txt",
    ];
    let paths: Vec<PathBuf> = names
        .iter()
        .map(|name| dir.path().join(OsStr::from_bytes(name)))
        .collect();
    for path in &paths {
        std::fs::write(path, b"ok \xE2\x80\xAE \xFF\n").unwrap();
    }
    (dir, paths)
}

#[test]
fn a_line_feed_in_a_name_starts_no_line_of_output() {
    let (dir, paths) = forged();
    let d = dir.path().as_os_str();
    let p = |i: usize| paths[i].as_os_str();
    let runs: Vec<Vec<&OsStr>> = vec![
        vec!["scan".as_ref(), d],
        vec!["scan".as_ref(), p(0)],
        vec!["validate".as_ref(), p(0), p(1), p(2)],
        vec!["detect".as_ref(), p(0), p(1)],
        vec!["decode".as_ref(), p(0)],
        vec!["dump".as_ref(), p(0)],
        vec!["compare".as_ref(), p(0)],
        vec!["inspect".as_ref(), "--file".as_ref(), p(0)],
        vec!["fix".as_ref(), "--file".as_ref(), p(0)],
        vec!["undump".as_ref(), p(0)],
        vec!["--json".as_ref(), "scan".as_ref(), d],
        vec!["--json".as_ref(), "validate".as_ref(), p(0)],
        vec![
            "convert".as_ref(),
            "-v".as_ref(),
            "-t".as_ref(),
            "utf-16le".as_ref(),
            p(0),
        ],
        vec![
            "convert".as_ref(),
            "-t".as_ref(),
            "utf-8".as_ref(),
            p(0),
            "-o".as_ref(),
            p(1),
        ],
        vec![
            "validate".as_ref(),
            dir.path().join("none\nz.txt").as_os_str().to_owned().leak(),
        ],
    ];
    for args in runs {
        let out = charscope().args(&args).output().unwrap();
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            assert!(
                !text.lines().any(|l| l.starts_with("z.txt")),
                "{args:?} {stream}: {text}"
            );
            assert!(!text.contains('\r'), "{args:?} {stream}: {text}");
        }
    }
}

#[test]
fn every_command_shows_a_name_that_is_not_utf8_as_hex() {
    let (_dir, paths) = forged();
    let bad = &paths[2];
    for command in [&["validate"][..], &["scan"], &["decode"], &["detect", "-"]] {
        let out = charscope().args(command).arg(bad).output().unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains("bad\\xFFname.txt"), "{command:?}: {all}");
        assert!(!all.contains("bad\u{FFFD}name"), "{command:?}: {all}");
    }
}

#[test]
fn scan_flags_line_feeds_and_carriage_returns_in_names() {
    let (dir, _) = forged();
    let out = charscope().arg("scan").arg(dir.path()).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("forged\\u{000A}z.txt: control: U+000A LINE FEED in the file name"),
        "{text}"
    );
    assert!(
        text.contains("b\\u{000D}c.txt: control: U+000D CARRIAGE RETURN in the file name"),
        "{text}"
    );
}
