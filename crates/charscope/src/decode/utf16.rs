//! The UTF-16 scanner: pairs surrogates, names the unpaired ones and an odd trailing byte.
//!
//! Fast path: simdutf validates and converts a block of code units at once; only a block it
//! refuses is walked a valid stretch at a time (encoding_rs's `mem` functions), and this module
//! explains where each stretch stops.

use super::sink::{Sink, join_pending};
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::{Encoding, Endian};
use crate::span::Span;

fn is_high(u: u16) -> bool {
    (0xD800..0xDC00).contains(&u)
}

fn is_low(u: u16) -> bool {
    (0xDC00..0xE000).contains(&u)
}

/// How many code units one block of work converts.
const BLOCK_UNITS: usize = 16 * 1024;

/// Streaming UTF-16 scanner; keeps at most three bytes between chunks (a high surrogate and
/// one byte of the unit after it).
#[derive(Clone, Debug)]
pub(crate) struct Utf16Scanner {
    endian: Endian,
    encoding: &'static Encoding,
    pending: Vec<u8>,
    /// The chunk's code units, reused between chunks.
    units: Vec<u16>,
    /// Output buffer of the UTF-8 conversion, reused between chunks.
    out: Vec<u8>,
}

impl Utf16Scanner {
    pub(crate) fn new(encoding: &'static Encoding, endian: Endian) -> Self {
        Utf16Scanner {
            endian,
            encoding,
            pending: Vec::with_capacity(4),
            units: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Forgets what the last chunk left pending, keeping the buffers.
    pub(crate) fn reset(&mut self) {
        self.pending.clear();
    }

    /// Whether nothing is kept from the last chunk (no odd byte, no high surrogate).
    pub(crate) fn holds_nothing(&self) -> bool {
        self.pending.is_empty()
    }

    pub(crate) fn scan(&mut self, src: &[u8], last: bool, pos: u64, sink: &mut dyn Sink) {
        let (data, base) = join_pending(&mut self.pending, src, pos);
        let data = &*data;
        let total = data.len() / 2;
        let endian = self.endian;
        let unit_at = |j: usize| match endian {
            Endian::Big => u16::from_be_bytes([data[2 * j], data[2 * j + 1]]),
            Endian::Little => u16::from_le_bytes([data[2 * j], data[2 * j + 1]]),
        };
        let mut units = std::mem::take(&mut self.units);
        // Work a block of units at a time, so that the buffers stay small and warm. A block
        // never ends between a high surrogate and the unit after it.
        let mut block_start = 0;
        let mut stop = None;
        while block_start < total && stop.is_none() {
            let mut block_end = (block_start + BLOCK_UNITS).min(total);
            if block_end < total && is_high(unit_at(block_end - 1)) {
                block_end += 1;
            }
            let bytes = &data[2 * block_start..2 * block_end];
            let native = match endian {
                Endian::Little => cfg!(target_endian = "little"),
                Endian::Big => cfg!(target_endian = "big"),
            };
            // Native order and aligned: the bytes are the units already; else copy them.
            let block: &[u16] = match bytemuck::try_cast_slice(bytes) {
                Ok(view) if native => view,
                _ => {
                    units.clear();
                    let pairs = bytes.chunks_exact(2);
                    match endian {
                        Endian::Little => {
                            units.extend(pairs.map(|p| u16::from_le_bytes([p[0], p[1]])))
                        }
                        Endian::Big => {
                            units.extend(pairs.map(|p| u16::from_be_bytes([p[0], p[1]])))
                        }
                    }
                    &units
                }
            };
            stop = self.scan_block(block, block_start, total, data, base, last, sink);
            block_start = block_end;
        }
        self.units = units;
        let stop = stop.unwrap_or(2 * total);
        if stop < data.len() {
            if last {
                // The odd trailing byte.
                let span = Span::new(base + stop as u64, base + data.len() as u64);
                let m = Malformed::new(
                    span,
                    MalformedKind::Truncated,
                    &data[stop..],
                    0,
                    Cut::ByEnd,
                    self.encoding,
                );
                sink.malformed(m);
            } else {
                self.pending.extend_from_slice(&data[stop..]);
            }
        }
    }

    /// Decodes the units of one block, the first of which is unit `first` of the chunk's
    /// `total`. Returns the byte offset (in `data`) where scanning stopped early: a high
    /// surrogate the next chunk may pair, or the end after a truncated final pair.
    #[allow(clippy::too_many_arguments)]
    fn scan_block(
        &mut self,
        units: &[u16],
        first: usize,
        total: usize,
        data: &[u8],
        base: u64,
        last: bool,
        sink: &mut dyn Sink,
    ) -> Option<usize> {
        let at = |j: usize| base + 2 * (first + j) as u64;
        // The common case first: the whole block is valid, which simdutf checks as it converts
        // (once per block: malformed input costs one conversion that stops early, not more).
        if !units.is_empty()
            && let Some(text) = crate::simd::utf16_to_str(units, &mut self.out)
        {
            sink.text(Span::new(at(0), at(units.len())), text);
            return None;
        }
        let mut j = 0;
        while j < units.len() {
            let valid = encoding_rs::mem::utf16_valid_up_to(&units[j..]);
            if valid > 0 {
                self.emit_text(&units[j..j + valid], at(j), at(j + valid), sink);
                j += valid;
                continue;
            }
            let start = 2 * (first + j);
            let (len, kind, cut) = if is_low(units[j]) {
                (2, MalformedKind::UnpairedSurrogate, Cut::None)
            } else if let Some(&next) = units.get(j + 1) {
                debug_assert!(is_high(units[j]) && !is_low(next));
                (
                    2,
                    MalformedKind::UnpairedSurrogate,
                    Cut::ByByte(data[start + 2]),
                )
            } else if !last {
                // A high surrogate that ends the chunk: its pair may come next.
                debug_assert_eq!(first + j + 1, total);
                return Some(start);
            } else if data.len() % 2 == 1 {
                (3, MalformedKind::Truncated, Cut::ByEnd)
            } else {
                (2, MalformedKind::UnpairedSurrogate, Cut::ByEnd)
            };
            let span = Span::new(base + start as u64, base + (start + len) as u64);
            sink.malformed(Malformed::new(
                span,
                kind,
                &data[start..start + len],
                0,
                cut,
                self.encoding,
            ));
            if len == 3 {
                return Some(data.len());
            }
            j += 1;
        }
        None
    }

    fn emit_text(&mut self, units: &[u16], start: u64, end: u64, sink: &mut dyn Sink) {
        // The units are valid (the scan's `utf16_valid_up_to`): simdutf converts them, and
        // std would, were simdutf ever to disagree.
        match crate::simd::utf16_to_str(units, &mut self.out) {
            Some(text) => sink.text(Span::new(start, end), text),
            None => {
                let mut text = String::with_capacity(3 * units.len());
                text.extend(
                    char::decode_utf16(units.iter().copied())
                        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)),
                );
                sink.text(Span::new(start, end), &text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn pairs_are_joined_and_lone_surrogates_and_an_odd_byte_named() {
        assert_eq!(
            units(
                enc("utf-16le"),
                b"A\x00\x3D\xD8\x00\xDEB\x00\x3D\xD8C\x00\x00\xDCD"
            ),
            "A\u{1F600}B[unpaired-surrogate 8+2]C[unpaired-surrogate 12+2][truncated 14+1]"
        );
        assert_eq!(
            units(enc("utf-16be"), b"\x00A\xD8\x3D\xDE\x00\x00"),
            "A\u{1F600}[truncated 6+1]"
        );
    }

    #[test]
    fn long_runs_go_through_the_fast_path_with_errors_anywhere() {
        // Blocks of many code units, a lone surrogate in the middle of one.
        let mut bytes: Vec<u8> = "\u{4E2D}a\u{E9}"
            .repeat(40)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        bytes.splice(100..100, [0x00, 0xDC]);
        let got = units(enc("utf-16le"), &bytes);
        assert_eq!(
            got.matches("[unpaired-surrogate 100+2]").count(),
            1,
            "{got}"
        );
        assert_eq!(
            got.chars().count(),
            120 + "[unpaired-surrogate 100+2]".len()
        );
    }
}
