//! The charscope page's API in WebAssembly: what the static page (`scripts/build-static.sh`)
//! calls in a Web Worker instead of a server.
//!
//! [`call`] takes an endpoint's path (`/api/inspect`) and its JSON body, and answers what
//! `charscope serve` answers there: the same library function does the work
//! ([`charscope::view::api`]), and bad requests get the same statuses and messages (400 for bad
//! JSON, 422 for a body of the wrong shape, 413 past the body limit, 404 for no such endpoint).
//! The library is built without its `native` feature: no C++ and no threads, its portable paths
//! instead, with the same output.

#![forbid(unsafe_code)]

use charscope::view::api::{self, MAX_INPUT_BYTES, RequestError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::wasm_bindgen;

/// An answer: the HTTP status the server would give, and the JSON body.
#[wasm_bindgen]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    status: u16,
    body: String,
}

#[wasm_bindgen]
impl Answer {
    /// The status: 200, or the 4xx of a refused request.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The JSON body: the endpoint's answer, or `{"error": "..."}`.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> String {
        self.body.clone()
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

fn error(status: u16, message: &str) -> Answer {
    Answer {
        status,
        body: serde_json::to_string(&ErrorBody { error: message }).expect("a string serializes"),
    }
}

fn ok(value: &impl Serialize) -> Answer {
    match serde_json::to_string(value) {
        Ok(body) => Answer { status: 200, body },
        Err(e) => error(500, &format!("the answer could not be written: {e}")),
    }
}

impl From<RequestError> for Answer {
    fn from(e: RequestError) -> Answer {
        error(e.status.code(), &e.message)
    }
}

/// A POST endpoint: `body` read as its request (with the server's body limit and its messages
/// for bad JSON), then `work`.
fn post<Q: DeserializeOwned, A: Serialize>(
    body: &str,
    work: fn(Q) -> Result<A, RequestError>,
) -> Answer {
    if body.len() > MAX_INPUT_BYTES {
        return RequestError::body_too_large(MAX_INPUT_BYTES).into();
    }
    let request = match serde_json::from_str::<Q>(body) {
        Ok(request) => request,
        Err(e) if e.is_data() => {
            return error(
                422,
                &format!("Failed to deserialize the JSON body into the target type: {e}"),
            );
        }
        Err(e) => {
            return error(
                400,
                &format!("Failed to parse the request body as JSON: {e}"),
            );
        }
    };
    match work(request) {
        Ok(answer) => ok(&answer),
        Err(e) => e.into(),
    }
}

/// Answers a request to `path` (`/api/inspect`, `/api/encodings`...) with `body` (the JSON
/// body of a POST; ignored by the lists, which are GETs on the server).
#[wasm_bindgen]
pub fn call(path: &str, body: &str) -> Answer {
    match path {
        "/api/encodings" => ok(&charscope::view::encodings::encodings()),
        "/api/formats" => ok(&charscope::view::formats::formats()),
        "/api/examples" => ok(&charscope::view::examples::examples()),
        "/api/inspect" => post(body, api::inspect),
        "/api/compare" => post(body, api::compare),
        "/api/encode" => post(body, api::encode),
        "/api/scan" => post(body, api::scan),
        "/api/url" => post(body, api::url),
        "/api/fix" => post(body, api::fix),
        "/api/detect" => post(body, api::detect),
        other => error(404, &format!("no such endpoint: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn json(answer: &Answer) -> Value {
        serde_json::from_str(&answer.body).unwrap()
    }

    #[test]
    fn endpoints_answer_as_the_server_does() {
        let a = call("/api/inspect", r#"{"input":"caf\u00e9","mode":"text"}"#);
        assert_eq!(a.status, 200);
        let v = json(&a);
        assert_eq!(v["hex"], "63 61 66 C3 A9");
        assert_eq!(v["units"][3]["hex"], "C3 A9");
        let a = call("/api/encodings", "");
        assert!(json(&a).as_array().unwrap().len() > 40);
        let a = call(
            "/api/fix",
            r#"{"input":"caf\u00c3\u00a9","mode":"text","limit":10}"#,
        );
        assert_eq!(json(&a)["text"], "café");
    }

    #[test]
    fn bad_requests_get_the_server_statuses() {
        assert_eq!(call("/api/inspect", "{").status, 400);
        assert_eq!(call("/api/inspect", r#"{"input": 3}"#).status, 422);
        assert_eq!(
            call("/api/inspect", r#"{"input":"x","nope":1}"#).status,
            422
        );
        let a = call("/api/inspect", r#"{"input":"zz","mode":"hex"}"#);
        assert_eq!(a.status, 400);
        assert!(json(&a)["error"].as_str().unwrap().contains("not a dump"));
        assert_eq!(call("/api/nowhere", "{}").status, 404);
        let big = format!(r#"{{"input":"{}"}}"#, "a".repeat(MAX_INPUT_BYTES));
        let a = call("/api/inspect", &big);
        assert_eq!(a.status, 413);
        assert!(json(&a)["error"].as_str().unwrap().contains("8 MiB"));
    }
}
