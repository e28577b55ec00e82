//! Mojibake repair: the seeds' examples, a strong negative set, the generated sample (see
//! scripts/repair-set.py), what the JSON says about spans and losses, and properties.

use charscope::repair;
use proptest::prelude::*;
use std::collections::BTreeMap;

#[test]
fn the_seed_examples() {
    // seeds: "ç" read as ISO-8859-1 is "Ã§"; "été"; the curly apostrophe; "ç" broken twice.
    for (broken, fixed, rounds) in [
        ("Ã§", "ç", 1),
        ("Ã©tÃ©", "été", 1),
        ("â€™", "\u{2019}", 1),
        ("ÃƒÂ§", "ç", 2),
        ("descriÃ§Ã£o", "descrição", 1),
    ] {
        let r = repair::fix(broken);
        assert_eq!(r.text, fixed, "{broken}");
        assert!(r.changed);
        assert_eq!(r.stages.len(), rounds, "{broken}");
        assert_eq!(r.steps[0].encode.name(), "windows-1252");
        assert_eq!(r.steps[0].decode.name(), "UTF-8");
    }
}

#[test]
fn the_issue_examples_of_other_scripts() {
    // UTF-8 read as Shift_JIS (the issue's "縺薙ｓ縺ｫ縺｡縺ｯ" for こんにちは) and as windows-1251.
    assert_eq!(repair::fix("縺薙ｓ縺ｫ縺｡縺ｯ").text, "こんにちは");
    assert_eq!(repair::fix("РїСЂРёРІРµС‚ РјРёСЂ").text, "привет мир");
    // GBK bytes of 中文 read as windows-1252 (the issue's "ÖÐÎÄ").
    let r = repair::fix("ÖÐÎÄ×Ö·û");
    assert_eq!(r.text, "中文字符");
    assert_eq!(r.steps[0].decode.name(), "GBK");
}

/// Clean text in many scripts, and text that merely contains Â or Ã: never changed.
const NEGATIVES: &[&str] = &[
    "Ãngel Di María",
    "Â is a capital A with a circumflex",
    "Ã is a letter of the Portuguese alphabet",
    "MAÇÃ, AVIÃO, CORAÇÃO",
    "C O N C L U S Ã O",
    "São Paulo é a maior cidade do Brasil",
    "Ação, coração, informação, não",
    "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "Zażółć gęślą jaźń",
    "Árvíztűrő tükörfúrógép",
    "Grüße aus Köln, Straße",
    "Þórður og Ægir fóru á sjó",
    "Øresund og Ålesund",
    "İstanbul'da güzel bir gün, ağaçlar",
    "Tiếng Việt có dấu",
    "Καλημέρα κόσμε, ελληνικά",
    "Съешь же ещё этих мягких французских булок",
    "Україна, їжак, ґанок, є",
    "Ђорђе, љубав, њива, џак",
    "שלום עולם, עברית",
    "مرحبا بالعالم، العربية",
    "नमस्ते दुनिया, हिन्दी",
    "สวัสดีครับ ภาษาไทย",
    "日本語のテキストです。漢字とかな",
    "中文文本，简体字和繁體字",
    "한국어 텍스트입니다",
    "ქართული ენა",
    "Հայերեն լեզու",
    "∑ x² ≤ √y, π ≈ 3.14159, ∞",
    "€100, £50, ¥1000, ₹20",
    "“Quoted” — ‘single’ … «guillemets»",
    "👍🏽 ok 🎉🇧🇷",
    "naïve café résumé coöperate",
    "NESTLÉ® and ACME™",
    "x ← y; a → b; ±5 °C",
    "½ cup, ¾ mile, 1⁄3",
    "ǅemal, ǈubljana",
];

#[test]
fn clean_text_is_never_changed() {
    for text in NEGATIVES {
        let r = repair::fix(text);
        assert_eq!(r.text, *text, "{text}: {:?}", r.steps);
        assert!(!r.changed);
        assert!(r.spans.is_empty() && r.steps.is_empty() && r.stages.is_empty());
    }
    assert_eq!(repair::fix("").text, "");
}

