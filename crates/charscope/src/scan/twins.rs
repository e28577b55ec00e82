//! The ASCII twins of the words that may look like ASCII words: where in a text each such word's
//! ASCII reading stands as a whole word, the first time.
//!
//! A text in memory is searched once its candidates are all known ([`find_twins`]). A large
//! source read in regions is searched as it is scanned: each region, once scanned, for the
//! readings met so far in any region ([`RegionSearch`]); afterwards only the regions scanned
//! before a reading was met are read again, for the readings they missed
//! ([`twins_of_regions`]). Most readings are met in the first few MiB, and the source is not
//! read twice.

use super::confusable::is_word_char;
use crate::source::{ReadAt, read_full_at};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// The ASCII word of a text that a candidate looks like.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Twin {
    /// How it is spelled.
    pub reading: Box<str>,
    /// Its line.
    pub line: usize,
}

/// Readings shorter than this many bytes are looked for apart from the others: one pattern of
/// two common letters among the others makes the vectorised search (Teddy) stop at nearly every
/// word of a text; apart, each search runs at memory speed.
const SHORT_READING: usize = 3;

/// The searches for the ASCII readings of the candidates.
pub(super) struct TwinSearch {
    searches: Vec<Search>,
}

impl TwinSearch {
    /// The search for `readings`, each candidate's ASCII reading with its skeleton: all are
    /// looked for at once (Aho-Corasick), the short ones apart ([`groups`]).
    pub fn new(mut readings: Vec<(&str, &str)>) -> TwinSearch {
        readings.retain(|r| !r.0.is_empty());
        readings.sort_unstable();
        readings.dedup();
        let searches = groups(readings)
            .into_iter()
            .filter_map(Search::new)
            .collect();
        TwinSearch { searches }
    }

    /// Whether a reading holds a line feed: a match may then cross from one line to the next,
    /// and the text is searched whole.
    pub fn crosses_lines(&self) -> bool {
        self.searches
            .iter()
            .any(|s| s.readings.iter().any(|r| r.0.contains('\n')))
    }

    /// The first whole-word match of each skeleton in `text[start..end]`, over every search:
    /// its reading and where it starts. Bytes that are not UTF-8 are read as U+FFFD is (no word
    /// character), and a match is the same as in [`String::from_utf8_lossy`]'s text: a reading
    /// is UTF-8, and no valid character spans bytes that are not.
    pub fn first_in(&self, text: &[u8], start: usize, end: usize) -> HashMap<&str, (&str, usize)> {
        let mut twins: HashMap<&str, (&str, usize)> = HashMap::new();
        for search in &self.searches {
            for (skeleton, (reading, at)) in search.first_twins(text, start, end) {
                let twin = twins.entry(skeleton).or_insert((reading, at));
                if at < twin.1 {
                    *twin = (reading, at);
                }
            }
        }
        twins
    }

    /// [`TwinSearch::first_in`] of all of `bytes`, in the order of the matches, each with its
    /// line in `bytes` (0 for the first), counted only up to the last match.
    fn firsts_with_lines(&self, bytes: &[u8]) -> Vec<RegionTwin> {
        let mut firsts: Vec<_> = self
            .first_in(bytes, 0, bytes.len())
            .into_iter()
            .map(|(skeleton, (reading, at))| (at, skeleton, reading))
            .collect();
        firsts.sort_unstable();
        let mut line = 0;
        let mut counted = 0;
        firsts
            .into_iter()
            .map(|(at, skeleton, reading)| {
                line += bytecount::count(&bytes[counted..at], b'\n');
                counted = at;
                RegionTwin {
                    skeleton: skeleton.into(),
                    reading: reading.into(),
                    line,
                }
            })
            .collect()
    }
}

