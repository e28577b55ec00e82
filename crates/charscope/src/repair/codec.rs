//! The encodings repair undoes, as tables from characters back to the bytes they were read from.
//!
//! Every table is built from decoders (the upper half of a single-byte encoding from the
//! registry's, each lead-trail pair of a two-byte one from encoding_rs's, by the build script),
//! so an encoding added to the registry is covered without a table of its own. The tables are
//! put together once, on first use, and kept small (pages of the characters an encoding has;
//! one small entry per character for the quick filter), since the first repair waits for them.

use crate::decode::{Unit, decode_strict};
use crate::encoding::{self, Encoding};
use std::sync::OnceLock;

/// Index of an encoding in [`Codecs::list`]; at most [`Mask::BITS`] of them.
pub(crate) type CodecId = usize;

/// A set of codecs, one bit each. 64 bits hold every distinct single-byte table the registry
/// has (a test says so; should it stop being true, a wider integer is the way on): the quick
/// filter works on a few of these per character, and half the width is half the work.
pub(crate) type Mask = u64;

/// How a character encodes in one encoding: one or two bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bytes {
    pub(crate) b: [u8; 2],
    pub(crate) len: u8,
}

/// One encoding that mojibake may have been read with.
pub(crate) struct Codec {
    pub(crate) encoding: &'static Encoding,
    /// This codec's bit in the masks.
    pub(crate) bit: Mask,
    /// Whether every character is one byte.
    pub(crate) single_byte: bool,
    /// Whether byte A0 reads as U+00A0 (so that a space may stand for a lost no-break space).
    pub(crate) nbsp_a0: bool,
    /// Whether a repair of UTF-8 read with this encoding must repair whole words
    /// (`decide::needs_whole_words`).
    pub(crate) whole_words: bool,
    /// BMP character -> bytes (`len == 0`: not encodable). ASCII maps to itself.
    table: Table,
    /// For a single-byte codec, what its bytes 80-FF read as (`None`: nothing).
    upper: Option<Box<[Option<char>; 128]>>,
}

impl Codec {
    /// What the byte `b` reads as in this encoding, for a single-byte codec (`None`: a byte it
    /// does not define, or a codec of two bytes per character).
    #[inline]
    pub(crate) fn read(&self, b: u8) -> Option<char> {
        if b < 0x80 {
            return Some(char::from(b));
        }
        self.upper.as_ref().and_then(|u| u[usize::from(b - 0x80)])
    }

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
        if cp >= BMP {
            return None;
        }
        let b = self.table.get(cp);
        (b.len > 0).then_some(b)
    }
}

/// A codec's table: its [`Bytes`] packed in two bytes an entry (the search reads the table for
/// every character of a line it tries, and a third less table is a third fewer cache misses).
struct Table(Paged<u16>);

impl Table {
    fn with_room(pages: usize) -> Table {
        Table(Paged::with_room(pages))
    }

    #[inline]
    fn get(&self, cp: usize) -> Bytes {
        unpack(self.0.get(cp))
    }

    fn set(&mut self, cp: usize, bytes: Bytes) {
        *self.0.get_mut(cp) = pack(bytes);
    }
}

/// `bytes` in two bytes: 0 for none, the byte for one (80-FF), the two bytes big-endian for two
/// (a first byte of 81-FE).
fn pack(bytes: Bytes) -> u16 {
    match bytes.len {
        0 => 0,
        1 => {
            debug_assert!(bytes.b[0] >= 0x80, "a byte above ASCII");
            u16::from(bytes.b[0])
        }
        _ => {
            debug_assert!(bytes.b[0] >= 0x81, "a lead byte");
            u16::from_be_bytes(bytes.b)
        }
    }
}

/// The [`Bytes`] that [`pack`] made `packed` from.
#[inline]
fn unpack(packed: u16) -> Bytes {
    match packed {
        0 => Bytes::default(),
        1..=0xFF => Bytes {
            b: [packed as u8, 0],
            len: 1,
        },
        _ => Bytes {
            b: packed.to_be_bytes(),
            len: 2,
        },
    }
}

