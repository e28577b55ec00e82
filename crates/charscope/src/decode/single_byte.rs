//! The scanner of table-driven single-byte encodings: each byte is a character or, when the
//! table maps it to nothing, a one-byte `unmapped` malformed sequence. No state between chunks.

use super::{Sink, TextRun};
use crate::decode::malformed::{Cut, Malformed, MalformedKind};
use crate::encoding::{Encoding, SingleByteTable};
use crate::span::Span;

/// Scans `src`, whose first byte sits at absolute offset `pos`.
pub(crate) fn scan(
    encoding: &'static Encoding,
    table: &SingleByteTable,
    src: &[u8],
    pos: u64,
    sink: &mut dyn Sink,
) {
    let wants_text = sink.wants_text();
    let mut run = TextRun::new(pos);
    for (i, &b) in src.iter().enumerate() {
        match table.decode(b) {
            Some(c) => {
                if wants_text {
                    run.push(c);
                }
            }
            None => {
                let at = pos + i as u64;
                run.flush(sink, at);
                sink.malformed(Malformed::new(
                    Span::new(at, at + 1),
                    MalformedKind::Unmapped,
                    &[b],
                    0,
                    Cut::None,
                    encoding,
                ));
                run.restart(at + 1);
            }
        }
    }
    run.flush(sink, pos + src.len() as u64);
}
