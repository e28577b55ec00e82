//! The converter's view: characters, lengths, the inspection report, comparisons and every
//! ready example.

use charscope::charinfo::{self, CharInfo, bits, names, parse_code_point};
use charscope::report::{self, EncodingSource, UnitWhat};
use charscope::text::metrics::Lengths;
use charscope::{MalformedKind, compare, encoding, examples};

#[test]
fn every_ready_example_has_its_expected_outcome() {
    let all = examples::all();
    assert!(all.len() >= 30);
    let mut names: Vec<&str> = all.iter().map(|e| e.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all.len(), "example names are unique");
    for ex in all {
        let run = ex.run().unwrap_or_else(|e| panic!("{}: {e}", ex.name));
        assert!(!run.expected.is_empty(), "{} checks nothing", ex.name);
        assert!(
            run.mismatches.is_empty(),
            "{}: {:#?}",
            ex.name,
            run.mismatches
        );
    }
}

#[test]
fn an_example_that_does_not_hold_says_why() {
    let mut ex = *examples::find("e-acute").unwrap();
    ex.expected.text = Some("e");
    let run = ex.run().unwrap();
    assert_eq!(run.mismatches.len(), 1);
    assert!(
        run.mismatches[0].contains("expected \"e\""),
        "{:?}",
        run.mismatches
    );
}

#[test]
fn seed_examples_cover_the_brief() {
    for name in [
        "table-3-8",
        "table-3-9",
        "table-3-10",
        "table-3-11",
        "dot-dot-slash",
        "e-acute",
        "euro",
        "grinning-face-utf8",
        "grinning-face-utf16",
        "hi-utf16be",
        "hi-utf16le",
        "bom-utf8",
        "bom-utf16be",
        "bom-utf16le",
        "bom-utf32le",
        "bom-utf32be",
        "cafe-nfc",
        "cafe-nfd",
        "c-cedilla-as-latin1",
        "u0080",
        "js-lone-surrogate",
        "json-bom",
        "c0-80",
        "ed-a0-80",
        "f4-90-80-80",
        "family-emoji",
        "grinning-face-lengths",
    ] {
        assert!(examples::find(name).is_some(), "missing example {name}");
    }
}

/// The lengths the seeds quote, and the language definitions they stand for: JavaScript's
/// `.length` counts UTF-16 code units, Python's `len` code points, Go's `len` bytes.
#[test]
fn lengths_agree_with_language_definitions() {
    let quoted = [
        ("😀", 4, 2, 1, 1),
        ("caf\u{E9}", 5, 4, 4, 4),
        ("cafe\u{301}", 6, 5, 5, 4),
        (
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
            25,
            11,
            7,
            1,
        ),
        ("日本語", 9, 3, 3, 3),
        ("Hi", 2, 2, 2, 2),
        ("", 0, 0, 0, 0),
    ];
    for (text, go_len, js_length, python_len, graphemes) in quoted {
        let l = Lengths::of(text);
        assert_eq!(
            (l.utf8_bytes, l.utf16_units, l.code_points, l.graphemes),
            (go_len, js_length, python_len, graphemes),
            "{text:?}"
        );
    }
    for ex in examples::all() {
        let r = ex.report().unwrap();
        let l = r.lengths;
        assert_eq!(l.utf8_bytes, r.text.len(), "{}", ex.name);
        assert_eq!(l.utf16_units, r.text.encode_utf16().count(), "{}", ex.name);
        assert_eq!(l.code_points, r.text.chars().count(), "{}", ex.name);
        assert_eq!(l.utf32_bytes, 4 * l.code_points, "{}", ex.name);
    }
}

