//! The scan of one file's contents: hidden characters, bidi balance, words that look like other
//! words or mix scripts, lines not in NFC, and bytes that are not UTF-8.
//!
//! Lines are scanned one at a time. A line that is all ASCII (checked at memory speed) needs no
//! more than a look for control bytes; only lines with other characters are read character by
//! character. Bidi controls are balanced per line, as the Unicode Bidirectional Algorithm ends
//! every embedding, override and isolate at the end of a paragraph: an opener left open there
//! reorders the rest of the line (the Trojan Source attacks, CVE-2021-42574).

use super::chartable;
use super::confusable::{self, is_word_category};
use super::fast::{self, FastPaths};
use super::hidden::{self, allowance, is_emoji, is_tag};
use super::listing::{Admit, Caps, MAX_LISTED_PER_CODE, Shared};
use super::words::{
    CandidateWord, MixedWord, Verdict, WordCache, ascii_word_run, ascii_word_run_back,
    is_ascii_word_byte, word_chars,
};
use super::{Allowance, Code, Finding, FoundChar};
use super::{census, decoded, regions, twins};
use crate::decode::{Decoder, Malformed};
use crate::encoding::UTF_8;
use crate::simd::lines::{LineMarks, line_marks};
use crate::source::{ReadAt, read_full_at};
use crate::utf8::code_point_at;
use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{FullCompositionExclusion, GeneralCategory};
use icu_properties::{CodePointMapData, CodePointSetData};
use std::collections::HashMap;
use std::sync::Arc;

/// Every finding in a text, in the order of their offsets. `path` names the text in the findings.
///
/// The first [`MAX_LISTED_PER_CODE`] findings of each code are listed, and one more counts the
/// rest ([`scan_text_with`] says how many).
pub fn scan_text(path: &str, text: &str) -> Vec<Finding> {
    scan_text_with(path, text, MAX_LISTED_PER_CODE)
}

/// [`scan_text`] listing the first `max_per_code` findings of each code.
pub fn scan_text_with(path: &str, text: &str, max_per_code: usize) -> Vec<Finding> {
    let mut scanner = Scanner::new(path, usize::MAX);
    scanner.caps = Caps::new(max_per_code);
    scanner.text_lines(text, 0);
    scanner.finish(text)
}

/// [`scan_bytes`] with no word verdict kept and no shortcut: each word analysed where it stands.
#[cfg(test)]
fn scan_bytes_uncached(path: &str, bytes: &[u8]) -> Vec<Finding> {
    let lossy = String::from_utf8_lossy(bytes);
    let mut scanner = Scanner::new(path, usize::MAX);
    scanner.words = WordCache::uncached();
    scanner.shortcuts = false;
    scanner.fast = false;
    let mut offset = 0u64;
    let lines = bytes.split(|&b| b == b'\n').count();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        scanner.decoded_line(i as u64 + 1, offset, line, i + 1 < lines);
        offset += line.len() as u64 + 1;
    }
    scanner.finish(&lossy)
}

/// How many malformed sequences of one input a scan lists by default, each a finding of its own.
/// Those after them are counted in one more finding, at the first of them: a file in a legacy
/// encoding read as UTF-8 has one in every few words, and a tree of such files would bury every
/// other finding (`isutf8` and `iconv` stop at the first).
pub const MAX_LISTED_INVALID_UTF8: usize = 100;

/// How a scan of bytes runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanOptions {
    /// How many threads may share the scan of one large input (1: the calling thread alone).
    pub threads: usize,
    /// How many malformed sequences are listed, each a finding of its own; the rest are counted
    /// in one finding at the first of them. `None` lists them all.
    pub max_invalid_utf8: Option<usize>,
    /// How many findings of each other code are listed, each on its own; the rest are counted
    /// in one finding at the first of them (those a built-in allowance explains apart). `None`
    /// lists them all.
    pub max_per_code: Option<usize>,
}

impl Default for ScanOptions {
    /// One thread; the first [`MAX_LISTED_INVALID_UTF8`] malformed sequences listed, and the
    /// first [`MAX_LISTED_PER_CODE`] findings of each other code.
    fn default() -> ScanOptions {
        ScanOptions {
            threads: 1,
            max_invalid_utf8: Some(MAX_LISTED_INVALID_UTF8),
            max_per_code: Some(MAX_LISTED_PER_CODE),
        }
    }
}

impl ScanOptions {
    /// How many malformed sequences may be listed.
    fn max_listed(&self) -> usize {
        self.max_invalid_utf8.unwrap_or(usize::MAX)
    }

    /// How many findings of each other code may be listed.
    fn max_per_code(&self) -> usize {
        self.max_per_code.unwrap_or(usize::MAX)
    }
}

/// Every finding in bytes read as UTF-8: what [`scan_text`] finds, and each malformed sequence
/// (a maximal subpart, as the decoder reads it) as [`Code::InvalidUtf8`], the first
/// [`MAX_LISTED_INVALID_UTF8`] each on its own and the rest counted in one more.
pub fn scan_bytes(path: &str, bytes: &[u8]) -> Vec<Finding> {
    scan_bytes_with(path, bytes, ScanOptions::default())
}

/// The fewest bytes of a part that [`scan_bytes_with`] gives a thread of its own.
const MIN_PART: usize = 1 << 20;

/// [`scan_bytes`] as `options` say. On several threads, a text of several MiB is cut at line
/// feeds into parts whose lines are scanned at the same time (lines are scanned independently);
/// the words that may look like others are then matched against the whole text. The findings
/// are those of one thread, in the same order (a test checks it).
///
/// Bytes that start with a UTF-16 or UTF-32 byte order mark are decoded as it says and scanned
/// as text (the findings at the offsets of the bytes), their malformed units as
/// [`Code::InvalidUtf16`] or [`Code::InvalidUtf32`]; so are bytes that can only be UTF-16
/// without a mark ([`decoded::utf16_without_bom`]).
pub fn scan_bytes_with(path: &str, bytes: &[u8], options: ScanOptions) -> Vec<Finding> {
    if let Some(encoding) = decoded::utf_of(bytes) {
        return scan_decoded(path, bytes, encoding, options);
    }
    scan_in_parts(path, bytes, options, MIN_PART)
}

/// The findings of `bytes` decoded as `encoding` (UTF-16 or UTF-32): those of the decoded
/// text at the input's offsets, and each malformed unit ([`decoded::DecodedInput`]).
pub(super) fn scan_decoded(
    path: &str,
    bytes: &[u8],
    encoding: &'static crate::encoding::Encoding,
    options: ScanOptions,
) -> Vec<Finding> {
    let input = decoded::DecodedInput::new(bytes, encoding);
    let findings = scan_text_with(path, input.text(), options.max_per_code());
    input.findings(path, findings, options.max_listed(), unlisted_message)
}

fn scan_in_parts(path: &str, bytes: &[u8], options: ScanOptions, min_part: usize) -> Vec<Finding> {
    let valid = simdutf8::basic::from_utf8(bytes).ok();
    let parts = cut(bytes, options.threads, min_part);
    let listing = Listing::new(options.max_listed());
    let shared = Shared::new(options.max_per_code());
    let scan_part = |&(start, end): &(usize, usize)| {
        let mut scanner = Scanner::new(path, listing.max_listed_from(start as u64));
        scanner.caps = shared.caps_from(start as u64);
        // The line feed between two parts belongs to neither, but ends the line before it.
        scanner.line_feed_after = end < bytes.len();
        let lines = match valid {
            Some(text) => scanner.text_lines(&text[start..end], start as u64),
            None => scanner.byte_lines(&bytes[start..end], start as u64),
        };
        listing.listed(&scanner, end as u64);
        shared.done(&scanner.caps, end as u64);
        (scanner, lines)
    };
    let mut done = crate::parallel::on_threads(&parts, scan_part).into_iter();
    let (mut scanner, mut lines) = done.next().expect("one part at least");
    for (part, part_lines) in done {
        scanner.absorb(part, lines);
        lines += part_lines;
    }
    match valid {
        // The parts cut valid text only: the lossy text of other bytes has other offsets.
        Some(text) => scanner.finish_in_parts(text, &parts),
        // The text is read only for the twins of candidates: no lossy copy without them.
        None if scanner.candidates.is_empty() => scanner.finish(""),
        None => scanner.finish(&String::from_utf8_lossy(bytes)),
    }
}

/// What the parts of an input scanned on several threads tell each other of the malformed
/// sequences they list: a part that comes after one that listed the most on its own lists none
/// (the first of the input are all before it), where it would have named and made findings of
/// its first ones only for [`Scanner::absorb`] to drop them. A file in a legacy encoding read in
/// chunks of 256 KiB listed 100 in every chunk.
struct Listing {
    /// The most a part lists.
    max: usize,
    /// The end offset of the first part known to have listed that many.
    full_from: std::sync::atomic::AtomicU64,
}

impl Listing {
    fn new(max: usize) -> Listing {
        Listing {
            max,
            full_from: std::sync::atomic::AtomicU64::new(u64::MAX),
        }
    }

    /// How many malformed sequences the part that starts at byte `start` lists.
    fn max_listed_from(&self, start: u64) -> usize {
        let full_from = self.full_from.load(std::sync::atomic::Ordering::Relaxed);
        if full_from <= start { 0 } else { self.max }
    }

