//! Reading what the user pasted: text, bytes written as a dump or as base64, or text written
//! with escapes.
//!
//! Everything goes through [`read`]: the dump formats are those of [`crate::dump::parse`]
//! (`hexdump -C`, `xxd`, `od`, hexyl, plain hex, C arrays, `\x` escapes, percent-encoding...),
//! the escapes those of [`crate::escape::unescape`] (what `encode --escapes` reads).

use super::error::{RequestError, Status};
use crate::dump::{self, DumpErrorKind, DumpFormat, ParseOptions};
use serde::{Deserialize, Serialize};

/// How to read the input box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A dump when it reads as one, else text.
    #[default]
    Auto,
    /// Always text.
    Text,
    /// Always a dump: an error (with its line and column) when it does not read as one.
    Hex,
    /// Text written with escapes (`U+00E9`, `\u00e9`, `\u{E9}`, `&#233;`, `&eacute;`,
    /// `%C3%A9`...), read as `encode --escapes` reads them: an error (with its line and
    /// column) when one cannot be read.
    Escapes,
    /// Bytes written in base64 (standard or URL-safe): an error when it is not base64.
    Base64,
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
    /// The format recognised: `"text"`, or the name of a dump format (`"xxd"`, `"hex"`).
    pub format: &'static str,
    /// The format for people: `"text"`, or what writes the dump (`"hexdump -C"`, `"plain hex"`).
    pub description: &'static str,
    /// What the reading could not settle by itself, in sentences.
    pub warnings: Vec<String>,
}

/// Reads the input box in `mode` with the default dump options (the panels' endpoints read so).
pub fn read(input: String, mode: Mode) -> Result<Input, RequestError> {
    read_with(input, mode, &ParseOptions::default())
}

/// Reads the input box in `mode`. A dump that does not parse is an error in hex mode and text in
/// auto mode (with a warning, and the place, when it looks like hex); an empty box is empty text
/// in auto mode. Escapes and base64 that cannot be read are errors, with their line and column.
pub fn read_with(input: String, mode: Mode, options: &ParseOptions) -> Result<Input, RequestError> {
    let options = &options.clone().with_max_bytes(MAX_DUMP_BYTES);
    let text = |input| Input {
        content: Content::Text(input),
        format: "text",
        description: "text",
        warnings: Vec::new(),
    };
    match mode {
        Mode::Text => Ok(text(input)),
        Mode::Escapes => read_escapes(&input),
        Mode::Base64 => {
            let options = options.clone().with_format(Some(DumpFormat::Base64));
            let parsed = dump::parse(&input, &options).map_err(|e| {
                RequestError::bad_request(format!(
                    "the input is not base64: line {}, column {}: {}",
                    e.line, e.column, e.message
                ))
            })?;
            Ok(Input {
                content: Content::Bytes(parsed.bytes),
                format: parsed.format.name(),
                description: parsed.format.description(),
                warnings: parsed.warnings,
            })
        }
        Mode::Auto if input.trim().is_empty() => Ok(text(input)),
        Mode::Auto | Mode::Hex => match parse_in(&input, mode, options) {
            Ok(parsed)
                if mode == Mode::Auto
                    && options.format.is_none()
                    && parsed.format == DumpFormat::Hex
                    && (is_word(&input) || is_numbers(&input)) =>
            {
                let mut reading = text(input);
                if parsed.bytes.len() > 1 {
                    reading.warnings.push(
                        "This could be hex, but with no digit A-F and no 0x it reads more like \
                         numbers or a date: shown as text. Choose “hex dump” to read it as bytes."
                            .into(),
                    );
                }
                Ok(reading)
            }
            Ok(parsed) => Ok(Input {
                content: Content::Bytes(parsed.bytes),
                format: parsed.format.name(),
                description: parsed.format.description(),
                warnings: parsed.warnings,
            }),
            Err(e) if e.kind == DumpErrorKind::TooLarge => Err(RequestError {
                status: Status::TooLarge,
                message: format!(
                    "line {}, column {}: {} (the page reads a dump of as many bytes as a paste \
                     may hold)",
                    e.line, e.column, e.message
                ),
            }),
            Err(e) if mode == Mode::Auto => {
                let mut reading = text(input);
                if looks_like_hex(reading.content.bytes()) {
                    reading.warnings.push(format!(
                        "This looks like hex, but line {}, column {}: {}. Shown as text; fix \
                         that place, or choose “hex dump” to see the error.",
                        e.line, e.column, e.message
                    ));
                }
                Ok(reading)
            }
            Err(e) => Err(RequestError::bad_request(format!(
                "the input is not a dump: line {}, column {}: {}",
                e.line, e.column, e.message
            ))),
        },
    }
}

