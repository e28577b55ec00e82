//! One model: each command's `--json` and the matching web API call serialize the same library
//! value. The API may add only how it read the input box (`input_format`...) and which page of
//! units it sent; every other field must be equal.

use assert_cmd::Command;
use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::{Map, Value, json};
use tower::ServiceExt;

/// What the API adds about reading the input box.
const INPUT_FIELDS: &[&str] = &["input_format", "input_format_description", "input_warnings"];
/// What the inspect API adds about the page of units it sent.
const PAGE_FIELDS: &[&str] = &["units_total", "units_start", "units_next"];

fn cli(args: &[&str]) -> (Value, i32) {
    let output = Command::cargo_bin("charscope")
        .unwrap()
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    let value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: {e}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (value, output.status.code().unwrap())
}

async fn api(path: &str, body: Option<Value>) -> Value {
    let request = match body {
        None => Request::get(path)
            .header(header::HOST, "127.0.0.1:7878")
            .body(Body::empty()),
        Some(body) => Request::post(path)
            .header(header::HOST, "127.0.0.1:7878")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
    }
    .unwrap();
    let response = charscope_web::app().oneshot(request).await.unwrap();
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

/// `api` without the fields it may add; fails if it lacks one of them.
fn without(mut api: Value, extra: &[&str]) -> Value {
    let object: &mut Map<String, Value> = api.as_object_mut().unwrap();
    for field in extra {
        assert!(object.remove(*field).is_some(), "the API lacks {field}");
    }
    api
}

#[track_caller]
fn same(cli: &Value, api: &Value, what: &str) {
    assert!(
        cli == api,
        "{what}: CLI and API differ\n--- cli\n{cli:#}\n--- api\n{api:#}"
    );
}

#[tokio::test]
async fn encodings_and_examples_are_the_same_lists() {
    let (list, code) = cli(&["encodings"]);
    assert_eq!(code, 0);
    same(&list, &api("/api/encodings", None).await, "encodings");
    let sjis = list
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Shift_JIS")
        .unwrap();
    assert_eq!(
        (&sjis["can_encode"], &sjis["bom"]),
        (&json!(true), &Value::Null)
    );

    let (examples, code) = cli(&["examples"]);
    assert_eq!(code, 0);
    same(&examples, &api("/api/examples", None).await, "examples");
    let utf16be = examples
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "ascii-a-utf16be")
        .unwrap();
    assert_eq!(utf16be["load"]["encode_to"], "UTF-16BE");
    assert_eq!(utf16be["title"], "A in ASCII and in UTF-16BE");
}

