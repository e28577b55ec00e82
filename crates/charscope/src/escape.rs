//! Text escapes in and out.
//!
//! [`unescape`] reads the escapes people paste: `\u{1F600}`, `\uD83D\uDE00`, a lone `\uD83D`,
//! `\U0001F600`, `\xC3\xA9`, `%C3%A9`, `U+00E9`, `&#233;`, `&#xE9;`, `&eacute;` (every HTML
//! named character reference), `\N{LATIN SMALL LETTER E WITH ACUTE}`, and `\n \t \r \0 \\ \" \'`.
//! Any other character stands for itself.
//!
//! - Surrogates are code units, as in a JavaScript string: a high one followed by a low one is
//!   one character, and one without its partner is kept as an [`EscapedUnit::LoneSurrogate`].
//!   Written as UTF-8 it becomes EF BF BD (U+FFFD), as JavaScript's `TextEncoder` writes it.
//! - Byte escapes (`\xNN`, `%XX`) in a row are read as UTF-8, as Python reads `b"\xc3\xa9"`
//!   and a browser reads `%C3%A9`; bytes that are not UTF-8 are an error.
//!
//! [`format_bytes`] and [`format_text`] go the other way, in the [`EscapeFormat`]s.
//!
//! ```
//! use charscope::escape::{self, EscapedUnit};
//! let text = escape::unescape(r"caf\u00E9 %E2%82%AC &hearts; \uD83D").unwrap();
//! assert_eq!(text.to_string_lossy(), "café € ♥ \u{FFFD}");
//! assert_eq!(text.units.last(), Some(&EscapedUnit::LoneSurrogate(0xD83D)));
//! ```

use crate::decode::hex_pairs;
use serde::Serialize;
use std::fmt::{self, Write};
use std::str::FromStr;
use std::sync::OnceLock;

/// One unit of unescaped text: a character, or a surrogate code unit without its partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EscapedUnit {
    /// A Unicode scalar value.
    Char(char),
    /// A surrogate (D800-DFFF) with no partner, as a JavaScript string may hold.
    LoneSurrogate(u16),
}

/// Text read from escapes: its units, lone surrogates included.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unescaped {
    /// The units, in order.
    pub units: Vec<EscapedUnit>,
}

impl Unescaped {
    /// How many lone surrogates the text holds.
    pub fn lone_surrogates(&self) -> usize {
        self.units
            .iter()
            .filter(|u| matches!(u, EscapedUnit::LoneSurrogate(_)))
            .count()
    }

    /// The text with each lone surrogate replaced by U+FFFD, as `TextEncoder` does.
    pub fn to_string_lossy(&self) -> String {
        self.units
            .iter()
            .map(|u| match u {
                EscapedUnit::Char(c) => *c,
                EscapedUnit::LoneSurrogate(_) => char::REPLACEMENT_CHARACTER,
            })
            .collect()
    }

    /// A sentence for each lone surrogate: what it becomes when written as bytes.
    pub fn notes(&self) -> Vec<String> {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u {
                EscapedUnit::LoneSurrogate(s) => Some(format!(
                    "character {i} is the lone surrogate {s:04X}, which no encoding can write: it \
                     becomes U+FFFD (EF BF BD in UTF-8), as JavaScript's TextEncoder writes it"
                )),
                EscapedUnit::Char(_) => None,
            })
            .collect()
    }
}

/// Why escapes could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EscapeError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EscapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for EscapeError {}

/// A reader over the characters of the text, counting lines and columns.
struct Reader {
    chars: Vec<char>,
    at: usize,
    positions: Vec<(usize, usize)>,
}