#[test]
fn one_broken_word_in_a_good_line_is_a_span() {
    let text = "Na vila, a DivisÃ£o e a Classificação";
    let r = repair::fix(text);
    assert_eq!(r.text, "Na vila, a Divisão e a Classificação");
    assert_eq!(r.spans.len(), 1);
    let span = &r.spans[0];
    assert_eq!(&text[span.offset..span.offset + span.length], "Ã£");
    assert_eq!(span.original, "Ã£");
    assert_eq!(span.text, "ã");
}

#[test]
fn offsets_count_from_the_start_of_the_input_across_lines() {
    let text = "first line\nsecond cafÃ©\n";
    let r = repair::fix_at(text, 100);
    assert_eq!(r.text, "first line\nsecond café\n");
    assert_eq!(r.spans[0].offset, 100 + "first line\nsecond caf".len());
}

#[test]
fn lost_bytes_become_one_replacement_character_and_are_reported() {
    // "“lossy decoding”" in sloppy windows-1252 whose 9D was already replaced (ftfy's case).
    let r = repair::fix("â€œlossy decodingâ€\u{FFFD}");
    assert_eq!(r.text, "\u{201C}lossy decoding\u{FFFD}");
    assert_eq!(r.lost.len(), 1);
    assert_eq!(r.lost[0].kind, repair::LossKind::Replaced);
    assert_eq!(r.lost[0].offset, "â€œlossy decoding".len());
}

#[test]
fn inspect_flags_mojibake() {
    let report = charscope::report::inspect_text("cafÃ©");
    let m = report.mojibake.expect("flagged");
    assert_eq!(m.repaired, "café");
    assert!(charscope::report::inspect_text("café").mojibake.is_none());
}

/// The new user's probes of issue 28: clean text that only looks odd stays byte for byte.
#[test]
fn clean_text_that_looks_odd_stays() {
    for text in [
        "ÄÖÜ äöü ß",
        "Special letters: åäö and æøå",
        "Vowels: áéíóú",
        "ÂÊÎÔÛ âêîôû",
        "ÃÕ",
        "Superscripts ¹²³ and ½",
        "Offering 5×£35 pin ups",
        "Grüße aus Köln: äöü",
    ] {
        let r = repair::fix(text);
        assert_eq!(r.text, text, "{text}: {:?}", r.steps);
        assert!(!r.changed && r.steps.is_empty(), "{text}");
    }
}

#[test]
fn the_chain_stops_at_the_first_clean_reading() {
    let r = repair::fix("Ã¤Ã¶Ã¼ÃŸ");
    assert_eq!(r.text, "äöüß");
    assert_eq!(r.stages.len(), 1);
}

#[test]
fn cyrillic_read_as_windows_1252_is_read_again() {
    for (broken, fixed) in [
        (
            "Ñïîðò è ïîëèòèêà: íîâîñòè äíÿ.",
            "Спорт и политика: новости дня.",
        ),
        ("Ïðèâåò, ìèð", "Привет, мир"),
    ] {
        let r = repair::fix(broken);
        assert_eq!(r.text, fixed, "{broken}");
        assert_eq!(r.steps[0].encode.name(), "windows-1252");
        assert_eq!(r.steps[0].decode.name(), "windows-1251");
    }
}

#[test]
fn turkish_and_baltic_read_as_windows_1252_are_read_again_and_icelandic_stays() {
    for (broken, fixed, right) in [
        (
            "Bugün hava çok güzel, aðaçlar yeþil ve kýþ bitti.",
            "Bugün hava çok güzel, ağaçlar yeşil ve kış bitti.",
            "windows-1254",
        ),
        (
            "Lietuvos þmonës mëgsta ðaltibarðèius.",
            "Lietuvos žmonės mėgsta šaltibarščius.",
            "windows-1257",
        ),
    ] {
        let r = repair::fix(broken);
        assert_eq!(r.text, fixed, "{broken}");
        assert_eq!(r.steps[0].encode.name(), "windows-1252");
        assert_eq!(r.steps[0].decode.name(), right);
    }
    // Icelandic has these letters of its own.
    for clean in [
        "Ísland er fallegt land, þar búa ðeir.",
        "Þórður og Æsa búa í Reykjavík.",
    ] {
        assert_eq!(repair::fix(clean).text, clean);
    }
}

