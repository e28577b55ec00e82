//! Hex dumps in and out: whatever a user pastes (`hexdump -C`, `xxd`, `od`, hexyl, a hex string
//! from a log, a C array, a URL) back to the exact bytes, and bytes laid out as dumps.
//!
//! # Contract
//! - [`parse`] recognises the format by itself, or takes the one [`ParseOptions::format`] forces,
//!   and says which it recognised ([`Parsed::format`]).
//! - **Never a silent guess.** An input that is none of the formats, or that contradicts itself
//!   (an offset that does not follow, a hex column that disagrees with the text column, a
//!   truncated line), is a [`DumpError`] with a 1-based line and column. Where two readings of
//!   the same text give different bytes, that is an error too ([`DumpErrorKind::Ambiguous`]).
//!   Where the dump itself cannot tell (the byte order of 16-bit words, a dump that starts past
//!   offset 0), the bytes come with a sentence in [`Parsed::warnings`].
//! - The layouts in [`format`] write exactly what the real tools write: `parse(format(b)) == b`.
//!
//! ```
//! use charscope::dump::{self, DumpFormat, ParseOptions};
//! let text = "00000000  63 61 66 c3 a9 0a                                |caf...|\n00000006\n";
//! let parsed = dump::parse(text, &ParseOptions::default()).unwrap();
//! assert_eq!(parsed.bytes, b"caf\xC3\xA9\n");
//! assert_eq!(parsed.format, DumpFormat::HexdumpCanonical);
//! ```

mod assemble;
mod bytes;
mod canonical;
mod choose;
mod error;
mod fence;
pub mod format;
mod lines;
mod od;
mod parse;
mod plain;
mod prompt;
mod xxd;
mod xxd_fast;

pub use bytes::{DumpBytes, DumpReader};
pub use error::{DumpError, DumpErrorKind};
pub use format::{AnnotatedRow, Annotator, ByteRole, Cell, CellView, HexdumpCanonical, RowView};
pub use parse::{parse, parse_lazy};
pub use xxd_fast::read_xxd_default;

use crate::encoding::Endian;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// A dump format [`parse`] can read. The kebab-case names are stable: JSON and `--format` use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum DumpFormat {
    /// `hexdump -C` and `hd` (util-linux, BSD, BusyBox): offset, 16 bytes, `|text|`.
    HexdumpCanonical,
    /// `hexdump` without options: 16-bit words in the byte order of the machine that made it.
    HexdumpWords,
    /// `xxd` with any of `-c`, `-g`, `-u`, `-s`, `-d`, `-o`, `-a` (BusyBox `xxd` too).
    Xxd,
    /// `xxd -e`: little-endian groups, each group's bytes written last first.
    XxdLittleEndian,
    /// `xxd -b`: each byte as eight bits.
    XxdBits,
    /// `xxd -p`: plain hex, 30 bytes (60 digits) per line.
    XxdPlain,
    /// `xxd -i`: a C array with its `_len` variable.
    XxdInclude,
    /// `od` (GNU coreutils, BusyBox) with `-A`, `-b`, `-c`, `-x`, `-d`, `-t x1/x2/x4/x8/o1/o2/o4/d1/d2/u2`, `z`.
    Od,
    /// hexyl's boxed output (unicode, ascii or no border).
    Hexyl,
    /// Plain hex pairs with any separators: spaces, colons, commas, dashes, `0x` prefixes.
    Hex,
    /// An array of byte values: `{0xC3, 0xA9}`, `[195, 169]`, `new byte[] {(byte)0xC3}`.
    CArray,
    /// `\xC3\xA9`, or a quoted byte-string literal: `b"caf\xc3\xa9"`, `"\303\251"`.
    HexEscapes,
    /// Percent-encoding: `%C3%A9`, or a URL with some of its bytes percent-encoded.
    Percent,
    /// Base64 (standard or URL-safe alphabet); read only when asked for.
    Base64,
}

impl DumpFormat {
    /// Every format, in the order auto-detection tries them.
    pub const ALL: [DumpFormat; 14] = [
        DumpFormat::Hexyl,
        DumpFormat::Xxd,
        DumpFormat::XxdLittleEndian,
        DumpFormat::XxdBits,
        DumpFormat::HexdumpCanonical,
        DumpFormat::HexdumpWords,
        DumpFormat::Od,
        DumpFormat::XxdInclude,
        DumpFormat::XxdPlain,
        DumpFormat::CArray,
        DumpFormat::HexEscapes,
        DumpFormat::Percent,
        DumpFormat::Hex,
        DumpFormat::Base64,
    ];

