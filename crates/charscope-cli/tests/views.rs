//! The converter's views from the outside: `inspect`, `compare`, `char`, `examples` and
//! `encode --to all`, with golden outputs (human and JSON, colour off) checked in under
//! `tests/golden/`. Regenerate them with `CHARSCOPE_BLESS=1 cargo test -p charscope-cli --test views`
//! and review the diff.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

mod common;
use common::golden;

fn charscope(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("charscope")
        .unwrap()
        .args(args)
        .env_remove("NO_COLOR")
        .assert()
}

fn stdout(args: &[&str]) -> String {
    let out = charscope(args).success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

fn golden_json(name: &str, args: &[&str]) {
    let value = json(args);
    golden(
        name,
        &(serde_json::to_string_pretty(&value).unwrap() + "\n"),
    );
}

#[test]
fn golden_inspect_human() {
    golden(
        "inspect-cafe.txt",
        &stdout(&["--color", "never", "inspect", "café"]),
    );
    golden(
        "inspect-dot-dot-slash.txt",
        &stdout(&[
            "--color",
            "never",
            "inspect",
            "--hex",
            "2F C0 AE 2E 2F",
            "--from",
            "utf-8",
        ]),
    );
    golden(
        "inspect-utf32le-bom.txt",
        &stdout(&[
            "--color",
            "never",
            "inspect",
            "--hex",
            "FF FE 00 00 48 00 00 00",
        ]),
    );
    golden(
        "inspect-family.txt",
        &stdout(&[
            "--color",
            "never",
            "inspect",
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        ]),
    );
}

#[test]
fn golden_inspect_json() {
    golden_json(
        "inspect-cafe-nfd.json",
        &["inspect", "cafe\u{301}", "--json"],
    );
    golden_json(
        "inspect-dot-dot-slash.json",
        &[
            "inspect",
            "--hex",
            "2F C0 AE 2E 2F",
            "--from",
            "utf-8",
            "--json",
        ],
    );
}

#[test]
fn golden_other_views() {
    golden(
        "char-e-acute.txt",
        &stdout(&["--color", "never", "char", "é"]),
    );
    golden(
        "compare-c-cedilla.txt",
        &stdout(&[
            "--color",
            "never",
            "compare",
            "--hex",
            "C3 A7 61",
            "--encodings",
            "iso-8859-1,utf-8,shift_jis,utf-16le,true-iso-8859-1",
        ]),
    );
    golden(
        "encode-all-japanese.txt",
        &stdout(&["--color", "never", "encode", "--to", "all", "日本語"]),
    );
}

#[test]
fn inspect_json_contract() {
    let r = json(&["inspect", "--hex", "C3 A9 FF", "--json"]);
    assert_eq!(r["encoding_source"], "detected");
    let r = json(&["inspect", "--hex", "C3 A9 FF", "--from", "utf-8", "--json"]);
    assert_eq!(r["encoding_source"], "label");
    assert_eq!(r["replacements"], 1);
    let m = &r["malformed"][0];
    assert_eq!(
        (m["offset"].as_u64(), m["length"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(
        (m["hex"].as_str(), m["kind"].as_str()),
        (Some("FF"), Some("invalid-byte"))
    );
    assert!(m["reason"].as_str().unwrap().starts_with("FF"));
    let e = &r["units"][0];
    assert_eq!(e["code_point"], "U+00E9");
    assert_eq!(e["utf8_bits"], "110 00011 10 101001");
    let lengths = r["lengths"].as_object().unwrap();
    let mut keys: Vec<&str> = lengths.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "code_points",
            "columns",
            "graphemes",
            "utf16_units",
            "utf32_bytes",
            "utf8_bytes"
        ]
    );
    let r = json(&[
        "inspect",
        "--hex",
        "00 48 00 69",
        "--from",
        "utf-16",
        "--json",
    ]);
    assert!(r["notes"][0].as_str().unwrap().contains("big-endian"));
}

#[test]
fn inspect_reads_files_and_stdin_and_refuses_text_with_a_label() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.txt");
    std::fs::write(&path, b"\xEF\xBB\xBFHi").unwrap();
    let r = json(&["inspect", "--file", path.to_str().unwrap(), "--json"]);
    assert_eq!(
        (r["encoding_source"].as_str(), r["text"].as_str()),
        (Some("bom"), Some("Hi"))
    );
    let out = Command::cargo_bin("charscope")
        .unwrap()
        .args(["inspect", "--json"])
        .write_stdin(&b"H\x00i\x00"[..])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let r: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(r["kind"], "bytes");
    charscope(&["inspect", "x", "--from", "utf-8"]).code(2);
    charscope(&["inspect", "--hex", "C3", "--from", "utf-9"]).code(2);
}

#[test]
fn untrusted_text_is_escaped_and_colour_follows_the_switch() {
    let out = stdout(&["--color", "never", "inspect", "a\u{1B}[31mb\u{202E}"]);
    assert!(
        !out.contains('\u{1B}') && !out.contains('\u{202E}'),
        "{out}"
    );
    assert!(out.contains("\\u{001B}") && out.contains("\\u{202E}"));
    let coloured = stdout(&["--color", "always", "inspect", "é"]);
    assert!(coloured.contains("\u{1B}["));
    let plain = stdout(&["--color", "always", "inspect", "é", "--json"]);
    assert!(!plain.contains("\u{1B}["));
}

#[test]
fn char_views() {
    let e = json(&["char", "U+00E9", "--json"]);
    assert_eq!(e["code_point"], "U+00E9");
    assert_eq!(e["name"], "LATIN SMALL LETTER E WITH ACUTE");
    assert_eq!(e["utf8"], "C3 A9");
    let lines = stdout(&["char", "U+0065 U+0301", "--json"]);
    assert_eq!(lines.lines().count(), 2, "JSON Lines, one per character");
    let hits = json(&["char", "--search", "grinning face", "--json"]);
    assert_eq!(hits[0]["code_point"], "U+1F600");
    assert_eq!(hits[0]["char"], "😀");
    // A surrogate code point is described, not refused.
    let d800 = json(&["char", "U+D800", "--json"]);
    assert_eq!(d800["surrogate"], "high");
    assert_eq!(d800["general_category"], "Cs");
    assert_eq!(d800["block_name"], "High Surrogates");
    let e = json(&["char", "é", "--json"]);
    assert_eq!(e["block_name"], "Latin-1 Supplement");
    assert_eq!(e["decimal"], 233);
    assert_eq!(e["bidi_class"], "L");
    assert_eq!(e["html_entity"], "&eacute;");
    assert_eq!(e["decomposition"]["code_points"], "U+0065 U+0301");
    assert_eq!(e["normalization"][1]["escaped"], "e\\u{0301}");
    let bom = json(&["char", "U+FEFF", "--json"]);
    assert_eq!(bom["block_name"], "Arabic Presentation Forms-B");
    let nbsp = json(&["char", "--search", "nbsp", "--json"]);
    assert_eq!(nbsp[0]["code_point"], "U+00A0");
    assert_eq!(nbsp[0]["alias"], "NBSP");
    let mark = json(&["char", "--search", "byte order mark", "--json"]);
    assert_eq!(mark[0]["code_point"], "U+FEFF");
    charscope(&["char", "U+110000"]).code(2);
}

#[test]
fn every_example_runs_and_holds() {
    let list = json(&["examples", "--json"]);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), charscope::examples::all().len());
    for item in list {
        let name = item["name"].as_str().unwrap();
        assert!(item["description"].as_str().is_some_and(|d| !d.is_empty()));
        let run = json(&["examples", name, "--json"]);
        assert_eq!(run["holds"], true, "{name}: {}", run["mismatches"]);
        assert!(run["report"]["kind"].is_string());
    }
    let human = stdout(&["--color", "never", "examples", "table-3-8"]);
    assert!(human.contains("The expected outcome holds."));
    charscope(&["examples", "no-such-example"]).code(2);
}

