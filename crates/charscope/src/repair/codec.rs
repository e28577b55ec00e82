//! The encodings repair undoes, as tables from characters back to the bytes they were read from.
//!
//! Every table is built from the registry's own decoders (one byte, or one lead-trail pair, at a
//! time), so an encoding added to the registry is covered without a table of its own. The
//! tables are built once, on first use.

use crate::decode::decode_strict;
use crate::encoding::{self, Encoding};
use std::sync::OnceLock;

/// Index of an encoding in [`Codecs::list`]; at most 128 of them (masks are `u128`).
pub(crate) type CodecId = usize;

/// How a character encodes in one encoding: one or two bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bytes {
    pub(crate) b: [u8; 2],
    pub(crate) len: u8,
}

/// One encoding that mojibake may have been read with.
pub(crate) struct Codec {
    pub(crate) encoding: &'static Encoding,
    /// This codec's bit in the masks.
    pub(crate) bit: u128,
    /// Whether every character is one byte.
    pub(crate) single_byte: bool,
    /// Whether byte A0 reads as U+00A0 (so that a space may stand for a lost no-break space).
    pub(crate) nbsp_a0: bool,
    /// Whether a repair of UTF-8 read with this encoding must repair whole words
    /// (`decide::needs_whole_words`).
    pub(crate) whole_words: bool,
    /// BMP character -> bytes (`len == 0`: not encodable). ASCII maps to itself.
    table: Box<[Bytes]>,
}

impl Codec {
    /// The bytes of `c`, if this encoding has it.
    #[inline]
    pub(crate) fn encode(&self, c: char) -> Option<Bytes> {
        let cp = c as usize;
        if cp < 0x80 {
            return Some(Bytes {
                b: [cp as u8, 0],
                len: 1,
            });
        }
        match self.table.get(cp) {
            Some(b) if b.len > 0 => Some(*b),
            _ => None,
        }
    }
}

/// Every codec, and per-character masks for the quick filter.
pub(crate) struct Codecs {
    pub(crate) list: Vec<Codec>,
    /// For each BMP character: the codecs in which it encodes to a UTF-8 lead byte (C2-F4).
    pub(crate) lead: Box<[u128]>,
    /// ... in which it encodes to a single UTF-8 continuation byte (80-BF).
    pub(crate) cont: Box<[u128]>,
    /// ... in which it encodes to two bytes, a lead then a continuation.
    pub(crate) pair: Box<[u128]>,
    /// ... in which it is one byte of the upper half (single-byte codecs).
    pub(crate) high: Box<[u128]>,
    /// Single-byte codecs in which it is a lead byte of a 2-, 3- or 4-byte sequence.
    pub(crate) lead_n: [Box<[u128]>; 3],
    /// The codecs with two bytes per character.
    pub(crate) double: u128,
    /// The codecs whose byte A0 is a no-break space.
    pub(crate) nbsp: u128,
    /// The codecs whose repairs need not be whole words (the commonest mojibake).
    pub(crate) anywhere: u128,
    /// For each BMP character, whether it is alphabetic (a bit set: the quick filter asks for
    /// every character of a line, and the standard library's lookup is slow beyond Latin).
    alpha: Box<[u64]>,
}

const BMP: usize = 0x10000;

fn is_lead(b: u8) -> bool {
    (0xC2..=0xF4).contains(&b)
}

fn is_cont(b: u8) -> bool {
    (0x80..=0xBF).contains(&b)
}

/// The multi-byte encodings UTF-8 is read as, by label.
const DOUBLE_BYTE: [&str; 5] = ["gbk", "big5", "shift_jis", "euc-jp", "euc-kr"];

/// A codec and the characters its table has (the table's other entries are empty): the masks
/// are built from these, not from every entry of every table.
type Built = (Codec, Vec<(usize, Bytes)>);

/// The filled entries of `table`, in order of character.
fn entries(table: &[Bytes], chars: impl Iterator<Item = usize>) -> Vec<(usize, Bytes)> {
    let mut cps: Vec<usize> = chars.filter(|&cp| table[cp].len > 0).collect();
    cps.sort_unstable();
    cps.dedup();
    cps.into_iter().map(|cp| (cp, table[cp])).collect()
}

