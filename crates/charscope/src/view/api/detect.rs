//! `POST /api/detect`: `detect --json` of the input's bytes (`file` is null).

use super::RequestError;
use super::input::{self, Mode};
use crate::detect::Detection;
use serde::Deserialize;

/// What the page asks of `detect`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DetectRequest {
    /// The input box.
    pub input: String,
    /// How to read it.
    #[serde(default)]
    pub mode: Mode,
    /// `"auto"`, or the label the bytes are declared in (compared as `--declared` does).
    #[serde(default = "super::auto")]
    pub encoding: String,
    /// A dump format to force, as for `inspect`.
    #[serde(default)]
    pub format: Option<String>,
    /// The word order of a dump, as for `inspect`.
    #[serde(default)]
    pub word_order: Option<String>,
}

/// Detection of the input's bytes (a text's UTF-8, or the dump's bytes): the same value as
/// `charscope detect --json`, with `file` null. An encoding other than "auto" is compared as
/// the declared one.
pub fn detect(request: DetectRequest) -> Result<Detection, RequestError> {
    super::check_size(&request.input, "detect its encoding")?;
    let options = super::dump_options(request.format.as_deref(), request.word_order.as_deref())?;
    let read = input::read_with(request.input, request.mode, &options)?;
    let declared = super::chosen_label(&request.encoding);
    if let Some(label) = declared {
        super::resolve(label)?;
    }
    Ok(crate::detect::detect_declared(
        read.content.bytes(),
        declared,
    ))
}
