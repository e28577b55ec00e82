//! Why a dump could not be read: what went wrong, on which line and column.

use std::fmt;

/// What kind of problem stopped [`super::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DumpErrorKind {
    /// The text is none of the formats (or not the one that was forced).
    Unrecognised,
    /// Something that is not part of the format: a stray word, a bad digit, a wrong separator.
    Invalid,
    /// The dump contradicts itself: an offset that does not follow, a hex column that disagrees
    /// with the text column, a length that disagrees with the bytes.
    Inconsistent,
    /// A line or the whole dump is cut short.
    Truncated,
    /// Two readings of the text give different bytes, and nothing in it says which is meant.
    Ambiguous,
    /// The dump left bytes out in a way that cannot be undone (`od -An` squeezing lines into `*`).
    Lossy,
    /// The dump stands for more bytes than the reader was asked to make (its `*` lines repeat a
    /// line over more than [`super::ParseOptions::max_bytes`]).
    TooLarge,
}

/// A dump that could not be read, with the 1-based line and column (in characters) where the
/// problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DumpError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What kind of problem it is.
    pub kind: DumpErrorKind,
    /// A sentence that says what is wrong (without the position).
    pub message: String,
}

impl DumpError {
    pub(crate) fn new(
        line: usize,
        column: usize,
        kind: DumpErrorKind,
        message: impl Into<String>,
    ) -> DumpError {
        DumpError {
            line,
            column,
            kind,
            message: message.into(),
        }
    }

    /// Where the error is, so that the furthest of several readings can be reported.
    pub(crate) fn position(&self) -> (usize, usize) {
        (self.line, self.column)
    }
}

impl fmt::Display for DumpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for DumpError {}
