//! A scanner driven by a small state machine that reads one unit at a time: CESU-8,
//! ISO-2022-KR, Johab and EUC-TW. The machine looks at the bytes from the current position and
//! says what the next unit is, or that it needs more bytes (kept between chunks: at most the
//! few bytes of one unfinished sequence), so chunking never changes the result.

use super::sink::{Sink, TextRun, join_pending};
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::Encoding;
use crate::span::Span;

/// What the bytes at the current position are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Not decidable yet: the bytes so far begin a sequence (only when not at the end).
    NeedMore,
    /// A character made of the next `len` bytes.
    Char { ch: char, len: usize },
    /// `len` bytes that make no character (an escape sequence, a shift): no unit.
    Skip(usize),
    /// A malformed sequence of `len` bytes.
    Malformed {
        kind: MalformedKind,
        len: usize,
        cut: Cut,
    },
}

/// One encoding's rules.
pub(crate) trait Machine: std::fmt::Debug + Send {
    /// The unit at the start of `data` (never empty); `last` when no more bytes will come.
    fn step(&mut self, data: &[u8], last: bool) -> Step;
}

/// The driver: joins the bytes kept from the last chunk, steps the machine, and sends units.
#[derive(Debug)]
pub(crate) struct StepScanner {
    encoding: &'static Encoding,
    machine: Box<dyn Machine>,
    pending: Vec<u8>,
    /// Where skipped bytes (escapes, shifts) began that no unit has taken yet: the next
    /// character's span starts there, as encoding_rs gives ISO-2022-JP's escapes to the
    /// character after them, so that a dump shows every byte.
    skipped_from: Option<u64>,
}

impl StepScanner {
    pub(crate) fn new(encoding: &'static Encoding, machine: Box<dyn Machine>) -> StepScanner {
        StepScanner {
            encoding,
            machine,
            pending: Vec::new(),
            skipped_from: None,
        }
    }

    pub(crate) fn scan(
        &mut self,
        src: &[u8],
        last: bool,
        pos: u64,
        per_char: bool,
        sink: &mut dyn Sink,
    ) {
        let (data, base) = join_pending(&mut self.pending, src, pos);
        let data = &*data;
        let wants_text = sink.wants_text();
        let mut run = TextRun::new(base);
        let mut i = 0;
        while i < data.len() {
            let at = base + i as u64;
            match self.machine.step(&data[i..], last) {
                Step::NeedMore if !last => break,
                Step::NeedMore => {
                    self.skipped_from = None;
                    // A machine should not ask for more at the end; name what is left.
                    self.malformed(
                        sink,
                        &mut run,
                        at,
                        &data[i..],
                        MalformedKind::Truncated,
                        Cut::ByEnd,
                    );
                    i = data.len();
                }
                Step::Char { ch, len } => {
                    if per_char {
                        let mut buf = [0u8; 4];
                        let start = self.skipped_from.take().unwrap_or(at);
                        sink.text(Span::new(start, at + len as u64), ch.encode_utf8(&mut buf));
                        run.restart(at + len as u64);
                    } else if wants_text {
                        run.push(ch);
                    }
                    i += len;
                }
                Step::Skip(len) => {
                    if per_char {
                        self.skipped_from.get_or_insert(at);
                        run.restart(at + len as u64);
                    }
                    i += len;
                }
                Step::Malformed { kind, len, cut } => {
                    self.skipped_from = None;
                    let len = len.clamp(1, data.len() - i);
                    self.malformed(sink, &mut run, at, &data[i..i + len], kind, cut);
                    i += len;
                }
            }
        }
        run.flush(sink, base + i as u64);
        self.pending.extend_from_slice(&data[i..]);
    }

    fn malformed(
        &self,
        sink: &mut dyn Sink,
        run: &mut TextRun,
        at: u64,
        bytes: &[u8],
        kind: MalformedKind,
        cut: Cut,
    ) {
        run.flush(sink, at);
        let end = at + bytes.len() as u64;
        sink.malformed(Malformed::new(
            Span::new(at, end),
            kind,
            bytes,
            0,
            cut,
            self.encoding,
        ));
        run.restart(end);
    }
}