#[test]
fn a_window_of_units_numbers_graphemes_as_the_whole_listing_does() {
    // Flags (pairs of regional indicators), a family joined by ZWJ, a combining accent, CRLF,
    // Hangul jamo: clusters that a window may start or end inside.
    let text = "a🇫🇷🇩🇪x👨\u{200D}👩\u{200D}👧e\u{301}\r\n\u{1100}\u{1161}\u{11A8}🇯🇵";
    let all = report::inspect_text(text);
    let numbers: Vec<usize> = all.units.iter().map(|u| u.grapheme).collect();
    assert_eq!(numbers.last(), Some(&(all.lengths.graphemes - 1)));
    for start in 0..numbers.len() {
        for limit in 1..=numbers.len() - start {
            let window = report::inspect_text_window(text, report::UnitWindow { start, limit });
            let got: Vec<usize> = window.units.iter().map(|u| u.grapheme).collect();
            assert_eq!(
                got,
                numbers[start..start + limit],
                "start {start}, limit {limit}"
            );
        }
    }
}

#[test]
fn columns_count_wide_characters_twice() {
    assert_eq!(Lengths::of("日本").columns, 4);
    assert_eq!(Lengths::of("😀a").columns, 3);
    assert_eq!(Lengths::of("e\u{301}").columns, 1);
}

#[test]
fn char_info_of_e_acute() {
    let e = CharInfo::of('é');
    assert_eq!(e.code_point, "U+00E9");
    assert_eq!(e.name, "LATIN SMALL LETTER E WITH ACUTE");
    assert_eq!(
        (e.general_category, e.general_category_name),
        ("Ll", "Lowercase_Letter")
    );
    assert_eq!((e.script, e.block), ("Latin", "Latin_1_Supplement"));
    assert_eq!((e.plane.number, e.plane.abbreviation), (0, "BMP"));
    assert_eq!(e.east_asian_width, "A");
    assert_eq!(e.utf8, "C3 A9");
    assert_eq!(e.utf8_bits, "110 00011 10 101001");
    assert_eq!((e.utf16be.as_str(), e.utf16le.as_str()), ("00 E9", "E9 00"));
    assert_eq!(
        (e.utf32be.as_str(), e.utf32le.as_str()),
        ("00 00 00 E9", "E9 00 00 00")
    );
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["code_point"], "U+00E9");
    assert_eq!(json["utf8"], "C3 A9");
    assert_eq!(json["utf8_layout"][0]["marker"], "110");
    assert_eq!(json["utf8_layout"][0]["payload"], "00011");
    assert_eq!(json["utf8_layout"][1]["role"], "continuation");
    assert_eq!(
        json["utf8_layout"][0]["payload_bits"],
        serde_json::json!([10, 6])
    );
}

#[test]
fn bit_layouts_rebuild_the_bytes_and_the_code_point() {
    for c in [
        'A',
        '\u{7F}',
        '\u{80}',
        'é',
        '\u{7FF}',
        '\u{800}',
        '€',
        '\u{FFFF}',
        '😀',
        '\u{10FFFF}',
    ] {
        let layout = bits::utf8_layout(c);
        let mut buf = [0; 4];
        let utf8 = c.encode_utf8(&mut buf).as_bytes();
        assert_eq!(layout.len(), utf8.len());
        let mut value = 0u32;
        for (field, byte) in layout.iter().zip(utf8) {
            let whole = format!("{}{}", field.marker, field.payload);
            assert_eq!(whole.len(), 8, "{c:?}");
            assert_eq!(u8::from_str_radix(&whole, 2).unwrap(), *byte);
            value =
                (value << field.payload.len()) | u32::from_str_radix(&field.payload, 2).unwrap();
        }
        assert_eq!(value, u32::from(c));
        let units = bits::utf16_layout(c);
        let rebuilt: Vec<u16> = units
            .iter()
            .map(|f| u16::from_str_radix(&format!("{}{}", f.marker, f.payload), 2).unwrap())
            .collect();
        assert_eq!(rebuilt, c.encode_utf16(&mut [0; 2]).to_vec(), "{c:?}");
    }
    assert_eq!(
        CharInfo::of('😀').utf16_bits,
        "110110 0000111101 110111 1000000000"
    );
    assert_eq!(CharInfo::of('😀').utf16, "D83D DE00");
}

