//! The encodings beyond WHATWG from the command line.

use assert_cmd::Command;

fn charscope() -> Command {
    Command::cargo_bin("charscope").unwrap()
}

#[test]
fn decode_cp437_from_hex() {
    charscope()
        .args(["decode", "--from", "cp437", "--hex", "82"])
        .assert()
        .success()
        .stdout("é");
}

#[test]
fn encode_and_decode_ebcdic() {
    let out = charscope()
        .args(["--json", "encode", "--to", "ibm1047", "[Hi]"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // IBM1047 (z/OS): [ is AD, ] is BD, H is C8, i is 89.
    assert_eq!(v["hex"], "AD C8 89 BD");
    assert_eq!(v["encoding"], "IBM1047");
    charscope()
        .args(["decode", "--from", "cp1047", "--hex", "AD C8 89 BD"])
        .assert()
        .success()
        .stdout("[Hi]");
}

#[test]
fn true_us_ascii_names_bytes_above_7f() {
    let out = charscope()
        .args([
            "--json",
            "decode",
            "--from",
            "true-us-ascii",
            "--hex",
            "41 E9",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["encoding"], "true-US-ASCII");
    assert_eq!(v["malformed"][0]["offset"], 1);
    assert_eq!(v["malformed"][0]["kind"], "unmapped");
}

#[test]
fn dump_and_inspect_work_for_a_dos_code_page() {
    charscope()
        .args(["inspect", "--from", "cp850", "--hex", "9B"])
        .assert()
        .success()
        .stdout(predicates::str::contains("ø"));
    charscope()
        .args(["dump", "--from", "cp437", "--hex", "82 41"])
        .assert()
        .success()
        .stdout(predicates::str::contains("82 41"));
}

fn json_of(args: &[&str], env: Option<(&str, &str)>) -> (serde_json::Value, String) {
    let mut cmd = charscope();
    cmd.env_remove("CHARSCOPE_LABELS");
    if let Some((k, v)) = env {
        cmd.env(k, v);
    }
    let out = cmd.args(args).output().unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (v, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `encode --to ascii 'café €'` wrote E9 80 silently; now the WHATWG meaning is said, and the
/// iana mode makes ascii 7-bit.
#[test]
fn ascii_is_windows_1252_by_default_but_never_silently() {
    let (v, err) = json_of(&["--json", "encode", "--to", "ascii", "café €"], None);
    assert_eq!(v["encoding"], "windows-1252");
    assert_eq!(v["hex"], "63 61 66 E9 20 80");
    assert!(v["label_note"].as_str().unwrap().contains("windows-1252"));
    assert!(err.contains("charscope: note: the WHATWG label \"ascii\" means windows-1252"));

    let (v, err) = json_of(
        &[
            "--json",
            "--labels",
            "iana",
            "encode",
            "--to",
            "ascii",
            "café €",
        ],
        None,
    );
    assert_eq!(v["encoding"], "true-US-ASCII");
    assert_eq!(v["label_note"], serde_json::Value::Null);
    assert_eq!(v["unmappable"].as_array().unwrap().len(), 2);
    assert!(!err.contains("note:"));
}

#[test]
fn the_environment_variable_selects_iana_and_the_flag_wins() {
    let env = Some(("CHARSCOPE_LABELS", "iana"));
    let (v, _) = json_of(
        &["--json", "decode", "--from", "latin1", "--hex", "80"],
        env,
    );
    assert_eq!(v["encoding"], "true-ISO-8859-1");
    assert_eq!(v["text"], "\u{80}");
    let (v, _) = json_of(
        &[
            "--json", "--labels", "whatwg", "decode", "--from", "latin1", "--hex", "80",
        ],
        env,
    );
    assert_eq!(v["encoding"], "windows-1252");
    assert_eq!(v["text"], "€");
    // validate --from ascii of UTF-8 fails under iana.
    charscope()
        .env("CHARSCOPE_LABELS", "iana")
        .args(["validate", "--from", "ascii", "-"])
        .write_stdin(b"\xC3\xA9".to_vec())
        .assert()
        .code(1);
    charscope()
        .env("CHARSCOPE_LABELS", "klingon")
        .args(["decode", "--from", "utf-8", "--hex", "41"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("CHARSCOPE_LABELS"));
}

/// `decode --from true-iso-8859-1 --json` reported "ISO-8859-1", which as a label means
/// windows-1252; every name printed must read back.
#[test]
fn printed_names_read_back() {
    let (v, _) = json_of(
        &[
            "--json",
            "decode",
            "--from",
            "true-iso-8859-1",
            "--hex",
            "80",
        ],
        None,
    );
    let name = v["encoding"].as_str().unwrap().to_string();
    assert_eq!(name, "true-ISO-8859-1");
    let (back, _) = json_of(&["--json", "decode", "--from", &name, "--hex", "80"], None);
    assert_eq!(back["encoding"], name.as_str());
    assert_eq!(back["text"], "\u{80}");
}

#[test]
fn python_names_resolve_with_their_notes() {
    let (v, err) = json_of(
        &[
            "--json",
            "decode",
            "--from",
            "utf-8-sig",
            "--hex",
            "EF BB BF 41",
        ],
        None,
    );
    assert_eq!(v["encoding"], "UTF-8");
    assert_eq!(v["text"], "A");
    assert!(
        v["label_note"]
            .as_str()
            .unwrap()
            .contains("byte order mark")
    );
    assert!(err.contains("note:"));
    let (v, _) = json_of(
        &["--json", "decode", "--from", "latin_1", "--hex", "80"],
        None,
    );
    assert_eq!(v["encoding"], "true-ISO-8859-1");
}

#[test]
fn encodings_lists_the_iana_differences() {
    let (v, _) = json_of(&["--json", "encodings"], None);
    let list = v.as_array().unwrap();
    let ascii = list.iter().find(|e| e["name"] == "true-US-ASCII").unwrap();
    assert!(
        ascii["iana_labels"]
            .as_array()
            .unwrap()
            .contains(&"us-ascii".into())
    );
    assert!(
        ascii["aliases"]
            .as_array()
            .unwrap()
            .contains(&"csascii".into())
    );
    let cp1252 = list.iter().find(|e| e["name"] == "windows-1252").unwrap();
    assert_eq!(cp1252["iana_changes"].as_array().unwrap().len(), 14);
    charscope()
        .arg("encodings")
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "latin1           windows-1252 -> true-ISO-8859-1",
        ));
}

#[test]
fn stateful_encodings_from_the_command_line() {
    charscope()
        .args(["decode", "--from", "utf-7", "-"])
        .write_stdin("Hi Mom -+Jjo--!")
        .assert()
        .success()
        .stdout("Hi Mom -\u{263A}-!");
    // The WHATWG label still means the replacement encoding; the note names the real one.
    charscope()
        .args(["decode", "--from", "iso-2022-kr", "-"])
        .write_stdin(b"\x1B$)C\x0EGQ\x0F".to_vec())
        .assert()
        .stderr(predicates::str::contains("true-iso-2022-kr"));
    charscope()
        .args(["--labels", "iana", "decode", "--from", "iso-2022-kr", "-"])
        .write_stdin(b"\x1B$)C\x0EGQ\x0F".to_vec())
        .assert()
        .success()
        .stdout("한");
    let (v, _) = json_of(
        &[
            "--json",
            "decode",
            "--from",
            "cesu8",
            "--hex",
            "41 F0 9F 98 80",
        ],
        None,
    );
    assert_eq!(v["malformed"][0]["offset"], 1);
    assert_eq!(v["malformed"][0]["length"], 4);
}

#[test]
fn inspect_follows_the_label_mode() {
    let (v, err) = json_of(
        &["--json", "inspect", "--from", "latin1", "--hex", "80"],
        None,
    );
    assert_eq!(v["encoding"], "windows-1252");
    assert!(err.contains("note:"));
    let (v, _) = json_of(
        &[
            "--json", "--labels", "iana", "inspect", "--from", "latin1", "--hex", "80",
        ],
        None,
    );
    assert_eq!(v["encoding"], "true-ISO-8859-1");
}

#[test]
fn compare_reads_the_new_encodings() {
    let (v, _) = json_of(
        &[
            "--json",
            "compare",
            "--encodings",
            "cp437,ibm037,true-us-ascii",
            "--hex",
            "82 C1",
        ],
        None,
    );
    let text = |name: &str| {
        v["readings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["encoding"] == name)
            .unwrap()["text"]
            .clone()
    };
    assert_eq!(text("IBM437"), "é┴");
    assert_eq!(text("IBM037"), "bA");
    assert_eq!(text("true-US-ASCII"), "\u{FFFD}\u{FFFD}");
}

#[test]
fn encoders_that_shift_state_over_the_whole_text_read_standard_input_whole() {
    // UTF-7 and ISO-2022-KR cannot stream: encode reads the text whole where it streams the
    // others, and writes what the TEXT argument gives (before: an error that repeated the
    // command as the way out).
    for label in ["utf-7", "true-iso-2022-kr"] {
        let from_arg = charscope()
            .args(["encode", "--to", label, "x\u{20AC}"])
            .output()
            .unwrap();
        assert!(from_arg.status.success(), "{label}");
        charscope()
            .args(["encode", "--to", label])
            .write_stdin("x\u{20AC}")
            .assert()
            .success()
            .stdout(from_arg.stdout.clone());
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("in.txt");
        std::fs::write(&file, "x\u{20AC}").unwrap();
        charscope()
            .args(["encode", "--to", label, "--file"])
            .arg(&file)
            .assert()
            .success()
            .stdout(from_arg.stdout);
    }
    // convert cannot: it says what can.
    let out = charscope()
        .args(["convert", "-t", "utf-7"])
        .write_stdin("x")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`charscope encode --to UTF-7 --file FILE`"),
        "{err}"
    );
}