/// Characters per page of a [`Paged`] table.
const PAGE: usize = 256;

/// A table of the BMP kept as the pages of [`PAGE`] characters that hold something: the tables
/// of single-byte encodings have a few hundred characters, and a table that is small is quick to
/// build and stays in the cache.
struct Paged<T> {
    /// For each page of the BMP, its index in `pages` (0: the page of defaults).
    index: Box<[u16]>,
    pages: Vec<[T; PAGE]>,
}

impl<T: Copy + Default> Paged<T> {
    fn new() -> Paged<T> {
        Paged::with_room(0)
    }

    /// An empty table with room for `pages` pages besides the page of defaults.
    fn with_room(pages: usize) -> Paged<T> {
        let mut all = Vec::with_capacity(pages + 1);
        all.push([T::default(); PAGE]);
        Paged {
            index: vec![0; BMP / PAGE].into_boxed_slice(),
            pages: all,
        }
    }

    /// The value of BMP character `cp`.
    #[inline]
    fn get(&self, cp: usize) -> T {
        self.pages[usize::from(self.index[cp / PAGE])][cp % PAGE]
    }

    fn get_mut(&mut self, cp: usize) -> &mut T {
        let slot = &mut self.index[cp / PAGE];
        if *slot == 0 {
            *slot = u16::try_from(self.pages.len()).expect("fewer pages than the BMP has");
            self.pages.push([T::default(); PAGE]);
        }
        &mut self.pages[usize::from(*slot)][cp % PAGE]
    }
}

/// Every codec, and what each character is in them, for the quick filter.
pub(crate) struct Codecs {
    pub(crate) list: Vec<Codec>,
    /// For each BMP character, what it is in the codecs, in two parts: the [`CharLook::bits`] of
    /// every character, and ...
    chars: Box<[u16]>,
    /// ... the [`CharLook::single`] of the characters the single-byte codecs have, in pages (a
    /// line of Chinese then reads 40 KiB of the first and one page of zeros of the second).
    single_of: Paged<u16>,
    /// Both parts at once for the characters below [`LOW`] (the alphabets of Europe and the
    /// Middle East): one load for each of them, not three in a row.
    low: Box<[CharLook]>,
    /// What characters are in the single-byte codecs ([`CharLook::single`] indexes it; entry 0
    /// is nothing).
    single: Vec<SingleLook>,
    /// The id of the first codec with two bytes per character (they come last, in a row).
    first_double: CodecId,
    /// The codecs with two bytes per character.
    pub(crate) double: Mask,
    /// The codecs whose byte A0 is a no-break space.
    pub(crate) nbsp: Mask,
    /// The codecs whose repairs need not be whole words (the commonest mojibake).
    pub(crate) anywhere: Mask,
}

/// What a character is in the codecs: kept small, since the quick filter asks for every
/// character of a line (what the caches hold of the tables, see [`Codecs::chars`], decides
/// much of its speed).
#[derive(Clone, Copy, Default)]
pub(crate) struct CharLook {
    /// Its entry for the single-byte codecs ([`Codecs::single`]).
    pub(crate) single: u16,
    /// Three sets of two-byte codecs, [`DOUBLE_BITS`] bits each (bit k: the k-th of them, see
    /// [`Codecs::double_mask`]), lowest first: [`CharLook::lead`], [`CharLook::pair`],
    /// [`CharLook::cont`]; then, in the top bit, [`CharLook::alpha`].
    bits: u16,
}

/// Bits per set of two-byte codecs in [`CharLook`].
const DOUBLE_BITS: u32 = 5;
const SET: u16 = (1 << DOUBLE_BITS) - 1;
const ALPHA: u16 = 1 << 15;

impl CharLook {
    /// The two-byte codecs in which it starts with a UTF-8 lead byte.
    #[inline]
    pub(crate) fn lead(self) -> u8 {
        (self.bits & SET) as u8
    }

