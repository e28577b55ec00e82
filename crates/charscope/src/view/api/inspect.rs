//! `POST /api/inspect`: `inspect --json` of the input box, a page of unit rows at a time.

use super::input::{self, Content, Mode};
use super::{
    HEX_BYTES, MAX_MALFORMED, MAX_UNITS_PER_PAGE, MOJIBAKE_BYTES, RequestError, TEXT_CHARS,
    UNITS_PER_PAGE,
};
use crate::report::{self, Report, Shown, UnitRow, UnitWindow};
use serde::{Deserialize, Serialize};

fn units_per_page() -> usize {
    UNITS_PER_PAGE
}

/// What the page asks of `inspect`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InspectRequest {
    /// The input box.
    pub input: String,
    /// How to read it.
    #[serde(default)]
    pub mode: Mode,
    /// `"auto"` or a label.
    #[serde(default = "super::auto")]
    pub encoding: String,
    /// The index of the first unit row to list.
    #[serde(default)]
    pub start: usize,
    /// How many unit rows at most (at most [`MAX_UNITS_PER_PAGE`]).
    #[serde(default = "units_per_page")]
    pub limit: usize,
    /// Answer the unit rows only (the next page of a report already shown).
    #[serde(default)]
    pub units_only: bool,
    /// A dump format to force (`"auto"` or a format name).
    #[serde(default)]
    pub format: Option<String>,
    /// The word order of a dump of 2- or 4-byte words (`"auto"`, `"little"`, `"big"`).
    #[serde(default)]
    pub word_order: Option<String>,
}

/// Which unit rows a response lists, out of how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitPage {
    /// How many units the input has.
    pub units_total: usize,
    /// The index of the first unit listed.
    pub units_start: usize,
    /// The start of the next page, or null after the last.
    pub units_next: Option<usize>,
}

/// The answer: the whole report with its first page of units, or (`units_only`) a page of units.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum InspectAnswer {
    /// The report, as `inspect --json` writes it, and how the input box was read.
    Report(Box<ReportAnswer>),
    /// A further page of unit rows.
    Units(UnitsAnswer),
}

/// The report of the input box.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReportAnswer {
    /// The format recognised: `"text"`, `"escapes"` or a dump format's name.
    pub input_format: &'static str,
    /// The same for people.
    pub input_format_description: &'static str,
    /// What the reading of the box could not settle by itself.
    pub input_warnings: Vec<String>,
    /// `inspect --json`.
    #[serde(flatten)]
    pub report: Report,
    /// Which units are listed.
    #[serde(flatten)]
    pub page: UnitPage,
}

/// A page of unit rows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitsAnswer {
    /// The format recognised.
    pub input_format: &'static str,
    /// The rows.
    pub units: Vec<UnitRow>,
    /// Which they are.
    #[serde(flatten)]
    pub page: UnitPage,
}

/// The inspection of the input: text as itself with the encoding "auto", else its bytes (a
/// text's UTF-8, or the dump's bytes) read with the encoding the label names, or as the report
/// chooses. Unit rows come a page at a time; a page of units alone does not look for mojibake.
pub fn inspect(request: InspectRequest) -> Result<InspectAnswer, RequestError> {
    super::check_size(&request.input, "inspect it")?;
    let options = super::dump_options(request.format.as_deref(), request.word_order.as_deref())?;
    let read = input::read_with(request.input, request.mode, &options)?;
    let window = UnitWindow {
        start: request.start,
        limit: request.limit.clamp(1, MAX_UNITS_PER_PAGE),
    };
    let shown = Shown {
        units: window,
        text_chars: TEXT_CHARS,
        hex_bytes: HEX_BYTES,
        malformed: MAX_MALFORMED,
        mojibake_bytes: if request.units_only {
            0
        } else {
            MOJIBAKE_BYTES
        },
    };
    let report = match (&read.content, super::chosen_label(&request.encoding)) {
        (Content::Text(text), None) => report::inspect_text_shown(text, shown),
        (content, label) => report::inspect_bytes_shown(content.bytes(), label, shown)
            .map_err(|e| RequestError::bad_request(e.to_string()))?,
    };
    let units_total = report.lengths.code_points;
    let listed_end = window.start.saturating_add(report.units.len());
    let page = UnitPage {
        units_total,
        units_start: window.start.min(units_total),
        units_next: (listed_end < units_total).then_some(listed_end),
    };
    if request.units_only {
        return Ok(InspectAnswer::Units(UnitsAnswer {
            input_format: read.format,
            units: report.units,
            page,
        }));
    }
    Ok(InspectAnswer::Report(Box::new(ReportAnswer {
        input_format: read.format,
        input_format_description: read.description,
        input_warnings: read.warnings,
        report,
        page,
    })))
}
