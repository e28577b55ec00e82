//! UTF-8/16/32 suites nobody here wrote: Markus Kuhn's stress test, flenniken/utf8tests,
//! CPython's codec vectors, Rust std's lossy vectors, and the seed's Unicode table rows.

mod common;

use charscope::decode::{self, Piece, units};
use charscope::encoding::{self, Encoding};
use charscope::{Decoder, MalformedKind};

fn lossy(bytes: &[u8], enc: &'static Encoding) -> String {
    decode::decode(bytes, enc).text
}

fn encoding_rs_lossy(bytes: &[u8], enc: &'static encoding_rs::Encoding) -> String {
    enc.decode_without_bom_handling(bytes).0.into_owned()
}

#[test]
fn kuhn_cases_decode_as_the_reference_decoders_do() {
    let file = common::load_json("kuhn/cases.json");
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() > 50);
    for case in cases {
        let bytes = common::hex(case["bytes"].as_str().unwrap());
        let expected = case["derived_expect_replacement"]["text"].as_str().unwrap();
        let out = decode::decode(&bytes, encoding::UTF_8);
        assert_eq!(out.text, expected, "Kuhn {}", case["description"]);
        let valid = case["valid_utf8"].as_bool().unwrap();
        assert_eq!(
            out.malformed.is_empty(),
            valid,
            "Kuhn {}",
            case["description"]
        );
    }
}

#[test]
fn kuhn_file_decodes_line_by_line_exactly_as_whatwg() {
    let path = common::testdata().join("kuhn/UTF-8-test.filtered.txt");
    let bytes = std::fs::read(&path).unwrap();
    let mut lines = 0;
    for line in bytes.split(|&b| b == b'\n') {
        assert_eq!(
            lossy(line, encoding::UTF_8),
            encoding_rs_lossy(line, encoding_rs::UTF_8),
            "line {lines}"
        );
        lines += 1;
    }
    assert!(lines > 200);
    // And as one whole stream.
    assert_eq!(
        lossy(&bytes, encoding::UTF_8),
        encoding_rs_lossy(&bytes, encoding_rs::UTF_8)
    );
}

#[test]
fn flenniken_cases_replace_each_maximal_subpart() {
    let file = common::load_json("flenniken-utf8tests/cases.json");
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() > 150);
    for case in cases {
        let bytes = common::hex(case["bytes"].as_str().unwrap());
        let out = decode::decode(&bytes, encoding::UTF_8);
        if case["valid"].as_bool().unwrap() {
            assert_eq!(
                out.text,
                case["expect_text"].as_str().unwrap(),
                "flenniken {}",
                case["id"]
            );
            assert!(out.malformed.is_empty(), "flenniken {}", case["id"]);
        } else {
            assert_eq!(
                out.text,
                case["expect_replace_text"].as_str().unwrap(),
                "flenniken {}",
                case["id"]
            );
            // Dropping the malformed sequences gives the "skip invalid" expectation.
            let skipped: String = out.text.chars().filter(|&c| c != '\u{FFFD}').collect();
            let expected_skip = common::hex(case["expect_skip_invalid"].as_str().unwrap());
            let original_fffd = bytes.windows(3).filter(|w| w == b"\xEF\xBF\xBD").count();
            if original_fffd == 0 {
                assert_eq!(
                    skipped.as_bytes(),
                    expected_skip.as_slice(),
                    "flenniken {} (skip)",
                    case["id"]
                );
            }
        }
    }
}

#[test]
fn cpython_codec_vectors() {
    let file = common::load_json("cpython/decode_replace.json");
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() > 200);
    for case in cases {
        let bytes = common::hex(case["bytes"].as_str().unwrap());
        let label = case["encoding"].as_str().unwrap();
        // Python's "utf-16" reads a BOM and otherwise means little-endian on this test machine,
        // which is the WHATWG meaning of the label and of BOM sniffing.
        let mut decoder = charscope::StreamDecoder::new(
            encoding::for_label(label).unwrap(),
            charscope::BomMode::Sniff(charscope::BomPolicy::Whatwg),
        );
        let mut text = String::new();
        let mut errors = 0;
        decoder.decode_pieces(&bytes, true, |piece| match piece {
            Piece::Text { text: t, .. } => text.push_str(t),
            Piece::Malformed(_) => {
                errors += 1;
                text.push('\u{FFFD}');
            }
        });
        assert_eq!(
            text,
            case["expect_replace_text"].as_str().unwrap(),
            "{} {}",
            case["id"],
            case["source"]
        );
        assert_eq!(case["expect_strict"], "error");
        assert!(errors > 0, "{}: strict decoding must fail", case["id"]);
        assert!(decode::decode_strict(&bytes, encoding::for_label(label).unwrap()).is_err());
    }
}

