//! Hex, both ways, written once: bytes as every view of charscope shows them (upper-case pairs
//! separated by single spaces, `"C3 A9"`, as in the JSON contract), and the one reader of hex
//! digits that the dump parsers, the escapes (`\xC3`, `%C3`, `\u{E9}`, `U+00E9`) and the URL
//! layers use.

/// The value of the hex digit `b` (ASCII `0-9`, `a-f`, `A-F`); `None` for any other byte.
#[inline]
pub(crate) fn digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// [`digit`] of a character (`None` beyond ASCII).
#[inline]
pub(crate) fn digit_char(c: char) -> Option<u8> {
    u8::try_from(c).ok().and_then(digit)
}

/// The byte that the hex digits `high` and `low` spell (`C`, `3` is C3).
#[inline]
pub(crate) fn byte(high: u8, low: u8) -> Option<u8> {
    Some(digit(high)? << 4 | digit(low)?)
}

/// Bytes as upper-case hex pairs separated by spaces.
///
/// ```
/// assert_eq!(charscope::hex::hex_pairs(&[0xC3, 0xA9, 0x41]), "C3 A9 41");
/// assert_eq!(charscope::hex::hex_pairs(&[]), "");
/// ```
pub fn hex_pairs(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(bytes.len() * 3);
    for (i, &b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0F)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::hex_pairs;

    #[test]
    fn digits_are_those_of_std_and_pairs_spell_bytes() {
        for b in 0..=255u8 {
            let std = char::from(b).to_digit(16).map(|d| d as u8);
            assert_eq!(super::digit(b), std, "{b:02X}");
            assert_eq!(super::digit_char(char::from(b)), std);
        }
        assert_eq!(super::digit_char('\u{FF10}'), None); // a fullwidth 0
        assert_eq!(super::byte(b'C', b'3'), Some(0xC3));
        assert_eq!(super::byte(b'e', b'9'), Some(0xE9));
        assert_eq!(super::byte(b'g', b'0'), None);
    }

    #[test]
    fn every_byte_is_two_upper_case_digits() {
        let all: Vec<u8> = (0..=255).collect();
        let text = hex_pairs(&all);
        assert_eq!(text.len(), 256 * 3 - 1);
        assert!(text.starts_with("00 01 02"));
        assert!(text.ends_with("FD FE FF"));
        assert_eq!(hex_pairs(&[0x0A, 0xBC]), "0A BC");
    }
}