    /// What the scanner of the part that ends at byte `end` listed.
    fn listed(&self, scanner: &Scanner<'_>, end: u64) {
        if self.max > 0 && scanner.listed >= self.max {
            self.full_from
                .fetch_min(end, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// [`scan_bytes_with`] of a source read in chunks (a large file): the same findings in the same
/// order (a test checks it), with a few MiB of memory rather than the whole source, which the
/// kernel would zero and map page by page. Each region of lines is searched for the twins of the
/// words that may look like others as soon as it is scanned ([`twins::RegionSearch`]); the
/// source is read again only where a region was scanned before some of those words were met.
pub fn scan_source<R: ReadAt + ?Sized>(
    path: &str,
    src: &R,
    options: ScanOptions,
) -> std::io::Result<Vec<Finding>> {
    scan_source_in(path, src, options, regions::CHUNK)
}

fn scan_source_in<R: ReadAt + ?Sized>(
    path: &str,
    src: &R,
    options: ScanOptions,
    chunk: usize,
) -> std::io::Result<Vec<Finding>> {
    if let Some(whole) = decoded_whole(src, MAX_DECODED_SOURCE)? {
        return Ok(scan_bytes_with(path, &whole, options));
    }
    let threads = options.threads;
    let listing = Listing::new(options.max_listed());
    let shared = Shared::new(options.max_per_code());
    let known = twins::Known::new();
    let new_state = || (WordCache::new(), twins::RegionSearch::new());
    let scan_region = |state: &mut (WordCache, twins::RegionSearch),
                       bytes: &[u8],
                       offset: u64,
                       followed: bool| {
        let mut scanner = Scanner::new(path, listing.max_listed_from(offset));
        scanner.caps = shared.caps_from(offset);
        scanner.line_feed_after = followed;
        // The thread's kept verdicts go on from region to region.
        std::mem::swap(&mut scanner.words, &mut state.0);
        let lines = match simdutf8::basic::from_utf8(bytes) {
            Ok(text) => scanner.text_lines(text, offset),
            Err(_) => scanner.byte_lines(bytes, offset),
        };
        std::mem::swap(&mut scanner.words, &mut state.0);
        listing.listed(&scanner, offset + bytes.len() as u64);
        shared.done(&scanner.caps, offset + bytes.len() as u64);
        let readings = scanner
            .candidates
            .iter()
            .map(|c| (&*c.word.reading, &*c.word.skeleton));
        let hits = state.1.search(&known, readings, bytes);
        (scanner, lines, (offset, bytes.len(), hits))
    };
    let regions = regions::check_regions(src, chunk, threads, new_state, scan_region)?;
    // The candidates of all regions, gathered in one vector made once (70,000 in the Russian
    // file of the bench corpus, which a vector grown by doubling copied and mapped afresh).
    let candidates: usize = regions.iter().map(|r| r.0.candidates.len()).sum();
    let mut regions = regions.into_iter();
    let (mut scanner, mut lines, (offset, len, hits)) =
        regions.next().expect("one region at least");
    scanner
        .candidates
        .reserve(candidates - scanner.candidates.len());
    let mut searched = vec![twins::Region {
        offset,
        len,
        lines_before: 0,
        hits,
    }];
    for (region, region_lines, (offset, len, hits)) in regions {
        scanner.absorb(region, lines);
        searched.push(twins::Region {
            offset,
            len,
            lines_before: lines as usize,
            hits,
        });
        lines += region_lines;
    }
    let candidates = std::mem::take(&mut scanner.candidates);
    let twins = twins::twins_of_regions(src, known, searched, chunk, threads)?;
    Ok(scanner.decide(&candidates, &twins))
}

/// [`scan_bidi_controls_with`] of a source read in chunks (on `options.threads`), as
/// [`scan_source`] reads it.
pub fn scan_source_bidi_controls<R: ReadAt + ?Sized>(
    path: &str,
    src: &R,
    options: ScanOptions,
) -> std::io::Result<Vec<Finding>> {
    scan_source_bidi_controls_in(path, src, options, regions::CHUNK)
}

fn scan_source_bidi_controls_in<R: ReadAt + ?Sized>(
    path: &str,
    src: &R,
    options: ScanOptions,
    chunk: usize,
) -> std::io::Result<Vec<Finding>> {
    if let Some(whole) = decoded_whole(src, MAX_DECODED_SOURCE)? {
        return Ok(scan_bidi_controls_with(path, &whole, options));
    }
    let shared = Shared::new(options.max_per_code());
    let scan_region = |_: &mut (), bytes: &[u8], offset: u64, _followed: bool| {
        let end = offset + bytes.len() as u64;
        let scanner = bidi_controls(path, bytes, offset, shared.caps_from(offset));
        shared.done(&scanner.caps, end);
        (scanner, bytecount::count(bytes, b'\n') as u64 + 1)
    };
    let regions = regions::check_regions(src, chunk, options.threads, || (), scan_region)?;
    let mut regions = regions.into_iter();
    let (mut scanner, mut lines) = regions.next().expect("one region at least");
    for (region, region_lines) in regions {
        scanner.absorb(region, lines);
        lines += region_lines;
    }
    scanner.caps.finish(&mut scanner.findings);
    Ok(scanner.findings)
}

/// The largest source in UTF-16 or UTF-32 that is scanned: it is decoded whole, and its text in
/// UTF-8 takes up to one and a half times its size again.
const MAX_DECODED_SOURCE: usize = 1 << 30;

/// All of a source in UTF-16 or UTF-32 (after a byte order mark, or UTF-16 without one as
/// [`decoded::utf16_without_bom`] tells it), which is decoded whole; `None` for any other. A
/// source of more than `max` bytes is an error.
fn decoded_whole<R: ReadAt + ?Sized>(src: &R, max: usize) -> std::io::Result<Option<Vec<u8>>> {
    let mut head = [0; decoded::UTF16_SNIFF];
    let n = read_full_at(src, &mut head, 0).map_err(|(_, e)| e)?;
    if decoded::utf_of(&head[..n]).is_none() {
        return Ok(None);
    }
    let mut whole = Vec::new();
    let mut buf = vec![0; 1 << 16];
    loop {
        let k = read_full_at(src, &mut buf, whole.len() as u64).map_err(|(_, e)| e)?;
        whole.extend_from_slice(&buf[..k]);
        if whole.len() > max {
            return Err(std::io::Error::other(format!(
                "it is text in UTF-16 or UTF-32, which is decoded whole to be scanned: more \
                 than {} bytes is too large",
                crate::detect::count(max as u64)
            )));
        }
        if k < buf.len() {
            return Ok(Some(whole));
        }
    }
}

/// The ASCII readings of `candidates`, with their skeletons.
fn readings(candidates: &[Candidate]) -> Vec<(&str, &str)> {
    candidates
        .iter()
        .map(|c| (&*c.word.reading, &*c.word.skeleton))
        .collect()
}

/// The byte ranges of the parts of `bytes` for `threads` threads: cut just before line feeds (the
/// line feed between two parts belongs to neither), each of `min_part` bytes at least.
fn cut(bytes: &[u8], threads: usize, min_part: usize) -> Vec<(usize, usize)> {
    let count = threads.min(bytes.len() / min_part.max(1)).max(1);
    let mut parts = Vec::with_capacity(count);
    let mut start = 0;
    for k in 1..count {
        let aim = (bytes.len() / count * k).max(start);
        let Some(nl) = memchr::memchr(b'\n', &bytes[aim..]) else {
            break;
        };
        parts.push((start, aim + nl));
        start = aim + nl + 1;
    }
    parts.push((start, bytes.len()));
    parts
}

/// Only the bidi controls of bytes (Trojan Source), at memory speed: a search for their UTF-8
/// lead byte E2 skips everything else. Each is balanced per line as in [`scan_bytes`], which
/// finds the same ones (a test checks it).
///
/// Bytes in UTF-16 or UTF-32 are decoded first, as [`scan_bytes_with`] decodes them.
pub fn scan_bidi_controls(path: &str, bytes: &[u8]) -> Vec<Finding> {
    scan_bidi_controls_with(path, bytes, ScanOptions::default())
}

/// [`scan_bidi_controls`] listing as many as `options.max_per_code` says (on one thread).
pub fn scan_bidi_controls_with(path: &str, bytes: &[u8], options: ScanOptions) -> Vec<Finding> {
    if let Some(encoding) = decoded::utf_of(bytes) {
        let options = ScanOptions {
            max_invalid_utf8: Some(0),
            ..options
        };
        let mut found = scan_decoded(path, bytes, encoding, options);
        found.retain(|f| f.code == Code::BidiControl);
        return found;
    }
    let mut scanner = bidi_controls(path, bytes, 0, Caps::new(options.max_per_code()));
    scanner.caps.finish(&mut scanner.findings);
    scanner.findings
}

/// [`scan_bidi_controls`] of `bytes` that start at byte `offset` of the input, their lines
/// numbered from 1, listing as many as `caps` say: the scanner, its findings not finished.
fn bidi_controls<'p>(path: &'p str, bytes: &[u8], offset: u64, caps: Caps) -> Scanner<'p> {
    let mut scanner = Scanner::new(path, usize::MAX);
    scanner.caps = caps;
    let mut line = 1u64;
    let mut line_start = 0usize;
    let mut counted_to = 0usize;
    // The characters of the line before byte `columns_to` (each counted once: a line of many
    // controls is not counted again from its start for each).
    let (mut columns, mut columns_to) = (0u64, 0usize);
    let mut state: Option<LineState> = None;
    for (at, c) in bidi_controls_in(bytes) {
        // Lines between the previous control and this one.
        for nl in memchr::memchr_iter(b'\n', &bytes[counted_to..at]) {
            line += 1;
            line_start = counted_to + nl + 1;
        }
        counted_to = at;
        if state.as_ref().is_some_and(|s| s.number != line) {
            scanner.end_line(state.take().expect("checked"));
        }
        let st = state.get_or_insert_with(|| LineState::new(line));
        // Characters before it on its line (a malformed sequence counts as one, as in
        // scan_bytes; the controls are whole characters, so the counts add up).
        if columns_to < line_start {
            (columns, columns_to) = (0, line_start);
        }
        columns += lossy_chars(&bytes[columns_to..at]);
        columns_to = at;
        let column = columns + 1;
        st.column = column;
        let at = (line, column, offset + at as u64);
        scanner.hidden(st, at, Code::BidiControl, c, None);
    }
    if let Some(st) = state {
        scanner.end_line(st);
    }
    scanner
}

/// How many characters `bytes` read as UTF-8 have, a malformed sequence counting as one.
fn lossy_chars(bytes: &[u8]) -> u64 {
    bytes
        .utf8_chunks()
        .map(|c| {
            bytecount::num_chars(c.valid().as_bytes()) as u64 + u64::from(!c.invalid().is_empty())
        })
        .sum()
}

/// A word being read, and what its characters say of it so far.
struct OpenWord {
    /// Its byte index in the run of text.
    start: usize,
    /// It has ASCII letters (of the Latin script).
    ascii_letters: bool,
    /// The table's flags that all its characters beyond ASCII have ([`chartable::PLAIN`] among
    /// them unless one is a character the table has no flags for), but where the high byte
    /// (the script) is that of those of its characters that have a script (all ones if none
    /// has).
    all: u16,
    /// The table's flags that one of its characters beyond ASCII has at least (none if it has
    /// none).
    any: u16,
}

impl OpenWord {
    fn new(start: usize) -> OpenWord {
        OpenWord {
            start,
            ascii_letters: false,
            all: u16::MAX,
            any: 0,
        }
    }

    /// A run of ASCII word characters, with letters among them or not.
    fn ascii(&mut self, letters: bool) {
        self.ascii_letters |= letters;
    }

    /// A character beyond ASCII with the table's `flags` (with [`chartable::WORD`] only for a
    /// character the table has no flags for).
    #[inline(always)]
    fn add(&mut self, flags: u16) {
        // A character of no script (its high byte 0) leaves the script of the others.
        let no_script = (flags & chartable::NO_SCRIPT) >> 7;
        self.all &= flags | (no_script * 0xFF00);
        self.any |= flags;
    }

    /// It has characters beyond ASCII.
    fn non_ascii(&self) -> bool {
        self.any != 0
    }

    /// Whether the word checks have nothing to say of the word, without a look: a character
    /// keeps its skeleton from being ASCII ([`chartable::NO_ASCII_LOOK`],
    /// [`chartable::NO_ASCII_SKELETON`]), so it pretends to be no ASCII word, and it has one
    /// script at most (ASCII letters are Latin; Common and Inherited go with any), or is all
    /// Japanese or all Korean but for ASCII digits and `_` (Common, and written in both: a
    /// test checks that the chart says so), so it mixes none.
    fn needs_no_look(&self) -> bool {
        use chartable::{JAPANESE, KOREAN, LATIN, NO_ASCII_LOOK, NO_ASCII_SKELETON, PLAIN};
        let no_ascii_twin = self.any & (NO_ASCII_LOOK | NO_ASCII_SKELETON) != 0;
        // The scripts of its characters beyond ASCII: none, or one if they all have it.
        let script = chartable::script_of(self.any);
        let one_script = (script == 0 || script == chartable::script_of(self.all))
            && (!self.ascii_letters || script == 0 || script == LATIN);
        let one_east_asian = !self.ascii_letters && self.all & (JAPANESE | KOREAN) != 0;
        self.all & PLAIN != 0 && no_ascii_twin && (one_script || one_east_asian)
    }
}

/// A run of valid text being scanned, with where it is: the columns of its characters are
/// counted only when a finding needs one (most runs have none).
struct Run<'t> {
    text: &'t str,
    /// The bytes the run lies in, and where it starts in them: the fast path reads its windows
    /// there in place, past the run's ends too (what it reads past them is masked off).
    around: (&'t [u8], usize),
    /// The line's number.
    line: u64,
    /// The byte offset of the run's start in the input.
    offset: u64,
    /// The byte index up to which characters are counted.
    counted_to: usize,
    /// The characters of the line before `counted_to`.
    chars_before: u64,
}

impl<'t> Run<'t> {
    /// The run `text` at byte `offset`, after `chars_before` characters of line `line`, at byte
    /// `around.1` of `around.0`.
    fn new(
        text: &'t str,
        around: (&'t [u8], usize),
        line: u64,
        offset: u64,
        chars_before: u64,
    ) -> Run<'t> {
        debug_assert_eq!(&around.0[around.1..around.1 + text.len()], text.as_bytes());
        Run {
            text,
            around,
            line,
            offset,
            counted_to: 0,
            chars_before,
        }
    }

    /// The characters of the line before byte `i` of the run (counted from the last count,
    /// forwards or backwards).
    fn chars_before(&mut self, i: usize) -> u64 {
        let bytes = self.text.as_bytes();
        if i >= self.counted_to {
            self.chars_before += bytecount::num_chars(&bytes[self.counted_to..i]) as u64;
        } else {
            self.chars_before -= bytecount::num_chars(&bytes[i..self.counted_to]) as u64;
        }
        self.counted_to = i;
        self.chars_before
    }

    /// The line, column and offset of the character at byte `i` of the run.
    fn at(&mut self, i: usize) -> (u64, u64, u64) {
        (self.line, self.chars_before(i) + 1, self.offset + i as u64)
    }
}

/// Printable ASCII, tab and carriage return: never a finding on their own.
fn is_plain_ascii(b: u8) -> bool {
    (0x20..0x7F).contains(&b) || b == b'\t' || b == b'\r'
}

/// The index of the first byte of `bytes` from `from` on that is not [plain
/// ASCII](is_plain_ascii) (the length when there is none). The first 16 bytes are looked at 8
/// at a time (between two words of most scripts there is one space), then 16 at once; the byte
/// is found in its 8 by [`not_plain_bytes`].
fn next_not_plain(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    let eight = |i: usize| {
        bytes
            .get(i..i + 8)
            .map(|b| not_plain_bytes(u64::from_le_bytes(b.try_into().expect("8 bytes"))))
    };
    for _ in 0..2 {
        match eight(i) {
            Some(0) => i += 8,
            Some(found) => return i + (found.trailing_zeros() / 8) as usize,
            None => break,
        }
    }
    while let Some(chunk) = bytes.get(i..i + 16) {
        if chunk.iter().fold(false, |any, &b| any | !is_plain_ascii(b)) {
            break;
        }
        i += 16;
    }
    while let Some(found) = eight(i) {
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while bytes.get(i).is_some_and(|&b| is_plain_ascii(b)) {
        i += 1;
    }
    i
}

/// The [`line_marks`] of the 64 bytes of `bytes` from `at` on; past the end, spaces (neither
/// special nor a line feed).
#[inline]
fn marks_at(bytes: &[u8], at: usize) -> LineMarks {
    match bytes.get(at..at + 64) {
        Some(block) => line_marks(block.try_into().expect("64 bytes")),
        None => {
            let mut block = [b' '; 64];
            let rest = &bytes[at..];
            block[..rest.len()].copy_from_slice(rest);
            line_marks(&block)
        }
    }
}

/// The bytes of `x` (8 bytes, little-endian) that are not [plain ASCII](is_plain_ascii): the
/// high bit of each such byte set, no other bit.
#[inline(always)]
fn not_plain_bytes(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES * 0x80;
    const LOW7: u64 = ONES * 0x7F;
    // (No sum carries from one byte into the next: each adds at most 0x7F to 0x7F.)
    let low = x & LOW7;
    // 0x7F and above: the high bit, or the low seven bits all ones.
    let high_or_del = (x | (low + ONES)) & HIGH;
    // Below 0x20: the high bit clear, and the low seven bits plus 0x60 below 0x80.
    let control = !(x | (low + ONES * 0x60)) & HIGH;
    // Tab (09) and carriage return (0D) are the bytes that are 09 without their bit 2.
    let y = (x & (ONES * 0xFB)) ^ (ONES * 0x09);
    let tab_or_cr = !(y | ((y & LOW7) + LOW7)) & HIGH;
    high_or_del | (control & !tab_or_cr)
}

/// What a line of bytes read as UTF-8 is made of.
struct LineCensus {
    /// Its malformed sequences.
    malformed: u64,
    /// Its valid characters beyond ASCII.
    beyond_ascii: u64,
}

impl LineCensus {
    fn of(line: &[u8]) -> LineCensus {
        let (malformed, beyond_ascii) = census::census(line);
        LineCensus {
            malformed,
            beyond_ascii,
        }
    }

    /// Whether the line is read as UTF-8 text: it has no more malformed sequences than valid
    /// characters beyond ASCII. A line of Latin-1 has one for each letter beyond ASCII and none
    /// of the others; a line of Shift_JIS, GBK or Big5 has one for nearly each character and few
    /// that are valid by chance; a line of UTF-8 with a corrupted byte has the characters it was
    /// written with.
    fn reads_as_utf8(&self) -> bool {
        self.malformed <= self.beyond_ascii
    }
}

/// The bidi controls of bytes read as UTF-8, each with its byte index: their three bytes (E2 80
/// AA-AE, E2 81 A6-A9) are one wherever they stand, as E2 is never a continuation byte, so a
/// search for E2 finds them all. (E2 alone is no sign: it leads characters of Shift_JIS and of
/// other double-byte encodings.)
fn bidi_controls_in(bytes: &[u8]) -> impl Iterator<Item = (usize, char)> + '_ {
    memchr::memchr_iter(0xE2, bytes).filter_map(|at| match bytes.get(at + 1..at + 3) {
        Some(&[b1 @ (0x80 | 0x81), b2])
            if (b1 == 0x80 && (0xAA..=0xAE).contains(&b2))
                || (b1 == 0x81 && (0xA6..=0xA9).contains(&b2)) =>
        {
            let cp = 0x2000 | u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F);
            char::from_u32(cp).map(|c| (at, c))
        }
        _ => None,
    })
}

/// Whether bytes read as UTF-8 have a bidi control ([`bidi_controls_in`]).
fn has_bidi_control(bytes: &[u8]) -> bool {
    bidi_controls_in(bytes).next().is_some()
}

/// [`LineCensus::reads_as_utf8`] of a line.
#[cfg(test)]
fn reads_as_utf8(line: &[u8]) -> bool {
    LineCensus::of(line).reads_as_utf8()
}

/// The plain word characters beyond ASCII from byte `i` of `bytes` on, added to the open word
/// `w` (the NFC quick check told of those that are not inert): a loop of their own, where prose
/// spends its time. Returns where they end.
fn word_chars_beyond_ascii(
    bytes: &[u8],
    mut i: usize,
    w: &mut OpenWord,
    (flags, quick): (&mut chartable::Reader, &mut chartable::NfcQuickCheck),
    fast: &mut FastPaths,
) -> usize {
    while let Some(&b) = bytes.get(i)
        && !b.is_ascii()
    {
        // A run of CJK ideographs or of Hangul syllables, at once.
        if let Some((passed, run_flags)) = fast.run_in_word(bytes, i) {
            w.add(run_flags);
            i += passed;
            continue;
        }
        let (cp, len) = code_point_at(bytes, i);
        match flags.plain_flags(cp) {
            Some(char_flags) if char_flags & chartable::WORD != 0 => {
                if char_flags & chartable::NFC_INERT == 0 {
                    quick.visit(bytes, i, cp);
                }
                w.add(char_flags);
                i += len;
            }
            _ => break,
        }
    }
    i
}

/// A bidi control waiting for the end of its line to know whether it is balanced.
struct OpenBidi {
    /// The index of its finding.
    finding: usize,
    /// An isolate (LRI, RLI, FSI) rather than an embedding or override.
    isolate: bool,
}

/// What a line carries from one piece of text to the next.
struct LineState {
    number: u64,
    /// Characters seen so far on the line (malformed sequences count one each).
    column: u64,
    prev: Option<char>,
    in_emoji_tags: bool,
    open: Vec<OpenBidi>,
}

impl LineState {
    fn new(number: u64) -> LineState {
        LineState {
            number,
            column: 0,
            prev: None,
            in_emoji_tags: false,
            open: Vec::new(),
        }
    }
}

/// A word that may pretend to be an ASCII word, kept until every ASCII word of the text is known.
struct Candidate {
    word: Arc<CandidateWord>,
    line: u64,
    column: u64,
    offset: u64,
}

/// The malformed sequences counted, not listed: the finding that stands for them all.
#[derive(Clone, Copy, Debug)]
struct Unlisted {
    /// Its index in the findings.
    finding: usize,
    /// How many sequences it stands for.
    count: u64,
}

struct Scanner<'p> {
    path: &'p str,
    findings: Vec<Finding>,
    candidates: Vec<Candidate>,
    words: WordCache,
    /// Whether a word plainly of one script skips the word checks (tests turn it off).
    shortcuts: bool,
    /// Whether the fast paths run ([`fast`]: where the processor has SIMD, and not when tests
    /// turn shortcuts off).
    fast: bool,
    /// How many windows and runs the fast paths read (tests check that they run).
    #[cfg(test)]
    windows_read: usize,
    /// How many malformed sequences may be listed, each a finding of its own.
    max_listed: usize,
    /// How many are.
    listed: usize,
    /// Those after them, once there are any.
    unlisted: Option<Unlisted>,
    /// How many findings of each other code are listed, and the count of the rest.
    caps: Caps,
    /// Whether a line feed follows the bytes this scanner reads (a part or region of a larger
    /// input): it ends their last line, and a sequence cut short there is cut by it.
    line_feed_after: bool,
}

