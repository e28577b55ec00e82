use super::{DeclarationSource, Method, detect, detect_declared};

fn name(bytes: &[u8]) -> Option<&'static str> {
    detect(bytes).encoding.map(|e| e.name())
}

fn encode(text: &str, label: &str) -> Vec<u8> {
    let e = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    e.encode(text).0.into_owned()
}

#[test]
fn seed_bytes_are_utf8_with_malformed_sequences() {
    let d = detect(&[0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41]);
    assert_eq!(d.encoding.map(|e| e.name()), Some("UTF-8"));
    assert_eq!(d.method, Method::Structure);
    assert!(d.reasons[0].contains("8 malformed"), "{:?}", d.reasons);
    assert!(!d.alternatives.is_empty());
    assert!(
        d.alternatives
            .iter()
            .all(|a| a.encoding.is_single_byte() || !a.encoding.is_unicode())
    );
}

#[test]
fn empty_and_binary_are_said_so() {
    let d = detect(b"");
    assert_eq!((d.encoding, d.method), (None, Method::Empty));
    let png = b"\x89PNG\r\n\x1A\n\x00\x00\x00\x0DIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00";
    let d = detect(png);
    assert_eq!((d.encoding, d.method), (None, Method::Binary));
    assert!(d.reasons[0].contains("PNG"), "{:?}", d.reasons);
    // Bytes from a fixed-seed generator (xorshift): no confident name.
    let noise = super::noise::noise(4096);
    let d = detect(&noise);
    assert_eq!((d.encoding, d.method), (None, Method::Binary));
}

#[test]
fn ascii_and_utf8_are_structural() {
    let d = detect(b"plain old text\n");
    assert_eq!(
        (name(b"plain old text\n"), d.method),
        (Some("UTF-8"), Method::Ascii)
    );
    let d = detect("caf\u{e9} cr\u{e8}me".as_bytes());
    assert_eq!(
        (d.encoding.map(|e| e.name()), d.method, d.confidence),
        (Some("UTF-8"), Method::Structure, 1.0)
    );
}

#[test]
fn byte_order_marks_under_both_policies() {
    let mut utf32: Vec<u8> = vec![0xFF, 0xFE, 0x00, 0x00];
    for c in "hi".chars() {
        utf32.extend_from_slice(&(c as u32).to_le_bytes());
    }
    let d = detect(&utf32);
    assert_eq!(
        (d.encoding.map(|e| e.name()), d.method),
        (Some("UTF-32LE"), Method::Bom)
    );
    assert!(d.reasons[0].contains("WHATWG"));
    // FF FE 00 00 then a UTF-16LE text of odd unit count: not UTF-32.
    let d = detect(b"\xFF\xFE\x00\x00h\x00i\x00!\x00");
    assert_eq!(d.encoding.map(|e| e.name()), Some("UTF-16LE"));
    assert_eq!(name(b"\xEF\xBB\xBFabc"), Some("UTF-8"));
}

#[test]
fn legacy_single_byte_text() {
    let pt = "A informação não é só para você: o coração da nação está lá, e as mãos também.";
    let d = detect(&encode(pt, "windows-1252"));
    assert_eq!(d.encoding.map(|e| e.name()), Some("windows-1252"), "{d:#?}");
    assert_eq!(d.language, Some("pt"));
    let ru = "Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.";
    for label in ["windows-1251", "koi8-r", "ibm866", "iso-8859-5"] {
        let d = detect(&encode(ru, label));
        let got = d.encoding.map(|e| e.name().to_ascii_lowercase());
        assert_eq!(got.as_deref(), Some(label), "{label}: {d:#?}");
        assert_eq!(d.language, Some("ru"));
    }
    let el = "Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο, και όλοι γελούν.";
    assert_eq!(name(&encode(el, "windows-1253")), Some("windows-1253"));
}

#[test]
fn legacy_cjk_text() {
    let zh = "我们今天去公园散步，天气非常好，很多人在那里跑步和唱歌。";
    assert_eq!(name(&encode(zh, "gbk")), Some("GBK"));
    let tw = "我們今天去公園散步，天氣非常好，很多人在那裡跑步和唱歌。";
    assert_eq!(name(&encode(tw, "big5")), Some("Big5"));
    let ja = "日本語のテキストを読むのは楽しいです。今日は天気がいいので、散歩に行きましょう。";
    assert_eq!(name(&encode(ja, "shift_jis")), Some("Shift_JIS"));
    assert_eq!(name(&encode(ja, "euc-jp")), Some("EUC-JP"));
    assert_eq!(name(&encode(ja, "iso-2022-jp")), Some("ISO-2022-JP"));
    let ko = "다람쥐 헌 쳇바퀴에 타고파. 오늘은 날씨가 좋아서 공원에 산책을 갔습니다.";
    assert_eq!(name(&encode(ko, "euc-kr")), Some("EUC-KR"));
}

#[test]
fn utf8_then_windows_1252_is_two_segments() {
    let mut bytes = "Première partie, écrite en UTF-8.\nDeuxième ligne, déjà là.\n"
        .as_bytes()
        .to_vec();
    let split = bytes.len() as u64;
    bytes.extend(encode(
        "Troisième partie, écrite en windows-1252 : à bientôt, garçon.\n",
        "windows-1252",
    ));
    let d = detect(&bytes);
    assert_eq!(d.method, Method::Segments, "{d:#?}");
    let segs: Vec<(u64, u64, &str)> = d
        .segments
        .iter()
        .map(|s| (s.offset, s.length, s.encoding.name()))
        .collect();
    assert_eq!(
        segs,
        vec![
            (0, split, "UTF-8"),
            (split, bytes.len() as u64 - split, "windows-1252")
        ]
    );
}