    /// ... in which it is a lead byte then a continuation byte.
    #[inline]
    pub(crate) fn pair(self) -> u8 {
        ((self.bits >> DOUBLE_BITS) & SET) as u8
    }

    /// ... in which it is a continuation byte (alone, or before a lead byte).
    #[inline]
    pub(crate) fn cont(self) -> u8 {
        ((self.bits >> (2 * DOUBLE_BITS)) & SET) as u8
    }

    /// Whether it is alphabetic, as [`char::is_alphabetic`] says (the standard library's
    /// lookup is slow beyond Latin).
    #[inline]
    pub(crate) fn alpha(self) -> bool {
        self.bits & ALPHA != 0
    }
}

/// What a character is in the single-byte codecs, as masks of codecs.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct SingleLook {
    /// The codecs in which it is a UTF-8 continuation byte (80-BF).
    pub(crate) cont: Mask,
    /// ... in which it is a byte of the upper half.
    pub(crate) high: Mask,
    /// ... in which it is a lead byte of a 2-, 3- or 4-byte sequence.
    pub(crate) lead_n: [Mask; 3],
}

const BMP: usize = 0x10000;

/// The characters [`Codecs::low`] has: U+0000 to U+07FF, those of two bytes in UTF-8.
const LOW: usize = 0x800;

fn is_lead(b: u8) -> bool {
    (0xC2..=0xF4).contains(&b)
}

fn is_cont(b: u8) -> bool {
    (0x80..=0xBF).contains(&b)
}

/// A codec and the characters its table has (the table's other entries are empty): the masks
/// are built from these, not from every entry of every table.
type Built = (Codec, Vec<(usize, Bytes)>);

/// The filled entries of `table`, in order of character.
fn entries(table: &Table, chars: impl Iterator<Item = usize>) -> Vec<(usize, Bytes)> {
    let mut cps: Vec<usize> = chars.filter(|&cp| table.get(cp).len > 0).collect();
    cps.sort_unstable();
    cps.dedup();
    cps.into_iter().map(|cp| (cp, table.get(cp))).collect()
}

/// What each byte 80-FF of a single-byte encoding reads as on its own: one character, or
/// nothing (malformed, or not one character). The tables are built at the first repair, for
/// some fifty encodings: a table-driven encoding is read from its table, one of encoding_rs in
/// one call for the 128 bytes, any other through the registry's decoder.
fn upper_half(enc: &'static Encoding) -> [Option<char>; 128] {
    match enc.engine() {
        encoding::Engine::SingleByte(table) => {
            std::array::from_fn(|k| table.decode(0x80 + k as u8))
        }
        encoding::Engine::TrueLatin1 => std::array::from_fn(|k| char::from_u32(0x80 + k as u32)),
        encoding::Engine::Whatwg(rs) if rs.is_single_byte() => upper_half_whatwg(rs),
        _ => upper_half_decoded(enc),
    }
}

/// [`upper_half`] of a single-byte encoding of encoding_rs: every byte is one character or one
/// U+FFFD (which no byte of these encodings stands for).
fn upper_half_whatwg(rs: &'static encoding_rs::Encoding) -> [Option<char>; 128] {
    let bytes: [u8; 128] = std::array::from_fn(|k| 0x80 + k as u8);
    let (text, _) = rs.decode_without_bom_handling(&bytes);
    let mut chars = text.chars();
    let read: [Option<char>; 128] =
        std::array::from_fn(|_| chars.next().filter(|&c| c != char::REPLACEMENT_CHARACTER));
    debug_assert!(chars.next().is_none(), "one character per byte");
    read
}

