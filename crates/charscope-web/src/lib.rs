//! The charscope web page and its JSON API.
//!
//! [`app`] is an axum `Router` that serves one page (HTML, CSS and JavaScript embedded in the
//! binary: no CDN, nothing fetched at run time) and a JSON API returning the same report types
//! as the command line's `--json`. It is meant to be bound to loopback: requests whose `Host` is
//! not a loopback name are refused (a defence against DNS rebinding), every response carries a
//! strict Content-Security-Policy, request bodies are capped (413 with a JSON message), and bad
//! input is answered `{"error": "..."}` with a 4xx status, never a 500.

#![forbid(unsafe_code)]

mod api;
pub mod assets;
mod error;
mod guard;
mod input;

use axum::Router;
use axum::extract::DefaultBodyLimit;

pub use error::ApiError;

/// The largest request body accepted: a paste of this size still answers quickly.
pub const BODY_LIMIT: usize = 8 * 1024 * 1024;

/// The whole application: the page, its assets and the JSON API.
pub fn app() -> Router {
    Router::new()
        .merge(assets::routes())
        .nest("/api", api::routes())
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(guard::loopback_host_only))
        .layer(axum::middleware::from_fn(guard::security_headers))
}

/// Serves [`app`] on `listener` until Ctrl-C.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, app())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