/// The first ASCII word of the text that each candidate looks like, by skeleton: `readings`
/// holds each candidate's ASCII reading with its skeleton ([`TwinSearch`]). The `parts` of the
/// text (byte ranges cut before line feeds) are searched at once, each from its start: as no
/// reading holds a line feed, no match crosses from one part to the next, and the matches of a
/// part are those a search of the whole text finds there.
pub(super) fn find_twins(
    text: &str,
    readings: Vec<(&str, &str)>,
    parts: &[(usize, usize)],
) -> HashMap<Box<str>, Twin> {
    let search = TwinSearch::new(readings);
    let whole = [(0, text.len())];
    let parts = if search.crosses_lines() {
        &whole[..]
    } else {
        parts
    };
    // The first whole-word match of each skeleton in a part, over every search.
    let found = crate::parallel::on_threads(parts, |&(start, end)| {
        search.first_in(text.as_bytes(), start, end)
    });
    // The earliest part that has a twin of a skeleton has its first one.
    let mut twins: HashMap<&str, (&str, usize)> = HashMap::new();
    for part in found {
        for (skeleton, twin) in part {
            twins.entry(skeleton).or_insert(twin);
        }
    }
    // Line numbers, counted once through the text up to the last twin.
    let mut by_offset: Vec<(usize, &str, &str)> = twins
        .iter()
        .map(|(&skeleton, &(reading, at))| (at, skeleton, reading))
        .collect();
    by_offset.sort_unstable();
    let mut line = 1;
    let mut counted = 0;
    let mut found = HashMap::new();
    for (at, skeleton, reading) in by_offset {
        line += bytecount::count(&text.as_bytes()[counted..at], b'\n');
        counted = at;
        found.insert(
            skeleton.into(),
            Twin {
                reading: reading.into(),
                line,
            },
        );
    }
    found
}

/// [`find_twins`] in all of a source, read whole, bytes that are not UTF-8 read as U+FFFD (as
/// [`String::from_utf8_lossy`] reads them): for readings with a line feed, whose matches may
/// cross from one region to the next (never so far).
fn find_twins_in_whole_source<R: ReadAt + ?Sized>(
    src: &R,
    readings: Vec<(&str, &str)>,
    chunk: usize,
) -> std::io::Result<HashMap<Box<str>, Twin>> {
    let mut bytes = Vec::new();
    let mut buf = vec![0; chunk.max(1)];
    loop {
        let n = read_full_at(src, &mut buf, bytes.len() as u64).map_err(|(_, e)| e)?;
        bytes.extend_from_slice(&buf[..n]);
        if n < buf.len() {
            break;
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(find_twins(&text, readings, &[(0, text.len())]))
}

/// The first twin of a skeleton in a region of a source.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct RegionTwin {
    skeleton: Box<str>,
    reading: Box<str>,
    /// Its line in the region, 0 for the first.
    line: usize,
}

/// The readings of the candidates that the threads of a scan in regions have met, each once, in
/// the order they were met: the first `n` of them never change.
#[derive(Default)]
pub(super) struct Known {
    readings: Mutex<(Vec<Reading>, HashSet<Reading>)>,
}

/// A reading with its skeleton.
type Reading = (Box<str>, Box<str>);

impl Known {
    /// None yet.
    pub fn new() -> Known {
        Known::default()
    }

    /// Adds those of `readings` not known yet; returns how many are known.
    fn add(&self, readings: Vec<Reading>) -> usize {
        let mut known = self
            .readings
            .lock()
            .expect("no thread panicked with the lock");
        let (list, set) = &mut *known;
        for reading in readings {
            if !set.contains(&reading) {
                set.insert(reading.clone());
                list.push(reading);
            }
        }
        list.len()
    }

    /// The first `n` readings.
    fn first(&self, n: usize) -> Vec<Reading> {
        let known = self
            .readings
            .lock()
            .expect("no thread panicked with the lock");
        known.0[..n].to_vec()
    }

    /// How many readings are known.
    fn len(&self) -> usize {
        let known = self
            .readings
            .lock()
            .expect("no thread panicked with the lock");
        known.0.len()
    }

    /// All the readings, in the order they were met.
    fn into_readings(self) -> Vec<Reading> {
        let known = self.readings.into_inner();
        known.expect("no thread panicked with the lock").0
    }
}

/// The most readings a region is searched for as it is scanned: one search (Teddy's most, as
/// [`GROUP`] says). Beyond that many, a text whose lookalikes keep coming (16,000 distinct
/// ones in 50 MB, made up to try it) would have its search built again region after region and
/// each region searched twice; its regions are searched once, after the scan, for them all.
const MAX_SEARCHED_AS_SCANNED: usize = GROUP;

/// The twins found in a region as it was scanned.
pub(super) struct RegionHits {
    /// The number of readings (the first ones [`Known`] had) the region was searched for.
    searched: usize,
    /// The first twin of each skeleton found, in the order of their places.
    firsts: Vec<RegionTwin>,
}

/// What a thread that scans regions keeps from one to the next for the twin search: the
/// readings it has met, and the search for those known when it last searched.
#[derive(Default)]
pub(super) struct RegionSearch {
    /// The readings met, with their skeletons (most readings have one).
    met: HashMap<Box<str>, Vec<Box<str>>>,
    /// The search for the first readings [`Known`] had, and how many.
    search: Option<(usize, TwinSearch)>,
}

impl RegionSearch {
    /// A thread's, before its first region.
    pub fn new() -> RegionSearch {
        RegionSearch::default()
    }

    /// Tells `known` of the `readings` (reading, skeleton) of the candidates of a region that
    /// this thread had not met, then searches the region's `bytes` for the twins of all the
    /// readings known.
    pub fn search<'r>(
        &mut self,
        known: &Known,
        readings: impl Iterator<Item = (&'r str, &'r str)>,
        bytes: &[u8],
    ) -> RegionHits {
        let mut new = Vec::new();
        for (reading, skeleton) in readings {
            let met = self.met.get(reading);
            if met.is_some_and(|skeletons| skeletons.iter().any(|s| **s == *skeleton)) {
                continue;
            }
            let skeletons = self.met.entry(reading.into()).or_default();
            skeletons.push(skeleton.into());
            new.push((reading.into(), skeleton.into()));
        }
        let n = if new.is_empty() {
            known.len()
        } else {
            known.add(new)
        };
        if n == 0 || n > MAX_SEARCHED_AS_SCANNED {
            return RegionHits {
                searched: 0,
                firsts: Vec::new(),
            };
        }
        if self
            .search
            .as_ref()
            .is_none_or(|(built_for, _)| *built_for != n)
        {
            let readings = known.first(n);
            let search = TwinSearch::new(readings.iter().map(|(r, s)| (&**r, &**s)).collect());
            self.search = Some((n, search));
        }
        let (_, search) = self.search.as_ref().expect("built just above");
        if search.crosses_lines() {
            // (A reading with a line feed: the source is searched whole afterwards.)
            return RegionHits {
                searched: 0,
                firsts: Vec::new(),
            };
        }
        RegionHits {
            searched: n,
            firsts: search.firsts_with_lines(bytes),
        }
    }
}

