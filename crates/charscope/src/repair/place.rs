//! A place of a line that a candidate repair changes, and how a sequence there lost a byte.

/// What one repaired sequence lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Loss {
    /// A U+FFFD stood for a byte.
    Replaced,
    /// A `?` stood for a byte.
    Question,
    /// The last byte was missing.
    Dropped,
}

/// One place to repair: the line's bytes `start..end` become `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Replacement {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) text: String,
    /// Sequences decoded whole.
    pub(crate) complete: usize,
    /// Sequences that lost a byte, each with where it stood in the line (offset, length).
    pub(crate) lost: Vec<(usize, usize, Loss)>,
}
