//! The one door to the plausibility model: every repair decision scores text through [`score`]
//! or [`plausibility`], which remember what they scored while one line is repaired (the same
//! words and lines are asked about again and again by the candidates of a line).

use crate::plausibility::TextScore;
use std::cell::RefCell;
use std::collections::HashMap;

/// How plausible a text is as written language.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plausibility {
    /// Comparable across lengths; higher is more plausible.
    pub(crate) per_char: f64,
    /// The whole text's score.
    pub(crate) total: f64,
}

thread_local! {
    /// The scores of the line being repaired (see [`forget`]).
    static SCORED: RefCell<HashMap<String, TextScore, foldhash::fast::RandomState>> =
        RefCell::new(HashMap::default());
}

/// Forgets what was scored: called before each line, so that what is kept is bounded by what
/// one line asks.
pub(crate) fn forget() {
    SCORED.with(|s| s.borrow_mut().clear());
}

/// The library's plausibility model's score of `text`.
pub(crate) fn score(text: &str) -> TextScore {
    if let Some(known) = SCORED.with(|s| s.borrow().get(text).cloned()) {
        return known;
    }
    let scored = crate::plausibility::score(text);
    SCORED.with(|s| s.borrow_mut().insert(text.to_string(), scored.clone()));
    scored
}

/// How plausible `text` is, in the terms repair decides by.
pub(crate) fn plausibility(text: &str) -> Plausibility {
    let s = score(text);
    Plausibility {
        per_char: s.per_char(),
        total: s.total(),
    }
}