#[tokio::test]
async fn encode_is_the_same_value_and_text_formats_write_the_text() {
    // The issue's case: the CLI wrote "&#233;&#8364;" (the substituted bytes read back), the
    // API "\u00E9\u20AC" (the text). Both now write the text.
    let (value, code) = cli(&[
        "encode",
        "--to",
        "shift_jis",
        "--errors",
        "html",
        "--format",
        "js",
        "é€",
    ]);
    assert_eq!(code, 0);
    let body = json!({"text": "é€", "encoding": "shift_jis", "errors": "html", "format": "js"});
    same(&value, &api("/api/encode", Some(body)).await, "encode js");
    assert_eq!(value["output"], r#""\u00E9\u20AC""#);
    assert_eq!(value["unmappable"][0]["position"], 1);

    for (text, to, format) in [
        ("café", "utf-16le", "c"),
        ("日本語", "euc-jp", "hex"),
        ("A", "utf-16be", "python"),
    ] {
        let (value, code) = cli(&["encode", "--to", to, "--format", format, text]);
        assert_eq!(code, 0);
        let body = json!({"text": text, "encoding": to, "errors": "strict", "format": format});
        same(&value, &api("/api/encode", Some(body)).await, text);
    }
}

#[tokio::test]
async fn strict_encode_refuses_in_json_as_in_text() {
    // Issue 12: `encode --to shift_jis --json 'café €'` printed bytes with € dropped.
    let (value, code) = cli(&["encode", "--to", "shift_jis", "--format", "hex", "café €"]);
    assert_eq!(code, 1);
    assert_eq!(value["refused"], true);
    assert_eq!((&value["hex"], &value["length"]), (&json!(""), &json!(0)));
    assert_eq!(value["output"], Value::Null);
    // Shift_JIS has neither é (the 4th character) nor € (the 6th).
    assert_eq!(value["unmappable"][0]["char"], "é");
    assert_eq!(value["unmappable"][0]["position"], 4);
    assert_eq!(value["unmappable"][1]["char"], "€");
    assert_eq!(value["unmappable"][1]["position"], 6);
    let body =
        json!({"text": "café €", "encoding": "shift_jis", "errors": "strict", "format": "hex"});
    same(&value, &api("/api/encode", Some(body)).await, "strict");
    let text = Command::cargo_bin("charscope")
        .unwrap()
        .args(["encode", "--to", "shift_jis", "café €"])
        .output()
        .unwrap();
    assert_eq!((text.status.code(), text.stdout.len()), (Some(1), 0));
}

#[tokio::test]
async fn compare_is_the_same_value() {
    let (value, code) = cli(&["compare", "--hex", "63 61 66 C3 A9 E2 82 AC"]);
    assert_eq!(code, 0);
    let api = api(
        "/api/compare",
        Some(json!({"input": "63 61 66 C3 A9 E2 82 AC", "mode": "hex"})),
    )
    .await;
    same(&value, &without(api, INPUT_FIELDS), "compare");
    assert_eq!(value["readings"][0]["text"], "café€");
}

#[tokio::test]
async fn inspect_is_the_same_report() {
    for (args, body) in [
        (
            vec![
                "inspect",
                "--from",
                "utf-16le",
                "--hex",
                "3D D8 00 DE 41 00",
            ],
            json!({"input": "3D D8 00 DE 41 00", "mode": "hex", "encoding": "utf-16le"}),
        ),
        (
            vec!["inspect", "--hex", "EF BB BF 63 61 66 C0 AF"],
            json!({"input": "EF BB BF 63 61 66 C0 AF", "mode": "hex"}),
        ),
        (
            vec!["inspect", "cafe\u{301} 😀"],
            json!({"input": "cafe\u{301} 😀", "mode": "text"}),
        ),
    ] {
        let (value, code) = cli(&args);
        assert_eq!(code, 0);
        let api = api("/api/inspect", Some(body)).await;
        same(
            &value,
            &without(without(api, INPUT_FIELDS), PAGE_FIELDS),
            &args.join(" "),
        );
    }
}

#[tokio::test]
async fn the_page_gets_the_byte_roles_dump_gives() {
    // UTF-16 3D D8 00 DE (U+1F600): lead, continuation, continuation, continuation, in the
    // dump and on the page alike.
    let (row, code) = cli(&["dump", "--from", "utf-16le", "--hex", "3D D8 00 DE"]);
    assert_eq!(code, 0);
    let roles = json!(["lead", "continuation", "continuation", "continuation"]);
    assert_eq!(row["cells"][0]["roles"], roles);
    let report = api(
        "/api/inspect",
        Some(json!({"input": "3D D8 00 DE", "mode": "hex", "encoding": "utf-16le"})),
    )
    .await;
    assert_eq!(report["units"][0]["roles"], roles);
    assert_eq!(report["units"][0]["code_point"], "U+1F600");
}

#[test]
fn bom_for_an_encoding_without_one_says_so() {
    let (value, code) = cli(&["encode", "--to", "shift_jis", "--bom", "A"]);
    assert_eq!(code, 0);
    assert_eq!(
        (&value["bom"], &value["hex"]),
        (&json!(false), &json!("41"))
    );
    assert!(
        value["bom_note"]
            .as_str()
            .unwrap()
            .contains("no byte order mark")
    );
    let text = Command::cargo_bin("charscope")
        .unwrap()
        .args(["encode", "--to", "shift_jis", "--bom", "A"])
        .output()
        .unwrap();
    assert_eq!(text.stdout, b"A");
    assert!(String::from_utf8_lossy(&text.stderr).contains("Shift_JIS has no byte order mark"));
}