impl Reader {
    fn new(text: &str) -> Reader {
        let chars: Vec<char> = text.chars().collect();
        let mut positions = Vec::with_capacity(chars.len() + 1);
        let (mut line, mut column) = (1, 1);
        for &c in &chars {
            positions.push((line, column));
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        positions.push((line, column));
        Reader {
            chars,
            at: 0,
            positions,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.at + k).copied()
    }

    fn error(&self, index: usize, message: impl Into<String>) -> EscapeError {
        let (line, column) = self.positions[index.min(self.positions.len() - 1)];
        EscapeError {
            line,
            column,
            message: message.into(),
        }
    }

    /// Up to `max` hex digits from `k` characters ahead, and how many were read.
    fn hex_digits(&self, k: usize, max: usize) -> (u32, usize) {
        let mut value = 0u32;
        let mut n = 0;
        while n < max {
            match self.peek(k + n).and_then(crate::hex::digit_char) {
                Some(d) => value = value * 16 + u32::from(d),
                None => break,
            }
            n += 1;
        }
        (value, n)
    }
}

/// What one escape (or plain character) stands for.
enum Piece {
    Units(Vec<u32>),
    Byte(u8),
}

/// Reads the escapes in `text` (see the [module documentation](self)).
pub fn unescape(text: &str) -> Result<Unescaped, EscapeError> {
    let mut r = Reader::new(text);
    let mut code_units: Vec<u32> = Vec::new();
    let mut bytes: Vec<u8> = Vec::new();
    let mut bytes_start = 0;
    while r.at < r.chars.len() {
        let start = r.at;
        let piece = read_piece(&mut r)?;
        match piece {
            Piece::Byte(b) => {
                if bytes.is_empty() {
                    bytes_start = start;
                }
                bytes.push(b);
            }
            Piece::Units(units) => {
                flush_bytes(&r, &mut bytes, bytes_start, &mut code_units)?;
                code_units.extend(units);
            }
        }
    }
    flush_bytes(&r, &mut bytes, bytes_start, &mut code_units)?;
    Ok(Unescaped {
        units: pair_surrogates(&code_units),
    })
}

/// A run of byte escapes, read as UTF-8.
fn flush_bytes(
    r: &Reader,
    bytes: &mut Vec<u8>,
    start: usize,
    out: &mut Vec<u32>,
) -> Result<(), EscapeError> {
    if bytes.is_empty() {
        return Ok(());
    }
    let decoded = crate::decode::decode(bytes, crate::encoding::UTF_8);
    if let Some(m) = decoded.malformed.first() {
        return Err(r.error(
            start,
            format!(
                "the escaped bytes {} are not UTF-8 ({}: {}); byte escapes are read as UTF-8, so \
                 write a character as \\u00E9 or U+00E9",
                hex_pairs(bytes),
                m.kind,
                m.reason()
            ),
        ));
    }
    out.extend(decoded.text.chars().map(u32::from));
    bytes.clear();
    Ok(())
}

/// Joins high and low surrogates that stand next to each other; the others stay lone.
fn pair_surrogates(units: &[u32]) -> Vec<EscapedUnit> {
    let mut out = Vec::with_capacity(units.len());
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        if (0xD800..0xDC00).contains(&u)
            && units
                .get(i + 1)
                .is_some_and(|n| (0xDC00..0xE000).contains(n))
        {
            let c = 0x10000 + ((u - 0xD800) << 10) + (units[i + 1] - 0xDC00);
            out.push(EscapedUnit::Char(
                char::from_u32(c).expect("a paired surrogate"),
            ));
            i += 2;
            continue;
        }
        out.push(match char::from_u32(u) {
            Some(c) => EscapedUnit::Char(c),
            None => EscapedUnit::LoneSurrogate(u as u16),
        });
        i += 1;
    }
    out
}

fn read_piece(r: &mut Reader) -> Result<Piece, EscapeError> {
    let start = r.at;
    let c = r.chars[start];
    let single = |r: &mut Reader, c: char, len: usize| {
        r.at += len;
        Ok(Piece::Units(vec![u32::from(c)]))
    };
    match c {
        '\\' => read_backslash(r),
        '%' => match (
            r.peek(1).and_then(crate::hex::digit_char),
            r.peek(2).and_then(crate::hex::digit_char),
        ) {
            (Some(h), Some(l)) => {
                r.at += 3;
                Ok(Piece::Byte(h << 4 | l))
            }
            _ => single(r, '%', 1),
        },
        '&' => read_reference(r),
        'U' if r.peek(1) == Some('+') => {
            // The same reader as `char U+E9`.
            let Some((value, read)) =
                crate::codepoint::read_u_plus(r.chars[start..].iter().copied())
            else {
                return Err(r.error(start, "U+ must be followed by 1 to 6 hex digits"));
            };
            r.at += read;
            code_point(r, start, value)
        }
        c => single(r, c, 1),
    }
}

fn code_point(r: &Reader, start: usize, value: u32) -> Result<Piece, EscapeError> {
    if value > 0x10FFFF {
        return Err(r.error(
            start,
            format!("{value:X} is beyond U+10FFFF, where Unicode ends"),
        ));
    }
    Ok(Piece::Units(vec![value]))
}

