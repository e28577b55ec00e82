//! The scanner of table-driven single-byte encodings: each byte is a character or, when the
//! table maps it to nothing, a one-byte `unmapped` malformed sequence. No state between chunks.

use super::sink::{Sink, TextRun};
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
    let mut i = 0;
    while i < src.len() {
        // Fast path: a run of ASCII bytes the table keeps as themselves.
        let ascii = src[i..]
            .iter()
            .take_while(|&&b| b < 0x80 && table.keeps_ascii(b))
            .count();
        if ascii > 0 {
            if wants_text {
                run.push_str(std::str::from_utf8(&src[i..i + ascii]).expect("ASCII"));
            }
            i += ascii;
            continue;
        }
        let b = src[i];
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
        i += 1;
    }
    run.flush(sink, pos + src.len() as u64);
}

#[cfg(test)]
mod tests {
    use super::super::testing::{enc, units};

    #[test]
    fn each_byte_is_a_character_or_unmapped() {
        assert_eq!(units(enc("ibm437"), b"A\x80\xFF"), "A\u{C7}\u{A0}");
        assert_eq!(
            units(enc("ibm864"), b"\x25\xA6\xA7"),
            "\u{66A}[unmapped 1+1][unmapped 2+1]"
        );
        assert_eq!(units(enc("true-us-ascii"), b"A\x80B"), "A[unmapped 1+1]B");
    }
}
