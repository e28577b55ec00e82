//! The UTF-8 scanner: simdutf8 finds where valid text stops, `classify` names what it found there.

use super::sink::Sink;
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::{self, Encoding};
use crate::span::Span;
use crate::utf8::{expected_len, is_continuation, second_byte};

/// What starts at a position: a character, an ill-formed sequence, or "need more bytes".
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A well-formed character of `len` bytes.
    Char(char, usize),
    /// A maximal subpart of `len` bytes that is one malformed unit.
    Ill {
        kind: MalformedKind,
        len: usize,
        cut: Cut,
    },
    /// A lead byte that can only begin an ill-formed form of `expected` bytes (an overlong,
    /// surrogate or out-of-range form). It is one malformed unit; the continuation bytes that
    /// follow it are units of the same kind, each on its own (they are maximal subparts too).
    /// `seen` is how many bytes were looked at to know it (1, or 2 when the second byte decided).
    GroupLead {
        kind: MalformedKind,
        expected: usize,
        seen: usize,
    },
    /// The bytes so far could still begin something whose nature depends on bytes not yet seen.
    NeedMore,
}

fn single(kind: MalformedKind, len: usize, cut: Cut) -> Step {
    Step::Ill { kind, len, cut }
}

fn group_lead(kind: MalformedKind, expected: usize, seen: usize) -> Step {
    Step::GroupLead {
        kind,
        expected,
        seen,
    }
}

