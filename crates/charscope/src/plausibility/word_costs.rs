//! What each word of a text costs in each alphabetic language of its script: most of the time a
//! score takes.

use super::model::{ABSENT, Alphabetic, NONE};
use super::tokens::{Kind, Token};
use icu_properties::props::Script;

/// Bits for a letter of the language's own script that the language does not use.
pub(super) const OOV_SAME_SCRIPT: f64 = 15.0;
/// Bits for a Latin letter missing from a non-Latin language (foreign words are common).
pub(super) const OOV_LATIN: f64 = 12.0;
/// Bits for a letter of another script.
pub(super) const OOV_OTHER_SCRIPT: f64 = 18.0;

/// The cost of each word (its letters and the token that ends it) in each language of `langs`,
/// which are the alphabetic languages of `script`, with the word's number of tokens: one list per
/// language, in the order of `langs`.
pub(super) fn word_costs_all(
    script: Script,
    langs: &[&Alphabetic],
    tokens: &[Token],
) -> Vec<Vec<(f64, usize)>> {
    debug_assert!(langs.iter().all(|l| l.script == script));
    let words = tokens.iter().filter(|t| t.kind != Kind::Letter).count() + 1;
    // One list per language, each with room for every word (`vec![v; n]` would clone `v`
    // without its capacity, and each list would grow a word at a time).
    let mut out: Vec<Vec<(f64, usize)>> = (0..langs.len())
        .map(|_| Vec::with_capacity(words))
        .collect();
    for word in tokens.split_inclusive(|t| t.kind != Kind::Letter) {
        for (list, lang) in out.iter_mut().zip(langs) {
            list.push((word_cost(lang, word), word.len()));
        }
    }
    out
}

/// The cost of one word in one language: its tokens' costs added in turn, from the boundary.
pub(super) fn word_cost(lang: &Alphabetic, word: &[Token]) -> f64 {
    let mut prev = Some(0);
    let mut cost = 0.0f64;
    for t in word {
        cost += token_cost(lang, t, &mut prev);
    }
    cost
}

/// The cost in bits of a letter missing from a language of `lang_script`.
pub(super) fn oov_cost(lang_script: Script, letter_script: Script) -> f64 {
    if letter_script == lang_script {
        OOV_SAME_SCRIPT
    } else if letter_script == Script::Latin {
        OOV_LATIN
    } else {
        OOV_OTHER_SCRIPT
    }
}

/// The cost in bits of one token in an alphabetic language, given the token before it in the
/// word (`prev`: 0 the boundary, else a letter; None after a letter the language lacks), which
/// it updates.
fn token_cost(lang: &Alphabetic, t: &Token, prev: &mut Option<usize>) -> f64 {
    let n = lang.size;
    match t.kind {
        Kind::Letter => {
            let tok = if t.alpha == NONE {
                ABSENT
            } else {
                lang.token[usize::from(t.alpha)]
            };
            if tok == ABSENT {
                *prev = None;
                oov_cost(lang.script, t.script)
            } else {
                let tok = usize::from(tok);
                let cost = f64::from(lang.costs[prev.unwrap_or(0) * n + tok]);
                *prev = Some(tok);
                cost
            }
        }
        Kind::Boundary | Kind::Other => {
            let cost = if t.after_letter {
                match *prev {
                    Some(p) => f64::from(lang.costs[p * n]),
                    None => 1.0,
                }
            } else {
                0.0
            };
            *prev = Some(0);
            cost
        }
    }
}
