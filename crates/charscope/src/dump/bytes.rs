//! The bytes of a dump with its `*` lines kept as they are written: "the row before, so many
//! times". A dump of a few lines can stand for gigabytes; they are made only when read
//! ([`DumpBytes::reader`], a few KiB at a time) or asked for whole under a cap
//! ([`DumpBytes::to_vec`]).

use std::borrow::Cow;
use std::io::{self, Read};

/// The bytes of a dump, its squeezed runs not expanded. Two are equal when they hold the same
/// bytes, however they are written.
#[derive(Clone, Debug, Default)]
pub struct DumpBytes {
    /// The bytes the dump writes out.
    literal: Vec<u8>,
    /// The squeezed runs, in order: each goes before `literal[at]`.
    runs: Vec<Run>,
}

/// One squeezed run: `copies` whole copies of a row of `literal`, then its first `partial`
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    at: usize,
    row: (usize, usize),
    copies: u64,
    partial: usize,
    /// The line of its `*` (for an error about its size).
    pub(crate) star_line: usize,
    /// The line and column of the offset after it.
    pub(crate) end_at: (usize, usize),
}

impl Run {
    fn len(&self) -> u64 {
        self.copies * self.row.1 as u64 + self.partial as u64
    }
}

impl From<Vec<u8>> for DumpBytes {
    fn from(literal: Vec<u8>) -> DumpBytes {
        DumpBytes {
            literal,
            runs: Vec::new(),
        }
    }
}

impl DumpBytes {
    /// How many bytes the dump stands for.
    pub fn len(&self) -> u64 {
        self.literal.len() as u64 + self.runs.iter().map(Run::len).sum::<u64>()
    }

    /// Whether it stands for no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The last byte.
    pub fn last(&self) -> Option<u8> {
        match self.runs.last() {
            Some(run) if run.at == self.literal.len() && run.len() > 0 => {
                let (start, len) = run.row;
                let end = if run.partial > 0 { run.partial } else { len };
                Some(self.literal[start + end - 1])
            }
            _ => self.literal.last().copied(),
        }
    }

    /// The first `n` bytes at most.
    pub fn head(&self, n: usize) -> Vec<u8> {
        let mut head = Vec::new();
        let _ = self.reader().take(n as u64).read_to_end(&mut head);
        head
    }

    /// All the bytes, when there are `max` at most; `None` when there are more.
    pub fn to_vec(&self, max: u64) -> Option<Vec<u8>> {
        let len = self.len();
        if len > max {
            return None;
        }
        let mut out = Vec::with_capacity(usize::try_from(len).ok()?);
        self.reader().read_to_end(&mut out).ok()?;
        Some(out)
    }

    /// A reader of the bytes, which expands each run as it goes.
    pub fn reader(&self) -> DumpReader<'_> {
        DumpReader::new(Cow::Borrowed(self))
    }

    /// A reader that owns the bytes (for a reader that must outlive them, on another thread).
    pub fn into_reader(self) -> DumpReader<'static> {
        DumpReader::new(Cow::Owned(self))
    }

    /// The first run whose end is more than `max` bytes from the start, if the bytes go past
    /// `max`; `None` when the literal bytes alone do.
    pub(crate) fn run_past(&self, max: u64) -> Option<&Run> {
        let mut end = 0u64;
        let mut literal = 0usize;
        for run in &self.runs {
            end += (run.at - literal) as u64 + run.len();
            literal = run.at;
            if end > max {
                return Some(run);
            }
        }
        None
    }

    /// The bytes written out, so far (the rows runs repeat are among them).
    pub(crate) fn literal(&self) -> &[u8] {
        &self.literal
    }

    /// Appends bytes the dump writes out.
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        self.literal.extend_from_slice(bytes);
    }

    /// Appends `copies` copies of the row `literal[start..start + len]`, then its first
    /// `partial` bytes.
    pub(crate) fn push_run(
        &mut self,
        row: (usize, usize),
        copies: u64,
        partial: usize,
        lines: (usize, (usize, usize)),
    ) {
        self.runs.push(Run {
            at: self.literal.len(),
            row,
            copies,
            partial,
            star_line: lines.0,
            end_at: lines.1,
        });
    }

    /// Cuts the literal bytes written last to `len` (never into a run).
    pub(crate) fn truncate(&mut self, len: usize) {
        debug_assert!(self.runs.last().is_none_or(|r| r.at <= len));
        self.literal.truncate(len);
    }
}

impl PartialEq for DumpBytes {
    fn eq(&self, other: &DumpBytes) -> bool {
        if self.len() != other.len() {
            return false;
        }
        if self.runs.is_empty() && other.runs.is_empty() {
            return self.literal == other.literal;
        }
        let (mut a, mut b) = (self.reader(), other.reader());
        let (mut x, mut y) = ([0u8; 4096], [0u8; 4096]);
        loop {
            let n = read_full(&mut a, &mut x);
            if n != read_full(&mut b, &mut y) || x[..n] != y[..n] {
                return false;
            }
            if n == 0 {
                return true;
            }
        }
    }
}

