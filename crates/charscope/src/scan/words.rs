//! The checks of one word that does not depend on where the word stands: whether it may pretend
//! to be an ASCII word (a candidate for `confusable`), or mixes scripts (`mixed-script`), or
//! neither. Prose repeats its words, so a [`WordCache`] keeps each distinct word's [`Verdict`]
//! and a text's scan analyses each word once.

use super::FoundChar;
use super::confusable::{self, ascii_skeleton, mixed_scripts};
use std::collections::HashMap;
use std::sync::Arc;

/// An ASCII letter, digit or `_`.
pub(super) fn is_ascii_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The end of the ASCII word characters of `bytes[from..to]` that start at `from`, and whether
/// there are letters among them.
pub(super) fn ascii_word_run(bytes: &[u8], from: usize, to: usize) -> (usize, bool) {
    let mut letters = false;
    let mut i = from;
    while i < to && is_ascii_word_byte(bytes[i]) {
        letters |= bytes[i].is_ascii_alphabetic();
        i += 1;
    }
    (i, letters)
}

/// The start of the ASCII word characters of `bytes` that end at `to`, and whether there are
/// letters among them.
pub(super) fn ascii_word_run_back(bytes: &[u8], to: usize) -> (usize, bool) {
    let mut letters = false;
    let mut i = to;
    while i > 0 && is_ascii_word_byte(bytes[i - 1]) {
        letters |= bytes[i - 1].is_ascii_alphabetic();
        i -= 1;
    }
    (i, letters)
}

/// The fewest characters a word written all in one non-Latin script must have to be reported
/// as looking like an ASCII word of the same text.
const MIN_WHOLE_SCRIPT_LOOKALIKE: usize = 4;

/// The most distinct words a cache keeps; later ones are analysed each time they occur.
const MAX_CACHED_WORDS: usize = 1 << 16;

/// Words longer than this many bytes are analysed each time (a run of Han characters between two
/// punctuation marks is a "word" that rarely repeats).
const MAX_CACHED_WORD_LEN: usize = 48;

/// A word whose skeleton is all ASCII: it is confusable if its ASCII twin is in the same text.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct CandidateWord {
    /// The word.
    pub word: Box<str>,
    /// Its UTS #39 skeleton.
    pub skeleton: Box<str>,
    /// The word with each character that is not ASCII replaced by its ASCII prototype (and
    /// default-ignorables dropped): how its twin is spelled.
    pub reading: Box<str>,
    /// Its finding when the text has no twin of it and it mixes scripts ([`mixed`]), worked out
    /// once per distinct word, not at each of its places.
    pub mixed: Option<MixedWord>,
}

/// A word that mixes scripts, as its finding reads wherever the word stands.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct MixedWord {
    /// The byte index in the word of the part (between underscores) that mixes scripts.
    pub byte_start: usize,
    /// The characters of the word before that part.
    pub column_shift: u64,
    /// The characters of the finding.
    pub chars: Vec<FoundChar>,
    /// The message of the finding.
    pub message: String,
}

/// What the word checks make of one word that has characters other than ASCII.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Nothing to report.
    Nothing,
    /// A word that may look like an ASCII word of the text.
    Candidate(Arc<CandidateWord>),
    /// A word that mixes scripts.
    Mixed(Arc<MixedWord>),
}

/// The characters of a word a finding names: those that are not ASCII, each once, eight at most.
pub(super) fn word_chars(word: &str) -> Vec<FoundChar> {
    let mut seen: Vec<char> = Vec::new();
    for c in word.chars().filter(|c| !c.is_ascii()) {
        if !seen.contains(&c) && seen.len() < 8 {
            seen.push(c);
        }
    }
    seen.into_iter().map(FoundChar::of).collect()
}

/// Whether a word of `chars` characters, all in one script, is too short to be reported as
/// looking like an ASCII word: its verdict is [`Verdict::Nothing`] (it mixes no scripts either).
pub(super) fn too_short_to_look_alike(chars: usize) -> bool {
    chars < MIN_WHOLE_SCRIPT_LOOKALIKE
}

