//! What each word of a text costs in each alphabetic language of its script: most of the time a
//! score takes. Words recur, within a text and across the texts scored for one input (the
//! readings detection races over growing cuts of a sample, the candidates repair tries for a
//! line, which share most of their words), so each thread keeps the costs of the words it has
//! priced, and a word seen before is looked up, not priced again: its costs are the same sums,
//! made in the same order, either way.

use super::model::{ABSENT, LEVEL_COST, NONE, ScriptLangs};
use super::tokens::{Kind, Token};
use hashbrown::HashTable;
use icu_properties::props::Script;
use std::cell::RefCell;
use std::ops::Range;

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
/// order of the models. Keys and costs are kept end to end in two lists, the table holds where
/// (no allocation for a word once the lists have grown).
#[derive(Default)]
struct Store {
    table: HashTable<Entry>,
    keys: Vec<Packed>,
    costs: Vec<f64>,
    key: Vec<Packed>,
    /// Room for each language's previous token while a word is priced.
    prev: Vec<u8>,
}

/// The multiplier of the store's hash of a key (odd, from the golden ratio), which is mixed in
/// while the key is made.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Where a word's key and costs are in the store's lists.
#[derive(Clone, Copy)]
struct Entry {
    hash: u64,
    key: u32,
    len: u32,
    costs: u32,
}

/// A token as the store knows it, in one word (or, first in a key, the place of the
/// languages' script in `Models::scripts`).
type Packed = u32;

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

/// Everything of a token that its cost in the languages of `script` depends on: its letter,
/// its kind, whether it follows a letter, and how its script stands to theirs (which prices a
/// letter they lack, [`oov_cost`]).
fn pack(t: &Token, script: Script) -> Packed {
    let kind = match t.kind {
        Kind::Letter => 0,
        Kind::Boundary => 1,
        Kind::Other => 2,
    };
    let class = if t.script == script {
        0
    } else if t.script == Script::Latin {
        1
    } else {
        2
    };
    u32::from(t.alpha) | kind << 16 | u32::from(t.after_letter) << 18 | class << 19
}

impl Store {
    /// Adds the cost of `word` in each language of `table` to the rows of `out`, from the store
    /// or priced now.
    fn add(&mut self, table: &ScriptLangs, word: &[Token], out: &mut WordCosts) {
        let n = table.langs.len();
        self.key.clear();
        self.key.push(1 << 31 | table.id);
        let mut hash = u64::from(table.id);
        for t in word {
            let p = pack(t, table.script);
            self.key.push(p);
            hash = (hash.rotate_left(23) ^ u64::from(p)).wrapping_mul(MIX);
        }
        // The table reads the low bits and the top seven: both from every token.
        hash ^= hash >> 32;
        let (keys, key) = (&self.keys, self.key.as_slice());
        let found = self.table.find(hash, |e| {
            e.len as usize == key.len()
                && keys[e.key as usize..][..key.len()]
                    .iter()
                    .zip(key)
                    .all(|(a, b)| a == b)
        });
        if let Some(e) = found {
            out.push(&self.costs[e.costs as usize..][..n], word.len());
            return;
        }
        if self.table.len() >= KEPT_WORDS {
            self.table.clear();
            self.keys.clear();
            self.costs.clear();
        }
        let entry = Entry {
            hash,
            key: self.keys.len() as u32,
            len: key.len() as u32,
            costs: self.costs.len() as u32,
        };
        self.keys.extend_from_slice(key);
        self.costs.resize(self.costs.len() + n, 0.0);
        let costs = &mut self.costs[entry.costs as usize..];
        price_word(table, word, costs, &mut self.prev);
        out.push(costs, word.len());
        self.table.insert_unique(hash, entry, |e| e.hash);
    }
}

/// What each word of a group costs in each of its languages: one row per word, in the order of
/// the text, each with the word's cost in every language (in the order of the languages), and
/// the word's number of tokens. One table, not a list per language: a word's costs are copied
/// in one go. Each language's sum over the words is kept as the rows come.
#[derive(Default)]
pub(super) struct WordCosts {
    langs: usize,
    costs: Vec<f64>,
    lens: Vec<usize>,
    sums: Vec<f64>,
}

