//! `POST /api/url`: `url --json` of a string.

use super::{Cut, MAX_LISTED, RequestError};
use crate::scan::url::UrlReport;
use serde::{Deserialize, Serialize};

/// The longest URL or path the endpoint reads, in bytes (the page's url lens reads as long a
/// one): each layer copies it, with the offset of every byte.
pub const URL_BYTES: usize = 8 * 1024;

/// What the page asks of `url`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UrlRequest {
    /// The URL or path.
    pub input: String,
}

/// The layers, and what was left out of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UrlAnswer {
    /// `url --json`.
    #[serde(flatten)]
    pub report: UrlReport,
    /// What the answer lists only in part (the findings past [`MAX_LISTED`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cuts: Vec<Cut>,
}

/// Every decoding layer of a URL or path (at most [`URL_BYTES`]), as `url --json` writes it.
pub fn url(request: UrlRequest) -> Result<UrlAnswer, RequestError> {
    if request.input.len() > URL_BYTES {
        return Err(RequestError::too_large(
            "read it as a URL",
            request.input.len(),
            URL_BYTES,
        ));
    }
    let mut report = crate::scan::url::analyze(request.input.as_bytes());
    let cuts = Cut::list("findings", "findings", &mut report.findings, MAX_LISTED)
        .into_iter()
        .collect();
    Ok(UrlAnswer { report, cuts })
}
