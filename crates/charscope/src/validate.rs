//! Validation with positions a person can jump to: every malformed sequence of a stream with its
//! byte offset, line and column, and a summary per input. The JSON shapes of `charscope validate`
//! (`--json` writes one [`ValidateRecord`] per malformed sequence, then one [`ValidateSummary`]).
//!
//! Lines are counted at U+000A LINE FEED (so CR LF ends a line once); columns count characters
//! from 1, a malformed sequence counting as the one U+FFFD a lossy decode puts in its place.
//! Positions do not depend on how the input is cut into chunks.
//!
//! For UTF-8 and the single-byte encodings (byte order marks not sniffed), where byte 0A is
//! always a line feed and a character's first byte is easy to tell, the validator finds
//! malformed sequences with the fast scan (no text is made) and counts lines and columns in the
//! bytes; for the others (UTF-16, UTF-32, the East Asian multi-byte encodings) it counts them in
//! the decoded text.
//!
//! ```
//! use charscope::{BomMode, encoding, validate::Validator};
//! let mut v = Validator::new(encoding::UTF_8, BomMode::Strip);
//! let mut found = Vec::new();
//! v.feed(b"ok\nca\xC3f\xC3\xA9 \xFF", true, |f| found.push((f.line, f.column, f.malformed.offset())));
//! assert_eq!(found, [(2, 3, 5), (2, 7, 10)]);
//! assert_eq!(v.malformed_count(), 2);
//! ```

use crate::bom::{Bom, BomMode};
use crate::decode::{Malformed, Piece};
use crate::encoding;
use crate::encoding::Encoding;
use crate::stream::StreamDecoder;
use serde::Serialize;

/// A malformed sequence with its line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The malformed sequence (offset, length, kind, reason).
    pub malformed: Malformed,
    /// The line, from 1.
    pub line: u64,
    /// The column in characters, from 1.
    pub column: u64,
}

/// A streaming validator: a [`StreamDecoder`] that also keeps the line and column.
#[derive(Debug)]
pub struct Validator {
    decoder: StreamDecoder,
    line: u64,
    /// Characters since the start of the line.
    column: u64,
    bytes: u64,
    count: u64,
    /// Counting in the bytes (UTF-8, single-byte encodings), or in the decoded text.
    counter: Option<ByteCounter>,
}

/// Lines and columns counted in the bytes themselves.
#[derive(Debug)]
struct ByteCounter {
    /// Whether every byte is a character (single-byte encodings); else UTF-8, where a
    /// character starts at each byte that is not 80-BF.
    single_byte: bool,
    /// Whether a UTF-8 byte order mark at the start is removed (and so takes no column).
    strip_bom: bool,
    /// The first bytes of the input (up to 3), until the byte order mark is settled.
    head: Vec<u8>,
    settled: bool,
    /// Bytes before this offset are counted.
    pos: u64,
    /// The last bytes of the previous chunk (a malformed sequence reported late starts there).
    tail: Vec<u8>,
}

impl ByteCounter {
    /// Characters in `bytes`: every byte, or in UTF-8 every byte that is not 80-BF
    /// (`bytecount`'s SIMD count).
    fn chars(&self, bytes: &[u8]) -> u64 {
        if self.single_byte {
            bytes.len() as u64
        } else {
            crate::count::utf8_chars(bytes)
        }
    }

    /// Counts `bytes` into the line and column.
    fn count(&self, bytes: &[u8], line: &mut u64, column: &mut u64) {
        crate::count::advance(bytes, |b| self.chars(b), line, column);
    }
}

impl Validator {
    /// A validator for `encoding`, treating a byte order mark as `mode` says.
    pub fn new(encoding: &'static Encoding, mode: BomMode) -> Validator {
        Validator {
            decoder: StreamDecoder::new(encoding, mode),
            line: 1,
            column: 0,
            bytes: 0,
            count: 0,
            counter: (!matches!(mode, BomMode::Sniff(_))
                && (encoding.is_single_byte() || encoding == encoding::UTF_8))
                .then(|| ByteCounter {
                    single_byte: encoding != encoding::UTF_8,
                    strip_bom: mode == BomMode::Strip && encoding == encoding::UTF_8,
                    head: Vec::new(),
                    settled: false,
                    pos: 0,
                    tail: Vec::new(),
                }),
        }
    }

