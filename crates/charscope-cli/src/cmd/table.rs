//! Aligned terminal tables: columns sized by display width (unicode-width), not bytes, with
//! colour applied after padding so escapes never shift a column.

use crate::output::Style;
use crate::terminal;
use unicode_width::UnicodeWidthStr;

/// How a piece of a cell is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// As is.
    Plain,
    /// Secondary: offsets, marker bits, notes.
    Dim,
    /// Emphasis: headings, payload bits.
    Strong,
    /// Problems: malformed sequences.
    Bad,
    /// Names of encodings.
    Name,
}

impl Paint {
    fn apply(self, style: &Style, text: &str) -> String {
        match self {
            Paint::Plain => text.to_string(),
            Paint::Dim => style.dim(text),
            Paint::Strong => style.strong(text),
            Paint::Bad => style.bad(text),
            Paint::Name => style.path(text),
        }
    }
}

/// One cell: pieces of text, each with its paint.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    parts: Vec<(String, Paint)>,
}

impl Cell {
    /// A cell of one piece.
    pub fn new(text: impl Into<String>, paint: Paint) -> Cell {
        Cell {
            parts: vec![(text.into(), paint)],
        }
    }

    /// A cell of several pieces.
    pub fn parts(parts: Vec<(String, Paint)>) -> Cell {
        Cell { parts }
    }

    fn width(&self) -> usize {
        self.parts.iter().map(|(t, _)| t.width()).sum()
    }

    fn render(&self, style: &Style) -> String {
        self.parts.iter().map(|(t, p)| p.apply(style, t)).collect()
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell::new(text, Paint::Plain)
    }
}

impl From<&str> for Cell {
    fn from(text: &str) -> Cell {
        Cell::new(text, Paint::Plain)
    }
}

/// A table with an optional header row.
#[derive(Debug, Default)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<Cell>>,
    right: Vec<usize>,
    indent: usize,
}

impl Table {
    /// A table with these column headings (none for a key/value list).
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            indent: 2,
            ..Table::default()
        }
    }

    /// Right-aligns the given columns (numbers).
    pub fn right(mut self, columns: &[usize]) -> Table {
        self.right = columns.to_vec();
        self
    }

    /// Adds a row.
    pub fn row(&mut self, cells: Vec<Cell>) {
        self.rows.push(cells);
    }

    /// The table as lines, each ending in a newline; trailing spaces trimmed.
    pub fn render(&self, style: &Style) -> String {
        let header: Vec<Cell> = self
            .header
            .iter()
            .map(|h| Cell::new(h.clone(), Paint::Strong))
            .collect();
        let all: Vec<&Vec<Cell>> = (!header.is_empty())
            .then_some(&header)
            .into_iter()
            .chain(&self.rows)
            .collect();
        let columns = all.iter().map(|r| r.len()).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                all.iter()
                    .filter_map(|r| r.get(c))
                    .map(Cell::width)
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for row in all {
            let mut line = " ".repeat(self.indent);
            for (c, cell) in row.iter().enumerate() {
                let pad = " ".repeat(widths[c] - cell.width());
                if self.right.contains(&c) {
                    line.push_str(&pad);
                    line.push_str(&cell.render(style));
                } else {
                    line.push_str(&cell.render(style));
                    line.push_str(&pad);
                }
                line.push_str("  ");
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Untrusted text made safe for one table cell: controls, bidi and invisible characters
/// escaped (see [`terminal::sanitize`]), and newlines and tabs too.
pub fn cell_text(text: &str) -> String {
    terminal::sanitize(text)
        .replace('\n', "\\n")
        .replace('\t', "\\t")
}

/// `text` cut to at most `max` display columns, with "…" where it was cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.width() <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// A section heading.
pub fn heading(style: &Style, text: &str) -> String {
    format!("{}\n", style.strong(text))
}
