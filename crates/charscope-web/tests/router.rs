//! Every endpoint through `tower::ServiceExt::oneshot`, with good and bad input.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn send(request: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let response = charscope_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, headers, body)
}

fn get(path: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, "127.0.0.1:7878")
        .body(Body::empty())
        .unwrap()
}

fn post_json(path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header(header::HOST, "localhost:7878")
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap()
}

fn json_body(body: &[u8]) -> Value {
    serde_json::from_slice(body)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(body)))
}

#[tokio::test]
async fn the_page_and_its_assets_carry_a_strict_csp() {
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
    ] {
        let (status, headers, body) = send(get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with(kind),
            "{path}"
        );
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(
            csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
            "{csp}"
        );
        assert!(!csp.contains("unsafe-inline"));
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(!body.is_empty());
    }
}

#[tokio::test]
async fn the_page_loads_nothing_from_elsewhere() {
    let (_, _, body) = send(get("/")).await;
    let html = String::from_utf8(body).unwrap();
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "{html}"
    );
    assert!(
        !html.contains("<script>"),
        "no inline script: the CSP forbids it"
    );
}

#[tokio::test]
async fn encodings_lists_the_registry() {
    let (status, _, body) = send(get("/api/encodings")).await;
    assert_eq!(status, StatusCode::OK);
    let list = json_body(&body);
    assert_eq!(list.as_array().unwrap().len(), 43);
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "Shift_JIS")
    );
}

#[tokio::test]
async fn encode_good_and_bad() {
    let (status, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "é€", "encoding": "utf-8"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json_body(&body)["hex"], "C3 A9 E2 82 AC");
    let (_, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "é€", "encoding": "shift_jis"}).to_string(),
    ))
    .await;
    let v = json_body(&body);
    assert_eq!(v["unmappable"].as_array().unwrap().len(), 2);
    let (status, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "x", "encoding": "utf-9"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("utf-8")
    );
    let (status, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "x", "encoding": "replacement"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(json_body(&body)["error"].is_string());
}

#[tokio::test]
async fn malformed_json_unknown_fields_and_wrong_types_are_4xx_with_a_message() {
    for body in [
        "{not json",
        r#"{"text": 5, "encoding": "utf-8"}"#,
        r#"{"text": "a", "encoding": "utf-8", "extra": 1}"#,
        "",
    ] {
        let (status, _, response) = send(post_json("/api/encode", body)).await;
        assert!(status.is_client_error(), "{body:?} gave {status}");
        assert!(
            json_body(&response)["error"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{body:?}"
        );
    }
}

#[tokio::test]
async fn oversized_bodies_get_413_with_a_clear_message() {
    let big =
        json!({"text": "a".repeat(charscope_web::BODY_LIMIT + 1), "encoding": "utf-8"}).to_string();
    let (status, _, body) = send(post_json("/api/encode", big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("too large")
    );
}

#[tokio::test]
async fn unknown_endpoints_are_404_json() {
    let (status, _, body) = send(get("/api/nothing")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("/api/nothing")
    );
    let (status, _, _) = send(get("/nothing")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn foreign_host_headers_are_refused() {
    let request = Request::get("/api/encodings")
        .header(header::HOST, "evil.example:7878")
        .body(Body::empty())
        .unwrap();
    let (status, _, body) = send(request).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("loopback")
    );
    for host in ["127.0.0.1", "localhost:1", "[::1]:7878", "127.1.2.3:80"] {
        let request = Request::get("/api/encodings")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(request).await.0, StatusCode::OK, "{host}");
    }
}
