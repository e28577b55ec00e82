//! `charscope detect` from the outside, and the page's `POST /api/detect` giving the same JSON.

use assert_cmd::Command;
use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

fn detect_json(args: &[&str]) -> Value {
    let out = Command::cargo_bin("charscope")
        .unwrap()
        .arg("--json")
        .arg("detect")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

async fn api_detect(body: Value) -> Value {
    let request = Request::post("/api/detect")
        .header(header::HOST, "127.0.0.1:7878")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = charscope_web::app().oneshot(request).await.unwrap();
    assert!(response.status().is_success());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn cli_and_api_give_the_same_json() {
    for hex in [
        "C0 AF E0 80 BF F0 81 82 41",
        "4F 6C E1 2C 20 63 6F 72 61 E7 E3 6F 20 65 20 69 6E 66 6F 72 6D 61 E7 E3 6F",
        "D6 D0 CE C4 B1 E0 C2 EB CA C7 D2 BB D6 D6 B1 E0 C2 EB",
        "68 00 69 00 21 00 0A 00",
        "89 50 4E 47 0D 0A 1A 0A 00 00 00 0D",
        "",
        "63 61 66 C3 A9",
    ] {
        let mut cli = detect_json(&["--hex", hex]);
        assert_eq!(cli["file"], "<hex>");
        cli["file"] = Value::Null;
        let api = api_detect(json!({"input": hex, "mode": "hex", "encoding": "auto"})).await;
        assert_eq!(cli, api, "{hex}");
    }
    let mut cli = detect_json(&["--declared", "koi8-r", "--hex", "E9 EC E0"]);
    cli["file"] = Value::Null;
    let api = api_detect(json!({"input": "E9 EC E0", "mode": "hex", "encoding": "koi8-r"})).await;
    assert_eq!(cli, api);
}

#[test]
fn the_seed_example_in_auto_mode() {
    let d = detect_json(&["--hex", "C0 AF E0 80 BF F0 81 82 41"]);
    assert_eq!(d["encoding"], "UTF-8");
    let out = Command::cargo_bin("charscope")
        .unwrap()
        .args([
            "--json",
            "decode",
            "--from",
            "auto",
            "--hex",
            "C0 AF E0 80 BF F0 81 82 41",
        ])
        .assert()
        // Decoded, but the input had malformed sequences: exit 1.
        .code(1)
        .get_output()
        .clone();
    let decoded: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(decoded["text"], "\u{FFFD}".repeat(8) + "A");
    assert_eq!(decoded["malformed"].as_array().unwrap().len(), 8);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--from auto: UTF-8"));
}

#[test]
fn empty_png_and_noise_are_said_so_with_exit_0() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::write(&empty, b"").unwrap();
    let png = dir.path().join("x.png");
    std::fs::write(&png, b"\x89PNG\r\n\x1A\n\x00\x00\x00\x0DIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00").unwrap();
    let noise = dir.path().join("noise");
    let mut x: u32 = 2_463_534_242;
    let bytes: Vec<u8> = (0..10_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect();
    std::fs::write(&noise, bytes).unwrap();
    let out = Command::cargo_bin("charscope")
        .unwrap()
        .arg("--json")
        .arg("detect")
        .args([&empty, &png, &noise])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let methods: Vec<&str> = lines
        .iter()
        .map(|d| d["method"].as_str().unwrap())
        .collect();
    assert_eq!(methods, ["empty", "binary", "binary"]);
    for d in &lines {
        assert!(d["encoding"].is_null());
        assert!(!d["reasons"].as_array().unwrap().is_empty());
    }
    assert!(lines[1]["reasons"][0].as_str().unwrap().contains("PNG"));
}

#[test]
fn utf8_then_windows_1252_gives_two_segments() {
    let mut bytes = "Première partie, écrite en UTF-8.\nDeuxième ligne, déjà là.\n"
        .as_bytes()
        .to_vec();
    let split = bytes.len();
    bytes.extend_from_slice(
        b"Troisi\xE8me partie, \xE9crite en windows-1252 : \xE0 bient\xF4t, gar\xE7on.\n",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.txt");
    std::fs::write(&path, &bytes).unwrap();
    let d = detect_json(&[path.to_str().unwrap()]);
    assert_eq!(d["method"], "segments");
    assert_eq!(
        d["segments"],
        json!([
            {"offset": 0, "length": split, "encoding": "UTF-8"},
            {"offset": split, "length": bytes.len() - split, "encoding": "windows-1252"}
        ])
    );
}

#[test]
fn html_declaration_disagreeing_with_the_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("page.html");
    std::fs::write(
        &path,
        b"<html><head><meta charset=\"utf-8\"></head><body>Ol\xE1, a informa\xE7\xE3o est\xE1 aqui.</body></html>",
    )
    .unwrap();
    let d = detect_json(&[path.to_str().unwrap()]);
    assert_eq!(d["encoding"], "windows-1252");
    assert_eq!(d["declared"]["offset"], 27);
    assert_eq!(d["declared"]["agrees"], false);
    // Its name reads back through --from.
    Command::cargo_bin("charscope")
        .unwrap()
        .args(["decode", "--from", d["encoding"].as_str().unwrap()])
        .arg(&path)
        .assert()
        .success();
}

/// A small file (read whole), a large one (read in chunks) and standard input give one answer
/// for the same bytes.
#[test]
fn small_and_large_files_and_stdin_agree() {
    let dir = tempfile::tempdir().unwrap();
    let line = b"Ol\xe1, cora\xe7\xe3o! Tr\xeas p\xe3es e uma ma\xe7\xe3.\n";
    for copies in [1, 300 * 1024 / line.len()] {
        let bytes = line.repeat(copies);
        let path = dir.path().join("pt.txt");
        std::fs::write(&path, &bytes).unwrap();
        let mut from_file = detect_json(&[path.to_str().unwrap()]);
        let out = Command::cargo_bin("charscope")
            .unwrap()
            .args(["--json", "detect", "-"])
            .write_stdin(bytes)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let mut from_stdin: Value = serde_json::from_slice(&out).unwrap();
        from_file["file"] = Value::Null;
        from_stdin["file"] = Value::Null;
        assert_eq!(from_file, from_stdin, "{copies} copies");
        assert_eq!(from_file["encoding"], "windows-1252", "{copies} copies");
    }
}

/// Many inputs are detected on every core, and the answers come in the order given.
#[test]
fn many_files_are_answered_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let texts: [&[u8]; 3] = [
        b"plain ASCII\n",
        "Привет, мир".as_bytes(),
        b"Ol\xe1, cora\xe7\xe3o! Tr\xeas p\xe3es.\n",
    ];
    let mut names = Vec::new();
    for k in 0..150 {
        let path = dir.path().join(format!("f{k:03}.txt"));
        std::fs::write(&path, texts[k % 3]).unwrap();
        names.push(path.to_str().unwrap().to_string());
    }
    let out = Command::cargo_bin("charscope")
        .unwrap()
        .args(["--json", "detect"])
        .args(&names)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answers: Vec<Value> = serde_json::Deserializer::from_slice(&out)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(answers.len(), names.len());
    for (k, (answer, name)) in answers.iter().zip(&names).enumerate() {
        assert_eq!(answer["file"], name.as_str());
        let want = ["UTF-8", "UTF-8", "windows-1252"][k % 3];
        assert_eq!(answer["encoding"], want, "{name}");
    }
}