fn read_backslash(r: &mut Reader) -> Result<Piece, EscapeError> {
    let start = r.at;
    let Some(kind) = r.peek(1) else {
        return Err(r.error(start, "a backslash at the end (write \\\\ for a backslash)"));
    };
    let simple = match kind {
        'n' => Some('\n'),
        't' => Some('\t'),
        'r' => Some('\r'),
        '0' => Some('\0'),
        '\\' => Some('\\'),
        '"' => Some('"'),
        '\'' => Some('\''),
        '/' => Some('/'),
        _ => None,
    };
    if let Some(c) = simple {
        r.at += 2;
        return Ok(Piece::Units(vec![u32::from(c)]));
    }
    match kind {
        'x' => {
            let (value, n) = r.hex_digits(2, 2);
            if n < 2 {
                return Err(r.error(start, "\\x must be followed by two hex digits"));
            }
            r.at += 4;
            Ok(Piece::Byte(value as u8))
        }
        'u' if r.peek(2) == Some('{') => {
            let (value, n) = r.hex_digits(3, 7);
            if n == 0 || n > 6 || r.peek(3 + n) != Some('}') {
                return Err(r.error(start, "\\u{...} must hold 1 to 6 hex digits"));
            }
            r.at += 4 + n;
            code_point(r, start, value)
        }
        'u' => {
            let (value, n) = r.hex_digits(2, 4);
            if n < 4 {
                return Err(r.error(start, "\\u must be followed by four hex digits"));
            }
            r.at += 6;
            Ok(Piece::Units(vec![value]))
        }
        'U' => {
            let (value, n) = r.hex_digits(2, 8);
            if n < 8 {
                return Err(r.error(start, "\\U must be followed by eight hex digits"));
            }
            r.at += 10;
            code_point(r, start, value)
        }
        'N' if r.peek(2) == Some('{') => {
            let close = (r.at + 3..r.chars.len()).find(|&i| r.chars[i] == '}');
            let Some(close) = close else {
                return Err(r.error(start, "\\N{ has no closing }"));
            };
            let name: String = r.chars[r.at + 3..close].iter().collect();
            let Some(c) = crate::charinfo::names::character_named(&name) else {
                return Err(r.error(start + 3, format!("no character is named {name:?}")));
            };
            r.at = close + 1;
            Ok(Piece::Units(vec![u32::from(c)]))
        }
        other => Err(r.error(
            start,
            format!("\\{other} is not an escape charscope reads (write \\\\ for a backslash)"),
        )),
    }
}

/// The HTML named character references, without `&` and `;`.
fn entities() -> &'static std::collections::HashMap<&'static str, &'static str> {
    static TABLE: OnceLock<std::collections::HashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| {
        crate::html_entities::all()
            .filter_map(|(entity, characters)| {
                let name = entity.strip_prefix('&')?.strip_suffix(';')?;
                Some((name, characters))
            })
            .collect()
    })
}

fn read_reference(r: &mut Reader) -> Result<Piece, EscapeError> {
    let start = r.at;
    if r.peek(1) == Some('#') {
        let hex = matches!(r.peek(2), Some('x' | 'X'));
        let digits_at = if hex { 3 } else { 2 };
        let mut value: u64 = 0;
        let mut n = 0;
        while let Some(d) = r
            .peek(digits_at + n)
            .and_then(|c| c.to_digit(if hex { 16 } else { 10 }))
        {
            value = (value * if hex { 16 } else { 10 } + u64::from(d)).min(u64::from(u32::MAX));
            n += 1;
        }
        if n == 0 || r.peek(digits_at + n) != Some(';') {
            return Err(r.error(
                start,
                "a numeric character reference is &#233; or &#xE9;, with its ;",
            ));
        }
        r.at += digits_at + n + 1;
        let value = value as u32;
        if (0xD800..0xE000).contains(&value) {
            return Err(r.error(
                start,
                format!("&#x{value:X}; is a surrogate, which HTML replaces with U+FFFD"),
            ));
        }
        return code_point(r, start, value);
    }
    let name_len = (1..)
        .take_while(|&k| r.peek(k).is_some_and(|c| c.is_ascii_alphanumeric()))
        .count();
    if name_len == 0 || r.peek(1 + name_len) != Some(';') {
        // A bare & (as in "AT&T") stands for itself.
        r.at += 1;
        return Ok(Piece::Units(vec![u32::from('&')]));
    }
    let name: String = r.chars[start + 1..start + 1 + name_len].iter().collect();
    let Some(chars) = entities().get(name.as_str()) else {
        return Err(r.error(
            start,
            format!("&{name}; is not an HTML named character reference"),
        ));
    };
    r.at += name_len + 2;
    Ok(Piece::Units(chars.chars().map(u32::from).collect()))
}

