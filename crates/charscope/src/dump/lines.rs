//! The text of a dump as lines of characters, with the column of each character in the original
//! text: terminal colour codes (hexyl writes them even into a pipe) are removed first.

use super::error::{DumpError, DumpErrorKind};

/// One non-blank line of the dump.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// 1-based line number in the original text.
    pub number: usize,
    /// The characters, without colour codes and without the line break.
    pub chars: Vec<char>,
    /// The original 1-based column of each character, when colour codes were removed.
    columns: Option<Vec<usize>>,
}

/// A run of non-whitespace characters in a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// Index of its first character in the line.
    pub start: usize,
    /// The characters.
    pub text: String,
}

impl Token {
    /// Index one past its last character.
    pub fn end(&self) -> usize {
        self.start + self.text.chars().count()
    }
}

impl Line {
    /// The 1-based column of the character at `index` (or just past the end).
    pub fn column(&self, index: usize) -> usize {
        match &self.columns {
            Some(cols) => match cols.get(index) {
                Some(&c) => c,
                None => cols.last().map_or(1, |&c| c + 1 + index - cols.len()),
            },
            None => index + 1,
        }
    }

    /// An error at character `index` of this line.
    pub fn error(
        &self,
        index: usize,
        kind: DumpErrorKind,
        message: impl Into<String>,
    ) -> DumpError {
        DumpError::new(self.number, self.column(index), kind, message)
    }

    /// The line as a string.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// The characters from `start` to the end as a string.
    pub fn slice(&self, start: usize, end: usize) -> String {
        let end = end.min(self.chars.len());
        let start = start.min(end);
        self.chars[start..end].iter().collect()
    }

    /// Length without trailing whitespace.
    pub fn trimmed_len(&self) -> usize {
        self.chars
            .iter()
            .rposition(|c| !c.is_whitespace())
            .map_or(0, |i| i + 1)
    }

    /// The character at `index`, or a space past the end (tools pad with spaces that a paste may
    /// have dropped).
    pub fn at(&self, index: usize) -> char {
        self.chars.get(index).copied().unwrap_or(' ')
    }

    /// Whitespace-separated tokens.
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = Vec::new();
        let mut current: Option<Token> = None;
        for (i, &c) in self.chars.iter().enumerate() {
            if c.is_whitespace() {
                if let Some(t) = current.take() {
                    out.push(t);
                }
            } else {
                current
                    .get_or_insert_with(|| Token {
                        start: i,
                        text: String::new(),
                    })
                    .text
                    .push(c);
            }
        }
        out.extend(current);
        out
    }

    /// Whether the line is exactly `*` (with optional surrounding whitespace).
    pub fn is_star(&self) -> bool {
        self.text().trim() == "*"
    }
}

/// Splits the dump into its non-blank lines, dropping terminal colour codes (`ESC [ ... m` and
/// other CSI sequences). Returns the lines and whether any code was dropped.
pub(crate) fn split(text: &str) -> (Vec<Line>, bool) {
    split_lines(text, false)
}

/// Like [`split`], but keeps the lines of at least 4 spaces: `od -A n -c` shows a line of
/// space bytes as blank columns.
pub(crate) fn split_keeping_spaces(text: &str) -> Vec<Line> {
    split_lines(text, true).0
}

/// Whether the line holds only whitespace.
pub(crate) fn is_blank(line: &Line) -> bool {
    line.chars.iter().all(|c| c.is_whitespace())
}

fn split_lines(text: &str, keep_spaces: bool) -> (Vec<Line>, bool) {
    let mut lines = Vec::new();
    let mut any_escape = false;
    for (i, raw) in text.split('\n').enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let (chars, columns) = if raw.contains('\u{1B}') {
            any_escape = true;
            strip_escapes(raw)
        } else {
            (raw.chars().collect::<Vec<char>>(), None)
        };
        if chars.iter().all(|c| c.is_whitespace()) && !(keep_spaces && chars.len() >= 4) {
            continue;
        }
        lines.push(Line {
            number: i + 1,
            chars,
            columns,
        });
    }
    (lines, any_escape)
}

fn strip_escapes(raw: &str) -> (Vec<char>, Option<Vec<usize>>) {
    let mut chars = Vec::new();
    let mut columns = Vec::new();
    let mut iter = raw.chars().enumerate().peekable();
    while let Some((i, c)) = iter.next() {
        if c == '\u{1B}' && iter.peek().is_some_and(|&(_, n)| n == '[') {
            iter.next();
            // Parameters and intermediates, then one final byte in @..~.
            for (_, n) in iter.by_ref() {
                if ('@'..='~').contains(&n) {
                    break;
                }
            }
            continue;
        }
        chars.push(c);
        columns.push(i + 1);
    }
    (chars, Some(columns))
}

/// Reads two hex digits at `index` of `line`.
pub(crate) fn hex_pair(line: &Line, index: usize) -> Option<u8> {
    let hi = crate::hex::digit_char(line.at(index))?;
    let lo = crate::hex::digit_char(line.at(index + 1))?;
    Some(hi << 4 | lo)
}

/// Whether every character is an ASCII hex digit (and there is at least one).
pub(crate) fn all_hex(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_hexdigit())
}

/// What the text column of `hexdump -C`, `xxd` and `od -t x1z` shows for a byte: the byte
/// itself when printable ASCII, else a dot.
pub(crate) fn printable_or_dot(b: u8) -> char {
    if (0x20..0x7F).contains(&b) {
        b as char
    } else {
        '.'
    }
}

/// Checks a text column of `len` characters from index `start`: it must show each byte as
/// [`printable_or_dot`] does (hexdump -C, xxd, od's `z`).
pub(crate) fn check_text_column(
    line: &Line,
    start: usize,
    len: usize,
    bytes: &[u8],
) -> Result<(), DumpError> {
    if len != bytes.len() {
        return Err(line.error(
            start,
            DumpErrorKind::Inconsistent,
            format!(
                "the text column shows {len} characters for {} bytes: the line is damaged",
                bytes.len()
            ),
        ));
    }
    for (i, &b) in bytes.iter().enumerate() {
        let shown = line.at(start + i);
        if shown != printable_or_dot(b) {
            return Err(line.error(
                start + i,
                DumpErrorKind::Inconsistent,
                format!(
                    "the hex column has {b:02x} but the text column shows {shown:?}: the two columns disagree"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_codes_are_dropped_and_columns_kept() {
        let (lines, escaped) = split("\u{1B}[36m48\u{1B}[0m x\n\n  \nA\r\n");
        assert!(escaped);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].text(), "48 x");
        assert_eq!(lines[0].column(3), 13);
        assert_eq!(lines[1].number, 4);
        assert_eq!(lines[1].text(), "A");
    }

    #[test]
    fn tokens_have_their_start() {
        let (lines, _) = split("  ab  c");
        let t = lines[0].tokens();
        assert_eq!(t[0].start, 2);
        assert_eq!(t[1].text, "c");
        assert_eq!(t[1].end(), 7);
    }
}