#[test]
fn rust_std_lossy_vectors_and_chunks() {
    let file = common::load_json("rust-std/lossy.json");
    for case in file["cases"].as_array().unwrap() {
        let expected = case["expect_replace_text"].as_str().unwrap();
        if case["encoding"] == "utf-8" {
            let bytes = common::hex(case["bytes"].as_str().unwrap());
            assert_eq!(lossy(&bytes, encoding::UTF_8), expected, "{}", case["id"]);
            // Utf8Chunks: each valid run followed by the invalid maximal subpart that ends it.
            let mut chunks: Vec<(String, Vec<u8>)> = vec![(String::new(), Vec::new())];
            Decoder::new(encoding::UTF_8).decode_pieces(&bytes, true, |piece| match piece {
                Piece::Text { text, .. } => chunks.last_mut().unwrap().0.push_str(text),
                Piece::Malformed(m) => {
                    chunks.last_mut().unwrap().1 = m.bytes().to_vec();
                    chunks.push((String::new(), Vec::new()));
                }
            });
            if chunks.len() > 1 && chunks.last().unwrap().0.is_empty() {
                chunks.pop();
            }
            let expected_chunks: Vec<(String, Vec<u8>)> = case["expect_chunks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c["valid"].as_str().unwrap().to_string(),
                        common::hex(c["invalid"].as_str().unwrap()),
                    )
                })
                .collect();
            assert_eq!(chunks, expected_chunks, "{}", case["id"]);
        } else {
            for (field, enc) in [
                ("bytes_utf16le", encoding::UTF_16LE),
                ("bytes_utf16be", encoding::UTF_16BE),
            ] {
                let bytes = common::hex(case[field].as_str().unwrap());
                assert_eq!(lossy(&bytes, enc), expected, "{} {field}", case["id"]);
            }
        }
    }
}

