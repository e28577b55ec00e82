//! The page: real files in `front-end/`, embedded in the binary at build time.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

const INDEX_HTML: &str = include_str!("../front-end/index.html");
const APP_JS: &str = include_str!("../front-end/app.js");
const APP_CSS: &str = include_str!("../front-end/app.css");

fn file(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `/`, `/app.js` and `/app.css`.
pub fn routes() -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { file("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { file("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/app.css",
            get(|| async { file("text/css; charset=utf-8", APP_CSS) }),
        )
}
