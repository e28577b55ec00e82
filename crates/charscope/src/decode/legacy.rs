//! Legacy encodings through encoding_rs: `decode_to_utf8_without_replacement` decodes, and each
//! `Malformed(len, after)` it returns becomes a malformed unit with absolute offsets.

use super::sink::Sink;
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::{self, Encoding};
use crate::span::Span;
use encoding_rs::DecoderResult;

/// How many of the most recent bytes are kept to show a malformed sequence that began in an
/// earlier chunk.
const HISTORY: usize = 8;

/// Streaming legacy decoder with absolute offsets.
pub(crate) struct LegacyScanner {
    encoding: &'static Encoding,
    rs: &'static encoding_rs::Encoding,
    decoder: encoding_rs::Decoder,
    /// The last bytes fed, oldest first, ending at `fed`.
    history: [u8; HISTORY],
    /// Absolute offset one past the last byte fed to encoding_rs.
    fed: u64,
    /// Absolute offset where the text not yet attributed to a unit begins.
    text_start: u64,
    /// Output buffer: a `str` of NULs that encoding_rs writes into, so its text needs no
    /// second validation.
    out: String,
    replaced_once: bool,
}

impl LegacyScanner {
    pub(crate) fn new(
        encoding: &'static Encoding,
        rs: &'static encoding_rs::Encoding,
        pos: u64,
    ) -> Self {
        LegacyScanner {
            encoding,
            rs,
            decoder: rs.new_decoder_without_bom_handling(),
            history: [0; HISTORY],
            fed: pos,
            text_start: pos,
            out: "\0".repeat(16 * 1024),
            replaced_once: false,
        }
    }

    /// Starts afresh at absolute offset `pos`, keeping the output buffer.
    pub(crate) fn reset(&mut self, pos: u64) {
        self.decoder = self.rs.new_decoder_without_bom_handling();
        self.history = [0; HISTORY];
        self.fed = pos;
        self.text_start = pos;
        self.replaced_once = false;
    }

    fn remember(&mut self, bytes: &[u8]) {
        let n = bytes.len().min(HISTORY);
        self.history.copy_within(n.., 0);
        self.history[HISTORY - n..].copy_from_slice(&bytes[bytes.len() - n..]);
    }

    /// The bytes `start..end` (absolute), as far as the history still holds them.
    fn recent(&self, start: u64, end: u64) -> Vec<u8> {
        let back_start = (self.fed - start) as usize;
        let back_end = (self.fed - end) as usize;
        let from = HISTORY.saturating_sub(back_start);
        let to = HISTORY.saturating_sub(back_end);
        self.history[from..to.max(from)].to_vec()
    }

    fn report(&mut self, len: u8, after: u8, at_flush: bool, sink: &mut dyn Sink) {
        let end = self.fed - u64::from(after);
        let start = end - u64::from(len);
        let bytes = self.recent(start, end);
        let kind = if std::ptr::eq(self.encoding, encoding::REPLACEMENT) {
            if self.replaced_once {
                return;
            }
            self.replaced_once = true;
            MalformedKind::Replacement
        } else if at_flush {
            MalformedKind::Truncated
        } else {
            MalformedKind::Unmapped
        };
        let cut = if at_flush { Cut::ByEnd } else { Cut::None };
        sink.malformed(Malformed::new(
            Span::new(start, end),
            kind,
            &bytes,
            0,
            cut,
            self.encoding,
        ));
        self.text_start = end;
    }

    /// Decodes `src`. In bulk (`per_char` false) text comes in runs, the grain of `pieces`; one
    /// byte at a time (`per_char` true) every character gets its own exact span, the grain of
    /// `units`. The input is fed as not final, then flushed with an empty final call, so that
    /// what the flush reports is known to be a sequence cut short by the end.
    pub(crate) fn scan(&mut self, src: &[u8], last: bool, per_char: bool, sink: &mut dyn Sink) {
        if per_char {
            for byte in src.chunks(1) {
                self.pump(byte, false, true, sink);
            }
        } else {
            self.pump(src, false, false, sink);
        }
        if last {
            self.pump(&[], true, per_char, sink);
            self.decoder = self.rs.new_decoder_without_bom_handling();
            self.replaced_once = false;
        }
    }

