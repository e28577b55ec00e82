//! The command line as a user meets it: JSON contracts, exit codes, messages for bad input.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "xterm");
    cmd
}

fn json_of(args: &[&str]) -> Value {
    let out = charscope().args(args).output().unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn decode_json_has_the_contract_fields() {
    let v = json_of(&[
        "decode",
        "--from",
        "utf-8",
        "--json",
        "--hex",
        "C0 AF E0 80 BF F0 81 82 41",
    ]);
    assert_eq!(v["encoding"], "UTF-8");
    assert_eq!(v["bom"], Value::Null);
    assert_eq!(v["text"], "\u{FFFD}".repeat(8) + "A");
    assert_eq!(v["replacements"], 8);
    let first = &v["malformed"][0];
    assert_eq!(first["offset"], 0);
    assert_eq!(first["length"], 1);
    assert_eq!(first["hex"], "C0");
    assert_eq!(first["kind"], "overlong");
    assert!(first["reason"].as_str().unwrap().contains("overlong"));
    assert_eq!(v["malformed"].as_array().unwrap().len(), 8);
}

#[test]
fn decode_prints_text_and_warns_on_stderr() {
    charscope()
        .args(["decode", "--hex", "63 61 66 C3 A9 FF"])
        .assert()
        .code(1)
        .stdout("café\u{FFFD}")
        .stderr(
            predicate::str::contains("byte offset 5").and(predicate::str::contains("invalid-byte")),
        );
}

#[test]
fn decode_strict_fails_with_the_offset() {
    charscope()
        .args(["decode", "--strict", "--hex", "41 42 ED A0 80"])
        .assert()
        .code(1)
        .stdout("AB")
        .stderr(predicate::str::contains(":2: surrogate"));
}

#[test]
fn decode_bom_policies() {
    let strip = json_of(&["decode", "--json", "--hex", "EF BB BF 41"]);
    assert_eq!(strip["bom"], "UTF-8");
    assert_eq!(strip["text"], "A");
    let keep = json_of(&["decode", "--json", "--bom", "keep", "--hex", "EF BB BF 41"]);
    assert_eq!(keep["text"], "\u{FEFF}A");
    // A BOM beats the label, as in browsers; offsets still count the BOM's bytes.
    let sniff = json_of(&[
        "decode",
        "--json",
        "--from",
        "windows-1252",
        "--bom",
        "sniff",
        "--hex",
        "FF FE 41 00 00 D8",
    ]);
    assert_eq!(sniff["encoding"], "UTF-16LE");
    assert_eq!(sniff["text"], "A\u{FFFD}");
    assert_eq!(sniff["malformed"][0]["offset"], 4);
    assert_eq!(sniff["malformed"][0]["kind"], "unpaired-surrogate");
    // FF FE 00 00: UTF-16LE and U+0000 to a browser, a UTF-32LE BOM to Unicode.
    let whatwg = json_of(&[
        "decode",
        "--json",
        "--bom",
        "sniff",
        "--hex",
        "FF FE 00 00 41 00 00 00",
    ]);
    assert_eq!(whatwg["encoding"], "UTF-16LE");
    let unicode = json_of(&[
        "decode",
        "--json",
        "--bom",
        "sniff-unicode",
        "--hex",
        "FF FE 00 00 41 00 00 00",
    ]);
    assert_eq!(unicode["encoding"], "UTF-32LE");
    assert_eq!(unicode["text"], "A");
}

#[test]
fn decode_reads_files_and_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.txt");
    std::fs::write(&path, b"caf\xE9").unwrap();
    charscope()
        .args(["decode", "--from", "latin1"])
        .arg(&path)
        .assert()
        .success()
        .stdout("café");
    charscope()
        .args(["decode", "--from", "latin1", "-"])
        .write_stdin(&b"caf\xE9"[..])
        .assert()
        .success()
        .stdout("café");
    charscope()
        .args(["decode", "--from", "latin1"])
        .write_stdin(&b"caf\xE9"[..])
        .assert()
        .success()
        .stdout("café");
}

