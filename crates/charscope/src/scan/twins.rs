//! The ASCII twins of the words that may look like ASCII words: where in a text each such word's
//! ASCII reading stands as a whole word, the first time.

use super::confusable::is_word_char;
use std::collections::HashMap;

/// The ASCII word of a text that a candidate looks like.
pub(super) struct Twin<'c> {
    /// How it is spelled.
    pub reading: &'c str,
    /// Its line.
    pub line: usize,
}

/// The first ASCII word of the text that each candidate looks like, by skeleton: `readings`
/// holds each candidate's ASCII reading with its skeleton, and all are looked for at once
/// (Aho-Corasick). The `parts` of the text (byte ranges cut before line feeds) are searched at
/// once, each from its start: as no reading holds a line feed, no match crosses from one part to
/// the next, and the matches of a part are those a search of the whole text finds there.
pub(super) fn find_twins<'c>(
    text: &str,
    mut readings: Vec<(&'c str, &'c str)>,
    parts: &[(usize, usize)],
) -> HashMap<&'c str, Twin<'c>> {
    readings.retain(|r| !r.0.is_empty());
    readings.sort_unstable();
    readings.dedup();
    // Leftmost-longest: a whole word is the longest reading that starts where it starts.
    let Ok(searcher) = aho_corasick::AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .build(readings.iter().map(|r| r.0))
    else {
        return HashMap::new();
    };
    let word_at = |start: usize, end: usize| {
        !text[..start].chars().next_back().is_some_and(is_word_char)
            && !text[end..].chars().next().is_some_and(is_word_char)
    };
    // The first whole-word match of each skeleton in a part.
    let first_twins = |&(start, end): &(usize, usize)| {
        let mut twins: HashMap<&str, (&str, usize)> = HashMap::new();
        let mut left = readings.len();
        for m in searcher.find_iter(aho_corasick::Input::new(text).range(start..end)) {
            let (reading, skeleton) = readings[m.pattern().as_usize()];
            if twins.contains_key(skeleton) || !word_at(m.start(), m.end()) {
                continue;
            }
            twins.insert(skeleton, (reading, m.start()));
            left -= 1;
            if left == 0 {
                break;
            }
        }
        twins
    };
    let whole = [(0, text.len())];
    let parts = if readings.iter().any(|r| r.0.contains('\n')) {
        &whole[..]
    } else {
        parts
    };
    let found = super::on_threads(parts, first_twins);
    // The earliest part that has a twin of a skeleton has its first one.
    let mut twins: HashMap<&str, (&str, usize)> = HashMap::new();
    for part in found {
        for (skeleton, twin) in part {
            twins.entry(skeleton).or_insert(twin);
        }
    }
    // Line numbers, counted once through the text up to the last twin.
    let mut by_offset: Vec<(usize, &str)> = twins.iter().map(|(&s, &(_, at))| (at, s)).collect();
    by_offset.sort_unstable();
    let mut line = 1;
    let mut counted = 0;
    let mut lines = HashMap::new();
    for (at, skeleton) in by_offset {
        line += bytecount::count(&text.as_bytes()[counted..at], b'\n');
        counted = at;
        lines.insert(skeleton, line);
    }
    twins
        .into_iter()
        .map(|(skeleton, (reading, _))| {
            let line = lines[skeleton];
            (skeleton, Twin { reading, line })
        })
        .collect()
}
