//! Malformed sequences: their kinds, their bytes and the one-line reason that explains them.

use crate::encoding::{Encoding, Engine};
use crate::span::Span;
use serde::Serialize;
use std::fmt;

/// What is wrong with a malformed sequence. The kebab-case names are stable: JSON uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum MalformedKind {
    /// UTF-8: a longer form than needed (C0, C1; E0 then 80-9F; F0 then 80-8F), and each
    /// continuation byte that follows such a lead.
    Overlong,
    /// UTF-8: a surrogate code point (ED then A0-BF). UTF-32: a unit in D800-DFFF.
    Surrogate,
    /// UTF-8: a code point beyond U+10FFFF (F4 then 90-BF; F5-F7). UTF-32: a unit above 10FFFF.
    OutOfRange,
    /// UTF-8: a byte that never appears (F8-FF).
    InvalidByte,
    /// UTF-8: a continuation byte (80-BF) with no lead byte before it.
    UnexpectedContinuation,
    /// A valid beginning cut short by another byte or by the end of the input; in UTF-16, an
    /// odd trailing byte; in UTF-32, a tail of one to three bytes.
    Truncated,
    /// UTF-16: a high surrogate not followed by a low one, or a low one with no high one before it.
    UnpairedSurrogate,
    /// Legacy encodings: a byte or sequence the encoding maps to no character.
    Unmapped,
    /// The replacement encoding: the whole input stands for one U+FFFD.
    Replacement,
}

impl MalformedKind {
    /// The stable kebab-case name, as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            MalformedKind::Overlong => "overlong",
            MalformedKind::Surrogate => "surrogate",
            MalformedKind::OutOfRange => "out-of-range",
            MalformedKind::InvalidByte => "invalid-byte",
            MalformedKind::UnexpectedContinuation => "unexpected-continuation",
            MalformedKind::Truncated => "truncated",
            MalformedKind::UnpairedSurrogate => "unpaired-surrogate",
            MalformedKind::Unmapped => "unmapped",
            MalformedKind::Replacement => "replacement",
        }
    }
}

impl fmt::Display for MalformedKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What cut a truncated sequence short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Cut {
    /// Not truncated, or nothing to say.
    None,
    /// The next byte (its value) could not continue the sequence.
    ByByte(u8),
    /// The input ended.
    ByEnd,
}

/// One malformed sequence: a maximal subpart in UTF-8, a unit in UTF-16/32, or what a legacy
/// decoder rejected. It stands for exactly one U+FFFD in a lossy decode.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Malformed {
    /// Where the sequence sits in the input.
    pub span: Span,
    /// What is wrong with it.
    pub kind: MalformedKind,
    /// The ill-formed sequence this one belongs to (up to 4 bytes; more only for legacy input),
    /// which for a UTF-8 overlong, surrogate or out-of-range form spans several malformed units.
    pub(crate) context: [u8; 4],
    pub(crate) context_len: u8,
    /// Where this unit's own bytes start within `context`.
    pub(crate) position: u8,
    pub(crate) cut: Cut,
    pub(crate) encoding: &'static Encoding,
}

impl Malformed {
    pub(crate) fn new(
        span: Span,
        kind: MalformedKind,
        context: &[u8],
        position: usize,
        cut: Cut,
        encoding: &'static Encoding,
    ) -> Malformed {
        let mut buf = [0u8; 4];
        let n = context.len().min(4);
        buf[..n].copy_from_slice(&context[..n]);
        Malformed {
            span,
            kind,
            context: buf,
            context_len: n as u8,
            position: position as u8,
            cut,
            encoding,
        }
    }

    /// The encoding whose decoder found the sequence.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Byte offset of the first byte.
    pub fn offset(&self) -> u64 {
        self.span.start
    }

    /// How many bytes the sequence covers.
    pub fn len(&self) -> u64 {
        self.span.len()
    }

    /// Whether the sequence covers no byte (never true for what a decoder reports).
    pub fn is_empty(&self) -> bool {
        self.span.is_empty()
    }

    /// The sequence's own bytes (at most the first four for a longer legacy sequence).
    pub fn bytes(&self) -> &[u8] {
        let start = self.position as usize;
        let end = (start + self.span.len() as usize).min(self.context_len as usize);
        &self.context[start..end]
    }