/// How [`format_bytes`] and [`format_text`] write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum EscapeFormat {
    /// Upper-case hex pairs separated by spaces: `63 61 66 C3 A9`.
    Hex,
    /// A C string literal: `"caf\xC3\xA9"`.
    C,
    /// A C array initializer: `{0x63, 0x61, 0x66, 0xC3, 0xA9}`.
    CArray,
    /// A Rust byte string literal: `b"caf\xC3\xA9"`.
    Rust,
    /// A Python bytes literal: `b'caf\xc3\xa9'`.
    Python,
    /// A JavaScript string literal: `"caf\u00E9 \u{1F600}"`.
    Js,
    /// A Java string literal: `"caf\u00E9 \uD83D\uDE00"`.
    Java,
    /// HTML text: `caf&#xE9;`, with `& < > " '` escaped.
    Html,
    /// Percent-encoding of every byte but the unreserved ones: `caf%C3%A9`.
    Url,
    /// A JSON string, ASCII only: `"caf\u00e9"`.
    Json,
    /// Base64 of the bytes (the standard alphabet, with padding): `Y2Fmw6k=`.
    Base64,
}

impl EscapeFormat {
    /// Every format.
    pub const ALL: [EscapeFormat; 11] = [
        EscapeFormat::Hex,
        EscapeFormat::C,
        EscapeFormat::CArray,
        EscapeFormat::Rust,
        EscapeFormat::Python,
        EscapeFormat::Js,
        EscapeFormat::Java,
        EscapeFormat::Html,
        EscapeFormat::Url,
        EscapeFormat::Json,
        EscapeFormat::Base64,
    ];

    /// The stable lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            EscapeFormat::Hex => "hex",
            EscapeFormat::C => "c",
            EscapeFormat::CArray => "c-array",
            EscapeFormat::Rust => "rust",
            EscapeFormat::Python => "python",
            EscapeFormat::Js => "js",
            EscapeFormat::Java => "java",
            EscapeFormat::Html => "html",
            EscapeFormat::Url => "url",
            EscapeFormat::Json => "json",
            EscapeFormat::Base64 => "base64",
        }
    }

    /// Whether the format writes bytes (hex, C, Rust, Python, URL, base64), rather than
    /// characters of a language whose strings are Unicode (JavaScript, Java, HTML, JSON).
    pub fn is_bytes(self) -> bool {
        matches!(
            self,
            EscapeFormat::Hex
                | EscapeFormat::C
                | EscapeFormat::CArray
                | EscapeFormat::Rust
                | EscapeFormat::Python
                | EscapeFormat::Url
                | EscapeFormat::Base64
        )
    }
}

impl fmt::Display for EscapeFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`EscapeFormat`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownEscapeFormat {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownEscapeFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = EscapeFormat::ALL.iter().map(|f| f.name()).collect();
        write!(
            f,
            "unknown escape format {:?}; the formats are: {}",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownEscapeFormat {}

impl FromStr for EscapeFormat {
    type Err = UnknownEscapeFormat;

    fn from_str(s: &str) -> Result<EscapeFormat, UnknownEscapeFormat> {
        EscapeFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownEscapeFormat { name: s.into() })
    }
}

/// Writes bytes in a byte format; for a text format, the bytes are read as UTF-8 first (each
/// malformed sequence becoming U+FFFD).
///
/// ```
/// use charscope::escape::{format_bytes, EscapeFormat};
/// let bytes = "café".as_bytes();
/// assert_eq!(format_bytes(bytes, EscapeFormat::C), r#""caf\xC3\xA9""#);
/// assert_eq!(format_bytes(bytes, EscapeFormat::Python), r"b'caf\xc3\xa9'");
/// assert_eq!(format_bytes(bytes, EscapeFormat::Url), "caf%C3%A9");
/// assert_eq!(format_bytes(bytes, EscapeFormat::CArray), "{0x63, 0x61, 0x66, 0xC3, 0xA9}");
/// assert_eq!(format_bytes(bytes, EscapeFormat::Base64), "Y2Fmw6k=");
/// ```
pub fn format_bytes(bytes: &[u8], format: EscapeFormat) -> String {
    match format {
        EscapeFormat::Hex => hex_pairs(bytes),
        EscapeFormat::C => byte_literal(bytes, "\"", '"', true, true),
        EscapeFormat::CArray => {
            let values: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
            format!("{{{}}}", values.join(", "))
        }
        EscapeFormat::Rust => byte_literal(bytes, "b\"", '"', true, false),
        EscapeFormat::Python => byte_literal(bytes, "b'", '\'', false, false),
        EscapeFormat::Url => {
            let mut out = String::with_capacity(bytes.len() * 3);
            for &b in bytes {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    out.push(b as char);
                } else {
                    write!(out, "%{b:02X}").expect("writing to a String");
                }
            }
            out
        }
        EscapeFormat::Base64 => {
            use base64::Engine;
            base64::engine::general_purpose::STANDARD.encode(bytes)
        }
        _ => format_text(
            &crate::decode::decode(bytes, crate::encoding::UTF_8).text,
            format,
        ),
    }
}

