//! The page's API as functions: one per endpoint, each taking its request (the JSON body the
//! page sends, deserialized) and returning its answer (the JSON the page reads) or a
//! [`RequestError`]. The web server (`charscope serve`) and the WebAssembly build of the page
//! (`crates/charscope-wasm`, in a Web Worker) both call these, so the page gets one JSON model
//! whichever answers it.
//!
//! # Bounds
//! Every endpoint's work grows at most linearly with its input, and its answer is bounded:
//! - an input past [`MAX_INPUT_BYTES`] is refused ([`Status::TooLarge`], HTTP 413);
//! - `inspect` lists a window of unit rows, the start of the text and of the bytes, and looks
//!   for mojibake in the first [`MOJIBAKE_BYTES`] of the text only;
//! - `compare` reads the first [`COMPARE_BYTES`];
//! - `fix` repairs the first [`FIX_BYTES`] of the text (repair is the costliest work of all),
//!   `scan` scans the first [`SCAN_BYTES`] (each finding costs some 500 bytes, and a text of
//!   hidden characters has one every 3 bytes), both in whole lines;
//! - lists (findings, repaired places, unmappable characters) stop after a bound, and so do the
//!   hidden characters marked in each text of a repair;
//! - `limit`, where a request has one, cuts every text of the answer.
//!
//! An answer cut short at a bound says so in `cuts` ([`Cut`]), a list that is absent when
//! nothing was cut (so that small answers are exactly the command line's `--json`).

mod compare;
mod detect;
mod encode;
mod error;
mod fix;
pub mod input;
mod inspect;
mod scan;
mod url;

pub use compare::{CompareAnswer, CompareRequest, compare};
pub use detect::{DetectRequest, detect};
pub use encode::{EncodeAnswer, EncodeRequest, encode};
pub use error::{RequestError, Status};
pub use fix::{FixAnswer, FixRequest, fix};
pub use input::Mode;
pub use inspect::{InspectAnswer, InspectRequest, UnitPage, inspect};
pub use scan::{INPUT_PATH, ScanAnswer, ScanRequest, scan};
pub use url::{UrlAnswer, UrlRequest, url};

use crate::dump::{DumpFormat, ParseOptions};
use crate::encoding::{self, Endian};
use serde::Serialize;

/// The largest input any endpoint reads, in bytes of UTF-8: the web server's body limit.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;
/// How much of the decoded text `inspect` looks for mojibake in (its verdict line's "looks like
/// mojibake"): a repair of it takes up to a few hundred milliseconds.
pub const MOJIBAKE_BYTES: usize = 16 * 1024;
/// How much of the text `fix` repairs, in bytes of UTF-8: today's repair takes up to about
/// 40 µs a byte (random bytes read as windows-1252), so this many take about 1.3 s.
pub const FIX_BYTES: usize = 32 * 1024;
/// Unit rows per page when the request names no limit: about 0.8 kB of JSON each, so that the
/// first answer to a large paste stays under 1 MB.
pub const UNITS_PER_PAGE: usize = 1000;
/// The most unit rows one response lists.
pub const MAX_UNITS_PER_PAGE: usize = 20_000;
/// The most malformed sequences one response lists (`malformed_total` counts them all).
pub const MAX_MALFORMED: usize = 1000;
/// Characters of decoded text one response sends (`text_cut` says when there are more): the
/// page shows this many.
pub const TEXT_CHARS: usize = 5000;
/// Input bytes one response sends in `hex` (`hex_cut` says when there are more).
pub const HEX_BYTES: usize = 4096;
/// Compare reads at most this many bytes from the start of the input: 43 decodings of it stay
/// quick, and the view is a glance.
pub const COMPARE_BYTES: usize = 4 * 1024;
/// The most items one list of an answer holds (findings, unmappable characters): the rest are
/// counted in a [`Cut`].
pub const MAX_LISTED: usize = 1000;
/// The most repaired places and lost characters a `fix` answer lists (the page shows as many).
pub const FIX_LISTED: usize = 50;
/// The most hidden characters marked in each text of a `fix` answer cut by a `limit`: a text is
/// cut before the next one (`text_cut` says so), so that a repair of random bytes, a control
/// character every few characters, stays a small answer.
pub const FIX_MARKS: usize = 50;
/// How much of the input `scan` scans, in bytes.
pub const SCAN_BYTES: usize = 2 * 1024 * 1024;

/// What an answer left out to stay within a bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cut {
    /// What was cut: `"input"` (the part of the input the work read, in bytes), or the name of
    /// the list (`"findings"`, `"spans"`, `"lost"`, `"unmappable"`).
    pub what: &'static str,
    /// How many were kept (bytes of the input, or items of the list).
    pub kept: usize,
    /// How many there are.
    pub total: usize,
    /// The same in a sentence, as the page shows it.
    pub message: String,
}