/// Seed 000's four rows from the Unicode Standard (Tables 3-8 to 3-11), with the counts it states.
#[test]
fn unicode_table_rows_give_the_counts_the_seed_states() {
    let rows: [(&[u8], &str, &[MalformedKind]); 4] = [
        (
            b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A",
            &[MalformedKind::Overlong; 8],
        ),
        (
            b"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A",
            &[MalformedKind::Surrogate; 8],
        ),
        (
            b"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A\u{FFFD}\u{FFFD}B",
            &[
                MalformedKind::OutOfRange,
                MalformedKind::OutOfRange,
                MalformedKind::OutOfRange,
                MalformedKind::OutOfRange,
                MalformedKind::InvalidByte,
                MalformedKind::UnexpectedContinuation,
                MalformedKind::UnexpectedContinuation,
            ],
        ),
        (
            b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A",
            &[MalformedKind::Truncated; 4],
        ),
    ];
    for (bytes, text, kinds) in rows {
        let out = decode::decode(bytes, encoding::UTF_8);
        assert_eq!(out.text, text);
        let got: Vec<MalformedKind> = out.malformed.iter().map(|m| m.kind).collect();
        assert_eq!(got, kinds, "{bytes:02X?}");
    }
    // Table 3-11: a truncated sequence counts once, however many of its bytes arrived.
    let out = decode::decode(b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41", encoding::UTF_8);
    let lens: Vec<u64> = out.malformed.iter().map(|m| m.len()).collect();
    assert_eq!(lens, [2, 1, 3, 2]);
}

/// RFC 3629's exploit: C0 AE must never become '.', and is named an overlong form of U+002E.
#[test]
fn overlong_dot_in_path_is_reported_and_never_decoded() {
    let out = decode::decode(b"\x2F\xC0\xAE\x2E\x2F", encoding::UTF_8);
    assert_eq!(out.text, "/\u{FFFD}\u{FFFD}./");
    assert_eq!(out.text.matches('.').count(), 1);
    assert_eq!(out.malformed.len(), 2);
    assert!(
        out.malformed
            .iter()
            .all(|m| m.kind == MalformedKind::Overlong)
    );
    assert_eq!(out.malformed[0].offset(), 1);
    assert!(
        out.malformed[1].reason().contains("C0 AE"),
        "{}",
        out.malformed[1].reason()
    );
    assert!(
        out.malformed[1].reason().contains("U+002E"),
        "{}",
        out.malformed[1].reason()
    );
}

/// Seed 004: C0 80 is overlong, ED A0 80 a surrogate, F4 90 80 80 beyond U+10FFFF.
#[test]
fn seed_004_ill_formed_sequences() {
    for (bytes, kind, value) in [
        (&b"\xC0\x80"[..], MalformedKind::Overlong, "U+0000"),
        (b"\xED\xA0\x80", MalformedKind::Surrogate, "U+D800"),
        (b"\xF4\x90\x80\x80", MalformedKind::OutOfRange, "U+110000"),
    ] {
        let out = decode::decode(bytes, encoding::UTF_8);
        assert_eq!(out.malformed.len(), bytes.len());
        assert!(out.malformed.iter().all(|m| m.kind == kind));
        assert!(
            out.malformed.last().unwrap().reason().contains(value),
            "{}",
            out.malformed.last().unwrap().reason()
        );
    }
}

#[test]
fn utf16_and_utf32_kinds_and_offsets() {
    let out = decode::decode(b"\x3D\xD8\x41\x00\x00\xDC\x42", encoding::UTF_16LE);
    assert_eq!(out.text, "\u{FFFD}A\u{FFFD}\u{FFFD}");
    let kinds: Vec<_> = out.malformed.iter().map(|m| (m.offset(), m.kind)).collect();
    assert_eq!(
        kinds,
        [
            (0, MalformedKind::UnpairedSurrogate),
            (4, MalformedKind::UnpairedSurrogate),
            (6, MalformedKind::Truncated)
        ]
    );
    let out = decode::decode(
        b"\x00\x00\x00\x41\x00\x00\xD8\x00\x00\x11\x00\x00\x00\x00",
        encoding::UTF_32BE,
    );
    assert_eq!(out.text, "A\u{FFFD}\u{FFFD}\u{FFFD}");
    let kinds: Vec<_> = out.malformed.iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        [
            MalformedKind::Surrogate,
            MalformedKind::OutOfRange,
            MalformedKind::Truncated
        ]
    );
    assert!(out.malformed[1].reason().contains("00110000"));
}

#[test]
fn legacy_units_have_exact_spans() {
    // Shift_JIS: 82 A0 is one character; 81 followed by 20 is malformed and 20 stays a space.
    let u = units(
        b"A\x82\xA0\x81 B",
        encoding::for_label("shift_jis").unwrap(),
    );
    let spans: Vec<_> = u
        .iter()
        .map(|u| (u.span().start, u.span().end, u.lossy_char()))
        .collect();
    assert_eq!(
        spans,
        [
            (0, 1, 'A'),
            (1, 3, 'あ'),
            (3, 4, '\u{FFFD}'),
            (4, 5, ' '),
            (5, 6, 'B')
        ]
    );
    // Big5 88 62 maps to two code points; the second shares the bytes of the first.
    let u = units(b"\x88\x62", encoding::for_label("big5").unwrap());
    let spans: Vec<_> = u
        .iter()
        .map(|u| (u.span().start, u.span().end, u.lossy_char()))
        .collect();
    assert_eq!(spans, [(0, 2, '\u{CA}'), (2, 2, '\u{304}')]);
    // A lead byte at the very end is truncated, not unmapped.
    let out = decode::decode(b"A\x82", encoding::for_label("shift_jis").unwrap());
    assert_eq!(out.malformed[0].kind, MalformedKind::Truncated);
    // gb18030: a malformed four-byte attempt pushes its ASCII bytes back.
    let u = units(b"\x81\x30\x41", encoding::for_label("gb18030").unwrap());
    let spans: Vec<_> = u
        .iter()
        .map(|u| (u.span().start, u.span().end, u.lossy_char()))
        .collect();
    assert_eq!(spans, [(0, 1, '\u{FFFD}'), (1, 2, '0'), (2, 3, 'A')]);
}

