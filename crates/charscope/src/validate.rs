//! Validation with positions a person can jump to: every malformed sequence of a stream with its
//! byte offset, line and column, and a summary per input. The JSON shapes of `charscope validate`
//! (`--json` writes one [`ValidateRecord`] per malformed sequence, then one [`ValidateSummary`]).
//!
//! Lines are counted at U+000A LINE FEED (so CR LF ends a line once); columns count characters
//! from 1, a malformed sequence counting as the one U+FFFD a lossy decode puts in its place.
//! Positions do not depend on how the input is cut into chunks.
//!
//! ```
//! use charscope::{BomMode, encoding, validate::Validator};
//! let mut v = Validator::new(encoding::UTF_8, BomMode::Strip);
//! let mut found = Vec::new();
//! v.feed(b"ok\nca\xC3f\xC3\xA9 \xFF", true, |f| found.push((f.line, f.column, f.malformed.offset())));
//! assert_eq!(found, [(2, 3, 5), (2, 7, 10)]);
//! assert_eq!(v.malformed_count(), 2);
//! ```

use crate::bom::{Bom, BomMode};
use crate::decode::{Malformed, Piece};
use crate::encoding::Encoding;
use crate::stream::StreamDecoder;
use serde::Serialize;

/// A malformed sequence with its line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The malformed sequence (offset, length, kind, reason).
    pub malformed: Malformed,
    /// The line, from 1.
    pub line: u64,
    /// The column in characters, from 1.
    pub column: u64,
}

/// A streaming validator: a [`StreamDecoder`] that also keeps the line and column.
#[derive(Debug)]
pub struct Validator {
    decoder: StreamDecoder,
    line: u64,
    /// Characters since the start of the line.
    column: u64,
    bytes: u64,
    count: u64,
}

impl Validator {
    /// A validator for `encoding`, treating a byte order mark as `mode` says.
    pub fn new(encoding: &'static Encoding, mode: BomMode) -> Validator {
        Validator {
            decoder: StreamDecoder::new(encoding, mode),
            line: 1,
            column: 0,
            bytes: 0,
            count: 0,
        }
    }

    /// Reads the next chunk (`last` for the final one) and calls `f` for each malformed sequence
    /// found, in order.
    pub fn feed(&mut self, chunk: &[u8], last: bool, mut f: impl FnMut(&Finding)) {
        self.bytes += chunk.len() as u64;
        let Validator {
            decoder,
            line,
            column,
            count,
            ..
        } = self;
        decoder.decode_pieces(chunk, last, |piece| match piece {
            Piece::Text { text, .. } => {
                let bytes = text.as_bytes();
                match memchr::memrchr(b'\n', bytes) {
                    Some(last_newline) => {
                        *line += memchr::memchr_iter(b'\n', bytes).count() as u64;
                        *column = text[last_newline + 1..].chars().count() as u64;
                    }
                    None => *column += text.chars().count() as u64,
                }
            }
            Piece::Malformed(malformed) => {
                *count += 1;
                f(&Finding {
                    malformed,
                    line: *line,
                    column: *column + 1,
                });
                *column += 1;
            }
        });
    }

    /// How many bytes were read.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// How many malformed sequences were found.
    pub fn malformed_count(&self) -> u64 {
        self.count
    }

    /// The encoding that decodes (a byte order mark may have chosen it under `sniff`).
    pub fn encoding(&self) -> &'static Encoding {
        self.decoder.encoding()
    }

    /// The byte order mark found, if any.
    pub fn bom(&self) -> Option<Bom> {
        self.decoder.bom()
    }

    /// The summary of what was read so far, for the input called `file`.
    pub fn summary(&self, file: &str) -> ValidateSummary {
        ValidateSummary {
            file: file.to_string(),
            encoding: self.encoding(),
            bytes: self.bytes,
            valid: self.count == 0,
            malformed_count: self.count,
            bom: self.bom().map(|b| b.encoding),
        }
    }
}

/// One malformed sequence, as `validate --json` writes it (one JSON line each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidateRecord {
    /// The input's name (a path, `<stdin>`).
    pub file: String,
    /// The byte offset from the start of the input.
    pub offset: u64,
    /// The line, from 1.
    pub line: u64,
    /// The column in characters, from 1.
    pub column: u64,
    /// The length in bytes.
    pub length: u64,
    /// The bytes, as upper-case hex pairs.
    pub hex: String,
    /// The kind (a stable kebab-case name).
    pub kind: &'static str,
    /// Why the bytes are malformed, in one sentence.
    pub reason: String,
}

impl ValidateRecord {
    /// The record of a finding in `file`.
    pub fn new(file: &str, finding: &Finding) -> ValidateRecord {
        let m = &finding.malformed;
        ValidateRecord {
            file: file.to_string(),
            offset: m.offset(),
            line: finding.line,
            column: finding.column,
            length: m.len(),
            hex: m.hex(),
            kind: m.kind.as_str(),
            reason: m.reason(),
        }
    }
}

/// The summary of one input, written after its records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidateSummary {
    /// The input's name.
    pub file: String,
    /// The encoding that decoded it.
    pub encoding: &'static Encoding,
    /// How many bytes were read.
    pub bytes: u64,
    /// Whether no malformed sequence was found.
    pub valid: bool,
    /// How many malformed sequences were found (all of them, however many were named).
    pub malformed_count: u64,
    /// The encoding whose byte order mark starts the input, if one does.
    pub bom: Option<&'static Encoding>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding;

    fn positions(encoding: &'static Encoding, chunks: &[&[u8]]) -> Vec<(u64, u64, u64)> {
        let mut v = Validator::new(encoding, BomMode::Strip);
        let mut out = Vec::new();
        for (i, chunk) in chunks.iter().enumerate() {
            v.feed(chunk, i + 1 == chunks.len(), |f| {
                out.push((f.line, f.column, f.malformed.offset()))
            });
        }
        out
    }

    #[test]
    fn lines_columns_and_offsets() {
        // Line 3 starts after "a\r\n" and "\n"; é is one column; C0 AE are two sequences.
        let input = b"a\r\n\n\xC3\xA9\xC0\xAE.\n\xE1\x80";
        let whole = positions(encoding::UTF_8, &[input]);
        assert_eq!(whole, [(3, 2, 6), (3, 3, 7), (4, 1, 10)]);
        // The same cut at every byte.
        for cut in 0..=input.len() {
            let (a, b) = input.split_at(cut);
            assert_eq!(positions(encoding::UTF_8, &[a, b]), whole, "cut at {cut}");
        }
        let bytewise: Vec<&[u8]> = input.chunks(1).chain([&[][..]]).collect();
        assert_eq!(positions(encoding::UTF_8, &bytewise), whole);
    }

    #[test]
    fn utf16_lines_count_characters_not_bytes() {
        // "é\n" then an unpaired high surrogate then "x" in UTF-16LE, after a BOM.
        let input = b"\xFF\xFE\xE9\x00\x0A\x00\x00\xD8x\x00";
        assert_eq!(positions(encoding::UTF_16LE, &[input]), [(2, 1, 6)]);
    }

    #[test]
    fn the_summary_counts_everything() {
        let mut v = Validator::new(encoding::UTF_8, BomMode::Strip);
        v.feed(b"\xEF\xBB\xBF\xFF\xFF", true, |_| {});
        let s = v.summary("f");
        assert_eq!((s.bytes, s.valid, s.malformed_count), (5, false, 2));
        assert_eq!(s.bom, Some(encoding::UTF_8));
    }
}