/// [`upper_half`] through the registry's decoder, the 128 bytes at once.
fn upper_half_decoded(enc: &'static Encoding) -> [Option<char>; 128] {
    let bytes: Vec<u8> = (0x80u8..=0xFF).collect();
    let mut read = [None; 128];
    // How many units cover each byte: a byte's reading is its unit only if that is all.
    let mut units = [0u8; 128];
    for unit in crate::decode::units(&bytes, enc) {
        let span = unit.span();
        let (start, end) = (span.start as usize, span.end as usize);
        for n in &mut units[start.min(128)..end.max(start + 1).min(128)] {
            *n = n.saturating_add(1);
        }
        if let Unit::Char { ch, .. } = unit
            && end == start + 1
        {
            read[start] = Some(ch);
        }
    }
    for (r, n) in read.iter_mut().zip(units) {
        if n != 1 {
            *r = None;
        }
    }
    read
}

fn single_byte_codec(enc: &'static Encoding) -> Built {
    let mut table = Table::with_room(0);
    let mut chars = Vec::new();
    let read = upper_half(enc);
    for b in (0x80u8..=0xFF).rev() {
        if let Some(c) = read[usize::from(b - 0x80)]
            && (c as usize) < BMP
            && (c as u32) >= 0x80
        {
            table.set(c as usize, Bytes { b: [b, 0], len: 1 });
            chars.push(c as usize);
        }
    }
    let entries = entries(&table, chars.into_iter());
    let nbsp_a0 = table.get(0xA0)
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
            upper: Some(Box::new(read)),
        },
        entries,
    )
}

/// The two-byte encodings UTF-8 is read as, each with the characters it has (made by the build
/// script from the decoders, since decoding every pair at each start cost more than the rest of
/// a short repair; a test checks them against the registry's decoders).
mod double_byte {
    include!(concat!(env!("OUT_DIR"), "/double_byte.rs"));
}
use double_byte::DOUBLE_BYTE;

// One bit each in the sets of [`CharLook`], which leave its top bit to `alpha`.
const _: () = assert!(DOUBLE_BYTE.len() <= DOUBLE_BITS as usize && 3 * DOUBLE_BITS < 16);

/// The characters of a two-byte encoding as the build script lists them: four bytes each, the
/// character (little-endian) then its bytes (a zero second byte: one byte).
fn listed(list: &'static [u8]) -> impl Iterator<Item = (usize, Bytes)> {
    list.chunks_exact(4).map(|e| {
        let cp = usize::from(u16::from_le_bytes([e[0], e[1]]));
        let len = if e[3] == 0 { 1 } else { 2 };
        (
            cp,
            Bytes {
                b: [e[2], e[3]],
                len,
            },
        )
    })
}

fn double_byte_codec(enc: &'static Encoding, list: &'static [u8]) -> Codec {
    // The pages it fills, made room for at once (a two-byte table is some hundred of them).
    let mut filled = [false; BMP / PAGE];
    for (cp, _) in listed(list) {
        filled[cp / PAGE] = true;
    }
    let mut table = Table::with_room(filled.iter().filter(|&&f| f).count());
    for (cp, bytes) in listed(list) {
        table.set(cp, bytes);
    }
    Codec {
        encoding: enc,
        bit: 0,
        single_byte: false,
        nbsp_a0: false,
        whole_words: false,
        table,
        upper: None,
    }
}

/// Whether printable ASCII reads as itself (not so in EBCDIC).
fn ascii_compatible(enc: &'static Encoding) -> bool {
    let printable: Vec<u8> = (0x20u8..0x7F).collect();
    decode_strict(&printable, enc).is_ok_and(|t| t.as_bytes() == printable.as_slice())
}

