//! What the scanners send what they find to: a [`Sink`] of runs of text and malformed
//! sequences, with the helpers every scanner shares (the bytes kept between chunks, a run of
//! characters being gathered). Below every scanner and the [`super::Decoder`] that drives them.

use super::malformed::Malformed;
use crate::span::Span;

/// Where scanners send what they find.
pub(crate) trait Sink {
    /// Whether the sink uses text at all; a scanner may skip work that only makes text.
    fn wants_text(&self) -> bool {
        true
    }
    fn text(&mut self, span: Span, text: &str);
    fn malformed(&mut self, m: Malformed);
}

/// The bytes a scanner kept from the previous chunk joined with `src` (copied only when there
/// are any), and the absolute offset where the joined bytes start.
pub(crate) fn join_pending<'a>(
    pending: &mut Vec<u8>,
    src: &'a [u8],
    pos: u64,
) -> (std::borrow::Cow<'a, [u8]>, u64) {
    if pending.is_empty() {
        return (std::borrow::Cow::Borrowed(src), pos);
    }
    let base = pos - pending.len() as u64;
    let mut joined = std::mem::take(pending);
    joined.extend_from_slice(src);
    (std::borrow::Cow::Owned(joined), base)
}

/// Accumulates characters of a valid run until a malformed sequence or the end of a chunk.
pub(crate) struct TextRun {
    start: u64,
    text: String,
}

impl TextRun {
    pub(crate) fn new(start: u64) -> Self {
        TextRun {
            start,
            text: String::new(),
        }
    }

    pub(crate) fn push(&mut self, c: char) {
        self.text.push(c);
    }

    pub(crate) fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    pub(crate) fn flush(&mut self, sink: &mut dyn Sink, end: u64) {
        if !self.text.is_empty() {
            sink.text(Span::new(self.start, end), &self.text);
            self.text.clear();
        }
        self.start = end;
    }

    pub(crate) fn restart(&mut self, start: u64) {
        self.start = start;
    }
}