    /// [`Validator::feed`] counting lines and columns in the bytes.
    fn feed_counting_bytes(&mut self, chunk: &[u8], last: bool, mut f: impl FnMut(&Finding)) {
        let start = self.bytes;
        self.bytes += chunk.len() as u64;
        let Validator {
            decoder,
            line,
            column,
            count,
            counter,
            ..
        } = self;
        let counter = counter.as_mut().expect("counting in bytes");
        if !counter.settled {
            let need = 3usize.saturating_sub(counter.head.len()).min(chunk.len());
            counter.head.extend_from_slice(&chunk[..need]);
            // Unsettled only while the input could still begin with a UTF-8 byte order mark
            // to strip: the decoder holds those bytes too, so nothing is reported meanwhile.
            let maybe_bom = counter.strip_bom && b"\xEF\xBB\xBF".starts_with(&counter.head);
            if counter.head.len() == 3 || last || !maybe_bom {
                counter.settled = true;
                if counter.strip_bom && counter.head.starts_with(b"\xEF\xBB\xBF") {
                    counter.pos = 3;
                } else {
                    // The bytes of earlier chunks, held back until now, are counted.
                    let earlier = &counter.head[..(start as usize).min(counter.head.len())];
                    counter.count(earlier, line, column);
                    counter.pos = start;
                }
            }
        }
        let settled = counter.settled;
        decoder.decode_malformed(chunk, last, |malformed| {
            let o = malformed.offset();
            if o >= counter.pos {
                let from = (counter.pos.max(start) - start) as usize;
                counter.count(&chunk[from..(o - start) as usize], line, column);
            } else {
                // It starts in the previous chunk's last bytes, already counted: take them back
                // (a malformed sequence holds no line feed).
                let back = (counter.pos - o) as usize;
                let tail = &counter.tail;
                *column -= counter.chars(&tail[tail.len().saturating_sub(back)..]);
            }
            *count += 1;
            f(&Finding {
                malformed,
                line: *line,
                column: *column + 1,
            });
            *column += 1;
            counter.pos = o + malformed.len();
        });
        if settled {
            let from = (counter.pos.max(start) - start) as usize;
            if from < chunk.len() {
                counter.count(&chunk[from..], line, column);
            }
            counter.pos = counter.pos.max(start + chunk.len() as u64);
        }
        let keep = chunk.len().min(3);
        if keep < 3 {
            counter.tail.extend_from_slice(chunk);
            let excess = counter.tail.len().saturating_sub(3);
            counter.tail.drain(..excess);
        } else {
            counter.tail.clear();
            counter.tail.extend_from_slice(&chunk[chunk.len() - keep..]);
        }
    }

    /// Reads the next chunk (`last` for the final one) and calls `f` for each malformed sequence
    /// found, in order.
    pub fn feed(&mut self, chunk: &[u8], last: bool, mut f: impl FnMut(&Finding)) {
        if self.counter.is_some() {
            self.feed_counting_bytes(chunk, last, f);
            return;
        }
        self.bytes += chunk.len() as u64;
        let Validator {
            decoder,
            line,
            column,
            count,
            ..
        } = self;
        decoder.decode_pieces(chunk, last, |piece| match piece {
            Piece::Text { text, .. } => {
                crate::count::advance(text.as_bytes(), crate::count::utf8_chars, line, column);
            }
            Piece::Malformed(malformed) => {
                *count += 1;
                f(&Finding {
                    malformed,
                    line: *line,
                    column: *column + 1,
                });
                *column += 1;
            }
        });
    }

    /// How many bytes were read.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// How many malformed sequences were found.
    pub fn malformed_count(&self) -> u64 {
        self.count
    }

