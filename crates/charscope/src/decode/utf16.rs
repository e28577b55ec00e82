//! The UTF-16 scanner: pairs surrogates, names the unpaired ones and an odd trailing byte.

use super::{Sink, TextRun, join_pending};
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::{Encoding, Endian};
use crate::span::Span;

/// Streaming UTF-16 scanner; keeps at most three bytes between chunks (a high surrogate and
/// one byte of the unit after it).
#[derive(Clone, Debug)]
pub(crate) struct Utf16Scanner {
    endian: Endian,
    encoding: &'static Encoding,
    pending: Vec<u8>,
}

impl Utf16Scanner {
    pub(crate) fn new(encoding: &'static Encoding, endian: Endian) -> Self {
        Utf16Scanner {
            endian,
            encoding,
            pending: Vec::with_capacity(4),
        }
    }

    fn unit(&self, b: &[u8]) -> u16 {
        match self.endian {
            Endian::Big => u16::from_be_bytes([b[0], b[1]]),
            Endian::Little => u16::from_le_bytes([b[0], b[1]]),
        }
    }

    pub(crate) fn scan(&mut self, src: &[u8], last: bool, pos: u64, sink: &mut dyn Sink) {
        let (data, base) = join_pending(&mut self.pending, src, pos);
        let data = &*data;
        let mut run = TextRun::new(base);
        let mut i = 0;
        let malformed =
            |run: &mut TextRun, sink: &mut dyn Sink, i: usize, len: usize, kind, cut| {
                run.flush(sink, base + i as u64);
                let span = Span::new(base + i as u64, base + (i + len) as u64);
                sink.malformed(Malformed::new(
                    span,
                    kind,
                    &data[i..i + len],
                    0,
                    cut,
                    self.encoding,
                ));
                run.restart(base + (i + len) as u64);
            };
        while i < data.len() {
            let rest = data.len() - i;
            if rest == 1 {
                if last {
                    malformed(&mut run, sink, i, 1, MalformedKind::Truncated, Cut::ByEnd);
                    i += 1;
                } else {
                    break;
                }
                continue;
            }
            let u = self.unit(&data[i..]);
            match u {
                0xDC00..=0xDFFF => {
                    malformed(
                        &mut run,
                        sink,
                        i,
                        2,
                        MalformedKind::UnpairedSurrogate,
                        Cut::None,
                    );
                    i += 2;
                }
                0xD800..=0xDBFF => {
                    if rest < 4 {
                        if !last {
                            break;
                        }
                        if rest == 3 {
                            malformed(&mut run, sink, i, 3, MalformedKind::Truncated, Cut::ByEnd);
                            i += 3;
                        } else {
                            malformed(
                                &mut run,
                                sink,
                                i,
                                2,
                                MalformedKind::UnpairedSurrogate,
                                Cut::ByEnd,
                            );
                            i += 2;
                        }
                        continue;
                    }
                    let low = self.unit(&data[i + 2..]);
                    if (0xDC00..=0xDFFF).contains(&low) {
                        let c =
                            0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                        run.push(char::from_u32(c).expect("a surrogate pair is a scalar value"));
                        i += 4;
                    } else {
                        let cut = Cut::ByByte(data[i + 2]);
                        malformed(&mut run, sink, i, 2, MalformedKind::UnpairedSurrogate, cut);
                        i += 2;
                    }
                }
                _ => {
                    run.push(char::from_u32(u32::from(u)).expect("not a surrogate"));
                    i += 2;
                }
            }
        }
        run.flush(sink, base + i as u64);
        self.pending.extend_from_slice(&data[i..]);
    }
}
