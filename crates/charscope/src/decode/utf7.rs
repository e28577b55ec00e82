//! UTF-7 (RFC 2152): ASCII as itself, other text as UTF-16 code units in modified base64 between
//! `+` and `-` (or any byte that is not base64). `+-` is `+`.
//!
//! Streaming with no bytes kept between chunks: the state is the base64 bit buffer and a high
//! surrogate waiting for its low one. A base64 byte belongs to the UTF-16 unit its last bit
//! falls in, so a character's span covers the bytes that carry its bits (the first one also
//! covers the `+`), and units never overlap.

use super::sink::{Sink, TextRun};
use crate::decode::malformed::{Cut, Malformed, MalformedKind, hex_pairs};
use crate::encoding::Encoding;
use crate::span::Span;

#[derive(Debug)]
pub(crate) struct Utf7Scanner {
    encoding: &'static Encoding,
    in_base64: bool,
    /// Offset of the `+` that opened the run.
    plus_at: u64,
    /// Base64 bytes read since the `+`.
    count: u32,
    bits: u32,
    nbits: u32,
    /// Where the bytes of the next unit start.
    unit_start: u64,
    /// The bytes since `unit_start` (at most a `+` and three base64 bytes).
    cur: Bytes,
    /// A high surrogate waiting for its low one, with its span and bytes.
    high: Option<(u16, u64, u64, Bytes)>,
    /// Where bytes began that no unit took (a closing `-`, zero padding): the next character's
    /// span starts there, so that a dump shows every byte.
    skipped_from: Option<u64>,
}

/// Up to four bytes, kept to show a malformed sequence whose bytes came in earlier chunks.
#[derive(Clone, Copy, Debug, Default)]
struct Bytes {
    buf: [u8; 4],
    len: usize,
}

impl Bytes {
    fn push(&mut self, b: u8) {
        if self.len < 4 {
            self.buf[self.len] = b;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    fn one(b: u8) -> Bytes {
        let mut out = Bytes::default();
        out.push(b);
        out
    }
}

/// The value of a modified-base64 byte.
fn base64(b: u8) -> Option<u32> {
    Some(u32::from(match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    }))
}

struct Out<'a> {
    skipped_from: Option<u64>,
    sink: &'a mut dyn Sink,
    run: TextRun,
    per_char: bool,
    wants_text: bool,
    encoding: &'static Encoding,
}

impl Out<'_> {
    fn char(&mut self, ch: char, start: u64, end: u64) {
        let start = self.skipped_from.take().unwrap_or(start).min(start);
        if self.per_char {
            let mut buf = [0u8; 4];
            self.sink
                .text(Span::new(start, end), ch.encode_utf8(&mut buf));
            self.run.restart(end);
        } else if self.wants_text {
            self.run.push(ch);
        }
    }

    fn malformed(&mut self, kind: MalformedKind, start: u64, end: u64, bytes: &[u8], cut: Cut) {
        self.skipped_from = None;
        self.run.flush(self.sink, start);
        self.sink.malformed(Malformed::new(
            Span::new(start, end),
            kind,
            bytes,
            0,
            cut,
            self.encoding,
        ));
        self.run.restart(end);
    }
}

impl Utf7Scanner {
    pub(crate) fn new(encoding: &'static Encoding) -> Utf7Scanner {
        Utf7Scanner {
            encoding,
            in_base64: false,
            plus_at: 0,
            count: 0,
            bits: 0,
            nbits: 0,
            unit_start: 0,
            cur: Bytes::default(),
            high: None,
            skipped_from: None,
        }
    }

    pub(crate) fn scan(
        &mut self,
        src: &[u8],
        last: bool,
        pos: u64,
        per_char: bool,
        sink: &mut dyn Sink,
    ) {
        let wants_text = sink.wants_text();
        let mut out = Out {
            skipped_from: self.skipped_from.take(),
            sink,
            run: TextRun::new(pos),
            per_char,
            wants_text,
            encoding: self.encoding,
        };
        for (i, &b) in src.iter().enumerate() {
            let at = pos + i as u64;
            if self.in_base64 {
                if let Some(v) = base64(b) {
                    self.count += 1;
                    self.bits = ((self.bits << 6) | v) & 0x00FF_FFFF;
                    self.nbits += 6;
                    self.cur.push(b);
                    if self.nbits >= 16 {
                        self.nbits -= 16;
                        let unit = ((self.bits >> self.nbits) & 0xFFFF) as u16;
                        let (end, bytes) = if self.nbits == 0 {
                            (at + 1, std::mem::take(&mut self.cur))
                        } else {
                            // This byte's last bits belong to the next unit: so does the byte.
                            let mut bytes = self.cur;
                            bytes.len -= 1;
                            self.cur = Bytes::one(b);
                            (at, bytes)
                        };
                        self.unit(unit, self.unit_start, end, bytes, &mut out);
                        self.unit_start = end;
                    }
                    continue;
                }
                let plus_minus = self.count == 0 && b == b'-';
                self.end_run(at, Some(b), &mut out);
                if b == b'-' {
                    if !plus_minus {
                        out.skipped_from.get_or_insert(at);
                    }
                    out.run.restart(at + 1);
                    continue;
                }
            }
            match b {
                b'+' => {
                    out.run.flush(out.sink, at);
                    self.in_base64 = true;
                    self.plus_at = at;
                    self.unit_start = at;
                    self.count = 0;
                    self.bits = 0;
                    self.nbits = 0;
                    self.cur = Bytes::one(b'+');
                }
                0x80..=0xFF => {
                    out.malformed(MalformedKind::InvalidByte, at, at + 1, &[b], Cut::None)
                }
                _ => out.char(char::from(b), at, at + 1),
            }
        }
        let end = pos + src.len() as u64;
        if last && self.in_base64 {
            self.end_run(end, None, &mut out);
        }
        out.run.flush(out.sink, end);
        self.skipped_from = if last { None } else { out.skipped_from };
    }

