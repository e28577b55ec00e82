//! What the UTF-8 decoder says about a stream, gathered as it goes: malformed sequences, valid
//! multi-byte characters, bytes that sit in UTF-8-shaped runs, and which lines hold which (for
//! files whose encoding changes part way).

use crate::decode::{Decoder, Malformed, Piece};
use crate::encoding;

/// The most runs of lines kept; a file with more is called fragmented, not segmented.
const MAX_RUNS: usize = 32;

/// A stretch of lines that reads as valid UTF-8 (`utf8`) or has malformed sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub start: u64,
    pub end: u64,
    pub utf8: bool,
    /// Valid characters above U+007F (UTF-8 runs) or malformed sequences (the others).
    pub evidence: u64,
}

/// Running UTF-8 statistics.
pub(super) struct Utf8Shape {
    decoder: Decoder,
    /// Malformed sequences seen.
    pub malformed: u64,
    /// The first few malformed sequences.
    pub first_malformed: Vec<Malformed>,
    /// Valid characters above U+007F.
    pub multibyte: u64,
    /// Bytes above 7F.
    pub high_bytes: u64,
    /// Bytes above 7F that are a lead followed by a continuation, or a continuation after one.
    pub shaped: u64,
    prev_lead_or_cont: bool,
    prev_lead_unconfirmed: bool,
    /// Which lines hold which.
    pub lines: Lines,
    fed: u64,
}

/// The lines of a stream gathered into runs of valid UTF-8 and runs with malformed sequences.
#[derive(Default)]
pub(super) struct Lines {
    // The current line.
    start: u64,
    utf8: u64,
    bad: u64,
    /// The runs, at most [`MAX_RUNS`].
    pub runs: Vec<Run>,
    /// Whether there were more runs than that (then none are kept).
    pub fragmented: bool,
}

impl Utf8Shape {
    pub fn new() -> Self {
        Utf8Shape {
            decoder: Decoder::new(encoding::UTF_8),
            malformed: 0,
            first_malformed: Vec::new(),
            multibyte: 0,
            high_bytes: 0,
            shaped: 0,
            prev_lead_or_cont: false,
            prev_lead_unconfirmed: false,
            lines: Lines::default(),
            fed: 0,
        }
    }

    /// Takes the next bytes; `last` ends the stream.
    pub fn feed(&mut self, chunk: &[u8], last: bool) {
        self.fed += chunk.len() as u64;
        for &b in chunk {
            if b < 0x80 {
                self.prev_lead_or_cont = false;
                self.prev_lead_unconfirmed = false;
                continue;
            }
            self.high_bytes += 1;
            if b < 0xC0 {
                if self.prev_lead_or_cont {
                    self.shaped += 1 + u64::from(self.prev_lead_unconfirmed);
                    self.prev_lead_unconfirmed = false;
                } else {
                    self.prev_lead_or_cont = false;
                }
            } else {
                self.prev_lead_or_cont = true;
                self.prev_lead_unconfirmed = true;
            }
        }
        let Utf8Shape {
            decoder,
            malformed,
            first_malformed,
            multibyte,
            lines,
            ..
        } = self;
        // In a valid piece, a byte C0 or above starts a character beyond ASCII and a 0A byte
        // is a line feed.
        decoder.decode_pieces(chunk, last, |piece| match piece {
            Piece::Text { span, text } => {
                let bytes = text.as_bytes();
                if text.is_ascii() {
                    for i in memchr::memchr_iter(b'\n', bytes) {
                        lines.end(span.start + i as u64 + 1);
                    }
                    return;
                }
                for (i, &b) in bytes.iter().enumerate() {
                    if b == b'\n' {
                        lines.end(span.start + i as u64 + 1);
                    } else if b >= 0xC0 {
                        *multibyte += 1;
                        lines.utf8 += 1;
                    }
                }
            }
            Piece::Malformed(m) => {
                *malformed += 1;
                if first_malformed.len() < 16 {
                    first_malformed.push(m);
                }
                lines.bad += 1;
            }
        });
        if last {
            self.lines.end(self.fed);
        }
    }
}

impl Lines {
    /// Ends the current line at stream offset `end`.
    fn end(&mut self, end: u64) {
        let (kind, evidence) = if self.bad > 0 {
            (Some(false), self.bad)
        } else if self.utf8 > 0 {
            (Some(true), self.utf8)
        } else {
            (None, 0)
        };
        let start = self.start;
        self.start = end;
        self.bad = 0;
        self.utf8 = 0;
        if self.fragmented {
            return;
        }
        match (kind, self.runs.last_mut()) {
            // ASCII lines join the run before them.
            (None, Some(run)) => run.end = end,
            (None, None) => {}
            (Some(utf8), Some(run)) if run.utf8 == utf8 => {
                run.end = end;
                run.evidence += evidence;
            }
            (Some(utf8), last) => {
                let start = if last.is_none() { 0 } else { start };
                if self.runs.len() == MAX_RUNS {
                    self.fragmented = true;
                    self.runs.clear();
                } else {
                    self.runs.push(Run {
                        start,
                        end,
                        utf8,
                        evidence,
                    });
                }
            }
        }
    }
}

/// An overlong UTF-8 form of an ASCII character: where it starts, how many bytes it takes,
/// and the character it spells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Overlong {
    pub offset: usize,
    pub len: usize,
    pub ch: char,
}