    /// The encoding that decodes (a byte order mark may have chosen it under `sniff`).
    pub fn encoding(&self) -> &'static Encoding {
        self.decoder.encoding()
    }

    /// The byte order mark found, if any.
    pub fn bom(&self) -> Option<Bom> {
        self.decoder.bom()
    }

    /// The summary of what was read so far, for the input called `file`.
    pub fn summary(&self, file: &str) -> ValidateSummary {
        ValidateSummary {
            file: file.to_string(),
            encoding: self.encoding(),
            bytes: self.bytes,
            valid: self.count == 0,
            malformed_count: self.count,
            bom: self.bom().map(|b| b.encoding),
        }
    }
}

impl Validator {
    /// Counts the rest of an input of `total` bytes as read and valid, without reading it:
    /// for a caller that has fed the first bytes (to settle a byte order mark) and proved the
    /// rest valid with [`valid_utf8_len`]. Lines and columns are no longer kept.
    pub fn assume_valid_to(&mut self, total: u64) {
        self.bytes = self.bytes.max(total);
    }
}

/// The length of `file` if all of it is valid UTF-8, as [`valid_utf8_len`] answers it, sooner:
/// where the file can be mapped (see `simd::mapped`), it is checked in place, a part of
/// [`SOURCE_CHUNK`] bytes at a time on every core, with no copy out of the page cache; else
/// it is read as [`valid_utf8_len`] reads it. A file that shrinks while it is mapped is an
/// error at the first byte it lost, as a failed read is.
#[cfg(unix)]
pub fn valid_utf8_file_len(file: &std::fs::File) -> Result<Option<u64>, (u64, std::io::Error)> {
    #[cfg(feature = "native")]
    if let Some(mapped) = crate::simd::mapped::Mapped::new(file) {
        return mapped_valid_len(&mapped);
    }
    valid_utf8_len(file, SOURCE_CHUNK)
}

/// [`valid_utf8_file_len`] of a mapped file.
#[cfg(all(feature = "native", unix))]
fn mapped_valid_len(
    mapped: &crate::simd::mapped::Mapped,
) -> Result<Option<u64>, (u64, std::io::Error)> {
    let valid = valid_utf8_in_parts(mapped.bytes(), SOURCE_CHUNK, &|part| mapped.release(part));
    if let Some(at) = mapped.shrank_at() {
        let lost = std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "the file shrank (or its storage failed) while it was read",
        );
        return Err((at, lost));
    }
    Ok(valid.then_some(mapped.bytes().len() as u64))
}

/// Whether `bytes` are valid UTF-8, checked in parts of about `part` bytes that the cores take
/// in turn (one part at a time each, so that a core the system gives to something else holds
/// back one part, not half the work); the first invalid part stops them all. Each part ends
/// where a character starts, so the parts are valid exactly when the whole is. `done` is told
/// of each part checked.
// Tested in every build; only a build that maps files (`native`, unix) calls it.
#[cfg_attr(not(all(feature = "native", unix)), allow(dead_code))]
fn valid_utf8_in_parts(
    bytes: &[u8],
    part: usize,
    done: &(dyn Fn(std::ops::Range<usize>) + Sync),
) -> bool {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let part = part.max(4);
    let parts = bytes.len().div_ceil(part);
    let next = AtomicUsize::new(0);
    let bad = AtomicBool::new(false);
    let work = || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= parts || bad.load(Ordering::Relaxed) {
                return;
            }
            let (from, to) = (
                part_start(bytes, k * part),
                part_start(bytes, (k + 1) * part),
            );
            if !crate::simd::is_valid_utf8(&bytes[from..to]) {
                bad.store(true, Ordering::Relaxed);
            }
            done(from..to);
        }
    };
    let threads = crate::parallel::cores().min(parts);
    if !crate::parallel::THREADS || threads < 2 {
        work();
    } else {
        // Each helper on a CPU of its own: the kernel may otherwise put it on this thread's
        // CPU, and the check is over before it would move it.
        let spawner = crate::parallel::spawner_cpu();
        std::thread::scope(|scope| {
            for k in 1..threads {
                scope.spawn(move || {
                    crate::parallel::pin_helper(spawner, k - 1);
                    work();
                });
            }
            work();
        });
    }
    !bad.load(Ordering::Relaxed)
}