impl WordCosts {
    /// Empties the table for a group priced in `langs` languages (its room is kept).
    fn reset(&mut self, langs: usize) {
        self.langs = langs;
        self.costs.clear();
        self.lens.clear();
        self.sums.clear();
        // What `Iterator::sum` starts from, so that each sum is the same f64 as the sum of
        // the language's column.
        let zero: f64 = std::iter::empty::<f64>().sum();
        self.sums.resize(langs, zero);
    }

    fn push(&mut self, costs: &[f64], len: usize) {
        debug_assert_eq!(costs.len(), self.langs);
        self.costs.extend_from_slice(costs);
        self.lens.push(len);
        for (sum, &c) in self.sums.iter_mut().zip(costs) {
            *sum += c;
        }
    }

    /// The cost of each word in the language at `lang`, in the order of the text.
    #[cfg(test)]
    pub fn of(&self, lang: usize) -> impl Iterator<Item = f64> + '_ {
        self.costs
            .iter()
            .skip(lang)
            .step_by(self.langs.max(1))
            .copied()
    }

    /// Each word's costs, in the order of the languages, a row per word in the order of the
    /// text.
    pub fn rows(&self) -> impl Iterator<Item = &[f64]> {
        self.costs.chunks_exact(self.langs.max(1))
    }

    /// The sum of [`WordCosts::of`] (added in the order of the words).
    pub fn sum(&self, lang: usize) -> f64 {
        self.sums[lang]
    }

    /// The number of tokens of each word, in the order of the text.
    pub fn lens(&self) -> &[usize] {
        &self.lens
    }
}

/// Fills `out` with the cost of each word of `words` (ranges of `tokens`: its letters and the
/// token that ends it) in each language of `table`, with the word's number of tokens.
pub(super) fn word_costs_all(
    table: &ScriptLangs,
    tokens: &[Token],
    words: &[Range<u32>],
    out: &mut WordCosts,
) {
    out.reset(table.langs.len());
    STORE.with_borrow_mut(|store| {
        for w in words {
            store.add(table, &tokens[w.start as usize..w.end as usize], out);
        }
    });
}

/// A language's previous token when it was a letter the language lacks.
const GONE: u8 = ABSENT;

/// The cost of one word in every language of `table`, into `out`: in each language its
/// tokens' costs added in turn, from the boundary (`prev` is room for each language's
/// previous token: 0 the boundary, else a letter, `GONE` after a letter it lacks).
fn price_word(table: &ScriptLangs, word: &[Token], out: &mut [f64], prev: &mut Vec<u8>) {
    let n = table.langs.len();
    prev.clear();
    prev.resize(n, 0);
    out.fill(0.0);
    // Each language's cost, previous token and table, side by side: the loops below walk them
    // together rather than look each up by its place (this is the inner loop of a score).
    let langs = || table.start.iter().zip(&table.size);
    for t in word {
        if t.kind != Kind::Letter {
            if t.after_letter {
                for ((cost, &p), (&start, &size)) in out.iter_mut().zip(prev.iter()).zip(langs()) {
                    *cost += match p {
                        GONE => 1.0,
                        p => level(table, start + usize::from(p) * size),
                    };
                }
            }
            prev.fill(0);
            continue;
        }
        let oov = oov_cost(table.script, t.script);
        if t.alpha == NONE {
            for cost in out.iter_mut() {
                *cost += oov;
            }
            prev.fill(GONE);
            continue;
        }
        let a = usize::from(t.alpha) * n;
        let tokens = &table.token[a..a + n];
        for (((cost, p), &tok), (&start, &size)) in
            out.iter_mut().zip(prev.iter_mut()).zip(tokens).zip(langs())
        {
            if tok == ABSENT {
                *cost += oov;
                *p = GONE;
            } else {
                let from = match *p {
                    GONE => 0,
                    p => usize::from(p),
                };
                *cost += level(table, start + from * size + usize::from(tok));
                *p = tok;
            }
        }
    }
}

/// The bigram cost at `at` of `table`'s levels (a language's start, plus the previous token
/// times its size, plus the token).
#[inline]
fn level(table: &ScriptLangs, at: usize) -> f64 {
    f64::from(LEVEL_COST[usize::from(table.levels[at])])
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

/// How many words this thread keeps the costs of.
#[cfg(test)]
pub(super) fn kept() -> usize {
    STORE.with_borrow(|s| s.table.len())
}
