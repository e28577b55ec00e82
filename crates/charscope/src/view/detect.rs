//! How sure a detection is, in one word: the rule the command line's human line follows
//! ("certain", "confidence 72%", "no encoding"), named for callers that show it otherwise (the
//! Python binding's `Detection.certainty`).

use crate::detect::{Detection, Method};
use serde::Serialize;

/// How sure a [`Detection`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Certainty {
    /// The structure of the bytes decided (a byte order mark, pure ASCII, valid UTF-8 beyond
    /// ASCII, the patterns of UTF-16 or UTF-32, escape sequences): confidence 1.
    Certain,
    /// An answer with a confidence below 1 (a ranking of readings by plausibility, segments,
    /// UTF-8 with errors): `confidence` says how likely it is.
    Likely,
    /// No encoding: empty input, binary data, or no reading that is plausible text.
    None,
}

impl Certainty {
    /// The certainty of `d`.
    ///
    /// ```
    /// use charscope::detect::detect;
    /// use charscope::view::detect::Certainty;
    /// assert_eq!(Certainty::of(&detect("caf\u{e9}".as_bytes())), Certainty::Certain);
    /// assert_eq!(Certainty::of(&detect(b"")), Certainty::None);
    /// ```
    pub fn of(d: &Detection) -> Certainty {
        match (d.encoding, d.method) {
            (None, _) => Certainty::None,
            (Some(_), Method::Statistics | Method::Segments) => Certainty::Likely,
            (Some(_), _) if d.confidence >= 1.0 => Certainty::Certain,
            (Some(_), _) => Certainty::Likely,
        }
    }

    /// The stable kebab-case name ("certain", "likely", "none").
    pub fn as_str(self) -> &'static str {
        match self {
            Certainty::Certain => "certain",
            Certainty::Likely => "likely",
            Certainty::None => "none",
        }
    }
}
