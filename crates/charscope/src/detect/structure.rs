//! Verdicts the bytes' structure makes certain: byte order marks, UTF-16/UTF-32 without a mark,
//! 7-bit escape encodings, binary data.

use super::words::{count, hex_byte};
use crate::bom::BomReadings;
use crate::encoding::{self, Encoding};
use crate::plausibility;

/// A structural verdict: the encoding and why.
pub(super) struct Verdict {
    pub encoding: &'static Encoding,
    pub reasons: Vec<String>,
    pub language: Option<&'static str>,
}

/// A byte order mark, read under both policies.
pub(super) fn bom(prefix: &[u8], total: u64) -> Option<Verdict> {
    let readings = BomReadings::of(prefix);
    let (unicode, whatwg) = (readings.unicode?, readings.whatwg);
    let mut reasons = Vec::new();
    let encoding = match whatwg {
        Some(w) if w.encoding != unicode.encoding => {
            // FF FE 00 00: UTF-32LE to Unicode, UTF-16LE then U+0000 to browsers. The content
            // decides which reading is text.
            let as32 = crate::decode::decode(&prefix[..aligned(prefix.len(), 4)], unicode.encoding);
            let utf32_clean = total.is_multiple_of(4) && as32.malformed.is_empty();
            reasons.push(format!(
                "starts with {}: a {} byte order mark under the Unicode Standard, a {} mark followed \
                 by U+0000 under the WHATWG rules (browsers)",
                crate::decode::hex_pairs(&prefix[..unicode.len]),
                unicode.encoding,
                w.encoding
            ));
            if utf32_clean {
                reasons.push(format!(
                    "the {} bytes decode as {} without a malformed unit, so it is {}",
                    count(total),
                    unicode.encoding,
                    unicode.encoding
                ));
                unicode.encoding
            } else {
                reasons.push(format!(
                    "the bytes are not valid {}, so it is {}",
                    unicode.encoding, w.encoding
                ));
                w.encoding
            }
        }
        Some(_) => {
            reasons.push(format!(
                "starts with {}, the {} byte order mark (the same under the WHATWG and Unicode rules)",
                crate::decode::hex_pairs(&prefix[..unicode.len]),
                unicode.encoding
            ));
            unicode.encoding
        }
        None => {
            reasons.push(format!(
                "starts with {}, the {} byte order mark under the Unicode Standard (browsers do not \
                 know UTF-32 and would not take it as a mark)",
                crate::decode::hex_pairs(&prefix[..unicode.len]),
                unicode.encoding
            ));
            unicode.encoding
        }
    };
    Some(Verdict {
        encoding,
        reasons,
        language: None,
    })
}

fn aligned(len: usize, unit: usize) -> usize {
    len - len % unit
}

/// Bytes that text in an ASCII-compatible encoding never holds: C0 controls other than tab,
/// line feed, form feed, carriage return and escape (and 1A, the DOS end-of-file mark).
pub(super) fn is_binary_byte(b: u8) -> bool {
    matches!(b, 0x00..=0x08 | 0x0E..=0x19 | 0x1C..=0x1F)
}

