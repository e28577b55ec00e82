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
