//! The page: real files in `front-end/`, embedded in the binary at build time; and the same
//! files for the static build ([`static_site`]), which answers the API in a Web Worker.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

const INDEX_HTML: &str = include_str!("../front-end/index.html");
const APP_JS: &str = include_str!("../front-end/app.js");
const APP_CSS: &str = include_str!("../front-end/app.css");
const TRANSPORT_JS: &str = include_str!("../front-end/transport.js");
const WORKER_JS: &str = include_str!("../front-end/worker.js");

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

/// The Content-Security-Policy of the static build, in a `<meta>` of its page: the server's
/// (the `Content-Security-Policy` header of every answer), with the WebAssembly the worker compiles and the worker itself
/// allowed, and without `frame-ancestors` (which a `<meta>` cannot set).
pub fn static_csp() -> String {
    crate::guard::CSP
        .split(';')
        .map(str::trim)
        .filter(|directive| !directive.starts_with("frame-ancestors"))
        .map(|directive| match directive {
            "script-src 'self'" => "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The files of the static build, by path: the page (marked to answer its API in the worker,
/// with its CSP in a `<meta>`), its scripts and styles, and `worker.js`. The WebAssembly and its
/// loader (`charscope_wasm_bg.wasm`, `charscope_wasm.js`) come from wasm-bindgen
/// (`scripts/build-static.sh`).
pub fn static_site() -> Vec<(String, String)> {
    let head = format!(
        "<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
         <meta name=\"charscope-transport\" content=\"worker\">",
        static_csp()
    );
    let index = INDEX_HTML.replacen("<meta charset=\"utf-8\">", &head, 1);
    let mut files = vec![
        ("index.html".to_string(), index),
        ("app.js".into(), APP_JS.into()),
        ("app.css".into(), APP_CSS.into()),
        ("transport.js".into(), TRANSPORT_JS.into()),
        ("worker.js".into(), WORKER_JS.into()),
    ];
    for &(name, script) in PANELS {
        files.push((format!("panels/{name}.js"), script.into()));
    }
    files
}

/// `/`, `/app.js`, `/app.css`, `/transport.js` and `/panels/NAME.js`.
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
        .route(
            "/transport.js",
            get(|| async { file("text/javascript; charset=utf-8", TRANSPORT_JS) }),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_static_page_answers_in_its_worker_under_its_own_csp() {
        let files = static_site();
        let index = &files.iter().find(|(p, _)| p == "index.html").unwrap().1;
        assert!(index.contains(r#"<meta name="charscope-transport" content="worker">"#));
        let csp = static_csp();
        assert!(index.contains(&format!(
            r#"http-equiv="Content-Security-Policy" content="{csp}""#
        )));
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{csp}"
        );
        assert!(csp.contains("default-src 'none'") && !csp.contains("frame-ancestors"));
        // Every script the page loads is there, by a relative path (any folder of any host).
        for script in [
            "app.js",
            "transport.js",
            "panels/detect.js",
            "panels/repair.js",
        ] {
            assert!(index.contains(&format!(r#"src="{script}""#)), "{script}");
            assert!(files.iter().any(|(p, _)| p == script), "{script}");
        }
        assert!(files.iter().any(|(p, _)| p == "worker.js"));
        assert!(!index.contains(r#"src="/"#) && !index.contains(r#"href="/"#));
    }
}