impl<'p> Scanner<'p> {
    /// A scanner whose findings name `path`, listing `max_listed` malformed sequences at most.
    fn new(path: &'p str, max_listed: usize) -> Scanner<'p> {
        Scanner {
            path,
            findings: Vec::new(),
            candidates: Vec::new(),
            words: WordCache::new(),
            shortcuts: true,
            fast: fast::available(),
            #[cfg(test)]
            windows_read: 0,
            max_listed,
            listed: 0,
            unlisted: None,
            caps: Caps::new(MAX_LISTED_PER_CODE),
            line_feed_after: false,
        }
    }

    fn push(
        &mut self,
        at: (u64, u64, u64),
        code: Code,
        chars: Vec<FoundChar>,
        message: String,
        allowed_by: Option<Allowance>,
    ) -> usize {
        // The sink of every finding: past the first of a code, they are counted (see
        // `listing`), and the index is none (`usize::MAX`).
        let admit = self.caps.admit(code, allowed_by.is_some());
        if admit == Admit::Count {
            return usize::MAX;
        }
        let (line, column, offset) = at;
        self.findings.push(Finding {
            path: self.path.to_string(),
            line: Some(line),
            column: Some(column),
            offset: Some(offset),
            code,
            chars,
            message,
            allowed_by,
        });
        let index = self.findings.len() - 1;
        if admit == Admit::First {
            self.caps.stands_for_the_rest(index, &self.findings[index]);
        }
        index
    }

    /// The lines of a valid text that starts at byte `offset`, numbered from 1; returns how
    /// many there are.
    fn text_lines(&mut self, text: &str, offset: u64) -> u64 {
        self.text_lines_after(text, offset, 0)
    }

    /// [`Scanner::text_lines`] of lines numbered from `before + 1`; returns the number of the
    /// last.
    ///
    /// Lines of plain ASCII need no look: the text is read 64 bytes at a time for its line
    /// feeds and the bytes that are neither plain ASCII nor a line feed ([`line_marks`]); the
    /// lines before such a byte are only counted, and the line it is on is looked at.
    fn text_lines_after(&mut self, text: &str, offset: u64, before: u64) -> u64 {
        let bytes = text.as_bytes();
        // The number of the line that starts at `line_start`.
        let mut line = before + 1;
        let mut line_start = 0;
        // Where the next 64 bytes are read.
        let mut at = 0;
        while at < bytes.len() {
            let marks = marks_at(bytes, at);
            if marks.special == 0 {
                if marks.feeds != 0 {
                    line += u64::from(marks.feeds.count_ones());
                    line_start = at + 64 - marks.feeds.leading_zeros() as usize;
                }
                at += 64;
                continue;
            }
            let k = marks.special.trailing_zeros();
            let feeds_before = marks.feeds & ((1 << k) - 1);
            if feeds_before != 0 {
                line += u64::from(feeds_before.count_ones());
                line_start = at + 64 - feeds_before.leading_zeros() as usize;
            }
            // The line's end: a line feed after the special byte in these 64 bytes, or further.
            let feeds_after = marks.feeds >> k;
            let end = if feeds_after != 0 {
                at + k as usize + feeds_after.trailing_zeros() as usize
            } else {
                let rest = bytes.get(at + 64..).unwrap_or_default();
                memchr::memchr(b'\n', rest).map_or(bytes.len(), |j| at + 64 + j)
            };
            self.line(
                line,
                offset + line_start as u64,
                &text[line_start..end],
                (bytes, line_start),
            );
            if end == bytes.len() {
                return line;
            }
            line += 1;
            line_start = end + 1;
            at = end + 1;
        }
        line
    }

    /// One line of bytes (without its line feed) read as UTF-8: each run of valid text between
    /// two malformed sequences is scanned whole, and each malformed sequence is a finding (or is
    /// counted once the most are listed).
    ///
    /// A line whose malformed sequences outnumber its valid characters beyond ASCII is in another
    /// encoding ([`LineCensus::reads_as_utf8`]): its valid runs are searched for bidi controls
    /// only. The characters that bytes of Shift_JIS or GBK happen to make in UTF-8 are noise (10
    /// MB of Shift_JIS gave 120,000 `mixed-script` findings and 28,000 others, all meaningless).
    /// `followed`: whether a line feed comes after the line (it cuts short a sequence at the
    /// line's end, as the decoder of the whole input, and `validate`, say).
    fn decoded_line(&mut self, number: u64, offset: u64, line: &[u8], followed: bool) {
        let census = LineCensus::of(line);
        let readable = census.reads_as_utf8();
        if !readable
            && let Some(unlisted) = &mut self.unlisted
            && !has_bidi_control(line)
        {
            // No bidi control, and the sequences are only counted.
            unlisted.count += census.malformed;
            return;
        }
        let mut state = LineState::new(number);
        // The decoder names the sequences, while they are listed: the maximal subparts it finds
        // are those of `utf8_chunks` (a test checks it).
        let mut named = Vec::new();
        if self.unlisted.is_none() {
            let mut decoder = Decoder::starting_at(UTF_8, offset);
            decoder.decode_malformed(line, !followed, |m| named.push(m));
            if followed {
                decoder.decode_malformed(b"\n", true, |m| named.push(m));
            }
        }
        let mut named = named.into_iter();
        let mut at = offset;
        for chunk in line.utf8_chunks() {
            let text = chunk.valid();
            if !text.is_empty() {
                if readable {
                    self.text(&mut state, at, text, (line, (at - offset) as usize));
                } else {
                    self.bidi_controls_of(&mut state, at, text);
                }
                // What follows comes after these characters.
                state.column += bytecount::num_chars(text.as_bytes()) as u64;
                state.prev = text.chars().next_back();
                at += text.len() as u64;
            }
            let bytes = chunk.invalid();
            if !bytes.is_empty() {
                let m = named.next();
                debug_assert!(m.is_none_or(|m| m.offset() == at && m.len() == bytes.len() as u64));
                self.malformed(&mut state, at, m);
                at += bytes.len() as u64;
            }
        }
        self.end_line(state);
    }

    /// The bidi controls of a run of valid text at byte `offset`, after `state.column`
    /// characters of its line (the run of a line in another encoding: see
    /// [`Scanner::decoded_line`]).
    fn bidi_controls_of(&mut self, state: &mut LineState, offset: u64, text: &str) {
        let bytes = text.as_bytes();
        let (mut chars, mut counted_to) = (state.column, 0);
        for (at, c) in bidi_controls_in(bytes) {
            chars += bytecount::num_chars(&bytes[counted_to..at]) as u64;
            counted_to = at;
            let at = (state.number, chars + 1, offset + at as u64);
            self.hidden(state, at, Code::BidiControl, c, None);
        }
    }

    /// The lines of bytes read as UTF-8 that start at byte `offset`, numbered from 1; returns
    /// how many there are.
    fn byte_lines(&mut self, bytes: &[u8], offset: u64) -> u64 {
        let mut lines = 0;
        let mut start = 0;
        loop {
            let rest = &bytes[start..];
            let at = offset + start as u64;
            // The valid bytes up to the first malformed sequence (SIMD), then the lines that
            // end before it, read as text.
            let valid_up_to = match simdutf8::compat::from_utf8(rest) {
                Ok(text) => return self.text_lines_after(text, at, lines),
                Err(e) => e.valid_up_to(),
            };
            let mut line_start = 0;
            if let Some(nl) = memchr::memrchr(b'\n', &rest[..valid_up_to]) {
                let text = simdutf8::basic::from_utf8(&rest[..nl]).expect("valid up to there");
                lines = self.text_lines_after(text, at, lines);
                line_start = nl + 1;
            }
            // The line of the malformed sequence, decoded.
            let end = memchr::memchr(b'\n', &rest[line_start..]).map(|i| line_start + i);
            lines += 1;
            let line = &rest[line_start..end.unwrap_or(rest.len())];
            let followed = end.is_some() || self.line_feed_after;
            self.decoded_line(lines, at + line_start as u64, line, followed);
            match end {
                Some(end) => start += end + 1,
                None => return lines,
            }
        }
    }

    /// Takes in the findings and candidates of the next part of the text, whose lines come
    /// after `lines_before` lines.
    ///
    /// The malformed sequences listed are still the first of the whole text: the part's listed
    /// ones are kept while there is room, and the first of the others stands for the rest.
    fn absorb(&mut self, part: Scanner<'_>, lines_before: u64) {
        for (index, mut f) in part.findings.into_iter().enumerate() {
            f.line = f.line.map(|l| l + lines_before);
            if !self
                .caps
                .take_in(&part.caps, index, &f, self.findings.len())
            {
                continue;
            }
            if f.code == Code::InvalidUtf8 {
                // One listed sequence, or the part's count of those it did not list.
                let (count, listed) = match part.unlisted {
                    Some(u) if u.finding == index => (u.count, false),
                    _ => (1, true),
                };
                match &mut self.unlisted {
                    Some(unlisted) => {
                        unlisted.count += count;
                        continue;
                    }
                    None if listed && self.listed < self.max_listed => self.listed += 1,
                    None => {
                        f.message.clear();
                        self.unlisted = Some(Unlisted {
                            finding: self.findings.len(),
                            count,
                        });
                    }
                }
            }
            self.findings.push(f);
        }
        self.candidates
            .extend(part.candidates.into_iter().map(|mut c| {
                c.line += lines_before;
                c
            }));
    }

    /// One line of valid text (without its line feed) that has a byte other than plain ASCII,
    /// at byte `around.1` of `around.0`.
    fn line(&mut self, number: u64, offset: u64, line: &str, around: (&[u8], usize)) {
        debug_assert!(next_not_plain(line.as_bytes(), 0) < line.len());
        let mut state = LineState::new(number);
        self.text(&mut state, offset, line, around);
        self.end_line(state);
    }

    /// The malformed sequence at byte `offset` of the input: listed as the decoder names it
    /// (`m`, given while sequences are listed), or counted.
    fn malformed(&mut self, state: &mut LineState, offset: u64, m: Option<Malformed>) {
        state.column += 1;
        state.prev = Some(char::REPLACEMENT_CHARACTER);
        let at = (state.number, state.column, offset);
        match (&mut self.unlisted, m) {
            (None, Some(m)) if self.listed < self.max_listed => {
                self.listed += 1;
                self.push(at, Code::InvalidUtf8, Vec::new(), m.reason(), None);
            }
            (None, _) => {
                let finding = self.push(at, Code::InvalidUtf8, Vec::new(), String::new(), None);
                self.unlisted = Some(Unlisted { finding, count: 1 });
            }
            (Some(unlisted), _) => unlisted.count += 1,
        }
    }

    /// A run of valid text starting at byte `offset`, within the line `state` is about.
    ///
    /// Printable ASCII is skipped 16 bytes at a time: an ASCII word is never a finding, so the
    /// ASCII characters that matter are those of words that also have other characters, read
    /// from each such character backwards and forwards.
    fn text(&mut self, state: &mut LineState, offset: u64, text: &str, around: (&[u8], usize)) {
        let bytes = text.as_bytes();
        let mut run = Run::new(text, around, state.number, offset, state.column);
        let mut flags = chartable::Reader::new();
        let mut word: Option<OpenWord> = None;
        // The NFC quick check, told of each character that is neither ASCII nor inert.
        let mut quick = chartable::NfcQuickCheck::new();
        let mut i = 0;
        let mut fast = FastPaths::new(self.fast);
        while let Some(&b) = bytes.get(i) {
            if word.is_none() {
                let (text, around) = (run.text.as_bytes(), run.around);
                let passed = fast.words(text, around, i, |s, e| self.word(s, &mut run, e));
                if passed > 0 {
                    i += passed;
                    continue;
                }
            }
            if b.is_ascii() {
                // One space or punctuation mark between characters beyond ASCII (prose in most
                // scripts) ends the word, if one is open, and that is all.
                if bytes.get(i + 1).is_some_and(|&next| !next.is_ascii())
                    && is_plain_ascii(b)
                    && !is_ascii_word_byte(b)
                {
                    if let Some(w) = word.take() {
                        self.end_word(w, &mut run, i);
                    }
                    i += 1;
                    continue;
                }
                i = self.ascii(state, &mut run, &mut word, i);
                continue;
            }
            let (cp, len) = code_point_at(bytes, i);
            let char_flags = match flags.plain_flags(cp) {
                Some(char_flags) => char_flags,
                None => {
                    let c = char::from_u32(cp).expect("valid UTF-8");
                    // (A character that is no plain one may still be inert for NFC: a byte
                    // order mark at the start of a long first line.)
                    self.not_plain(state, &mut run, i, c) | flags.nfc_inert(cp)
                }
            };
            if char_flags & chartable::NFC_INERT == 0 {
                quick.visit(bytes, i, cp);
            }
            if char_flags & chartable::WORD != 0 {
                let w = word.get_or_insert_with(|| {
                    // The word starts with the ASCII word characters just before.
                    let (start, letters) = ascii_word_run_back(bytes, i);
                    let mut w = OpenWord::new(start);
                    if start < i {
                        w.ascii(letters);
                    }
                    w
                });
                w.add(char_flags);
                i = word_chars_beyond_ascii(bytes, i + len, w, (&mut flags, &mut quick), &mut fast);
                continue;
            }
            if let Some(w) = word.take() {
                self.end_word(w, &mut run, i);
            }
            i += len;
            // A run of emoji after this one, at once.
            if len == 4 {
                i += fast.symbols(bytes, i);
            }
        }
        if let Some(w) = word {
            self.end_word(w, &mut run, bytes.len());
        }
        if let Some(from) = quick.unsure_from() {
            self.nfc_from((state.number, state.column), offset, text, from);
        }
        #[cfg(test)]
        {
            self.windows_read += fast.windows;
        }
    }

    /// The ASCII characters of `run` from byte `i` on, up to the next character beyond ASCII, and
    /// a control character that stops them: the open word goes on over the ASCII word
    /// characters that follow, or ends. Returns where they stop.
    fn ascii(
        &mut self,
        state: &mut LineState,
        run: &mut Run<'_>,
        word: &mut Option<OpenWord>,
        i: usize,
    ) -> usize {
        let bytes = run.text.as_bytes();
        let plain_end = next_not_plain(bytes, i);
        if let Some(w) = word {
            let (end, letters) = ascii_word_run(bytes, i, plain_end);
            if end > i {
                w.ascii(letters);
            }
            if end < plain_end
                && let Some(w) = word.take()
            {
                self.end_word(w, run, end);
            }
        }
        match bytes.get(plain_end) {
            Some(&b) if b.is_ascii() => {
                // A control character (no line feed comes here).
                if let Some(w) = word.take() {
                    self.end_word(w, run, plain_end);
                }
                let c = char::from(b);
                if b == 0x1B && hidden::starts_iso2022_escape(&bytes[plain_end + 1..]) {
                    let at = run.at(plain_end);
                    let allowed = Some(Allowance::Iso2022Escape);
                    self.hidden(state, at, Code::Control, c, allowed);
                } else if let Some(code) = hidden::classify(c) {
                    self.classified_at(state, run, plain_end, code, c);
                }
                plain_end + 1
            }
            _ => plain_end,
        }
    }

    /// A character beyond ASCII at byte `i` of `run` that the table has no flags for: its
    /// finding, if it is one. Returns the flags it stands for: [`chartable::WORD`] if it
    /// continues a word (without [`chartable::PLAIN`], which keeps the word from the shortcut),
    /// none else.
    #[inline(never)]
    fn not_plain(&mut self, state: &mut LineState, run: &mut Run<'_>, i: usize, c: char) -> u16 {
        let gc = CodePointMapData::<GeneralCategory>::new().get(c);
        if let Some(code) = hidden::classify_with(c, gc) {
            self.classified_at(state, run, i, code, c);
        }
        if is_word_category(c, gc) {
            chartable::WORD
        } else {
            0
        }
    }

    /// The character `c` at byte `i` of `run`, whose code is `code`.
    fn classified_at(
        &mut self,
        state: &mut LineState,
        run: &mut Run<'_>,
        i: usize,
        code: Code,
        c: char,
    ) {
        state.prev = run.text[..i].chars().next_back().or(state.prev);
        let next = run.text[i + c.len_utf8()..].chars().next();
        let at = run.at(i);
        self.classified(state, at, code, c, next);
    }

    /// A character with a code of its own (`code`), at `at`, before `next`.
    fn classified(
        &mut self,
        state: &mut LineState,
        at: (u64, u64, u64),
        code: Code,
        c: char,
        next: Option<char>,
    ) {
        if c == '\u{FEFF}' && at.2 == 0 {
            return;
        }
        if code == Code::Tag {
            // An emoji tag sequence: an emoji, then tags (the flags of Scotland...).
            state.in_emoji_tags = match state.prev {
                Some(p) if is_tag(p) => state.in_emoji_tags,
                Some(p) => is_emoji(p),
                None => false,
            };
        }
        let allowed = allowance(code, state.prev, c, next, state.in_emoji_tags);
        self.hidden(state, at, code, c, allowed);
    }

    fn hidden(
        &mut self,
        state: &mut LineState,
        at: (u64, u64, u64),
        code: Code,
        c: char,
        allowed: Option<Allowance>,
    ) {
        // Once the most of its code are listed, a character is only counted: no name to look
        // up, no message to write (ten million NUL bytes).
        let index = if self.caps.counts_only(code, allowed.is_some()) {
            self.caps.admit(code, allowed.is_some());
            usize::MAX
        } else {
            self.hidden_finding(at, code, c, allowed)
        };
        if code != Code::BidiControl {
            return;
        }
        match c {
            '\u{202A}'..='\u{202B}' | '\u{202D}'..='\u{202E}' => state.open.push(OpenBidi {
                finding: index,
                isolate: false,
            }),
            '\u{2066}'..='\u{2068}' => state.open.push(OpenBidi {
                finding: index,
                isolate: true,
            }),
            '\u{202C}' => {
                if state.open.last().is_some_and(|o| !o.isolate) {
                    state.open.pop();
                } else if let Some(f) = self.findings.get_mut(index) {
                    f.message
                        .push_str(", closing nothing on this line (unbalanced)");
                }
            }
            _ => {
                // PDI closes the last open isolate and every embedding opened after it.
                if let Some(p) = state.open.iter().rposition(|o| o.isolate) {
                    state.open.truncate(p);
                } else if let Some(f) = self.findings.get_mut(index) {
                    f.message
                        .push_str(", closing nothing on this line (unbalanced)");
                }
            }
        }
    }

    /// The finding of a hidden character of `code` at `at`; returns its index.
    fn hidden_finding(
        &mut self,
        at: (u64, u64, u64),
        code: Code,
        c: char,
        allowed: Option<Allowance>,
    ) -> usize {
        let found = FoundChar::of(c);
        let label = found.label();
        let message = match code {
            Code::BidiControl => format!("{label}: a bidirectional control"),
            Code::Invisible => format!("{label}: drawn as nothing"),
            Code::BomNotAtStart => format!(
                "{label}: a byte order mark at byte {}, not at the start (joined files?); \
                 invisible",
                at.2
            ),
            Code::Control => format!("{label}: a control character"),
            Code::Noncharacter => format!("{label}: a noncharacter, not for interchange"),
            Code::PrivateUse => format!("{label}: a private-use character"),
            Code::Tag => format!("{label}: a tag character, invisible outside an emoji flag"),
            Code::Confusable => format!("{label} looks like U+0020 SPACE"),
            _ => label,
        };
        self.push(at, code, vec![found], message, allowed)
    }

    fn end_line(&mut self, state: LineState) {
        for open in state.open {
            // (A control only counted has no finding: `usize::MAX`.)
            if let Some(f) = self.findings.get_mut(open.finding) {
                f.message.push_str(
                    ", never closed on this line: the rest of the line is shown reordered \
                     (unbalanced, CVE-2021-42574)",
                );
            }
        }
    }

    /// The end of the word `w` of `run` at byte `end`: the word checks, unless the word is ASCII
    /// or needs no look.
    #[inline]
    fn end_word(&mut self, w: OpenWord, run: &mut Run<'_>, end: usize) {
        if w.non_ascii() && !(self.shortcuts && w.needs_no_look()) {
            self.word(w.start, run, end);
        }
    }

    /// The word checks of the word of `run` from byte `start` to byte `end`.
    fn word(&mut self, start: usize, run: &mut Run<'_>, end: usize) {
        match self.words.verdict(&run.text[start..end]) {
            Verdict::Nothing => {}
            Verdict::Candidate(word) => {
                let (line, column, offset) = run.at(start);
                self.candidates.push(Candidate {
                    word,
                    line,
                    column,
                    offset,
                });
            }
            Verdict::Mixed(mixed) => {
                let at = run.at(start);
                self.mixed(at, &mixed);
            }
        }
    }

    /// The finding of a word that mixes scripts, starting at `at`.
    fn mixed(&mut self, at: (u64, u64, u64), mixed: &MixedWord) {
        let where_ = (
            at.0,
            at.1 + mixed.column_shift,
            at.2 + mixed.byte_start as u64,
        );
        self.push(
            where_,
            Code::MixedScript,
            mixed.chars.clone(),
            mixed.message.clone(),
            None,
        );
    }

    /// [`Scanner::nfc`] of the text from byte `from` on, where the quick check is no longer
    /// sure it is NFC (the same findings as of the whole text: a test checks it).
    fn nfc_from(&mut self, (line, column): (u64, u64), offset: u64, text: &str, from: usize) {
        let column = column + bytecount::num_chars(&text.as_bytes()[..from]) as u64;
        self.nfc((line, column), offset + from as u64, &text[from..]);
    }

    /// The first place in a run of text where it stops being NFC, if any.
    /// `at` is the line and the characters of the line before `text`.
    fn nfc(&mut self, at: (u64, u64), offset: u64, text: &str) {
        let nfc = ComposingNormalizerBorrowed::new_nfc();
        let mut rest = text;
        let mut first_allowed: Option<(u64, String, String)> = None;
        loop {
            let (done, tail) = nfc.split_normalized(rest);
            if tail.is_empty() {
                break;
            }
            // The segment to show: a character and the combining marks after it.
            let mut end = 0;
            for (i, c) in tail.char_indices() {
                if i > 0 && !confusable::is_mark(c) {
                    break;
                }
                end = i + c.len_utf8();
            }
            let segment = &tail[..end];
            let normalized = nfc.normalize(segment).into_owned();
            let seg_offset = offset + (text.len() - rest.len() + done.len()) as u64;
            let excluded = segment
                .chars()
                .next()
                .is_some_and(|c| CodePointSetData::new::<FullCompositionExclusion>().contains(c));
            if !excluded {
                self.not_nfc(at, offset, text, seg_offset, segment, &normalized, None);
                return;
            }
            if first_allowed.is_none() {
                first_allowed = Some((seg_offset, segment.to_string(), normalized));
            }
            rest = &tail[end..];
        }
        if let Some((seg_offset, segment, normalized)) = first_allowed {
            self.not_nfc(
                at,
                offset,
                text,
                seg_offset,
                &segment,
                &normalized,
                Some(Allowance::CompositionExclusion),
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn not_nfc(
        &mut self,
        (line, start_column): (u64, u64),
        text_offset: u64,
        text: &str,
        at: u64,
        segment: &str,
        normalized: &str,
        allowed: Option<Allowance>,
    ) {
        let before = &text[..(at - text_offset) as usize];
        let column = start_column + before.chars().count() as u64 + 1;
        let hex = |s: &str| crate::decode::hex_pairs(s.as_bytes());
        let message = format!(
            "not in NFC from here: {:?} ({}) is {:?} ({}) in NFC",
            segment,
            hex(segment),
            normalized,
            hex(normalized)
        );
        let chars = segment.chars().map(FoundChar::of).collect();
        self.push((line, column, at), Code::NotNfc, chars, message, allowed);
    }

    /// Decides the candidates (a word with an ASCII twin elsewhere in the text is confusable;
    /// one without is checked for mixed scripts) and sorts the findings by offset.
    fn finish(self, text: &str) -> Vec<Finding> {
        self.finish_in_parts(text, &[(0, text.len())])
    }

    /// [`Scanner::finish`], the ASCII twins looked for in the `parts` of the text (byte ranges
    /// cut before line feeds, as [`cut`] makes them) on a thread each.
    fn finish_in_parts(mut self, text: &str, parts: &[(usize, usize)]) -> Vec<Finding> {
        let candidates = std::mem::take(&mut self.candidates);
        let twins = if candidates.is_empty() {
            HashMap::new()
        } else {
            twins::find_twins(text, readings(&candidates), parts)
        };
        self.decide(&candidates, &twins)
    }

    /// Decides the `candidates` (one with a twin is confusable, one without is checked for
    /// mixed scripts) and sorts the findings by offset.
    fn decide(
        mut self,
        candidates: &[Candidate],
        twins: &HashMap<Box<str>, twins::Twin>,
    ) -> Vec<Finding> {
        for c in candidates {
            let at = (c.line, c.column, c.offset);
            match twins.get(&*c.word.skeleton) {
                Some(twin) => {
                    let chars = word_chars(&c.word.word);
                    let names: Vec<String> = chars.iter().map(FoundChar::label).collect();
                    let message = format!(
                        "`{}` looks like `{}` (line {}) but has {}",
                        c.word.word,
                        twin.reading,
                        twin.line,
                        names.join(", ")
                    );
                    self.push(at, Code::Confusable, chars, message, None);
                }
                None => {
                    if let Some(mixed) = &c.word.mixed {
                        self.mixed(at, mixed);
                    }
                }
            }
        }
        if let Some(unlisted) = self.unlisted {
            self.findings[unlisted.finding].message = unlisted_message(unlisted.count, self.listed);
        }
        self.caps.finish(&mut self.findings);
        self.findings.sort_by_key(|f| f.offset);
        self.findings
    }
}

/// The message of the finding that stands for `count` malformed sequences counted after
/// `listed` listed ones.
pub(super) fn unlisted_message(count: u64, listed: usize) -> String {
    let more = if listed == 0 { "" } else { " more" };
    let sequences = if count == 1 { "sequence" } else { "sequences" };
    let first = match listed {
        0 => "",
        1 => " (the first is)",
        _ => " (the first ones are)",
    };
    format!(
        "{}{more} malformed {sequences} from here to the end, counted but not listed{first}: \
         is this text UTF-8 at all? `charscope detect` names the encoding of a file",
        crate::detect::count(count)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Words of several scripts (lookalikes among them), joiners, bidi controls, separators.
    const PIECES: &[&str] = &[
        "paypal",
        "p\u{0430}ypal",
        "is_\u{0430}dmin",
        "isAdmin",
        "\u{0456}sAdmin",
        "\u{041C}\u{0430}\u{0440}\u{0441}",
        "жизнь",
        "\u{0402}",
        "Mapc",
        "Москва",
        "日本語",
        "のテキスト",
        "abc漢字",
        "שלום",
        "مرحبا",
        "नमस्ते",
        "café",
        "cafe\u{301}",
        "\u{200B}",
        "\u{200D}",
        "\u{200C}",
        "\u{202E}",
        "\u{2066}",
        "\u{2069}",
        "\u{FEFF}",
        "_",
        " ",
        " ",
        "\n",
        ", ",
        "\u{00A0}",
        "1",
        "\u{1F468}",
        "\u{FE0F}",
        // Runs of emoji, with a skin tone and joiners.
        "\u{1F58A}\u{1F6A9}\u{1F31F}\u{1F65C}\u{1F4BA}\u{1F44D}\u{1F3FD}\u{1F468}\u{200D}\u{1F469}",
        "está",
        "ação",
        "λόγος",
        "\u{03BF}",
        "한국어",
        "カタカナ",
        "\u{0301}",
        "²",
        "١٢٣",
        "ı",
        "\u{1}",
        "\u{7F}",
        "\t",
        "x_y",
        "0123456789abcdefghij",
        // Sentences long enough for the fast path's windows of 64 bytes, and what stops it.
        "Ет примис цетерос дефинитионем хис? Доминг пхилосопхиа яуо но, ерат утрояуе делицата ест те.",
        "\u{0415}\u{0442} \u{0441}\u{043E}\u{0440} \u{0445}\u{0430}\u{0445}\u{0430} \u{0440}\u{043E}\u{0441}\u{0430}",
        "жжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжжж",
        "Ο Άρης είναι ο τέταρτος πλανήτης του ηλιακού συστήματος",
        "הוא כוכב הלכת הרביעי במרחקו מן השמש",
        "בְּרֵאשִׁית",
        "المريخ هو الكوكب الرابع من حيث البعد عن الشمس",
        "Marte é o quarto planeta a partir do Sol, o segundo menor do Sistema Solar",
        "й\u{0306}",
        "«",
        "\u{2014}",
        // Punctuation beyond ASCII between words (separators to the fast path), and some that
        // is not: U+0387 is not NFC, U+00AD is invisible, U+0640 is a word character.
        "» ",
        "\u{2013}",
        "\u{2026}",
        "\u{00B0}",
        "\u{00B7}",
        "\u{060C} ",
        "\u{061F}",
        "\u{0964}",
        "\u{0387}",
        "\u{00AD}",
        "\u{0640}",
        // Vowel marks of Arabic and Hebrew, alone after a letter and in twos.
        "\u{0645}\u{064F}\u{062D}\u{064E}\u{0645}\u{064E}\u{0651}\u{062F}",
        "\u{0628}\u{0651}",
        "\u{0915}\u{0952}\u{094D}",
        "\u{0628}\u{0618}\u{064B}",
        // Marks of three bytes that start as Devanagari's do (E0) and are not of its alphabet.
        " \u{08F8}",
        " \u{0E38}",
        "\u{0915}\u{094D}\u{093C}",
        "\u{0952}",
        "\u{0651}",
        "\u{05E9}\u{05B8}\u{05C1}\u{05DC}\u{05D5}\u{05B9}\u{05DD}",
        "中文字符串测试中文字符串测试中文字符串测试中文字符串测试中文",
        "丫",
        "\u{4DC0}",
        "한국어한국어한국어한국어한국어한국어",
        // Korean prose: words of syllables alone between spaces, a syllable that a jamo after
        // it composes with, digits and letters of ASCII glued to syllables.
        "대통령은 국가의 원수이며 법률로 정한다. 모든 권력은 국민으로부터 나온다, 그 법률안은 ",
        "가 나 다 라 마 바 사 아 자 차 카 타 파 하 가 나 다 라 마 바 사 아 자 차 카 타 파 하",
        "\u{AC00}\u{11A8}",
        "3분의 2",
        "x한국 어",
        // Chinese with ASCII: a Wikipedia article's markup, punctuation, what stops the words.
        "'''火星'''是[[太阳系]]由内往外数的第四颗[[行星]]，属于[[类地行星]]，直径约为[[地球]]的53%。",
        "Mars火星",
        // Ideographs that UTS #39 does not recommend in identifiers: with a Latin letter, a
        // mixed-script finding.
        "x\u{4000}",
        "\u{4E12}",
        "1960年",
        "中\u{FE00}",
        "=\u{0338}",
        "火星のテキスト",
        // Japanese: an article's sentence with markup, kana that look like ASCII (`ノ` like `/`),
        // that compose with a mark after them, and the middle dot, which no word has.
        "'''火星'''（かせい、{{lang-en|Mars}}）は、[[太陽系]]の[[太陽]]に近い方から4番目の[[惑星]]である。",
        "\u{30CE}\u{30CE}\u{30CE}\u{30CE}",
        " //// ",
        "か\u{3099}",
        "ア・イ",
        "ー",
        "\u{D7A3}\u{D7B0}",
        "。",
        "निर्देश जानकारी प्राधिकरन जाने बाजार जागरुक और्४५० केन्द्रिय विकास खण्ड मुश्किले",
        "ज़",
        "\u{94D}",
        "ภาษาไทยภาษาไทยภาษาไทยภาษาไทย",
        "ქართული ქართული ქართული",
    ];

    #[test]
    fn a_word_of_hangul_syllables_alone_needs_no_look() {
        // (What lets `blocks::syllable_words_end` pass such words by.)
        let mut word = OpenWord::new(0);
        word.add(super::super::blocks::uniform_flags(
            crate::simd::blocks::Uniform::Hangul,
        ));
        assert!(word.needs_no_look());
        for cp in [0xAC00, 0xB300, 0xD77F] {
            let mut word = OpenWord::new(0);
            word.add(chartable::flags_at(cp).unwrap());
            assert!(word.needs_no_look(), "U+{cp:04X}");
        }
        // With an ASCII letter, it mixes scripts.
        word.ascii(true);
        assert!(!word.needs_no_look());
    }

    #[test]
    fn a_part_after_one_that_listed_the_most_lists_none() {
        let listing = Listing::new(3);
        assert_eq!(listing.max_listed_from(0), 3);
        let mut part = Scanner::new("p", 3);
        part.listed = 2;
        listing.listed(&part, 100);
        assert_eq!(listing.max_listed_from(100), 3);
        part.listed = 3;
        listing.listed(&part, 200);
        // Parts that start before its end may still hold some of the first three.
        assert_eq!(listing.max_listed_from(199), 3);
        assert_eq!(listing.max_listed_from(200), 0);
        // With none listed at all, every part counts only.
        assert_eq!(Listing::new(0).max_listed_from(0), 0);
    }

    #[test]
    fn the_fast_path_reads_words_of_one_alphabet_as_the_general_path_does() {
        let texts = [
            "Ет примис цетерос дефинитионем хис? Доминг пхилосопхиа яуо но, ерат утрояуе.",
            "Москва сор paypal p\u{0430}ypal x_жук хаха \u{435}\u{441}\u{441}\u{435} ecce \u{435}\u{435}\u{435} eee",
            "Ο Άρης είναι ο τέταρτος πλανήτης του ηλιακού συστήματος, ορ",
            "Marte é o quarto planeta a partir do Sol, o segundo menor do Sistema Solar",
            // A word of ASCII longer than a window, then a Cyrillic letter.
            &format!("{}ж сор", "a".repeat(100)),
            &format!("{} сор", "ж".repeat(70)),
            // A word read, then one longer than a window.
            &format!("p\u{0430}ypal {}", "ж".repeat(70)),
            "сор\u{1}сор с\u{0306}ор сор\u{2014}сор сор\u{00A0}сор",
            // Punctuation beyond ASCII between the words of a window.
            "Земля — «третья» планета… Солнечной системы, — сор «сор» сор–сор ° сор · сор",
            "المريخ هو الكوكب الرابع، من حيث البعد عن الشمس؟ المريخ هو الكوكب الرابع، من حيث",
            // Vowel marks after letters: one (read by the fast path), two in a row (not).
            "المريخُ هو الكوكبُ الرابعُ من حيثُ البعدِ عن الشمسِ، مُحَمَّد هو الكوكبّ الرابعُ abcُ",
            // A small fatha (30, of the Arabic script: simple in its alphabet) before a
            // fathatan (27, of none), out of NFC's order; and in order.
            "المريخ هو الكوكب ب\u{0618}\u{064B}ب الرابع من حيث البعد عن ب\u{064B}\u{0618}ب الشمس",
            "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ שָׁלוֹם עוֹלָם",
            // Marks of Devanagari out of NFC's order: a stress sign (220) before a virama (9),
            // a nukta (7) after a virama; and in order.
            "निर्देश जानकारी प्राधिकरन क\u{0952}\u{094D}क जाने बाजार क\u{094D}\u{093C}क विकास खण्ड",
            "निर्देश जानकारी प्राधिकरन क\u{094D}\u{0952}क जाने बाजार क\u{0952}क विकास खण्ड क\u{0951}",
            "निर्देश जानकारी प्राधिकरन \u{08F8}जाने बाजार \u{0E38}विकास खण्ड जानकारी प्राधिकरन",
            "निर्देश जानकारी। प्राधिकरन जाने। बाजार जागरुक केन्द्रिय विकास खण्ड। जाने बाजार",
            // Runs of CJK ideographs and of Hangul syllables, and what ends them.
            "中文字符串测试中文字符串测试中文字符串测试中文字符串测试。abc中文字符串测试中文字符串测试",
            "中文字符串测试中文字符串测试中文字符串丫测试T丅中文字符串测试中文字符串测试䷀中文",
            "火星は太陽系の惑星で、地球の外側を公転している。Mars火星 한국어한국어한국어한국어한국어x한국어",
            "x_中文字符串测试中文字符串测试中文字符串测试中文字符串测试中文字符串测试 中\u{3099}文",
            // Alphabets of three bytes: Devanagari (a virama, a nukta), Thai, Georgian.
            "निर्देश जानकारी प्राधिकरन जाने बाजार जागरुक केन्द्रिय विकास खण्ड ज़रूर abcक ०",
            "ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย, ქართული ქართული ქართული ქართული ქართული",
        ];
        let mut found = 0;
        for text in texts {
            for line in [text.to_string(), format!("{text}\n{text}\n")] {
                let mut fast = Scanner::new("p", usize::MAX);
                fast.fast = true;
                fast.text_lines(&line, 0);
                assert!(fast.windows_read > 0, "{line:?}");
                let mut general = Scanner::new("p", usize::MAX);
                general.fast = false;
                general.text_lines(&line, 0);
                assert_eq!(general.windows_read, 0);
                let findings = fast.finish(&line);
                assert_eq!(findings, general.finish(&line), "{line:?}");
                found += findings.len();
            }
        }
        assert!(found > 10, "{found}");
    }

    #[test]
    fn the_nfc_check_from_where_the_quick_check_is_unsure_finds_what_the_whole_check_finds() {
        let pieces = [
            "a", "e", " ", "\u{0301}", "\u{0327}", "\u{0651}", "\u{064F}", "\u{0627}", "\u{0653}",
            "\u{093C}", "\u{0921}", "\u{093E}", "\u{0958}", "\u{09C7}", "\u{09BE}", "\u{1100}",
            "\u{1161}", "\u{00E9}", "\u{212B}", "\u{0344}", "\u{0F73}", "\u{2ADC}",
        ];
        let mut differ = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let text = format!("x{a}{b} {c}{a}");
                    let mut whole = Scanner::new("p", usize::MAX);
                    whole.nfc((3, 5), 100, &text);
                    // The text as the scan reads it, the quick check along.
                    let mut after = Scanner::new("p", usize::MAX);
                    let mut state = LineState::new(3);
                    state.column = 5;
                    after.text(&mut state, 100, &text, (text.as_bytes(), 0));
                    after.findings.retain(|f| f.code == Code::NotNfc);
                    assert_eq!(after.findings, whole.findings, "{text:?}");
                    differ += usize::from(!whole.findings.is_empty());
                }
            }
        }
        assert!(differ > 1_000, "{differ}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn kept_word_verdicts_and_shortcuts_change_no_finding(picks in prop::collection::vec(0..PIECES.len(), 0..60)) {
            let text: String = picks.iter().map(|&i| PIECES[i]).collect();
            prop_assert_eq!(scan_bytes("p", text.as_bytes()), scan_bytes_uncached("p", text.as_bytes()));
        }

        #[test]
        fn malformed_bytes_change_nothing_on_the_lines_around_them(
            picks in prop::collection::vec(0..PIECES.len() + 4, 0..80),
        ) {
            // Lines with and without malformed bytes, in any order: the valid runs between them
            // are read as text, each line with one is decoded, as the reference does line by line.
            let mut bytes = Vec::new();
            for i in picks {
                match PIECES.get(i) {
                    Some(piece) => bytes.extend_from_slice(piece.as_bytes()),
                    None => bytes.extend_from_slice([&b"\xC0"[..], b"\xE2\x80", b"\n", b"\xFF\n"][i % 4]),
                }
            }
            prop_assert_eq!(scan_bytes("p", &bytes), scan_bytes_uncached("p", &bytes));
        }

        #[test]
        fn a_text_cut_in_parts_gives_the_findings_of_one_part(
            picks in prop::collection::vec(0..PIECES.len() + 2, 0..80),
            threads in 2..5usize,
            min_part in 1..40usize,
            max_listed in prop::option::of(0..6usize),
            max_per_code in prop::option::of(0..6usize),
        ) {
            let mut bytes = Vec::new();
            for i in picks {
                match PIECES.get(i) {
                    Some(piece) => bytes.extend_from_slice(piece.as_bytes()),
                    None => bytes.extend_from_slice(if i % 2 == 0 { b"\xC0" } else { b"\xE2\x80" }),
                }
            }
            let parts = cut(&bytes, threads, min_part);
            prop_assert_eq!(parts.first().map(|p| p.0), Some(0));
            prop_assert_eq!(parts.last().map(|p| p.1), Some(bytes.len()));
            // The parts' listed malformed sequences are merged into the first ones of the whole.
            let options = ScanOptions { threads, max_invalid_utf8: max_listed, max_per_code };
            let one = ScanOptions { threads: 1, ..options };
            prop_assert_eq!(
                scan_in_parts("p", &bytes, options, min_part),
                scan_bytes_with("p", &bytes, one)
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn a_source_read_in_chunks_gives_the_findings_of_a_whole_read(
            picks in prop::collection::vec(0..PIECES.len() + 3, 0..80),
            chunk in 1..64usize,
            threads in 1..4usize,
            max_listed in prop::option::of(0..6usize),
            max_per_code in prop::option::of(0..6usize),
        ) {
            let mut bytes = Vec::new();
            for i in picks {
                match PIECES.get(i - i.min(3)) {
                    Some(piece) if i >= 3 => bytes.extend_from_slice(piece.as_bytes()),
                    _ => bytes.extend_from_slice([&b"\xC0"[..], b"\xE2\x80", b"\xEF\xBB\xBF"][i % 3]),
                }
            }
            let options = ScanOptions { threads, max_invalid_utf8: max_listed, max_per_code };
            let whole = scan_bytes_with("p", &bytes, ScanOptions { threads: 1, ..options });
            prop_assert_eq!(scan_source_in("p", &bytes[..], options, chunk).unwrap(), whole);
            let bidi = scan_bidi_controls_with("p", &bytes, options);
            prop_assert_eq!(scan_source_bidi_controls_in("p", &bytes[..], options, chunk).unwrap(), bidi);
        }
    }

    proptest! {
        #[test]
        fn next_not_plain_finds_the_first_byte_that_is_not_plain(
            bytes in prop::collection::vec(prop::sample::select(
                vec![b' ', b'a', b'~', b'\t', b'\r', b'\n', 0, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x0D | 0x80, 0x89]
            ), 0..80),
            from in 0..80usize,
        ) {
            let from = from.min(bytes.len());
            let want = (from..bytes.len()).find(|&i| !is_plain_ascii(bytes[i])).unwrap_or(bytes.len());
            prop_assert_eq!(next_not_plain(&bytes, from), want);
        }
    }

    proptest! {
        #[test]
        fn every_finding_is_on_its_line_and_column_however_the_lines_fall_in_blocks(
            pieces in prop::collection::vec(prop::sample::select(
                vec!["a", "plain words ", "\n", "\n\n", "\t", "\r", "\u{200B}", "\u{202E}\u{202C}", "\u{E9}"]
            ), 0..80),
            plain in 0..200usize,
        ) {
            // Lines of every length, so that line feeds and the characters that need a look
            // fall anywhere in the blocks of 64 bytes the lines are walked by.
            let text: String = std::iter::once("x".repeat(plain)).chain(pieces.iter().map(|p| p.to_string())).collect();
            let mut want = Vec::new();
            let (mut line, mut column) = (1, 0);
            for (offset, c) in text.char_indices() {
                column += 1;
                match c {
                    '\n' => (line, column) = (line + 1, 0),
                    '\u{200B}' | '\u{202E}' | '\u{202C}' => want.push((line, column, offset as u64)),
                    _ => {}
                }
            }
            let got: Vec<_> = scan_text("p", &text)
                .iter()
                .map(|f| (f.line.unwrap(), f.column.unwrap(), f.offset.unwrap()))
                .collect();
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn every_byte_is_told_plain_or_not_in_eights() {
        for b in 0..=255u8 {
            for at in 0..8 {
                let mut x = [b' '; 8];
                x[at] = b;
                let found = not_plain_bytes(u64::from_le_bytes(x));
                let want = if is_plain_ascii(b) {
                    0
                } else {
                    0x80 << (8 * at)
                };
                assert_eq!(found, want, "{b:#04x} at {at}");
            }
        }
    }

    #[test]
    fn a_source_in_utf16_is_read_whole_and_decoded_up_to_a_size() {
        let text = "\u{FEFF}paypal\np\u{0430}ypal \u{202E}\n".repeat(300);
        let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        // (Every finding listed.)
        let options = ScanOptions {
            max_per_code: None,
            ..ScanOptions::default()
        };
        let whole = scan_bytes_with("p", &bytes, options);
        // 300 lookalikes, 300 bidi controls, and 299 byte order marks not at the start.
        assert_eq!(whole.len(), 899);
        assert_eq!(
            scan_source_in("p", &bytes[..], options, 100).unwrap(),
            whole
        );
        let two = ScanOptions {
            threads: 2,
            ..options
        };
        let bidi = scan_source_bidi_controls_in("p", &bytes[..], two, 100).unwrap();
        assert_eq!(bidi.len(), 300);
        assert_eq!(decoded_whole(&bytes[..], 1 << 20).unwrap().unwrap(), bytes);
        // Without its byte order mark (only those of the other lines, not at their start).
        let bare = &bytes[2..];
        let whole = scan_bytes_with("p", bare, options);
        assert_eq!(whole.len(), 899);
        assert_eq!(scan_source_in("p", bare, options, 100).unwrap(), whole);
        assert_eq!(decoded_whole(bare, 1 << 20).unwrap().unwrap(), bare);
        assert!(decoded_whole(&b"plain"[..], 1).unwrap().is_none());
        match decoded_whole(&bytes[..], 1 << 10) {
            Err(e) => assert!(
                e.to_string().contains("more than 1,024 bytes is too large"),
                "{e}"
            ),
            Ok(_) => panic!("read beyond the limit"),
        }
    }

    #[test]
    fn the_lines_of_plain_ascii_before_a_line_that_needs_a_look_are_counted() {
        // Line feeds close before the special byte (counted in a loop) and far before it (by a
        // search): the findings have the lines and columns a count of every line feed gives.
        for before in [
            "",
            "a\n",
            "\n\n",
            "ab\n\ncd\n",
            &"plain ASCII line\n".repeat(9),
        ] {
            for line in [
                "\u{202E}",
                "x \u{202E}",
                &format!("{} \u{202E}", "y".repeat(40)),
            ] {
                let text = format!("{before}{line}\nz\u{200B}\n");
                let findings = scan_text("p", &text);
                let lines = before.matches('\n').count() as u64;
                let at: Vec<_> = findings.iter().map(|f| (f.line, f.column)).collect();
                let column = line.chars().count() as u64;
                assert_eq!(
                    at,
                    [(Some(lines + 1), Some(column)), (Some(lines + 2), Some(2))],
                    "{text:?}"
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn twins_before_the_words_that_look_like_them_are_found_in_any_region(
            picks in prop::collection::vec(0..10usize, 0..120),
            chunk in 1..40usize,
            threads in 1..4usize,
        ) {
            // Lookalikes and their twins on many short lines: a twin often stands in a region
            // scanned before its lookalike was met, and is found only when that region is read
            // again.
            let pieces = ["Mapc", "\u{41C}\u{430}\u{440}\u{441}", "paypal", "p\u{430}ypal", "ropa",
                "\u{433}\u{43E}\u{440}\u{430}", " ", "\n", "\n", "\u{430}"];
            let text: String = picks.iter().map(|&k| pieces[k]).collect();
            let options = ScanOptions { threads, ..ScanOptions::default() };
            let whole = scan_bytes("p", text.as_bytes());
            prop_assert_eq!(scan_source_in("p", text.as_bytes(), options, chunk).unwrap(), whole);
        }
    }

    #[test]
    fn a_twin_in_another_chunk_is_found_with_its_line() {
        // The twin of the Cyrillic word is three chunks before it, and one after another.
        let text =
            "paypal here\nx\n\n0123456789 \u{202E}\np\u{0430}ypal and is\u{0430}dmin\nisadmin";
        let whole = scan_bytes("p", text.as_bytes());
        assert_eq!(
            whole.iter().filter(|f| f.code == Code::Confusable).count(),
            2
        );
        for chunk in [1, 3, 7, 16, 1000] {
            assert_eq!(
                scan_source_in(
                    "p",
                    text.as_bytes(),
                    ScanOptions {
                        threads: 2,
                        ..ScanOptions::default()
                    },
                    chunk
                )
                .unwrap(),
                whole,
                "{chunk}"
            );
        }
    }

    fn codes(text: &str) -> Vec<(u64, u64, Code)> {
        scan_text("t", text)
            .into_iter()
            .filter(|f| f.allowed_by.is_none())
            .map(|f| (f.line.unwrap(), f.column.unwrap(), f.code))
            .collect()
    }

    #[test]
    fn the_bidi_fast_path_finds_what_the_full_scan_finds() {
        let text = "ok\nif (a != 'user\u{202E} \u{2066}// x\u{2069} \u{2066}') {}\n\u{202C}\n\u{20AC} \u{2067}a\u{2069}";
        let full: Vec<Finding> = scan_bytes("t", text.as_bytes())
            .into_iter()
            .filter(|f| f.code == Code::BidiControl)
            .collect();
        assert_eq!(full.len(), 7);
        assert_eq!(scan_bidi_controls("t", text.as_bytes()), full);
        let bad = b"\xC0x\xE2\x80\xAE\n\xE2\x80";
        let full: Vec<Finding> = scan_bytes("t", bad)
            .into_iter()
            .filter(|f| f.code == Code::BidiControl)
            .collect();
        assert_eq!(scan_bidi_controls("t", bad), full);
    }

    #[test]
    fn a_braille_blank_is_a_space_outside_braille() {
        let found = scan_text("t", "if (role == \"admin\u{2800}\") {}");
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].column, found[0].code),
            (Some(19), Code::Confusable)
        );
        assert_eq!(
            found[0].message,
            "U+2800 BRAILLE PATTERN BLANK looks like U+0020 SPACE"
        );
        // Between the words of braille text, it is their space.
        let braille = scan_text("t", "\u{2813}\u{2811}\u{2800}\u{2827}");
        assert_eq!(braille[0].allowed_by, Some(Allowance::ProseSpace));
    }

    #[test]
    fn bidi_controls_balanced_and_not() {
        let f = scan_text("t", "a\u{2067}b\u{2069}c\nx\u{202E}y");
        assert_eq!(f.len(), 3);
        assert!(!f[0].message.contains("unbalanced"));
        assert!(f[2].message.contains("never closed"), "{}", f[2].message);
        assert_eq!(
            (f[2].line, f[2].column, f[2].offset),
            (Some(2), Some(2), Some(11))
        );
        let f = scan_text("t", "\u{202C}");
        assert!(f[0].message.contains("closing nothing"));
    }

    #[test]
    fn homoglyph_word_with_a_twin_is_confusable_without_one_mixed() {
        let text = "if isAdmin:\n  \u{0456}sAdmin = 1\n";
        assert_eq!(codes(text), vec![(2, 3, Code::Confusable)]);
        assert_eq!(codes("p\u{0430}ypal"), vec![(1, 1, Code::MixedScript)]);
        assert!(codes("Москва и Париж, 東京").is_empty());
    }

    #[test]
    fn malformed_bytes_and_bom() {
        // (As many valid characters beyond ASCII as malformed sequences: the line is read.)
        let f = scan_bytes("t", b"\xEF\xBB\xBFok\nab\xC0\xAFc\xEF\xBB\xBF\xC3\xA9");
        let got: Vec<_> = f
            .iter()
            .map(|f| (f.line, f.column, f.offset, f.code))
            .collect();
        assert_eq!(
            got,
            vec![
                (Some(2), Some(3), Some(8), Code::InvalidUtf8),
                (Some(2), Some(4), Some(9), Code::InvalidUtf8),
                (Some(2), Some(6), Some(11), Code::BomNotAtStart),
            ]
        );
    }

    #[test]
    fn a_line_in_another_encoding_is_searched_for_bidi_controls_only() {
        // Japanese in Shift_JIS: read as UTF-8, "に" and "よく" make U+0242 and U+60AD, a
        // Latin letter and a Han ideograph.
        let (japanese, _, _) =
            encoding_rs::SHIFT_JIS.encode("シフトJISで書かれた古いファイルによく見られます。");
        let mut scanner = Scanner::new("t", 0);
        let mut state = LineState::new(1);
        for chunk in japanese.utf8_chunks() {
            scanner.text(&mut state, 0, chunk.valid(), (chunk.valid().as_bytes(), 0));
        }
        assert!(
            scanner.findings.iter().any(|f| f.code == Code::MixedScript)
                || !scanner.candidates.is_empty(),
            "the chance characters would be found"
        );
        assert!(!reads_as_utf8(&japanese));
        // (The malformed sequences counted in one finding.)
        let options = ScanOptions {
            threads: 1,
            max_invalid_utf8: Some(0),
            ..ScanOptions::default()
        };
        let codes = |bytes: &[u8]| -> Vec<(u64, u64, Code)> {
            scan_bytes_with("t", bytes, options)
                .iter()
                .map(|f| (f.line.unwrap(), f.column.unwrap(), f.code))
                .collect()
        };
        assert_eq!(codes(&japanese), vec![(1, 1, Code::InvalidUtf8)]);
        // A bidi control among them is still found, at its column.
        let mut line = japanese.to_vec();
        let column = line.utf8_chunks().fold(0, |n, c| {
            n + c.valid().chars().count() + usize::from(!c.invalid().is_empty())
        });
        line.extend_from_slice("\u{202E}x\u{200B}\nok\u{200B}".as_bytes());
        let found = codes(&line);
        assert_eq!(
            found[1..],
            [
                (1, column as u64 + 1, Code::BidiControl),
                (2, 3, Code::Invisible)
            ]
        );
        // So is one on a later line, once the malformed sequences are only counted.
        let mut two = japanese.to_vec();
        two.push(b'\n');
        two.extend_from_slice(&line);
        let found = codes(&two);
        assert_eq!(found[0], (1, 1, Code::InvalidUtf8));
        assert_eq!(
            found[1..],
            [
                (2, column as u64 + 1, Code::BidiControl),
                (3, 3, Code::Invisible)
            ]
        );
        // A line of UTF-8 with one corrupted byte, or of Latin-1 without other characters, is
        // read as before.
        assert!(reads_as_utf8("caf\u{E9} na\u{EF}ve".as_bytes()) && reads_as_utf8(b"ok"));
        assert!(reads_as_utf8(b"caf\xC3\xA9 \xFF"));
        assert!(!reads_as_utf8(b"caf\xE9"));
        assert_eq!(
            codes(b"\xFF caf\xC3\xA9\xE2\x80\x8B"),
            vec![(1, 1, Code::InvalidUtf8), (1, 7, Code::Invisible)]
        );
    }

    #[test]
    fn the_escapes_of_iso_2022_are_allowed_and_a_terminal_escape_is_not() {
        let (jis, _, _) = encoding_rs::ISO_2022_JP.encode("日本語 and ｶﾀｶﾅ, then ASCII");
        let escapes = jis.iter().filter(|&&b| b == 0x1B).count();
        let found = scan_bytes("t", &jis);
        assert!(escapes >= 3, "{escapes}");
        assert_eq!(found.len(), escapes);
        assert!(
            found
                .iter()
                .all(|f| f.code == Code::Control && f.allowed_by == Some(Allowance::Iso2022Escape))
        );
        // Korean and Chinese designations, and the single shift of ISO-2022-JP-2.
        for seq in ["\u{1B}$)C", "\u{1B}$)A", "\u{1B}$*H", "\u{1B}N"] {
            let found = scan_text("t", &format!("a{seq}b"));
            assert_eq!(
                found[0].allowed_by,
                Some(Allowance::Iso2022Escape),
                "{seq:?}"
            );
        }
        // A colour of a terminal, an ESC at the end and a lone ESC are control characters.
        for text in [
            "\u{1B}[31mred",
            "\u{1B}OA",
            "x\u{1B}",
            "\u{1B}$",
            "\u{1B}(0",
        ] {
            let found = scan_text("t", text);
            assert_eq!(found.len(), 1, "{text:?}");
            assert_eq!((found[0].code, found[0].allowed_by), (Code::Control, None));
        }
    }

    proptest! {
        #[test]
        fn bidi_control_bytes_are_a_bidi_control_wherever_they_stand(
            bytes in prop::collection::vec(prop::sample::select(
                vec![b'a', 0x80, 0x81, 0xA5, 0xA6, 0xA9, 0xAA, 0xAE, 0xAF, 0xE2, 0xF0, 0x82]),
                0..24,
            ),
        ) {
            // The decoder's bidi controls, at their byte indexes.
            let mut want = Vec::new();
            let mut at = 0;
            for chunk in bytes.utf8_chunks() {
                for (i, c) in chunk.valid().char_indices() {
                    if hidden::is_bidi_control(c) {
                        want.push((at + i, c));
                    }
                }
                at += chunk.valid().len() + chunk.invalid().len();
            }
            prop_assert_eq!(has_bidi_control(&bytes), !want.is_empty());
            prop_assert_eq!(bidi_controls_in(&bytes).collect::<Vec<_>>(), want);
        }
    }

    /// (line, column, offset, message) of the invalid-utf8 findings.
    fn malformed_of(findings: &[Finding]) -> Vec<(u64, u64, u64, String)> {
        findings
            .iter()
            .filter(|f| f.code == Code::InvalidUtf8)
            .map(|f| {
                let at = (f.line.unwrap(), f.column.unwrap(), f.offset.unwrap());
                (at.0, at.1, at.2, f.message.clone())
            })
            .collect()
    }

    #[test]
    fn a_sequence_cut_short_by_a_line_feed_is_blamed_on_it() {
        // As the decoder of the whole input (and `validate`) names it; at the very end of the
        // input, the end is to blame.
        let messages = |bytes: &[u8]| -> Vec<String> {
            malformed_of(&scan_bytes("p", bytes))
                .into_iter()
                .map(|m| m.3)
                .collect()
        };
        assert_eq!(
            messages(b"caf\xE9\nok\n"),
            ["E9: a 3-byte sequence with only 1 of its bytes, cut short by 0A"]
        );
        assert_eq!(
            messages(b"caf\xE9"),
            ["E9: a 3-byte sequence with only 1 of its bytes, cut short by the end of the input"]
        );
        // A part of a text scanned on several threads, and a region of a file read in chunks,
        // ends before a line feed: it cuts too.
        let mut long = b"caf\xE9\n".repeat(100);
        long.extend_from_slice(b"caf\xE9");
        let options = ScanOptions {
            threads: 4,
            max_invalid_utf8: None,
            max_per_code: None,
        };
        for found in [
            scan_in_parts("p", &long, options, 16),
            scan_source_in("p", &long[..], options, 64).unwrap(),
        ] {
            let found = malformed_of(&found);
            assert_eq!(found.len(), 101);
            assert!(
                found[..100]
                    .iter()
                    .all(|m| m.3.ends_with("cut short by 0A"))
            );
            assert!(found[100].3.ends_with("by the end of the input"));
        }
    }

    #[test]
    fn the_first_malformed_sequences_are_listed_and_the_others_counted_in_one() {
        // Five malformed sequences: E9 (Latin-1 é), C0 and AF (an overlong slash), FF, E9.
        let bytes = b"caf\xE9\n\xC0\xAF ok\n\xFF\xE9!";
        let with = |max| {
            let options = ScanOptions {
                threads: 1,
                max_invalid_utf8: max,
                ..ScanOptions::default()
            };
            malformed_of(&scan_bytes_with("t", bytes, options))
        };
        let all = with(None);
        let at: Vec<_> = all.iter().map(|m| (m.0, m.1, m.2)).collect();
        assert_eq!(
            at,
            [(1, 4, 3), (2, 1, 5), (2, 2, 6), (3, 1, 11), (3, 2, 12)]
        );
        assert!(all[1].3.contains("overlong"), "{}", all[1].3);
        let two = with(Some(2));
        assert_eq!(two[..2], all[..2]);
        assert_eq!((two[2].0, two[2].1, two[2].2), (2, 2, 6));
        assert!(
            two[2]
                .3
                .starts_with("3 more malformed sequences from here to the end"),
            "{}",
            two[2].3
        );
        assert_eq!(two.len(), 3);
        let none = with(Some(0));
        assert_eq!(none.len(), 1);
        assert_eq!((none[0].0, none[0].1, none[0].2), (1, 4, 3));
        assert!(
            none[0].3.starts_with("5 malformed sequences"),
            "{}",
            none[0].3
        );
        let four = with(Some(4));
        assert!(
            four[4].3.starts_with("1 more malformed sequence from"),
            "{}",
            four[4].3
        );
        assert_eq!(with(Some(5)), all);
        // The default lists 100.
        let many = b"\xFF".repeat(150);
        let found = malformed_of(&scan_bytes("t", &many));
        assert_eq!(found.len(), MAX_LISTED_INVALID_UTF8 + 1);
        assert!(found[100].3.starts_with("50 more"), "{}", found[100].3);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn the_malformed_sequences_found_are_those_the_decoder_names(
            bytes in prop::collection::vec(prop::sample::select(
                vec![0u8, b'\n', b'a', b' ', 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF,
                     0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]),
                0..60,
            ),
        ) {
            // Each malformed sequence of each line is the decoder's, at its offset with its
            // name, as the decoder of the whole input (and so `validate`) gives them: a line
            // feed that cuts a sequence short is named. `utf8_chunks` cuts the bytes where the
            // decoder does. (Bytes that can only be UTF-16 are scanned as UTF-16.)
            prop_assume!(decoded::utf_of(&bytes).is_none());
            let listed = ScanOptions { threads: 1, max_invalid_utf8: None, max_per_code: None };
            let found: Vec<_> = malformed_of(&scan_bytes_with("p", &bytes, listed))
                .into_iter()
                .map(|(_, _, offset, message)| (offset, message))
                .collect();
            let mut want = Vec::new();
            Decoder::new(UTF_8).decode_malformed(&bytes, true, |m| want.push((m.offset(), m.reason())));
            prop_assert_eq!(found, want);
        }

        #[test]
        fn a_limit_lists_the_first_malformed_sequences_and_counts_the_others(
            picks in prop::collection::vec(0..PIECES.len() + 4, 0..80),
            max in 0..8usize,
        ) {
            let mut bytes = Vec::new();
            for i in picks {
                match PIECES.get(i) {
                    Some(piece) => bytes.extend_from_slice(piece.as_bytes()),
                    None => bytes.extend_from_slice([&b"\xC0"[..], b"\xE2\x80", b"\xAF", b"\xFF\n"][i % 4]),
                }
            }
            let every = ScanOptions { threads: 1, max_invalid_utf8: None, max_per_code: None };
            let all = scan_bytes_with("p", &bytes, every);
            let some = scan_bytes_with("p", &bytes, ScanOptions { max_invalid_utf8: Some(max), ..every });
            let others = |f: &Vec<Finding>| -> Vec<Finding> {
                f.iter().filter(|f| f.code != Code::InvalidUtf8).cloned().collect()
            };
            prop_assert_eq!(others(&all), others(&some));
            let all = malformed_of(&all);
            let some = malformed_of(&some);
            if all.len() <= max {
                prop_assert_eq!(some, all);
            } else {
                prop_assert_eq!(some.len(), max + 1);
                prop_assert_eq!(&some[..max], &all[..max]);
                let (line, column, offset, message) = &some[max];
                prop_assert_eq!((line, column, offset), (&all[max].0, &all[max].1, &all[max].2));
                let count = (all.len() - max).to_string();
                prop_assert!(message.starts_with(&format!("{count} ")), "{}", message);
            }
        }

        #[test]
        fn a_limit_lists_the_first_findings_of_each_code_and_counts_the_others(
            picks in prop::collection::vec(0..PIECES.len() + 2, 0..120),
            max in 0..4usize,
        ) {
            let mut bytes = Vec::new();
            for i in picks {
                match PIECES.get(i) {
                    Some(piece) => bytes.extend_from_slice(piece.as_bytes()),
                    None => bytes.extend_from_slice([&b"\x01"[..], b"\xE2\x80\xAE\n"][i % 2]),
                }
            }
            let every = ScanOptions { threads: 1, max_invalid_utf8: None, max_per_code: None };
            let all = scan_bytes_with("p", &bytes, every);
            let some = scan_bytes_with("p", &bytes, ScanOptions { max_per_code: Some(max), ..every });
            // Code by code (and allowed apart): the first `max`, then one at the next that
            // counts all the others.
            let mut slots: Vec<(Code, bool)> = all.iter().map(|f| (f.code, f.allowed_by.is_some())).collect();
            slots.sort();
            slots.dedup();
            for (code, allowed) in slots {
                let of = |f: &Vec<Finding>| -> Vec<Finding> {
                    f.iter().filter(|f| f.code == code && f.allowed_by.is_some() == allowed).cloned().collect()
                };
                let (all, some) = (of(&all), of(&some));
                if code == Code::InvalidUtf8 || all.len() <= max {
                    prop_assert_eq!(some, all);
                    continue;
                }
                prop_assert_eq!(some.len(), max + 1);
                let count = format!("{} more {code} finding(s) in this input", all.len() - max);
                let (summary, listed): (Vec<Finding>, Vec<Finding>) =
                    some.into_iter().partition(|f| f.message.starts_with(&count));
                prop_assert_eq!(summary.len(), 1);
                prop_assert!(listed.iter().all(|f| all.contains(f)));
                if !matches!(code, Code::Confusable | Code::MixedScript) {
                    // In the order of the input.
                    prop_assert_eq!(&listed[..], &all[..max]);
                    prop_assert_eq!(summary[0].offset, all[max].offset);
                }
            }
        }
    }

    #[test]
    fn nfd_is_not_nfc_but_a_composition_exclusion_is_allowed() {
        let f = scan_text("t", "cafe\u{301}");
        assert_eq!(f[0].code, Code::NotNfc);
        assert_eq!(f[0].column, Some(4));
        assert!(f[0].message.contains("65 CC 81"), "{}", f[0].message);
        // U+095E DEVANAGARI LETTER FA: NFC writes it as U+092B U+093C.
        let f = scan_text("t", "\u{095E}");
        assert_eq!(f[0].allowed_by, Some(Allowance::CompositionExclusion));
    }
}
