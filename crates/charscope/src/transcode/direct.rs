//! The direct path of UTF-8 -> UTF-16LE and UTF-16LE -> UTF-8: where a chunk is valid, one SIMD
//! pass validates and converts it straight into the output, instead of the decoder validating it
//! into text and the writer converting (or copying) that text again. Anything else (a
//! malformed sequence, a newline or normalization transform, the start or the end of a stream,
//! a character cut by the chunk's end) goes the general way, which gives the same output,
//! counts and errors.

use super::Transcoder;
use crate::encoding::{Endian, Engine};

/// Which way the direct path converts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Utf8ToUtf16le,
    Utf16leToUtf8,
}

impl Transcoder {
    /// Converts the longest start of `src` (a chunk that is not the last) that the direct path
    /// can take, appending to `out`; returns how many bytes it took (0 when it took none, and
    /// `out` is as it was).
    pub(super) fn direct(&mut self, src: &[u8], out: &mut Vec<u8>) -> usize {
        let Some(way) = self.direct_way() else {
            return 0;
        };
        let Some(decoder) = self.decoder.clear_decoder() else {
            return 0;
        };
        let take = match way {
            Way::Utf8ToUtf16le => complete_utf8(src),
            Way::Utf16leToUtf8 => complete_utf16le(src),
        };
        let start = out.len();
        let body = &src[..take];
        let converted = take > 0
            && match way {
                Way::Utf8ToUtf16le => crate::simd::utf8_to_utf16le_bytes(body, out),
                Way::Utf16leToUtf8 => crate::simd::utf16le_bytes_to_utf8(body, out),
            };
        if !converted {
            return 0;
        }
        let w = &mut self.writer;
        w.piece_start = decoder.position();
        decoder.pass(take);
        if w.track_position {
            let text = match way {
                Way::Utf8ToUtf16le => body,
                Way::Utf16leToUtf8 => &out[start..],
            };
            let p = &mut w.position;
            crate::count::advance(text, crate::count::utf8_chars, &mut p.lines, &mut p.column);
        }
        w.stats.bytes_in += take as u64;
        w.stats.bytes_out += (out.len() - start) as u64;
        take
    }

    /// The way the direct path may convert from where this transcoder stands, if at all: not
    /// after a failure, before the output has begun (the byte order mark is the general path's
    /// business), nor with a transform.
    fn direct_way(&self) -> Option<Way> {
        let w = &self.writer;
        if self.failed || !w.started || w.transforms() {
            return None;
        }
        match (self.decoder.encoding().engine(), w.target.engine()) {
            (Engine::Utf8, Engine::Utf16(Endian::Little)) => Some(Way::Utf8ToUtf16le),
            (Engine::Utf16(Endian::Little), Engine::Utf8) => Some(Way::Utf16leToUtf8),
            _ => None,
        }
    }
}

/// How many bytes of `src` end where a UTF-8 character may end: all of them, less a sequence
/// begun in the last three bytes that needs more (what follows decides what it is).
fn complete_utf8(src: &[u8]) -> usize {
    let from = src.len().saturating_sub(3);
    let Some(lead) = (from..src.len()).rev().find(|&i| src[i] & 0xC0 != 0x80) else {
        return src.len();
    };
    let needs = match src[lead] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    if lead + needs > src.len() {
        lead
    } else {
        src.len()
    }
}

/// How many bytes of `src` make whole UTF-16LE code units, less a high surrogate at the end
/// (the unit after it decides what it is).
fn complete_utf16le(src: &[u8]) -> usize {
    let even = src.len() & !1;
    match src.get(even.wrapping_sub(1)) {
        Some(&high) if (0xD8..0xDC).contains(&high) => even - 2,
        _ => even,
    }
}

#[cfg(test)]
mod tests {
    use super::{complete_utf8, complete_utf16le};
    use crate::encoding::{self, for_label};
    use crate::transcode::{Options, Transcoder};

    #[test]
    fn what_a_chunk_may_end_with() {
        assert_eq!(complete_utf8(b""), 0);
        assert_eq!(complete_utf8("ab\u{E9}".as_bytes()), 4);
        assert_eq!(complete_utf8(&"ab\u{4E2D}".as_bytes()[..4]), 2);
        assert_eq!(complete_utf8(&"\u{1F600}".as_bytes()[..3]), 0);
        assert_eq!(complete_utf8(b"a\x80\x80\x80"), 4);
        assert_eq!(complete_utf16le(b"a\x00b"), 2);
        assert_eq!(complete_utf16le(b"a\x00\x3D\xD8"), 2);
        assert_eq!(complete_utf16le(b"\x3D\xD8\x00\xDE"), 4);
        assert_eq!(complete_utf16le(b""), 0);
    }

    /// The direct path is taken for a valid chunk past the first (and not for a malformed one),
    /// and the counts it keeps are those of the general path.
    #[test]
    fn valid_chunks_go_the_direct_way() {
        let text = "line one\n\u{4E2D}\u{6587} \u{1F600} caf\u{E9}\nend";
        let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let utf16le = for_label("utf-16le").unwrap();
        for (from, to, input, unit) in [
            (encoding::UTF_8, utf16le, text.as_bytes(), 1),
            (utf16le, encoding::UTF_8, &utf16[..], 2),
        ] {
            let mut direct = Transcoder::new(from, to, Options::default()).unwrap();
            let mut general = Transcoder::new(from, to, Options::default()).unwrap();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            direct.transcode(&input[..2], false, &mut a).unwrap();
            general.transcode(&input[..2], false, &mut b).unwrap();
            // The rest, less its last byte: whole units (all ASCII at the end).
            let rest = &input[2..input.len() - 1];
            let whole = rest.len() - rest.len() % unit;
            assert_eq!(direct.direct(rest, &mut a), whole);
            general.transcode(&rest[..whole], false, &mut b).unwrap();
            assert_eq!(a, b);
            assert_eq!(direct.stats(), general.stats());
            let (p, q) = (direct.writer.position, general.writer.position);
            assert_eq!((p.lines, p.column), (q.lines, q.column));
            let at = direct.decoder.clear_decoder().map(|d| d.position());
            assert_eq!(at, Some(2 + whole as u64));
            // A malformed chunk is left to the general path.
            assert_eq!(direct.direct(b"\xFF\xFF\xFF\xDC", &mut a), 0);
        }
    }
}
