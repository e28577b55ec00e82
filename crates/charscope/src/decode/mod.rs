//! Decoding: bytes -> units, each a character with its byte span or a named malformed sequence.
//!
//! One decoder, two grains of the same stream:
//! - [`Piece`]s: a run of valid text (`&str`) or a malformed sequence, at memory speed; what
//!   `validate` and `convert` need.
//! - [`Unit`]s: every character with its own byte span, or a malformed sequence; what the byte
//!   grid of `inspect`, `dump` and the web page need.
//!
//! Both come from the same scanners, and a decoder fed in chunks of any size (one byte, empty
//! chunks) gives exactly the units of one whole feed, with offsets counted from the start of the
//! stream. In a lossy decode every malformed sequence becomes exactly one U+FFFD, so UTF-8 is
//! replaced one U+FFFD per maximal subpart (Unicode 3.9.6, WHATWG Encoding Standard).
//!
//! ```
//! use charscope::{decode, encoding, MalformedKind};
//! let out = decode::decode(&[0x2F, 0xC0, 0xAE, 0x2E, 0x2F], encoding::UTF_8);
//! assert_eq!(out.text, "/\u{FFFD}\u{FFFD}./");
//! assert_eq!(out.malformed[0].kind, MalformedKind::Overlong);
//! assert_eq!(out.malformed[0].offset(), 1);
//! ```

mod cesu8;
mod cjk_tables;
mod iso2022kr;
mod latin1;
mod legacy;
pub mod malformed;
mod reason;
mod single_byte;
mod sink;
mod stepper;
#[cfg(test)]
mod testing;
mod utf16;
mod utf32;
mod utf7;
mod utf8;

use crate::encoding::{Encoding, Engine};
use crate::span::Span;
pub(crate) use cjk_tables::{cns_encode as cns_for_encoding, johab_encode as johab_for_encoding};
use legacy::LegacyScanner;
pub use malformed::{Malformed, MalformedKind, hex_pairs};
use sink::Sink;
use utf8::Utf8Scanner;
use utf16::Utf16Scanner;
use utf32::Utf32Scanner;

/// One decoded unit: a character with the bytes it came from, or a malformed sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A character. Its span is empty only for the second character of a legacy sequence that
    /// maps to two code points (Big5 88 62 is U+00CA U+0304): it shares the bytes of the first.
    Char {
        /// The bytes the character came from.
        span: Span,
        /// The character.
        ch: char,
    },
    /// A malformed sequence, which a lossy decode replaces with one U+FFFD.
    Malformed(Malformed),
}

impl Unit {
    /// The unit's bytes in the input.
    pub fn span(&self) -> Span {
        match self {
            Unit::Char { span, .. } => *span,
            Unit::Malformed(m) => m.span,
        }
    }

    /// The character, or U+FFFD for a malformed sequence.
    pub fn lossy_char(&self) -> char {
        match self {
            Unit::Char { ch, .. } => *ch,
            Unit::Malformed(_) => char::REPLACEMENT_CHARACTER,
        }
    }
}

/// One piece of decoded output: a run of valid text or a malformed sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Valid text and the bytes it came from.
    Text {
        /// The bytes the text came from (for legacy encodings, a run's boundary at a chunk edge
        /// may fall inside a sequence the decoder was still holding).
        span: Span,
        /// The text.
        text: &'a str,
    },
    /// A malformed sequence.
    Malformed(Malformed),
}

#[derive(Debug)]
enum Scanner {
    Utf8(Utf8Scanner),
    Utf16(Utf16Scanner),
    Utf32(Utf32Scanner),
    /// True ISO-8859-1 and windows-1252.
    Latin1(latin1::Latin1Scanner),
    Legacy(Box<LegacyScanner>),
    SingleByte(&'static crate::encoding::SingleByteTable),
    Stepped(stepper::StepScanner),
    Utf7(utf7::Utf7Scanner),
}

/// A streaming decoder for one encoding (no byte order mark handling: see
/// [`crate::stream::StreamDecoder`] for that).
///
/// Feed it `(src, last)`: chunks of any size, `last` true on the final one. Between chunks it
/// keeps at most one partial sequence. After a call with `last`, it is ready for a new stream
/// whose offsets start at 0.
#[derive(Debug)]
pub struct Decoder {
    encoding: &'static Encoding,
    position: u64,
    scanner: Scanner,
}

impl Decoder {
    /// A decoder whose offsets start at 0.
    pub fn new(encoding: &'static Encoding) -> Decoder {
        Decoder::starting_at(encoding, 0)
    }