/// A region of a source, as [`twins_of_regions`] takes it: where it starts, how many bytes it
/// has, the lines before it, and the twins found in it as it was scanned.
pub(super) struct Region {
    /// Its byte offset in the source.
    pub offset: u64,
    /// Its length in bytes.
    pub len: usize,
    /// The lines of the source before it.
    pub lines_before: usize,
    /// What [`RegionSearch::search`] found in it.
    pub hits: RegionHits,
}

/// The first ASCII twin of each reading `known` has in the `regions` of `src` (all of them, in
/// order), as [`find_twins`] finds them in a whole text: each region's twins found as it was scanned,
/// and those of the readings met after it, read again (on up to `threads` threads).
pub(super) fn twins_of_regions<R: ReadAt + ?Sized>(
    src: &R,
    known: Known,
    regions: Vec<Region>,
    chunk: usize,
    threads: usize,
) -> std::io::Result<HashMap<Box<str>, Twin>> {
    let readings = known.into_readings();
    if readings.is_empty() {
        return Ok(HashMap::new());
    }
    let all: Vec<(&str, &str)> = readings.iter().map(|(r, s)| (&**r, &**s)).collect();
    let search = TwinSearch::new(all.clone());
    if search.crosses_lines() {
        return find_twins_in_whole_source(src, all, chunk);
    }
    // The regions searched for fewer readings than there are, searched again for all, in
    // groups of consecutive regions, one group a thread.
    let again: Vec<usize> = (0..regions.len())
        .filter(|&k| regions[k].hits.searched < readings.len())
        .collect();
    let per_thread = again.len().div_ceil(threads.max(1)).max(1);
    let groups: Vec<&[usize]> = again.chunks(per_thread).collect();
    let searched_again = crate::parallel::on_threads(&groups, |group| {
        let mut buf = Vec::new();
        group
            .iter()
            .map(|&k| {
                let region = &regions[k];
                buf.resize(region.len, 0);
                let n = read_full_at(src, &mut buf, region.offset).map_err(|(_, e)| e)?;
                Ok((k, search.firsts_with_lines(&buf[..n])))
            })
            .collect::<std::io::Result<Vec<_>>>()
    });
    let mut regions = regions;
    for group in searched_again {
        for (k, found) in group? {
            regions[k].hits.firsts = found;
        }
    }
    let mut twins = HashMap::new();
    for region in regions {
        for first in region.hits.firsts {
            twins.entry(first.skeleton).or_insert(Twin {
                reading: first.reading,
                line: region.lines_before + first.line + 1,
            });
        }
    }
    Ok(twins)
}

