//! The values a repair is told in: its steps, the places it changed, what it lost, and the
//! repair as a whole (`fix --json`, `POST /api/fix`). A leaf: the rest of `repair` builds these.

use crate::encoding::Encoding;
use serde::Serialize;

/// One step of a repair: the text is encoded with `encode` (the encoding it was wrongly read
/// with) and the bytes decoded with `decode` (the one they were written in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The encoding the text goes back to bytes with.
    pub encode: &'static Encoding,
    /// The encoding the bytes are then read with.
    pub decode: &'static Encoding,
}

/// One place of the input that was repaired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RepairedSpan {
    /// Byte offset of the place in the input's UTF-8.
    pub offset: usize,
    /// Its length in bytes.
    pub length: usize,
    /// The steps undone there, first to last.
    pub steps: Vec<Step>,
    /// The text that stood there.
    pub original: String,
    /// What it was repaired to.
    pub text: String,
}

/// Another repair that also fits, less plausible than the one chosen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    /// The whole text repaired this way.
    pub text: String,
    /// The steps.
    pub steps: Vec<Step>,
    /// How much more plausible than the input it is, in bits of the plausibility model (the
    /// chosen repair's gain is [`Repair::score`]).
    pub score: f64,
}

/// How bytes were lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LossKind {
    /// A U+FFFD stood for a byte: something decoded it with replacement before.
    Replaced,
    /// A `?` stood for a byte: a converter could not map it.
    Question,
    /// The last byte of a sequence was missing (81, 8D, 8F, 90 and 9D are undefined in
    /// windows-1252, and some converters drop them).
    Dropped,
}

/// A character that could not be recovered: it is U+FFFD in the repaired text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lost {
    /// Byte offset in the input of the text the character was repaired from.
    pub offset: usize,
    /// Its length in bytes.
    pub length: usize,
    /// How its bytes were lost.
    pub kind: LossKind,
    /// In words.
    pub reason: String,
}

/// The text after each round of repair: what the page shows as steps to click through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stage {
    /// The steps of this round (different lines may need different ones).
    pub steps: Vec<Step>,
    /// The whole text after this round.
    pub text: String,
}

/// A text repaired: `fix --json` and `POST /api/fix`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Repair {
    /// The repaired text (the input itself when nothing needed repair).
    pub text: String,
    /// Whether anything was repaired.
    pub changed: bool,
    /// Every step undone, round by round (the steps of [`Repair::stages`] one after the other):
    /// a step undone twice is listed twice.
    pub steps: Vec<Step>,
    /// Each repaired place of the input.
    pub spans: Vec<RepairedSpan>,
    /// Other repairs that also fit, most plausible first.
    pub alternatives: Vec<Alternative>,
    /// Characters that could not be recovered.
    pub lost: Vec<Lost>,
    /// The text after each round.
    pub stages: Vec<Stage>,
    /// How much more plausible than the input the repair is, in bits of the plausibility model
    /// (summed over the lines; 0 when unchanged).
    pub score: f64,
    /// Whether `text`, or a stage's or an alternative's text, stops short: false unless the
    /// caller asked for the start of each only ([`Repair::shown`]).
    pub text_cut: bool,
}

impl Repair {
    pub(crate) fn unchanged(text: &str) -> Repair {
        Repair {
            text: text.to_string(),
            changed: false,
            steps: Vec::new(),
            spans: Vec::new(),
            alternatives: Vec::new(),
            lost: Vec::new(),
            stages: Vec::new(),
            score: 0.0,
            text_cut: false,
        }
    }
}
