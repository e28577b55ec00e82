//! `POST /api/compare`: `compare --json`, every encoding's reading of the input's bytes.

use super::input::{self, Mode};
use super::{COMPARE_BYTES, RequestError};
use crate::encoding;
use crate::view::compare::CompareView;
use serde::{Deserialize, Serialize};

/// What the page asks of `compare`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    /// The input box.
    pub input: String,
    /// How to read it.
    #[serde(default)]
    pub mode: Mode,
    /// A dump format to force, as for `inspect`.
    #[serde(default)]
    pub format: Option<String>,
    /// The word order of a dump, as for `inspect`.
    #[serde(default)]
    pub word_order: Option<String>,
    /// The most characters of each reading's text to send (`text_cut` says when they stop
    /// short); all of them when absent.
    #[serde(default)]
    pub limit: Option<usize>,
}

/// The comparison, and how the input box was read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareAnswer {
    /// As in `inspect`.
    pub input_format: &'static str,
    /// As in `inspect`.
    pub input_format_description: &'static str,
    /// As in `inspect`.
    pub input_warnings: Vec<String>,
    /// `compare --json`: at most [`COMPARE_BYTES`] are compared.
    #[serde(flatten)]
    pub view: CompareView,
}

/// Every encoding's reading of the input's bytes (a text's UTF-8, or the dump's bytes), of the
/// first [`COMPARE_BYTES`] of them.
pub fn compare(request: CompareRequest) -> Result<CompareAnswer, RequestError> {
    super::check_size(&request.input, "compare it")?;
    let options = super::dump_options(request.format.as_deref(), request.word_order.as_deref())?;
    let read = input::read_with(request.input, request.mode, &options)?;
    let view = crate::view::compare::compare(read.content.bytes(), encoding::all(), COMPARE_BYTES);
    let view = match request.limit {
        Some(limit) => view.shown(limit),
        None => view,
    };
    Ok(CompareAnswer {
        input_format: read.format,
        input_format_description: read.description,
        input_warnings: read.warnings,
        view,
    })
}
