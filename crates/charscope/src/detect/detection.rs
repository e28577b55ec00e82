//! What detection found: the [`Detection`] that `charscope detect --json`, `POST /api/detect`,
//! every `--from auto` and the page show, with one constructor per verdict.

use super::declared::Declared;
use crate::encoding::{self, Encoding};
use serde::Serialize;

/// Which rule decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Method {
    /// No bytes: nothing to detect.
    Empty,
    /// A byte order mark.
    Bom,
    /// The structure of the bytes: valid UTF-8, UTF-16/32 patterns, UTF-8-shaped errors.
    Structure,
    /// Every byte is ASCII.
    Ascii,
    /// The escape sequences of a 7-bit encoding (ISO-2022-JP).
    Escape,
    /// Parts of the input are in different encodings.
    Segments,
    /// The legacy encodings ranked by how plausible each reading is.
    Statistics,
    /// Binary data, not text.
    Binary,
    /// No reading is plausible text.
    Unknown,
}

/// How far the answer can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Status {
    /// The structure of the bytes settles it (a byte order mark, valid UTF-8, ASCII, UTF-16
    /// patterns, escape sequences, binary data, no bytes).
    Certain,
    /// The statistics, with enough evidence to separate the candidates: the confidence says how
    /// often such answers are right.
    Likely,
    /// Too little evidence to separate the candidates (a few bytes, or readings that score
    /// alike): the encoding is the best guess, and the alternatives are the other candidates.
    Uncertain,
}

/// Below this confidence a statistical answer is [`Status::Uncertain`].
pub const LIKELY_FROM: f64 = 0.75;

impl Status {
    /// Its stable kebab-case name, as in JSON ("certain", "likely", "uncertain").
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Certain => "certain",
            Status::Likely => "likely",
            Status::Uncertain => "uncertain",
        }
    }

    /// The status of an answer given at `confidence`.
    pub fn of(confidence: f64) -> Status {
        if confidence >= LIKELY_FROM {
            Status::Likely
        } else {
            Status::Uncertain
        }
    }
}

/// Another encoding the bytes might be in.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// How likely it is (0 to 1).
    pub confidence: f64,
    /// Why it ranks where it does.
    pub reasons: Vec<String>,
}

/// A stretch of the input in one encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    /// Byte offset from the start of the input.
    pub offset: u64,
    /// Length in bytes.
    pub length: u64,
    /// The encoding of these bytes.
    pub encoding: &'static Encoding,
}

/// What detection found: `charscope detect --json` and `POST /api/detect` serialize this.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Detection {
    /// The input's name, set by the caller (a path, `<stdin>`); null when there is none.
    pub file: Option<String>,
    /// The encoding (a name `--from` accepts), or null for binary, empty or unknown input. When
    /// the status is `uncertain` it is the best guess among the candidates.
    pub encoding: Option<&'static Encoding>,
    /// How likely the answer is right, 0 to 1 (1 for structural verdicts): of the answers given
    /// at confidence c, about c are right.
    pub confidence: f64,
    /// Whether the answer is certain, likely, or a guess among candidates.
    pub status: Status,
    /// The language of the text (ISO 639-1), when one stands out.
    pub language: Option<&'static str>,
    /// The rule that decided.
    pub method: Method,
    /// The evidence, in plain words.
    pub reasons: Vec<String>,
    /// Other readings with their confidences, most likely first (the other candidates when the
    /// status is `uncertain`).
    pub alternatives: Vec<Alternative>,
    /// Where the encoding changes part way: each stretch with its encoding (empty otherwise).
    pub segments: Vec<Segment>,
    /// What the input declares (or `--declared` gives), and whether the bytes agree.
    pub declared: Option<Declared>,
}

impl Detection {
    fn new(method: Method, encoding: Option<&'static Encoding>, reasons: Vec<String>) -> Self {
        Detection {
            file: None,
            encoding,
            confidence: if encoding.is_some() { 1.0 } else { 0.0 },
            status: Status::Certain,
            language: None,
            method,
            reasons,
            alternatives: Vec::new(),
            segments: Vec::new(),
            declared: None,
        }
    }

