//! Text in one legacy encoding that was read with another: the characters go back to bytes with
//! the wrong encoding and are read again with the right one. ASCII reads the same in both, so
//! only the rest changes; a character the wrong encoding lacks, or bytes the right one rejects,
//! leave their stretch of the line as it was.

use super::codec::{Codec, codecs};
use super::place::Replacement;
use crate::decode::decode_strict;
use crate::encode::{Substitute, encode};
use crate::encoding::{Encoding, Engine};

/// Every stretch of `line` between ASCII that reads differently when its bytes in `wrong` are
/// read as `right`. Stretches of non-ASCII characters are reread one at a time (with the ASCII
/// characters a two-byte encoding may use as trail bytes), so that one broken word in a line of
/// good text is found.
pub(crate) fn reread(
    line: &str,
    wrong: &'static Encoding,
    right: &'static Encoding,
    ascii_trails: bool,
) -> Vec<Replacement> {
    let pair = Pair {
        wrong,
        right,
        wrong_codec: codecs().of(wrong),
        right_codec: codecs().of(right),
    };
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        // The stretch: non-ASCII characters that `wrong` has, and (for two-byte encodings)
        // ASCII characters from 40 to 7E right after one, which may be trail bytes.
        while end < bytes.len() {
            let b = bytes[end];
            if b >= 0x80 {
                let c = line[end..].chars().next().expect("a character starts here");
                if !pair.encodable(c) {
                    break;
                }
                end += c.len_utf8();
            } else if ascii_trails
                && (0x40..=0x7E).contains(&b)
                && end > start
                && bytes[end - 1] >= 0x80
            {
                end += 1;
            } else {
                break;
            }
        }
        if end == start {
            // A character `wrong` lacks.
            i += line[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let piece = &line[start..end];
        let found = match pair.reread_piece(piece) {
            Some(text) => Some((piece.len(), text)),
            None => {
                // Without the ASCII taken as possible trail bytes at its end.
                let trimmed = piece.trim_end_matches(|c: char| c.is_ascii());
                (trimmed.len() < piece.len())
                    .then(|| pair.reread_piece(trimmed).map(|t| (trimmed.len(), t)))
                    .flatten()
            }
        };
        if let Some((len, text)) = found
            && text != line[start..start + len]
        {
            out.push(Replacement {
                start,
                end: start + len,
                text,
                complete: 1,
                lost: Vec::new(),
            });
        }
        i = end.max(i + 1);
    }
    out
}

/// The two encodings of a reread, with their tables where repair has them (looked up once).
struct Pair {
    wrong: &'static Encoding,
    right: &'static Encoding,
    wrong_codec: Option<&'static Codec>,
    right_codec: Option<&'static Codec>,
}

impl Pair {
    fn encodable(&self, c: char) -> bool {
        if let Some(codec) = self.wrong_codec {
            return codec.encode(c).is_some();
        }
        let mut buf = [0u8; 4];
        encode(c.encode_utf8(&mut buf), self.wrong, false, Substitute::Omit)
            .is_ok_and(|e| e.unmappable.is_empty())
    }

    /// The bytes of `piece` in the wrong encoding (`None`: a character it lacks).
    fn bytes(&self, piece: &str) -> Option<Vec<u8>> {
        if let Some(codec) = self.wrong_codec {
            let mut out = Vec::with_capacity(piece.len());
            for c in piece.chars() {
                let b = codec.encode(c)?;
                out.extend_from_slice(&b.b[..usize::from(b.len)]);
            }
            return Some(out);
        }
        let encoded = encode(piece, self.wrong, false, Substitute::Omit).ok()?;
        encoded.unmappable.is_empty().then_some(encoded.bytes)
    }

    fn reread_piece(&self, piece: &str) -> Option<String> {
        if let (Some(w), Some(r)) = (self.wrong_codec, self.right_codec)
            && w.single_byte
            && r.single_byte
        {
            // One table each way, no bytes kept: the reread of single-byte code pages, which
            // are most of them.
            let mut out = String::with_capacity(piece.len() + piece.len() / 2);
            for c in piece.chars() {
                let ch = r.read(w.encode(c)?.b[0])?;
                if ch.is_control() && !ch.is_ascii() {
                    return None;
                }
                out.push(ch);
            }
            return Some(out);
        }
        let bytes = self.bytes(piece)?;
        let text = match self.right.engine() {
            Engine::Whatwg(rs) => rs
                .decode_without_bom_handling_and_without_replacement(&bytes)?
                .into_owned(),
            _ => decode_strict(&bytes, self.right).ok()?,
        };
        // A reading that turns characters into controls is not a repair.
        if text.chars().any(|c| c.is_control() && !c.is_ascii()) {
            return None;
        }
        Some(text)
    }
}
