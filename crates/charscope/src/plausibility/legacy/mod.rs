//! The scorer as it was before issue 33's third round, kept while the new one is proven to give
//! bit-identical scores (`differential` in the tests); removed after.
#![allow(dead_code, clippy::all)]

mod tokens;
mod word_costs;

use crate::plausibility::TextScore;
use crate::plausibility::model::{self, ABSENT, Models, NONE, models};
use icu_properties::props::Script;
use tokens::{Kind, Token};
use word_costs::oov_cost;
use word_costs::{OOV_OTHER_SCRIPT, WordCosts, word_costs_all};
/// Bits for a Chinese, Japanese or Korean character that the language's table lacks.
const OOV_CJK: f64 = 16.0;
/// Bits for each word of a text read as a mixture of two languages.
const MIX_BITS: f64 = 1.0;
/// Bits for each word written in another script than the text's main one.
const SCRIPT_SWITCH: f64 = 4.0;
/// Bits below typical text for each token of a script no model knows.
const UNMODELLED_SCRIPT: f64 = 2.0;
/// Bits added to each Latin letter in Chinese, Japanese or Korean text.
const LATIN_IN_CJK: f64 = 1.0;
/// Bits, in the cheapest language, by which it must beat the next for [`TextScore::language`].
const LANGUAGE_MARGIN: f64 = 2.0;

/// How plausible a text is as human writing, from letter statistics of its languages.
pub fn score(text: &str) -> TextScore {
    let models = models();
    let (tokens, counts) = tokens::tokenize(models, text);
    let chars = scored_chars(&tokens);
    let extra: f64 = tokens.iter().map(|t| f64::from(t.extra)).sum();
    let groups = group_words(&tokens);
    let (total, main) = price_groups(models, &groups, -extra);
    let per_char = if chars == 0 {
        0.0
    } else {
        total / chars as f64
    };
    text_score(per_char, chars, &main, counts)
}

/// How many tokens are scored: letters, other characters, and the boundaries that end a word.
fn scored_chars(tokens: &[Token]) -> usize {
    tokens
        .iter()
        .filter(|t| match t.kind {
            Kind::Letter | Kind::Other => true,
            Kind::Boundary => t.after_letter,
        })
        .count()
}

/// The words of one script (Chinese, Japanese and Korean together, as Han), each with the token
/// that ends it.
struct Group {
    script: Script,
    tokens: Vec<Token>,
    letters: usize,
    words: usize,
}

/// The words of `tokens` grouped by their script, the group with the most letters first: each
/// group gets its own language (a Thai page with English markup is Thai words and English
/// words, not one language for both).
fn group_words(tokens: &[Token]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut word: Vec<Token> = Vec::with_capacity(32);
    let mut word_script: Option<Script> = None;
    let mut flush = |word: &mut Vec<Token>, script: &mut Option<Script>| {
        if word.is_empty() {
            return;
        }
        let key = script.take().unwrap_or(Script::Latin);
        let letters = word.iter().filter(|t| t.kind == Kind::Letter).count();
        match groups.iter_mut().find(|g| g.script == key) {
            Some(g) => {
                g.tokens.append(word);
                g.letters += letters;
                g.words += 1;
            }
            None => {
                // Room for every token at once: a group grows a word at a time otherwise.
                let mut toks = Vec::with_capacity(tokens.len());
                toks.append(word);
                groups.push(Group {
                    script: key,
                    tokens: toks,
                    letters,
                    words: 1,
                });
            }
        }
    };
    for t in tokens {
        match t.kind {
            Kind::Letter => {
                if word_script.is_none() && !matches!(t.script, Script::Common | Script::Inherited)
                {
                    word_script = Some(group_of(t.script));
                }
                word.push(*t);
            }
            Kind::Boundary | Kind::Other => {
                if t.after_letter {
                    word.push(*t);
                    flush(&mut word, &mut word_script);
                }
            }
        }
    }
    flush(&mut word, &mut word_script);
    groups.sort_by_key(|g| std::cmp::Reverse(g.letters));
    groups
}

