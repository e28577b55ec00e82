//! The one door to the plausibility model: every repair decision scores text through
//! [`plausibility`].

/// How plausible a text is as written language.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plausibility {
    /// Comparable across lengths; higher is more plausible.
    pub(crate) per_char: f64,
    /// The whole text's score.
    pub(crate) total: f64,
}

/// Scores `text` with the library's plausibility model.
pub(crate) fn plausibility(text: &str) -> Plausibility {
    let s = crate::plausibility::score(text);
    Plausibility {
        per_char: s.per_char(),
        total: s.total(),
    }
}