/// Classifies what starts at `s[0]` (Unicode Table 3-7), looking at no more bytes than the
/// WHATWG UTF-8 decoder needs to decide (so a streaming decode reports each malformed sequence
/// exactly when a browser's would). `last` says that `s` runs to the end of the input.
pub(crate) fn classify(s: &[u8], last: bool) -> Step {
    let b0 = s[0];
    match b0 {
        0x00..=0x7F => Step::Char(char::from(b0), 1),
        0x80..=0xBF => single(MalformedKind::UnexpectedContinuation, 1, Cut::None),
        0xC0 | 0xC1 => group_lead(MalformedKind::Overlong, 2, 1),
        0xF5..=0xF7 => group_lead(MalformedKind::OutOfRange, 4, 1),
        0xF8..=0xFF => single(MalformedKind::InvalidByte, 1, Cut::None),
        _ => {
            let n = expected_len(b0);
            let Some(&b1) = s.get(1) else {
                return if last {
                    single(MalformedKind::Truncated, 1, Cut::ByEnd)
                } else {
                    Step::NeedMore
                };
            };
            if !second_byte(b0).contains(&b1) {
                return match (b0, is_continuation(b1)) {
                    (0xE0 | 0xF0, true) => group_lead(MalformedKind::Overlong, n, 2),
                    (0xED, true) => group_lead(MalformedKind::Surrogate, n, 2),
                    (0xF4, true) => group_lead(MalformedKind::OutOfRange, n, 2),
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

/// How many bytes at the end of `bytes` are a lead byte and its continuations that the end
/// cuts short (0 to 3): what a later chunk may complete.
fn incomplete_tail(bytes: &[u8]) -> usize {
    for back in 1..=bytes.len().min(3) {
        let b = bytes[bytes.len() - back];
        if !is_continuation(b) {
            return if b >= 0xC0 && expected_len(b) > back {
                back
            } else {
                0
            };
        }
    }
    0
}

/// The valid text of `src` from byte `i` on (absolute offset `pos` for byte 0), up to the
/// first malformed sequence or a sequence the chunk's end cuts, handed to `sink`; returns where
/// it stops. simdutf's validator first, for the common case of all valid (`simd_first`, while
/// it has said yes in this call); where it refuses, simdutf8 says where the valid text stops.
/// simdutf reads to the end whatever it finds, so after one refusal the rest of the call is
/// left to simdutf8, which stops at each error: a corrupt chunk costs linear time.
fn valid_run(src: &[u8], i: usize, pos: u64, sink: &mut dyn Sink, simd_first: &mut bool) -> usize {
    // Validate up to the last sequence the chunk may have cut, so that a chunk ending
    // mid-character is validated once, not twice.
    let rest = &src[i..src.len() - incomplete_tail(&src[i..])];
    let whole = if *simd_first {
        crate::simd::valid_str(rest)
    } else {
        None
    };
    *simd_first &= whole.is_some();
    let checked = match whole {
        Some(text) => Ok(text),
        None => simdutf8::compat::from_utf8(rest),
    };
    let valid = match checked {
        Ok(text) => {
            if !text.is_empty() {
                sink.text(
                    Span::new(pos + i as u64, pos + (i + text.len()) as u64),
                    text,
                );
            }
            return i + text.len();
        }
        Err(e) => e.valid_up_to(),
    };
    if valid > 0 && sink.wants_text() {
        // A `&str` of the valid prefix costs a second validation pass (the crates forbid
        // `from_utf8_unchecked`): only for a sink that wants text.
        let text = simdutf8::basic::from_utf8(&rest[..valid]).expect("validated prefix");
        sink.text(Span::new(pos + i as u64, pos + (i + valid) as u64), text);
    }
    i + valid
}

/// An ill-formed form in progress: its lead byte and the continuation bytes seen so far.
#[derive(Clone, Copy, Debug)]
struct Group {
    kind: MalformedKind,
    seq: [u8; 4],
    len: usize,
    expected: usize,
}

/// Streaming UTF-8 scanner. Between chunks it keeps at most three bytes (the start of a
/// sequence whose meaning depends on bytes not yet seen) and the ill-formed form in progress.
#[derive(Clone, Debug, Default)]
pub(crate) struct Utf8Scanner {
    pending: [u8; 4],
    pending_len: usize,
    group: Option<Group>,
}

impl Utf8Scanner {
    /// Whether nothing is kept from the last chunk (no sequence begun, no ill-formed form in
    /// progress).
    pub(crate) fn holds_nothing(&self) -> bool {
        self.pending_len == 0 && self.group.is_none()
    }

    /// Scans `src`, whose first byte sits at absolute offset `pos`.
    pub(crate) fn scan(&mut self, src: &[u8], last: bool, pos: u64, sink: &mut dyn Sink) {
        let Some(mut i) = self.after_pending(src, last, pos, sink) else {
            return;
        };
        let mut simd_first = true;
        while i < src.len() {
            if self.group.is_none() {
                i = valid_run(src, i, pos, sink, &mut simd_first);
                if i == src.len() {
                    break;
                }
            }
            match self.slow_step(&src[i..], last, pos + i as u64, sink) {
                Some(n) => i += n,
                None => {
                    self.stash(&src[i..]);
                    return;
                }
            }
        }
        if last {
            self.group = None;
        }
    }

    /// Finishes what the bytes kept from the last chunk began, with the first bytes of `src`
    /// (at absolute offset `pos`). Returns where in `src` the scan goes on, or `None` when
    /// `src` is too short to tell yet (then its bytes are kept too).
    fn after_pending(
        &mut self,
        src: &[u8],
        last: bool,
        pos: u64,
        sink: &mut dyn Sink,
    ) -> Option<usize> {
        if self.pending_len == 0 {
            return Some(0);
        }
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
            match self.slow_step(&buf[j..], at_end, base + j as u64, sink) {
                Some(n) => j += n,
                None => {
                    self.stash(&buf[j..]);
                    return None;
                }
            }
        }
        Some(j - p)
    }

    /// Handles what starts at `data[0]` (absolute offset `at`): a continuation of the
    /// ill-formed form in progress, a character, or a malformed sequence. Returns how many
    /// bytes it took, or `None` when more input is needed to decide.
    fn slow_step(
        &mut self,
        data: &[u8],
        at_end: bool,
        at: u64,
        sink: &mut dyn Sink,
    ) -> Option<usize> {
        let enc: &'static Encoding = encoding::UTF_8;
        if let Some(group) = &mut self.group {
            let b = data[0];
            if is_continuation(b) && group.len < group.expected {
                group.seq[group.len] = b;
                group.len += 1;
                let seq = &group.seq[..group.len];
                let m = Malformed::new(
                    Span::new(at, at + 1),
                    group.kind,
                    seq,
                    group.len - 1,
                    Cut::None,
                    enc,
                );
                if group.len == group.expected {
                    self.group = None;
                }
                sink.malformed(m);
                return Some(1);
            }
            self.group = None;
        }
        match classify(data, at_end) {
            Step::NeedMore => None,
            Step::Char(_, n) => {
                let text = std::str::from_utf8(&data[..n]).expect("classified as a char");
                sink.text(Span::new(at, at + n as u64), text);
                Some(n)
            }
            Step::Ill { kind, len, cut } => {
                let span = Span::new(at, at + len as u64);
                sink.malformed(Malformed::new(span, kind, &data[..len], 0, cut, enc));
                Some(len)
            }
            Step::GroupLead {
                kind,
                expected,
                seen,
            } => {
                let span = Span::new(at, at + 1);
                sink.malformed(Malformed::new(span, kind, &data[..seen], 0, Cut::None, enc));
                let mut seq = [0u8; 4];
                seq[0] = data[0];
                self.group = Some(Group {
                    kind,
                    seq,
                    len: 1,
                    expected,
                });
                Some(1)
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

#[cfg(test)]
mod table_3_7 {
    use super::{Step, classify};
    use crate::decode::malformed::MalformedKind;

    /// The well-formed UTF-8 byte sequences, as the Unicode Standard's Table 3-7 lists them: the
    /// range of the first byte, then of the second; the third and fourth are always 80..BF.
    /// An inclusive range of byte values.
    type Range = (u8, u8);

    const TABLE_3_7: [(Range, Range, usize); 9] = [
        ((0x00, 0x7F), (0, 0), 1),
        ((0xC2, 0xDF), (0x80, 0xBF), 2),
        ((0xE0, 0xE0), (0xA0, 0xBF), 3),
        ((0xE1, 0xEC), (0x80, 0xBF), 3),
        ((0xED, 0xED), (0x80, 0x9F), 3),
        ((0xEE, 0xEF), (0x80, 0xBF), 3),
        ((0xF0, 0xF0), (0x90, 0xBF), 4),
        ((0xF1, 0xF3), (0x80, 0xBF), 4),
        ((0xF4, 0xF4), (0x80, 0x8F), 4),
    ];

    fn well_formed_len(b0: u8, b1: u8) -> Option<usize> {
        TABLE_3_7.iter().find_map(|&((lo0, hi0), (lo1, hi1), len)| {
            let first = (lo0..=hi0).contains(&b0);
            let second = len == 1 || (lo1..=hi1).contains(&b1);
            (first && second).then_some(len)
        })
    }

    /// Every first and second byte, followed by continuation bytes: the classifier reads a
    /// character exactly where Table 3-7 says the sequence is well-formed, and that character
    /// is the one std decodes.
    #[test]
    fn every_first_and_second_byte() {
        for b0 in 0..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                let bytes = [b0, b1, 0x80, 0x80];
                let step = classify(&bytes, true);
                match well_formed_len(b0, b1) {
                    Some(len) => {
                        let want = std::str::from_utf8(&bytes[..len]).unwrap();
                        let want = want.chars().next().unwrap();
                        assert_eq!(step, Step::Char(want, len), "{b0:02X} {b1:02X}");
                    }
                    None => assert!(
                        !matches!(step, Step::Char(..) | Step::NeedMore),
                        "{b0:02X} {b1:02X}: {step:?}"
                    ),
                }
            }
        }
    }

    /// The kind of what is not well-formed, by the first byte and the second (Table 3-7's gaps).
    #[test]
    fn kinds_of_the_gaps() {
        let kind = |bytes: &[u8]| match classify(bytes, true) {
            Step::Ill { kind, .. } | Step::GroupLead { kind, .. } => kind,
            other => panic!("{bytes:02X?}: {other:?}"),
        };
        use MalformedKind::*;
        assert_eq!(kind(&[0x80]), UnexpectedContinuation);
        assert_eq!(kind(&[0xBF]), UnexpectedContinuation);
        assert_eq!(kind(&[0xC0, 0xAF]), Overlong);
        assert_eq!(kind(&[0xC1, 0xBF]), Overlong);
        assert_eq!(kind(&[0xE0, 0x9F, 0xBF]), Overlong);
        assert_eq!(kind(&[0xF0, 0x8F, 0xBF, 0xBF]), Overlong);
        assert_eq!(kind(&[0xED, 0xA0, 0x80]), Surrogate);
        assert_eq!(kind(&[0xED, 0xBF, 0xBF]), Surrogate);
        assert_eq!(kind(&[0xF4, 0x90, 0x80, 0x80]), OutOfRange);
        assert_eq!(kind(&[0xF5, 0x80, 0x80, 0x80]), OutOfRange);
        assert_eq!(kind(&[0xF7, 0xBF]), OutOfRange);
        assert_eq!(kind(&[0xF8]), InvalidByte);
        assert_eq!(kind(&[0xFF]), InvalidByte);
        assert_eq!(kind(&[0xC3, 0x41]), Truncated);
        assert_eq!(kind(&[0xE2, 0x82]), Truncated);
        assert_eq!(kind(&[0xF0, 0x9F, 0x98]), Truncated);
    }

    /// The reason sentences, word for word, for the Unicode Standard's Table 3-8 example
    /// (C0 AF E0 80 BF F0 81 82 41: eight malformed sequences, then "A") and a truncation.
    #[test]
    fn reason_sentences() {
        let reasons: Vec<String> = crate::decode::decode(
            b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82A\xE2\x82",
            crate::encoding::UTF_8,
        )
        .malformed
        .iter()
        .map(|m| m.reason())
        .collect();
        assert_eq!(
            reasons,
            [
                "C0: never appears in UTF-8; it could only begin an overlong 2-byte form of \
                 U+0000-U+007F",
                "AF: completes C0 AF, an overlong 2-byte form of U+002F '/' (its shortest form \
                 is 2F); each byte is replaced on its own",
                "E0: followed by 80, begins an overlong 3-byte form (after E0 the next byte must \
                 be A0-BF)",
                "80: continues E0 80, an overlong form; each byte is replaced on its own",
                "BF: completes E0 80 BF, an overlong 3-byte form of U+003F '?' (its shortest \
                 form is 3F); each byte is replaced on its own",
                "F0: followed by 81, begins an overlong 4-byte form (after F0 the next byte must \
                 be 90-BF)",
                "81: continues F0 81, an overlong form; each byte is replaced on its own",
                "82: continues F0 81 82, an overlong form; each byte is replaced on its own",
                "E2 82: a 3-byte sequence with only 2 of its bytes, cut short by the end of the \
                 input",
            ]
        );
    }
}
