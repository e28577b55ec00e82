//! The one reader of `U+XXXX` notation, shared by `char` ([`crate::charinfo::parse_code_point`])
//! and the escape reader (`encode --escapes`), so that both accept the same spellings.

/// Reads `U+` (or `u+`) and one to six hex digits at the start of `chars`: the value (which may
/// be a surrogate or beyond U+10FFFF: the caller decides) and how many characters were read.
/// `None` when `chars` does not start with `U+` and a hex digit.
///
/// ```
/// use charscope::codepoint::read_u_plus;
/// assert_eq!(read_u_plus("U+E9 ".chars()), Some((0xE9, 4)));
/// assert_eq!(read_u_plus("u+1F600".chars()), Some((0x1F600, 7)));
/// assert_eq!(read_u_plus("U+0041BCD".chars()), Some((0x0041BC, 8)));
/// assert_eq!(read_u_plus("U+x".chars()), None);
/// ```
pub fn read_u_plus(chars: impl IntoIterator<Item = char>) -> Option<(u32, usize)> {
    let mut chars = chars.into_iter();
    if !matches!(chars.next(), Some('U' | 'u')) || chars.next() != Some('+') {
        return None;
    }
    let mut value = 0u32;
    let mut digits = 0;
    for c in chars.take(6) {
        let Some(d) = crate::hex::digit_char(c) else {
            break;
        };
        value = value << 4 | u32::from(d);
        digits += 1;
    }
    (digits > 0).then_some((value, 2 + digits))
}

#[cfg(test)]
mod tests {
    use super::read_u_plus;

    #[test]
    fn one_to_six_digits() {
        assert_eq!(read_u_plus("U+0".chars()), Some((0, 3)));
        assert_eq!(read_u_plus("U+10FFFF".chars()), Some((0x10FFFF, 8)));
        assert_eq!(read_u_plus("U+D800".chars()), Some((0xD800, 6)));
        assert_eq!(read_u_plus("U+FFFFFF".chars()), Some((0xFFFFFF, 8)));
        assert_eq!(read_u_plus("U+".chars()), None);
        assert_eq!(read_u_plus("U-41".chars()), None);
        assert_eq!(read_u_plus("V+41".chars()), None);
    }
}
