//! The ASCII twins of the words that may look like ASCII words: where in a text each such word's
//! ASCII reading stands as a whole word, the first time.

use super::confusable::is_word_char;
use crate::source::{ReadAt, read_full_at};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

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
            let reading = reading.into();
            (skeleton.into(), Twin { reading, line })
        })
        .collect()
}

/// The readings a thread of the scan of a source has met so far, and the search for them: each
/// region of the source is searched for twins right after its scan, while its bytes are at
/// hand, not read a second time ([`RegionTwins`], [`twins_of_regions`]).
#[derive(Default)]
pub(super) struct KnownReadings {
    /// Each reading met, with its skeleton, in the order met.
    met: Vec<(Box<str>, Box<str>)>,
    /// The readings met.
    index: HashSet<Box<str>>,
    /// The search for the first readings met, and those readings.
    search: Option<(TwinSearch, Arc<HashSet<Box<str>>>)>,
}

/// Readings up to this many are searched for as soon as they are met; beyond, the search is
/// built again only when the readings met have doubled (the others are left to
/// [`twins_of_regions`]), so that a text full of new lookalike words does not build an
/// automaton for every region.
const SEARCHED_AT_ONCE: usize = 64;

impl KnownReadings {
    /// The twins in the region `bytes` of the readings met so far, `readings` (each candidate's
    /// reading and skeleton in the region) among them: the first whole-word match of each
    /// skeleton, with its line in the region.
    pub fn search<'r>(
        &mut self,
        readings: impl Iterator<Item = (&'r str, &'r str)>,
        bytes: &[u8],
    ) -> RegionTwins {
        for (reading, skeleton) in readings {
            if !self.index.contains(reading) {
                self.index.insert(reading.into());
                self.met.push((reading.into(), skeleton.into()));
            }
        }
        let searched = self.search.as_ref().map_or(0, |s| s.1.len());
        if self.met.len() > searched
            && (self.met.len() <= SEARCHED_AT_ONCE || self.met.len() >= 2 * searched)
        {
            let readings = self.met.iter().map(|(r, s)| (&**r, &**s)).collect();
            let set = self.met.iter().map(|(r, _)| r.clone()).collect();
            self.search = Some((TwinSearch::new(readings), Arc::new(set)));
        }
        let Some((search, searched)) = &self.search else {
            return RegionTwins::default();
        };
        RegionTwins {
            searched: Some(Arc::clone(searched)),
            found: found_in(search, bytes),
        }
    }
}

/// The first whole-word match of each skeleton of `search` in the region `bytes`: its
/// skeleton, reading, byte and line in the region (from 0), in the order of the region.
fn found_in(search: &TwinSearch, bytes: &[u8]) -> Vec<Found> {
    let mut firsts: Vec<(&str, &str, usize)> = search
        .first_in(bytes, 0, bytes.len())
        .into_iter()
        .map(|(skeleton, (reading, at))| (skeleton, reading, at))
        .collect();
    firsts.sort_unstable_by_key(|f| f.2);
    let mut line = 0;
    let mut counted = 0;
    firsts
        .into_iter()
        .map(|(skeleton, reading, at)| {
            line += bytecount::count(&bytes[counted..at], b'\n');
            counted = at;
            (skeleton.into(), reading.into(), at, line)
        })
        .collect()
}

/// What the search of one region of a source found in it, and for which readings.
#[derive(Default)]
pub(super) struct RegionTwins {
    /// The readings the region was searched for (none: not searched).
    searched: Option<Arc<HashSet<Box<str>>>>,
    /// The first twin of each skeleton found.
    found: Vec<Found>,
}

/// A twin found in a region: its skeleton, reading, byte and line in the region (from 0).
type Found = (Box<str>, Box<str>, usize, usize);

/// Where one region of a source lies, and what its search found.
pub(super) struct Region {
    /// Its first byte in the source.
    pub offset: u64,
    /// Its bytes.
    pub len: usize,
    /// Its lines.
    pub lines: usize,
    /// Its search.
    pub twins: RegionTwins,
}