impl Cut {
    /// The cut of a list of which the first `kept` of `total` are listed.
    pub(crate) fn counted(what: &'static str, noun: &str, kept: usize, total: usize) -> Cut {
        Cut {
            what,
            kept,
            total,
            message: format!(
                "The first {} of {} {noun} are listed.",
                error::group(kept),
                error::group(total)
            ),
        }
    }

    /// The list `items` cut to its first `max`, with the [`Cut`] that says so when it was
    /// longer (`noun` names the items in the sentence: "findings").
    pub(crate) fn list<T>(
        what: &'static str,
        noun: &str,
        items: &mut Vec<T>,
        max: usize,
    ) -> Option<Cut> {
        let total = items.len();
        (total > max).then(|| {
            items.truncate(max);
            Cut::counted(what, noun, max, total)
        })
    }
}

/// How much of `bytes` to read within `bound`: all of them up to it, else their whole lines up
/// to there (or, for a first line longer than that, up to the bound, at the start of a UTF-8
/// character when `text` says the bytes are text).
pub(crate) fn whole_lines_within(bytes: &[u8], bound: usize, text: bool) -> usize {
    if bytes.len() <= bound {
        return bytes.len();
    }
    let mut end = bound;
    while text && end > 0 && bytes[end] & 0xC0 == 0x80 {
        end -= 1;
    }
    match bytes[..end].iter().rposition(|&b| b == b'\n') {
        Some(line_feed) => line_feed + 1,
        None => end,
    }
}

/// The cut of an input of which the first `kept` of `total` bytes were worked on (`what`: "were
/// repaired"; `bound` in bytes; `command`: the command that reads any size).
pub(crate) fn input_cut(kept: usize, total: usize, what: &str, bound: usize, command: &str) -> Cut {
    Cut {
        what: "input",
        kept,
        total,
        message: format!(
            "The first {} bytes of the text's {} {what}: the page reads at most {} here \
             (`{command}` reads any length).",
            error::group(kept),
            error::group(total),
            error::size(bound)
        ),
    }
}

/// Refuses an input past [`MAX_INPUT_BYTES`] (`what` names the work: "inspect it").
pub(crate) fn check_size(input: &str, what: &str) -> Result<(), RequestError> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(RequestError::too_large(what, input.len(), MAX_INPUT_BYTES));
    }
    Ok(())
}

/// `"auto"` (or nothing) lets the view choose; anything else is a label.
pub(crate) fn chosen_label(encoding: &str) -> Option<&str> {
    let label = encoding.trim();
    (!label.is_empty() && !label.eq_ignore_ascii_case("auto")).then_some(label)
}

/// The encoding a label names, or a 400 that says which labels there are.
pub(crate) fn resolve(label: &str) -> Result<&'static encoding::Encoding, RequestError> {
    encoding::for_label(label).map_err(|e| RequestError::bad_request(e.to_string()))
}

/// The serde default of the `encoding` fields: `"auto"`.
pub(crate) fn auto() -> String {
    "auto".into()
}

/// The page's dump controls as parse options: a format name (or `"auto"`) and a word order
/// (`"auto"`, `"little"`, `"big"`).
pub(crate) fn dump_options(
    format: Option<&str>,
    word_order: Option<&str>,
) -> Result<ParseOptions, RequestError> {
    let format = match format.map(str::trim) {
        None | Some("" | "auto") => None,
        Some(name) => Some(
            name.parse::<DumpFormat>()
                .map_err(|e| RequestError::bad_request(e.to_string()))?,
        ),
    };
    let word_order = match word_order.map(str::trim) {
        None | Some("" | "auto") => None,
        Some("little") => Some(Endian::Little),
        Some("big") => Some(Endian::Big),
        Some(other) => {
            return Err(RequestError::bad_request(format!(
                "unknown word order {other:?}; the word orders are: auto, little, big"
            )));
        }
    };
    Ok(ParseOptions::default()
        .with_format(format)
        .with_word_order(word_order))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_cut_with_a_sentence_only_past_its_bound() {
        let mut items: Vec<u32> = (0..5).collect();
        assert_eq!(Cut::list("findings", "findings", &mut items, 5), None);
        assert_eq!(items.len(), 5);
        let cut = Cut::list("findings", "findings", &mut items, 2).unwrap();
        assert_eq!(items, [0, 1]);
        assert_eq!((cut.kept, cut.total), (2, 5));
        assert_eq!(cut.message, "The first 2 of 5 findings are listed.");
    }

    #[test]
    fn inputs_past_the_bound_are_413() {
        let big = "a".repeat(MAX_INPUT_BYTES + 1);
        let e = check_size(&big, "inspect it").unwrap_err();
        assert_eq!(e.status, Status::TooLarge);
        assert!(check_size(&big[1..], "inspect it").is_ok());
    }
}
