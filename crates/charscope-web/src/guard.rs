//! Middleware: loopback-only Host, and the security headers of every response.

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The Content-Security-Policy of every response: only the page's own files, no inline code.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Refuses requests whose Host header is not a loopback name, so that a web page elsewhere
/// cannot reach the server through DNS rebinding.
pub async fn loopback_host_only(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let name = host.rsplit_once(':').map_or(host, |(name, port)| {
        if port.chars().all(|c| c.is_ascii_digit()) {
            name
        } else {
            host
        }
    });
    let loopback = matches!(name, "" | "localhost" | "[::1]") || name.starts_with("127.");
    if !loopback {
        return crate::ApiError {
            status: StatusCode::FORBIDDEN,
            message: format!("charscope serves loopback only; Host {host:?} refused"),
        }
        .into_response();
    }
    next.run(request).await
}

/// Adds the Content-Security-Policy and related headers.
pub async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}