/// The first ASCII twin of each candidate's reading (`readings`, with skeletons) in a source
/// whose regions were searched as they were scanned ([`KnownReadings`]), by skeleton.
///
/// A region was searched for the readings its thread had met by then. Where one of the others
/// has no twin in an earlier region, nor one found in this region, the region is read again
/// and searched for such readings (on up to `threads` threads): then, for each skeleton, the
/// first region with a twin of it has been searched for all its readings, and so has every
/// region before that one, and its first twin there is the first of the source. With a reading
/// that holds a line feed (a match could cross from one region to the next) the source is
/// read whole and searched at once.
pub(super) fn twins_of_regions<R: ReadAt + ?Sized>(
    src: &R,
    mut regions: Vec<Region>,
    mut readings: Vec<(&str, &str)>,
    threads: usize,
) -> std::io::Result<HashMap<Box<str>, Twin>> {
    readings.sort_unstable();
    readings.dedup();
    if readings.iter().any(|r| r.0.contains('\n')) {
        return whole_source_twins(src, readings);
    }
    // The first region with a twin of each skeleton.
    let mut first_with: HashMap<&str, usize> = HashMap::new();
    for (k, region) in regions.iter().enumerate() {
        for (skeleton, ..) in &region.twins.found {
            first_with.entry(skeleton).or_insert(k);
        }
    }
    // The regions to read again, and the readings to search them for: those a region was not
    // searched for, where it may hold the first twin of their skeleton. (Regions searched for
    // the same readings share one set: the readings missing from it are worked out once.)
    let mut again = Vec::new();
    let mut rest: HashSet<(&str, &str)> = HashSet::new();
    // The readings a set misses, each with the first region with a twin of its skeleton.
    let mut missing: Vec<(&str, &str, usize)> = Vec::new();
    let mut missing_from: Option<Option<&Arc<HashSet<Box<str>>>>> = None;
    for (k, region) in regions.iter().enumerate() {
        let searched = region.twins.searched.as_ref();
        let same = missing_from.is_some_and(|set| match (set, searched) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        });
        if !same {
            missing = readings
                .iter()
                .filter(|(r, _)| searched.is_none_or(|set| !set.contains(*r)))
                .map(|&(r, s)| (r, s, first_with.get(s).copied().unwrap_or(usize::MAX)))
                .collect();
            missing_from = Some(searched);
        }
        let mut needed = missing.iter().filter(|m| k <= m.2);
        if let Some(first) = needed.next() {
            again.push(k);
            rest.extend(std::iter::once(first).chain(needed).map(|m| (m.0, m.1)));
        }
    }
    if !again.is_empty() {
        let search = TwinSearch::new(rest.into_iter().collect());
        let threads = threads.clamp(1, again.len());
        let shares: Vec<Vec<usize>> = (0..threads)
            .map(|t| again.iter().copied().skip(t).step_by(threads).collect())
            .collect();
        let regions_ref = &regions;
        let found = crate::parallel::on_threads(&shares, |share| {
            let mut buf = Vec::new();
            let mut found = Vec::new();
            for &k in share {
                let region = &regions_ref[k];
                buf.resize(region.len, 0);
                let n = read_full_at(src, &mut buf, region.offset).map_err(|(_, e)| e)?;
                found.push((k, found_in(&search, &buf[..n])));
            }
            Ok::<_, std::io::Error>(found)
        });
        for share in found {
            for (k, more) in share? {
                regions[k].twins.found.extend(more);
            }
        }
    }
    // The first twin of each skeleton: in the first region that has one, the earliest there.
    let mut twins = HashMap::new();
    let mut lines_before = 0;
    for region in regions {
        let mut found = region.twins.found;
        found.sort_by_key(|f| f.2);
        for (skeleton, reading, _, line) in found {
            twins.entry(skeleton).or_insert(Twin {
                reading,
                line: lines_before + line + 1,
            });
        }
        lines_before += region.lines;
    }
    Ok(twins)
}

