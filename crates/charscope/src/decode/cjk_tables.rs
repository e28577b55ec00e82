//! Johab and EUC-TW: two-byte (and, for EUC-TW planes beyond 1, four-byte) encodings decoded
//! from the tables `scripts/gen-multi-byte.py` generates.

use super::stepper::{Machine, Step};
use crate::decode::malformed::{Cut, Malformed, MalformedKind, hex_pairs};
use crate::encoding::multi_byte_tables as t;

const UNMAPPED: u16 = 0xFFFF;

fn lookup(table: &[u16], index: usize) -> Option<char> {
    match table.get(index).copied() {
        None | Some(UNMAPPED) => None,
        Some(c) => char::from_u32(u32::from(c)),
    }
}

/// The Johab character of a lead byte 84-F9 and a trail byte 31-FE.
pub(crate) fn johab(lead: u8, trail: u8) -> Option<char> {
    if !(0x84..=0xF9).contains(&lead) || !(0x31..=0xFE).contains(&trail) {
        return None;
    }
    lookup(
        &t::JOHAB,
        usize::from(lead - 0x84) * 206 + usize::from(trail - 0x31),
    )
}

/// The CNS 11643 character of `plane` (1 or 2) at row and cell bytes A1-FE.
pub(crate) fn cns(plane: u8, row: u8, cell: u8) -> Option<char> {
    let table: &[u16] = match plane {
        1 => &t::CNS_PLANE_1,
        2 => &t::CNS_PLANE_2,
        _ => return None,
    };
    if !(0xA1..=0xFE).contains(&row) || !(0xA1..=0xFE).contains(&cell) {
        return None;
    }
    lookup(
        table,
        usize::from(row - 0xA1) * 94 + usize::from(cell - 0xA1),
    )
}

fn malformed(kind: MalformedKind, len: usize, cut: Cut) -> Step {
    Step::Malformed { kind, len, cut }
}

#[derive(Debug, Default)]
pub(crate) struct Johab;

