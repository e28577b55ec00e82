//! Escapes on the command line: `--escapes` for TEXT arguments, and `--format` for what
//! `encode` writes.

use crate::input::read_text;
use anyhow::{Result, anyhow};
use charscope::Encoding;
use charscope::escape::{self, EscapeFormat};

/// Reads a TEXT argument (or `-`), reading its escapes when asked. A lone surrogate becomes
/// U+FFFD, and standard error says so.
pub fn read_text_arg(arg: &str, escapes: bool) -> Result<String> {
    let text = read_text(arg)?;
    if !escapes {
        return Ok(text);
    }
    let unescaped =
        escape::unescape(&text).map_err(|e| anyhow!("cannot read the escapes in TEXT: {e}"))?;
    for note in unescaped.notes() {
        eprintln!("charscope: note: {note}");
    }
    Ok(unescaped.to_string_lossy())
}

/// The bytes written in `format`: byte formats show the bytes themselves; text formats (js,
/// java, html, json) show the text the bytes stand for in `encoding`.
pub fn formatted(bytes: &[u8], encoding: &'static Encoding, format: EscapeFormat) -> String {
    if format.is_bytes() {
        escape::format_bytes(bytes, format)
    } else {
        escape::format_text(&charscope::decode::decode(bytes, encoding).text, format)
    }
}