/// [`find_twins`] of a whole source read into memory, bytes that are not UTF-8 read as U+FFFD
/// (as [`String::from_utf8_lossy`] reads them).
fn whole_source_twins<R: ReadAt + ?Sized>(
    src: &R,
    readings: Vec<(&str, &str)>,
) -> std::io::Result<HashMap<Box<str>, Twin>> {
    let mut bytes = Vec::new();
    let mut at = 0u64;
    loop {
        let mut buf = vec![0; 1 << 16];
        let n = read_full_at(src, &mut buf, at).map_err(|(_, e)| e)?;
        bytes.extend_from_slice(&buf[..n]);
        at += n as u64;
        if n < buf.len() {
            break;
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(find_twins(&text, readings, &[(0, text.len())]))
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

/// The most readings of one search: aho-corasick takes its vectorised search (Teddy) for its
/// prefilter, which reports few false candidates for up to 16 patterns; with more, most
/// candidates were false, and the automaton ran over the text byte by byte (the 79 readings of
/// 20 MB of corrupted text: 40% of its scan).
const GROUP: usize = 16;

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
    searcher: aho_corasick::AhoCorasick,
    /// How many distinct skeletons the readings have.
    skeletons: usize,
}

impl Search {
    /// The search for `readings`; `None` when there are none (or the automaton cannot be built).
    fn new(readings: Vec<(&str, &str)>) -> Option<Search> {
        if readings.is_empty() {
            return None;
        }
        // Leftmost-longest: a whole word is the longest reading that starts where it starts.
        // A contiguous NFA rather than the DFA the builder picks for a few readings: the text
        // is searched once, mostly by the prefilter, and the DFA took longer to build (4% of
        // the scan of a Wikipedia article) than the search it spared.
        let searcher = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .build(readings.iter().map(|r| r.0))
            .ok()?;
        let mut skeletons: Vec<&str> = readings.iter().map(|r| r.1).collect();
        skeletons.sort_unstable();
        skeletons.dedup();
        Some(Search {
            skeletons: skeletons.len(),
            readings: readings.iter().map(|r| (r.0.into(), r.1.into())).collect(),
            searcher,
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
        let input = aho_corasick::Input::new(text).range(start..end);
        for m in self.searcher.find_iter(input) {
            let (reading, skeleton) = &self.readings[m.pattern().as_usize()];
            let (reading, skeleton) = (&**reading, &**skeleton);
            if twins.contains_key(skeleton) || !word_at(m.start(), m.end()) {
                continue;
            }
            twins.insert(skeleton, (reading, m.start()));
            if twins.len() == self.skeletons {
                break;
            }
        }
        twins
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

    /// Regions of `source` (one per line) searched as the scan searches them, by one thread
    /// that meets the readings `met[k]` in region `k`.
    fn searched_regions(source: &str, met: &[Vec<(&str, &str)>]) -> Vec<Region> {
        let mut known = KnownReadings::default();
        let mut offset = 0;
        let mut regions = Vec::new();
        for (line, met) in source.split('\n').zip(met) {
            let twins = known.search(met.iter().copied(), line.as_bytes());
            regions.push(Region {
                offset,
                len: line.len(),
                lines: 1,
                twins,
            });
            offset += line.len() as u64 + 1;
        }
        regions
    }

    #[test]
    fn a_region_searched_before_a_reading_was_met_is_searched_again_for_it() {
        // Region 0 is searched for `paypal` alone; `paypaI` (the same skeleton) is met in
        // region 1, and its match in region 0 comes first.
        let source = "x paypaI paypal\nzzz";
        let met = [vec![("paypal", "paypal")], vec![("paypaI", "paypal")]];
        let readings = vec![("paypal", "paypal"), ("paypaI", "paypal")];
        for threads in [1, 2] {
            let regions = searched_regions(source, &met);
            let twins = twins_of_regions(source.as_bytes(), regions, readings.clone(), threads);
            let twin = &twins.unwrap()["paypal"];
            assert_eq!((&*twin.reading, twin.line), ("paypaI", 1));
        }
        // A twin in a later region: the first is in region 1, which was searched for both.
        let source = "zzz\nx paypal paypaI";
        let regions = searched_regions(source, &met);
        let twins = twins_of_regions(source.as_bytes(), regions, readings, 1).unwrap();
        assert_eq!(
            twins["paypal"],
            Twin {
                reading: "paypal".into(),
                line: 2
            }
        );
    }

    #[test]
    fn readings_met_beyond_those_searched_at_once_are_searched_for_after_the_scan() {
        // Region k holds word k, and its reading is met there: past the first 64, a region is
        // searched for its own reading only when the readings met have doubled.
        let words: Vec<String> = (0..150).map(|k| format!("w{k}")).collect();
        let source = words.join("\n");
        let met: Vec<Vec<(&str, &str)>> = words.iter().map(|w| vec![(&**w, &**w)]).collect();
        let regions = searched_regions(&source, &met);
        let unsearched = regions
            .iter()
            .enumerate()
            .filter(|(k, r)| !r.twins.searched.as_ref().unwrap().contains(&*words[*k]))
            .count();
        assert!(unsearched > 50, "{unsearched}");
        let readings = met.iter().flatten().copied().collect();
        let twins = twins_of_regions(source.as_bytes(), regions, readings, 2).unwrap();
        for (k, w) in words.iter().enumerate() {
            assert_eq!(twins[&**w].line, k + 1, "{w}");
        }
    }

    #[test]
    fn many_readings_searched_in_groups_find_the_same_twins() {
        // 30 readings of 3 bytes and more, in two groups, and the short ones (w0 to w9, w, x) in
        // a third; some readings are the starts of others (w1, w10, w100).
        let words: Vec<String> = (0..38)
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