fn byte_literal(bytes: &[u8], open: &str, quote: char, upper: bool, c_breaks: bool) -> String {
    let mut out = String::from(open);
    let mut after_hex_escape = false;
    for &b in bytes {
        let c = b as char;
        // In C, \x takes every hex digit that follows: end the literal and start another.
        if c_breaks && after_hex_escape && c.is_ascii_hexdigit() {
            out.push(quote);
            out.push(quote);
        }
        after_hex_escape = false;
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            _ if c == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7E => out.push(c),
            _ => {
                after_hex_escape = true;
                if upper {
                    write!(out, "\\x{b:02X}")
                } else {
                    write!(out, "\\x{b:02x}")
                }
                .expect("writing to a String");
            }
        }
    }
    out.push(quote);
    out
}

/// Writes text in a text format; for a byte format, its UTF-8 bytes.
///
/// ```
/// use charscope::escape::{format_text, EscapeFormat};
/// assert_eq!(format_text("é😀", EscapeFormat::Js), r#""\u00E9\u{1F600}""#);
/// assert_eq!(format_text("é😀", EscapeFormat::Java), r#""\u00E9\uD83D\uDE00""#);
/// assert_eq!(format_text("é😀", EscapeFormat::Json), r#""\u00e9\ud83d\ude00""#);
/// assert_eq!(format_text("<é>", EscapeFormat::Html), "&lt;&#xE9;&gt;");
/// ```
pub fn format_text(text: &str, format: EscapeFormat) -> String {
    if format.is_bytes() {
        return format_bytes(text.as_bytes(), format);
    }
    let mut out = String::with_capacity(text.len() + 2);
    if format != EscapeFormat::Html {
        out.push('"');
    }
    for c in text.chars() {
        let code = u32::from(c);
        match format {
            EscapeFormat::Html => match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' => out.push_str("&quot;"),
                '\'' => out.push_str("&#x27;"),
                '\t' | '\n' | ' '..='~' => out.push(c),
                _ => write!(out, "&#x{code:X};").expect("writing to a String"),
            },
            _ => match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                ' '..='~' => out.push(c),
                _ if format == EscapeFormat::Js && code > 0xFFFF => {
                    write!(out, "\\u{{{code:X}}}").expect("writing to a String")
                }
                _ => {
                    let mut units = [0u16; 2];
                    for unit in c.encode_utf16(&mut units) {
                        if format == EscapeFormat::Json {
                            write!(out, "\\u{unit:04x}")
                        } else {
                            write!(out, "\\u{unit:04X}")
                        }
                        .expect("writing to a String");
                    }
                }
            },
        }
    }
    if format != EscapeFormat::Html {
        out.push('"');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> String {
        unescape(s).unwrap().to_string_lossy()
    }

    #[test]
    fn every_form_reads_as_e_acute() {
        for form in [
            r"\u{E9}",
            r"\u00E9",
            r"\U000000E9",
            r"\xC3\xA9",
            "U+00E9",
            "&#233;",
            "&#xE9;",
            "&#XE9;",
            "&eacute;",
            r"\N{LATIN SMALL LETTER E WITH ACUTE}",
            "%C3%A9",
            "%c3%a9",
            "é",
        ] {
            assert_eq!(text(form), "é", "{form}");
        }
    }

    #[test]
    fn astral_characters_and_surrogate_pairs() {
        assert_eq!(text(r"\u{1F600}"), "😀");
        assert_eq!(text(r"\uD83D\uDE00"), "😀");
        assert_eq!(text(r"\uD83D\uDE00"), "😀");
        assert_eq!(text("U+1F600"), "😀");
        assert_eq!(text("&#x1F600;"), "😀");
        assert_eq!(text(r"\xF0\x9F\x98\x80"), "😀");
    }

    #[test]
    fn lone_surrogates_are_kept_and_become_u_fffd() {
        let out = unescape(r"a\uD83Db\uDE00").unwrap();
        assert_eq!(
            out.units,
            vec![
                EscapedUnit::Char('a'),
                EscapedUnit::LoneSurrogate(0xD83D),
                EscapedUnit::Char('b'),
                EscapedUnit::LoneSurrogate(0xDE00),
            ]
        );
        assert_eq!(out.lone_surrogates(), 2);
        assert_eq!(
            out.to_string_lossy().as_bytes(),
            b"a\xEF\xBF\xBDb\xEF\xBF\xBD"
        );
        assert!(out.notes()[0].contains("D83D"));
        // A low surrogate before a high one is two lone surrogates.
        assert_eq!(unescape(r"\uDE00\uD83D").unwrap().lone_surrogates(), 2);
    }

    #[test]
    fn simple_escapes_and_literal_characters() {
        assert_eq!(text(r#"a\tb\n\\ \" \' \0"#), "a\tb\n\\ \" ' \0");
        assert_eq!(
            text("AT&T 100% &amp; &notanentity"),
            "AT&T 100% & &notanentity"
        );
        assert_eq!(text("&NotEqualTilde;"), "\u{2242}\u{338}");
    }

    #[test]
    fn errors_name_the_column() {
        let at = |s: &str| {
            let e = unescape(s).unwrap_err();
            (e.line, e.column)
        };
        assert_eq!(at(r"ab\q"), (1, 3));
        assert_eq!(at(r"abc\u12"), (1, 4));
        assert_eq!(at(r"x\u{110000}"), (1, 2));
        assert_eq!(at(r"x\u{}"), (1, 2));
        assert_eq!(at("ok\nU+g"), (2, 1));
        assert_eq!(text("U+E9 U+1F600"), "é 😀");
        assert_eq!(at("é&#xD800;"), (1, 2));
        assert_eq!(at("&#12"), (1, 1));
        assert_eq!(at("&bogus;"), (1, 1));
        assert_eq!(at(r"\N{NO SUCH NAME}"), (1, 4));
        assert_eq!(at(r"\N{SNOWMAN"), (1, 1));
        // A name with a leading hyphen is no name (unicode_names2 alone panics on it with
        // overflow checks on, as in this test build; the fuzz target found it).
        assert_eq!(at(r"\N{-SSB}"), (1, 4));
        assert_eq!(text(r"\N{snow-man}"), "\u{2603}");
        assert_eq!(at("abc\\"), (1, 4));
        // Byte escapes that are not UTF-8.
        let e = unescape(r"ab\xE9").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(e.to_string().contains("not UTF-8"), "{e}");
        assert_eq!(at("x%C3"), (1, 2));
    }

    #[test]
    fn byte_formats() {
        let b = b"a\"\\\n\x00\xFFb";
        assert_eq!(format_bytes(b, EscapeFormat::Hex), "61 22 5C 0A 00 FF 62");
        assert_eq!(format_bytes(b, EscapeFormat::C), r#""a\"\\\n\x00\xFF""b""#);
        assert_eq!(
            format_bytes(b, EscapeFormat::Rust),
            r#"b"a\"\\\n\x00\xFFb""#
        );
        assert_eq!(
            format_bytes(b, EscapeFormat::Python),
            r#"b'a"\\\n\x00\xffb'"#
        );
        assert_eq!(format_bytes(b"a b~", EscapeFormat::Url), "a%20b~");
    }

    #[test]
    fn text_formats_read_back() {
        let s = "a\"\\\n\t\u{1}é€😀 <&>'";
        for format in [EscapeFormat::Js, EscapeFormat::Java, EscapeFormat::Json] {
            let written = format_text(s, format);
            let inner = &written[1..written.len() - 1];
            assert_eq!(text(inner), s, "{format}: {written}");
        }
        // HTML leaves backslashes alone, which unescape reads as escapes.
        let html = s.replace('\\', "");
        assert_eq!(text(&format_text(&html, EscapeFormat::Html)), html);
        assert_eq!(format_text("\u{1}", EscapeFormat::Json), r#""\u0001""#);
    }

    #[test]
    fn names_round_trip() {
        for f in EscapeFormat::ALL {
            assert_eq!(f.name().parse::<EscapeFormat>().unwrap(), f);
            assert_eq!(
                serde_json::to_string(&f).unwrap(),
                format!("\"{}\"", f.name())
            );
        }
        assert!("yaml".parse::<EscapeFormat>().is_err());
    }
}