/// `total` plus what each group of words scores in the language that prices it cheapest (less
/// the switches of script), and the main group's languages with their costs, cheapest first.
fn price_groups(
    models: &Models,
    groups: &[Group],
    mut total: f64,
) -> (f64, Vec<(&'static str, f64)>) {
    let mut main: Vec<(&'static str, f64)> = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            // Each word outside the main script is a switch of script.
            total -= SCRIPT_SWITCH * group.words as f64;
        }
        let (results, mixture) = price_group(models, group);
        match results.first() {
            Some(&(_, cost, expected)) => total += (expected - cost).max(mixture),
            // A script no model knows: each letter priced as a flat alphabet of 128 letters,
            // with the doubt of the flat models.
            None => total -= UNMODELLED_SCRIPT * group.tokens.len() as f64,
        }
        if i == 0 {
            main = results.iter().map(|r| (r.0, r.1)).collect();
        }
    }
    (total, main)
}

/// (code, cost, expected cost) of each language that writes the group's script, cheapest first,
/// and the score of the best mixture of two of them (minus infinity if there is none).
fn price_group(models: &Models, group: &Group) -> (Vec<(&'static str, f64, f64)>, f64) {
    let room = models.alphabetic.len().max(models.cjk.len());
    let mut results: Vec<(&'static str, f64, f64)> = Vec::with_capacity(room);
    let mut mixture = f64::NEG_INFINITY;
    let counted = group.tokens.len() as f64;
    if group.script == Script::Han {
        for lang in &models.cjk {
            let (cost, expected) = cjk_cost(lang, None, &group.tokens);
            results.push((lang.code, cost, expected));
        }
    } else {
        let mut langs: Vec<&model::Alphabetic> = Vec::with_capacity(room);
        langs.extend(
            models
                .alphabetic
                .iter()
                .filter(|l| l.script == group.script),
        );
        let words = word_costs_all(group.script, &langs, &group.tokens);
        for (i, lang) in langs.iter().enumerate() {
            let cost: f64 = words.of(i).sum();
            results.push((lang.code, cost, lang.entropy * counted));
        }
        mixture = best_mixture(&results, &langs, &words);
    }
    results.sort_by(|a, b| a.1.total_cmp(&b.1));
    (results, mixture)
}

/// The score of a text from its bits per character, the main group's languages (cheapest
/// first) and the counts of its tokens.
fn text_score(
    per_char: f64,
    chars: usize,
    main: &[(&'static str, f64)],
    counts: tokens::Counts,
) -> TextScore {
    let best_language = main.first().map(|r| r.0);
    let stands_out = match (main.first(), main.get(1)) {
        (Some(a), Some(b)) => b.1 - a.1 >= LANGUAGE_MARGIN,
        (Some(_), None) => true,
        _ => false,
    };
    let language = best_language.filter(|_| stands_out && per_char > -3.0);
    let (script, script_letters) = match counts.scripts.first() {
        Some(&(s, n)) => (script_name(s), n),
        None => (None, 0),
    };
    TextScore {
        per_char,
        chars,
        language,
        best_language,
        letters: counts.letters,
        case_breaks: counts.case_breaks,
        script_breaks: counts.script_breaks,
        suspicious: counts.suspicious,
        symbols: counts.symbols,
        script,
        script_letters,
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

fn script_name(s: Script) -> Option<&'static str> {
    icu_properties::PropertyNamesLong::<Script>::new().get(s)
}

/// The cost of each word (its letters and the boundary that ends it) in an alphabetic language,
/// with its number of tokens.
fn word_costs(lang: &model::Alphabetic, tokens: &[Token]) -> Vec<(f64, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != Kind::Letter || i + 1 == tokens.len() {
            out.push((alphabetic_cost(lang, &tokens[start..=i]), i + 1 - start));
            start = i + 1;
        }
    }
    out
}

/// The score of the best pair of languages taking each word in turn (English markup around
/// Turkish text), each word paying [`MIX_BITS`] for the choice; minus infinity if there are not
/// two languages.
fn best_mixture(
    results: &[(&'static str, f64, f64)],
    langs: &[&model::Alphabetic],
    words: &WordCosts,
) -> f64 {
    let mut order: Vec<usize> = (0..results.len()).collect();
    order.sort_by(|&a, &b| results[a].1.total_cmp(&results[b].1));
    order.truncate(4);
    let mut best = f64::NEG_INFINITY;
    for (i, &a) in order.iter().enumerate() {
        for &b in &order[i + 1..] {
            let (ha, hb) = (langs[a].entropy, langs[b].entropy);
            let score: f64 = words
                .of(a)
                .zip(words.of(b))
                .zip(words.lens())
                .map(|((ca, cb), &n)| (ha * n as f64 - ca).max(hb * n as f64 - cb) - MIX_BITS)
                .sum();
            best = best.max(score);
        }
    }
    best
}

/// The cost in bits of the tokens in an alphabetic language (language-independent extras aside).
fn alphabetic_cost(lang: &model::Alphabetic, tokens: &[Token]) -> f64 {
    // The previous token: 0 the boundary, else a letter; None after a letter the language lacks.
    let mut prev: Option<usize> = Some(0);
    let mut cost = 0.0f64;
    let n = lang.size;
    for t in tokens {
        match t.kind {
            Kind::Letter => {
                let tok = if t.alpha == NONE {
                    ABSENT
                } else {
                    lang.token[usize::from(t.alpha)]
                };
                if tok == ABSENT {
                    cost += oov_cost(lang.script, t.script);
                    prev = None;
                } else {
                    let tok = usize::from(tok);
                    cost += f64::from(lang.costs[prev.unwrap_or(0) * n + tok]);
                    prev = Some(tok);
                }
            }
            Kind::Boundary | Kind::Other => {
                if t.after_letter {
                    cost += match prev {
                        Some(p) => f64::from(lang.costs[p * n]),
                        None => 1.0,
                    };
                }
                prev = Some(0);
            }
        }
    }
    cost
}

/// The cost in bits of the tokens in Chinese, Japanese or Korean, and the cost typical text of
/// the same length would have. Latin letters (names, words in English) are priced by the
/// English model plus [`LATIN_IN_CJK`] bits.
fn cjk_cost(
    lang: &model::Cjk,
    english: Option<&model::Alphabetic>,
    tokens: &[Token],
) -> (f64, f64) {
    let mut cost = 0.0f64;
    let mut expected = 0.0f64;
    // The previous English token while in a Latin word (0 = boundary).
    let mut latin_prev: Option<usize> = None;
    for t in tokens {
        match t.kind {
            Kind::Letter => {
                let en_token = english.and_then(|en| {
                    (t.script == Script::Latin && t.alpha != NONE)
                        .then(|| en.token[usize::from(t.alpha)])
                        .filter(|&tok| tok != ABSENT)
                        .map(|tok| (en, usize::from(tok)))
                });
                if let Some((en, tok)) = en_token {
                    cost +=
                        f64::from(en.costs[latin_prev.unwrap_or(0) * en.size + tok]) + LATIN_IN_CJK;
                    expected += en.entropy;
                    latin_prev = Some(tok);
                    continue;
                }
                latin_prev = None;
                expected += lang.entropy;
                let known = if t.cjk == NONE {
                    -1.0
                } else {
                    lang.cost[usize::from(t.cjk)]
                };
                cost += if known >= 0.0 {
                    f64::from(known)
                } else if tokens::is_cjk_script(t.script) {
                    OOV_CJK
                } else if t.script == Script::Latin {
                    lang.entropy + LATIN_IN_CJK
                } else {
                    OOV_OTHER_SCRIPT
                };
            }
            Kind::Boundary | Kind::Other => {
                if t.after_letter {
                    match (latin_prev, english) {
                        (Some(p), Some(en)) => {
                            cost += f64::from(en.costs[p * en.size]);
                            expected += en.entropy;
                        }
                        _ => {
                            cost += lang.entropy;
                            expected += lang.entropy;
                        }
                    }
                }
                latin_prev = None;
            }
        }
    }
    (cost, expected)
}