#[test]
fn encode_json_and_raw_bytes() {
    let v = json_of(&["encode", "--to", "utf-16be", "--json", "Hi"]);
    assert_eq!(v["encoding"], "UTF-16BE");
    assert_eq!(v["hex"], "00 48 00 69");
    assert_eq!(v["length"], 4);
    assert_eq!(v["unmappable"], Value::Array(vec![]));
    charscope()
        .args(["encode", "--to", "utf-8", "é€😀"])
        .assert()
        .success()
        .stdout("é€😀");
    let out = charscope()
        .args(["encode", "--to", "utf-16le", "--bom", "Hi"])
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"\xFF\xFEH\x00i\x00");
}

#[test]
fn encode_refuses_unmappable_unless_asked() {
    let v = json_of(&["encode", "--to", "shift_jis", "--json", "café €"]);
    let unmappable = v["unmappable"].as_array().unwrap();
    assert_eq!(unmappable.len(), 2);
    assert_eq!(unmappable[0]["index"], 3);
    assert_eq!(unmappable[0]["char"], "é");
    assert_eq!(unmappable[1]["index"], 5);
    charscope()
        .args(["encode", "--to", "shift_jis", "café"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("1:4 (byte offset 3): U+00E9")
                .and(predicate::str::contains("nothing written")),
        );
    charscope()
        .args(["encode", "--to", "shift_jis", "--errors", "html", "café"])
        .assert()
        .success()
        .stdout("caf&#233;");
    charscope()
        .args([
            "encode",
            "--to",
            "windows-1252",
            "--errors",
            "replace",
            "a😀b",
        ])
        .assert()
        .success()
        .stdout("a?b")
        .stderr(predicate::str::contains("1 unmappable"));
    charscope()
        .args(["encode", "--to", "replacement", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("only decode"));
}

#[test]
fn validate_lines_json_lines_and_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&good, "fine é\n").unwrap();
    std::fs::write(&bad, b"/\xC0\xAE./ and \xE1\x80\n").unwrap();
    charscope()
        .arg("validate")
        .arg(&good)
        .assert()
        .success()
        .stdout("");
    let out = charscope()
        .arg("validate")
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        format!(
            "{}:1:2: overlong: C0 (C0: never appears in UTF-8; it could only begin an overlong \
             2-byte form of U+0000-U+007F) [byte 1]",
            bad.display()
        )
    );
    assert!(lines[1].starts_with(&format!("{}:1:3: overlong: AE (", bad.display())));
    assert!(
        lines[2].contains(":1:11: truncated: E1 80 ("),
        "{}",
        lines[2]
    );
    assert!(lines[2].ends_with(") [byte 10]"), "{}", lines[2]);
    let out = charscope()
        .args(["validate", "--json"])
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // good.txt: its summary; bad.txt: three records, then its summary.
    assert_eq!(records.len(), 5);
    assert_eq!(records[0]["valid"], true);
    assert_eq!(records[0]["bytes"], 8);
    assert_eq!(records[0]["malformed_count"], 0);
    assert_eq!(records[1]["file"], bad.display().to_string());
    assert_eq!(records[1]["offset"], 1);
    assert_eq!(records[1]["line"], 1);
    assert_eq!(records[1]["column"], 2);
    assert_eq!(records[1]["length"], 1);
    assert_eq!(records[1]["hex"], "C0");
    assert_eq!(records[1]["kind"], "overlong");
    assert_eq!(records[3]["hex"], "E1 80");
    assert_eq!(records[4]["valid"], false);
    assert_eq!(records[4]["encoding"], "UTF-8");
    assert_eq!(records[4]["malformed_count"], 3);
    assert_eq!(records[4]["file"], bad.display().to_string());
}

#[test]
fn validate_a_missing_file_is_exit_2_but_the_others_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, b"\xFF").unwrap();
    charscope()
        .arg("validate")
        .arg(dir.path().join("missing.txt"))
        .arg(&bad)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("invalid-byte"))
        .stderr(
            predicate::str::contains("cannot open").and(predicate::str::contains("missing.txt")),
        );
}

