//! The charscope web page and its JSON API.
//!
//! [`app`] is an axum `Router` that serves one page (HTML, CSS and JavaScript embedded in the
//! binary: no CDN, nothing fetched at run time) and a JSON API returning the same report types
//! as the command line's `--json`. It is meant to be bound to loopback: requests whose `Host` is
//! not a loopback name are refused (a defence against DNS rebinding), every response carries a
//! strict Content-Security-Policy, request bodies are capped (413 with a JSON message), and bad
//! input is answered `{"error": "..."}` with a 4xx status, never a 500. [`serve`] cuts off a
//! connection that trickles its headers or sits idle, and takes only so many at once
//! ([`Limits`]); the work of each request is bounded ([`charscope::view::api`]).

#![forbid(unsafe_code)]

mod api;
pub mod assets;
mod error;
mod guard;
mod serve;

use axum::Router;
use axum::extract::DefaultBodyLimit;

pub use error::ApiError;
pub use serve::{Limits, serve_with};

/// The largest request body accepted: a paste of this size still answers quickly (the library's
/// endpoints read inputs of this size at most too).
pub const BODY_LIMIT: usize = charscope::view::api::MAX_INPUT_BYTES;

/// The whole application: the page, its assets and the JSON API, with the default [`Limits`].
pub fn app() -> Router {
    app_within(&Limits::default())
}

/// The whole application, keeping `limits`' body timeout.
pub fn app_within(limits: &Limits) -> Router {
    Router::new()
        .merge(assets::routes())
        .nest("/api", api::routes(limits.body_timeout))
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(guard::loopback_host_only))
        .layer(axum::middleware::from_fn(guard::security_headers))
}

/// Serves [`app`] on `listener` until Ctrl-C, within the default [`Limits`].
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    serve_with(listener, app(), Limits::default(), async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}
