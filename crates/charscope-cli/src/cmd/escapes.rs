//! Escapes on the command line: `--escapes` for TEXT arguments, and `--format` for what
//! `encode` writes.

use crate::input::read_text;
use anyhow::{Result, anyhow};
use charscope::escape;

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
