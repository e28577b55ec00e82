//! What the decoders' own tests share: the units of some bytes written short, and the check that
//! every way of feeding them (whole, cut in two anywhere, a byte at a time, with empty chunks)
//! gives the same units, and pieces whose text is the units'.

use super::{Decoder, Piece, Unit};
use crate::encoding::{self, Encoding};

/// The encoding of `label` (a label the registry has).
pub(super) fn enc(label: &str) -> &'static Encoding {
    encoding::for_label(label).unwrap_or_else(|e| panic!("{e}"))
}

/// `units` written short: characters as themselves, each malformed sequence as
/// `[kind offset+length]`.
fn short(units: &[Unit]) -> String {
    units
        .iter()
        .map(|u| match u {
            Unit::Char { ch, .. } => ch.to_string(),
            Unit::Malformed(m) => format!("[{} {}+{}]", m.kind, m.offset(), m.len()),
        })
        .collect()
}

/// The units of `bytes` fed as `chunks` (which together are `bytes`), the last one last.
fn units_fed(encoding: &'static Encoding, chunks: &[&[u8]]) -> Vec<Unit> {
    let mut decoder = Decoder::new(encoding);
    let mut units = Vec::new();
    for (k, chunk) in chunks.iter().enumerate() {
        decoder.decode_units(chunk, k + 1 == chunks.len(), |u| units.push(u));
    }
    units
}

/// The units of `bytes` in `encoding`, written short; and, checked on the way, the same units
/// from every way of feeding them, the same text from pieces, and spans that tile the input.
pub(super) fn units(encoding: &'static Encoding, bytes: &[u8]) -> String {
    let whole = units_fed(encoding, &[bytes]);
    for at in 0..=bytes.len() {
        let (a, b) = bytes.split_at(at);
        assert_eq!(
            units_fed(encoding, &[a, b]),
            whole,
            "cut at {at} of {bytes:02X?}"
        );
        assert_eq!(
            units_fed(encoding, &[a, &[], b]),
            whole,
            "empty chunk at {at}"
        );
    }
    let bytewise: Vec<&[u8]> = bytes.chunks(1).chain([&[][..]]).collect();
    assert_eq!(units_fed(encoding, &bytewise), whole, "a byte at a time");
    // The pieces' text is the units' (U+FFFD for each malformed sequence).
    let mut text = String::new();
    Decoder::new(encoding).decode_pieces(bytes, true, |p| match p {
        Piece::Text { text: t, .. } => text.push_str(t),
        Piece::Malformed(_) => text.push(char::REPLACEMENT_CHARACTER),
    });
    let lossy: String = whole.iter().map(Unit::lossy_char).collect();
    assert_eq!(text, lossy, "pieces and units of {bytes:02X?}");
    // Every byte belongs to one unit, in order (a character of a pair may share its bytes).
    // Not yet where bytes only shift state (UTF-7's `+`, `-` and spare bits, ISO-2022's shifts
    // and escapes): they go with the character after them, but with no malformed sequence
    // after them nor at the input's end, and `dump` leaves them out there. Those units are in
    // order all the same.
    let shifts = ["UTF-7", "true-ISO-2022-KR", "ISO-2022-JP"].contains(&encoding.name());
    let mut end = 0;
    for u in &whole {
        let span = u.span();
        let tiles = span.start == end || (span.is_empty() && span.start <= end);
        assert!(tiles || (shifts && span.start >= end), "{whole:?}");
        end = end.max(span.end);
    }
    assert!(
        shifts || end == bytes.len() as u64,
        "the units of {bytes:02X?} end at the end"
    );
    short(&whole)
}
