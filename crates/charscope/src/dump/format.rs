//! Bytes laid out as dumps: [`HexdumpCanonical`] writes exactly what `hexdump -C` writes, and
//! [`Annotator`] groups decoded units into rows where each character's bytes stand together.
//! Both stream: they hold at most one row between calls.

use crate::decode::{Malformed, Unit};
use std::fmt::Write;

/// Writes `hexdump -C` output, byte for byte as util-linux writes it: 16 bytes per line as two
/// groups of 8, the text column between `|`, a line identical to the one before it squeezed into
/// one `*`, and the final offset (the length) on the last line. An empty input gives nothing.
///
/// ```
/// use charscope::dump::HexdumpCanonical;
/// assert_eq!(
///     HexdumpCanonical::format(b"hi\n"),
///     "00000000  68 69 0a                                          |hi.|\n00000003\n"
/// );
/// ```
#[derive(Clone, Debug, Default)]
pub struct HexdumpCanonical {
    offset: u64,
    line: Vec<u8>,
    previous: Option<[u8; 16]>,
    squeezing: bool,
}

impl HexdumpCanonical {
    /// A writer at offset 0.
    pub fn new() -> HexdumpCanonical {
        HexdumpCanonical::default()
    }

    /// The whole dump of `bytes`.
    pub fn format(bytes: &[u8]) -> String {
        let mut out = String::new();
        let mut writer = HexdumpCanonical::new();
        writer.write(bytes, &mut out);
        writer.finish(&mut out);
        out
    }

    /// Appends the lines that `bytes` complete to `out`.
    pub fn write(&mut self, bytes: &[u8], out: &mut String) {
        for &b in bytes {
            self.line.push(b);
            if self.line.len() == 16 {
                let mut full = [0u8; 16];
                full.copy_from_slice(&self.line);
                self.line.clear();
                if self.previous == Some(full) {
                    if !self.squeezing {
                        out.push_str("*\n");
                        self.squeezing = true;
                    }
                } else {
                    write_canonical_line(out, self.offset, &full);
                    self.previous = Some(full);
                    self.squeezing = false;
                }
                self.offset += 16;
            }
        }
    }

    /// Appends the last, partial line and the final offset line, and starts over at offset 0.
    pub fn finish(&mut self, out: &mut String) {
        if !self.line.is_empty() {
            write_canonical_line(out, self.offset, &self.line);
            self.offset += self.line.len() as u64;
        }
        if self.offset > 0 {
            writeln!(out, "{:08x}", self.offset).expect("writing to a String");
        }
        *self = HexdumpCanonical::new();
    }
}

fn write_canonical_line(out: &mut String, offset: u64, bytes: &[u8]) {
    write!(out, "{offset:08x}  ").expect("writing to a String");
    for i in 0..16 {
        if i == 8 {
            out.push(' ');
        }
        match bytes.get(i) {
            Some(b) => write!(out, "{b:02x} ").expect("writing to a String"),
            None => out.push_str("   "),
        }
    }
    out.push_str(" |");
    out.extend(bytes.iter().map(|&b| super::lines::printable_or_dot(b)));
    out.push_str("|\n");
}

/// What a byte is within its unit, so that a dump can colour it. The same rule for every
/// encoding and every view (dump rows, the page's byte grid): the only byte of a character is
/// single; of several, the first is the lead and the others are continuations (UTF-16
/// `3D D8 00 DE` is lead, continuation, continuation, continuation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ByteRole {
    /// The only byte of a character.
    Single,
    /// The first byte of a character of several bytes.
    Lead,
    /// A later byte of a character of several bytes.
    Continuation,
    /// A byte of a malformed sequence.
    Malformed,
}

/// One unit's bytes in a row: a character (or, rarely, two that share their bytes) or a
/// malformed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Offset of the first byte shown in this cell.
    pub offset: u64,
    /// The bytes shown in this cell.
    pub bytes: Vec<u8>,
    /// The character(s) the bytes decode to; empty for a malformed sequence.
    pub text: String,
    /// The malformed sequence, if the bytes are one.
    pub malformed: Option<Malformed>,
    /// Whether the unit began on an earlier row (only a unit longer than a row is split).
    pub continued: bool,
}

