//! The UTF-8 scanner: simdutf8 finds where valid text stops, `classify` names what it found there.

use super::{Sink, emit_ill};
use crate::decode::malformed::{Cut, MalformedKind, utf8_expected_len};
use crate::encoding::{self, Encoding};
use crate::span::Span;

/// What starts at a position: a character, an ill-formed sequence, or "need more bytes".
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A well-formed character of `len` bytes.
    Char(char, usize),
    /// An ill-formed sequence of `len` bytes: one malformed unit if `single`, else one per byte
    /// (an overlong, surrogate or out-of-range form, whose maximal subparts are single bytes).
    Ill {
        kind: MalformedKind,
        len: usize,
        single: bool,
        cut: Cut,
    },
    /// The bytes so far could still begin something whose nature depends on bytes not yet seen.
    NeedMore,
}

fn is_continuation(b: u8) -> bool {
    (0x80..=0xBF).contains(&b)
}

fn cut_at(s: &[u8], k: usize) -> Cut {
    s.get(k).map_or(Cut::ByEnd, |&b| Cut::ByByte(b))
}

/// A lead byte that can only begin an ill-formed form, followed by up to `n - 1` continuation
/// bytes that belong to that form: each byte is its own maximal subpart.
fn group(s: &[u8], last: bool, kind: MalformedKind, n: usize) -> Step {
    let mut k = 1;
    while k < n && k < s.len() && is_continuation(s[k]) {
        k += 1;
    }
    if k < n && k == s.len() && !last {
        return Step::NeedMore;
    }
    let cut = if k < n { cut_at(s, k) } else { Cut::None };
    Step::Ill {
        kind,
        len: k,
        single: false,
        cut,
    }
}

fn single(kind: MalformedKind, len: usize, cut: Cut) -> Step {
    Step::Ill {
        kind,
        len,
        single: true,
        cut,
    }
}

/// Classifies what starts at `s[0]` (Unicode Table 3-7), looking at no more than four bytes.
/// `last` says that `s` runs to the end of the input.
pub(crate) fn classify(s: &[u8], last: bool) -> Step {
    let b0 = s[0];
    match b0 {
        0x00..=0x7F => Step::Char(char::from(b0), 1),
        0x80..=0xBF => single(MalformedKind::UnexpectedContinuation, 1, Cut::None),
        0xC0 | 0xC1 => group(s, last, MalformedKind::Overlong, 2),
        0xF5..=0xF7 => group(s, last, MalformedKind::OutOfRange, 4),
        0xF8..=0xFF => single(MalformedKind::InvalidByte, 1, Cut::None),
        _ => {
            let n = utf8_expected_len(b0);
            let (lo, hi) = match b0 {
                0xE0 => (0xA0, 0xBF),
                0xED => (0x80, 0x9F),
                0xF0 => (0x90, 0xBF),
                0xF4 => (0x80, 0x8F),
                _ => (0x80, 0xBF),
            };
            let Some(&b1) = s.get(1) else {
                return if last {
                    single(MalformedKind::Truncated, 1, Cut::ByEnd)
                } else {
                    Step::NeedMore
                };
            };
            if !(lo..=hi).contains(&b1) {
                return match (b0, is_continuation(b1)) {
                    (0xE0 | 0xF0, true) => group(s, last, MalformedKind::Overlong, n),
                    (0xED, true) => group(s, last, MalformedKind::Surrogate, n),
                    (0xF4, true) => group(s, last, MalformedKind::OutOfRange, n),
                    _ => single(MalformedKind::Truncated, 1, Cut::ByByte(b1)),
                };
            }
            for k in 2..n {
                match s.get(k) {
                    None if last => return single(MalformedKind::Truncated, k, Cut::ByEnd),
                    None => return Step::NeedMore,
                    Some(&b) if !is_continuation(b) => {
                        return single(MalformedKind::Truncated, k, Cut::ByByte(b));
                    }
                    Some(_) => {}
                }
            }
            let ch = std::str::from_utf8(&s[..n])
                .ok()
                .and_then(|t| t.chars().next())
                .expect("a sequence that passed Table 3-7 is well-formed");
            Step::Char(ch, n)
        }
    }
}

/// Streaming UTF-8 scanner. Between chunks it keeps at most three bytes: the start of a
/// sequence whose meaning depends on bytes not yet seen.
#[derive(Clone, Debug, Default)]
pub(crate) struct Utf8Scanner {
    pending: [u8; 4],
    pending_len: usize,
}

impl Utf8Scanner {
    /// Scans `src`, whose first byte sits at absolute offset `pos`.
    pub(crate) fn scan(&mut self, src: &[u8], last: bool, pos: u64, sink: &mut dyn Sink) {
        let enc: &'static Encoding = encoding::UTF_8;
        let mut i = 0;
        if self.pending_len > 0 {
            let p = self.pending_len;
            let take = src.len().min(4);
            let mut buf = [0u8; 8];
            buf[..p].copy_from_slice(&self.pending[..p]);
            buf[p..p + take].copy_from_slice(&src[..take]);
            let buf = &buf[..p + take];
            let at_end = take == src.len() && last;
            let base = pos - p as u64;
            self.pending_len = 0;
            let mut j = 0;
            while j < p {
                match classify(&buf[j..], at_end) {
                    Step::NeedMore => {
                        self.stash(&buf[j..]);
                        return;
                    }
                    Step::Char(_, n) => {
                        let text =
                            std::str::from_utf8(&buf[j..j + n]).expect("classified as a char");
                        sink.text(Span::new(base + j as u64, base + (j + n) as u64), text);
                        j += n;
                    }
                    Step::Ill {
                        kind,
                        len,
                        single,
                        cut,
                    } => {
                        emit_ill(
                            sink,
                            enc,
                            &buf[j..j + len],
                            base + j as u64,
                            kind,
                            single,
                            cut,
                        );
                        j += len;
                    }
                }
            }
            i = j - p;
        }
        while i < src.len() {
            let rest = &src[i..];
            let valid = match simdutf8::compat::from_utf8(rest) {
                Ok(text) => {
                    sink.text(Span::new(pos + i as u64, pos + src.len() as u64), text);
                    return;
                }
                Err(e) => e.valid_up_to(),
            };
            if valid > 0 {
                let text = simdutf8::basic::from_utf8(&rest[..valid]).expect("validated prefix");
                sink.text(Span::new(pos + i as u64, pos + (i + valid) as u64), text);
                i += valid;
            }
            match classify(&src[i..], last) {
                Step::NeedMore => {
                    self.stash(&src[i..]);
                    return;
                }
                Step::Char(_, n) => {
                    // Unreachable after a failed validation, but harmless.
                    let text = std::str::from_utf8(&src[i..i + n]).expect("classified as a char");
                    sink.text(Span::new(pos + i as u64, pos + (i + n) as u64), text);
                    i += n;
                }
                Step::Ill {
                    kind,
                    len,
                    single,
                    cut,
                } => {
                    emit_ill(
                        sink,
                        enc,
                        &src[i..i + len],
                        pos + i as u64,
                        kind,
                        single,
                        cut,
                    );
                    i += len;
                }
            }
        }
    }

    fn stash(&mut self, bytes: &[u8]) {
        debug_assert!(
            bytes.len() <= 3,
            "a pending UTF-8 sequence is at most 3 bytes"
        );
        self.pending[..bytes.len()].copy_from_slice(bytes);
        self.pending_len = bytes.len();
    }
}