#[test]
fn dropped_bytes_are_lost_not_read_as_another_script() {
    // "русский язык" with each 81 and 8F dropped by a windows-1252 round trip: с is D1 81, я
    // is D1 8F. Each lost character is one U+FFFD, listed with its offset; the rest is read.
    let broken = "Ñ€ÑƒÑÑÐºÐ¸Ð¹ ÑÐ·Ñ‹Ðº";
    let r = repair::fix(broken);
    assert_eq!(r.text, "ру\u{FFFD}\u{FFFD}кий \u{FFFD}зык");
    assert_eq!(r.lost.len(), 3);
    for lost in &r.lost {
        assert_eq!(&broken[lost.offset..lost.offset + lost.length], "Ñ");
        assert_eq!(lost.kind, repair::LossKind::Dropped);
    }
    // Greek "Καλημέρα" whose ρ (CF 81) lost its 81.
    assert_eq!(repair::fix("ÎšÎ±Î»Î·Î¼Î\u{ad}ÏÎ±").text, "Καλημέ\u{FFFD}α");
}

#[test]
fn a_step_undone_twice_is_listed_twice() {
    let r = repair::fix("ÃƒÂ©");
    assert_eq!(r.text, "é");
    assert_eq!(r.steps.len(), 2);
    assert_eq!(r.steps[0], r.steps[1]);
}

#[test]
fn french_ligatures_are_repaired() {
    assert_eq!(repair::fix("le cÅ“ur").text, "le cœur");
    assert_eq!(repair::fix("Å“uvre").text, "œuvre");
}

#[test]
fn a_long_line_is_repaired_as_its_pieces() {
    // Over the size repaired whole: the same repair, whatever the length.
    let word = "DivisÃ£o cafÃ© ";
    let long = word.repeat(2000);
    let r = repair::fix(&long);
    assert_eq!(r.text, "Divisão café ".repeat(2000));
    assert_eq!(r.spans.len(), 4000);
    assert!(r.alternatives.len() <= 3);
}

/// The checked-in sample of the generated set (scripts/repair-set.py --sample): every clean
/// line unchanged, and broken lines repaired at least as often as measured when it was made.
#[test]
fn the_generated_sample() {
    let text = include_str!("data/repair-sample.jsonl");
    let mut tally: BTreeMap<String, [(usize, usize); 2]> = BTreeMap::new();
    let mut changed_clean = Vec::new();
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let s = |k: &str| case[k].as_str().unwrap().to_string();
        let got = repair::fix(&s("input")).text;
        let ok = got == s("expected");
        let clean = s("kind") == "clean";
        if clean && !ok {
            changed_clean.push(s("input"));
        }
        let slot = &mut tally.entry(s("family")).or_default()[usize::from(clean)];
        slot.1 += 1;
        slot.0 += usize::from(ok);
    }
    assert!(
        changed_clean.is_empty(),
        "clean lines changed: {changed_clean:?}"
    );
    for (family, [broken, clean]) in &tally {
        assert_eq!(clean.0, clean.1, "{family}");
        let rate = broken.0 as f64 / broken.1 as f64;
        assert!(
            rate >= 0.7,
            "{family}: {} of {} broken lines repaired",
            broken.0,
            broken.1
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Lines are repaired independently: a text is the concatenation of its lines repaired.
    #[test]
    fn lines_are_independent(a in "[a-zé Ã©â€™ÐºÑ]{0,12}", b in "[a-zé Ã©â€™ÐºÑ]{0,12}") {
        let whole = repair::fix(&format!("{a}\n{b}")).text;
        let parts = format!("{}\n{}", repair::fix(&a).text, repair::fix(&b).text);
        prop_assert_eq!(whole, parts);
    }

    /// Any text: no panic, and an unchanged result says so.
    #[test]
    fn any_text_is_safe(s in "\\PC{0,40}") {
        let r = repair::fix(&s);
        prop_assert_eq!(r.changed, r.text != s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A line longer than the piece repaired whole comes back as long as its pieces make it:
    /// nothing is lost or doubled at a cut, whatever stands there.
    #[test]
    fn long_lines_lose_nothing_at_a_cut(unit in "[a-z Ã©â€™ÐºÑ日本]{1,9}", n in 400usize..1200) {
        let line = unit.repeat(n);
        let r = repair::fix(&line);
        prop_assert_eq!(r.changed, r.text != line);
        prop_assert!(!r.changed || !r.spans.is_empty());
        let unchanged: usize = r.spans.iter().map(|s| s.length).sum();
        prop_assert!(unchanged <= line.len());
    }
}
