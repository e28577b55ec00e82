//! Reading what the user pasted: text, or bytes written as a dump.
//!
//! Everything goes through [`read`], so that the dump reader is chosen in one place. For now it
//! knows one dump format, plain hex (`C3 A9`, `0xC3 0xA9`, `c3a9`); everything else is text.

use crate::error::ApiError;
use serde::Deserialize;

/// How to read the input box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A dump when it reads as one, else text.
    #[default]
    Auto,
    /// Always text.
    Text,
    /// Always a dump: an error (with its line and column) when it does not read as one.
    Hex,
}

/// What the input holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// Text, to be inspected as its UTF-8 (or as bytes, when an encoding is chosen).
    Text(String),
    /// Bytes read from a dump.
    Bytes(Vec<u8>),
}

impl Content {
    /// The bytes: a text's UTF-8, or the bytes themselves.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Content::Text(text) => text.as_bytes(),
            Content::Bytes(bytes) => bytes,
        }
    }
}

/// The input as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Text or bytes.
    pub content: Content,
    /// The format recognised: `"text"`, or the name of a dump format (`"hex"`).
    pub format: &'static str,
    /// What the reading could not settle by itself, in sentences.
    pub warnings: Vec<String>,
}

/// Reads the input box in `mode`. A dump that does not parse is an error in hex mode and text in
/// auto mode.
pub fn read(input: String, mode: Mode) -> Result<Input, ApiError> {
    let text = |input| Input {
        content: Content::Text(input),
        format: "text",
        warnings: Vec::new(),
    };
    match mode {
        Mode::Text => Ok(text(input)),
        Mode::Auto if !looks_like_hex(&input) => Ok(text(input)),
        Mode::Auto | Mode::Hex => {
            let bytes = parse_hex(&input).map_err(|e| {
                ApiError::bad_request(format!(
                    "the input is not a dump: line {}, column {}: {}",
                    e.line, e.column, e.message
                ))
            })?;
            Ok(Input {
                content: Content::Bytes(bytes),
                format: "hex",
                warnings: Vec::new(),
            })
        }
    }
}

/// Where plain hex went wrong: 1-based line and column (in characters).
#[derive(Debug)]
struct HexError {
    line: usize,
    column: usize,
    message: String,
}

/// The hex digits of one whitespace-separated token, without a `0x` prefix.
fn digits(token: &str) -> &str {
    token
        .strip_prefix("0x")
        .or_else(|| token.strip_prefix("0X"))
        .unwrap_or(token)
}

/// Whether auto mode takes the input for plain hex: every token is an even run of hex digits,
/// and either some token has a decimal digit or all are pairs and there are several (so that
/// words like "cafe" or "add" stay text).
fn looks_like_hex(input: &str) -> bool {
    let tokens: Vec<&str> = input.split_whitespace().collect();
    if tokens.is_empty() {
        return false;
    }
    let hex = |t: &&str| {
        let d = digits(t);
        !d.is_empty() && d.len().is_multiple_of(2) && d.bytes().all(|b| b.is_ascii_hexdigit())
    };
    tokens.iter().all(hex)
        && (tokens
            .iter()
            .any(|t| digits(t).bytes().any(|b| b.is_ascii_digit()))
            || (tokens.len() > 1 && tokens.iter().all(|t| digits(t).len() == 2)))
}

/// Reads plain hex: whitespace-separated tokens of hex digit pairs, each optionally `0x`-prefixed.
fn parse_hex(input: &str) -> Result<Vec<u8>, HexError> {
    let mut bytes = Vec::with_capacity(input.len() / 2);
    for (line_index, line) in input.lines().enumerate() {
        let mut rest = line;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let token_start = line.len() - rest.len() + start;
            let token_end = line[token_start..]
                .find(char::is_whitespace)
                .map_or(line.len(), |n| token_start + n);
            let token = &line[token_start..token_end];
            let d = digits(token);
            let d_start = token_start + token.len() - d.len();
            let at = |byte: usize, message: String| HexError {
                line: line_index + 1,
                column: line[..byte].chars().count() + 1,
                message,
            };
            if let Some((i, c)) = d.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
                return Err(at(d_start + i, format!("{c:?} is not a hex digit")));
            }
            if d.is_empty() || !d.len().is_multiple_of(2) {
                return Err(at(
                    token_start,
                    format!(
                        "{token:?} has {} hex digit(s): bytes take two each",
                        d.len()
                    ),
                ));
            }
            bytes.extend(
                d.as_bytes()
                    .chunks(2)
                    .map(|p| nibble(p[0]) << 4 | nibble(p[1])),
            );
            rest = &line[token_end..];
        }
    }
    Ok(bytes)
}

/// The value of an ASCII hex digit.
fn nibble(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes_of(input: &str, mode: Mode) -> Option<Vec<u8>> {
        match read(input.into(), mode).ok()?.content {
            Content::Bytes(b) => Some(b),
            Content::Text(_) => None,
        }
    }

    #[test]
    fn auto_reads_plain_hex_as_bytes_and_words_as_text() {
        assert_eq!(
            bytes_of("C0 AF e0 80\n0x41", Mode::Auto),
            Some(vec![0xC0, 0xAF, 0xE0, 0x80, 0x41])
        );
        assert_eq!(bytes_of("c3a9", Mode::Auto), Some(vec![0xC3, 0xA9]));
        for text in ["cafe", "add", "café", "hello world", "", "C3 A", "12 zz"] {
            assert_eq!(bytes_of(text, Mode::Auto), None, "{text:?}");
        }
        assert_eq!(bytes_of("C3 A9", Mode::Text), None);
        assert_eq!(bytes_of("cafe", Mode::Hex), Some(vec![0xCA, 0xFE]));
    }

    #[test]
    fn hex_mode_errors_point_at_line_and_column() {
        let err = read("C3 A9\n41 é2".into(), Mode::Hex).unwrap_err();
        assert!(err.message.contains("line 2, column 4"), "{}", err.message);
        let err = read("C3 A".into(), Mode::Hex).unwrap_err();
        assert!(err.message.contains("line 1, column 4"), "{}", err.message);
        assert_eq!(bytes_of("", Mode::Hex), Some(vec![]));
    }
}
