//! The words of a text grouped by script, and each group priced in the languages of its
//! script: the cheapest language, the best mixture of two, and the main group's languages.

use super::model::{Models, NONE};
use super::tokens::{self, Kind, Token};
use super::word_costs::{OOV_OTHER_SCRIPT, WordCosts, word_costs_all};
use super::{LATIN_IN_CJK, MIX_BITS, OOV_CJK, SCRIPT_SWITCH, UNMODELLED_SCRIPT};
use icu_properties::props::Script;
use std::ops::Range;

/// The words of one script (Chinese, Japanese and Korean together, as Han): each word is a
/// range of the text's tokens, its letters and the token that ends it.
pub(super) struct Group {
    script: Script,
    words: Vec<Range<u32>>,
    /// How many tokens the words have.
    tokens: usize,
    letters: usize,
}

/// What grouping and pricing reuse from one text to the next on a thread (so that a score
/// allocates nothing once the thread has scored a text of the size before).
#[derive(Default)]
pub(super) struct Room {
    groups: Vec<Group>,
    spare: Vec<Vec<Range<u32>>>,
    words: WordCosts,
    results: Vec<(&'static str, f64, f64)>,
    order: Vec<usize>,
    sorted: Vec<(&'static str, f64, f64)>,
    cjk: Vec<(f64, f64)>,
    gains: Vec<f64>,
    /// The main group's cheapest languages (at most [`RANKED`]) with their costs, cheapest
    /// first.
    pub main: Vec<(&'static str, f64)>,
}

impl Room {
    /// Groups the words of `tokens` by their script, the group with the most letters first:
    /// each group gets its own language (a Thai page with English markup is Thai words and
    /// English words, not one language for both).
    pub fn group_words(&mut self, tokens: &[Token]) {
        for mut g in self.groups.drain(..) {
            g.words.clear();
            self.spare.push(g.words);
        }
        let mut start: Option<usize> = None;
        let mut word_script: Option<Script> = None;
        for (i, t) in tokens.iter().enumerate() {
            match t.kind {
                Kind::Letter => {
                    start.get_or_insert(i);
                    if word_script.is_none()
                        && !matches!(t.script, Script::Common | Script::Inherited)
                    {
                        word_script = Some(group_of(t.script));
                    }
                }
                Kind::Boundary | Kind::Other => {
                    if t.after_letter
                        && let Some(s) = start.take()
                    {
                        self.flush(s..i + 1, i - s, word_script.take());
                    }
                }
            }
        }
        if let Some(s) = start {
            self.flush(s..tokens.len(), tokens.len() - s, word_script);
        }
        self.groups.sort_by_key(|g| std::cmp::Reverse(g.letters));
    }

    /// Adds a word (`letters` letters) to the group of its script (Latin when it has none).
    fn flush(&mut self, word: Range<usize>, letters: usize, script: Option<Script>) {
        let key = script.unwrap_or(Script::Latin);
        let len = word.len();
        let range = word.start as u32..word.end as u32;
        match self.groups.iter_mut().find(|g| g.script == key) {
            Some(g) => {
                g.words.push(range);
                g.tokens += len;
                g.letters += letters;
            }
            None => {
                let mut words = self.spare.pop().unwrap_or_default();
                words.push(range);
                self.groups.push(Group {
                    script: key,
                    words,
                    tokens: len,
                    letters,
                });
            }
        }
    }

    /// `total` plus what each group of words scores in the language that prices it cheapest
    /// (less the switches of script); the main group's languages go to [`Room::main`].
    pub fn price_groups(&mut self, models: &Models, tokens: &[Token], mut total: f64) -> f64 {
        self.main.clear();
        for i in 0..self.groups.len() {
            let (words, counted) = (self.groups[i].words.len(), self.groups[i].tokens);
            if i > 0 {
                // Each word outside the main script is a switch of script.
                total -= SCRIPT_SWITCH * words as f64;
            }
            let mixture = self.price_group(models, tokens, i);
            match self.results.first() {
                Some(&(_, cost, expected)) => total += (expected - cost).max(mixture),
                // A script no model knows: each letter priced as a flat alphabet of 128
                // letters, with the doubt of the flat models.
                None => total -= UNMODELLED_SCRIPT * counted as f64,
            }
            if i == 0 {
                self.main.extend(self.results.iter().map(|r| (r.0, r.1)));
            }
        }
        total
    }

    /// Fills `results` with (code, cost, expected cost) of the cheapest languages (at most
    /// [`RANKED`]) that write the script of group `g`, cheapest first; returns the score of the
    /// best mixture of two of them (minus infinity if there is none).
    fn price_group(&mut self, models: &Models, tokens: &[Token], g: usize) -> f64 {
        let group = &self.groups[g];
        self.results.clear();
        let counted = group.tokens as f64;
        let mut langs = None;
        if group.script == Script::Han {
            cjk_costs(models, tokens, &group.words, &mut self.cjk);
            for (lang, &(cost, expected)) in models.cjk.iter().zip(&self.cjk) {
                self.results.push((lang.code, cost, expected));
            }
        } else if let Some(table) = models.script_langs(group.script) {
            word_costs_all(table, tokens, &group.words, &mut self.words);
            for (k, &i) in table.langs.iter().enumerate() {
                let lang = &models.alphabetic[i];
                let cost = self.words.sum(k);
                self.results.push((lang.code, cost, lang.entropy * counted));
            }
            langs = Some(&table.langs);
        }
        cheapest_first(&self.results, &mut self.order);
        // The mixture is of alphabetic languages only.
        let mixture = match langs {
            Some(langs) => self.best_mixture(models, langs),
            None => f64::NEG_INFINITY,
        };
        self.sorted.clear();
        self.sorted
            .extend(self.order.iter().map(|&i| self.results[i]));
        std::mem::swap(&mut self.results, &mut self.sorted);
        mixture
    }

    /// The score of the best pair of languages taking each word in turn (English markup
    /// around Turkish text), each word paying [`MIX_BITS`] for the choice; minus infinity if
    /// there are not two languages. `results` and `words` are in the order of `langs`,
    /// `order` says which is cheapest ([`cheapest_first`]).
    fn best_mixture(&mut self, models: &Models, langs: &[usize]) -> f64 {
        let order = &self.order[..self.order.len().min(RANKED)];
        if order.len() < 2 {
            return f64::NEG_INFINITY;
        }
        // What each word scores in each of the (at most 4) cheapest languages, a row per word.
        let m = order.len();
        let gains = &mut self.gains;
        gains.clear();
        for (row, &n) in self.words.rows().zip(self.words.lens()) {
            gains.extend(order.iter().map(|&a| {
                let h = models.alphabetic[langs[a]].entropy;
                h * n as f64 - row[a]
            }));
        }
        let mut best = f64::NEG_INFINITY;
        for i in 0..m {
            for j in i + 1..m {
                // Added in the order of the words, from what `Iterator::sum` starts from.
                let mut score: f64 = std::iter::empty::<f64>().sum();
                for g in gains.chunks_exact(m) {
                    score += g[i].max(g[j]) - MIX_BITS;
                }
                best = best.max(score);
            }
        }
        best
    }
}

/// How many of a group's languages are ranked: the mixture looks at the four cheapest, and
/// the score of a text at the two cheapest of its main group, so the others need no place.
const RANKED: usize = 4;

/// The places of the [`RANKED`] cheapest of `results` by cost, cheapest first, equal costs in
/// their order (what a stable sort by `f64::total_cmp` gives, cut after [`RANKED`]: one order
/// for the mixture and the results). A language that costs no less than the last of a full
/// ranking is passed over with one comparison: there are some 30 languages, and most calls of
/// `score` are on short lines, where ranking them all was a tenth of a score.
fn cheapest_first(results: &[(&'static str, f64, f64)], order: &mut Vec<usize>) {
    order.clear();
    for (i, r) in results.iter().enumerate() {
        if order.len() == RANKED && !results[order[RANKED - 1]].1.total_cmp(&r.1).is_gt() {
            continue;
        }
        let mut at = order.len();
        while at > 0 && results[order[at - 1]].1.total_cmp(&r.1).is_gt() {
            at -= 1;
        }
        order.insert(at, i);
        order.truncate(RANKED);
    }
}

/// The group a script's words are scored in: Chinese, Japanese and Korean scripts together.
fn group_of(s: Script) -> Script {
    if tokens::is_cjk_script(s) {
        Script::Han
    } else {
        s
    }
}

/// The cost in bits of the words (ranges of `tokens`) in each of Chinese, Japanese and Korean
/// (in the order of `Models::cjk`), each with the cost typical text of the same length would
/// have, into `out`: each character is looked up once for all three. A letter the language
/// lacks costs [`OOV_CJK`] when it is Chinese, Japanese or Korean, the language's entropy plus
/// [`LATIN_IN_CJK`] when it is Latin (names, words in English), [`OOV_OTHER_SCRIPT`] else.
fn cjk_costs(models: &Models, tokens: &[Token], words: &[Range<u32>], out: &mut Vec<(f64, f64)>) {
    let n = models.cjk.len();
    out.clear();
    out.resize(n, (0.0, 0.0));
    for t in words
        .iter()
        .flat_map(|w| &tokens[w.start as usize..w.end as usize])
    {
        match t.kind {
            Kind::Letter => {
                let row = (t.cjk != NONE).then(|| usize::from(t.cjk) * n);
                for (k, (lang, (cost, expected))) in
                    models.cjk.iter().zip(out.iter_mut()).enumerate()
                {
                    *expected += lang.entropy;
                    let known = row.map_or(-1.0, |r| models.cjk_costs[r + k]);
                    *cost += if known >= 0.0 {
                        f64::from(known)
                    } else if tokens::is_cjk_script(t.script) {
                        OOV_CJK
                    } else if t.script == Script::Latin {
                        lang.entropy + LATIN_IN_CJK
                    } else {
                        OOV_OTHER_SCRIPT
                    };
                }
            }
            Kind::Boundary | Kind::Other => {
                if t.after_letter {
                    for (lang, (cost, expected)) in models.cjk.iter().zip(out.iter_mut()) {
                        *cost += lang.entropy;
                        *expected += lang.entropy;
                    }
                }
            }
        }
    }
}