#[test]
fn legacy_pushed_back_bytes_keep_their_own_spans() {
    // ISO-2022-JP: ESC $ then ESC. The first ESC is malformed, "$" is taken back and output,
    // the second ESC is cut short by the end. Spans stay in order and do not overlap.
    let u = units(b"\x1b\x24\x1b", encoding::for_label("iso-2022-jp").unwrap());
    let spans: Vec<_> = u
        .iter()
        .map(|u| (u.span().start, u.span().end, u.lossy_char()))
        .collect();
    assert_eq!(spans, [(0, 1, '\u{FFFD}'), (1, 2, '$'), (2, 3, '\u{FFFD}')]);
    // gb18030: 81 30 81 41 fails at its fourth byte; 30 is taken back as '0', and 81 41 is then
    // a two-byte character.
    let u = units(b"\x81\x30\x81\x41", encoding::for_label("gb18030").unwrap());
    let spans: Vec<_> = u.iter().map(|u| (u.span().start, u.span().end)).collect();
    assert_eq!(spans, [(0, 1), (1, 2), (2, 4)]);
}

#[test]
fn replacement_encoding_gives_one_fffd() {
    let out = decode::decode(
        b"anything at all",
        encoding::for_label("iso-2022-kr").unwrap(),
    );
    assert_eq!(out.text, "\u{FFFD}");
    assert_eq!(out.malformed.len(), 1);
    assert_eq!(out.malformed[0].kind, MalformedKind::Replacement);
    assert_eq!(decode::decode(b"", encoding::REPLACEMENT).text, "");
}

#[test]
fn true_latin1_differs_from_windows_1252_in_80_9f() {
    let bytes: Vec<u8> = (0x80..=0x9F).collect();
    let latin1 = lossy(&bytes, encoding::ISO_8859_1);
    assert!(latin1.chars().all(|c| ('\u{80}'..='\u{9F}').contains(&c)));
    let cp1252 = lossy(&bytes, encoding::for_label("iso-8859-1").unwrap());
    assert!(cp1252.starts_with('€'));
    assert!(!encoding::for_label("latin1").unwrap().notes().is_empty());
}

/// The UTF-16 scanner works 16 Ki code units at a time: surrogate pairs, lone halves and an odd
/// final byte placed around that boundary decode as encoding_rs decodes them, whole or chunked.
#[test]
fn utf16_long_inputs_across_work_blocks() {
    for shift in 0..4 {
        let mut units: Vec<u16> = vec![0x4E2D; 16 * 1024 - 2 + shift];
        units.extend([0xD83D, 0xDE00, 0xD800, 0x0041, 0xDC00, 0xD83D]);
        units.extend(vec![0x0042; 16 * 1024 + shift]);
        units.extend([0xD83D, 0xDE00, 0xDBFF]);
        for (enc, rs, big) in [
            (encoding::UTF_16LE, encoding_rs::UTF_16LE, false),
            (encoding::UTF_16BE, encoding_rs::UTF_16BE, true),
        ] {
            let mut bytes: Vec<u8> = units
                .iter()
                .flat_map(|u| {
                    if big {
                        u.to_be_bytes()
                    } else {
                        u.to_le_bytes()
                    }
                })
                .collect();
            for odd in [false, true] {
                if odd {
                    bytes.push(0x41);
                }
                let whole = decode::decode(&bytes, enc);
                assert_eq!(
                    whole.text,
                    encoding_rs_lossy(&bytes, rs),
                    "{enc} shift {shift} odd {odd}"
                );
                let mut decoder = Decoder::new(enc);
                let mut chunked = String::new();
                let cuts = [0, 1, 32765, 32767, 32768, 32771, 40000, bytes.len()];
                for w in cuts.windows(2) {
                    let last = w[1] == bytes.len();
                    decoder.decode_pieces(&bytes[w[0]..w[1]], last, |p| match p {
                        Piece::Text { text, .. } => chunked.push_str(text),
                        Piece::Malformed(_) => chunked.push('\u{FFFD}'),
                    });
                }
                assert_eq!(chunked, whole.text, "{enc} shift {shift} odd {odd} chunked");
            }
        }
    }
}
