//! `POST /api/scan`: the findings of `scan --json` for the input box (and its URL layers when it
//! looks like a URL or a path).

use super::input::{self, Content, Mode};
use super::{Cut, MAX_LISTED, RequestError, SCAN_BYTES};
use crate::encoding;
use crate::scan::{self, InputScan};
use serde::{Deserialize, Serialize};

/// The name findings of the input box carry as their path.
pub const INPUT_PATH: &str = "<input>";

/// What the page asks of `scan`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScanRequest {
    /// The input box.
    pub input: String,
    /// How to read it.
    #[serde(default)]
    pub mode: Mode,
    /// `"auto"`, or the label to decode bytes with before scanning them.
    #[serde(default = "super::auto")]
    pub encoding: String,
    /// A dump format to force, as for `inspect`.
    #[serde(default)]
    pub format: Option<String>,
    /// The word order of a dump, as for `inspect`.
    #[serde(default)]
    pub word_order: Option<String>,
    /// The most findings to list (at most [`MAX_LISTED`], which is the default); `allowed` and
    /// the cut count the rest.
    #[serde(default)]
    pub limit: Option<usize>,
}

/// The scan, and what was left out of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScanAnswer {
    /// The findings, how many the allowances explain, and the URL layers.
    #[serde(flatten)]
    pub scan: InputScan,
    /// What the answer lists only in part (the findings past the limit).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cuts: Vec<Cut>,
}

/// The hidden characters, lookalikes and URL layers of the input: text as itself; bytes as
/// UTF-8 (malformed sequences are findings), or decoded with the chosen encoding first; of its
/// first [`SCAN_BYTES`] (whole lines).
pub fn scan(request: ScanRequest) -> Result<ScanAnswer, RequestError> {
    super::check_size(&request.input, "scan it")?;
    // The url lens reads the box as typed, whether or not it also reads as a dump (`%c0%ae` is
    // both).
    let lens = scan::url::lens(&request.input);
    let options = super::dump_options(request.format.as_deref(), request.word_order.as_deref())?;
    let read = input::read_with(request.input, request.mode, &options)?;
    let enc = super::chosen_label(&request.encoding)
        .map(super::resolve)
        .transpose()?;
    let mut cuts = Vec::new();
    let mut within = |bytes: &[u8], text: bool| {
        let end = super::whole_lines_within(bytes, SCAN_BYTES, text);
        if end < bytes.len() {
            cuts.push(super::input_cut(
                end,
                bytes.len(),
                "were scanned",
                SCAN_BYTES,
                "charscope scan",
            ));
        }
        end
    };
    let mut found = match (&read.content, enc) {
        (Content::Text(text), None) => {
            scan::scan_input(INPUT_PATH, &text[..within(text.as_bytes(), true)])
        }
        (content, Some(enc)) if enc != encoding::UTF_8 => {
            let decoded = crate::decode::decode(content.bytes(), enc).text;
            scan::scan_input(INPUT_PATH, &decoded[..within(decoded.as_bytes(), true)])
        }
        (content, _) => {
            let bytes = content.bytes();
            scan::scan_input_bytes(INPUT_PATH, &bytes[..within(bytes, false)])
        }
    };
    found.url = lens;
    let max = request.limit.unwrap_or(MAX_LISTED).min(MAX_LISTED);
    cuts.extend(Cut::list("findings", "findings", &mut found.findings, max));
    Ok(ScanAnswer { scan: found, cuts })
}