/// The character that bytes read as UTF-8 end with before byte `at` (U+FFFD for bytes that are
/// not UTF-8, as [`String::from_utf8_lossy`] reads them), if any: the one that starts at the
/// last byte before `at` that is no continuation byte, if it is valid and ends there.
fn char_before(bytes: &[u8], at: usize) -> Option<char> {
    let from = at.saturating_sub(4);
    let lead = (from..at).rev().find(|&i| bytes[i] & 0xC0 != 0x80);
    let Some(lead) = lead else {
        return (at > 0).then_some(char::REPLACEMENT_CHARACTER);
    };
    match std::str::from_utf8(&bytes[lead..at]) {
        Ok(c) => c.chars().next(),
        Err(_) => Some(char::REPLACEMENT_CHARACTER),
    }
}

/// The character that bytes read as UTF-8 start with from byte `at` on (U+FFFD for bytes that
/// are not UTF-8), if any.
fn char_after(bytes: &[u8], at: usize) -> Option<char> {
    // (A character has 4 bytes at most: the bytes after those are not looked at.)
    let chunk = bytes[at..bytes.len().min(at + 4)].utf8_chunks().next()?;
    match chunk.valid().chars().next() {
        Some(c) => Some(c),
        None => Some(char::REPLACEMENT_CHARACTER),
    }
}

/// The most readings of one search: the most that Teddy takes (aho-corasick's packed searcher;
/// above 32 its "fat" form, with twice the buckets). One search of up to 64 readings costs
/// less than several of 16: the 79 readings of the corrupted mixed text of the bench corpus
/// took 19% of its scan in groups of 16, 16% in groups of 64 (224 -> 202 ms). (When
/// Aho-Corasick searched groups of more than 16 with its own prefilter, most candidates were
/// false and the automaton ran over the text byte by byte; Teddy is now the whole search.)
const GROUP: usize = 64;

/// The readings cut into groups to search apart: the short ones, and the others in groups of
/// [`GROUP`] at most, when every reading is made of word characters only; else all in one.
///
/// Apart, each group's search still meets every whole-word match of its readings. A match the
/// search reports covers word characters only, so it cannot overlap a whole-word match that
/// starts after it (the character before that one is no word character), and a longer reading
/// matched where a whole-word match starts would go on with a word character where the
/// whole-word match ends. With other characters in a reading (`a!b`), a match could hide a
/// whole-word match of another reading of the same group: there the one search of all is kept.
fn groups<'c>(readings: Vec<(&'c str, &'c str)>) -> Vec<Vec<(&'c str, &'c str)>> {
    if !readings.iter().all(|r| r.0.chars().all(is_word_char)) {
        return vec![readings];
    }
    let (short, long): (Vec<_>, Vec<_>) = readings
        .into_iter()
        .partition(|r| r.0.len() < SHORT_READING);
    let mut groups: Vec<Vec<_>> = long.chunks(GROUP).map(<[_]>::to_vec).collect();
    groups.push(short);
    groups
}