#[test]
fn declarations_are_compared() {
    let html = encode(
        "<html><head><meta charset=\"utf-8\"><title>x</title></head><body>Ça coûte très cher, déjà.</body></html>",
        "windows-1252",
    );
    let d = detect(&html);
    let decl = d.declared.unwrap();
    assert_eq!(decl.source, DeclarationSource::HtmlMeta);
    assert_eq!((decl.offset, decl.agrees), (Some(27), false));
    assert!(decl.reason.contains("byte 27"), "{}", decl.reason);
    let d = detect_declared(b"plain ascii", Some("iso-8859-1"));
    let decl = d.declared.unwrap();
    assert_eq!((decl.source, decl.agrees), (DeclarationSource::Given, true));
}

#[test]
fn seven_bit_text_among_zero_bytes_is_ascii_with_the_zeros_named() {
    let mut bytes = vec![0u8; 300];
    bytes.extend_from_slice(b"<html><body>Hello</body></html>");
    bytes.extend(std::iter::repeat_n(0u8, 40));
    bytes.extend_from_slice(b"\n<p>more text</p>\n");
    let d = detect(&bytes);
    assert_eq!((name(&bytes), d.method), (Some("UTF-8"), Method::Ascii));
    assert!(
        d.reasons.iter().any(|r| r.contains("40 more zero bytes")),
        "{:?}",
        d.reasons
    );
    // Zero bytes with other control bytes are binary still, and so are zeros alone.
    let mut binary = bytes.clone();
    binary.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 0x10, 0x11, 0x12]);
    assert_eq!(detect(&binary).method, Method::Binary);
    assert_eq!(detect(&[0u8; 64]).method, Method::Binary);
}

#[test]
fn a_lone_pound_sign_is_windows_1252_not_half_width_katakana() {
    // A3 is £ in windows-1252 and U+FF63 (half-width corner bracket) in Shift_JIS.
    for text in [
        "Tickets cost \u{a3}5 at the door, or \u{a3}4 online.",
        "The fund raised \u{a3}2m last year.",
    ] {
        assert_eq!(
            name(&encode(text, "windows-1252")),
            Some("windows-1252"),
            "{text}"
        );
    }
    // Half-width katakana among kanji still read as Shift_JIS.
    let japanese = encode("ﾃｽﾄの結果は良好でした。日本語のテキストです。", "shift_jis");
    assert_eq!(name(&japanese), Some("Shift_JIS"));
}

#[test]
fn a_byte_or_two_is_uncertain_with_the_candidates() {
    use super::Status;
    for bytes in [&b"\xE9"[..], b"\xE9\xEC"] {
        let d = detect(bytes);
        assert_eq!(d.status, Status::Uncertain, "{d:#?}");
        assert!(d.confidence < super::LIKELY_FROM, "{d:#?}");
        assert!(d.alternatives.len() >= 2, "{d:#?}");
        let summary = d.summary();
        assert!(summary.contains("uncertain"), "{summary}");
        assert!(summary.contains("other candidates: "), "{summary}");
    }
    // A sentence is enough.
    let pt = "A informação não é só para você: o coração da nação está lá, e as mãos também.";
    let d = detect(&encode(pt, "windows-1252"));
    assert_eq!(d.status, Status::Likely, "{d:#?}");
}

#[test]
fn overlong_slashes_and_dots_are_utf8() {
    let d = detect(&[0x2F, 0xC0, 0xAE, 0x2E, 0x2F]);
    assert_eq!(d.encoding.map(|e| e.name()), Some("UTF-8"), "{d:#?}");
    assert!(d.reasons[0].contains("overlong"), "{:?}", d.reasons);
    let d = detect(b"GET /a/..\xC0\xAF..\xE0\x80\xAFetc/passwd HTTP/1.0");
    assert_eq!(d.encoding.map(|e| e.name()), Some("UTF-8"), "{d:#?}");
}

#[test]
fn valid_utf8_with_a_few_bad_bytes_is_utf8() {
    for bytes in [
        &b"H\xC3\xA9llo\xFF w\xC3\xB6rld"[..],
        b"Un caf\xC3\xA9 cr\xC3\xA8me na\xEFve au d\xC3\xA9jeuner.",
        b"Caf\xC3\xA9 cr\xC3\xA8me na\xEFve",
    ] {
        let d = detect(bytes);
        assert_eq!(d.encoding.map(|e| e.name()), Some("UTF-8"), "{d:#?}");
        assert_eq!(d.method, Method::Structure);
        assert!(
            d.reasons.iter().any(|r| r.contains("not valid UTF-8")),
            "{:?}",
            d.reasons
        );
    }
}

#[test]
fn bomless_utf16_of_astral_letters() {
    let text = "\u{1D518}\u{1D52B}\u{1D526}\u{1D520}\u{1D52C}\u{1D521}\u{1D522} math";
    let le: Vec<u8> = text.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
    assert_eq!(name(&le), Some("UTF-16LE"));
    assert_eq!(name(&be), Some("UTF-16BE"));
}