/// The codecs in their order (single-byte ones, windows-1252 first, the most common wrong
/// reading, each table once: ISO-8859-8-I decodes like ISO-8859-8; then the double-byte ones),
/// with the characters each single-byte one has.
fn codec_list() -> (Vec<Codec>, Vec<Vec<(usize, Bytes)>>) {
    let mut list: Vec<Codec> = Vec::new();
    let mut filled: Vec<Vec<(usize, Bytes)>> = Vec::new();
    let mut singles: Vec<&'static Encoding> = encoding::all()
        .filter(|e| e.is_single_byte() && **e != *encoding::X_USER_DEFINED && ascii_compatible(e))
        .collect();
    singles.sort_by_key(|e| preference(e));
    for enc in singles {
        let (codec, entries) = single_byte_codec(enc);
        if filled.contains(&entries) {
            continue;
        }
        if list.len() < Mask::BITS as usize - DOUBLE_BYTE.len() {
            list.push(codec);
            filled.push(entries);
        }
    }
    for (label, chars) in DOUBLE_BYTE {
        let enc = encoding::for_label(label).expect("a registry label");
        list.push(double_byte_codec(enc, chars));
    }
    (list, filled)
}

/// Marks in `chars` what each character of the double-byte codec number `k` starts with.
fn mark_double(chars: &mut [CharLook], k: usize) {
    let bit = 1u16 << k;
    let (lead, pair, cont) = (bit, bit << DOUBLE_BITS, bit << (2 * DOUBLE_BITS));
    for (cp, bytes) in listed(DOUBLE_BYTE[k].1) {
        let look = &mut chars[cp];
        match bytes.len {
            1 if is_lead(bytes.b[0]) => look.bits |= lead,
            1 if is_cont(bytes.b[0]) => look.bits |= cont,
            2 if is_lead(bytes.b[0]) => {
                look.bits |= lead;
                if is_cont(bytes.b[1]) {
                    look.bits |= pair;
                }
            }
            2 if is_cont(bytes.b[0]) && is_lead(bytes.b[1]) => look.bits |= cont,
            _ => {}
        }
    }
}

/// Marks in `single` (one entry per character, found through `chars`) what the byte of each
/// character of a single-byte codec (`bit`) is in UTF-8: a lead or a continuation.
fn mark_single(
    chars: &mut [CharLook],
    single: &mut Vec<SingleLook>,
    entries: &[(usize, Bytes)],
    bit: Mask,
) {
    for &(cp, bytes) in entries {
        if bytes.len != 1 || bytes.b[0] < 0x80 {
            continue;
        }
        let look = &mut chars[cp];
        if look.single == 0 {
            look.single = u16::try_from(single.len()).expect("fewer characters than the BMP");
            single.push(SingleLook::default());
        }
        let s = &mut single[usize::from(look.single)];
        s.high |= bit;
        match bytes.b[0] {
            0x80..=0xBF => s.cont |= bit,
            0xC2..=0xDF => s.lead_n[0] |= bit,
            0xE0..=0xEF => s.lead_n[1] |= bit,
            0xF0..=0xF4 => s.lead_n[2] |= bit,
            _ => {}
        }
    }
}

/// The entries of `single` made one where they are the same: the shared entries, and the new
/// number of each old one.
fn share(single: &[SingleLook]) -> (Vec<SingleLook>, Vec<u16>) {
    let mut same: std::collections::HashMap<SingleLook, u16> = std::collections::HashMap::new();
    let mut shared = vec![SingleLook::default()];
    same.insert(SingleLook::default(), 0);
    let mut renumber = vec![0u16; single.len()];
    for (k, s) in single.iter().enumerate().skip(1) {
        renumber[k] = *same.entry(*s).or_insert_with(|| {
            shared.push(*s);
            u16::try_from(shared.len() - 1).expect("fewer entries than characters")
        });
    }
    (shared, renumber)
}