/// Text written with escapes, read by the parser `encode --escapes` uses; a lone surrogate
/// becomes U+FFFD, and a warning says so.
fn read_escapes(input: &str) -> Result<Input, RequestError> {
    let unescaped = crate::escape::unescape(input).map_err(|e| {
        RequestError::bad_request(format!(
            "the escapes cannot be read: line {}, column {}: {}",
            e.line, e.column, e.message
        ))
    })?;
    Ok(Input {
        content: Content::Text(unescaped.to_string_lossy()),
        format: "escapes",
        description: "text written with escapes",
        warnings: unescaped.notes(),
    })
}

/// The most bytes a dump may stand for (its `*` lines repeat a line, and a dump of three lines
/// may stand for gigabytes): as many as a request may hold. Past it the answer is a 413, made
/// before any byte is (the lines are read with their runs kept as runs).
pub const MAX_DUMP_BYTES: u64 = super::MAX_INPUT_BYTES as u64;

/// Inputs longer than this are first tried as a dump on their first lines in auto mode.
const HEAD: usize = 16 * 1024;

/// Reads `input` as a dump. In auto mode a large input is first read on its first lines: prose
/// fails there, well before the last of them, and is then known not to be a dump without the
/// whole megabyte split into lines (the same error, at the same place, as the whole would give
/// first, since the dump reader goes line by line).
fn parse_in(
    input: &str,
    mode: Mode,
    options: &ParseOptions,
) -> Result<dump::Parsed, dump::DumpError> {
    if mode == Mode::Auto
        && options.format.is_none()
        && input.len() > 4 * HEAD
        && let Some(cut) = input.as_bytes()[..HEAD].iter().rposition(|&b| b == b'\n')
    {
        let head = &input[..=cut];
        let lines = head.bytes().filter(|&b| b == b'\n').count();
        if let Err(e) = dump::parse(head, options)
            && e.line + 1 < lines
        {
            return Err(e);
        }
    }
    dump::parse(input, options)
}

/// Whether plain hex is more likely a word or a number: one token of hex digits that are all
/// letters ("cafe", "deadbeef") or all decimal digits ("2024"), without a `0x`. Auto mode reads
/// such input as text; hex mode reads it as bytes.
fn is_word(input: &str) -> bool {
    let token = input.trim();
    !token.contains(char::is_whitespace)
        && !token.starts_with("0x")
        && !token.starts_with("0X")
        && (token.bytes().all(|b| b.is_ascii_digit()) || !token.bytes().any(|b| b.is_ascii_digit()))
}

/// Whether plain hex is more likely numbers or a date: no digit A-F anywhere, no `0x` or `\\x`,
/// and either punctuation that dates, times and decimals use ("2024-01-01", "3.14", "12:30") or
/// at most two groups ("12 34"). Longer runs of digit pairs ("48 00 69 00") stay hex.
fn is_numbers(input: &str) -> bool {
    let lower = input.to_ascii_lowercase();
    let groups = lower.split_whitespace().count();
    !lower.contains("0x")
        && !lower.contains("\\x")
        && !lower.bytes().any(|b| (b'a'..=b'f').contains(&b))
        && (groups <= 2 || lower.bytes().any(|b| b"-.:/,".contains(&b)))
}

