//! The page: real files in `front-end/`, embedded in the binary at build time.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

const INDEX_HTML: &str = include_str!("../front-end/index.html");
const APP_JS: &str = include_str!("../front-end/app.js");
const APP_CSS: &str = include_str!("../front-end/app.css");

/// The panels' scripts (`front-end/panels/NAME.js`, served as `/panels/NAME.js`): each registers
/// itself in `window.charscopePanels` and is loaded before `app.js`.
pub const PANELS: &[(&str, &str)] = &[
    ("detect", include_str!("../front-end/panels/detect.js")),
    ("repair", include_str!("../front-end/panels/repair.js")),
    ("hidden", include_str!("../front-end/panels/hidden.js")),
];

fn file(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `/`, `/app.js`, `/app.css` and `/panels/NAME.js`.
pub fn routes() -> Router {
    let mut router = Router::new();
    for &(name, script) in PANELS {
        router = router.route(
            &format!("/panels/{name}.js"),
            get(move || async move { file("text/javascript; charset=utf-8", script) }),
        );
    }
    router
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
