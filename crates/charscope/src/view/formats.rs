//! The output formats of `encode --format` and `/api/encode`, and the one rule for what each
//! writes.

use crate::escape::{self, EscapeFormat};
use serde::Serialize;

/// What an output format writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Of {
    /// The encoded bytes.
    Bytes,
    /// The text itself, as a string literal of a language whose strings are Unicode: the same
    /// whatever the encoding.
    Text,
}

/// An output format, as `/api/formats` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FormatInfo {
    /// Its name (`--format NAME`).
    pub name: &'static str,
    /// Bytes or text.
    pub of: Of,
    /// "café" in this format (as UTF-8 for the byte formats).
    pub example: String,
}

impl FormatInfo {
    /// The entry of `format`.
    pub fn of(format: EscapeFormat) -> FormatInfo {
        FormatInfo {
            name: format.name(),
            of: if format.is_bytes() {
                Of::Bytes
            } else {
                Of::Text
            },
            example: escape::format_text("café", format),
        }
    }
}

/// Every output format.
pub fn formats() -> Vec<FormatInfo> {
    EscapeFormat::ALL.into_iter().map(FormatInfo::of).collect()
}

/// `text` encoded as `bytes`, written in `format`: a byte format writes the bytes; a text format
/// (js, java, html, json) writes the text itself, which is the same whatever the encoding.
///
/// ```
/// use charscope::escape::EscapeFormat;
/// use charscope::view::formats::write;
/// assert_eq!(write("é€", &[0x26, 0x23], EscapeFormat::Js), r#""\u00E9\u20AC""#);
/// assert_eq!(write("é€", &[0xC3, 0xA9], EscapeFormat::C), r#""\xC3\xA9""#);
/// ```
pub fn write(text: &str, bytes: &[u8], format: EscapeFormat) -> String {
    if format.is_bytes() {
        escape::format_bytes(bytes, format)
    } else {
        escape::format_text(text, format)
    }
}
