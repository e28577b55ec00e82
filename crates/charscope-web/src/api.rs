//! The JSON API: each endpoint deserializes its body and calls the library's function for it
//! ([`charscope::view::api`]), which the WebAssembly build of the page calls too: one JSON
//! model whichever answers the page.
//!
//! - `GET /api/encodings`: the registry.
//! - `GET /api/formats`: the output formats of `/api/encode`.
//! - `GET /api/examples`: the ready examples, each with what to load and its expected outcome.
//! - `POST /api/inspect`: `inspect --json` of the input box, a page of unit rows at a time.
//! - `POST /api/compare`: `compare --json`, every encoding's reading of the input's bytes.
//! - `POST /api/encode`: `encode --json`, plus the bytes in an output format.
//! - `POST /api/scan`: the findings of `scan --json` for the input box (and its URL layers when
//!   it looks like a URL or path).
//! - `POST /api/url`: `url --json` of a string.
//! - `POST /api/fix`: `fix --json` of the input box's text (or of its bytes, decoded).
//! - `POST /api/detect`: `detect --json` of the input's bytes (`file` is null); an encoding
//!   other than "auto" is compared as the declared one, as `--declared` does.

use crate::error::ApiError;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use charscope::view::api::{self, RequestError};
use charscope::view::encodings::EncodingEntry;
use charscope::view::examples::ExampleView;
use charscope::view::formats::FormatInfo;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How many requests read their body and do their work at once: one a core, two to four; the
/// others wait for a turn. The work of each is bounded (see [`charscope::view::api`]), so this
/// bounds the server's memory too (some 350 MB a request at worst, for 8 MiB bodies).
fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4))
}

/// A JSON body whose rejections (bad JSON, too large) become [`ApiError`]s.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(ApiJson(value))
    }
}

/// Every API route; a request's body must arrive within `body_timeout` once its turn has come.
pub fn routes(body_timeout: Duration) -> Router {
    let turns = Turns {
        semaphore: Arc::new(Semaphore::new(workers())),
        body_timeout,
    };
    Router::new()
        .route("/encodings", get(encodings))
        .route("/formats", get(list_formats))
        .route("/examples", get(list_examples))
        .route("/inspect", post(endpoint(&turns, api::inspect)))
        .route("/compare", post(endpoint(&turns, api::compare)))
        .route("/encode", post(endpoint(&turns, api::encode)))
        .route("/scan", post(endpoint(&turns, api::scan)))
        .route("/url", post(endpoint(&turns, api::url)))
        .route("/fix", post(endpoint(&turns, api::fix)))
        .route("/detect", post(endpoint(&turns, api::detect)))
}

/// The turns to read a body and work on it, shared by every endpoint.
#[derive(Clone)]
struct Turns {
    semaphore: Arc<Semaphore>,
    body_timeout: Duration,
}

/// The handler of a POST endpoint: once it has a turn (at most [`workers`] at once), its body
/// read (within the body timeout) and deserialized, then `work` done off the async workers (one
/// big paste does not stall the server).
fn endpoint<Q, A>(
    turns: &Turns,
    work: fn(Q) -> Result<A, RequestError>,
) -> impl Fn(Request) -> Answer<A> + Clone + Send + Sync + 'static
where
    Q: DeserializeOwned + Send + 'static,
    A: Serialize + Send + 'static,
{
    let turns = turns.clone();
    move |request: Request| {
        let turns = turns.clone();
        Box::pin(async move {
            let _turn = Arc::clone(&turns.semaphore)
                .acquire_owned()
                .await
                .map_err(|e| ApiError::internal(format!("the request failed: {e}")))?;
            let ApiJson(request) =
                tokio::time::timeout(turns.body_timeout, ApiJson::<Q>::from_request(request, &()))
                    .await
                    .map_err(|_| ApiError {
                        status: StatusCode::REQUEST_TIMEOUT,
                        message: format!(
                            "the request's body did not arrive within {:.1} s",
                            turns.body_timeout.as_secs_f64()
                        ),
                    })??;
            tokio::task::spawn_blocking(move || work(request))
                .await
                .map_err(|e| ApiError::internal(format!("the request failed: {e}")))?
                .map(Json)
                .map_err(ApiError::from)
        })
    }
}

/// What an endpoint's handler returns: the answer to come.
type Answer<A> = Pin<Box<dyn Future<Output = Result<Json<A>, ApiError>> + Send>>;

async fn list_examples() -> Result<Json<Vec<ExampleView>>, ApiError> {
    tokio::task::spawn_blocking(charscope::view::examples::examples)
        .await
        .map(Json)
        .map_err(|e| ApiError::internal(format!("the request failed: {e}")))
}

async fn list_formats() -> Json<Vec<FormatInfo>> {
    Json(charscope::view::formats::formats())
}

async fn encodings() -> Json<Vec<EncodingEntry>> {
    Json(charscope::view::encodings::encodings())
}
