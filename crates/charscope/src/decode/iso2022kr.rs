//! ISO-2022-KR (RFC 1557), decoded for real: `ESC $ ) C` designates KS X 1001, SO (0E) shifts to
//! it and SI (0F) back to ASCII; shifted, each pair of bytes 21-7E is a KS X 1001 character (the
//! EUC-KR pair with the high bits cleared, looked up through encoding_rs's EUC-KR). Browsers map
//! the label to the replacement encoding instead; charscope keeps that label's WHATWG meaning.

use super::stepper::{Machine, Step};
use crate::decode::malformed::{Cut, Malformed, MalformedKind, hex_pairs};

const DESIGNATION: [u8; 4] = [0x1B, 0x24, 0x29, 0x43];

#[derive(Debug, Default)]
pub(crate) struct Iso2022Kr {
    shifted: bool,
}

/// The KS X 1001 character of a pair of bytes 21-7E.
pub(crate) fn ksx1001(lead: u8, trail: u8) -> Option<char> {
    let pair = [lead | 0x80, trail | 0x80];
    let text = encoding_rs::EUC_KR.decode_without_bom_handling_and_without_replacement(&pair)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

impl Machine for Iso2022Kr {
    fn step(&mut self, d: &[u8], last: bool) -> Step {
        let b = d[0];
        let malformed = |kind, len, cut| Step::Malformed { kind, len, cut };
        match b {
            0x1B => {
                let n = d.len().min(4);
                if d[..n] != DESIGNATION[..n] {
                    return malformed(MalformedKind::Unmapped, 1, Cut::None);
                }
                if n < 4 {
                    return if last {
                        malformed(MalformedKind::Truncated, n, Cut::ByEnd)
                    } else {
                        Step::NeedMore
                    };
                }
                Step::Skip(4)
            }
            0x0E => {
                self.shifted = true;
                Step::Skip(1)
            }
            0x0F => {
                self.shifted = false;
                Step::Skip(1)
            }
            0x80..=0xFF => malformed(MalformedKind::InvalidByte, 1, Cut::None),
            0x21..=0x7E if self.shifted => match d.get(1) {
                None if !last => Step::NeedMore,
                None => malformed(MalformedKind::Truncated, 1, Cut::ByEnd),
                Some(&t) if !(0x21..=0x7E).contains(&t) => {
                    malformed(MalformedKind::Truncated, 1, Cut::ByByte(t))
                }
                Some(&t) => match ksx1001(b, t) {
                    Some(ch) => Step::Char { ch, len: 2 },
                    None => malformed(MalformedKind::Unmapped, 2, Cut::None),
                },
            },
            _ => Step::Char {
                ch: char::from(b),
                len: 1,
            },
        }
    }
}

/// The reason of an ISO-2022-KR malformed sequence.
pub(crate) fn reason(m: &Malformed) -> String {
    let own = hex_pairs(m.bytes());
    match m.kind {
        MalformedKind::InvalidByte => {
            format!("{own}: ISO-2022-KR is a 7-bit encoding; bytes 80-FF never appear")
        }
        MalformedKind::Unmapped if m.bytes() == [0x1B] => format!(
            "{own}: an escape sequence ISO-2022-KR does not have (its only one is ESC $ ) C, 1B 24 29 43)"
        ),
        MalformedKind::Unmapped => {
            format!("{own}: shifted (after SO), this pair is no KS X 1001 character")
        }
        MalformedKind::Truncated if m.bytes().first() == Some(&0x1B) => {
            format!("{own}: the start of ESC $ ) C, cut short by the end of the input")
        }
        MalformedKind::Truncated => format!(
            "{own}: shifted (after SO), the first byte of a KS X 1001 pair{}",
            match m.cut {
                Cut::ByByte(b) => format!(", followed by {b:02X} instead of a byte 21-7E"),
                _ => ", cut short by the end of the input".to_string(),
            }
        ),
        other => format!("{own}: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn shifted_pairs_are_ks_x_1001_and_the_rest_ascii() {
        let kr = enc("true-iso-2022-kr");
        assert_eq!(units(kr, b"\x1B$)C\x0E\x21\x21\x0FA"), "\u{3000}A");
        assert_eq!(units(kr, b"\x1B$)C\x0E\x30\x21\x0FA\x0E"), "\u{AC00}A");
        // (The designation is not required before a shift.)
        assert_eq!(units(kr, b"A\x0E\x30\x21"), "A\u{AC00}");
    }

    #[test]
    fn what_iso_2022_kr_does_not_have_is_named() {
        let kr = enc("true-iso-2022-kr");
        assert_eq!(
            units(kr, b"\x1B(B\x80"),
            "[unmapped 0+1](B[invalid-byte 3+1]"
        );
        assert_eq!(
            units(kr, b"\x0E\x30\x0A\x0E\x30"),
            "[truncated 1+1]\n[truncated 4+1]"
        );
        assert_eq!(units(kr, b"\x1B$)"), "[truncated 0+3]");
    }
}
