//! CESU-8, UTF-7, real ISO-2022-KR, Johab and EUC-TW: examples from their specifications,
//! malformed sequences named with offsets, round trips, and chunk-boundary independence with
//! bytes that exercise each encoding's states.

use charscope::decode::{self, Decoder, Piece, Unit};
use charscope::encode::{Substitute, encode};
use charscope::encoding::{self, Encoding};
use charscope::{Malformed, MalformedKind};
use proptest::prelude::*;

fn enc(label: &str) -> &'static Encoding {
    encoding::for_label(label).unwrap()
}

fn text(label: &str, bytes: &[u8]) -> String {
    decode::decode(bytes, enc(label)).text
}

fn malformed(label: &str, bytes: &[u8]) -> Vec<(u64, u64, MalformedKind, String)> {
    decode::decode(bytes, enc(label))
        .malformed
        .iter()
        .map(|m| (m.offset(), m.len(), m.kind, m.reason()))
        .collect()
}

#[test]
fn cesu8_per_unicode_technical_report_26() {
    // UTR #26: U+10400 is ED A0 81 ED B0 80 in CESU-8 (F0 90 90 80 in UTF-8).
    assert_eq!(text("cesu-8", b"\xED\xA0\x81\xED\xB0\x80"), "\u{10400}");
    assert_eq!(text("cesu-8", "aé€".as_bytes()), "aé€");
    let m = malformed("cesu-8", b"A\xF0\x90\x90\x80");
    assert_eq!((m[0].0, m[0].1, m[0].2), (1, 4, MalformedKind::InvalidByte));
    assert!(m[0].3.contains("ED A0 81 ED B0 80"), "{}", m[0].3);
    let m = malformed("cesu-8", b"\xED\xA0\x81A\xED\xB0\x80");
    assert_eq!((m[0].0, m[0].1), (0, 3));
    assert_eq!(m[0].2, MalformedKind::UnpairedSurrogate);
    assert_eq!((m[1].0, m[1].1), (4, 3));
    assert!(m[1].3.contains("low surrogate"));
    let out = encode("\u{10400}", enc("cesu8"), false, Substitute::Omit).unwrap();
    assert_eq!(out.bytes, b"\xED\xA0\x81\xED\xB0\x80");
}

#[test]
fn utf7_per_rfc_2152() {
    // The RFC's examples.
    assert_eq!(text("utf-7", b"Hi Mom -+Jjo--!"), "Hi Mom -\u{263A}-!");
    assert_eq!(text("utf-7", b"+ZeVnLIqe-"), "日本語");
    assert_eq!(text("utf-7", b"A+ImIDkQ."), "A\u{2262}\u{0391}.");
    assert_eq!(text("utf-7", b"1 +- 1"), "1 + 1");
    // A supplementary character as a surrogate pair in one run.
    assert_eq!(text("utf-7", b"+2D3eAA-"), "😀");
    let m = malformed("utf-7", b"ok \xE9");
    assert_eq!((m[0].0, m[0].1, m[0].2), (3, 1, MalformedKind::InvalidByte));
    let m = malformed("utf-7", b"+!");
    assert_eq!((m[0].0, m[0].1, m[0].2), (0, 1, MalformedKind::Truncated));
    // A lone low surrogate.
    let m = malformed("utf-7", b"+3gA-");
    assert_eq!(m[0].2, MalformedKind::UnpairedSurrogate);
    assert!(m[0].3.contains("low surrogate"));
    let out = encode("Hi Mom -\u{263A}-!", enc("utf-7"), false, Substitute::Omit).unwrap();
    assert_eq!(text("utf-7", &out.bytes), "Hi Mom -\u{263A}-!");
}