    fn pump(&mut self, mut src: &[u8], last: bool, per_char: bool, sink: &mut dyn Sink) {
        // Bytes a malformed sequence made the decoder take back ("prepend" in the WHATWG
        // algorithms); it outputs what they make on the next call, before anything new.
        let mut pushed_back = 0;
        loop {
            let (result, read, written) =
                self.decoder
                    .decode_to_str_without_replacement(src, self.out.as_mut_str(), last);
            self.remember(&src[..read]);
            self.fed += read as u64;
            src = &src[read..];
            let text_end = match result {
                DecoderResult::Malformed(len, after) => {
                    self.fed - u64::from(after) - u64::from(len)
                }
                _ => self.fed,
            };
            let text_end = text_end.max(self.text_start);
            if per_char {
                self.emit_chars(written, text_end, u64::from(pushed_back), sink);
            } else {
                self.emit_text(written, text_end, sink);
            }
            pushed_back = 0;
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(len, after) => {
                    pushed_back = after;
                    self.report(len, after, last, sink);
                }
            }
        }
    }

    /// Emits the first `written` output bytes as one run ending at `end`.
    fn emit_text(&mut self, written: usize, end: u64, sink: &mut dyn Sink) {
        if written == 0 {
            return;
        }
        let text = &self.out[..written];
        sink.text(Span::new(self.text_start, end), text);
        self.text_start = end;
    }

    /// Emits the first `written` output bytes character by character, each with its span.
    ///
    /// Fed one byte at a time, a decoder outputs a character when the byte that completes it
    /// arrives: the character spans `text_start..end`, and a second character from the same
    /// sequence (Big5 88 62 is U+00CA U+0304) shares those bytes with an empty span. What it
    /// outputs first from the `pushed_back` bytes it took back after a malformed sequence comes
    /// one byte per character, except a two-byte GBK character that gb18030 rebuilt from them.
    fn emit_chars(&mut self, written: usize, end: u64, mut pushed_back: u64, sink: &mut dyn Sink) {
        if written == 0 {
            return;
        }
        let out = std::mem::take(&mut self.out);
        let text = &out[..written];
        let gbk = self.rs == encoding_rs::GB18030 || self.rs == encoding_rs::GBK;
        let mut at = self.text_start;
        let mut completed = false;
        for (i, c) in text.char_indices() {
            let piece = &text[i..i + c.len_utf8()];
            let len = if gbk && !c.is_ascii() { 2 } else { 1 };
            let char_end = if len <= pushed_back {
                pushed_back -= len;
                at + len
            } else if !completed {
                // Completed by the byte just fed (with what remained taken back, if any).
                pushed_back = 0;
                completed = true;
                end.max(at)
            } else {
                at
            };
            sink.text(Span::new(at, char_end), piece);
            at = char_end;
        }
        self.out = out;
        self.text_start = at;
    }
}

impl std::fmt::Debug for LegacyScanner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "LegacyScanner({}, at {})",
            self.encoding.name(),
            self.fed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn multi_byte_encodings_name_each_error_at_its_offset() {
        assert_eq!(
            units(enc("shift_jis"), b"A\x82\xA0\x81\x7F\x82"),
            "A\u{3042}[unmapped 3+1]\u{7F}[truncated 5+1]"
        );
        assert_eq!(
            units(enc("euc-kr"), b"\xB0\xA1\xFF"),
            "\u{AC00}[unmapped 2+1]"
        );
        assert_eq!(
            units(enc("gb18030"), b"\x81\x30\x81\x30\x81\x30"),
            "\u{80}[truncated 4+2]"
        );
    }

    #[test]
    fn a_sequence_of_two_characters_and_an_escape_cut_short() {
        // Big5 88 62 is U+00CA U+0304: the second character shares the bytes of the first.
        assert_eq!(
            units(enc("big5"), b"\x88\x62\x88\x64A"),
            "\u{CA}\u{304}\u{CA}\u{30C}A"
        );
        assert_eq!(
            units(enc("iso-2022-jp"), b"\x1B$B\x24\x22\x1B(BA\x1B$"),
            "\u{3042}A[truncated 9+1]$"
        );
    }
}
