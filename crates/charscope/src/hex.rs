//! Bytes written as hex, the way every view of charscope shows them: upper-case pairs separated
//! by single spaces (`"C3 A9"`), as in the JSON contract.

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
    fn every_byte_is_two_upper_case_digits() {
        let all: Vec<u8> = (0..=255).collect();
        let text = hex_pairs(&all);
        assert_eq!(text.len(), 256 * 3 - 1);
        assert!(text.starts_with("00 01 02"));
        assert!(text.ends_with("FD FE FF"));
        assert_eq!(hex_pairs(&[0x0A, 0xBC]), "0A BC");
    }
}