/// The overlong form at the start of `bytes` of an ASCII character that is neither a letter nor
/// a digit (C0 AF for `/`, E0 80 AE for `.`, F0 80 80 AF...), with its length.
fn overlong_at(bytes: &[u8]) -> Option<(usize, char)> {
    let cont = |i: usize| {
        bytes
            .get(i)
            .filter(|&&b| (0x80..0xC0).contains(&b))
            .map(|&b| u32::from(b & 0x3F))
    };
    let (len, cp) = match bytes.first()? {
        0xC0 | 0xC1 => (2, (u32::from(bytes[0] & 0x1F) << 6) | cont(1)?),
        0xE0 if bytes.get(1).is_some_and(|&b| b < 0xA0) => (3, (cont(1)? << 6) | cont(2)?),
        0xF0 if bytes.get(1).is_some_and(|&b| b < 0x90) => {
            (4, (cont(1)? << 12) | (cont(2)? << 6) | cont(3)?)
        }
        _ => return None,
    };
    let ch = char::from_u32(cp).filter(|c| c.is_ascii() && !c.is_ascii_alphanumeric())?;
    Some((len, ch))
}

/// Every overlong form of an ASCII symbol in `bytes`, when there is one and the bytes hold no
/// other malformed UTF-8 (a cut at the end of `bytes` aside); `None` otherwise.
pub(super) fn only_overlong_ascii(bytes: &[u8]) -> Option<Vec<Overlong>> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            i += 1;
            continue;
        }
        if let Some((len, ch)) = overlong_at(&bytes[i..]) {
            found.push(Overlong { offset: i, len, ch });
            i += len;
            continue;
        }
        let len = match b {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return None,
        };
        match bytes.get(i..i + len).map(std::str::from_utf8) {
            Some(Ok(_)) => i += len,
            Some(Err(_)) => return None,
            None => break,
        }
    }
    (!found.is_empty()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::{Overlong, Run, Utf8Shape, only_overlong_ascii};

    #[test]
    fn overlong_slashes_and_dots_are_found_and_nothing_else_passes() {
        let found =
            only_overlong_ascii(b"/\xC0\xAE./\xE0\x80\xAF\xF0\x80\x80\xAE\xC3\xA9").unwrap();
        assert_eq!(
            found,
            vec![
                Overlong {
                    offset: 1,
                    len: 2,
                    ch: '.'
                },
                Overlong {
                    offset: 5,
                    len: 3,
                    ch: '/'
                },
                Overlong {
                    offset: 8,
                    len: 4,
                    ch: '.'
                },
            ]
        );
        // An overlong letter (GBK's C0 B4 reads as an overlong '4'), another malformed
        // sequence, or no overlong at all: not this rule's.
        assert_eq!(only_overlong_ascii(b"\xC0\xB4"), None);
        assert_eq!(only_overlong_ascii(b"\xC0\xAF\xE9 x y"), None);
        assert_eq!(only_overlong_ascii("caf\u{e9}".as_bytes()), None);
    }

    fn shape(bytes: &[u8]) -> Utf8Shape {
        let mut s = Utf8Shape::new();
        for chunk in bytes.chunks(3) {
            s.feed(chunk, false);
        }
        s.feed(&[], true);
        s
    }

    #[test]
    fn lines_and_counts_do_not_depend_on_the_chunks() {
        let mut bytes = "\u{e9}t\u{e9}\n\u{4e2d}\u{6587} \u{1F600}\nplain\n"
            .as_bytes()
            .to_vec();
        bytes.extend_from_slice(b"caf\xE9\n\xC3\n\xE2\x82 x\nna\xC3\xAFve\n\n\xFF");
        let whole = shape_in(&bytes, bytes.len());
        assert_eq!((whole.malformed, whole.multibyte), (4, 6));
        let starts: Vec<u64> = whole.lines.runs.iter().map(|r| r.start).collect();
        assert_eq!(starts, [0, 24, 36, 44]);
        for size in [1, 2, 3, 5, 7] {
            let s = shape_in(&bytes, size);
            assert_eq!(s.lines.runs, whole.lines.runs, "{size}");
            assert_eq!((s.malformed, s.multibyte), (4, 6), "{size}");
            assert_eq!(s.first_malformed, whole.first_malformed, "{size}");
        }
    }

    fn shape_in(bytes: &[u8], size: usize) -> Utf8Shape {
        let mut s = Utf8Shape::new();
        for chunk in bytes.chunks(size) {
            s.feed(chunk, false);
        }
        s.feed(&[], true);
        s
    }

    #[test]
    fn the_seed_bytes_are_all_utf8_shaped() {
        let s = shape(&[0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41]);
        assert_eq!(
            (s.malformed, s.high_bytes, s.shaped, s.multibyte),
            (8, 8, 8, 0)
        );
    }

    #[test]
    fn latin1_letters_are_not() {
        let s = shape(b"caf\xE9 na\xEFve \xE0 la");
        assert_eq!((s.malformed, s.high_bytes, s.shaped), (3, 3, 0));
    }

    #[test]
    fn lines_group_into_runs() {
        let text = "é one\nplain\nè two\nbad \u{0}";
        let s = shape(text.as_bytes());
        let end = text.len() as u64;
        assert_eq!(
            s.lines.runs,
            vec![Run {
                start: 0,
                end,
                utf8: true,
                evidence: 2
            }]
        );
        let mut bytes = "caf\u{e9}\nna\u{ef}ve\nplain\n".as_bytes().to_vec();
        bytes.extend_from_slice(b"caf\xE9\nplain");
        let s = shape(&bytes);
        assert_eq!(
            s.lines.runs,
            vec![
                Run {
                    start: 0,
                    end: 19,
                    utf8: true,
                    evidence: 2
                },
                Run {
                    start: 19,
                    end: 29,
                    utf8: false,
                    evidence: 1
                }
            ]
        );
    }
}