/// One search for a group of readings (with their skeletons).
struct Search {
    readings: Vec<(Box<str>, Box<str>)>,
    matcher: Matcher,
    /// How many distinct skeletons the readings have.
    skeletons: usize,
}

/// What finds the readings of a [`Search`] in a text, leftmost-longest.
enum Matcher {
    /// Teddy alone (aho-corasick's packed searcher, SIMD), for readings of 3 bytes and more.
    Teddy(aho_corasick::packed::Searcher),
    /// Aho-Corasick, with the prefilter it picks.
    Automaton(aho_corasick::AhoCorasick),
}

impl Search {
    /// The search for `readings`; `None` when there are none (or the automaton cannot be built).
    /// Readings for Teddy are put in the order that makes its search quickest
    /// ([`super::teddy_order`]).
    fn new(readings: Vec<(&str, &str)>) -> Option<Search> {
        if readings.is_empty() {
            return None;
        }
        let readings = if Matcher::teddy_takes(&readings) {
            super::teddy_order::for_teddy(readings)
        } else {
            readings
        };
        let mut skeletons: Vec<&str> = readings.iter().map(|r| r.1).collect();
        skeletons.sort_unstable();
        skeletons.dedup();
        Some(Search {
            skeletons: skeletons.len(),
            matcher: Matcher::new(&readings)?,
            readings: readings
                .into_iter()
                .map(|(r, s)| (r.into(), s.into()))
                .collect(),
        })
    }

    /// The first whole-word match of each skeleton in `text[start..end]`: its reading and where
    /// it starts.
    fn first_twins(&self, text: &[u8], start: usize, end: usize) -> HashMap<&str, (&str, usize)> {
        let word_at = |start: usize, end: usize| {
            !char_before(text, start).is_some_and(is_word_char)
                && !char_after(text, end).is_some_and(is_word_char)
        };
        let mut twins = HashMap::new();
        let mut from = start;
        while let Some((pattern, at, to)) = self.matcher.find(text, from, end) {
            from = to;
            let (reading, skeleton) = &self.readings[pattern];
            let (reading, skeleton) = (&**reading, &**skeleton);
            if twins.contains_key(skeleton) || !word_at(at, to) {
                continue;
            }
            twins.insert(skeleton, (reading, at));
            if twins.len() == self.skeletons {
                break;
            }
        }
        twins
    }
}

impl Matcher {
    /// The matcher of `readings` (not empty): Teddy where it can be built and every reading has
    /// [`SHORT_READING`] bytes or more, else Aho-Corasick. Left to itself, aho-corasick took a
    /// search of the two first bytes for a few readings that start with `r` or `x` (`ropa`,
    /// `xaoc`): in a Wikipedia article, with markup and links, the automaton then ran from
    /// nearly every `r` (15% of the Russian article's scan).
    fn new(readings: &[(&str, &str)]) -> Option<Matcher> {
        let patterns = readings.iter().map(|r| r.0);
        if Matcher::teddy_takes(readings)
            && let Some(teddy) = aho_corasick::packed::Config::new()
                .match_kind(aho_corasick::packed::MatchKind::LeftmostLongest)
                .builder()
                .extend(patterns.clone())
                .build()
        {
            return Some(Matcher::Teddy(teddy));
        }
        // Leftmost-longest: a whole word is the longest reading that starts where it starts.
        // A contiguous NFA rather than the DFA the builder picks for a few readings: the text
        // is searched once, mostly by the prefilter, and the DFA took longer to build (4% of
        // the scan of a Wikipedia article) than the search it spared.
        let automaton = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .build(patterns)
            .ok()?;
        Some(Matcher::Automaton(automaton))
    }

    /// Whether Teddy is tried for `readings`: all have [`SHORT_READING`] bytes or more, and SIMD
    /// is on (with `CHARSCOPE_SIMD=off`, the automaton searches, as where Teddy cannot be built).
    fn teddy_takes(readings: &[(&str, &str)]) -> bool {
        crate::simd::enabled() && readings.iter().all(|r| r.0.len() >= SHORT_READING)
    }

