//! Single-byte candidates read through a table of their 256 byte values, made once from their
//! decoder: the text and malformed bytes the decoder gives, without a decoder made for each
//! reading of each input.

use crate::decode::{self, MalformedKind};
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
}

/// The table of `enc`, made from its decoder one byte at a time; `None` for an encoding that is
/// not single-byte, or any byte of which the decoder does not read as one character or one
/// malformed byte.
fn table_of(enc: &'static Encoding) -> Option<ByteTable> {
    if !enc.is_single_byte() {
        return None;
    }
    let mut cells = [Cell::Char('\0'); 256];
    for (b, cell) in cells.iter_mut().enumerate() {
        let d = decode::decode(&[b as u8], enc);
        let mut chars = d.text.chars();
        *cell = match (chars.next(), chars.next(), d.malformed.as_slice()) {
            (Some(c), None, []) => Cell::Char(c),
            (Some(char::REPLACEMENT_CHARACTER), None, [m])
                if (m.span.start, m.span.end) == (0, 1) =>
            {
                Cell::Bad(m.kind)
            }
            _ => return None,
        };
    }
    Some(ByteTable(cells))
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
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
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
