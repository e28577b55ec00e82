//! Text in one legacy encoding that was read with another: the characters go back to bytes with
//! the wrong encoding and are read again with the right one. ASCII reads the same in both, so
//! only the rest changes; a character the wrong encoding lacks, or bytes the right one rejects,
//! leave their stretch of the line as it was.

use super::codec::codecs;
use super::place::Replacement;
use crate::decode::decode_strict;
use crate::encode::{Substitute, encode};
use crate::encoding::Encoding;

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
                if !encodable(c, wrong) {
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
        let found = match reread_piece(piece, wrong, right) {
            Some(text) => Some((piece.len(), text)),
            None => {
                // Without the ASCII taken as possible trail bytes at its end.
                let trimmed = piece.trim_end_matches(|c: char| c.is_ascii());
                (trimmed.len() < piece.len())
                    .then(|| reread_piece(trimmed, wrong, right).map(|t| (trimmed.len(), t)))
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

fn encodable(c: char, wrong: &'static Encoding) -> bool {
    if let Some(codec) = codecs().of(wrong) {
        return codec.encode(c).is_some();
    }
    let mut buf = [0u8; 4];
    encode(c.encode_utf8(&mut buf), wrong, false, Substitute::Omit)
        .is_ok_and(|e| e.unmappable.is_empty())
}

fn reread_piece(piece: &str, wrong: &'static Encoding, right: &'static Encoding) -> Option<String> {
    let encoded = encode(piece, wrong, false, Substitute::Omit).ok()?;
    if !encoded.unmappable.is_empty() {
        return None;
    }
    let text = decode_strict(&encoded.bytes, right).ok()?;
    // A reading that turns characters into controls is not a repair.
    if text.chars().any(|c| c.is_control() && !c.is_ascii()) {
        return None;
    }
    Some(text)
}
