//! Output formats for the encode panel's copy button: the bytes as hex, a C, Rust or Python
//! literal, or percent-encoded; or the text as a JavaScript or JSON string literal.

use serde::Serialize;
use std::fmt::Write;

/// What a format writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Of {
    /// The encoded bytes.
    Bytes,
    /// The text itself, as a string literal of a language whose strings are Unicode: the same
    /// whatever the encoding.
    Text,
}

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Format {
    /// The stable name (`"c"`).
    pub name: &'static str,
    /// Bytes or text.
    pub of: Of,
    /// What it looks like.
    pub example: &'static str,
}

/// Every format, in the order the page lists them.
pub const ALL: [Format; 7] = [
    Format {
        name: "hex",
        of: Of::Bytes,
        example: "63 61 66 C3 A9",
    },
    Format {
        name: "c",
        of: Of::Bytes,
        example: r#""caf\xC3\xA9""#,
    },
    Format {
        name: "rust",
        of: Of::Bytes,
        example: r#"b"caf\xC3\xA9""#,
    },
    Format {
        name: "python",
        of: Of::Bytes,
        example: r"b'caf\xc3\xa9'",
    },
    Format {
        name: "url",
        of: Of::Bytes,
        example: "caf%C3%A9",
    },
    Format {
        name: "js",
        of: Of::Text,
        example: r#""caf\u00E9""#,
    },
    Format {
        name: "json",
        of: Of::Text,
        example: r#""caf\u00e9""#,
    },
];

/// The format called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Format> {
    ALL.into_iter()
        .find(|f| f.name.eq_ignore_ascii_case(name.trim()))
}

/// Writes `bytes` (the text encoded) or `text` in `format`.
pub fn write(format: Format, bytes: &[u8], text: &str) -> String {
    match format.name {
        "c" => byte_literal(bytes, "\"", '"', true),
        "rust" => byte_literal(bytes, "b\"", '"', true),
        "python" => byte_literal(bytes, "b'", '\'', false),
        "url" => bytes.iter().fold(String::new(), |mut out, &b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                out.push(char::from(b));
            } else {
                let _ = write!(out, "%{b:02X}");
            }
            out
        }),
        "js" => js_literal(text),
        "json" => json_literal(text),
        _ => charscope::decode::hex_pairs(bytes),
    }
}

/// A quoted byte literal: printable ASCII as itself, other bytes as `\xNN`.
fn byte_literal(bytes: &[u8], open: &str, quote: char, upper: bool) -> String {
    let mut out = String::from(open);
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            _ if char::from(b) == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7E => out.push(char::from(b)),
            _ if upper => {
                let _ = write!(out, "\\x{b:02X}");
            }
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push(quote);
    out
}

/// A JavaScript string literal: printable ASCII as itself, other characters as `\uXXXX` or
/// `\u{XXXXX}`.
fn js_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            ' '..='~' => out.push(c),
            c if u32::from(c) > 0xFFFF => {
                let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
        }
    }
    out.push('"');
    out
}

/// A JSON string in ASCII: other characters as `\uxxxx`, astral ones as surrogate pairs.
fn json_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            ' '..='~' => out.push(c),
            c => {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_writes_its_example() {
        let text = "café";
        for format in ALL {
            assert_eq!(
                write(format, text.as_bytes(), text),
                format.example,
                "{}",
                format.name
            );
        }
        let all = "\"\\\n\u{1F600}";
        assert_eq!(write(find("js").unwrap(), &[], all), r#""\"\\\n\u{1F600}""#);
        assert_eq!(
            write(find("JSON").unwrap(), &[], all),
            r#""\"\\\n\ud83d\ude00""#
        );
        assert_eq!(write(find("c").unwrap(), b"a\"\x00", ""), r#""a\"\x00""#);
        assert_eq!(write(find("python").unwrap(), b"'", ""), r"b'\''");
        assert_eq!(write(find("url").unwrap(), b"a b/~", ""), "a%20b%2F~");
        assert!(find("cobol").is_none());
    }
}