/// Whether text that did not read as a dump still looks like one: at least two hex digits, and
/// nearly every other character a separator a dump uses.
fn looks_like_hex(input: &[u8]) -> bool {
    let hex = input.iter().filter(|b| b.is_ascii_hexdigit()).count();
    let separators = input
        .iter()
        .filter(|b| b.is_ascii_whitespace() || b":|,.-".contains(b))
        .count();
    let letters_g_to_z = input
        .iter()
        .filter(|b| b.is_ascii_alphabetic() && !b.is_ascii_hexdigit())
        .count();
    hex >= 2 && (hex + separators) * 10 >= input.len() * 8 && letters_g_to_z * 20 <= input.len()
        || input.starts_with(b"00000000")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_input_is_judged_on_its_head_as_the_whole_would_be() {
        // Prose: text, with or without the shortcut.
        let prose =
            "The quick brown fox jumps over the lazy dog; caf\u{e9} na\u{ef}ve.\n".repeat(3000);
        let whole = dump::parse(&prose, &ParseOptions::default()).unwrap_err();
        let head = parse_in(&prose, Mode::Auto, &ParseOptions::default()).unwrap_err();
        assert_eq!(
            (head.line, head.column, &head.message),
            (whole.line, whole.column, &whole.message)
        );
        // A large xxd dump still reads whole.
        let bytes: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut xxd = String::new();
        for (i, row) in bytes.chunks(16).enumerate() {
            let hex: Vec<String> = row
                .chunks(2)
                .map(|p| p.iter().map(|b| format!("{b:02x}")).collect())
                .collect();
            let ascii: String = row
                .iter()
                .map(|&b| {
                    if (0x20..0x7F).contains(&b) {
                        b as char
                    } else {
                        '.'
                    }
                })
                .collect();
            xxd.push_str(&format!("{:08x}: {:<40} {ascii}\n", i * 16, hex.join(" ")));
        }
        let parsed = parse_in(&xxd, Mode::Auto, &ParseOptions::default()).unwrap();
        assert_eq!(parsed.bytes, bytes);
    }

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
        let xxd = read(
            "00000000: 6361 66c3 a90a                           caf...\n".into(),
            Mode::Auto,
        )
        .unwrap();
        assert_eq!(xxd.format, "xxd");
        assert_eq!(xxd.content, Content::Bytes(b"caf\xC3\xA9\n".to_vec()));
        for text in [
            "cafe",
            "deadbeef",
            "2024",
            "add",
            "café",
            "hello world",
            "",
            "  \n",
            "C3 A",
            "12 zz",
            "12 34",
            "2024-01-01",
            "3.14 2.71",
            "日本語",
        ] {
            assert_eq!(bytes_of(text, Mode::Auto), None, "{text:?}");
        }
        assert_eq!(bytes_of("C3 A9", Mode::Text), None);
        assert_eq!(bytes_of("cafe", Mode::Hex), Some(vec![0xCA, 0xFE]));
        assert_eq!(bytes_of("0xcafe", Mode::Auto), Some(vec![0xCA, 0xFE]));
        assert_eq!(bytes_of("ca fe", Mode::Auto), Some(vec![0xCA, 0xFE]));
        assert_eq!(
            bytes_of("48 00 69 00", Mode::Auto),
            Some(vec![0x48, 0, 0x69, 0])
        );
        assert_eq!(bytes_of("12 34", Mode::Hex), Some(vec![0x12, 0x34]));
    }

    #[test]
    fn near_hex_and_numbers_say_why_they_are_text() {
        let near = read("C3 A".into(), Mode::Auto).unwrap();
        assert_eq!(near.format, "text");
        assert!(
            near.warnings[0].starts_with("This looks like hex, but line 1, column 4"),
            "{:?}",
            near.warnings
        );
        let date = read("2024-01-01".into(), Mode::Auto).unwrap();
        assert_eq!(date.format, "text");
        assert!(
            read("hello world".into(), Mode::Auto)
                .unwrap()
                .warnings
                .is_empty()
        );
        assert!(read("café".into(), Mode::Auto).unwrap().warnings.is_empty());
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
