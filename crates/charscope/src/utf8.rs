//! UTF-8's byte rules, written once: the Unicode Standard's Table 3-7 (the well-formed byte
//! sequences) and the bit layout of its forms. The UTF-8 decoder (`decode::utf8`), CESU-8
//! (`decode::cesu8`), the reasons of malformed sequences (`decode::malformed`) and the scan
//! (`scan`) read bytes through it.
//!
//! | code points | first byte | second byte | third byte | fourth byte |
//! |---|---|---|---|---|
//! | U+0000..U+007F | 00..7F | | | |
//! | U+0080..U+07FF | C2..DF | 80..BF | | |
//! | U+0800..U+0FFF | E0 | **A0**..BF | 80..BF | |
//! | U+1000..U+CFFF | E1..EC | 80..BF | 80..BF | |
//! | U+D000..U+D7FF | ED | 80..**9F** | 80..BF | |
//! | U+E000..U+FFFF | EE..EF | 80..BF | 80..BF | |
//! | U+10000..U+3FFFF | F0 | **90**..BF | 80..BF | 80..BF |
//! | U+40000..U+FFFFF | F1..F3 | 80..BF | 80..BF | 80..BF |
//! | U+100000..U+10FFFF | F4 | 80..**8F** | 80..BF | 80..BF |

use std::ops::RangeInclusive;

/// Whether `b` is a continuation byte (80..BF).
#[inline(always)]
pub(crate) fn is_continuation(b: u8) -> bool {
    (0x80..=0xBF).contains(&b)
}

/// How many bytes a sequence that begins with `lead` has, judged by its high bits alone: 1 for
/// ASCII, 2 for C0..DF, 3 for E0..EF, 4 for the rest (F0..FF, and a continuation byte, which
/// begins no sequence). Whether the sequence is well-formed is [`second_byte`]'s question.
#[inline(always)]
pub(crate) fn expected_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// The bytes that may follow the lead byte `lead` (C2..F4) in a well-formed sequence: 80..BF,
/// but after E0 (A0..BF: no overlong form), ED (80..9F: no surrogate), F0 (90..BF: no overlong
/// form) and F4 (80..8F: nothing past U+10FFFF).
#[inline]
pub(crate) fn second_byte(lead: u8) -> RangeInclusive<u8> {
    match lead {
        0xE0 => 0xA0..=0xBF,
        0xED => 0x80..=0x9F,
        0xF0 => 0x90..=0xBF,
        0xF4 => 0x80..=0x8F,
        _ => 0x80..=0xBF,
    }
}

/// The number the payload bits of a sequence spell (its lead byte's low bits, then six bits of
/// each byte after it), whether the sequence is well-formed or not: an overlong form gives the
/// code point it pretends to be.
pub(crate) fn value(seq: &[u8]) -> u32 {
    let lead_bits = match expected_len(seq[0]) {
        1 => u32::from(seq[0]),
        2 => u32::from(seq[0] & 0x1F),
        3 => u32::from(seq[0] & 0x0F),
        _ => u32::from(seq[0] & 0x07),
    };
    seq[1..]
        .iter()
        .fold(lead_bits, |acc, &b| (acc << 6) | u32::from(b & 0x3F))
}

/// The code point of the character that starts at byte `i` of valid UTF-8, where a byte beyond
/// ASCII is, and its length.
#[inline(always)]
pub(crate) fn code_point_at(bytes: &[u8], i: usize) -> (u32, usize) {
    let lead = u32::from(bytes[i]);
    let next = |k: usize| u32::from(bytes[i + k] & 0x3F);
    if lead < 0xE0 {
        ((lead & 0x1F) << 6 | next(1), 2)
    } else if lead < 0xF0 {
        ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
    } else {
        (
            (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3),
            4,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table 3-7 against std: every sequence of up to four bytes built from the lead bytes and
    /// the edges of the ranges is well-formed exactly when the rules above say so.
    #[test]
    fn the_table_is_that_of_std() {
        let edges = [
            0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ];
        let mut checked = 0;
        for &lead in &edges {
            for &second in &edges {
                let n = expected_len(lead);
                let mut seq = vec![lead, second, 0x80, 0x80];
                seq.truncate(n.max(2));
                let ours = (0xC2..=0xF4).contains(&lead) && second_byte(lead).contains(&second);
                let std_ok = std::str::from_utf8(&seq[..n]).is_ok() && n > 1;
                assert_eq!(ours, std_ok, "{seq:02X?}");
                if std_ok {
                    let c = std::str::from_utf8(&seq[..n])
                        .unwrap()
                        .chars()
                        .next()
                        .unwrap();
                    assert_eq!(code_point_at(&seq, 0), (u32::from(c), n));
                    assert_eq!(value(&seq[..n]), u32::from(c));
                }
                checked += 1;
            }
        }
        assert_eq!(checked, edges.len() * edges.len());
        // An overlong form spells the code point it pretends to be.
        assert_eq!(value(&[0xC0, 0xAF]), 0x2F);
        assert_eq!(value(&[0xE0, 0x80, 0xBF]), 0x3F);
        assert!(is_continuation(0x80) && is_continuation(0xBF) && !is_continuation(0xC0));
    }
}