#[test]
fn names_labels_and_aliases() {
    assert_eq!(CharInfo::of('\t').name, "CHARACTER TABULATION");
    assert!(CharInfo::of('\t').name_is_alias);
    assert_eq!(CharInfo::of('\u{E000}').name, "<private-use-E000>");
    assert_eq!(CharInfo::of('\u{FFFE}').name, "<noncharacter-FFFE>");
    assert_eq!(CharInfo::of('\u{4E2D}').name, "CJK UNIFIED IDEOGRAPH-4E2D");
    assert_eq!(CharInfo::of('\u{AC00}').name, "HANGUL SYLLABLE GA");
    assert_eq!(CharInfo::of('\u{17000}').name, "TANGUT IDEOGRAPH-17000");
    assert_eq!(CharInfo::of('\u{200D}').display, "\\u{200D}");
    assert_eq!(CharInfo::of('\u{301}').display, "\u{25CC}\u{301}");
    // Every control alias is one unicode_names2 resolves back to the same control.
    for cp in (0..0x20).chain(0x7F..0xA0) {
        let c = char::from_u32(cp).unwrap();
        let alias = names::control_alias(c).unwrap_or_else(|| panic!("U+{cp:04X}"));
        assert_eq!(unicode_names2::character(alias), Some(c), "{alias}");
    }
}

#[test]
fn search_by_name_words() {
    let hits: Vec<char> = names::search("grinning face").map(|m| m.ch).collect();
    assert!(hits.contains(&'😀') && hits.contains(&'\u{1F601}'));
    assert!(!hits.contains(&'\u{1F642}'));
    let tab: Vec<char> = names::search("character tabulation")
        .map(|m| m.ch)
        .collect();
    assert_eq!(
        tab,
        ['\t', '\u{88}', '\u{89}'],
        "CHARACTER TABULATION SET too"
    );
    assert_eq!(names::search("").count(), 0);
}

#[test]
fn code_points_parse() {
    assert_eq!(parse_code_point("U+00E9"), Ok('é'));
    assert_eq!(parse_code_point("u+1f600"), Ok('😀'));
    assert_eq!(
        parse_code_point("U+D83D"),
        Err(charinfo::CodePointError::Surrogate(0xD83D))
    );
    assert_eq!(
        parse_code_point("U+110000"),
        Err(charinfo::CodePointError::OutOfRange(0x110000))
    );
    assert!(parse_code_point("00E9").is_err());
    assert!(parse_code_point("U+").is_err());
}

#[test]
fn default_encoding_choice() {
    let r = report::inspect_bytes(b"caf\xC3\xA9", None).unwrap();
    assert_eq!(
        (r.encoding.name(), r.encoding_source),
        ("UTF-8", EncodingSource::Utf8Valid)
    );
    let r = report::inspect_bytes(b"Ol\xE1, caf\xE9 com a\xE7\xFAcar", None).unwrap();
    assert_eq!(
        (r.encoding.name(), r.encoding_source),
        ("windows-1252", EncodingSource::Detected)
    );
    assert_eq!(r.text, "Olá, café com açúcar");
    assert!(
        r.notes
            .iter()
            .any(|n| n.starts_with("Detected: windows-1252"))
    );
    // The seed's bytes: UTF-8 with eight malformed sequences, then A (not "/À®" and "none").
    let seed = [0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41];
    for label in [None, Some("auto")] {
        let r = report::inspect_bytes(&seed, label).unwrap();
        assert_eq!(
            (r.encoding.name(), r.encoding_source),
            ("UTF-8", EncodingSource::Detected)
        );
        assert_eq!(r.malformed.len(), 8);
        assert_eq!(r.text, "\u{FFFD}".repeat(8) + "A");
    }
    let r = report::inspect_bytes(b"\xEF\xBB\xBFHi", None).unwrap();
    assert_eq!(
        (r.encoding.name(), r.encoding_source),
        ("UTF-8", EncodingSource::Bom)
    );
    assert_eq!(r.bom.map(|e| e.name()), Some("UTF-8"));
    assert_eq!(
        r.units[0].offset, 3,
        "offsets count from the first byte, mark included"
    );
    let r = report::inspect_bytes(b"caf\xC3\xA9", Some("latin1")).unwrap();
    assert_eq!(
        (r.encoding.name(), r.encoding_source),
        ("windows-1252", EncodingSource::Label)
    );
    assert!(r.notes.iter().any(|n| n.contains("windows-1252")));
    assert!(report::inspect_bytes(b"x", Some("utf-9")).is_err());
}

