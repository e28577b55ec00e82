//! Single-byte candidates read through a table of their 256 byte values, made once from their
//! decoder (all tables in about a tenth of a millisecond): the text and malformed bytes the decoder gives, without a decoder made for each
//! reading of each input.

use crate::decode::{self, MalformedKind, Piece};
use crate::encoding::Encoding;
use std::collections::HashMap;
use std::sync::OnceLock;

/// What one byte reads as.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cell {
    Char(char),
    /// A malformed sequence of this one byte (a U+FFFD in the text).
    Bad(MalformedKind),
}

/// How each byte value reads in one single-byte encoding.
pub(super) struct ByteTable([Cell; 256]);

/// What a table reading found besides the text: how many malformed bytes, and the first as
/// (offset, end, kind).
pub(super) type Faults = (usize, Option<(usize, usize, MalformedKind)>);

impl ByteTable {
    /// Appends the reading of `bytes` to `out`, each malformed byte as one U+FFFD.
    pub fn read(&self, bytes: &[u8], out: &mut String) -> Faults {
        let mut malformed = 0;
        let mut first = None;
        for (i, &b) in bytes.iter().enumerate() {
            match self.0[usize::from(b)] {
                Cell::Char(c) => out.push(c),
                Cell::Bad(kind) => {
                    out.push(char::REPLACEMENT_CHARACTER);
                    malformed += 1;
                    first.get_or_insert((i, i + 1, kind));
                }
            }
        }
        (malformed, first)
    }

    /// What each of the bytes 80-FF reads as, U+FFFD for a malformed one.
    pub fn high_chars(&self) -> impl Iterator<Item = char> + '_ {
        self.0[0x80..].iter().map(|cell| match *cell {
            Cell::Char(c) => c,
            Cell::Bad(_) => char::REPLACEMENT_CHARACTER,
        })
    }
}

/// The table of `enc`, made from its decoding of the 256 byte values in one go; `None` for an
/// encoding that is not single-byte, or whose decoder does not read each byte as one character
/// or one malformed byte.
fn table_of(enc: &'static Encoding) -> Option<ByteTable> {
    if !enc.is_single_byte() {
        return None;
    }
    let every: Vec<u8> = (0..=255).collect();
    let mut cells = [Cell::Bad(MalformedKind::Unmapped); 256];
    let mut at = 0usize;
    let mut one_each = true;
    decode::Decoder::new(enc).decode_pieces(&every, true, |piece| match piece {
        Piece::Text { span, text } => {
            one_each &= span.start == at as u64 && text.chars().count() as u64 == span.len();
            for c in text.chars() {
                if let Some(cell) = cells.get_mut(at) {
                    *cell = Cell::Char(c);
                }
                at += 1;
            }
        }
        Piece::Malformed(m) => {
            one_each &= (m.span.start, m.span.end) == (at as u64, at as u64 + 1);
            if let Some(cell) = cells.get_mut(at) {
                *cell = Cell::Bad(m.kind);
            }
            at += 1;
        }
    });
    (one_each && at == 256).then_some(ByteTable(cells))
}

/// The table of a single-byte candidate (made on first use, for every encoding at once).
pub(super) fn table(enc: &'static Encoding) -> Option<&'static ByteTable> {
    type Tables = HashMap<&'static str, ByteTable, foldhash::fast::RandomState>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        crate::encoding::all()
            .filter_map(|e| Some((e.name(), table_of(e)?)))
            .collect()
    });
    tables.get(enc.name())
}

#[cfg(test)]
mod tests {
    use super::table;

    #[test]
    fn a_table_reads_as_the_decoder_does() {
        // Every byte, and bytes from a fixed-seed generator (xorshift).
        let noise = super::super::noise::noise(4096);
        let every: Vec<u8> = (0..=255).chain((0..=255).rev()).collect();
        let mut tables = 0;
        for e in crate::encoding::all() {
            let Some(t) = table(e) else {
                assert!(!super::super::legacy::candidates().contains(&e) || !e.is_single_byte());
                continue;
            };
            tables += 1;
            for bytes in [&every[..], &noise[..], b"", b"plain"] {
                let want = crate::decode::decode(bytes, e);
                let mut text = String::new();
                let (n, first) = t.read(bytes, &mut text);
                assert_eq!(text, want.text, "{}", e.name());
                assert_eq!(n, want.malformed.len(), "{}", e.name());
                let want_first = want
                    .malformed
                    .first()
                    .map(|m| (m.span.start as usize, m.span.end as usize, m.kind));
                assert_eq!(first, want_first, "{}", e.name());
            }
        }
        assert!(tables >= 30, "{tables}");
    }
}