#[test]
fn iso2022kr_per_rfc_1557() {
    // 한 is C7 D1 in EUC-KR, so 47 51 after SO.
    let bytes = b"\x1B$)C\x0EGQ\x0F A";
    assert_eq!(text("true-iso-2022-kr", bytes), "한 A");
    // The WHATWG label keeps its meaning: the replacement encoding.
    assert_eq!(text("iso-2022-kr", bytes), "\u{FFFD}");
    let m = malformed("true-iso-2022-kr", b"\x1B(BA\x0E\x47\x0F\xC7");
    assert_eq!((m[0].0, m[0].1, m[0].2), (0, 1, MalformedKind::Unmapped));
    assert!(m[0].3.contains("ESC $ ) C"));
    assert_eq!((m[1].0, m[1].1, m[1].2), (5, 1, MalformedKind::Truncated));
    assert_eq!((m[2].0, m[2].1, m[2].2), (7, 1, MalformedKind::InvalidByte));
    let out = encode("A한", enc("true-iso-2022-kr"), false, Substitute::Omit).unwrap();
    assert_eq!(out.bytes, b"\x1B$)CA\x0EGQ\x0F");
}

#[test]
fn johab_and_euc_tw_tables() {
    // Johab: 가 is 88 61, 한 is D0 65 (KS X 1001 annex 3).
    assert_eq!(text("johab", b"\x88\x61\xD0\x65"), "가한");
    let m = malformed("johab", b"A\xFF\x88");
    assert_eq!((m[0].0, m[0].1, m[0].2), (1, 1, MalformedKind::Unmapped));
    assert_eq!((m[1].0, m[1].1, m[1].2), (2, 1, MalformedKind::Truncated));
    // EUC-TW: plane 1 中 is C4 E3 (CNS 11643 0x4463); plane 2 starts with 乂 (8E A2 A1 A1).
    assert_eq!(text("euc-tw", b"\xC4\xE3\x8E\xA2\xA1\xA1"), "中乂");
    let m = malformed("euc-tw", b"\x8E\xA3\xA1\xA1\x8E\xA2\x41");
    assert_eq!((m[0].0, m[0].1, m[0].2), (0, 4, MalformedKind::Unmapped));
    assert!(m[0].3.contains("plane 3"));
    assert_eq!((m[1].0, m[1].1, m[1].2), (4, 2, MalformedKind::Truncated));
    let out = encode("中乂", enc("euc-tw"), false, Substitute::Omit).unwrap();
    assert_eq!(out.bytes, b"\xC4\xE3\x8E\xA2\xA1\xA1");
    let out = encode("가한", enc("cp1361"), false, Substitute::Omit).unwrap();
    assert_eq!(out.bytes, b"\x88\x61\xD0\x65");
}

/// Bytes that move each of these decoders between its states.
fn stateful_bytes() -> impl Strategy<Value = Vec<u8>> {
    let special = prop::sample::select(vec![
        b'+', b'-', b'A', b'Z', b'a', b'2', b'D', b'3', b'/', b' ', 0x1B, b'$', b')', b'C', 0x0E,
        0x0F, 0x21, 0x47, 0x51, 0x7E, 0xED, 0xA0, 0xB0, 0xBD, 0xB8, 0x80, 0xC3, 0xA9, 0xF0, 0x9F,
        0x98, 0x8E, 0xA1, 0xA2, 0xA3, 0xC4, 0xE3, 0x84, 0x88, 0x61, 0xD0, 0x65, 0x31, 0xFE, 0xF9,
    ]);
    prop::collection::vec(prop_oneof![4 => special, 1 => any::<u8>()], 0..48)
}

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

type Seen = (Unit, Option<String>);

fn units(bytes: &[u8], e: &'static Encoding, points: &[usize]) -> Vec<Seen> {
    let mut decoder = Decoder::new(e);
    let mut out = Vec::new();
    let chunks = split(bytes, points);
    let n = chunks.len();
    for (i, chunk) in chunks.into_iter().enumerate() {
        decoder.decode_units(chunk, i + 1 == n, |u| {
            let reason = match u {
                Unit::Malformed(m) => Some(m.reason()),
                Unit::Char { .. } => None,
            };
            out.push((u, reason));
        });
    }
    out
}

