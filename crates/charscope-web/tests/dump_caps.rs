//! A dump of a few lines can stand for gigabytes (`*` repeats a line up to the next offset):
//! every endpoint that reads a dump answers one that stands for more than a request may hold
//! with a 413 that says so, at once, before any of its bytes are made.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::HOST, "localhost:7878")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = charscope_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// `hexdump -C` of `len` zero bytes: three lines.
fn zeros(len: u64) -> String {
    format!(
        "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n{len:08x}\n"
    )
}

#[tokio::test]
async fn a_dump_that_stands_for_a_gibibyte_is_413_at_once() {
    let started = std::time::Instant::now();
    for path in [
        "/api/inspect",
        "/api/compare",
        "/api/scan",
        "/api/fix",
        "/api/detect",
    ] {
        for mode in ["hex", "auto"] {
            let (status, body) = post(path, json!({"input": zeros(1 << 30), "mode": mode})).await;
            assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path} {mode}");
            let message = body["error"].as_str().unwrap();
            assert!(
                message.contains("line 3, column 1: the dump stands for 1073741824 bytes"),
                "{path}: {message}"
            );
        }
    }
    // (Each answer is made without the gibibyte: well under a second for all of them.)
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[tokio::test]
async fn a_dump_within_the_cap_is_read_as_before() {
    let (status, body) = post(
        "/api/inspect",
        json!({"input": zeros(1 << 20), "mode": "hex", "limit": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", body["error"]);
    assert_eq!(body["byte_length"], 1 << 20);
}
