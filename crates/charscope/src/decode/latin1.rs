//! True ISO-8859-1 and windows-1252 at memory speed. Every one of their 256 bytes is a character
//! (in windows-1252, as the WHATWG index has it), so they have no malformed sequences and no
//! state between chunks. In ISO-8859-1 each byte is the code point of its value (Latin-1), which
//! simdutf converts in bulk; windows-1252 is the same outside 80-9F, whose 32 characters are read
//! once from encoding_rs, which stays the one source of that mapping.

use super::sink::Sink;
use crate::span::Span;
use std::sync::OnceLock;

/// The characters of bytes 80-9F, as encoding_rs decodes them.
fn c1_range() -> &'static [char; 32] {
    static TABLE: OnceLock<[char; 32]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let byte = [0x80 + i as u8];
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&byte);
            text.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
        })
    })
}

/// The character of one byte in windows-1252.
fn windows_1252_char(byte: u8) -> char {
    match byte {
        0x80..=0x9F => c1_range()[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// How many leading bytes of `bytes` lie outside 80-9F. Whole strides are tested first, in a
/// form the compiler turns into vector instructions.
fn latin1_run(bytes: &[u8]) -> usize {
    const STRIDE: usize = 64;
    let in_c1_range = |b: u8| b.wrapping_sub(0x80) < 0x20;
    let mut at = 0;
    for stride in bytes.chunks_exact(STRIDE) {
        if stride.iter().fold(false, |seen, &b| seen | in_c1_range(b)) {
            break;
        }
        at += STRIDE;
    }
    at + bytes[at..]
        .iter()
        .position(|&b| in_c1_range(b))
        .unwrap_or(bytes.len() - at)
}

/// The most bytes one run of text comes from: the text stays small enough to be in the core's
/// cache when the sink copies it.
const BLOCK: usize = 32 * 1024;

/// The scanner of true ISO-8859-1 or windows-1252; it owns only the buffer its text is built in.
#[derive(Debug)]
pub(crate) struct Latin1Scanner {
    /// windows-1252 rather than ISO-8859-1.
    windows_1252: bool,
    text: String,
}

impl Latin1Scanner {
    /// The scanner of true ISO-8859-1.
    pub(crate) fn iso_8859_1() -> Self {
        Latin1Scanner {
            windows_1252: false,
            text: String::new(),
        }
    }

    /// The scanner of windows-1252.
    pub(crate) fn windows_1252() -> Self {
        Latin1Scanner {
            windows_1252: true,
            text: String::new(),
        }
    }

    /// The character of one byte.
    fn char_of(&self, byte: u8) -> char {
        if self.windows_1252 {
            windows_1252_char(byte)
        } else {
            char::from(byte)
        }
    }

    /// How many leading bytes of `bytes` are the code points of their values.
    fn latin1_run(&self, bytes: &[u8]) -> usize {
        if self.windows_1252 {
            latin1_run(bytes)
        } else {
            bytes.len()
        }
    }

    /// Decodes `src`, whose first byte sits at absolute offset `pos`: in one run of text, or
    /// (`per_char`) one character per byte with its own span.
    pub(crate) fn scan(&mut self, src: &[u8], pos: u64, per_char: bool, sink: &mut dyn Sink) {
        if per_char {
            let mut buf = [0; 4];
            for (at, &byte) in (pos..).zip(src) {
                sink.text(
                    Span::new(at, at + 1),
                    self.char_of(byte).encode_utf8(&mut buf),
                );
            }
            return;
        }
        if !sink.wants_text() {
            return;
        }
        for (i, block) in src.chunks(BLOCK).enumerate() {
            self.text.clear();
            let mut rest = block;
            while !rest.is_empty() {
                let run = self.latin1_run(rest);
                crate::simd::push_latin1(&rest[..run], &mut self.text);
                if let Some(&byte) = rest.get(run) {
                    self.text.push(self.char_of(byte));
                    rest = &rest[run + 1..];
                } else {
                    rest = &[];
                }
            }
            let start = pos + (i * BLOCK) as u64;
            sink.text(Span::new(start, start + block.len() as u64), &self.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::{Decoder, Piece, Unit};
    use crate::encoding::{self, Encoding};
    use proptest::prelude::*;

    /// What encoding_rs makes of bytes in one encoding.
    type Reference = fn(&[u8]) -> String;

    /// The two encodings, each with its reference.
    fn both() -> [(&'static Encoding, Reference); 2] {
        [
            (encoding::WINDOWS_1252, |bytes| {
                encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(bytes)
                    .0
                    .into_owned()
            }),
            (encoding::ISO_8859_1, |bytes| {
                encoding_rs::mem::decode_latin1(bytes).into_owned()
            }),
        ]
    }

    #[test]
    fn every_byte_is_the_character_encoding_rs_gives() {
        let [(_, windows_1252), _] = both();
        for byte in 0..=255u8 {
            assert_eq!(
                windows_1252_char(byte).to_string(),
                windows_1252(&[byte]),
                "byte {byte:02X}"
            );
        }
        // The table is not Latin-1 where windows-1252 differs from it.
        assert_eq!(windows_1252_char(0x80), '\u{20AC}');
        assert_eq!(windows_1252_char(0x81), '\u{81}');
    }

    #[test]
    fn runs_across_blocks_tile_the_input_and_match_encoding_rs() {
        // Every byte value, many times over, past several blocks and a chunk cut inside one.
        let bytes: Vec<u8> = (0..3 * BLOCK + 77).map(|i| (i * 7 % 256) as u8).collect();
        for (enc, reference) in both() {
            let mut decoder = Decoder::new(enc);
            let mut text = String::new();
            let mut at = 0;
            let cut = BLOCK + 5;
            for (chunk, last) in [(&bytes[..cut], false), (&bytes[cut..], true)] {
                decoder.decode_pieces(chunk, last, |piece| {
                    let Piece::Text { span, text: t } = piece else {
                        panic!("{} has no malformed bytes", enc.name())
                    };
                    assert_eq!(span.start, at);
                    at = span.end;
                    text.push_str(t);
                });
            }
            assert_eq!(at, bytes.len() as u64);
            assert_eq!(text, reference(&bytes), "{}", enc.name());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Bulk text and per-byte units, in chunks of any size, are encoding_rs's decode.
        #[test]
        fn pieces_and_units_match_encoding_rs(
            bytes in proptest::collection::vec(
                prop_oneof![4 => 0x20u8..0x7F, 1 => 0x80u8..0xA0, 1 => any::<u8>()], 0..400),
            cut in 0usize..400,
        ) {
            let cut = cut.min(bytes.len());
            for (enc, reference) in both() {
                let mut decoder = Decoder::new(enc);
                let mut text = String::new();
                let mut spans = Vec::new();
                for (chunk, last) in [(&bytes[..cut], false), (&bytes[cut..], true)] {
                    decoder.decode_pieces(chunk, last, |piece| match piece {
                        Piece::Text { span, text: t } => {
                            text.push_str(t);
                            spans.push(span);
                        }
                        Piece::Malformed(m) => panic!("no malformed bytes: {m:?}"),
                    });
                }
                prop_assert_eq!(&text, &reference(&bytes));
                // The runs tile the input.
                let mut at = 0;
                for span in spans {
                    prop_assert_eq!(span.start, at);
                    at = span.end;
                }
                prop_assert!(text.is_empty() || at == bytes.len() as u64);
                let units: Vec<(u64, char)> = crate::decode::units(&bytes, enc)
                    .into_iter()
                    .map(|u| match u {
                        Unit::Char { span, ch } => (span.start, ch),
                        Unit::Malformed(m) => panic!("no malformed bytes: {m:?}"),
                    })
                    .collect();
                let expected: Vec<(u64, char)> = (0..).zip(reference(&bytes).chars()).collect();
                prop_assert_eq!(units, expected);
            }
        }
    }
}