fn single_byte_codec(enc: &'static Encoding) -> Built {
    let mut table = vec![Bytes { b: [0, 0], len: 0 }; BMP].into_boxed_slice();
    let mut chars = Vec::new();
    for b in (0x80u8..=0xFF).rev() {
        if let Ok(text) = decode_strict(&[b], enc) {
            let mut decoded = text.chars();
            if let (Some(c), None) = (decoded.next(), decoded.next())
                && (c as usize) < BMP
                && (c as u32) >= 0x80
            {
                table[c as usize] = Bytes { b: [b, 0], len: 1 };
                chars.push(c as usize);
            }
        }
    }
    let entries = entries(&table, chars.into_iter());
    let nbsp_a0 = table[0xA0]
        == Bytes {
            b: [0xA0, 0],
            len: 1,
        };
    (
        Codec {
            encoding: enc,
            bit: 0,
            single_byte: true,
            nbsp_a0,
            whole_words: false,
            table,
        },
        entries,
    )
}

/// The one character `bytes` decode to in `rs`, if they decode whole to one (a fresh decoder
/// into a buffer on the stack: the table asks this some 24,000 times per encoding).
fn decode_one(rs: &'static encoding_rs::Encoding, bytes: &[u8]) -> Option<char> {
    let mut out = [0u8; 16];
    let mut decoder = rs.new_decoder_without_bom_handling();
    let (result, read, written) = decoder.decode_to_utf8_without_replacement(bytes, &mut out, true);
    if result != encoding_rs::DecoderResult::InputEmpty || read != bytes.len() {
        return None;
    }
    let text = std::str::from_utf8(&out[..written]).ok()?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

fn double_byte_codec(enc: &'static Encoding, rs: &'static encoding_rs::Encoding) -> Built {
    let mut table = vec![Bytes { b: [0, 0], len: 0 }; BMP].into_boxed_slice();
    let mut chars = Vec::new();
    let mut put = |c: Option<char>, bytes: Bytes| {
        if let Some(c) = c
            && (c as u32) >= 0x80
            && (c as usize) < BMP
            && table[c as usize].len == 0
        {
            table[c as usize] = bytes;
            chars.push(c as usize);
        }
    };
    for b in 0x80u8..=0xFF {
        put(decode_one(rs, &[b]), Bytes { b: [b, 0], len: 1 });
    }
    for lead in 0x81u8..=0xFE {
        for trail in 0x40u8..=0xFE {
            put(
                decode_one(rs, &[lead, trail]),
                Bytes {
                    b: [lead, trail],
                    len: 2,
                },
            );
        }
    }
    let entries = entries(&table, chars.into_iter());
    (
        Codec {
            encoding: enc,
            bit: 0,
            single_byte: false,
            nbsp_a0: false,
            whole_words: false,
            table,
        },
        entries,
    )
}

/// Whether printable ASCII reads as itself (not so in EBCDIC).
fn ascii_compatible(enc: &'static Encoding) -> bool {
    let printable: Vec<u8> = (0x20u8..0x7F).collect();
    decode_strict(&printable, enc).is_ok_and(|t| t.as_bytes() == printable.as_slice())
}

fn build() -> Codecs {
    let mut list: Vec<Codec> = Vec::new();
    let mut filled: Vec<Vec<(usize, Bytes)>> = Vec::new();
    // Single-byte encodings, windows-1252 first (the most common wrong reading), each table
    // once (ISO-8859-8-I decodes like ISO-8859-8).
    let mut singles: Vec<&'static Encoding> = encoding::all()
        .filter(|e| e.is_single_byte() && **e != *encoding::X_USER_DEFINED && ascii_compatible(e))
        .collect();
    singles.sort_by_key(|e| preference(e));
    for enc in singles {
        let (codec, entries) = single_byte_codec(enc);
        if filled.contains(&entries) {
            continue;
        }
        if list.len() < 128 - DOUBLE_BYTE.len() {
            list.push(codec);
            filled.push(entries);
        }
    }
    for label in DOUBLE_BYTE {
        let enc = encoding::for_label(label).expect("a registry label");
        let rs = encoding_rs::Encoding::for_label(label.as_bytes()).expect("an encoding_rs label");
        let (codec, entries) = double_byte_codec(enc, rs);
        list.push(codec);
        filled.push(entries);
    }
    let mut lead = vec![0u128; BMP].into_boxed_slice();
    let mut cont = vec![0u128; BMP].into_boxed_slice();
    let mut pair = vec![0u128; BMP].into_boxed_slice();
    let mut high = vec![0u128; BMP].into_boxed_slice();
    let mut lead_n = [
        vec![0u128; BMP].into_boxed_slice(),
        vec![0u128; BMP].into_boxed_slice(),
        vec![0u128; BMP].into_boxed_slice(),
    ];
    let mut double = 0u128;
    let mut nbsp = 0u128;
    let mut anywhere = 0u128;
    for (id, (codec, entries)) in list.iter_mut().zip(&filled).enumerate() {
        let bit = 1u128 << id;
        codec.bit = bit;
        codec.whole_words = super::decide::needs_whole_words(codec.encoding);
        if !codec.whole_words {
            anywhere |= bit;
        }
        if !codec.single_byte {
            double |= bit;
        }
        if codec.nbsp_a0 {
            nbsp |= bit;
        }
        for &(cp, ref bytes) in entries {
            if codec.single_byte && bytes.len == 1 && bytes.b[0] >= 0x80 {
                high[cp] |= bit;
                match bytes.b[0] {
                    0xC2..=0xDF => lead_n[0][cp] |= bit,
                    0xE0..=0xEF => lead_n[1][cp] |= bit,
                    0xF0..=0xF4 => lead_n[2][cp] |= bit,
                    _ => {}
                }
            }
            match bytes.len {
                1 if is_lead(bytes.b[0]) => lead[cp] |= bit,
                1 if is_cont(bytes.b[0]) => cont[cp] |= bit,
                2 if is_lead(bytes.b[0]) => {
                    lead[cp] |= bit;
                    if is_cont(bytes.b[1]) {
                        pair[cp] |= bit;
                    }
                }
                2 if is_cont(bytes.b[0]) && is_lead(bytes.b[1]) => cont[cp] |= bit,
                _ => {}
            }
        }
    }
    let mut alpha = vec![0u64; BMP / 64].into_boxed_slice();
    for (cp, c) in (0..BMP as u32).filter_map(|cp| Some((cp as usize, char::from_u32(cp)?))) {
        if c.is_alphabetic() {
            alpha[cp / 64] |= 1 << (cp % 64);
        }
    }
    Codecs {
        list,
        lead,
        cont,
        pair,
        high,
        lead_n,
        double,
        nbsp,
        anywhere,
        alpha,
    }
}

/// The order in which equally good repairs are preferred: the most common wrong readings
/// first.
pub(crate) fn preference(enc: &Encoding) -> usize {
    const ORDER: [&str; 12] = [
        "windows-1252",
        "true-ISO-8859-1",
        "windows-1251",
        "windows-1250",
        "macintosh",
        "windows-1253",
        "windows-1254",
        "windows-1257",
        "ISO-8859-2",
        "ISO-8859-15",
        "KOI8-R",
        "IBM437",
    ];
    ORDER
        .iter()
        .position(|n| n.eq_ignore_ascii_case(enc.name()))
        .unwrap_or(ORDER.len())
}

impl Codecs {
    /// Whether `c` is alphabetic, as [`char::is_alphabetic`] says.
    #[inline]
    pub(crate) fn is_alphabetic(&self, c: char) -> bool {
        let cp = c as usize;
        if cp < BMP {
            self.alpha[cp / 64] & (1 << (cp % 64)) != 0
        } else {
            c.is_alphabetic()
        }
    }

    /// The codec of `enc`, if repair has one.
    pub(crate) fn of(&self, enc: &'static Encoding) -> Option<&Codec> {
        self.list.iter().find(|c| c.encoding == enc)
    }
}

/// The codecs, built on first use.
pub(crate) fn codecs() -> &'static Codecs {
    static CODECS: OnceLock<Codecs> = OnceLock::new();
    CODECS.get_or_init(build)
}