    /// A decoder whose first byte sits at absolute offset `offset` (after a stripped BOM).
    pub fn starting_at(encoding: &'static Encoding, offset: u64) -> Decoder {
        let scanner = match encoding.engine() {
            Engine::Utf8 => Scanner::Utf8(Utf8Scanner::default()),
            Engine::Utf16(endian) => Scanner::Utf16(Utf16Scanner::new(encoding, endian)),
            Engine::Utf32(endian) => Scanner::Utf32(Utf32Scanner::new(encoding, endian)),
            Engine::TrueLatin1 => Scanner::Latin1(latin1::Latin1Scanner::iso_8859_1()),
            Engine::Whatwg(rs) if rs == encoding_rs::WINDOWS_1252 => {
                Scanner::Latin1(latin1::Latin1Scanner::windows_1252())
            }
            Engine::Whatwg(rs) => {
                Scanner::Legacy(Box::new(LegacyScanner::new(encoding, rs, offset)))
            }
            Engine::SingleByte(table) => Scanner::SingleByte(table),
            Engine::Cesu8 => {
                Scanner::Stepped(stepper::StepScanner::new(encoding, Box::new(cesu8::Cesu8)))
            }
            Engine::Iso2022Kr => Scanner::Stepped(stepper::StepScanner::new(
                encoding,
                Box::new(iso2022kr::Iso2022Kr::default()),
            )),
            Engine::Johab => Scanner::Stepped(stepper::StepScanner::new(
                encoding,
                Box::new(cjk_tables::Johab),
            )),
            Engine::EucTw => Scanner::Stepped(stepper::StepScanner::new(
                encoding,
                Box::new(cjk_tables::EucTw),
            )),
            Engine::Utf7 => Scanner::Utf7(utf7::Utf7Scanner::new(encoding)),
        };
        Decoder {
            encoding,
            position: offset,
            scanner,
        }
    }

    /// Makes this decoder the one [`Decoder::starting_at`] would make for its encoding, keeping
    /// the buffers of the scanners that have them.
    pub(crate) fn reset_to(&mut self, offset: u64) {
        match &mut self.scanner {
            Scanner::Utf16(s) => s.reset(),
            Scanner::Legacy(s) => s.reset(offset),
            Scanner::Latin1(_) => {}
            _ => {
                *self = Decoder::starting_at(self.encoding, offset);
                return;
            }
        }
        self.position = offset;
    }

    /// The encoding this decoder reads.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Absolute offset of the next byte to be fed.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Whether a UTF-8 or UTF-16 decoder keeps nothing from the last chunk, so that bytes that
    /// start there may be decoded elsewhere and passed by ([`Decoder::pass`]); false for
    /// every other encoding.
    pub(crate) fn holds_nothing(&self) -> bool {
        match &self.scanner {
            Scanner::Utf8(s) => s.holds_nothing(),
            Scanner::Utf16(s) => s.holds_nothing(),
            _ => false,
        }
    }

    /// Counts `n` bytes as read, decoded elsewhere into valid text (only where
    /// [`Decoder::holds_nothing`]: nothing is pending, so nothing else changes).
    pub(crate) fn pass(&mut self, n: usize) {
        debug_assert!(self.holds_nothing());
        self.position += n as u64;
    }

    fn scan(&mut self, src: &[u8], last: bool, per_char: bool, sink: &mut dyn Sink) {
        let pos = self.position;
        match &mut self.scanner {
            Scanner::Utf8(s) => s.scan(src, last, pos, sink),
            Scanner::Utf16(s) => s.scan(src, last, pos, sink),
            Scanner::Utf32(s) => s.scan(src, last, pos, sink),
            Scanner::Latin1(s) => s.scan(src, pos, per_char, sink),
            Scanner::Legacy(s) => s.scan(src, last, per_char, sink),
            Scanner::SingleByte(table) => single_byte::scan(self.encoding, table, src, pos, sink),
            Scanner::Stepped(s) => s.scan(src, last, pos, per_char, sink),
            Scanner::Utf7(s) => s.scan(src, last, pos, per_char, sink),
        }
        self.position += src.len() as u64;
        if last {
            *self = Decoder::new(self.encoding);
        }
    }

