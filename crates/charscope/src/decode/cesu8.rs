//! CESU-8 (Unicode Technical Report #26): UTF-8 except that a supplementary character is the
//! two 3-byte forms of its UTF-16 surrogates (U+1F600 is ED A0 BD ED B8 80), and 4-byte forms
//! never appear.

use super::stepper::{Machine, Step};
use crate::decode::malformed::{Cut, Malformed, MalformedKind, hex_pairs};
use crate::utf8::{is_continuation as is_cont, second_byte};

#[derive(Debug, Default)]
pub(crate) struct Cesu8;

/// A 3-byte form at the start of `d` (ED A0-BF allowed: surrogates), with its value, or the
/// step that says why not.
fn three(d: &[u8], last: bool) -> Result<u32, Step> {
    let lead = d[0];
    // Table 3-7's second bytes, but for ED: CESU-8's surrogates are ED A0..BF.
    let second_ok = |b: u8| match lead {
        0xED => is_cont(b),
        _ => second_byte(lead).contains(&b),
    };
    match d.get(1) {
        None if !last => return Err(Step::NeedMore),
        None => return Err(truncated(1, Cut::ByEnd)),
        Some(&b) if !second_ok(b) => {
            let kind = if lead == 0xE0 && is_cont(b) {
                MalformedKind::Overlong
            } else {
                MalformedKind::Truncated
            };
            let cut = if kind == MalformedKind::Truncated {
                Cut::ByByte(b)
            } else {
                Cut::None
            };
            return Err(Step::Malformed { kind, len: 1, cut });
        }
        Some(_) => {}
    }
    match d.get(2) {
        None if !last => Err(Step::NeedMore),
        None => Err(truncated(2, Cut::ByEnd)),
        Some(&b) if !is_cont(b) => Err(truncated(2, Cut::ByByte(b))),
        Some(_) => Ok((u32::from(lead & 0x0F) << 12)
            | (u32::from(d[1] & 0x3F) << 6)
            | u32::from(d[2] & 0x3F)),
    }
}

fn truncated(len: usize, cut: Cut) -> Step {
    Step::Malformed {
        kind: MalformedKind::Truncated,
        len,
        cut,
    }
}

/// Whether `d` starts with a whole, well-formed 4-byte UTF-8 form; `None` if it cannot tell yet.
fn four_byte_form(d: &[u8], last: bool) -> Option<bool> {
    let second = second_byte(d[0]);
    for (i, ok) in [
        d.get(1).map(|b| second.contains(b)),
        d.get(2).map(|&b| is_cont(b)),
        d.get(3).map(|&b| is_cont(b)),
    ]
    .into_iter()
    .enumerate()
    {
        match ok {
            None if !last => return None,
            None => return Some(false),
            Some(false) => return Some(false),
            Some(true) if i == 2 => return Some(true),
            Some(true) => {}
        }
    }
    Some(false)
}

impl Machine for Cesu8 {
    fn step(&mut self, d: &[u8], last: bool) -> Step {
        let lead = d[0];
        let malformed = |kind, len| Step::Malformed {
            kind,
            len,
            cut: Cut::None,
        };
        match lead {
            0x00..=0x7F => Step::Char {
                ch: char::from(lead),
                len: 1,
            },
            0x80..=0xBF => malformed(MalformedKind::UnexpectedContinuation, 1),
            0xC0 | 0xC1 => malformed(MalformedKind::Overlong, 1),
            0xC2..=0xDF => match d.get(1) {
                None if !last => Step::NeedMore,
                None => truncated(1, Cut::ByEnd),
                Some(&b) if !is_cont(b) => truncated(1, Cut::ByByte(b)),
                Some(&b) => Step::Char {
                    ch: char::from_u32((u32::from(lead & 0x1F) << 6) | u32::from(b & 0x3F))
                        .expect("2-byte forms are scalar values"),
                    len: 2,
                },
            },
            0xE0..=0xEF => {
                let v = match three(d, last) {
                    Ok(v) => v,
                    Err(step) => return step,
                };
                match v {
                    0xD800..=0xDBFF => {
                        // A high surrogate: the next three bytes must be a low one.
                        let rest = &d[3..];
                        if rest.is_empty() {
                            return if last {
                                malformed(MalformedKind::UnpairedSurrogate, 3)
                            } else {
                                Step::NeedMore
                            };
                        }
                        if rest[0] != 0xED {
                            return malformed(MalformedKind::UnpairedSurrogate, 3);
                        }
                        match three(rest, last) {
                            Ok(low @ 0xDC00..=0xDFFF) => Step::Char {
                                ch: char::from_u32(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00))
                                    .expect("a surrogate pair is a scalar value"),
                                len: 6,
                            },
                            Err(Step::NeedMore) => Step::NeedMore,
                            _ => malformed(MalformedKind::UnpairedSurrogate, 3),
                        }
                    }
                    0xDC00..=0xDFFF => malformed(MalformedKind::UnpairedSurrogate, 3),
                    v => Step::Char {
                        ch: char::from_u32(v).expect("not a surrogate"),
                        len: 3,
                    },
                }
            }
            0xF0..=0xF4 => match four_byte_form(d, last) {
                None => Step::NeedMore,
                Some(true) => malformed(MalformedKind::InvalidByte, 4),
                Some(false) => malformed(MalformedKind::InvalidByte, 1),
            },
            0xF5..=0xFF => malformed(MalformedKind::InvalidByte, 1),
        }
    }
}

