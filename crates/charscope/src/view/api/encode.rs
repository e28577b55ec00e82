//! `POST /api/encode`: `encode --json`, plus the bytes in an output format.

use super::input::{self, Content, Mode};
use super::{Cut, MAX_LISTED, RequestError};
use crate::encode::Substitute;
use crate::encoding;
use crate::escape::EscapeFormat;
use crate::view::encode::EncodeView;
use serde::{Deserialize, Serialize};

fn hex_format() -> String {
    "hex".into()
}

fn html_errors() -> String {
    "html".into()
}

/// What the page asks of `encode`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncodeRequest {
    /// The text.
    pub text: String,
    /// How to read it: `"text"` (the default) or `"escapes"` (as `encode --escapes` reads it).
    #[serde(default)]
    pub mode: Mode,
    /// A label.
    pub encoding: String,
    /// Whether to write a byte order mark.
    #[serde(default)]
    pub bom: bool,
    /// The output format of `output` (see `/api/formats`).
    #[serde(default = "hex_format")]
    pub format: String,
    /// What replaces an unmappable character (see [`substitute`]).
    #[serde(default = "html_errors")]
    pub errors: String,
    /// The most characters of `hex` and `output` to send (`cut` says when they stop short);
    /// all of them when absent.
    #[serde(default)]
    pub limit: Option<usize>,
}

/// The encoding, and what was left out of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EncodeAnswer {
    /// `encode --json`.
    #[serde(flatten)]
    pub view: EncodeView,
    /// What the answer lists only in part (the unmappable characters past [`MAX_LISTED`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cuts: Vec<Cut>,
}

/// What replaces an unmappable character: `strict` (nothing is written), `replace` (`?`) or
/// `html` (a character reference, as browsers do in forms), the command line's `--errors`.
fn substitute(errors: &str) -> Result<Substitute, RequestError> {
    match errors.trim().to_ascii_lowercase().as_str() {
        "strict" => Ok(Substitute::Omit),
        "replace" => Ok(Substitute::Question),
        "html" => Ok(Substitute::Html),
        other => Err(RequestError::bad_request(format!(
            "unknown errors policy {other:?}; the policies are: strict, replace, html"
        ))),
    }
}

/// The text to encode: as it is, or read from its escapes.
fn text_of(text: String, mode: Mode) -> Result<String, RequestError> {
    match mode {
        Mode::Auto | Mode::Text => Ok(text),
        Mode::Escapes => match input::read(text, Mode::Escapes)?.content {
            Content::Text(text) => Ok(text),
            Content::Bytes(_) => unreachable!("escapes read as text"),
        },
        other => Err(RequestError::bad_request(format!(
            "encode reads text: the mode is \"text\" or \"escapes\", not {other:?}"
        ))),
    }
}

/// `encode --json`: the text in an encoding, every unmappable character listed (the first
/// [`MAX_LISTED`]), and the bytes (or the text, for a text format) in an output format.
pub fn encode(request: EncodeRequest) -> Result<EncodeAnswer, RequestError> {
    super::check_size(&request.text, "encode it")?;
    let enc = super::resolve(&request.encoding)?;
    let format: EscapeFormat =
        request
            .format
            .parse()
            .map_err(|e: crate::escape::UnknownEscapeFormat| {
                RequestError::bad_request(e.to_string())
            })?;
    let substitute = substitute(&request.errors)?;
    let text = text_of(request.text, request.mode)?;
    let (mut view, unmappable) = crate::view::encode::encode_listing(
        &text,
        enc,
        request.bom,
        substitute,
        Some(format),
        MAX_LISTED,
    )
    .map_err(|e| RequestError::bad_request(e.to_string()))?;
    // The page reads labels with the WHATWG meanings; say so where a label means something
    // else, as the command line does.
    view.label_note = encoding::resolve(&request.encoding, encoding::LabelMode::Whatwg)
        .ok()
        .and_then(|r| r.note);
    let view = match request.limit {
        Some(limit) => view.shown(limit),
        None => view,
    };
    let cuts = (unmappable > view.unmappable.len())
        .then(|| {
            Cut::counted(
                "unmappable",
                "unmappable characters",
                view.unmappable.len(),
                unmappable,
            )
        })
        .into_iter()
        .collect();
    Ok(EncodeAnswer { view, cuts })
}
