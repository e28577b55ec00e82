//! The DNS-rebinding guard and the same-origin rule, through the whole router: every way of
//! writing a Host that only looks like loopback is refused, and so is an API request whose
//! Origin is another site's.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

async fn send(request: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Value) {
    let response = charscope_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let json = serde_json::from_slice(&body).unwrap_or(Value::Null);
    (status, headers, json)
}

fn get_with_host(path: &str, host: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, host)
        .body(Body::empty())
        .unwrap()
}

fn post_inspect(host: &str, origin: Option<&str>) -> Request<Body> {
    let mut request = Request::post("/api/inspect")
        .header(header::HOST, host)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(origin) = origin {
        request = request.header(header::ORIGIN, origin);
    }
    request
        .body(Body::from(r#"{"input":"C3 A9","mode":"hex"}"#))
        .unwrap()
}

/// Hosts a rebinding attack can make a browser send (the attacker's name resolves to
/// 127.0.0.1), and other non-literal forms.
const BYPASSES: &[&str] = &[
    "127.evil.example",
    "127.evil.example:7878",
    "127.0.0.1.evil.example",
    "127.0.0.1.evil.example:7878",
    "127.attacker.test:7878",
    "127.0.0.1.nip.io",
    "localhost.evil",
    "localhost.evil:7878",
    "sub.localhost.evil.example",
    "0x7f.1",
    "0x7f.0.0.1:7878",
    "0177.0.0.1",
    "2130706433",
    "127.1",
    "127.0.0.1.",
    "127.0.0.1.:7878",
    "localhost.",
    "LOCALHOST.EVIL",
    "127.0.0.1.EVIL.EXAMPLE",
    "127.0.0.1:7878.evil.example",
    "127.0.0.1:",
    "127.0.0.1:0x50",
    "[::1].evil.example",
    "[::ffff:7f00:1]",
    "evil.example",
    "",
];

#[tokio::test]
async fn every_rebinding_host_is_refused_on_the_page_and_the_api() {
    for host in BYPASSES {
        for path in ["/", "/app.js", "/api/encodings"] {
            let (status, headers, json) = send(get_with_host(path, host)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "Host {host:?} on {path}");
            assert!(
                json["error"].as_str().unwrap().contains("loopback only"),
                "{host}: {json}"
            );
            assert!(headers.contains_key(header::CONTENT_SECURITY_POLICY));
        }
        let (status, _, _) = send(post_inspect(host, None)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "POST with Host {host:?}");
    }
}

#[tokio::test]
async fn literal_loopback_hosts_are_served() {
    for host in [
        "127.0.0.1",
        "127.0.0.1:7878",
        "127.1.2.3:80",
        "localhost",
        "localhost:7878",
        "LOCALHOST:7878",
        "[::1]",
        "[::1]:7878",
    ] {
        let (status, _, _) = send(get_with_host("/api/encodings", host)).await;
        assert_eq!(status, StatusCode::OK, "Host {host:?}");
    }
}

#[tokio::test]
async fn a_request_without_any_host_is_refused() {
    let request = Request::get("/api/encodings").body(Body::empty()).unwrap();
    assert_eq!(send(request).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn api_requests_from_another_origin_are_refused() {
    for origin in [
        "http://evil.example",
        "https://127.0.0.1:7878",
        "http://127.0.0.1:7879",
        "http://localhost:7878",
        "http://127.0.0.1:7878.evil.example",
        "null",
    ] {
        let (status, _, json) = send(post_inspect("127.0.0.1:7878", Some(origin))).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "Origin {origin}");
        assert!(json["error"].as_str().unwrap().contains("Origin"), "{json}");
    }
    // The page's own origin, and no Origin at all (a same-origin GET, curl), are served.
    for origin in [Some("http://127.0.0.1:7878"), None] {
        let (status, _, json) = send(post_inspect("127.0.0.1:7878", origin)).await;
        assert_eq!(status, StatusCode::OK, "Origin {origin:?}: {json}");
        assert_eq!(json["text"], "é");
    }
    let (status, _, _) = send(post_inspect("localhost:9", Some("http://localhost:9"))).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn every_response_isolates_itself_from_other_origins() {
    for path in ["/", "/app.js", "/api/encodings", "/api/nowhere"] {
        let (_, headers, _) = send(get_with_host(path, "127.0.0.1:7878")).await;
        assert_eq!(
            headers["cross-origin-resource-policy"], "same-origin",
            "{path}"
        );
        assert_eq!(
            headers["cross-origin-opener-policy"], "same-origin",
            "{path}"
        );
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
    }
}