impl ByteRole {
    /// The role of the byte at `index` of a unit of `len` bytes; `continued` when the bytes
    /// shown are the tail of a unit that began earlier.
    pub fn in_unit(index: usize, len: usize, malformed: bool, continued: bool) -> ByteRole {
        if malformed {
            ByteRole::Malformed
        } else if len == 1 && !continued {
            ByteRole::Single
        } else if index == 0 && !continued {
            ByteRole::Lead
        } else {
            ByteRole::Continuation
        }
    }

    /// The roles of every byte of a unit of `len` bytes.
    pub fn of_unit(len: usize, malformed: bool) -> Vec<ByteRole> {
        (0..len)
            .map(|i| ByteRole::in_unit(i, len, malformed, false))
            .collect()
    }
}

impl Cell {
    /// The role of the byte at `index` in this cell.
    pub fn role(&self, index: usize) -> ByteRole {
        ByteRole::in_unit(
            index,
            self.bytes.len(),
            self.malformed.is_some(),
            self.continued,
        )
    }

    /// The cell as `dump --json` writes it.
    pub fn view(&self) -> CellView<'_> {
        CellView {
            offset: self.offset,
            hex: crate::decode::hex_pairs(&self.bytes),
            roles: (0..self.bytes.len()).map(|i| self.role(i)).collect(),
            text: &self.text,
            continued: self.continued,
            malformed: self.malformed.as_ref(),
        }
    }
}

/// One cell of a dump row, as `dump --json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CellView<'a> {
    /// Offset of the first byte shown.
    pub offset: u64,
    /// The bytes shown.
    pub hex: String,
    /// What each byte is.
    pub roles: Vec<ByteRole>,
    /// The character(s); empty for a malformed sequence.
    pub text: &'a str,
    /// Whether the unit began on an earlier row.
    pub continued: bool,
    /// The malformed sequence, if the bytes are one.
    pub malformed: Option<&'a Malformed>,
}

/// One row of an annotated dump, as `dump --json` writes it (one JSON line per row).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RowView<'a> {
    /// Offset of the row's first byte.
    pub offset: u64,
    /// How many bytes the row shows.
    pub length: usize,
    /// The units.
    pub cells: Vec<CellView<'a>>,
}

/// One row of an annotated dump: whole units, at most [`Annotator::width`] bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnnotatedRow {
    /// Offset of the row's first byte.
    pub offset: u64,
    /// The units, in order.
    pub cells: Vec<Cell>,
}

impl AnnotatedRow {
    /// How many bytes the row shows.
    pub fn len(&self) -> usize {
        self.cells.iter().map(|c| c.bytes.len()).sum()
    }

    /// Whether the row shows no byte.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row as `dump --json` writes it.
    pub fn view(&self) -> RowView<'_> {
        RowView {
            offset: self.offset,
            length: self.len(),
            cells: self.cells.iter().map(Cell::view).collect(),
        }
    }

    /// The malformed sequences that begin in this row.
    pub fn malformed(&self) -> impl Iterator<Item = &Malformed> {
        self.cells
            .iter()
            .filter(|c| !c.continued)
            .filter_map(|c| c.malformed.as_ref())
    }
}

/// Groups decoded units into rows for an annotated dump, streaming.
///
/// Feed each chunk's bytes with [`Annotator::push_bytes`], then the units the decoder found in
/// it with [`Annotator::push_unit`]; take the finished rows with [`Annotator::take_rows`] and
/// call [`Annotator::finish`] at the end. Units must cover the input without gaps (decode with
/// the byte order mark kept); a row never splits a unit unless the unit is longer than a row.
///
/// ```
/// use charscope::dump::{Annotator, ByteRole};
/// use charscope::{decode, encoding};
/// let bytes = b"A\xC3\xA9\xC0";
/// let mut annotator = Annotator::new(16);
/// annotator.push_bytes(bytes);
/// for unit in decode::units(bytes, encoding::UTF_8) {
///     annotator.push_unit(unit);
/// }
/// annotator.finish();
/// let rows = annotator.take_rows();
/// let cells = &rows[0].cells;
/// assert_eq!(cells[1].text, "é");
/// assert_eq!((cells[1].role(0), cells[1].role(1)), (ByteRole::Lead, ByteRole::Continuation));
/// assert_eq!(cells[2].role(0), ByteRole::Malformed);
/// ```
#[derive(Clone, Debug)]
pub struct Annotator {
    width: usize,
    /// Bytes not yet forgotten, starting at absolute offset `pending_start`.
    pending: Vec<u8>,
    pending_start: u64,
    /// Absolute offset one past the last byte a unit took.
    consumed: u64,
    row: AnnotatedRow,
    rows: Vec<AnnotatedRow>,
}