    /// No bytes at all.
    pub(super) fn empty() -> Self {
        Self::new(
            Method::Empty,
            None,
            vec!["the input is empty: there are no bytes to tell an encoding from".into()],
        )
    }

    /// Binary data, not text.
    pub(super) fn binary(reasons: Vec<String>) -> Self {
        Self::new(Method::Binary, None, reasons)
    }

    /// A verdict the structure of the bytes makes certain: a byte order mark, UTF-16/32
    /// patterns, escape sequences, ASCII, valid UTF-8.
    pub(super) fn certain(
        method: Method,
        encoding: &'static Encoding,
        reasons: Vec<String>,
        language: Option<&'static str>,
    ) -> Self {
        let mut d = Self::new(method, Some(encoding), reasons);
        d.language = language;
        d
    }

    /// UTF-8 whose few malformed sequences are named: the legacy readings are the alternatives.
    pub(super) fn utf8_with_errors(
        confidence: f64,
        reasons: Vec<String>,
        alternatives: Vec<Alternative>,
    ) -> Self {
        let mut d = Self::new(Method::Structure, Some(encoding::UTF_8), reasons);
        d.confidence = confidence;
        d.status = Status::of(confidence);
        d.alternatives = alternatives;
        d
    }

    /// No reading is plausible text: the best readings are the alternatives.
    pub(super) fn unknown(reasons: Vec<String>, alternatives: Vec<Alternative>) -> Self {
        let mut d = Self::new(Method::Unknown, None, reasons);
        d.status = Status::Uncertain;
        d.alternatives = alternatives;
        d
    }

    /// The legacy encoding whose reading is the most plausible text.
    pub(super) fn statistical(
        encoding: &'static Encoding,
        confidence: f64,
        language: Option<&'static str>,
        reasons: Vec<String>,
        alternatives: Vec<Alternative>,
    ) -> Self {
        let mut d = Self::new(Method::Statistics, Some(encoding), reasons);
        d.confidence = confidence;
        d.status = Status::of(confidence);
        d.language = language;
        d.alternatives = alternatives;
        d
    }

    /// Lines of valid UTF-8 beside lines in another encoding: `main` names the larger part.
    pub(super) fn segmented(
        main: &'static Encoding,
        confidence: f64,
        language: Option<&'static str>,
        reasons: Vec<String>,
        alternatives: Vec<Alternative>,
        segments: Vec<Segment>,
    ) -> Self {
        let mut d = Self::statistical(main, confidence, language, reasons, alternatives);
        d.method = Method::Segments;
        d.segments = segments;
        d
    }

    /// The encoding `--from auto` decodes with: the detected one (the best guess when
    /// uncertain), or UTF-8 when there is none (binary, empty or unknown input), so that every
    /// malformed sequence is named.
    pub fn auto_encoding(&self) -> &'static Encoding {
        self.encoding.unwrap_or(encoding::UTF_8)
    }

    /// One line for people: the answer, how it was reached, and the first reason; when the
    /// answer is uncertain, the other candidates too.
    pub fn summary(&self) -> String {
        let what = match self.encoding {
            Some(e) => format!("{e}"),
            None => match self.method {
                Method::Binary => "binary data".to_string(),
                Method::Empty => "empty input".to_string(),
                _ => "unknown".to_string(),
            },
        };
        let how = match self.method {
            Method::Statistics | Method::Segments => {
                format!(
                    "{:?}, confidence {:.0}%",
                    self.method,
                    self.confidence * 100.0
                )
            }
            m => format!("{m:?}"),
        }
        .to_lowercase();
        let mut line = match self.reasons.first() {
            Some(r) => format!("{what} ({how}): {r}"),
            None => format!("{what} ({how})"),
        };
        if self.status == Status::Uncertain && !self.alternatives.is_empty() {
            let names: Vec<String> = self
                .alternatives
                .iter()
                .map(|a| format!("{} {:.0}%", a.encoding, a.confidence * 100.0))
                .collect();
            // The first reason of a statistical guess already says "uncertain".
            let said = self
                .reasons
                .first()
                .is_some_and(|r| r.starts_with("uncertain"));
            let head = if said { "" } else { "uncertain, " };
            line = format!("{head}{line}; other candidates: {}", names.join(", "));
        }
        line
    }
}