/// UTF-16 or UTF-32 without a byte order mark: zero bytes in the high half of each unit, or
/// control bytes that no 8-bit text has, and a reading that is clean plausible text.
pub(super) fn wide(prefix: &[u8], total: u64) -> Option<Verdict> {
    if prefix.len() < 4 {
        return None;
    }
    let controls = prefix.iter().filter(|&&b| is_binary_byte(b)).count();
    if controls == 0 {
        return None;
    }
    let mut zeros = [0usize; 4];
    for (i, &b) in prefix.iter().enumerate() {
        if b == 0 {
            zeros[i % 4] += 1;
        }
    }
    let mut options: Vec<(&'static Encoding, usize)> = Vec::new();
    if total.is_multiple_of(4) {
        options.push((encoding::UTF_32LE, 4));
        options.push((encoding::UTF_32BE, 4));
    }
    if total.is_multiple_of(2) {
        options.push((encoding::UTF_16LE, 2));
        options.push((encoding::UTF_16BE, 2));
    }
    let mut best: Option<(&'static Encoding, plausibility::TextScore)> = None;
    let mut scores: Vec<(&'static Encoding, f64)> = Vec::new();
    for (enc, unit) in options {
        let bytes = &prefix[..aligned(prefix.len(), unit)];
        let decoded = crate::decode::decode(bytes, enc);
        // A unit cut at the end of the prefix may be half a surrogate pair.
        if decoded.malformed.len() > 1 {
            continue;
        }
        let score = plausibility::score(&decoded.text);
        let chars = decoded.text.chars().count().max(1);
        // Characters beyond U+FFFF in well-formed surrogate pairs, and nothing suspicious: the
        // structure of UTF-16 itself, whatever the letters (mathematical letters, emoji, old
        // scripts) score.
        let paired =
            unit == 2 && score.suspicious() == 0 && decoded.text.chars().any(|c| c > '\u{FFFF}');
        if score.suspicious() * 100 > chars || (score.per_char() < -4.0 && !paired) {
            continue;
        }
        scores.push((enc, score.per_char()));
        if best
            .as_ref()
            .is_none_or(|(_, b)| score.per_char() > b.per_char())
        {
            best = Some((enc, score));
        }
    }
    let (enc, score) = best?;
    Some(Verdict {
        encoding: enc,
        reasons: wide_reasons(prefix, enc, &score, &scores, controls, &zeros),
        language: score.language(),
    })
}

/// Why `prefix` is `enc`: the zero bytes and the spread of each byte of the units, the control
/// bytes, and how the other wide readings (`scores`) fared.
fn wide_reasons(
    prefix: &[u8],
    enc: &'static Encoding,
    score: &plausibility::TextScore,
    scores: &[(&'static Encoding, f64)],
    controls: usize,
    zeros: &[usize; 4],
) -> Vec<String> {
    let units = (prefix.len() / 2) as f64;
    let mut reasons = Vec::new();
    if enc == encoding::UTF_32LE || enc == encoding::UTF_32BE {
        let high = if enc == encoding::UTF_32LE { 2 } else { 0 };
        reasons.push(format!(
            "{} of {} 4-byte units have two zero bytes at the {} end, as UTF-32 has for every \
             character below U+10000",
            count((zeros[high].min(zeros[high + 1])) as u64),
            count((prefix.len() / 4) as u64),
            if high == 2 {
                "high (last)"
            } else {
                "high (first)"
            }
        ));
    } else {
        let (hi, lo) = if enc == encoding::UTF_16LE {
            (1, 0)
        } else {
            (0, 1)
        };
        let zero_high = zeros[hi] + zeros[hi + 2];
        let spread = |parity: usize| {
            let mut seen = [false; 256];
            for b in prefix.iter().skip(parity).step_by(2) {
                seen[usize::from(*b)] = true;
            }
            seen.iter().filter(|s| **s).count()
        };
        if zero_high as f64 >= 0.2 * units {
            reasons.push(format!(
                "{} of {} 2-byte units have a zero {} byte, as {} text of the first 256 code points does",
                count(zero_high as u64),
                count(units as u64),
                if hi == 1 { "second" } else { "first" },
                enc
            ));
        }
        reasons.push(format!(
            "the {} byte of each unit takes {} distinct values and the {} byte {}: high bytes of \
             UTF-16 vary less, since a script's letters share them",
            if hi == 1 { "second" } else { "first" },
            spread(hi),
            if lo == 1 { "second" } else { "first" },
            spread(lo)
        ));
    }
    reasons.push(format!(
        "{} control bytes (such as {} at byte {}) that 8-bit text never has; read as {} the \
         bytes are {} characters without a malformed unit",
        count(controls as u64),
        hex_byte(*prefix.iter().find(|&&b| is_binary_byte(b)).unwrap_or(&0)),
        prefix.iter().position(|&b| is_binary_byte(b)).unwrap_or(0),
        enc,
        match score.script() {
            Some(s) if score.letters() > 0 => s.to_string(),
            _ => "plain".to_string(),
        }
    ));
    for (other, per_char) in scores.iter().filter(|(e, _)| *e != enc) {
        reasons.push(format!(
            "as {other} they read worse ({per_char:.1} bits per character against {:.1})",
            score.per_char()
        ));
    }
    reasons
}

/// Known file signatures, for the reason a binary verdict gives.
const SIGNATURES: &[(&[u8], &str)] = &[
    (b"\x89PNG\r\n\x1A\n", "a PNG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\xFF\xD8\xFF", "a JPEG image"),
    (
        b"PK\x03\x04",
        "a ZIP archive (or a file built on one: docx, xlsx, jar...)",
    ),
    (b"\x1F\x8B", "gzip-compressed data"),
    (b"\x7FELF", "an ELF executable"),
    (b"%PDF-", "a PDF document"),
    (b"BZh", "bzip2-compressed data"),
    (b"\xFD7zXZ\x00", "xz-compressed data"),
];

/// Binary data: control bytes that text never has, and no UTF-16/32 reading.
pub(super) fn binary(whole: &[u8]) -> Option<Vec<String>> {
    // Runs of zero bytes at the start or end are padding around text, not binary content.
    let lead = whole.iter().take_while(|&&b| b == 0).count();
    let trail = whole[lead..].iter().rev().take_while(|&&b| b == 0).count();
    let prefix = &whole[lead..whole.len() - trail];
    if prefix.is_empty() {
        return Some(vec![format!(
            "all {} bytes are zero",
            count(whole.len() as u64)
        )]);
    }
    let controls = prefix.iter().filter(|&&b| is_binary_byte(b)).count();
    let nul = prefix.iter().position(|&b| b == 0);
    let signature = SIGNATURES
        .iter()
        .find(|(magic, _)| prefix.starts_with(magic))
        .map(|(_, what)| *what);
    if nul.is_none() && controls * 100 < prefix.len() * 2 && signature.is_none() {
        return None;
    }
    let mut reasons = Vec::new();
    if let Some(what) = signature {
        reasons.push(format!("starts with the signature of {what}"));
    }
    if let Some(at) = nul {
        reasons.push(format!(
            "a zero byte at byte {at}, which no text in an 8-bit encoding holds, and no UTF-16 or \
             UTF-32 reading is clean text"
        ));
    }
    reasons.push(format!(
        "{} of the first {} bytes are control bytes (00-08, 0E-19, 1C-1F) that text does not use",
        count(controls as u64),
        count(prefix.len() as u64)
    ));
    Some(reasons)
}

/// Whether zero bytes are the only thing that makes `whole` look binary: no file signature,
/// and the bytes that are not zero are text (control bytes under 2% of them).
pub(super) fn only_zeros_look_binary(whole: &[u8]) -> bool {
    let text = whole.iter().filter(|&&b| b != 0).count();
    let controls = whole
        .iter()
        .filter(|&&b| b != 0 && is_binary_byte(b))
        .count();
    text < whole.len()
        && text > 0
        && controls * 100 < text * 2
        && !SIGNATURES.iter().any(|(magic, _)| whole.starts_with(magic))
}

/// ISO-2022-KR: 7-bit bytes with its header, ESC $ ) C, and shifts (SO, SI) into KS X 1001.
fn iso_2022_kr(prefix: &[u8]) -> Option<Verdict> {
    let at = (0..prefix.len()).find(|&i| prefix[i..].starts_with(b"\x1B$)C"))?;
    let enc = encoding::for_label("true-iso-2022-kr").ok()?;
    let decoded = crate::decode::decode(prefix, enc);
    if !decoded.malformed.is_empty() {
        return None;
    }
    Some(Verdict {
        encoding: enc,
        reasons: vec![format!(
            "every byte is 7-bit, and ESC $ ) C at byte {at} is the ISO-2022-KR header; SO and SI \
             shift between ASCII and KS X 1001, and every shifted pair is valid (browsers map the \
             label iso-2022-kr to the replacement encoding: the name here is true-ISO-2022-KR)"
        )],
        language: crate::plausibility::score(&decoded.text).language(),
    })
}

/// ISO-2022-JP: 7-bit bytes with the escape sequences that switch to JIS X 0208; or ISO-2022-KR.
pub(super) fn escapes(prefix: &[u8]) -> Option<Verdict> {
    if let Some(v) = iso_2022_kr(prefix) {
        return Some(v);
    }
    const JP: [&[u8]; 5] = [b"\x1B$B", b"\x1B$@", b"\x1B(J", b"\x1B(I", b"\x1B$(D"];
    let at = (0..prefix.len()).find(|&i| JP.iter().any(|e| prefix[i..].starts_with(e)))?;
    let enc = encoding::for_label("iso-2022-jp").ok()?;
    let decoded = crate::decode::decode(prefix, enc);
    if !decoded.malformed.is_empty() {
        return None;
    }
    let score = plausibility::score(&decoded.text);
    Some(Verdict {
        encoding: enc,
        reasons: vec![
            format!(
                "every byte is 7-bit, and the escape sequence {} at byte {at} switches to a JIS \
                 character set, as ISO-2022-JP does",
                crate::decode::hex_pairs(&prefix[at..(at + 3).min(prefix.len())])
            ),
            "the escape sequences and the characters between them are all valid ISO-2022-JP"
                .to_string(),
        ],
        language: score.language(),
    })
}
