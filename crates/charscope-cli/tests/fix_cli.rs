//! `charscope fix` as a user meets it, and the same JSON from the web API.

use assert_cmd::Command;
use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "xterm");
    cmd
}

fn stdout_of(args: &[&str]) -> String {
    let out = charscope().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_seed_examples_are_repaired() {
    // The seeds' examples: "ç" read as ISO-8859-1 ("Ã§"), "été", the curly apostrophe, and
    // "ç" broken twice.
    for (broken, fixed) in [
        ("Ã§", "ç"),
        ("Ã©tÃ©", "été"),
        ("â€™", "\u{2019}"),
        ("ÃƒÂ§", "ç"),
        ("aÃ§Ã£o", "ação"),
    ] {
        assert_eq!(
            stdout_of(&["fix", broken]),
            format!("{fixed}\n"),
            "{broken}"
        );
    }
}

#[test]
fn clean_text_and_empty_input_are_unchanged() {
    for clean in ["Ãngel", "São Paulo", "Привет, мир", "中文", "Â is a letter"] {
        assert_eq!(stdout_of(&["fix", clean]), format!("{clean}\n"));
    }
    let out = charscope()
        .args(["fix", "-"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn explain_shows_the_chain_on_stderr() {
    let out = charscope()
        .args(["fix", "--explain", "ÃƒÂ§"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "ç\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("encode windows-1252, decode UTF-8; then encode windows-1252, decode UTF-8"),
        "{err}"
    );
}

#[test]
fn stdin_and_files_stream_line_by_line() {
    let input = "caf\u{C3}\u{83}\u{C2}\u{A9}\nplain line\nS\u{C3}\u{A3}o Paulo\n";
    let out = charscope()
        .args(["fix"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "café\nplain line\nSão Paulo\n"
    );
    // `--file -` is standard input, as `-` is for every command.
    let out = charscope()
        .args(["fix", "--file", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "café\nplain line\nSão Paulo\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("in.txt");
    let dst = dir.path().join("out.txt");
    std::fs::write(&src, "Ã©tÃ©\nhiver\n").unwrap();
    let out = charscope()
        .args(["fix", "--file"])
        .arg(&src)
        .arg("-o")
        .arg(&dst)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&dst).unwrap(), "été\nhiver\n");
    // JSON Lines: one object per line, offsets counted from the start of the input.
    let out = charscope()
        .args(["--json", "fix", "--file"])
        .arg(&src)
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["text"], "été\n");
    assert_eq!(lines[0]["spans"][0]["offset"], 0);
    assert_eq!(lines[1]["changed"], false);
}

#[test]
fn invalid_utf8_is_an_exit_2_error_naming_the_offset() {
    let out = charscope()
        .args(["fix", "-"])
        .write_stdin(&b"fine\nbad \xff here\n"[..])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("byte offset 9"), "{err}");
    assert!(err.contains("charscope decode"), "{err}");
}

#[tokio::test]
async fn fix_json_and_the_api_give_the_same_value() {
    for text in [
        "ÃƒÂ§",
        "Le Schtroumpf Docteur conseille g√¢teaux",
        "Ãngel",
        "Ð¿Ñ€Ð¸Ð²ÐµÑ‚",
    ] {
        let out = charscope().args(["--json", "fix", text]).output().unwrap();
        let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
        let request = Request::post("/api/fix")
            .header(header::HOST, "127.0.0.1")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                json!({"input": text, "mode": "text"}).to_string(),
            ))
            .unwrap();
        let response = charscope_web::app().oneshot(request).await.unwrap();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let api: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(cli, api, "{text}");
    }
}

#[test]
fn decode_with_a_single_byte_label_says_when_the_bytes_are_utf8() {
    let out = charscope()
        .args(["decode", "--from", "windows-1252"])
        .write_stdin("descri\u{e7}\u{e3}o\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "descri\u{c3}\u{a7}\u{c3}\u{a3}o\n"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("these bytes are valid UTF-8; read as windows-1252 they look like mojibake (\u{c3}\u{a7} for \u{e7})"),
        "{err}"
    );
    // Bytes that are not UTF-8 get no such note.
    let out = charscope()
        .args(["decode", "--from", "windows-1252"])
        .write_stdin(&b"descri\xe7\xe3o\n"[..])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stderr).unwrap().is_empty());
}

/// A file of many lines is repaired in batches on two threads; what it writes is what the
/// line-by-line path (`--explain`) writes, in text and in JSON.
#[test]
fn batches_on_two_threads_write_what_line_by_line_writes() {
    let lines = [
        "O cora\u{c3}\u{a7}\u{c3}\u{a3}o n\u{c3}\u{a3}o mente.\n",
        "plain ASCII line\n",
        "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}, \u{43c}\u{438}\u{440}!\n",
        "\u{c3}\u{a9}t\u{c3}\u{a9} \u{e2}\u{20ac}\u{2122} ok\n",
        "\u{65e5}\u{672c}\u{8a9e}\u{306e}\u{30c6}\u{30ad}\u{30b9}\u{30c8}\n",
    ];
    // Past the reader's 256 KiB buffer (several batches), mostly ASCII lines to keep it quick.
    let mut text = String::new();
    let mut k = 0;
    while text.len() < 300_000 {
        if k % 16 == 0 {
            text.push_str(lines[(k / 16) % lines.len()]);
        } else {
            text.push_str("an ASCII line between the others, as in most files\n");
        }
        k += 1;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    for json in [false, true] {
        let mut args = vec!["fix", "--file", path];
        if json {
            args.insert(0, "--json");
        }
        let batched = charscope().args(&args).output().unwrap();
        args.push("--explain");
        let one_by_one = charscope().args(&args).output().unwrap();
        assert!(batched.status.success());
        assert!(
            batched.stdout == one_by_one.stdout,
            "json {json}: the outputs differ"
        );
    }
}

/// Lines are taken from the reader's buffer many at a time: invalid UTF-8 past the first
/// buffer still names its offset, with every line before it written first.
#[test]
fn invalid_utf8_past_the_first_buffer_names_its_offset_after_the_lines_before() {
    // "café" broken (UTF-8 read as windows-1252) on each line.
    let line = "caf\u{C3}\u{A9} and a plain line\n";
    let mut input = Vec::new();
    while input.len() < 600_000 {
        input.extend_from_slice(line.as_bytes());
    }
    let bad_at = input.len() + 4;
    input.extend_from_slice(b"bad \xff here\nafter\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, &input).unwrap();
    let out = charscope()
        .args(["fix", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(&format!("byte offset {bad_at}")), "{err}");
    let written = String::from_utf8(out.stdout).unwrap();
    assert_eq!(written.lines().count(), (bad_at - 4) / line.len());
    assert!(written.lines().all(|l| l == "café and a plain line"));
}