/// Where the part that would start at byte `at` of `bytes` starts: past the continuation bytes
/// there (at most 3: a fourth is invalid wherever it stands, and the part starting on it says
/// so). The first part starts at 0, whatever is there.
// Tested in every build; only a build that maps files (`native`, unix) calls it.
#[cfg_attr(not(all(feature = "native", unix)), allow(dead_code))]
fn part_start(bytes: &[u8], at: usize) -> usize {
    let at = at.min(bytes.len());
    if at == 0 {
        return 0;
    }
    at + continuations(&bytes[at..], 3)
}

/// How many of the first `max` bytes of `bytes` are continuation bytes, in a row from the
/// first: the end of a character that began before them.
fn continuations(bytes: &[u8], max: usize) -> usize {
    bytes
        .iter()
        .take(max)
        .take_while(|&&b| crate::utf8::is_continuation(b))
        .count()
}

/// How much [`valid_utf8_len`] reads at a time on each thread.
pub const SOURCE_CHUNK: usize = 1024 * 1024;

/// What one thread found in one chunk.
struct Checked {
    /// Whether the chunk's inside is valid.
    ok: bool,
    /// Its first bytes when they are continuation bytes (the end of the last chunk's last
    /// character).
    head: Vec<u8>,
    /// An incomplete character at its end.
    tail: Vec<u8>,
    /// Whether the source ended in it.
    last: bool,
    /// How many bytes it holds.
    len: usize,
}

/// Reads chunk `k` (of `chunk` bytes each) of `src` into `buf` and checks it.
fn check_chunk<R: crate::source::ReadAt + ?Sized>(
    src: &R,
    k: u64,
    chunk: usize,
    buf: &mut crate::source::ReadBuf,
) -> Result<Checked, (u64, std::io::Error)> {
    let bytes = buf.read_full_at(src, k * chunk as u64, chunk)?;
    let n = bytes.len();
    let lead = continuations(bytes, 4);
    let body = &bytes[lead.min(3)..];
    // A character cut by the chunk's end is left for the next chunk to complete.
    let (whole, cut) = body.split_at(body.len() - cut_at_end(body));
    // simdutf's validator (AVX-512 where the machine has it) is faster than simdutf8's here.
    let ok = lead <= 3 && crate::simd::is_valid_utf8(whole);
    let tail = if ok { cut } else { &[][..] };
    Ok(Checked {
        ok,
        head: bytes[..lead.min(3)].to_vec(),
        tail: tail.to_vec(),
        last: n < chunk,
        len: n,
    })
}

/// How many bytes at the end of `bytes` begin a character that needs more bytes than are
/// there (at most 3).
fn cut_at_end(bytes: &[u8]) -> usize {
    let from = bytes.len().saturating_sub(3);
    let Some(start) = (from..bytes.len()).rev().find(|&i| bytes[i] & 0xC0 != 0x80) else {
        return 0;
    };
    let needs = match bytes[start] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    if start + needs > bytes.len() {
        bytes.len() - start
    } else {
        0
    }
}

/// The chunks of a source checked so far, put together in order: a character cut by one
/// chunk's end must be completed by the next chunk's first bytes.
#[derive(Default)]
struct Joined {
    /// The last chunk's incomplete character.
    tail: Vec<u8>,
}

impl Joined {
    /// Adds chunk `k` (of `chunk` bytes each): `Some` with the answer once it is known (the
    /// source's length if it is all valid, or `None`), `None` while more chunks are needed.
    fn add(&mut self, k: u64, chunk: usize, checked: Checked) -> Option<Option<u64>> {
        // The last chunk's incomplete character and this one's continuation bytes must make one
        // valid character (or both be empty).
        self.tail.extend_from_slice(&checked.head);
        if !checked.ok || std::str::from_utf8(&self.tail).is_err() {
            return Some(None);
        }
        self.tail = checked.tail;
        checked.last.then(|| {
            let len = k * chunk as u64 + checked.len as u64;
            self.tail.is_empty().then_some(len)
        })
    }
}

