//! API errors: a 4xx status and `{"error": "..."}`, never a 500 for bad input.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error answered as `{"error": message}` with its status.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status (4xx for bad input).
    pub status: StatusCode,
    /// What went wrong, and where.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A 500: something failed that bad input cannot cause.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response()
    }
}

impl From<charscope::view::api::RequestError> for ApiError {
    fn from(e: charscope::view::api::RequestError) -> ApiError {
        ApiError {
            status: StatusCode::from_u16(e.status.code()).unwrap_or(StatusCode::BAD_REQUEST),
            message: e.message,
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            charscope::view::api::RequestError::body_too_large(crate::BODY_LIMIT).message
        } else {
            rejection.body_text()
        };
        ApiError { status, message }
    }
}

/// The fallback: 404 as JSON under /api, a short text elsewhere.
pub async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api") {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("no such endpoint: {}", uri.path()),
        }
        .into_response()
    } else {
        (StatusCode::NOT_FOUND, "not found").into_response()
    }
}