    /// The bytes as upper-case hex pairs separated by spaces ("C0 AF"); "…" marks bytes left out.
    pub fn hex(&self) -> String {
        let mut out = hex_pairs(self.bytes());
        if (self.bytes().len() as u64) < self.span.len() {
            out.push_str(" …");
        }
        out
    }

    fn context_bytes(&self) -> &[u8] {
        &self.context[..self.context_len as usize]
    }

    fn cut_text(&self) -> String {
        match self.cut {
            Cut::None => String::new(),
            Cut::ByByte(b) => format!(", cut short by {b:02X}"),
            Cut::ByEnd => ", cut short by the end of the input".to_string(),
        }
    }

    /// UTF-8 reasons speak only of bytes a streaming decoder had seen when it reported the
    /// unit, so they do not depend on how the input was split into chunks.
    pub(super) fn utf8_reason(&self) -> String {
        let seq = self.context_bytes();
        let lead = seq[0];
        let own = hex_pairs(self.bytes());
        let expected = crate::utf8::expected_len(lead);
        let whole = hex_pairs(seq);
        let position = self.position as usize;
        let completes = position > 0 && position + 1 == expected;
        let value = crate::utf8::value(seq);
        let second = || seq.get(1).map(|b| format!("{b:02X}")).unwrap_or_default();
        // The second bytes Table 3-7 allows after this lead.
        let allowed = || {
            let range = crate::utf8::second_byte(lead);
            format!("{:02X}-{:02X}", range.start(), range.end())
        };
        match self.kind {
            MalformedKind::Overlong if position == 0 && expected == 2 => format!(
                "{own}: never appears in UTF-8; it could only begin an overlong 2-byte form of U+0000-U+007F"
            ),
            MalformedKind::Overlong if position == 0 => format!(
                "{own}: followed by {}, begins an overlong {expected}-byte form (after {lead:02X} the next byte must be {})",
                second(),
                allowed()
            ),
            MalformedKind::Overlong if completes => format!(
                "{own}: completes {whole}, an overlong {expected}-byte form of {} (its shortest form is {}); each byte is replaced on its own",
                describe_code_point(value),
                shortest_utf8(value)
            ),
            MalformedKind::Surrogate if position == 0 => format!(
                "{own}: followed by {}, begins an encoded surrogate (after ED the next byte must be {})",
                second(),
                allowed()
            ),
            MalformedKind::Surrogate if completes => format!(
                "{own}: completes {whole}, which would encode the surrogate U+{value:04X}; UTF-8 may not encode surrogates"
            ),
            MalformedKind::OutOfRange if position == 0 && lead >= 0xF5 => format!(
                "{own}: never appears in UTF-8; it could only begin a code point beyond U+10FFFF"
            ),
            MalformedKind::OutOfRange if position == 0 => format!(
                "{own}: followed by {}, begins a code point beyond U+10FFFF (after F4 the next byte must be {})",
                second(),
                allowed()
            ),
            MalformedKind::OutOfRange if completes => format!(
                "{own}: completes {whole}, which would encode U+{value:X}, beyond U+10FFFF where Unicode ends"
            ),
            MalformedKind::Overlong | MalformedKind::Surrogate | MalformedKind::OutOfRange => {
                format!(
                    "{own}: continues {whole}, {}; each byte is replaced on its own",
                    match self.kind {
                        MalformedKind::Overlong => "an overlong form",
                        MalformedKind::Surrogate => "an encoded surrogate",
                        _ => "a code point beyond U+10FFFF",
                    }
                )
            }
            MalformedKind::InvalidByte => format!(
                "{own}: never appears in UTF-8 (F8-FF began the 5- and 6-byte forms that RFC 3629 removed)"
            ),
            MalformedKind::UnexpectedContinuation => {
                format!("{own}: a continuation byte (80-BF) with no lead byte before it")
            }
            MalformedKind::Truncated => format!(
                "{own}: a {expected}-byte sequence with only {} of its bytes{}",
                self.span.len(),
                self.cut_text()
            ),
            other => format!("{own}: {other}"),
        }
    }

