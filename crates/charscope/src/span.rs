//! Byte spans: where a unit sits in the original input.

use serde::Serialize;

/// A half-open range of absolute byte offsets, `start..end`, counted from the first byte of the
/// input (not of the chunk being decoded, and not after a stripped byte order mark).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u64,
    /// Offset one past the last byte.
    pub end: u64,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: u64, end: u64) -> Span {
        Span { start, end }
    }

    /// How many bytes the span covers.
    pub const fn len(&self) -> u64 {
        self.end - self.start
    }

    /// Whether the span covers no byte (a character that shares the bytes of the one before it).
    pub const fn is_empty(&self) -> bool {
        self.end == self.start
    }
}
