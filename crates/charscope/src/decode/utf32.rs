//! The UTF-32 scanner: four bytes a unit; surrogates, values past U+10FFFF and a short tail are
//! malformed, one U+FFFD each.

use super::sink::{Sink, TextRun, join_pending};
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::{Encoding, Endian};
use crate::span::Span;

/// Streaming UTF-32 scanner; keeps at most three bytes between chunks.
#[derive(Clone, Debug)]
pub(crate) struct Utf32Scanner {
    endian: Endian,
    encoding: &'static Encoding,
    pending: Vec<u8>,
}

impl Utf32Scanner {
    pub(crate) fn new(encoding: &'static Encoding, endian: Endian) -> Self {
        Utf32Scanner {
            endian,
            encoding,
            pending: Vec::with_capacity(4),
        }
    }

    pub(crate) fn scan(&mut self, src: &[u8], last: bool, pos: u64, sink: &mut dyn Sink) {
        let (data, base) = join_pending(&mut self.pending, src, pos);
        let data = &*data;
        let mut run = TextRun::new(base);
        let mut i = 0;
        while i < data.len() {
            let rest = data.len() - i;
            let (len, kind) = if rest < 4 {
                if !last {
                    break;
                }
                (rest, MalformedKind::Truncated)
            } else {
                let b = [data[i], data[i + 1], data[i + 2], data[i + 3]];
                let v = match self.endian {
                    Endian::Big => u32::from_be_bytes(b),
                    Endian::Little => u32::from_le_bytes(b),
                };
                match char::from_u32(v) {
                    Some(c) => {
                        run.push(c);
                        i += 4;
                        continue;
                    }
                    None if (0xD800..=0xDFFF).contains(&v) => (4, MalformedKind::Surrogate),
                    None => (4, MalformedKind::OutOfRange),
                }
            };
            run.flush(sink, base + i as u64);
            let span = Span::new(base + i as u64, base + (i + len) as u64);
            let cut = if kind == MalformedKind::Truncated {
                Cut::ByEnd
            } else {
                Cut::None
            };
            sink.malformed(Malformed::new(
                span,
                kind,
                &data[i..i + len],
                0,
                cut,
                self.encoding,
            ));
            i += len;
            run.restart(base + i as u64);
        }
        run.flush(sink, base + i as u64);
        self.pending.extend_from_slice(&data[i..]);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn four_bytes_a_unit_and_each_bad_one_named() {
        assert_eq!(
            units(
                enc("utf-32le"),
                b"A\x00\x00\x00\x00\xD8\x00\x00\x00\x00\x11\x00\x00\xF6\x01\x00B\x00"
            ),
            "A[surrogate 4+4][out-of-range 8+4]\u{1F600}[truncated 16+2]"
        );
        assert_eq!(
            units(enc("utf-32be"), b"\x00\x01\xF6\x00\x00\x00"),
            "\u{1F600}[truncated 4+2]"
        );
    }
}
