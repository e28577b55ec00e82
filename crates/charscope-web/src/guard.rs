//! Middleware: loopback-only Host, same-origin API calls, and the security headers of every
//! response.
//!
//! DNS rebinding works by pointing a name the attacker owns at 127.0.0.1: the browser then sends
//! `Host: attacker.example` to this server. So the Host must be a loopback host written
//! literally (an IP literal in 127.0.0.0/8, `localhost` or `[::1]`, each with an optional port),
//! never a name that merely starts like one (`127.0.0.1.evil.example`, `localhost.evil`).
//! A cross-site form or `fetch` carries an `Origin` that is not the page's own: API requests
//! with such an Origin are refused. A request with two Host headers is refused (400), and so is
//! one whose target is an absolute URL naming another host, whatever its Host header says.

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{Ipv4Addr, Ipv6Addr};

/// The Content-Security-Policy of every response: only the page's own files, no inline code.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Whether a port, as written after the colon of a Host, is one: 1 to 5 digits, at most 65535.
fn is_port(port: &str) -> bool {
    !port.is_empty()
        && port.len() <= 5
        && port.bytes().all(|b| b.is_ascii_digit())
        && port.parse::<u32>().is_ok_and(|p| p <= 65535)
}

/// Whether a Host header names this machine's loopback literally: `127.x.y.z` (dotted decimal,
/// as a URL writes it after a browser has canonicalised it), `localhost` (any letter case) or
/// `[::1]`, each optionally followed by `:PORT`. Anything else, including names that only start
/// like these and trailing dots, is refused.
pub fn is_loopback_host(host: &str) -> bool {
    if let Some(rest) = host.strip_prefix('[') {
        let Some((address, after)) = rest.split_once(']') else {
            return false;
        };
        let port_ok = after.is_empty() || after.strip_prefix(':').is_some_and(is_port);
        return port_ok && address.parse::<Ipv6Addr>().is_ok_and(|a| a.is_loopback());
    }
    let name = match host.split_once(':') {
        Some((name, port)) if is_port(port) => name,
        Some(_) => return false,
        None => host,
    };
    name.eq_ignore_ascii_case("localhost")
        || (name.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && name.parse::<Ipv4Addr>().is_ok_and(|a| a.is_loopback()))
}

/// The hosts the request names: its Host header, and the authority of its target when the
/// target is in absolute form (`GET http://127.0.0.1/ HTTP/1.1`). Both must be loopback hosts:
/// a proxy-style request for `http://evil.example/` is refused whatever its Host says.
fn request_hosts(request: &Request) -> impl Iterator<Item = &str> {
    let host = request
        .headers()
        .get(header::HOST)
        .map(|value| value.to_str().unwrap_or(""));
    let target = request.uri().authority().map(|a| a.as_str());
    let named = host.or(target).unwrap_or("");
    std::iter::once(named).chain(target)
}

fn forbidden(message: String) -> Response {
    crate::ApiError {
        status: StatusCode::FORBIDDEN,
        message,
    }
    .into_response()
}

/// Refuses requests whose Host is not a literal loopback host (see [`is_loopback_host`]), so
/// that a web page elsewhere cannot reach the server through DNS rebinding; and API requests
/// whose `Origin` is present and is not the page's own (`http://` and the Host), so that another
/// site's form or script cannot use the API.
pub async fn loopback_host_only(request: Request, next: Next) -> Response {
    if request
        .headers()
        .get_all(header::HOST)
        .iter()
        .nth(1)
        .is_some()
    {
        return crate::ApiError::bad_request(
            "a request has one Host header; this one has several, and is refused",
        )
        .into_response();
    }
    if let Some(host) = request_hosts(&request).find(|h| !is_loopback_host(h)) {
        return forbidden(format!(
            "charscope serves loopback only; Host {host:?} refused"
        ));
    }
    let host = request_hosts(&request).next().unwrap_or("");
    let origin = request.headers().get(header::ORIGIN);
    if let (true, Some(origin)) = (request.uri().path().starts_with("/api"), origin) {
        let own = format!("http://{host}");
        if !origin.to_str().is_ok_and(|o| o.eq_ignore_ascii_case(&own)) {
            return forbidden(format!(
                "charscope answers its own page only; Origin {:?} refused",
                String::from_utf8_lossy(origin.as_bytes())
            ));
        }
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
    headers.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    headers.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::is_loopback_host;

    #[test]
    fn literal_loopback_hosts_only() {
        for host in [
            "127.0.0.1",
            "127.0.0.1:7878",
            "127.1.2.3:80",
            "127.255.255.254",
            "localhost",
            "localhost:65535",
            "LocalHost:1",
            "[::1]",
            "[::1]:7878",
            "[0:0:0:0:0:0:0:1]:7878",
        ] {
            assert!(is_loopback_host(host), "{host} should pass");
        }
        for host in [
            "",
            "127.evil.example",
            "127.0.0.1.evil.example",
            "127.0.0.1.evil.example:7878",
            "127.attacker.test:7878",
            "localhost.evil",
            "localhost.evil:7878",
            "evil.localhost",
            "0x7f.1",
            "0x7f000001",
            "2130706433",
            "0177.0.0.1",
            "127.1",
            "127.0.0.1.",
            "127.0.0.1.:7878",
            "localhost.",
            "localhost.:7878",
            "127.0.0.1:",
            "127.0.0.1:99999",
            "127.0.0.1:80:80",
            "127.0.0.1:+80",
            "[::1",
            "[::1]x",
            "[::1]:",
            "[::2]",
            "[::ffff:127.0.0.1]",
            "::1",
            "10.0.0.1",
            "0.0.0.0",
            "128.0.0.1",
            "evil.example",
            "EVIL.EXAMPLE:7878",
            "localhost@evil.example",
            "127.0.0.1 ",
        ] {
            assert!(!is_loopback_host(host), "{host} should be refused");
        }
    }
}