    /// Decodes a chunk into pieces: runs of valid text and malformed sequences.
    pub fn decode_pieces(&mut self, src: &[u8], last: bool, mut f: impl FnMut(Piece<'_>)) {
        struct Pieces<'f>(&'f mut dyn FnMut(Piece<'_>));
        impl Sink for Pieces<'_> {
            fn text(&mut self, span: Span, text: &str) {
                (self.0)(Piece::Text { span, text });
            }
            fn malformed(&mut self, m: Malformed) {
                (self.0)(Piece::Malformed(m));
            }
        }
        self.scan(src, last, false, &mut Pieces(&mut f));
    }

    /// Decodes a chunk for its malformed sequences only, the grain of `validate`: the same
    /// sequences as the other grains give, without the cost of handing out the text.
    pub fn decode_malformed(&mut self, src: &[u8], last: bool, mut f: impl FnMut(Malformed)) {
        struct MalformedOnly<'f>(&'f mut dyn FnMut(Malformed));
        impl Sink for MalformedOnly<'_> {
            fn wants_text(&self) -> bool {
                false
            }
            fn text(&mut self, _span: Span, _text: &str) {}
            fn malformed(&mut self, m: Malformed) {
                (self.0)(m);
            }
        }
        self.scan(src, last, false, &mut MalformedOnly(&mut f));
    }

    /// Decodes a chunk into units: every character with its own span, and malformed sequences.
    pub fn decode_units(&mut self, src: &[u8], last: bool, mut f: impl FnMut(Unit)) {
        struct Units<'f> {
            f: &'f mut dyn FnMut(Unit),
            char_len: fn(char) -> u64,
        }
        impl Sink for Units<'_> {
            fn text(&mut self, span: Span, text: &str) {
                let mut chars = text.chars();
                if let (Some(ch), None) = (chars.next(), chars.next()) {
                    (self.f)(Unit::Char { span, ch });
                    return;
                }
                let mut at = span.start;
                for ch in text.chars() {
                    let end = at + (self.char_len)(ch);
                    (self.f)(Unit::Char {
                        span: Span::new(at, end),
                        ch,
                    });
                    at = end;
                }
            }
            fn malformed(&mut self, m: Malformed) {
                (self.f)(Unit::Malformed(m));
            }
        }
        let char_len: fn(char) -> u64 = match self.encoding.engine() {
            Engine::Utf8 => |c| c.len_utf8() as u64,
            Engine::Utf16(_) => |c| 2 * c.len_utf16() as u64,
            Engine::Utf32(_) => |_| 4,
            // Legacy units arrive one character per call; latin1 is one byte per character.
            // The scanners beyond WHATWG send one character per call when `per_char`.
            _ => |_| 1,
        };
        self.scan(
            src,
            last,
            true,
            &mut Units {
                f: &mut f,
                char_len,
            },
        );
    }
}

/// The result of a lossy decode: the text with one U+FFFD per malformed sequence, and those
/// sequences.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decoded {
    /// The text, with U+FFFD where each malformed sequence stood.
    pub text: String,
    /// Every malformed sequence, in order.
    pub malformed: Vec<Malformed>,
}

/// Decodes a whole input, replacing each malformed sequence with one U+FFFD.
pub fn decode(bytes: &[u8], encoding: &'static Encoding) -> Decoded {
    let mut out = Decoded {
        text: String::with_capacity(bytes.len()),
        malformed: Vec::new(),
    };
    Decoder::new(encoding).decode_pieces(bytes, true, |piece| match piece {
        Piece::Text { text, .. } => out.text.push_str(text),
        Piece::Malformed(m) => {
            out.text.push(char::REPLACEMENT_CHARACTER);
            out.malformed.push(m);
        }
    });
    out
}

/// Decodes a whole input, failing on the first malformed sequence.
pub fn decode_strict(bytes: &[u8], encoding: &'static Encoding) -> Result<String, Malformed> {
    let decoded = decode(bytes, encoding);
    match decoded.malformed.first() {
        Some(m) => Err(*m),
        None => Ok(decoded.text),
    }
}

/// Every unit of a whole input.
pub fn units(bytes: &[u8], encoding: &'static Encoding) -> Vec<Unit> {
    let mut out = Vec::new();
    Decoder::new(encoding).decode_units(bytes, true, |u| out.push(u));
    out
}