#[test]
fn utf16_label_lets_a_mark_decide_and_explains_when_none_does() {
    let r = report::inspect_bytes(b"\xFE\xFF\x00H\x00i", Some("utf-16")).unwrap();
    assert_eq!(
        (r.encoding.name(), r.encoding_source, r.text.as_str()),
        ("UTF-16BE", EncodingSource::Bom, "Hi")
    );
    let r = report::inspect_bytes(b"\xFF\xFE\x00\x00", Some("utf-16")).unwrap();
    assert_eq!(
        r.encoding.name(),
        "UTF-16LE",
        "a utf-16 label never turns into UTF-32"
    );
    let r = report::inspect_bytes(b"\x00H\x00i", Some("utf-16")).unwrap();
    assert!(r.notes[0].contains("D98"), "{:?}", r.notes);
    let r = report::inspect_bytes(b"\x00H\x00i", Some("utf-16be")).unwrap();
    assert!(r.notes.iter().all(|n| !n.contains("D98")));
    let r = report::inspect_bytes(b"\x00\x00\x00H", Some("utf-32")).unwrap();
    assert!(r.notes[0].contains("D99"), "{:?}", r.notes);
}

#[test]
fn bom_disagreement_is_explained() {
    let r = report::inspect_bytes(b"\xFF\xFE\x00\x00H\x00\x00\x00", None).unwrap();
    let bom = r.bom_readings.unwrap();
    assert!(bom.disagreement.unwrap().contains("UTF-16LE"));
    let json =
        serde_json::to_value(report::inspect_bytes(b"\xFE\xFF\x00H", None).unwrap()).unwrap();
    assert_eq!(json["bom_readings"]["whatwg"]["encoding"], "UTF-16BE");
    assert_eq!(
        json["bom_readings"]["disagreement"],
        serde_json::Value::Null
    );
}

#[test]
fn report_json_shape() {
    let r = report::inspect_bytes(b"/\xC0\xAE./", Some("utf-8")).unwrap();
    assert_eq!(r.replacements, 2);
    assert_eq!(r.malformed[0].kind, MalformedKind::Overlong);
    let json = serde_json::to_value(&r).unwrap();
    for key in [
        "kind",
        "encoding",
        "encoding_source",
        "bom",
        "byte_length",
        "hex",
        "text",
        "replacements",
        "malformed",
        "lengths",
        "normalization",
        "bom_readings",
        "notes",
        "units",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["encoding_source"], "label");
    assert_eq!(json["malformed"][0]["offset"], 1);
    assert_eq!(json["malformed"][0]["kind"], "overlong");
    assert_eq!(json["units"][0]["char"], "/");
    assert_eq!(json["units"][1]["hex"], "C0");
    assert_eq!(json["units"][1]["malformed"]["kind"], "overlong");
    assert_eq!(json["lengths"]["utf16_units"], 5);
    // Normalization: a flag per form, and the start of each form that differs (the forms in
    // full made a 1 MiB paste's report 26 MB).
    for key in ["nfc", "nfd", "nfkc", "nfkd"] {
        assert!(json["normalization"]["is"][key].is_boolean());
        assert!(json["normalization"]["cut"][key].is_boolean());
        assert!(json["normalization"].get("hex_if_changed").is_some());
    }
    let text = report::inspect_text("e\u{301}x");
    assert_eq!(text.encoding_source, EncodingSource::Text);
    let graphemes: Vec<usize> = text.units.iter().map(|u| u.grapheme).collect();
    assert_eq!(graphemes, [0, 0, 1]);
    assert!(matches!(&text.units[1].what, UnitWhat::Char(c) if c.code_point == "U+0301"));
}

