//! The JSON API: the same report types as the command line's `--json`.

use crate::error::ApiError;
use axum::extract::{FromRequest, Request};
use axum::routing::{get, post};
use axum::{Json, Router};
use charscope::decode::hex_pairs;
use charscope::encode::{Substitute, Unmappable, encode};
use charscope::encoding::{self, Family};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A JSON body whose rejections (bad JSON, too large) become [`ApiError`]s.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(ApiJson(value))
    }
}

/// Every API route.
pub fn routes() -> Router {
    Router::new()
        .route("/encodings", get(encodings))
        .route("/encode", post(encode_text))
}

fn resolve(label: &str) -> Result<&'static charscope::Encoding, ApiError> {
    encoding::for_label(label).map_err(|e| ApiError::bad_request(e.to_string()))
}

#[derive(Serialize)]
struct EncodingInfo {
    name: &'static str,
    family: Family,
    whatwg: bool,
    labels: &'static [&'static str],
    notes: &'static [&'static str],
}

async fn encodings() -> Json<Vec<EncodingInfo>> {
    Json(
        encoding::all()
            .map(|enc| EncodingInfo {
                name: enc.name(),
                family: enc.family(),
                whatwg: enc.is_whatwg(),
                labels: enc.labels(),
                notes: enc.notes(),
            })
            .collect(),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EncodeRequest {
    text: String,
    encoding: String,
    #[serde(default)]
    bom: bool,
}

#[derive(Serialize)]
struct EncodeResponse {
    encoding: &'static str,
    hex: String,
    length: usize,
    unmappable: Vec<Unmappable>,
}

async fn encode_text(
    ApiJson(request): ApiJson<EncodeRequest>,
) -> Result<Json<EncodeResponse>, ApiError> {
    let enc = resolve(&request.encoding)?;
    let encoded = encode(&request.text, enc, request.bom, Substitute::Html)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(Json(EncodeResponse {
        encoding: enc.name(),
        hex: hex_pairs(&encoded.bytes),
        length: encoded.bytes.len(),
        unmappable: encoded.unmappable,
    }))
}
