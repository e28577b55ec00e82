//! Text in one legacy encoding that was read with another: the characters go back to bytes with
//! the wrong encoding and are read again with the right one. ASCII reads the same in both, so
//! only the rest changes; a character the wrong encoding lacks, or bytes the right one rejects,
//! leave their stretch of the line as it was.

use super::codec::{Codec, codecs};
use super::place::Replacement;
use crate::decode::decode_strict;
use crate::encode::{Substitute, encode};
use crate::encoding::{Encoding, Engine};

/// The stretches of a line that rereads from one wrong encoding read again, each with its
/// bytes in that encoding: they are the same whatever the right encoding, so a line is cut and
/// encoded once for all the rereads from one encoding (windows-1252 is read again as some
/// twenty others).
pub(crate) struct Stretches {
    wrong: &'static Encoding,
    ascii_trails: bool,
    /// Each stretch: where it starts, and its bytes as it is and without the ASCII at its end
    /// (when it has some), each with its length in the line (no bytes: a character the wrong
    /// encoding lacks).
    list: Vec<(usize, Piece, Option<Piece>)>,
}

/// A stretch's length in the line, and its bytes in the wrong encoding.
type Piece = (usize, Option<Vec<u8>>);

impl Stretches {
    /// Whether these are the stretches of rereads from `wrong` with `ascii_trails`.
    pub(crate) fn of(&self, wrong: &'static Encoding, ascii_trails: bool) -> bool {
        std::ptr::eq(self.wrong, wrong) && self.ascii_trails == ascii_trails
    }
}

/// The stretches of `line` between ASCII that a reread from `wrong` reads again. Stretches of
/// non-ASCII characters are reread one at a time (with the ASCII characters a two-byte encoding
/// may use as trail bytes), so that one broken word in a line of good text is found.
pub(crate) fn stretches(line: &str, wrong: &'static Encoding, ascii_trails: bool) -> Stretches {
    let pair = Pair {
        wrong,
        right: wrong,
        wrong_codec: codecs().of(wrong),
        right_codec: None,
    };
    let mut list = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            i += 1;
            continue;
        }
        let start = i;
        let end = pair.stretch_end(line, start, ascii_trails);
        if end == start {
            // A character `wrong` lacks.
            i += line[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let piece = &line[start..end];
        // Without the ASCII taken as possible trail bytes at its end.
        let trimmed = piece.trim_end_matches(|c: char| c.is_ascii());
        let shorter = (trimmed.len() < piece.len()).then(|| (trimmed.len(), pair.bytes(trimmed)));
        list.push((start, (piece.len(), pair.bytes(piece)), shorter));
        i = end.max(i + 1);
    }
    Stretches {
        wrong,
        ascii_trails,
        list,
    }
}

/// Every stretch of the line (see [`stretches`]) that reads differently when its bytes in the
/// wrong encoding are read as `right`. A character the wrong encoding lacks, or bytes the right
/// one rejects, leave their stretch as it was.
pub(crate) fn reread(
    line: &str,
    stretches: &Stretches,
    right: &'static Encoding,
) -> Vec<Replacement> {
    let pair = Pair {
        wrong: stretches.wrong,
        right,
        wrong_codec: codecs().of(stretches.wrong),
        right_codec: codecs().of(right),
    };
    // A place at most for each stretch: room made once.
    let mut out = Vec::with_capacity(stretches.list.len());
    for (start, whole, shorter) in &stretches.list {
        let read = |(len, bytes): &Piece| {
            let text = pair.read_bytes(bytes.as_deref()?)?;
            Some((*len, text))
        };
        let found = read(whole).or_else(|| shorter.as_ref().and_then(read));
        if let Some((len, text)) = found
            && text != line[*start..start + len]
        {
            out.push(Replacement {
                start: *start,
                end: start + len,
                text,
                complete: 1,
                lost: Vec::new(),
            });
        }
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

    /// Where the stretch from `start` (a character beyond ASCII) ends: non-ASCII characters
    /// that `wrong` has, and (for two-byte encodings) ASCII characters from 40 to 7E right
    /// after one, which may be trail bytes.
    fn stretch_end(&self, line: &str, start: usize, ascii_trails: bool) -> usize {
        let bytes = line.as_bytes();
        let mut end = start;
        while end < bytes.len() {
            let b = bytes[end];
            if b >= 0x80 {
                let c = line[end..].chars().next().expect("a character starts here");
                if !self.encodable(c) {
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
        end
    }

    /// What `bytes` of the wrong encoding read as in the right one (`None`: bytes it rejects,
    /// or a reading that turns characters into controls, which is not a repair).
    fn read_bytes(&self, bytes: &[u8]) -> Option<String> {
        if let (Some(w), Some(r)) = (self.wrong_codec, self.right_codec)
            && w.single_byte
            && r.single_byte
        {
            // One table, no decoder: the reread of single-byte code pages, which are most of
            // them. Room for the longest they read as (three bytes a character: Cyrillic,
            // Greek or Arabic take two, Thai three), so that the text grows in one go.
            let mut out = String::with_capacity(3 * bytes.len());
            for &b in bytes {
                let ch = r.read(b)?;
                if ch.is_control() && !ch.is_ascii() {
                    return None;
                }
                out.push(ch);
            }
            return Some(out);
        }
        let text = match self.right.engine() {
            Engine::Whatwg(rs) => rs
                .decode_without_bom_handling_and_without_replacement(bytes)?
                .into_owned(),
            _ => decode_strict(bytes, self.right).ok()?,
        };
        // A reading that turns characters into controls is not a repair.
        if text.chars().any(|c| c.is_control() && !c.is_ascii()) {
            return None;
        }
        Some(text)
    }
}