#[test]
fn a_unit_window_lists_the_same_rows_as_the_whole_report() {
    let bytes = b"\xEF\xBB\xBFcaf\xC3\xA9 \xC0\xAF \xF0\x9F\x98\x80e\xCC\x81";
    let whole = report::inspect_bytes(bytes, None).unwrap();
    assert_eq!(whole.units.len(), whole.lengths.code_points);
    for start in 0..=whole.units.len() + 1 {
        for limit in [0, 1, 3, usize::MAX] {
            let window = report::UnitWindow { start, limit };
            let part = report::inspect_bytes_window(bytes, None, window).unwrap();
            let want: Vec<_> = whole.units.iter().skip(start).take(limit).collect();
            assert_eq!(part.units.iter().collect::<Vec<_>>(), want, "{window:?}");
            assert_eq!(
                (&part.text, &part.malformed, part.lengths),
                (&whole.text, &whole.malformed, whole.lengths)
            );
        }
    }
    let text =
        report::inspect_text_window("a\u{1F600}b", report::UnitWindow { start: 1, limit: 1 });
    assert_eq!(text.units.len(), 1);
    assert_eq!(text.units[0].hex, "F0 9F 98 80");
}

#[test]
fn legacy_units_carry_their_own_bytes() {
    let r = report::inspect_bytes(&[0x93, 0xFA, 0x41], Some("shift_jis")).unwrap();
    assert_eq!(r.text, "日A");
    assert_eq!((r.units[0].hex.as_str(), r.units[0].length), ("93 FA", 2));
    assert!(matches!(&r.units[0].what, UnitWhat::Char(c) if c.utf8 == "E6 97 A5"));
}

#[test]
fn compare_ranks_the_plausible_reading_first() {
    let top = |bytes: &[u8]| {
        compare::decodings(bytes, encoding::all())[0]
            .encoding
            .name()
    };
    assert_eq!(top(b"caf\xC3\xA9"), "UTF-8");
    assert_eq!(top(b"Hi"), "UTF-8");
    assert_eq!(top(b"H\x00i\x00"), "UTF-16LE");
    assert_eq!(top(b"\x00H\x00i"), "UTF-16BE");
    assert_eq!(top(b"caf\xE9"), "windows-1252");
    let rows = compare::decodings(b"\x80", [encoding::ISO_8859_1, encoding::WINDOWS_1252]);
    assert_eq!(
        rows[0].encoding.name(),
        "windows-1252",
        "a C1 control is suspicious"
    );
    assert_eq!(rows[1].suspicious, 1);
    let all = compare::decodings(b"\xC3", encoding::all());
    assert_eq!(all.len(), encoding::all().count());
    let utf8 = all.iter().find(|r| r.encoding.name() == "UTF-8").unwrap();
    assert_eq!((utf8.malformed, utf8.replacements), (1, 1));
}

#[test]
fn encode_everywhere_reports_sizes_and_unmappables() {
    let rows = compare::encodings("日本語", encoding::all());
    assert_eq!(
        rows.len(),
        encoding::all().count() - 1,
        "all but the replacement encoding"
    );
    let row = |name: &str| rows.iter().find(|r| r.encoding.name() == name).unwrap();
    assert_eq!(
        (
            row("UTF-8").length,
            row("Shift_JIS").length,
            row("EUC-JP").length
        ),
        (9, 6, 6)
    );
    assert_eq!(row("UTF-16LE").length, 6);
    assert!(!row("windows-1252").representable);
    assert_eq!(row("windows-1252").unmappable.len(), 3);
}
