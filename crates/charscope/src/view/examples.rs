//! `examples --json` and `GET /api/examples`: the ready examples, each with what to load to see
//! it and its expected outcome.

use crate::MalformedKind;
use crate::encoding;
use crate::examples::{self, Example, Input};
use crate::report::EncodingSource;
use serde::Serialize;

/// What to put in the input box, the reading mode and the encoding to see an example; and the
/// encoding the encode panel should show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Load {
    /// The input: text, or hex.
    pub input: &'static str,
    /// `"text"` or `"hex"`.
    pub mode: &'static str,
    /// A label, or `"auto"`.
    pub encoding: &'static str,
    /// The encoding (a name) the example is about when it encodes text: the first of its
    /// expected encodings that is not UTF-8 (`ascii-a-utf16be`: UTF-16BE), else null.
    pub encode_to: Option<&'static str>,
}

/// Expected lengths.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LengthsView {
    /// UTF-8 bytes.
    pub utf8_bytes: usize,
    /// UTF-16 code units.
    pub utf16_units: usize,
    /// Code points.
    pub code_points: usize,
    /// Grapheme clusters.
    pub graphemes: usize,
}

/// Expected normalization flags.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NormalizedView {
    /// Is NFC.
    pub nfc: bool,
    /// Is NFD.
    pub nfd: bool,
}

/// Expected byte order mark readings (encoding names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BomView {
    /// Under the WHATWG policy.
    pub whatwg: Option<&'static str>,
    /// Under the Unicode policy.
    pub unicode: Option<&'static str>,
}

/// An expected encoding of the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EncodedView {
    /// The label.
    pub label: &'static str,
    /// The bytes.
    pub hex: &'static str,
}

/// An example's expected outcome, as data: only the facts it checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExpectView {
    /// The encoding chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<&'static str>,
    /// The rule that chose it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding_source: Option<EncodingSource>,
    /// The decoded text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'static str>,
    /// The malformed kinds, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub malformed: Option<&'static [MalformedKind]>,
    /// The text's UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_utf8: Option<&'static str>,
    /// The first character's UTF-8 bit layout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub utf8_bits: Option<&'static str>,
    /// The lengths.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lengths: Option<LengthsView>,
    /// Normalization flags.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<NormalizedView>,
    /// The NFD's UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nfd_utf8: Option<&'static str>,
    /// The byte order mark readings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bom_readings: Option<BomView>,
    /// The text in some encodings.
    pub encoded: Vec<EncodedView>,
}

/// One ready example.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExampleView {
    /// Its name (`examples NAME`).
    pub name: &'static str,
    /// What it is, in a few words.
    pub title: &'static str,
    /// What it shows.
    pub description: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// What it inspects.
    pub input: Input,
    /// What to load to see it.
    pub load: Load,
    /// The expected outcome, one sentence per fact.
    pub expected: Vec<String>,
    /// The same facts as data.
    pub expect: ExpectView,
    /// Whether the report has the expected outcome (checked by [`Example::run`]).
    pub holds: bool,
}

impl ExampleView {
    /// The view of `example` (runs it to check that it holds).
    pub fn of(example: &'static Example) -> ExampleView {
        let e = &example.expected;
        let encode_to = e
            .encoded
            .iter()
            .filter_map(|&(label, _)| encoding::for_label(label).ok())
            .find(|enc| *enc != encoding::UTF_8)
            .map(|enc| enc.name());
        let load = match example.input {
            Input::Bytes { hex, label } => Load {
                input: hex,
                mode: "hex",
                encoding: label.unwrap_or("auto"),
                encode_to,
            },
            Input::Text { text } => Load {
                input: text,
                mode: "text",
                encoding: "auto",
                encode_to,
            },
        };
        ExampleView {
            name: example.name,
            title: example.title,
            description: example.description,
            source: example.source,
            input: example.input,
            load,
            expected: example.expected(),
            expect: ExpectView {
                encoding: e.encoding,
                encoding_source: e.encoding_source,
                text: e.text,
                malformed: e.malformed,
                text_utf8: e.text_utf8,
                utf8_bits: e.utf8_bits,
                lengths: e.lengths.map(|l| LengthsView {
                    utf8_bytes: l.utf8_bytes,
                    utf16_units: l.utf16_units,
                    code_points: l.code_points,
                    graphemes: l.graphemes,
                }),
                normalized: e.nfc_nfd.map(|(nfc, nfd)| NormalizedView { nfc, nfd }),
                nfd_utf8: e.nfd_utf8,
                bom_readings: e
                    .bom_readings
                    .map(|(whatwg, unicode)| BomView { whatwg, unicode }),
                encoded: e
                    .encoded
                    .iter()
                    .map(|&(label, hex)| EncodedView { label, hex })
                    .collect(),
            },
            holds: example.run().is_ok_and(|run| run.mismatches.is_empty()),
        }
    }
}

/// Every ready example.
pub fn examples() -> Vec<ExampleView> {
    examples::all().iter().map(ExampleView::of).collect()
}