/// The verdict on a word with characters that are not ASCII, computed afresh.
pub(super) fn analyse(word: &str) -> Verdict {
    if confusable::may_look_ascii(word) {
        // A short word all in one script (Cyrillic "с", "со", "ВВС") meets its Latin twin
        // by chance in any bilingual text: only longer ones count.
        let whole_script = mixed_scripts(word).is_none();
        if whole_script && too_short_to_look_alike(word.chars().count()) {
            return Verdict::Nothing;
        }
    }
    if let Some(skeleton) = ascii_skeleton(word) {
        let reading: String = word
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    c.to_string()
                } else {
                    confusable::skeleton(c.encode_utf8(&mut [0; 4]))
                }
            })
            .collect();
        return Verdict::Candidate(Arc::new(CandidateWord {
            word: word.into(),
            skeleton: skeleton.into(),
            reading: reading.into(),
            mixed: mixed(word),
        }));
    }
    match mixed(word) {
        Some(m) => Verdict::Mixed(Arc::new(m)),
        None => Verdict::Nothing,
    }
}

/// The mixed-script finding of a word, if it mixes scripts. Each part between underscores is
/// looked at on its own, so that a slug of words in two scripts (`Текст_лицензии_Creative_Commons`)
/// is not one mixed word, while `is_\u{0430}dmin` still is.
pub(super) fn mixed(word: &str) -> Option<MixedWord> {
    let mut start = 0;
    for part in word.split('_') {
        if let Some(mixed) = mixed_scripts(part).filter(|m| m.is_suspicious()) {
            let within = if part.len() < word.len() {
                format!(" in `{part}`")
            } else {
                String::new()
            };
            let message = format!(
                "`{word}` mixes {}{within} (UTS #39 restriction level: {})",
                mixed.scripts.join(" and "),
                mixed.restriction_level
            );
            return Some(MixedWord {
                byte_start: start,
                column_shift: word[..start].chars().count() as u64,
                chars: word_chars(part),
                message,
            });
        }
        start += part.len() + 1;
    }
    None
}

/// The verdicts on the words of one text seen so far.
pub(super) struct WordCache {
    /// Hashed by foldhash, quick on short strings and seeded per process, so that no file can be
    /// written to make its words collide everywhere.
    map: HashMap<Box<str>, Verdict, foldhash::fast::RandomState>,
    /// The most words kept.
    limit: usize,
}

impl WordCache {
    /// An empty cache.
    pub fn new() -> WordCache {
        WordCache {
            map: HashMap::with_hasher(foldhash::fast::RandomState::default()),
            limit: MAX_CACHED_WORDS,
        }
    }

    /// A cache that keeps nothing: every word is analysed afresh (tests compare the two).
    #[cfg(test)]
    pub fn uncached() -> WordCache {
        WordCache {
            map: HashMap::with_hasher(foldhash::fast::RandomState::default()),
            limit: 0,
        }
    }

    /// The verdict on `word` (which has characters other than ASCII): [`analyse`]'s, once per
    /// distinct word.
    pub fn verdict(&mut self, word: &str) -> Verdict {
        if word.len() > MAX_CACHED_WORD_LEN {
            return analyse(word);
        }
        if let Some(v) = self.map.get(word) {
            return v.clone();
        }
        let v = analyse(word);
        if self.map.len() < self.limit {
            self.map.insert(word.into(), v.clone());
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_gives_the_verdict_of_a_fresh_analysis() {
        let words = [
            "p\u{0430}ypal",
            "\u{0456}sAdmin",
            "Москва",
            "Марс",
            "is_\u{0430}dmin",
            "Текст_лицензии_Creative_Commons",
            "日本語のテキスト",
            "abc漢字",
            "café",
        ];
        let mut cache = WordCache::new();
        for _ in 0..2 {
            for w in words {
                assert_eq!(cache.verdict(w), analyse(w), "{w}");
            }
        }
        assert!(matches!(analyse("p\u{0430}ypal"), Verdict::Candidate(_)));
        assert!(matches!(analyse("is_\u{0430}dmin"), Verdict::Candidate(_)));
        assert!(matches!(analyse("\u{0430}b\u{4E00}"), Verdict::Mixed(_)));
        assert_eq!(analyse("Москва"), Verdict::Nothing);
    }
}
