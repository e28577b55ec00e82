//! Reading byte and text input: files, `-` for stdin, and inline hex.

use crate::args::ByteInput;
use anyhow::{Context, Result, bail};
use std::io::Read;
use std::path::Path;

/// Where the bytes of a command come from.
pub enum Source {
    /// Inline bytes (`--hex`).
    Inline(Vec<u8>),
    /// Standard input.
    Stdin,
    /// A file.
    File(std::path::PathBuf),
}

impl Source {
    /// The source an input argument names.
    pub fn from_args(input: &ByteInput) -> Result<Source> {
        if let Some(hex) = &input.hex {
            return Ok(Source::Inline(parse_hex(hex).context("cannot read --hex")?));
        }
        Ok(match &input.file {
            Some(path) if path.as_os_str() != "-" => Source::File(path.clone()),
            _ => Source::Stdin,
        })
    }

    /// A name for messages: the path, `<stdin>` or `<hex>`.
    pub fn name(&self) -> String {
        match self {
            Source::Inline(_) => "<hex>".into(),
            Source::Stdin => "<stdin>".into(),
            Source::File(path) => path.display().to_string(),
        }
    }

    /// Opens the source as a reader.
    pub fn open(&self) -> Result<Box<dyn Read>> {
        Ok(match self {
            Source::Inline(bytes) => Box::new(std::io::Cursor::new(bytes.clone())),
            Source::Stdin => Box::new(std::io::stdin().lock()),
            Source::File(path) => Box::new(open_file(path)?),
        })
    }

    /// The length in bytes, when known in advance.
    pub fn len(&self) -> Option<u64> {
        match self {
            Source::Inline(bytes) => Some(bytes.len() as u64),
            Source::Stdin => None,
            Source::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
        }
    }
}

/// Opens a file for reading, with a message that names it.
pub fn open_file(path: &Path) -> Result<std::fs::File> {
    std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))
}

/// Reads a chunk-at-a-time source to its end, calling `f(chunk, last)`; the final call has
/// `last` true (with an empty chunk if the input ended on a chunk boundary).
pub fn for_each_chunk(
    mut reader: impl Read,
    name: &str,
    mut f: impl FnMut(&[u8], bool) -> Result<()>,
) -> Result<()> {
    let mut buf = vec![0u8; 256 * 1024];
    let mut offset: u64 = 0;
    loop {
        let n = loop {
            match reader.read(&mut buf) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(e)
                        .with_context(|| format!("cannot read {name} at byte offset {offset}"));
                }
            }
        };
        if n == 0 {
            return f(&[], true);
        }
        offset += n as u64;
        f(&buf[..n], false)?;
    }
}

/// Reads plain hex: pairs of hex digits, with or without whitespace between pairs.
/// An odd digit or a stray character is an error that names its column (1-based).
pub fn parse_hex(text: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut high: Option<(usize, u8)> = None;
    for (i, c) in text.char_indices() {
        let column = text[..i].chars().count() + 1;
        if c.is_whitespace() {
            if let Some((col, _)) = high {
                bail!("column {col}: a lone hex digit; bytes are written as pairs of digits");
            }
            continue;
        }
        let Some(digit) = c.to_digit(16) else {
            bail!("column {column}: {c:?} is not a hex digit");
        };
        match high.take() {
            Some((_, h)) => bytes.push(h << 4 | digit as u8),
            None => high = Some((column, digit as u8)),
        }
    }
    if let Some((col, _)) = high {
        bail!("column {col}: a lone hex digit at the end; bytes are written as pairs of digits");
    }
    Ok(bytes)
}

/// Reads a TEXT argument: the text itself, or standard input for `-`.
pub fn read_text(arg: &str) -> Result<String> {
    if arg != "-" {
        return Ok(arg.to_string());
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            bail!(
                "standard input is not valid UTF-8 at byte offset {at} (use `charscope decode` to see why)"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_hex;

    #[test]
    fn hex_pairs_with_and_without_spaces() {
        assert_eq!(parse_hex("C0 AF 41").unwrap(), vec![0xC0, 0xAF, 0x41]);
        assert_eq!(parse_hex("c0af41").unwrap(), vec![0xC0, 0xAF, 0x41]);
        assert_eq!(parse_hex("").unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn odd_digits_and_stray_text_name_the_column() {
        assert!(
            parse_hex("C0 A 41")
                .unwrap_err()
                .to_string()
                .contains("column 4")
        );
        assert!(
            parse_hex("C0A")
                .unwrap_err()
                .to_string()
                .contains("column 3")
        );
        assert!(
            parse_hex("C0 zz")
                .unwrap_err()
                .to_string()
                .contains("column 4")
        );
    }
}