fn pieces(bytes: &[u8], e: &'static Encoding, points: &[usize]) -> (String, Vec<Malformed>) {
    let mut decoder = Decoder::new(e);
    let (mut text, mut bad) = (String::new(), Vec::new());
    let chunks = split(bytes, points);
    let n = chunks.len();
    for (i, chunk) in chunks.into_iter().enumerate() {
        decoder.decode_pieces(chunk, i + 1 == n, |p| match p {
            Piece::Text { text: t, .. } => text.push_str(t),
            Piece::Malformed(m) => {
                text.push('\u{FFFD}');
                bad.push(m);
            }
        });
    }
    (text, bad)
}

const LABELS: [&str; 5] = ["cesu-8", "utf-7", "true-iso-2022-kr", "johab", "euc-tw"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, .. ProptestConfig::default() })]

    /// Any split into chunks gives the same units (spans, reasons) and the same pieces; spans
    /// are in order and never empty.
    #[test]
    fn chunking_never_changes_the_result(bytes in stateful_bytes(), points in prop::collection::vec(any::<usize>(), 0..6)) {
        for label in LABELS {
            let e = enc(label);
            let whole = units(&bytes, e, &[]);
            prop_assert_eq!(&units(&bytes, e, &points), &whole, "{}", label);
            let mut one_by_one = Vec::new();
            let mut decoder = Decoder::new(e);
            for b in bytes.chunks(1) {
                decoder.decode_units(b, false, |u| one_by_one.push(u));
            }
            decoder.decode_units(&[], true, |u| one_by_one.push(u));
            let plain: Vec<Unit> = whole.iter().map(|(u, _)| *u).collect();
            prop_assert_eq!(&one_by_one, &plain, "{} byte by byte", label);
            prop_assert_eq!(pieces(&bytes, e, &points), pieces(&bytes, e, &[]), "{}", label);
            let mut at = 0;
            for (unit, _) in &whole {
                prop_assert!(unit.span().start >= at, "{} {:?}", label, unit);
                if let Unit::Malformed(m) = unit {
                    prop_assert!(!m.is_empty());
                }
                at = unit.span().end;
            }
            prop_assert!(at <= bytes.len() as u64);
        }
    }

    /// decode(encode(text)) is the text, for what each encoding can represent.
    #[test]
    fn round_trip(text in prop::collection::vec(prop_oneof![
        prop::char::range('\0', '\u{7F}'),
        prop::char::range('\u{AC00}', '\u{AC40}'),
        prop::sample::select(vec!['中', '文', '乂', '한', '가', 'é', '€', '😀', '\u{10400}']),
        any::<char>(),
    ], 0..24).prop_map(|c| c.into_iter().collect::<String>())) {
        for label in LABELS {
            let e = enc(label);
            let out = encode(&text, e, false, Substitute::Omit).unwrap();
            let representable: String = text
                .chars()
                .enumerate()
                .filter(|(i, _)| !out.unmappable.iter().any(|u| u.index == *i))
                .map(|(_, c)| c)
                .collect();
            let back = decode::decode(&out.bytes, e);
            prop_assert!(back.malformed.is_empty(), "{} {:?}", label, back.malformed);
            prop_assert_eq!(&back.text, &representable, "{}", label);
            if matches!(label, "cesu-8" | "utf-7") {
                prop_assert!(out.unmappable.is_empty());
            }
        }
    }
}

/// Escapes, shifts and a closing `-` belong to the character after them (as encoding_rs gives
/// ISO-2022-JP's escapes to the next character), so units cover every byte of valid input.
#[test]
fn units_cover_escapes_and_shifts() {
    let spans = |label: &str, bytes: &[u8]| -> Vec<(u64, u64)> {
        decode::units(bytes, enc(label))
            .iter()
            .map(|u| (u.span().start, u.span().end))
            .collect()
    };
    assert_eq!(
        spans("true-iso-2022-kr", b"\x1B$)C\x0EGQ\x0F A"),
        [(0, 7), (7, 9), (9, 10)]
    );
    // "+AGE-" is 'a' (18 bits: the last two are zero padding in E, which the next unit takes).
    assert_eq!(spans("utf-7", b"+AGE-c"), [(0, 3), (3, 6)]);
    assert_eq!(text("utf-7", b"+AGE-c"), "ac");
}