#[test]
fn encode_to_all_json_lines() {
    let out = stdout(&["encode", "--to", "all", "--json", "€"]);
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let row = |name: &str| rows.iter().find(|r| r["encoding"] == name).unwrap().clone();
    assert_eq!(row("windows-1252")["hex"], "80");
    assert_eq!(row("UTF-8")["length"], 3);
    assert_eq!(row("true-ISO-8859-1")["representable"], false);
    assert_eq!(row("true-ISO-8859-1")["unmappable"][0]["char"], "€");
    assert!(rows.iter().all(|r| r["encoding"] != "replacement"));
}

#[test]
fn compare_json_is_ranked() {
    let r = json(&["compare", "--hex", "63 61 66 C3 A9", "--json"]);
    assert_eq!(r["byte_length"], 5);
    let readings = r["readings"].as_array().unwrap();
    assert_eq!(readings[0]["encoding"], "UTF-8");
    assert_eq!(readings[0]["text"], "café");
    for key in ["malformed", "replacements", "suspicious", "penalty"] {
        assert!(readings[0][key].is_u64(), "{key}");
    }
    charscope(&["compare", "--hex", "41", "--encodings", "utf-8,nope"]).code(2);
}

/// A golden file that differs is shown as the lines that differ, with a few around them, not as
/// two whole copies to compare by eye.
#[test]
fn a_golden_file_that_differs_shows_the_lines_that_differ() {
    let expected: String = (1..=40).map(|n| format!("line {n}\n")).collect();
    let actual = expected.replace("line 20\n", "line twenty\n");
    let diff = common::diff(&expected, &actual);
    assert!(
        diff.contains("-line 20\n") && diff.contains("+line twenty\n"),
        "{diff}"
    );
    assert!(
        diff.contains(" line 17\n") && !diff.contains("line 5\n"),
        "{diff}"
    );
    assert!(
        common::diff("a\n", "a").contains("No newline"),
        "a missing line feed shows"
    );
    if std::env::var_os("CHARSCOPE_BLESS").is_none() {
        let golden_file = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/char-e-acute.txt"),
        )
        .unwrap();
        let changed = golden_file.replacen("LATIN", "LATINO", 1);
        let failure = std::panic::catch_unwind(|| golden("char-e-acute.txt", &changed))
            .expect_err("a golden file that differs fails");
        let message = failure.downcast_ref::<String>().unwrap();
        assert!(
            message.contains("+") && message.contains("LATINO"),
            "{message}"
        );
        assert!(
            message.len() < golden_file.len(),
            "not two whole copies: {message}"
        );
    }
}
