//! Counting lines and characters in bytes, for the line and column of what a command reports:
//! bytecount's SIMD counts (they count densely, where a search for each newline slows down on
//! short lines), a plain loop for short runs.

/// Below this many bytes a plain loop counts faster than `bytecount`'s dispatch to SIMD (a
/// corrupted file has many short stretches between malformed sequences).
const SHORT: usize = 64;

/// How many line feeds `bytes` hold.
pub(crate) fn newlines(bytes: &[u8]) -> u64 {
    if bytes.len() < SHORT {
        bytes.iter().filter(|&&b| b == b'\n').count() as u64
    } else {
        bytecount::count(bytes, b'\n') as u64
    }
}

/// How many characters UTF-8 `bytes` hold: the bytes that are not continuation bytes (80-BF).
pub(crate) fn utf8_chars(bytes: &[u8]) -> u64 {
    if bytes.len() < SHORT {
        bytes.iter().filter(|&&b| (b as i8) >= -0x40).count() as u64
    } else {
        bytecount::num_chars(bytes) as u64
    }
}

/// Moves a line count and a column (characters since the last line feed) over `bytes`, whose
/// characters `chars` counts.
pub(crate) fn advance(
    bytes: &[u8],
    chars: impl Fn(&[u8]) -> u64,
    line: &mut u64,
    column: &mut u64,
) {
    match memchr::memrchr(b'\n', bytes) {
        Some(last) => {
            *line += newlines(bytes);
            *column = chars(&bytes[last + 1..]);
        }
        None => *column += chars(bytes),
    }
}

/// The line and column of byte `offset` of `text`, as every command counts them for people:
/// both from 1, the column in characters (the one counting rule: byte offsets from 0, lines and
/// columns from 1, character indexes from 0). An offset inside a character counts it.
pub fn line_column(text: &str, offset: usize) -> (u64, u64) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let (mut line, mut column) = (1, 0);
    advance(before, utf8_chars, &mut line, &mut column);
    (line, column + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Both counts agree with std's, short and long.
        #[test]
        fn counts_agree_with_std(text in "(\\PC|\n){0,200}", repeat in 1usize..5) {
            let text = text.repeat(repeat);
            prop_assert_eq!(newlines(text.as_bytes()), text.matches('\n').count() as u64);
            prop_assert_eq!(line_column(&text, text.len()).0, 1 + text.matches('\n').count() as u64);
            prop_assert_eq!(utf8_chars(text.as_bytes()), text.chars().count() as u64);
            // Line and column after the text, from line 3, column 5.
            let (mut line, mut column) = (3, 5);
            advance(text.as_bytes(), utf8_chars, &mut line, &mut column);
            let after = text.rsplit('\n').next().unwrap_or("").chars().count() as u64;
            let lines = text.matches('\n').count() as u64;
            prop_assert_eq!((line, column), (3 + lines, if lines == 0 { 5 + after } else { after }));
        }
    }
}

#[test]
fn line_and_column_count_from_1() {
    assert_eq!(line_column("caf\u{e9}!", 0), (1, 1));
    assert_eq!(line_column("caf\u{e9}!", 5), (1, 5));
    assert_eq!(line_column("ab\n\u{e9}x", 5), (2, 2));
}