impl Eq for DumpBytes {}

impl PartialEq<[u8]> for DumpBytes {
    fn eq(&self, other: &[u8]) -> bool {
        *self == DumpBytes::from(other.to_vec())
    }
}

fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> usize {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) | Err(_) => break,
            Ok(k) => n += k,
        }
    }
    n
}

/// Reads [`DumpBytes`], expanding each run as it goes.
#[derive(Debug)]
pub struct DumpReader<'a> {
    bytes: Cow<'a, DumpBytes>,
    /// The next run to reach.
    next_run: usize,
    /// Where in the literal bytes the reader is.
    pos: usize,
    /// Within a run: how many of its bytes are read.
    in_run: Option<u64>,
}

impl<'a> DumpReader<'a> {
    fn new(bytes: Cow<'a, DumpBytes>) -> DumpReader<'a> {
        DumpReader {
            bytes,
            next_run: 0,
            pos: 0,
            in_run: None,
        }
    }
}

impl Read for DumpReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let runs = &self.bytes.runs;
        let literal = &self.bytes.literal;
        loop {
            if let Some(done) = self.in_run {
                let run = runs[self.next_run];
                let total = run.len();
                if done < total {
                    let (start, len) = run.row;
                    let n = fill_periodic(
                        buf,
                        &literal[start..start + len],
                        (done % len as u64) as usize,
                        total - done,
                    );
                    self.in_run = Some(done + n as u64);
                    return Ok(n);
                }
                self.in_run = None;
                self.next_run += 1;
                continue;
            }
            let until = runs.get(self.next_run).map_or(literal.len(), |r| r.at);
            if self.pos < until {
                let n = (until - self.pos).min(buf.len());
                buf[..n].copy_from_slice(&literal[self.pos..self.pos + n]);
                self.pos += n;
                return Ok(n);
            }
            if self.next_run == runs.len() {
                return Ok(0);
            }
            self.in_run = Some(0);
        }
    }
}

/// Fills `buf` (up to `left` bytes) with `row` repeated, from byte `phase` of it; returns how
/// many bytes it wrote. The copies double in size (a run of 16-byte rows is not copied 16 bytes
/// at a time).
fn fill_periodic(buf: &mut [u8], row: &[u8], phase: usize, left: u64) -> usize {
    let want = usize::try_from(left).unwrap_or(usize::MAX).min(buf.len());
    let first = (row.len() - phase).min(want);
    buf[..first].copy_from_slice(&row[phase..phase + first]);
    let start = first;
    let mut n = first;
    if n < want {
        let seed = row.len().min(want - n);
        buf[n..n + seed].copy_from_slice(&row[..seed]);
        n += seed;
    }
    while n < want {
        let chunk = (n - start).min(want - n);
        buf.copy_within(start..start + chunk, n);
        n += chunk;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_expand_where_they_stand_and_compare_by_content() {
        let mut b = DumpBytes::default();
        b.push(&[1, 2, 3]);
        b.push_run((1, 2), 3, 1, (2, (3, 1)));
        b.push(&[9]);
        let expanded = [1, 2, 3, 2, 3, 2, 3, 2, 3, 2, 9];
        assert_eq!(b.len(), expanded.len() as u64);
        assert_eq!(b.to_vec(100).unwrap(), expanded);
        assert_eq!(b.to_vec(10), None);
        assert_eq!(b, DumpBytes::from(expanded.to_vec()));
        assert_eq!(b.last(), Some(9));
        assert_eq!(b.head(4), [1, 2, 3, 2]);
        // One byte at a time, as a reader may be asked.
        let mut r = b.reader();
        let mut one = [0u8];
        let mut got = Vec::new();
        while r.read(&mut one).unwrap() == 1 {
            got.push(one[0]);
        }
        assert_eq!(got, expanded);
        let mut tail = DumpBytes::from(vec![5, 6]);
        tail.push_run((0, 2), 2, 0, (2, (3, 1)));
        assert_eq!(tail.last(), Some(6));
        assert_eq!(tail.run_past(5).map(|r| r.star_line), Some(2));
        assert!(tail.run_past(6).is_none());
    }

    #[test]
    fn a_gibibyte_run_is_a_few_bytes_until_read() {
        let mut b = DumpBytes::from(vec![0; 16]);
        b.push_run((0, 16), (1 << 30) / 16 - 1, 0, (2, (3, 1)));
        assert_eq!(b.len(), 1 << 30);
        assert_eq!(b.to_vec(1 << 20), None);
        let mut sum = 0u64;
        let mut buf = vec![1u8; 1 << 20];
        let mut r = b.into_reader();
        loop {
            let n = r.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            sum += n as u64;
            assert_eq!(buf[n - 1], 0);
        }
        assert_eq!(sum, 1 << 30);
    }
}