    /// The stable kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            DumpFormat::HexdumpCanonical => "hexdump-canonical",
            DumpFormat::HexdumpWords => "hexdump-words",
            DumpFormat::Xxd => "xxd",
            DumpFormat::XxdLittleEndian => "xxd-little-endian",
            DumpFormat::XxdBits => "xxd-bits",
            DumpFormat::XxdPlain => "xxd-plain",
            DumpFormat::XxdInclude => "xxd-include",
            DumpFormat::Od => "od",
            DumpFormat::Hexyl => "hexyl",
            DumpFormat::Hex => "hex",
            DumpFormat::CArray => "c-array",
            DumpFormat::HexEscapes => "hex-escapes",
            DumpFormat::Percent => "percent",
            DumpFormat::Base64 => "base64",
        }
    }

    /// The command that writes this format, for messages.
    pub fn description(self) -> &'static str {
        match self {
            DumpFormat::HexdumpCanonical => "hexdump -C",
            DumpFormat::HexdumpWords => "hexdump (16-bit words)",
            DumpFormat::Xxd => "xxd",
            DumpFormat::XxdLittleEndian => "xxd -e",
            DumpFormat::XxdBits => "xxd -b",
            DumpFormat::XxdPlain => "xxd -p",
            DumpFormat::XxdInclude => "xxd -i",
            DumpFormat::Od => "od",
            DumpFormat::Hexyl => "hexyl",
            DumpFormat::Hex => "plain hex",
            DumpFormat::CArray => "an array of byte values",
            DumpFormat::HexEscapes => "\\x escapes",
            DumpFormat::Percent => "percent-encoding",
            DumpFormat::Base64 => "base64",
        }
    }
}

impl fmt::Display for DumpFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`DumpFormat`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownFormat {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown dump format {:?}; the formats are: ", self.name)?;
        for (i, format) in DumpFormat::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(format.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for DumpFormat {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<DumpFormat, UnknownFormat> {
        DumpFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownFormat { name: s.into() })
    }
}

/// How [`parse`] reads a dump.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Read the text as this format only, instead of recognising it. Base64 is read only when
    /// asked for here.
    pub format: Option<DumpFormat>,
    /// The byte order of multi-byte words (`hexdump`, `od -x`, `od -t x2`...), which the dump
    /// cannot tell: the order of the machine that made it. `None` reads little-endian (x86 and
    /// ARM, nearly every machine today) and says so in [`Parsed::warnings`].
    pub word_order: Option<Endian>,
    /// The most bytes [`parse`] makes of a dump (its `*` lines expanded); more is a
    /// [`DumpErrorKind::TooLarge`] error. `None`: [`MAX_BYTES`]. [`parse_lazy`] expands nothing.
    pub max_bytes: Option<u64>,
}

impl ParseOptions {
    /// Options that force `format`.
    pub fn with_format(mut self, format: Option<DumpFormat>) -> ParseOptions {
        self.format = format;
        self
    }

    /// Options that read words in `order`.
    pub fn with_word_order(mut self, order: Option<Endian>) -> ParseOptions {
        self.word_order = order;
        self
    }

    /// Options under which [`parse`] makes `max` bytes at most.
    pub fn with_max_bytes(mut self, max: u64) -> ParseOptions {
        self.max_bytes = Some(max);
        self
    }
}

/// The most bytes [`parse`] makes of a dump unless [`ParseOptions::max_bytes`] says otherwise: a
/// pasted dump whose `*` lines stand for more is far more likely wrong than meant.
pub const MAX_BYTES: u64 = 1 << 30;

/// A dump read back by [`parse_lazy`]: its bytes with the `*` lines not expanded (a few lines
/// may stand for gigabytes: they are made only as they are read), the format recognised, and
/// what the dump could not tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LazyParsed {
    /// The bytes, runs of `*` lines kept as they are written.
    pub bytes: DumpBytes,
    /// The format the text was read as.
    pub format: DumpFormat,
    /// Sentences about readings the dump could not settle by itself.
    pub warnings: Vec<String>,
}

impl LazyParsed {
    /// The dump with its bytes made, when there are `max` at most; else a
    /// [`DumpErrorKind::TooLarge`] error at the offset after the `*` line that goes past.
    pub fn expand(self, max: u64) -> Result<Parsed, DumpError> {
        self.check_len(max)?;
        let bytes = self.bytes.to_vec(max).expect("checked");
        Ok(Parsed {
            bytes,
            format: self.format,
            warnings: self.warnings,
        })
    }

    /// Whether the dump stands for `max` bytes at most; else the error [`LazyParsed::expand`]
    /// gives.
    pub fn check_len(&self, max: u64) -> Result<(), DumpError> {
        let len = self.bytes.len();
        if len <= max {
            return Ok(());
        }
        let (at, star) = match self.bytes.run_past(max) {
            Some(run) => (
                run.end_at,
                format!(
                    " (the * line on line {} repeats the line before it up to here)",
                    run.star_line
                ),
            ),
            None => ((1, 1), String::new()),
        };
        Err(DumpError::new(
            at.0,
            at.1,
            DumpErrorKind::TooLarge,
            format!("the dump stands for {len} bytes{star}; at most {max} are read here"),
        ))
    }
}

/// A dump read back: the exact bytes, the format recognised, and what the dump could not tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Parsed {
    /// The bytes.
    #[serde(skip)]
    pub bytes: Vec<u8>,
    /// The format the text was read as.
    pub format: DumpFormat,
    /// Sentences about readings the dump could not settle by itself (the byte order of words,
    /// a dump that starts past offset 0, decimal numbers in an array...).
    pub warnings: Vec<String>,
}
