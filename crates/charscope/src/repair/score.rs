//! The one door to the plausibility model: every repair decision scores text through [`score`]
//! or [`plausibility`], which remember what they scored (the same words and lines are asked
//! about again and again by the candidates of a line, and the same short places, "é " or "Ã© ",
//! by line after line).

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

/// The texts scored on a thread lately, with their scores, and the bytes the texts take.
#[derive(Default)]
struct Kept {
    scores: HashMap<String, TextScore, foldhash::fast::RandomState>,
    bytes: usize,
}

thread_local! {
    static SCORED: RefCell<Kept> = RefCell::new(Kept::default());
}

/// Texts a thread keeps the scores of, and the bytes they may take: past either, the store is
/// emptied and fills again. Most texts scored are a line or the places of one, a few dozen
/// bytes, so the count bounds it; a text of long pieces of lines is bounded by its bytes.
const KEPT_TEXTS: usize = 4096;
const KEPT_BYTES: usize = 1 << 20;

/// The library's plausibility model's score of `text`.
pub(crate) fn score(text: &str) -> TextScore {
    if let Some(known) = SCORED.with(|s| s.borrow().scores.get(text).cloned()) {
        return known;
    }
    let scored = crate::plausibility::score(text);
    SCORED.with(|s| {
        let mut s = s.borrow_mut();
        if s.scores.len() >= KEPT_TEXTS || s.bytes + text.len() > KEPT_BYTES {
            s.scores.clear();
            s.bytes = 0;
        }
        s.bytes += text.len();
        s.scores.insert(text.to_string(), scored.clone());
    });
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