/// The length of `src` if all of it is valid UTF-8, read `chunk` bytes at a time by two threads
/// in turn: the quick answer for a clean file, which then needs no line or column counted. A
/// character cut by a chunk's end is checked whole when the chunks are put together. `None` as
/// soon as a chunk is not valid (the caller then validates from the start, naming each
/// sequence); an error says where a read failed. Without the `native` feature, or where this
/// process may run on one CPU only, one thread reads every chunk.
pub fn valid_utf8_len<R: crate::source::ReadAt + ?Sized>(
    src: &R,
    chunk: usize,
) -> Result<Option<u64>, (u64, std::io::Error)> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let chunk = chunk.max(4);
    if !crate::parallel::THREADS || crate::parallel::cores() < 2 {
        let mut buf = crate::source::ReadBuf::new();
        let mut joined = Joined::default();
        for k in 0u64.. {
            if let Some(answer) = joined.add(k, chunk, check_chunk(src, k, chunk, &mut buf)?) {
                return Ok(answer);
            }
        }
        unreachable!("the chunks of a source are counted by a u64")
    }
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let stop = &stop;
        scope.spawn(move || {
            let mut buf = crate::source::ReadBuf::new();
            for k in (1u64..).step_by(2) {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let checked = check_chunk(src, k, chunk, &mut buf);
                let end = checked.as_ref().map_or(true, |c| !c.ok || c.last);
                if tx.send(checked).is_err() || end {
                    return;
                }
            }
        });
        let mut buf = crate::source::ReadBuf::new();
        let mut joined = Joined::default();
        let result = (|| {
            for k in 0u64.. {
                let checked = if k % 2 == 0 {
                    check_chunk(src, k, chunk, &mut buf)?
                } else {
                    match rx.recv() {
                        Ok(checked) => checked?,
                        Err(_) => return Ok(None),
                    }
                };
                if let Some(answer) = joined.add(k, chunk, checked) {
                    return Ok(answer);
                }
            }
            unreachable!("the chunks of a source are counted by a u64")
        })();
        stop.store(true, Ordering::Relaxed);
        drop(rx);
        result
    })
}

/// One malformed sequence, as `validate --json` writes it (one JSON line each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidateRecord {
    /// The input's name (a path, `<stdin>`).
    pub file: String,
    /// The byte offset from the start of the input.
    pub offset: u64,
    /// The line, from 1.
    pub line: u64,
    /// The column in characters, from 1.
    pub column: u64,
    /// The length in bytes.
    pub length: u64,
    /// The bytes, as upper-case hex pairs.
    pub hex: String,
    /// The kind (a stable kebab-case name).
    pub kind: &'static str,
    /// Why the bytes are malformed, in one sentence.
    pub reason: String,
}

impl ValidateRecord {
    /// The record of a finding in `file`.
    pub fn new(file: &str, finding: &Finding) -> ValidateRecord {
        let m = &finding.malformed;
        ValidateRecord {
            file: file.to_string(),
            offset: m.offset(),
            line: finding.line,
            column: finding.column,
            length: m.len(),
            hex: m.hex(),
            kind: m.kind.as_str(),
            reason: m.reason(),
        }
    }
}

