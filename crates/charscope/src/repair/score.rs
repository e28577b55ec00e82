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

/// Scores `text`.
// TEMPORARY stand-in until the plausibility model lands (issue 8): the compare view's penalty.
pub(crate) fn plausibility(text: &str) -> Plausibility {
    let n = text.chars().count().max(1) as f64;
    let total = -(crate::compare::penalty(text) as f64);
    Plausibility {
        per_char: total / n,
        total,
    }
}