fn build() -> Codecs {
    let (mut list, filled) = codec_list();
    let first_double = list.len() - DOUBLE_BYTE.len();
    let mut chars = vec![CharLook::default(); BMP].into_boxed_slice();
    // What each character is in the single-byte codecs, one entry per character they have,
    // then the same entries made one.
    let mut single = vec![SingleLook::default()];
    let mut double: Mask = 0;
    let mut nbsp: Mask = 0;
    let mut anywhere: Mask = 0;
    for (id, codec) in list.iter_mut().enumerate() {
        let bit: Mask = 1 << id;
        codec.bit = bit;
        codec.whole_words = super::priors::needs_whole_words(codec.encoding);
        if !codec.whole_words {
            anywhere |= bit;
        }
        if codec.nbsp_a0 {
            nbsp |= bit;
        }
        if codec.single_byte {
            mark_single(&mut chars, &mut single, &filled[id], bit);
        } else {
            double |= bit;
            mark_double(&mut chars, id - first_double);
        }
    }
    let (shared, renumber) = share(&single);
    let mut single_of: Paged<u16> = Paged::new();
    for (cp, look) in chars.iter_mut().enumerate() {
        if look.single != 0 {
            *single_of.get_mut(cp) = renumber[usize::from(look.single)];
        }
        if super::words::alphabetic_bmp(cp) {
            look.bits |= ALPHA;
        }
    }
    let low = chars[..LOW]
        .iter()
        .enumerate()
        .map(|(cp, look)| CharLook {
            single: single_of.get(cp),
            bits: look.bits,
        })
        .collect();
    let chars = chars.iter().map(|look| look.bits).collect();
    Codecs {
        list,
        chars,
        single_of,
        low,
        single: shared,
        first_double,
        double,
        nbsp,
        anywhere,
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
    /// What character `cp` is in the codecs (nothing beyond the BMP; not alphabetic there).
    #[inline]
    pub(crate) fn char_look(&self, cp: usize) -> CharLook {
        if let Some(&look) = self.low.get(cp) {
            return look;
        }
        match self.chars.get(cp) {
            Some(&bits) => CharLook {
                single: self.single_of.get(cp),
                bits,
            },
            None => CharLook::default(),
        }
    }

    /// What a character is in the single-byte codecs, by its [`CharLook::single`].
    #[inline]
    pub(crate) fn single(&self, k: u16) -> &SingleLook {
        &self.single[usize::from(k)]
    }

    /// The mask of the two-byte codecs with bits `bits` of [`CharLook`].
    #[inline]
    pub(crate) fn double_mask(&self, bits: u8) -> Mask {
        Mask::from(bits) << self.first_double
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_upper_half_read_at_once_is_each_byte_read_alone() {
        let mut checked = 0;
        for enc in encoding::all().filter(|e| e.is_single_byte()) {
            let alone: Vec<Option<char>> = (0x80u8..=0xFF)
                .map(|b| {
                    let text = decode_strict(&[b], enc).ok()?;
                    let mut chars = text.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => Some(c),
                        _ => None,
                    }
                })
                .collect();
            assert_eq!(upper_half(enc).to_vec(), alone, "{}", enc.name());
            assert_eq!(upper_half_decoded(enc).to_vec(), alone, "{}", enc.name());
            checked += 1;
        }
        assert!(checked > 40, "{checked} single-byte encodings");
    }

    /// The one character `bytes` decode to in `enc`, if they decode whole to one.
    fn decode_one(bytes: &[u8], enc: &'static Encoding) -> Option<char> {
        let text = decode_strict(bytes, enc).ok()?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        }
    }

    #[test]
    fn the_built_two_byte_lists_are_what_the_registry_decodes() {
        for (label, list) in DOUBLE_BYTE {
            let enc = encoding::for_label(label).expect("a registry label");
            let mut expected: Vec<(usize, Bytes)> = Vec::new();
            let mut seen = vec![false; BMP];
            let mut put = |c: Option<char>, bytes: Bytes| {
                if let Some(c) = c
                    && (0x80..BMP).contains(&(c as usize))
                    && !std::mem::replace(&mut seen[c as usize], true)
                {
                    expected.push((c as usize, bytes));
                }
            };
            for b in 0x80u8..=0xFF {
                put(decode_one(&[b], enc), Bytes { b: [b, 0], len: 1 });
            }
            for lead in 0x81u8..=0xFE {
                for trail in 0x40u8..=0xFE {
                    let bytes = Bytes {
                        b: [lead, trail],
                        len: 2,
                    };
                    put(decode_one(&[lead, trail], enc), bytes);
                }
            }
            let got: Vec<(usize, Bytes)> = listed(list).collect();
            assert!(got.len() > 7_000, "{label}: {} characters", got.len());
            assert_eq!(got, expected, "{label}");
        }
    }

    #[test]
    fn the_built_alphabetic_bits_are_what_the_standard_library_says() {
        let mut letters = 0;
        for cp in 0..BMP {
            let std = char::from_u32(cp as u32).is_some_and(char::is_alphabetic);
            assert_eq!(super::super::words::alphabetic_bmp(cp), std, "U+{cp:04X}");
            letters += usize::from(std);
        }
        assert!(letters > 40_000, "{letters} letters");
    }

    #[test]
    fn packed_bytes_unpack_to_themselves() {
        let mut all = vec![Bytes::default()];
        all.extend((0x80..=0xFF).map(|b| Bytes { b: [b, 0], len: 1 }));
        for lead in 0x81..=0xFE {
            all.extend((0x40..=0xFE).map(|trail| Bytes {
                b: [lead, trail],
                len: 2,
            }));
        }
        let mut seen = std::collections::HashSet::new();
        for bytes in all {
            assert_eq!(unpack(pack(bytes)), bytes, "{bytes:?}");
            assert!(seen.insert(pack(bytes)), "{bytes:?} packs like another");
        }
    }

    #[test]
    fn what_the_quick_filter_reads_of_a_character_is_what_the_tables_say() {
        let c = codecs();
        let mut seen = [0usize; 4];
        for cp in 0x80..BMP {
            let look = c.char_look(cp);
            let (mut lead, mut pair, mut cont) = (0u8, 0u8, 0u8);
            let mut high: Mask = 0;
            for (id, codec) in c.list.iter().enumerate() {
                let b = codec.table.get(cp);
                if codec.single_byte {
                    if b.len == 1 {
                        high |= 1 << id;
                    }
                    continue;
                }
                let k = 1u8 << (id - c.first_double);
                let (first, second) = (b.b[0], b.b[1]);
                if b.len > 0 && is_lead(first) {
                    lead |= k;
                }
                if b.len == 2 && is_lead(first) && is_cont(second) {
                    pair |= k;
                }
                if (b.len == 1 && is_cont(first))
                    || (b.len == 2 && is_cont(first) && is_lead(second))
                {
                    cont |= k;
                }
            }
            assert_eq!(look.lead(), lead, "U+{cp:04X}");
            assert_eq!(look.pair(), pair, "U+{cp:04X}");
            assert_eq!(look.cont(), cont, "U+{cp:04X}");
            assert_eq!(c.single(look.single).high, high, "U+{cp:04X}");
            let alpha = char::from_u32(cp as u32).is_some_and(char::is_alphabetic);
            assert_eq!(look.alpha(), alpha, "U+{cp:04X}");
            for (n, set) in seen.iter_mut().zip([lead, pair, cont, u8::from(high != 0)]) {
                *n += usize::from(set != 0);
            }
        }
        // Every part is filled somewhere (a bit packed wrong would be missed otherwise).
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
        assert!(!c.char_look(0x1_0000).alpha());
    }

    #[test]
    fn every_single_byte_table_has_a_codec() {
        // Were there more tables than a mask has bits, the last would be left out.
        let c = codecs();
        let tables: Vec<Vec<(usize, Bytes)>> = c
            .list
            .iter()
            .filter(|codec| codec.single_byte)
            .map(|codec| single_byte_codec(codec.encoding).1)
            .collect();
        for enc in encoding::all().filter(|e| {
            e.is_single_byte() && **e != *encoding::X_USER_DEFINED && ascii_compatible(e)
        }) {
            let table = single_byte_codec(enc).1;
            assert!(tables.contains(&table), "{} has no codec", enc.name());
        }
        assert!(c.list.len() <= Mask::BITS as usize);
    }
}
