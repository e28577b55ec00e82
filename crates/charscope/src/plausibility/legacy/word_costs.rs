//! What each word of a text costs in each alphabetic language of its script: most of the time a
//! score takes. Words recur, within a text and across the texts scored for one input (the
//! readings detection races over growing cuts of a sample, the candidates repair tries for a
//! line, which share most of their words), so each thread keeps the costs of the words it has
//! priced, and a word seen before is looked up, not priced again: its costs are the same sums,
//! made in the same order, either way.

use super::tokens::{Kind, Token};
use crate::plausibility::model::{ABSENT, Alphabetic, NONE};
use icu_properties::props::Script;
use std::cell::RefCell;
use std::collections::HashMap;

/// Bits for a letter of the language's own script that the language does not use.
pub(super) const OOV_SAME_SCRIPT: f64 = 15.0;
/// Bits for a Latin letter missing from a non-Latin language (foreign words are common).
pub(super) const OOV_LATIN: f64 = 12.0;
/// Bits for a letter of another script.
pub(super) const OOV_OTHER_SCRIPT: f64 = 18.0;

/// Words a thread keeps the costs of; past it, the store is emptied and fills again (a few
/// hundred KiB at most).
const KEPT_WORDS: usize = 4096;

/// The words priced on this thread: the key is the script of the languages, then each token of
/// the word ([`pack`]); the value is the word's cost in each language of that script, in the
/// order of the models.
#[derive(Default)]
struct Store {
    words: HashMap<Vec<Packed>, Box<[f64]>, foldhash::fast::RandomState>,
    key: Vec<Packed>,
}

/// A token as the store knows it (or, first in a key, the script of the languages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Packed {
    bits: u32,
    script: Script,
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

/// Everything of a token that its cost in a language depends on.
fn pack(t: &Token) -> Packed {
    let kind = match t.kind {
        Kind::Letter => 0,
        Kind::Boundary => 1,
        Kind::Other => 2,
    };
    Packed {
        bits: u32::from(t.alpha) | kind << 16 | u32::from(t.after_letter) << 18,
        script: t.script,
    }
}

impl Store {
    /// Adds the cost of `word` in each language of `langs` (those of `script`) to the lists of
    /// `out`, from the store or priced now.
    fn add(&mut self, script: Script, langs: &[&Alphabetic], word: &[Token], out: &mut WordCosts) {
        self.key.clear();
        self.key.push(Packed {
            bits: u32::MAX,
            script,
        });
        self.key.extend(word.iter().map(pack));
        if let Some(costs) = self.words.get(self.key.as_slice()) {
            out.push(costs, word.len());
            return;
        }
        let costs: Box<[f64]> = langs.iter().map(|lang| word_cost(lang, word)).collect();
        out.push(&costs, word.len());
        if self.words.len() >= KEPT_WORDS {
            self.words.clear();
        }
        self.words.insert(self.key.clone(), costs);
    }
}

/// What each word of a group costs in each of its languages: one row per word, in the order of
/// the text, each with the word's cost in every language (in the order of the languages), and
/// the word's number of tokens. One table, not a list per language: a word's costs are copied
/// in one go.
pub(super) struct WordCosts {
    langs: usize,
    costs: Vec<f64>,
    lens: Vec<usize>,
}

impl WordCosts {
    fn with_capacity(langs: usize, words: usize) -> WordCosts {
        WordCosts {
            langs,
            costs: Vec::with_capacity(langs * words),
            lens: Vec::with_capacity(words),
        }
    }

    fn push(&mut self, costs: &[f64], len: usize) {
        debug_assert_eq!(costs.len(), self.langs);
        self.costs.extend_from_slice(costs);
        self.lens.push(len);
    }

    /// The cost of each word in the language at `lang`, in the order of the text.
    pub fn of(&self, lang: usize) -> impl Iterator<Item = f64> + '_ {
        self.costs
            .iter()
            .skip(lang)
            .step_by(self.langs.max(1))
            .copied()
    }

    /// The number of tokens of each word, in the order of the text.
    pub fn lens(&self) -> &[usize] {
        &self.lens
    }
}

/// The cost of each word (its letters and the token that ends it) in each language of `langs`,
/// which are the alphabetic languages of `script` (the store knows them by their script), with
/// the word's number of tokens.
pub(super) fn word_costs_all(script: Script, langs: &[&Alphabetic], tokens: &[Token]) -> WordCosts {
    debug_assert!(langs.iter().all(|l| l.script == script));
    let words = tokens.iter().filter(|t| t.kind != Kind::Letter).count() + 1;
    let mut out = WordCosts::with_capacity(langs.len(), words);
    STORE.with_borrow_mut(|store| {
        for word in tokens.split_inclusive(|t| t.kind != Kind::Letter) {
            store.add(script, langs, word, &mut out);
        }
    });
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

/// How many words this thread keeps the costs of.
#[cfg(test)]
pub(super) fn kept() -> usize {
    STORE.with_borrow(|s| s.words.len())
}