/// The summary of one input, written after its records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidateSummary {
    /// The input's name.
    pub file: String,
    /// The encoding that decoded it.
    pub encoding: &'static Encoding,
    /// How many bytes were read.
    pub bytes: u64,
    /// Whether no malformed sequence was found.
    pub valid: bool,
    /// How many malformed sequences were found (all of them, however many were named).
    pub malformed_count: u64,
    /// The encoding whose byte order mark starts the input, if one does.
    pub bom: Option<&'static Encoding>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding;

    fn positions(encoding: &'static Encoding, chunks: &[&[u8]]) -> Vec<(u64, u64, u64)> {
        let mut v = Validator::new(encoding, BomMode::Strip);
        let mut out = Vec::new();
        for (i, chunk) in chunks.iter().enumerate() {
            v.feed(chunk, i + 1 == chunks.len(), |f| {
                out.push((f.line, f.column, f.malformed.offset()))
            });
        }
        out
    }

    #[test]
    fn lines_columns_and_offsets() {
        // Line 3 starts after "a\r\n" and "\n"; é is one column; C0 AE are two sequences.
        let input = b"a\r\n\n\xC3\xA9\xC0\xAE.\n\xE1\x80";
        let whole = positions(encoding::UTF_8, &[input]);
        assert_eq!(whole, [(3, 2, 6), (3, 3, 7), (4, 1, 10)]);
        // The same cut at every byte.
        for cut in 0..=input.len() {
            let (a, b) = input.split_at(cut);
            assert_eq!(positions(encoding::UTF_8, &[a, b]), whole, "cut at {cut}");
        }
        let bytewise: Vec<&[u8]> = input.chunks(1).chain([&[][..]]).collect();
        assert_eq!(positions(encoding::UTF_8, &bytewise), whole);
    }

    #[test]
    fn utf16_lines_count_characters_not_bytes() {
        // "é\n" then an unpaired high surrogate then "x" in UTF-16LE, after a BOM.
        let input = b"\xFF\xFE\xE9\x00\x0A\x00\x00\xD8x\x00";
        assert_eq!(positions(encoding::UTF_16LE, &[input]), [(2, 1, 6)]);
    }

    #[test]
    fn the_summary_counts_everything() {
        let mut v = Validator::new(encoding::UTF_8, BomMode::Strip);
        v.feed(b"\xEF\xBB\xBF\xFF\xFF", true, |_| {});
        let s = v.summary("f");
        assert_eq!((s.bytes, s.valid, s.malformed_count), (5, false, 2));
        assert_eq!(s.bom, Some(encoding::UTF_8));
    }

    /// The positions the validator gives, counting in the bytes or (`in_text`) in the text.
    fn findings(
        input: &[u8],
        cuts: &[usize],
        mode: BomMode,
        in_text: bool,
    ) -> Vec<(u64, u64, u64)> {
        let mut v = Validator::new(encoding::UTF_8, mode);
        if in_text {
            v.counter = None;
        }
        let mut out = Vec::new();
        let mut at = 0;
        for (i, &cut) in cuts.iter().chain([&input.len()]).enumerate() {
            let cut = cut.clamp(at, input.len());
            v.feed(&input[at..cut], i == cuts.len(), |f| {
                out.push((f.line, f.column, f.malformed.offset()))
            });
            at = cut;
        }
        out
    }

    proptest::proptest! {
        /// Counting in the bytes gives exactly the positions counting in the text gives, however
        /// the input is cut, byte order mark or not.
        #[test]
        fn counting_in_bytes_agrees_with_counting_in_text(
            input in proptest::collection::vec(proptest::sample::select(vec![
                b'a', b'\n', b'\r', 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xFF, 0x80, 0xEF, 0xBB, 0xBF,
                0xF0, 0x9F, 0xED, 0xA0, 0xC0,
            ]), 0..24),
            cuts in proptest::collection::vec(0usize..24, 0..6),
            keep in proptest::bool::ANY,
        ) {
            let mut cuts = cuts;
            cuts.sort_unstable();
            let mode = if keep { BomMode::Keep } else { BomMode::Strip };
            let want = findings(&input, &[], mode, true);
            proptest::prop_assert_eq!(&findings(&input, &cuts, mode, false), &want);
            let bytewise: Vec<usize> = (1..input.len()).collect();
            proptest::prop_assert_eq!(&findings(&input, &bytewise, mode, false), &want);
            let mut with_bom = b"\xEF\xBB\xBF".to_vec();
            with_bom.extend_from_slice(&input);
            let want = findings(&with_bom, &[], mode, true);
            let bytewise: Vec<usize> = (1..with_bom.len()).collect();
            proptest::prop_assert_eq!(&findings(&with_bom, &bytewise, mode, false), &want);
        }

        /// Two threads checking alternate chunks agree with std on whether the whole is valid
        /// UTF-8, wherever the chunks cut a character.
        #[test]
        fn a_source_checked_in_chunks_is_valid_when_std_says_so(
            text in "\\PC{0,200}",
            flips in proptest::collection::vec((0usize..800, proptest::sample::select(vec![
                0x80u8, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, b'a',
            ])), 0..3),
            chunk in 4usize..40,
        ) {
            let mut bytes = text.into_bytes();
            for (at, b) in flips {
                if let Some(slot) = bytes.get_mut(at) {
                    *slot = b;
                }
            }
            let got = valid_utf8_len(&bytes[..], chunk).unwrap();
            let want = std::str::from_utf8(&bytes).is_ok().then_some(bytes.len() as u64);
            proptest::prop_assert_eq!(got, want);
            // The mapped file's check, in parts that the cores share.
            proptest::prop_assert_eq!(valid_utf8_in_parts(&bytes, chunk, &|_| {}), want.is_some());
        }
    }

    /// The whole-file check (mapped where it can be) agrees with its twin, the check by reads,
    /// on valid and invalid files, small and larger than one part, whatever stands where a
    /// part starts.
    #[cfg(unix)]
    #[test]
    fn a_file_checked_whole_agrees_with_the_file_read() {
        use std::io::Write;
        let text = "ação 汉字 😀 z".repeat(SOURCE_CHUNK / 8);
        let mut cases: Vec<Vec<u8>> = vec![b"a".to_vec(), text.clone().into_bytes()];
        for at in [
            0,
            1,
            SOURCE_CHUNK - 1,
            SOURCE_CHUNK,
            SOURCE_CHUNK + 1,
            text.len() - 1,
        ] {
            for b in [0x80u8, 0xFF, 0xC3] {
                let mut bytes = text.clone().into_bytes();
                bytes[at] = b;
                cases.push(bytes);
            }
        }
        let path = std::env::temp_dir().join(format!("charscope-whole-{}", std::process::id()));
        for bytes in cases {
            std::fs::File::create(&path)
                .unwrap()
                .write_all(&bytes)
                .unwrap();
            let file = std::fs::File::open(&path).unwrap();
            let want = std::str::from_utf8(&bytes)
                .is_ok()
                .then_some(bytes.len() as u64);
            assert_eq!(valid_utf8_file_len(&file).unwrap(), want);
            assert_eq!(valid_utf8_len(&file, SOURCE_CHUNK).unwrap(), want);
        }
        std::fs::remove_file(path).unwrap();
    }

    /// A file that shrinks while it is mapped is an error at the first byte it lost, not a
    /// verdict on zeros (nor the death of the process).
    #[cfg(all(feature = "native", unix))]
    #[test]
    fn a_file_that_shrinks_while_checked_is_an_error_where_it_lost_bytes() {
        use std::io::Write;
        let path = std::env::temp_dir().join(format!("charscope-shrinks-{}", std::process::id()));
        let text = "ação 汉字 ".repeat(3 * SOURCE_CHUNK / 16);
        std::fs::File::create(&path)
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let Some(mapped) = crate::simd::mapped::Mapped::new(&file) else {
            return std::fs::remove_file(path).unwrap();
        };
        assert_eq!(mapped_valid_len(&mapped).unwrap(), Some(text.len() as u64));
        let kept = SOURCE_CHUNK as u64;
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(kept)
            .unwrap();
        let (at, error) = mapped_valid_len(&mapped).unwrap_err();
        assert!((kept..kept + 4096).contains(&at), "{at}");
        assert_eq!(
            error.to_string(),
            "the file shrank (or its storage failed) while it was read"
        );
        drop(mapped);
        std::fs::remove_file(path).unwrap();
    }
}
