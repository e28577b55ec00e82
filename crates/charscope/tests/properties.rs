//! Property tests: differential against encoding_rs and std, the chunking property, and that the
//! two grains (pieces and units) of one decoder agree.

use charscope::decode::{self, Decoder, Piece, Unit};
use charscope::encode::{Substitute, encode};
use charscope::encoding::{self, Encoding};
use charscope::{BomMode, BomPolicy, Malformed, StreamDecoder};
use proptest::prelude::*;

/// Bytes that matter to some decoder: UTF-8 leads and boundaries, surrogate halves, escapes,
/// CJK leads and trails, plus anything at all.
fn interesting_bytes() -> impl Strategy<Value = Vec<u8>> {
    let special = prop::sample::select(vec![
        0x00u8, 0x0A, 0x1B, 0x24, 0x28, 0x30, 0x41, 0x42, 0x4A, 0x5C, 0x7E, 0x7F, 0x80, 0x81, 0x8E,
        0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xAF, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xD8, 0xDB, 0xDC, 0xE0,
        0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF,
    ]);
    prop::collection::vec(prop_oneof![3 => special, 1 => any::<u8>()], 0..48)
}

/// Text with ASCII, Latin, CJK, emoji and combining marks.
fn interesting_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::char::range('\0', '\u{7F}'),
            prop::char::range('\u{80}', '\u{24F}'),
            prop::char::range('\u{3040}', '\u{30FF}'),
            prop::char::range('\u{4E00}', '\u{9FFF}'),
            prop::char::range('\u{1F600}', '\u{1F64F}'),
            any::<char>(),
        ],
        0..24,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// Splits `bytes` at the given points (sorted, clamped), empty chunks included.
fn split<'a>(bytes: &'a [u8], points: &[usize]) -> Vec<&'a [u8]> {
    let mut cuts: Vec<usize> = points.iter().map(|p| p % (bytes.len() + 1)).collect();
    cuts.sort_unstable();
    let mut chunks = Vec::new();
    let mut start = 0;
    for cut in cuts {
        chunks.push(&bytes[start..cut]);
        start = cut;
    }
    chunks.push(&bytes[start..]);
    chunks
}

/// A unit with its reason, so that equality covers everything a user sees.
fn seen(unit: &Unit) -> (Unit, Option<String>) {
    let reason = match unit {
        Unit::Malformed(m) => Some(m.reason()),
        Unit::Char { .. } => None,
    };
    (*unit, reason)
}

fn units_in_chunks(
    bytes: &[u8],
    enc: &'static Encoding,
    points: &[usize],
) -> Vec<(Unit, Option<String>)> {
    let mut decoder = Decoder::new(enc);
    let mut out = Vec::new();
    let chunks = split(bytes, points);
    let n = chunks.len();
    for (i, chunk) in chunks.into_iter().enumerate() {
        decoder.decode_units(chunk, i + 1 == n, |u| out.push(seen(&u)));
    }
    out
}

fn pieces_in_chunks(
    bytes: &[u8],
    enc: &'static Encoding,
    points: &[usize],
) -> (String, Vec<Malformed>) {
    let mut decoder = Decoder::new(enc);
    let mut text = String::new();
    let mut malformed = Vec::new();
    let chunks = split(bytes, points);
    let n = chunks.len();
    for (i, chunk) in chunks.into_iter().enumerate() {
        decoder.decode_pieces(chunk, i + 1 == n, |piece| match piece {
            Piece::Text { text: t, .. } => text.push_str(t),
            Piece::Malformed(m) => {
                text.push('\u{FFFD}');
                malformed.push(m);
            }
        });
    }
    (text, malformed)
}

