//! The fast path for the commonest dump: `xxd` with its default layout (16 bytes a line in
//! groups of 2, the text column after two spaces). It reads a block of such lines at memory
//! speed, checking everything the general reader checks (each offset follows the one before,
//! the text column agrees with the hex); any other line makes it give up, and the general
//! reader ([`super::parse`]) reads that block and explains what is wrong.

/// Width of the hex area of a full line: 8 groups of 4 digits and 7 spaces.
const HEX_AREA: usize = 39;

fn shown(b: u8) -> u8 {
    if (0x20..=0x7E).contains(&b) { b } else { b'.' }
}

/// Reads `text`, lines of default `xxd` output whose first offset is `offset`, appending the
/// bytes to `out`. Returns the offset after the last line, or `None` (with `out` as it was)
/// when any line is not in the default layout or disagrees with itself. Only the last line may
/// be short, and only at the end of the input (`last`).
///
/// ```
/// let mut out = Vec::new();
/// let text = "00000000: 6869 0a                                  hi.\n";
/// assert_eq!(charscope::dump::read_xxd_default(text, 0, true, &mut out), Some(3));
/// assert_eq!(out, b"hi\n");
/// ```
pub fn read_xxd_default(text: &str, offset: u64, last: bool, out: &mut Vec<u8>) -> Option<u64> {
    let start_len = out.len();
    let result = read_lines(text.as_bytes(), offset, last, out);
    if result.is_none() {
        out.truncate(start_len);
    }
    result
}

fn read_lines(text: &[u8], mut offset: u64, last: bool, out: &mut Vec<u8>) -> Option<u64> {
    let mut rest = text;
    let mut short_seen = false;
    while !rest.is_empty() {
        let end = memchr::memchr(b'\n', rest)?;
        let line = &rest[..end];
        rest = &rest[end + 1..];
        if short_seen {
            return None;
        }
        let n = read_line(line, offset, out)?;
        if n < 16 {
            if !last || !rest.is_empty() || n == 0 {
                return None;
            }
            short_seen = true;
        }
        offset += n as u64;
    }
    Some(offset)
}

/// One line; returns how many bytes it holds.
fn read_line(line: &[u8], offset: u64, out: &mut Vec<u8>) -> Option<usize> {
    // The offset: at least 8 lower-case hex digits, then ": ".
    let colon = memchr::memchr(b':', line)?;
    if colon < 8 || line.get(colon + 1) != Some(&b' ') {
        return None;
    }
    let mut value: u64 = 0;
    for &d in &line[..colon] {
        if !d.is_ascii_digit() && !(b'a'..=b'f').contains(&d) {
            return None;
        }
        value = value.checked_mul(16)? + u64::from(crate::hex::digit(d)?);
    }
    if value != offset || (colon > 8 && line[0] == b'0') {
        return None;
    }
    let hex = line.get(colon + 2..colon + 2 + HEX_AREA)?;
    let text = &line[colon + 2 + HEX_AREA..];
    let text = text.strip_prefix(b"  ")?;
    let n = text.len();
    if n == 0 || n > 16 {
        return None;
    }
    let at = out.len();
    #[allow(clippy::needless_range_loop)] // i names the byte: its group, its digits, its text
    for i in 0..16 {
        let p = 5 * (i / 2) + 2 * (i % 2);
        if i % 2 == 0 && i > 0 && hex[p - 1] != b' ' {
            return None;
        }
        if i < n {
            let b = crate::hex::byte(hex[p], hex[p + 1])?;
            if hex[p].is_ascii_uppercase() || hex[p + 1].is_ascii_uppercase() {
                return None;
            }
            if shown(b) != text[i] {
                out.truncate(at);
                return None;
            }
            out.push(b);
        } else if hex[p] != b' ' || hex[p + 1] != b' ' {
            return None;
        }
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::read_xxd_default;

    #[test]
    fn reads_full_and_short_lines_and_refuses_anything_else() {
        let text = "00000000: 4142 4344 4546 4748 494a 4b4c 4d4e 4f50  ABCDEFGHIJKLMNOP\n\
                    00000010: 5152 5300 ff                             QRS..\n";
        let mut out = Vec::new();
        assert_eq!(read_xxd_default(text, 0, true, &mut out), Some(21));
        assert_eq!(out, b"ABCDEFGHIJKLMNOPQRS\x00\xff");
        // A short line is only allowed at the very end.
        let mut out = Vec::new();
        assert_eq!(read_xxd_default(text, 0, false, &mut out), None);
        assert!(out.is_empty());
        // The text column must agree with the hex.
        let bad = "00000000: 4142 4344 4546 4748 494a 4b4c 4d4e 4f50  ABCDEFGHIJKLMNOQ\n";
        assert_eq!(read_xxd_default(bad, 0, false, &mut Vec::new()), None);
        // Offsets must follow on.
        assert_eq!(read_xxd_default(text, 16, true, &mut Vec::new()), None);
        // Upper-case digits (xxd -u) and other group sizes go to the general reader.
        let upper = "00000000: 4A42 4344 4546 4748 494a 4b4c 4d4e 4f50  JBCDEFGHIJKLMNOP\n";
        assert_eq!(read_xxd_default(upper, 0, false, &mut Vec::new()), None);
    }
}