    pub(super) fn utf16_reason(&self) -> String {
        let own = hex_pairs(self.bytes());
        let unit = |bytes: &[u8]| -> u16 {
            match self.encoding.engine() {
                Engine::Utf16(crate::encoding::Endian::Big) => {
                    u16::from_be_bytes([bytes[0], bytes[1]])
                }
                _ => u16::from_le_bytes([bytes[0], bytes[1]]),
            }
        };
        match self.kind {
            MalformedKind::UnpairedSurrogate => {
                let u = unit(self.bytes());
                if (0xD800..0xDC00).contains(&u) {
                    format!(
                        "{own}: high surrogate {u:04X} not followed by a low surrogate (DC00-DFFF){}",
                        self.cut_text()
                    )
                } else {
                    format!("{own}: low surrogate {u:04X} with no high surrogate before it")
                }
            }
            MalformedKind::Truncated if self.span.len() == 1 => {
                format!("{own}: an odd trailing byte; UTF-16 needs two bytes per code unit")
            }
            MalformedKind::Truncated => format!(
                "{own}: high surrogate {:04X} followed by a single byte at the end of the input",
                unit(self.bytes())
            ),
            other => format!("{own}: {other}"),
        }
    }

    pub(super) fn utf32_reason(&self) -> String {
        let own = hex_pairs(self.bytes());
        let bytes = self.bytes();
        let value = || match self.encoding.engine() {
            Engine::Utf32(crate::encoding::Endian::Big) => {
                u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
            }
            _ => u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
        };
        match self.kind {
            MalformedKind::Surrogate => format!(
                "{own}: U+{:04X} is a surrogate, not a Unicode scalar value",
                value()
            ),
            MalformedKind::OutOfRange => {
                format!(
                    "{own}: {:08X} is beyond U+10FFFF where Unicode ends",
                    value()
                )
            }
            MalformedKind::Truncated => format!(
                "{own}: {} trailing byte(s) at the end of the input; UTF-32 needs four per code unit",
                self.span.len()
            ),
            other => format!("{own}: {other}"),
        }
    }

    pub(super) fn legacy_reason(&self) -> String {
        let own = self.hex();
        let name = self.encoding.name();
        match self.kind {
            MalformedKind::Replacement => format!(
                "{own}: the replacement encoding decodes any non-empty input to a single U+FFFD"
            ),
            MalformedKind::Truncated => {
                format!(
                    "{own}: the start of a {name} multi-byte sequence, cut short by the end of the input"
                )
            }
            _ if std::ptr::eq(self.encoding, crate::encoding::TRUE_US_ASCII) => {
                format!("{own}: US-ASCII is a 7-bit code; bytes 80-FF are not ASCII")
            }
            _ if self.encoding.is_single_byte() => {
                format!("{own}: {name} maps no character to this byte")
            }
            _ => format!("{own}: not a valid {name} sequence{}", self.cut_text()),
        }
    }
}

impl fmt::Debug for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Malformed({}..{} {} [{}])",
            self.span.start,
            self.span.end,
            self.kind,
            self.hex()
        )
    }
}

impl Serialize for Malformed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Malformed", 5)?;
        s.serialize_field("offset", &self.span.start)?;
        s.serialize_field("length", &self.span.len())?;
        s.serialize_field("hex", &self.hex())?;
        s.serialize_field("kind", &self.kind)?;
        s.serialize_field("reason", &self.reason())?;
        s.end()
    }
}

/// Bytes as upper-case hex pairs: kept here as a re-export of [`crate::hex::hex_pairs`], its home.
pub use crate::hex::hex_pairs;

fn shortest_utf8(v: u32) -> String {
    char::from_u32(v)
        .map(|c| hex_pairs(c.encode_utf8(&mut [0; 4]).as_bytes()))
        .unwrap_or_else(|| "none".into())
}

/// "U+002E '.'" for printable characters, "U+0000" for the others.
fn describe_code_point(v: u32) -> String {
    match char::from_u32(v) {
        Some(c) if !c.is_control() && !c.is_whitespace() => format!("U+{v:04X} '{c}'"),
        _ => format!("U+{v:04X}"),
    }
}