impl Machine for Johab {
    fn step(&mut self, d: &[u8], last: bool) -> Step {
        let lead = d[0];
        if lead < 0x80 {
            return Step::Char {
                ch: char::from(lead),
                len: 1,
            };
        }
        if !(0x84..=0xF9).contains(&lead) {
            return malformed(MalformedKind::Unmapped, 1, Cut::None);
        }
        match d.get(1) {
            None if !last => Step::NeedMore,
            None => malformed(MalformedKind::Truncated, 1, Cut::ByEnd),
            // A trail outside 31-FE is not taken: it begins the next unit (as WHATWG's
            // decoders do with an ASCII byte after a lead).
            Some(&trail) if !(0x31..=0xFE).contains(&trail) => {
                malformed(MalformedKind::Truncated, 1, Cut::ByByte(trail))
            }
            Some(&trail) => match johab(lead, trail) {
                Some(ch) => Step::Char { ch, len: 2 },
                None if trail < 0x80 => malformed(MalformedKind::Unmapped, 1, Cut::None),
                None => malformed(MalformedKind::Unmapped, 2, Cut::None),
            },
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct EucTw;

impl Machine for EucTw {
    fn step(&mut self, d: &[u8], last: bool) -> Step {
        let lead = d[0];
        let is_gr = |b: u8| (0xA1..=0xFE).contains(&b);
        if lead < 0x80 {
            return Step::Char {
                ch: char::from(lead),
                len: 1,
            };
        }
        if is_gr(lead) {
            return match d.get(1) {
                None if !last => Step::NeedMore,
                None => malformed(MalformedKind::Truncated, 1, Cut::ByEnd),
                Some(&b) if !is_gr(b) => malformed(MalformedKind::Truncated, 1, Cut::ByByte(b)),
                Some(&b) => match cns(1, lead, b) {
                    Some(ch) => Step::Char { ch, len: 2 },
                    None => malformed(MalformedKind::Unmapped, 2, Cut::None),
                },
            };
        }
        if lead != 0x8E {
            return malformed(MalformedKind::Unmapped, 1, Cut::None);
        }
        // 8E, a plane byte A1-B0, then a row and a cell A1-FE.
        let wants = [
            |b: u8| (0xA1..=0xB0).contains(&b),
            |b: u8| (0xA1..=0xFE).contains(&b),
            |b: u8| (0xA1..=0xFE).contains(&b),
        ];
        for (i, ok) in wants.iter().enumerate() {
            match d.get(i + 1) {
                None if !last => return Step::NeedMore,
                None => return malformed(MalformedKind::Truncated, i + 1, Cut::ByEnd),
                Some(&b) if !ok(b) => {
                    return malformed(MalformedKind::Truncated, i + 1, Cut::ByByte(b));
                }
                Some(_) => {}
            }
        }
        match cns(d[1] - 0xA0, d[2], d[3]) {
            Some(ch) => Step::Char { ch, len: 4 },
            None => malformed(MalformedKind::Unmapped, 4, Cut::None),
        }
    }
}

/// The reason of a Johab malformed sequence.
pub(crate) fn johab_reason(m: &Malformed) -> String {
    let own = hex_pairs(m.bytes());
    match m.kind {
        MalformedKind::Unmapped
            if m.bytes().len() == 1 && !(0x84..=0xF9).contains(&m.bytes()[0]) =>
        {
            format!("{own}: never begins a Johab character (lead bytes are 84-F9)")
        }
        MalformedKind::Unmapped => format!("{own}: Johab maps no character to this sequence"),
        MalformedKind::Truncated => format!(
            "{own}: a Johab lead byte{}",
            match m.cut {
                Cut::ByByte(b) => format!(" followed by {b:02X}, which cannot end it (31-FE)"),
                _ => ", cut short by the end of the input".to_string(),
            }
        ),
        other => format!("{own}: {other}"),
    }
}

/// The reason of an EUC-TW malformed sequence.
pub(crate) fn euc_tw_reason(m: &Malformed) -> String {
    let own = m.hex();
    let bytes = m.bytes();
    match m.kind {
        MalformedKind::Unmapped if bytes.len() == 1 => {
            format!("{own}: never begins an EUC-TW character (A1-FE, or 8E for planes 1-16)")
        }
        MalformedKind::Unmapped if bytes.len() == 4 && !(0xA1..=0xA2).contains(&bytes[1]) => {
            format!(
                "{own}: CNS 11643 plane {}, which charscope's EUC-TW does not have (planes 1 and 2 only)",
                bytes[1] - 0xA0
            )
        }
        MalformedKind::Unmapped => {
            format!("{own}: CNS 11643 has no character at this row and cell")
        }
        MalformedKind::Truncated => format!(
            "{own}: the start of an EUC-TW sequence{}",
            match m.cut {
                Cut::ByByte(b) => format!(", cut short by {b:02X}"),
                _ => ", cut short by the end of the input".to_string(),
            }
        ),
        other => format!("{own}: {other}"),
    }
}

/// The Johab pair of `c` (the first pair where two have it), from the inverted table.
pub(crate) fn johab_encode(c: char) -> Option<[u8; 2]> {
    static INVERSE: std::sync::OnceLock<std::collections::HashMap<char, [u8; 2]>> =
        std::sync::OnceLock::new();
    INVERSE
        .get_or_init(|| {
            let mut map = std::collections::HashMap::new();
            for lead in 0x84..=0xF9u8 {
                for trail in 0x31..=0xFEu8 {
                    if let Some(ch) = johab(lead, trail) {
                        map.entry(ch).or_insert([lead, trail]);
                    }
                }
            }
            map
        })
        .get(&c)
        .copied()
}

/// The CNS 11643 plane (1 or 2), row and cell of `c`, plane 1 first.
pub(crate) fn cns_encode(c: char) -> Option<(u8, u8, u8)> {
    static INVERSE: std::sync::OnceLock<std::collections::HashMap<char, (u8, u8, u8)>> =
        std::sync::OnceLock::new();
    INVERSE
        .get_or_init(|| {
            let mut map = std::collections::HashMap::new();
            for plane in 1..=2u8 {
                for row in 0xA1..=0xFEu8 {
                    for cell in 0xA1..=0xFEu8 {
                        if let Some(ch) = cns(plane, row, cell) {
                            map.entry(ch).or_insert((plane, row, cell));
                        }
                    }
                }
            }
            map
        })
        .get(&c)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn johab_pairs_and_what_is_not_one() {
        let johab = enc("johab");
        assert_eq!(units(johab, b"A\x88\x61\xD9\x31"), "A\u{AC00}\u{3000}");
        assert_eq!(
            units(johab, b"\x88\xFF\x88"),
            "[truncated 0+1][unmapped 1+1][truncated 2+1]"
        );
    }

    #[test]
    fn euc_tw_planes_one_and_two_and_the_others_unmapped() {
        let tw = enc("euc-tw");
        assert_eq!(units(tw, b"A\xC4\xA1\x8E\xA2\xA1\xA1"), "A\u{4E00}\u{4E42}");
        assert_eq!(
            units(tw, b"\x8E\xA3\xA1\xA1\xC4"),
            "[unmapped 0+4][truncated 4+1]"
        );
    }
}