    fn unit(&mut self, unit: u16, start: u64, end: u64, bytes: Bytes, out: &mut Out<'_>) {
        match unit {
            0xD800..=0xDBFF => {
                self.unpaired_high(out);
                self.high = Some((unit, start, end, bytes));
            }
            0xDC00..=0xDFFF => match self.high.take() {
                Some((high, high_start, _, _)) => {
                    let c =
                        0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                    out.char(
                        char::from_u32(c).expect("a surrogate pair is a scalar value"),
                        high_start,
                        end,
                    );
                }
                None => out.malformed(
                    MalformedKind::UnpairedSurrogate,
                    start,
                    end,
                    bytes.as_slice(),
                    Cut::ByByte(0xDC),
                ),
            },
            _ => {
                self.unpaired_high(out);
                out.char(
                    char::from_u32(u32::from(unit)).expect("not a surrogate"),
                    start,
                    end,
                );
            }
        }
    }

    fn unpaired_high(&mut self, out: &mut Out<'_>) {
        if let Some((_, start, end, bytes)) = self.high.take() {
            out.malformed(
                MalformedKind::UnpairedSurrogate,
                start,
                end,
                bytes.as_slice(),
                Cut::None,
            );
        }
    }

    /// Ends the base64 run at offset `at`, where `next` (or the end of the input) stands.
    fn end_run(&mut self, at: u64, next: Option<u8>, out: &mut Out<'_>) {
        self.in_base64 = false;
        if self.count == 0 {
            match next {
                Some(b'-') => out.char('+', self.plus_at, at + 1),
                Some(b) => out.malformed(
                    MalformedKind::Truncated,
                    self.plus_at,
                    at,
                    b"+",
                    Cut::ByByte(b),
                ),
                None => out.malformed(MalformedKind::Truncated, self.plus_at, at, b"+", Cut::ByEnd),
            }
            return;
        }
        self.unpaired_high(out);
        let padding = self.bits & ((1 << self.nbits) - 1);
        if self.nbits < 6 && padding == 0 && self.unit_start < at {
            // Zero padding in a byte of its own: the next character takes it.
            out.skipped_from = Some(self.unit_start);
        }
        if (self.nbits >= 6 || padding != 0) && self.unit_start < at {
            let bytes = self.cur;
            out.malformed(
                MalformedKind::Truncated,
                self.unit_start,
                at,
                bytes.as_slice(),
                match next {
                    Some(b) => Cut::ByByte(b),
                    None => Cut::ByEnd,
                },
            );
        }
        self.bits = 0;
        self.nbits = 0;
        self.cur = Bytes::default();
    }
}

/// The reason of a UTF-7 malformed sequence.
pub(crate) fn reason(m: &Malformed) -> String {
    let own = hex_pairs(m.bytes());
    match m.kind {
        MalformedKind::InvalidByte => {
            format!("{own}: UTF-7 is a 7-bit encoding; bytes 80-FF never appear")
        }
        // The low surrogate is marked by a cut of DC (what its unit starts with).
        MalformedKind::UnpairedSurrogate if m.cut == Cut::ByByte(0xDC) => format!(
            "{own}: base64 for a low surrogate (DC00-DFFF) with no high surrogate before it"
        ),
        MalformedKind::UnpairedSurrogate => format!(
            "{own}: base64 for a high surrogate (D800-DBFF) not followed by a low surrogate"
        ),
        MalformedKind::Truncated if m.bytes() == b"+" => match m.cut {
            Cut::ByByte(b) => format!(
                "2B: '+' begins a base64 run, but {b:02X} after it is neither base64 nor '-' (\"+-\" is '+')"
            ),
            _ => "2B: '+' begins a base64 run, cut short by the end of the input".to_string(),
        },
        MalformedKind::Truncated => format!(
            "{own}: the base64 run ends{} with bits that make no whole UTF-16 code unit or are not zero padding",
            match m.cut {
                Cut::ByByte(b) => format!(" at {b:02X}"),
                _ => " at the end of the input".to_string(),
            }
        ),
        other => format!("{own}: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn base64_runs_hold_utf16_and_plus_minus_is_plus() {
        let utf7 = enc("utf-7");
        assert_eq!(units(utf7, b"Hi +AOk-!"), "Hi \u{E9}!");
        assert_eq!(units(utf7, b"+2D3eAA-+-"), "\u{1F600}+");
    }

    #[test]
    fn a_lone_surrogate_and_bytes_that_are_not_utf7_are_named() {
        let utf7 = enc("utf-7");
        assert_eq!(
            units(utf7, b"+2D0-x+AOk-"),
            "[unpaired-surrogate 0+3]x\u{E9}"
        );
        // A `+` before a byte that no base64 run has; a byte beyond ASCII; bits left over
        // that make no code unit.
        assert_eq!(
            units(utf7, b"+\xFF+AOkA-"),
            "[truncated 0+1][invalid-byte 1+1]\u{E9}[truncated 5+2]"
        );
    }
}