impl Annotator {
    /// The row width `charscope dump` uses, as hexdump does.
    pub const DEFAULT_WIDTH: usize = 16;

    /// An annotator with rows of at most `width` bytes (at least 1).
    pub fn new(width: usize) -> Annotator {
        Annotator {
            width: width.max(1),
            pending: Vec::new(),
            pending_start: 0,
            consumed: 0,
            row: AnnotatedRow::default(),
            rows: Vec::new(),
        }
    }

    /// The most bytes a row holds.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The bytes of the next chunk, before its units.
    pub fn push_bytes(&mut self, chunk: &[u8]) {
        // Forget what the units so far took: once a chunk, so that the work stays linear.
        let taken =
            ((self.consumed.saturating_sub(self.pending_start)) as usize).min(self.pending.len());
        self.pending.drain(..taken);
        self.pending_start += taken as u64;
        self.pending.extend_from_slice(chunk);
    }

    /// The next unit the decoder found.
    pub fn push_unit(&mut self, unit: Unit) {
        let span = unit.span();
        if span.is_empty() {
            if let (Unit::Char { ch, .. }, Some(last)) = (unit, self.row.cells.last_mut()) {
                last.text.push(ch);
            }
            return;
        }
        let from = span.start.saturating_sub(self.pending_start) as usize;
        let to = (span.end - self.pending_start) as usize;
        let bytes: Vec<u8> =
            self.pending[from.min(self.pending.len())..to.min(self.pending.len())].to_vec();
        self.consumed = span.end;
        let (text, malformed) = match unit {
            Unit::Char { ch, .. } => (ch.to_string(), None),
            Unit::Malformed(m) => (String::new(), Some(m)),
        };
        let mut offset = span.start;
        for (k, piece) in bytes.chunks(self.width).enumerate() {
            if self.row.len() + piece.len() > self.width {
                self.flush();
            }
            if self.row.cells.is_empty() {
                self.row.offset = offset;
            }
            self.row.cells.push(Cell {
                offset,
                bytes: piece.to_vec(),
                text: if k == 0 { text.clone() } else { String::new() },
                malformed,
                continued: k > 0,
            });
            offset += piece.len() as u64;
        }
    }

    fn flush(&mut self) {
        if !self.row.cells.is_empty() {
            self.rows.push(std::mem::take(&mut self.row));
        }
    }

    /// Ends the input: the last row is finished.
    pub fn finish(&mut self) {
        self.flush();
        self.pending.clear();
        self.pending_start = 0;
        self.consumed = 0;
    }

    /// The rows finished so far.
    pub fn take_rows(&mut self) -> Vec<AnnotatedRow> {
        std::mem::take(&mut self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{decode, encoding};

    #[test]
    fn squeezes_repeated_lines_and_ends_with_the_length() {
        let bytes = [0u8; 48];
        assert_eq!(
            HexdumpCanonical::format(&bytes),
            "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000030\n"
        );
        assert_eq!(HexdumpCanonical::format(b""), "");
    }

    #[test]
    fn rows_never_split_a_character() {
        let text = "abcdefghijklmno\u{20AC}";
        let mut annotator = Annotator::new(16);
        annotator.push_bytes(text.as_bytes());
        for unit in decode::units(text.as_bytes(), encoding::UTF_8) {
            annotator.push_unit(unit);
        }
        annotator.finish();
        let rows = annotator.take_rows();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].len(), 15);
        assert_eq!(rows[1].offset, 15);
        assert_eq!(rows[1].cells[0].bytes, [0xE2, 0x82, 0xAC]);
    }
}