/// The reason of a CESU-8 malformed sequence.
pub(crate) fn reason(m: &Malformed) -> String {
    let own = hex_pairs(m.bytes());
    let bytes = m.bytes();
    match m.kind {
        MalformedKind::InvalidByte if bytes.len() == 4 => {
            let c = std::str::from_utf8(bytes)
                .ok()
                .and_then(|s| s.chars().next())
                .map(|c| {
                    let mut units = [0u16; 2];
                    c.encode_utf16(&mut units);
                    let cesu: Vec<u8> = units
                        .iter()
                        .flat_map(|&u| {
                            [
                                0xE0 | (u >> 12) as u8,
                                0x80 | ((u >> 6) & 0x3F) as u8,
                                0x80 | (u & 0x3F) as u8,
                            ]
                        })
                        .collect();
                    format!(
                        " (CESU-8 writes U+{:04X} as its two surrogates, {})",
                        u32::from(c),
                        hex_pairs(&cesu)
                    )
                })
                .unwrap_or_default();
            format!("{own}: a 4-byte UTF-8 form, which CESU-8 never uses{c}")
        }
        MalformedKind::InvalidByte => {
            format!("{own}: never appears in CESU-8 (it has no 4-byte forms)")
        }
        MalformedKind::UnpairedSurrogate => {
            let v = (u32::from(bytes[0] & 0x0F) << 12)
                | (u32::from(bytes[1] & 0x3F) << 6)
                | u32::from(bytes[2] & 0x3F);
            if v < 0xDC00 {
                format!(
                    "{own}: high surrogate U+{v:04X} not followed by a low surrogate (ED B0-BF ..)"
                )
            } else {
                format!("{own}: low surrogate U+{v:04X} with no high surrogate before it")
            }
        }
        MalformedKind::Overlong => {
            format!("{own}: begins an overlong form, which CESU-8 forbids as UTF-8 does")
        }
        MalformedKind::UnexpectedContinuation => {
            format!("{own}: a continuation byte (80-BF) with no lead byte before it")
        }
        MalformedKind::Truncated => format!(
            "{own}: a CESU-8 sequence with only {} of its bytes{}",
            m.span.len(),
            match m.cut {
                Cut::ByByte(b) => format!(", cut short by {b:02X}"),
                Cut::ByEnd => ", cut short by the end of the input".to_string(),
                Cut::None => String::new(),
            }
        ),
        other => format!("{own}: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn a_supplementary_character_is_its_two_surrogates() {
        let cesu = enc("cesu-8");
        assert_eq!(
            units(cesu, b"A\xC3\xA9\xED\xA0\xBD\xED\xB8\x80"),
            "A\u{E9}\u{1F600}"
        );
        // The 4-byte form of UTF-8 is one malformed sequence.
        assert_eq!(units(cesu, b"\xF0\x9F\x98\x80A"), "[invalid-byte 0+4]A");
    }

    #[test]
    fn a_surrogate_alone_and_utf8s_errors_are_named() {
        let cesu = enc("cesu-8");
        assert_eq!(
            units(cesu, b"\xED\xA0\xBDA\xED\xB8\x80"),
            "[unpaired-surrogate 0+3]A[unpaired-surrogate 4+3]"
        );
        assert_eq!(
            units(cesu, b"\xC0\x80\xE0\x80\x80\xE2\x82"),
            "[overlong 0+1][unexpected-continuation 1+1][overlong 2+1]\
             [unexpected-continuation 3+1][unexpected-continuation 4+1][truncated 5+2]"
        );
        let found = crate::decode::decode(b"\xF0\x9F\x98\x80", cesu);
        assert!(
            found.malformed[0]
                .reason()
                .contains("CESU-8 writes U+1F600")
        );
    }
}
