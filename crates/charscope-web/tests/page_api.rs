//! What the page asks of the API for issue 13: small answers for large pastes, the controls the
//! warnings speak of, and wordings sent rather than re-derived.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use charscope::dump::DumpFormat;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn post(path: &str, body: Value) -> (StatusCode, Vec<u8>) {
    let request = Request::post(path)
        .header(header::HOST, "127.0.0.1:7878")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = charscope_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, bytes.to_vec())
}

async fn post_ok(path: &str, body: Value) -> Value {
    let (status, bytes) = post(path, body).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&bytes)
    );
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn a_1_mib_paste_answers_under_1_mb() {
    let line = "Hello, café 日本語 😀 naïve e\u{301} text; ";
    let text = line.repeat((1 << 20) / line.len() + 1);
    for mode in ["text", "auto"] {
        let (status, bytes) = post("/api/inspect", json!({"input": text, "mode": mode})).await;
        assert_eq!(status, StatusCode::OK);
        assert!(bytes.len() < 1_000_000, "{mode}: {} bytes", bytes.len());
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            (v["text_cut"].as_bool(), v["hex_cut"].as_bool()),
            (Some(true), Some(true))
        );
        assert_eq!(v["text"].as_str().unwrap().chars().count(), 5000);
        assert_eq!(v["byte_length"], text.len());
        assert_eq!(v["normalization"]["is"]["nfc"], false);
        assert!(
            v["normalization"]["hex_if_changed"]["nfc"]
                .as_str()
                .unwrap()
                .len()
                < 200
        );
    }
}

#[tokio::test]
async fn text_starting_with_u_feff_has_its_mark_read() {
    let v = post_ok(
        "/api/inspect",
        json!({"input": "\u{FEFF}hi", "mode": "text"}),
    )
    .await;
    assert_eq!(v["kind"], "text");
    assert_eq!(v["bom_readings"]["whatwg"]["encoding"], "UTF-8");
    assert_eq!(v["bom_readings"]["unicode"]["len"], 3);
    assert_eq!(v["units"][0]["code_point"], "U+FEFF");
}

#[tokio::test]
async fn the_word_order_and_format_the_warnings_name_are_controls() {
    // hexdump's default output: 16-bit words, little-endian unless told.
    let dump = "0000000 6548 6c6c 006f\n0000006\n";
    let little = post_ok("/api/inspect", json!({"input": dump, "mode": "hex"})).await;
    // od -x and hexdump write this alike.
    assert!(["od", "hexdump-words"].contains(&little["input_format"].as_str().unwrap()));
    assert_eq!(little["text"], "Hello\u{0}");
    let warning = little["input_warnings"][0].as_str().unwrap();
    assert!(warning.contains("word order big"), "{warning}");
    let big = post_ok(
        "/api/inspect",
        json!({"input": dump, "mode": "hex", "word_order": "big"}),
    )
    .await;
    assert_eq!(big["hex"], "65 48 6C 6C 00 6F");
    assert!(big["input_warnings"].as_array().unwrap().is_empty());
    let forced = post_ok(
        "/api/inspect",
        json!({"input": "12 34", "mode": "hex", "format": "hex"}),
    )
    .await;
    assert_eq!(forced["hex"], "12 34");
    let (status, body) = post(
        "/api/inspect",
        json!({"input": "12", "mode": "hex", "word_order": "middle"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(String::from_utf8_lossy(&body).contains("auto, little, big"));
}

#[tokio::test]
async fn auto_mode_reads_numbers_as_text_and_says_where_near_hex_fails() {
    for input in ["2024-01-01", "12 34"] {
        let v = post_ok("/api/inspect", json!({"input": input})).await;
        assert_eq!(v["input_format"], "text", "{input}");
        assert!(
            v["input_warnings"][0]
                .as_str()
                .unwrap()
                .contains("hex dump")
        );
    }
    let v = post_ok("/api/inspect", json!({"input": "C3 A9 C3 A"})).await;
    assert_eq!(v["input_format"], "text");
    let warning = v["input_warnings"][0].as_str().unwrap();
    assert!(
        warning.starts_with("This looks like hex, but line 1, column 10"),
        "{warning}"
    );
    let v = post_ok("/api/inspect", json!({"input": "C3 A9 41"})).await;
    assert_eq!(v["input_format"], "hex");
}

#[tokio::test]
async fn the_page_lists_every_dump_format_the_library_reads() {
    let request = Request::get("/")
        .header(header::HOST, "127.0.0.1:7878")
        .body(Body::empty())
        .unwrap();
    let response = charscope_web::app().oneshot(request).await.unwrap();
    let html = response.into_body().collect().await.unwrap().to_bytes();
    let html = String::from_utf8_lossy(&html);
    for format in DumpFormat::ALL {
        let option = format!(
            "<option value=\"{}\">{}: {}</option>",
            format.name(),
            format.name(),
            format.description()
        );
        assert!(html.contains(&option), "{option}");
    }
    assert_eq!(
        html.matches("<option value=").count(),
        DumpFormat::ALL.len() + 1 + 3 + 1,
        "the dump formats, auto, the word orders and the encoding picker's auto"
    );
}

#[tokio::test]
async fn encode_takes_an_errors_policy_and_writes_c_arrays() {
    let v = post_ok(
        "/api/encode",
        json!({"text": "日本", "encoding": "shift_jis", "format": "c-array"}),
    )
    .await;
    assert_eq!(v["output"], "{0x93, 0xFA, 0x96, 0x7B}");
    let v = post_ok(
        "/api/encode",
        json!({"text": "a€", "encoding": "iso-8859-2", "errors": "replace"}),
    )
    .await;
    assert_eq!(v["hex"], "61 3F");
    assert_eq!(v["unmappable"][0]["position"], 2);
    let (status, _) = post(
        "/api/encode",
        json!({"text": "a", "encoding": "utf-8", "errors": "ignore"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