/// The UTF-32 rule: one U+FFFD per bad 4-byte unit, one for a 1-3 byte tail.
fn utf32_reference(bytes: &[u8], big_endian: bool) -> String {
    let mut out = String::new();
    let mut chunks = bytes.chunks_exact(4);
    for unit in &mut chunks {
        let arr = [unit[0], unit[1], unit[2], unit[3]];
        let v = if big_endian {
            u32::from_be_bytes(arr)
        } else {
            u32::from_le_bytes(arr)
        };
        out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
    }
    if !chunks.remainder().is_empty() {
        out.push('\u{FFFD}');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// For every WHATWG encoding, charscope's text is encoding_rs's.
    #[test]
    fn every_whatwg_encoding_matches_encoding_rs(bytes in interesting_bytes()) {
        for enc in encoding::all().filter(|e| e.is_whatwg()) {
            let rs = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
            let theirs = rs.decode_without_bom_handling(&bytes).0;
            let ours = decode::decode(&bytes, enc);
            prop_assert_eq!(&ours.text, &theirs, "{}", enc);
            prop_assert_eq!(ours.text.matches('\u{FFFD}').count() >= ours.malformed.len(), true);
        }
    }

    /// UTF-8 also equals the standard library's lossy decoding, and strictness agrees with it.
    #[test]
    fn utf8_matches_std(bytes in interesting_bytes()) {
        let ours = decode::decode(&bytes, encoding::UTF_8);
        prop_assert_eq!(&ours.text, &String::from_utf8_lossy(&bytes));
        prop_assert_eq!(ours.malformed.is_empty(), std::str::from_utf8(&bytes).is_ok());
        if let Err(e) = std::str::from_utf8(&bytes) {
            prop_assert_eq!(ours.malformed[0].offset(), e.valid_up_to() as u64);
        }
    }

    /// UTF-32 follows its rule in both byte orders.
    #[test]
    fn utf32_matches_its_rule(bytes in interesting_bytes()) {
        prop_assert_eq!(decode::decode(&bytes, encoding::UTF_32BE).text, utf32_reference(&bytes, true));
        prop_assert_eq!(decode::decode(&bytes, encoding::UTF_32LE).text, utf32_reference(&bytes, false));
    }

    /// Any split into chunks (empty ones included) gives the same units, offsets and reasons,
    /// and the same text and malformed sequences in the piece grain.
    #[test]
    fn chunking_never_changes_the_result(bytes in interesting_bytes(), points in prop::collection::vec(any::<usize>(), 0..6)) {
        for enc in encoding::all() {
            let whole = units_in_chunks(&bytes, enc, &[]);
            prop_assert_eq!(&units_in_chunks(&bytes, enc, &points), &whole, "{} units", enc);
            let (text, malformed) = pieces_in_chunks(&bytes, enc, &[]);
            let (chunked_text, chunked_malformed) = pieces_in_chunks(&bytes, enc, &points);
            prop_assert_eq!(&chunked_text, &text, "{} pieces", enc);
            prop_assert_eq!(&chunked_malformed, &malformed, "{} pieces", enc);
            // The malformed-only grain (what validate uses) finds exactly the same sequences.
            let mut decoder = Decoder::new(enc);
            let mut only = Vec::new();
            let chunks = split(&bytes, &points);
            let n = chunks.len();
            for (i, chunk) in chunks.into_iter().enumerate() {
                decoder.decode_malformed(chunk, i + 1 == n, |m| only.push(m));
            }
            prop_assert_eq!(&only, &malformed, "{} malformed only", enc);
        }
    }

    /// Fed one byte at a time, with an empty chunk between every two, every decoder gives the
    /// units of one whole feed.
    #[test]
    fn one_byte_chunks_and_empty_chunks(bytes in interesting_bytes()) {
        for enc in encoding::all() {
            let whole = units_in_chunks(&bytes, enc, &[]);
            let mut decoder = Decoder::new(enc);
            let mut units = Vec::new();
            for byte in bytes.chunks(1) {
                decoder.decode_units(byte, false, |u| units.push(seen(&u)));
                decoder.decode_units(&[], false, |u| units.push(seen(&u)));
            }
            decoder.decode_units(&[], true, |u| units.push(seen(&u)));
            prop_assert_eq!(&units, &whole, "{}", enc);
        }
    }

    /// The two grains of one decoder agree: same characters, same malformed sequences; unit
    /// spans tile the input in order.
    #[test]
    fn pieces_and_units_agree(bytes in interesting_bytes()) {
        for enc in encoding::all() {
            let units = decode::units(&bytes, enc);
            let (text, malformed) = pieces_in_chunks(&bytes, enc, &[]);
            let unit_text: String = units.iter().map(Unit::lossy_char).collect();
            prop_assert_eq!(&unit_text, &text, "{}", enc);
            let unit_malformed: Vec<Malformed> = units.iter().filter_map(|u| match u { Unit::Malformed(m) => Some(*m), _ => None }).collect();
            prop_assert_eq!(&unit_malformed, &malformed, "{}", enc);
            let mut at = 0;
            for unit in &units {
                prop_assert!(unit.span().start >= at, "{} spans out of order", enc);
                prop_assert!(unit.span().end <= bytes.len() as u64);
                at = unit.span().end;
            }
        }
    }

    /// Every byte a UTF decoder reads belongs to exactly one unit: spans tile the input.
    #[test]
    fn unicode_unit_spans_tile_the_input(bytes in interesting_bytes()) {
        for enc in [encoding::UTF_8, encoding::UTF_16LE, encoding::UTF_16BE, encoding::UTF_32LE, encoding::UTF_32BE, encoding::ISO_8859_1] {
            let mut at = 0;
            for unit in decode::units(&bytes, enc) {
                prop_assert_eq!(unit.span().start, at, "{}", enc);
                prop_assert!(!unit.span().is_empty());
                at = unit.span().end;
            }
            prop_assert_eq!(at, bytes.len() as u64, "{}", enc);
        }
    }

    /// decode(encode(s)) == s for the Unicode encodings, with and without a BOM (the BOM is
    /// stripped by the default policy).
    #[test]
    fn unicode_round_trip(text in interesting_text()) {
        for enc in [encoding::UTF_8, encoding::UTF_16LE, encoding::UTF_16BE, encoding::UTF_32LE, encoding::UTF_32BE] {
            for bom in [false, true] {
                let bytes = encode(&text, enc, bom, Substitute::Omit).unwrap();
                prop_assert!(bytes.unmappable.is_empty());
                // Keep a text's own leading U+FEFF when no BOM was added; strip only the added one.
                let mode = if bom { BomMode::Strip } else { BomMode::Keep };
                let mut decoder = StreamDecoder::new(enc, mode);
                let mut back = String::new();
                decoder.decode_pieces(&bytes.bytes, true, |p| if let Piece::Text { text, .. } = p { back.push_str(text) });
                prop_assert_eq!(&back, &text, "{} bom={}", enc, bom);
            }
        }
    }

    /// Legacy encoders agree with encoding_rs (with HTML references for unmappable characters,
    /// which is what encoding_rs writes), and every unmappable character is reported.
    #[test]
    fn legacy_encoders_match_encoding_rs(text in interesting_text()) {
        for enc in encoding::all().filter(|e| e.is_whatwg() && e.can_encode() && !e.is_unicode()) {
            let rs = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
            let (theirs, _, had_errors) = rs.encode(&text);
            let ours = encode(&text, enc, false, Substitute::Html).unwrap();
            prop_assert_eq!(&ours.bytes[..], &theirs[..], "{}", enc);
            prop_assert_eq!(!ours.unmappable.is_empty(), had_errors, "{}", enc);
            for u in &ours.unmappable {
                prop_assert_eq!(text.chars().nth(u.index), Some(u.ch));
                prop_assert_eq!(text[u.utf8_offset..].chars().next(), Some(u.ch));
            }
        }
    }

    /// BOM sniffing never loses bytes: whatever is not a mark is decoded.
    #[test]
    fn bom_sniffing_in_chunks(bytes in interesting_bytes(), points in prop::collection::vec(any::<usize>(), 0..4)) {
        for policy in [BomPolicy::Whatwg, BomPolicy::Unicode] {
            let run = |points: &[usize]| {
                let mut decoder = StreamDecoder::new(encoding::UTF_8, BomMode::Sniff(policy));
                let mut units = Vec::new();
                let chunks = split(&bytes, points);
                let n = chunks.len();
                for (i, chunk) in chunks.into_iter().enumerate() {
                    decoder.decode_units(chunk, i + 1 == n, |u| units.push(seen(&u)));
                }
                (units, decoder.encoding(), decoder.bom())
            };
            let whole = run(&[]);
            prop_assert_eq!(&run(&points), &whole);
            let skipped = whole.2.map_or(0, |b| b.len as u64);
            if let Some((first, _)) = whole.0.first() {
                prop_assert_eq!(first.span().start, skipped);
            }
        }
    }
}

/// Found by the decode_legacy fuzz target: ESC runs and bytes an ISO-2022-JP decoder takes
/// back once gave a character a span that overlapped the next unit's.
#[test]
fn fuzz_regression_pushed_back_escapes_keep_spans_in_order() {
    let input = b"\x8f\x08\x00\x00\xff\x24\x1b\x1b\x1b\x1b\x1b\x1b\x24\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\
                  \x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x00\x32\x00\xfe\x86";
    for enc in encoding::all() {
        let mut at = 0;
        for unit in decode::units(input, enc) {
            assert!(
                unit.span().start >= at,
                "{enc}: {unit:?} starts before {at}"
            );
            at = unit.span().end;
        }
    }
}