    /// The leftmost-longest match in `text[from..end]`: its reading's index, start and end.
    fn find(&self, text: &[u8], from: usize, end: usize) -> Option<(usize, usize, usize)> {
        let m = match self {
            Matcher::Teddy(teddy) => teddy.find_in(text, aho_corasick::Span::from(from..end)),
            Matcher::Automaton(automaton) => {
                automaton.find(aho_corasick::Input::new(text).range(from..end))
            }
        }?;
        Some((m.pattern().as_usize(), m.start(), m.end()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first whole-word match of each skeleton, one reading at a time.
    fn one_by_one<'c>(
        text: &str,
        readings: &[(&'c str, &'c str)],
    ) -> Vec<(&'c str, &'c str, usize)> {
        let mut firsts: HashMap<&str, (&str, usize)> = HashMap::new();
        for &(reading, skeleton) in readings {
            let whole = text.match_indices(reading).map(|(at, _)| at).find(|&at| {
                !text[..at].chars().next_back().is_some_and(is_word_char)
                    && !text[at + reading.len()..]
                        .chars()
                        .next()
                        .is_some_and(is_word_char)
            });
            if let Some(at) = whole {
                let first = firsts.entry(skeleton).or_insert((reading, at));
                if at < first.1 {
                    *first = (reading, at);
                }
            }
        }
        let mut v: Vec<_> = firsts.into_iter().map(|(s, (r, at))| (s, r, at)).collect();
        v.sort_unstable();
        v
    }

    proptest::proptest! {
        #[test]
        fn the_characters_around_a_place_are_those_of_the_lossy_text(
            bytes in proptest::collection::vec(proptest::sample::select(
                vec![b'a', b'_', b' ', 0x80, 0x82, 0xAC, 0xBF, 0xC0, 0xC3, 0xA9, 0xE2, 0xF0, 0x9F, 0xFF]
            ), 0..24),
        ) {
            for at in 0..=bytes.len() {
                let before = String::from_utf8_lossy(&bytes[..at]).chars().next_back();
                proptest::prop_assert_eq!(char_before(&bytes, at), before, "{}", at);
                let after = String::from_utf8_lossy(&bytes[at..]).chars().next();
                proptest::prop_assert_eq!(char_after(&bytes, at), after, "{}", at);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

        #[test]
        fn teddy_and_the_automaton_find_the_twins_one_reading_at_a_time_finds(
            picks in proptest::collection::vec(0..12usize, 0..150),
            chosen in proptest::collection::vec(0..8usize, 1..8),
        ) {
            let pieces = ["ropa", "ropax", "xaoc", "r", "x", "a", " ", "\n", "é", "_", "Mapc", "pa"];
            let text: String = picks.iter().map(|&k| pieces[k]).collect();
            let pool = [("ropa", "ropa"), ("ropax", "ropax"), ("xaoc", "xaoc"), ("Mapc", "Mapc"),
                ("apc", "apc"), ("pax", "ropa"), ("pa", "pa"), ("x", "x")];
            let readings: Vec<(&str, &str)> = chosen.iter().map(|&k| pool[k]).collect();
            let mut sorted = readings.clone();
            sorted.sort_unstable();
            sorted.dedup();
            // Teddy for long readings where the processor has its SIMD (the CI machine has
            // AVX2), the automaton else.
            let search = Search::new(sorted.clone()).unwrap();
            let teddy = matches!(search.matcher, Matcher::Teddy(_));
            let long = sorted.iter().all(|r| r.0.len() >= SHORT_READING);
            proptest::prop_assert!(!teddy || long);
            if crate::simd::avx2_available() {
                proptest::prop_assert_eq!(teddy, long);
            }
            let twins = find_twins(&text, readings.clone(), &[(0, text.len())]);
            let mut got: Vec<_> = twins.iter().map(|(s, t)| (&**s, &*t.reading)).collect();
            got.sort_unstable();
            let want: Vec<_> = one_by_one(&text, &readings).into_iter().map(|(s, r, _)| (s, r)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        #[test]
        fn many_readings_in_groups_of_up_to_64_find_the_twins_one_reading_at_a_time_finds(
            words in proptest::collection::vec("[acepx]{2,5}", 20..150),
            picks in proptest::collection::vec((0..150usize, 0..4usize), 0..300),
        ) {
            // Words made of five letters that all have Cyrillic lookalikes: many readings share
            // their first bytes, as a lookalike-heavy text's do (Teddy's buckets fill up). Each
            // word of the text is followed by a separator or by a word character (no match).
            let readings: Vec<(&str, &str)> = words.iter().map(|w| (w.as_str(), w.as_str())).collect();
            let after = [" ", "\n", "é", "x"];
            let text: String = picks
                .iter()
                .map(|&(w, a)| format!("{}{}", words[w % words.len()], after[a]))
                .collect();
            let mut sorted = readings.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let long: Vec<_> = sorted.iter().filter(|r| r.0.len() >= SHORT_READING).copied().collect();
            let groups = groups(sorted.clone());
            proptest::prop_assert!(groups.iter().all(|g| g.len() <= GROUP));
            if long.len() > 32 && crate::simd::avx2_available() {
                // Fat Teddy, as the search of the first group of long readings.
                let search = Search::new(long[..long.len().min(GROUP)].to_vec()).unwrap();
                proptest::prop_assert!(matches!(search.matcher, Matcher::Teddy(_)));
            }
            let twins = find_twins(&text, readings.clone(), &[(0, text.len())]);
            let mut got: Vec<_> = twins.iter().map(|(s, t)| (&**s, &*t.reading)).collect();
            got.sort_unstable();
            let want: Vec<_> = one_by_one(&text, &readings).into_iter().map(|(s, r, _)| (s, r)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn short_readings_searched_apart_find_the_same_twins() {
        let text = "Mapca Mm xMm Mapc\nab abc Mapcy a-b b 1960A Mm_ m Mm\n";
        let readings = [
            ("Mm", "rnrn"),
            ("Mapc", "Mapc"),
            ("Mapca", "Mapca"),
            ("ab", "ab"),
            ("abc", "abc"),
            ("m", "rn"),
            ("Mm_", "rnrn"),
            ("1960A", "1960A"),
            ("b", "b"),
        ];
        assert_eq!(groups(readings.to_vec()).len(), 2);
        let line_ends: Vec<usize> = text.match_indices('\n').map(|(at, _)| at).collect();
        for parts in [
            vec![(0, text.len())],
            vec![(0, line_ends[0]), (line_ends[0] + 1, text.len())],
        ] {
            let twins = find_twins(text, readings.to_vec(), &parts);
            let mut got: Vec<_> = twins
                .iter()
                .map(|(s, t)| (&**s, &*t.reading, t.line))
                .collect();
            got.sort_unstable();
            let want: Vec<_> = one_by_one(text, &readings)
                .into_iter()
                .map(|(s, r, at)| (s, r, 1 + text[..at].matches('\n').count()))
                .collect();
            assert_eq!(got, want);
            assert_eq!(twins["rnrn"].line, 1, "Mm at 7 is whole, xMm is not");
        }
    }

    #[test]
    fn many_readings_searched_in_groups_find_the_same_twins() {
        // 72 readings of 3 bytes and more, in two groups, and the short ones (w0 to w9, w, x) in
        // a third; some readings are the starts of others (w1, w10, w100).
        let words: Vec<String> = (0..80)
            .map(|k| format!("w{k}"))
            .chain(["w100".to_string(), "w10x".to_string()])
            .collect();
        let mut readings: Vec<(&str, &str)> = words.iter().map(|w| (&**w, &**w)).collect();
        readings.extend([("w", "w"), ("x", "x")]);
        assert_eq!(groups(readings.clone()).len(), 3);
        let text = "xw7 w7w8 w10x w100 _w12 w12_\nw1 w37, w5w w5 w100x x w\nw20 w3 w30 w21";
        let twins = find_twins(text, readings.clone(), &[(0, text.len())]);
        let mut got: Vec<_> = twins.iter().map(|(s, t)| (&**s, &*t.reading)).collect();
        got.sort_unstable();
        let want: Vec<_> = one_by_one(text, &readings)
            .into_iter()
            .map(|(s, r, _)| (s, r))
            .collect();
        assert_eq!(got, want);
        assert_eq!(got.len(), 11, "{got:?}");
    }
}