#[test]
fn encodings_lists_every_encoding_and_the_label_notes() {
    let v = json_of(&["encodings", "--json"]);
    let list = v.as_array().unwrap();
    // 40 WHATWG encodings, UTF-32LE/BE, true ISO-8859-1, 27 single-byte and 5 multi-byte or
    // stateful ones beyond WHATWG.
    assert_eq!(list.len(), 75);
    let cp1252 = list.iter().find(|e| e["name"] == "windows-1252").unwrap();
    assert!(
        cp1252["labels"]
            .as_array()
            .unwrap()
            .contains(&Value::from("latin1"))
    );
    assert!(cp1252["notes"][0].as_str().unwrap().contains("iso-8859-1"));
    let latin1 = list
        .iter()
        .find(|e| e["name"] == "true-ISO-8859-1")
        .unwrap();
    assert_eq!(latin1["whatwg"], false);
    let utf16le = list.iter().find(|e| e["name"] == "UTF-16LE").unwrap();
    assert!(utf16le["notes"][0].as_str().unwrap().contains("utf-16"));
    charscope()
        .arg("encodings")
        .assert()
        .success()
        .stdout(predicate::str::contains("Shift_JIS"));
}

#[test]
fn bad_input_is_exit_2_with_what_and_where() {
    charscope()
        .args(["decode", "--from", "utf8x", "--hex", "41"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("unknown encoding label \"utf8x\"")
                .and(predicate::str::contains("utf8")),
        );
    charscope()
        .args(["decode", "--hex", "C0 A 41"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--hex:1:4: an odd number of hex digits",
        ));
    charscope()
        .args(["decode", "/nonexistent/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot open /nonexistent/file"));
    charscope().args(["decode", "--bogus"]).assert().code(2);
}

/// On a terminal the same text is escaped: `decode`'s unit test `text_is_escaped_for_a_terminal_only`.
#[test]
fn piped_output_is_byte_exact() {
    // Piped output is byte-exact: the escape sequence passes through.
    charscope()
        .args(["decode", "--hex", "1B 5B 33 31 6D"])
        .assert()
        .success()
        .stdout("\x1b[31m");
}

/// NO_COLOR and TERM=dumb: the unit tests of `color::use_color`.
#[test]
fn no_colour_when_piped_and_colour_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, b"\xFF").unwrap();
    charscope()
        .arg("validate")
        .arg(&bad)
        .assert()
        .stdout(predicate::str::contains("\x1b[").not());
    charscope()
        .args(["--color", "always", "validate"])
        .arg(&bad)
        .assert()
        .stdout(predicate::str::contains("\x1b["));
}

#[test]
fn a_closed_pipe_ends_quietly_with_exit_0() {
    use std::io::Read;
    use std::process::{Command as Std, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    std::fs::write(&big, "é".repeat(4 * 1024 * 1024)).unwrap();
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("charscope"))
        .arg("decode")
        .arg(&big)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn every_command_has_help_with_an_example() {
    for command in ["decode", "encode", "validate", "encodings"] {
        charscope()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Example"));
    }
}

#[test]
fn a_byte_order_mark_of_another_encoding_gets_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("utf16.txt");
    std::fs::write(&path, b"\xFF\xFEH\x00i\x00").unwrap();
    let hint = "starts with a UTF-16LE byte order mark but is read as UTF-8; try --from utf-16le";
    charscope()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(hint));
    charscope()
        .arg("decode")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(hint));
    charscope()
        .args(["decode", "--bom", "sniff"])
        .arg(&path)
        .assert()
        .success()
        .stdout("Hi")
        .stderr(predicate::str::contains("byte order mark").not());
    charscope()
        .args(["validate", "--from", "utf-16le"])
        .arg(&path)
        .assert()
        .success()
        .stderr("");
}
