//! The one engine of every table-driven single-byte encoding beyond WHATWG: a byte -> code point
//! table for decoding and, built on first use, its inverse for encoding.

use std::collections::HashMap;
use std::sync::OnceLock;

/// What a table holds for a byte that maps to no character.
const UNMAPPED: u16 = 0xFFFF;

/// A single-byte encoding's table (from `single_byte_tables.rs`) and its lazily built inverse.
#[derive(Debug)]
pub(crate) struct SingleByteTable {
    to_char: &'static [u16; 256],
    to_byte: OnceLock<HashMap<char, u8>>,
}

impl SingleByteTable {
    pub(crate) const fn new(to_char: &'static [u16; 256]) -> SingleByteTable {
        SingleByteTable {
            to_char,
            to_byte: OnceLock::new(),
        }
    }

    /// The character byte `b` stands for, or `None` when it maps to nothing.
    #[inline]
    pub(crate) fn decode(&self, b: u8) -> Option<char> {
        match self.to_char[usize::from(b)] {
            UNMAPPED => None,
            c => char::from_u32(u32::from(c)),
        }
    }

    /// Whether the ASCII byte `b` decodes to itself (true in most tables, not in EBCDIC).
    #[inline]
    pub(crate) fn keeps_ascii(&self, b: u8) -> bool {
        self.to_char[usize::from(b)] == u16::from(b)
    }

    /// The byte that stands for `c`, or `None` when the encoding cannot represent it.
    pub(crate) fn encode(&self, c: char) -> Option<u8> {
        // Most tables keep ASCII where it is; skip the map for those bytes.
        if let Ok(b) = u8::try_from(u32::from(c))
            && b < 0x80
            && self.to_char[usize::from(b)] == u16::from(b)
        {
            return Some(b);
        }
        self.to_byte
            .get_or_init(|| {
                (0..=255u8)
                    .filter_map(|b| self.decode(b).map(|c| (c, b)))
                    .collect()
            })
            .get(&c)
            .copied()
    }
}
