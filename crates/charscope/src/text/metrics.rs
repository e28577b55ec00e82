//! The lengths of a text: one string, six numbers, each the answer of a different model.
//!
//! ```
//! use charscope::text::metrics::Lengths;
//! let l = Lengths::of("😀");
//! assert_eq!((l.utf8_bytes, l.utf16_units, l.code_points, l.graphemes), (4, 2, 1, 1));
//! ```

use icu_segmenter::GraphemeClusterSegmenter;
use serde::Serialize;
use unicode_width::UnicodeWidthStr;

/// The lengths of a text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Lengths {
    /// UTF-8 bytes: Go `len(s)`, Rust `s.len()`, Python `len(s.encode())`, `new
    /// TextEncoder().encode(s).length`, C `strlen`.
    pub utf8_bytes: usize,
    /// UTF-16 code units: JavaScript `s.length`, Java `s.length()`, C# `s.Length`.
    pub utf16_units: usize,
    /// UTF-32 bytes: four per code point.
    pub utf32_bytes: usize,
    /// Code points (Unicode scalar values): Python `len(s)`, Rust `s.chars().count()`, Go
    /// `utf8.RuneCountInString(s)`, JavaScript `[...s].length`.
    pub code_points: usize,
    /// Extended grapheme clusters (UAX #29): what a reader counts as characters; Swift `s.count`.
    pub graphemes: usize,
    /// Terminal columns, per `unicode-width` (East Asian Wide and emoji take two).
    pub columns: usize,
}

/// A counting model: the JSON key of a length, what it counts, and who counts that way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Model {
    /// The key in [`Lengths`] and in JSON.
    pub key: &'static str,
    /// What is counted.
    pub counts: &'static str,
    /// Which languages and APIs return this number.
    pub used_by: &'static str,
}

/// Every model, in the order of the fields of [`Lengths`].
pub const MODELS: [Model; 6] = [
    Model {
        key: "utf8_bytes",
        counts: "UTF-8 bytes",
        used_by: "Go len(s), Rust s.len(), Python len(s.encode()), C strlen",
    },
    Model {
        key: "utf16_units",
        counts: "UTF-16 code units",
        used_by: "JavaScript s.length, Java s.length(), C# s.Length",
    },
    Model {
        key: "utf32_bytes",
        counts: "UTF-32 bytes",
        used_by: "4 per code point",
    },
    Model {
        key: "code_points",
        counts: "code points",
        used_by: "Python len(s), Rust s.chars().count(), JavaScript [...s].length",
    },
    Model {
        key: "graphemes",
        counts: "grapheme clusters",
        used_by: "what a reader counts (UAX #29), Swift s.count",
    },
    Model {
        key: "columns",
        counts: "terminal columns",
        used_by: "monospace cells (unicode-width; fonts may differ)",
    },
];

impl Lengths {
    /// Measures `text`.
    pub fn of(text: &str) -> Lengths {
        let code_points = text.chars().count();
        Lengths {
            utf8_bytes: text.len(),
            utf16_units: text.chars().map(char::len_utf16).sum(),
            utf32_bytes: 4 * code_points,
            code_points,
            graphemes: grapheme_boundaries(text).len().saturating_sub(1),
            columns: columns(text),
        }
    }

    /// The lengths in the order of [`MODELS`].
    pub fn values(&self) -> [usize; 6] {
        [
            self.utf8_bytes,
            self.utf16_units,
            self.utf32_bytes,
            self.code_points,
            self.graphemes,
            self.columns,
        ]
    }
}

/// The byte offsets (into `text`) where extended grapheme clusters begin, plus `text.len()`:
/// `[0, len]` for one cluster, `[]` for the empty text. Segmentation by ICU4X (UAX #29).
pub fn grapheme_boundaries(text: &str) -> Vec<usize> {
    if text.is_empty() {
        return Vec::new();
    }
    GraphemeClusterSegmenter::new().segment_str(text).collect()
}

/// For each character of `text`, the index of the grapheme cluster it belongs to.
pub fn grapheme_of_each_char(text: &str) -> Vec<usize> {
    let bounds = grapheme_boundaries(text);
    let mut cluster = 0;
    text.char_indices()
        .map(|(at, _)| {
            while cluster + 1 < bounds.len() && bounds[cluster + 1] <= at {
                cluster += 1;
            }
            cluster
        })
        .collect()
}

/// Terminal columns of a whole text, per `unicode-width`, except that control characters take
/// none (a terminal acts on them instead of drawing them), as each character's own columns say
/// ([`crate::charinfo::columns`]); so the total agrees with the characters for "a\tb\u{1B}".
fn columns(text: &str) -> usize {
    text.split(char::is_control)
        .map(UnicodeWidthStr::width)
        .sum()
}

#[cfg(test)]
mod column_tests {
    use super::columns;

    #[test]
    fn controls_take_no_columns_in_the_total_either() {
        assert_eq!(columns("a\tb\u{1B}"), 2);
        assert_eq!(columns("\u{85}x\u{7F}"), 1);
        // Sequences keep unicode-width's reading: a family emoji is two columns, not six.
        assert_eq!(columns("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"), 2);
        assert_eq!(columns("日本"), 4);
    }
}
