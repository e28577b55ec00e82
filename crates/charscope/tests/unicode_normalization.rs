//! Every line of NormalizationTest.txt (Unicode 17.0) through `text::normalization`, with all
//! the relations the file's header states:
//!
//! ```text
//! c2 == NFC(c1) == NFC(c2) == NFC(c3)        c4 == NFC(c4) == NFC(c5)
//! c3 == NFD(c1) == NFD(c2) == NFD(c3)        c5 == NFD(c4) == NFD(c5)
//! c4 == NFKC(c1) == NFKC(c2) == NFKC(c3) == NFKC(c4) == NFKC(c5)
//! c5 == NFKD(c1) == NFKD(c2) == NFKD(c3) == NFKD(c4) == NFKD(c5)
//! ```
//!
//! The normalizer's data is Unicode 18.0; normalization of assigned characters is stable across
//! versions, so no line is allowed to differ (the allow-list is empty and must stay so).

mod common;

use charscope::text::normalization::{Form, Normalization, is_normalized, normalize};

const DIFFERENCES: &[&str] = &[];

fn column(hex: &str) -> String {
    hex.split_whitespace()
        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn normalization_test_every_line() {
    let path = common::testdata().join("unicode/NormalizationTest.txt");
    let data = std::fs::read_to_string(&path).expect("NormalizationTest.txt");
    let mut lines = 0;
    let mut differing = Vec::new();
    for line in data.lines() {
        let content = line.split('#').next().unwrap().trim();
        if content.is_empty() || content.starts_with('@') {
            continue;
        }
        lines += 1;
        let c: Vec<String> = content.split(';').take(5).map(column).collect();
        let n = |form, i: usize| normalize(&c[i], form).into_owned();
        let mut ok = true;
        for i in 0..3 {
            ok &= n(Form::Nfc, i) == c[1] && n(Form::Nfd, i) == c[2];
        }
        for i in 3..5 {
            ok &= n(Form::Nfc, i) == c[3] && n(Form::Nfd, i) == c[4];
        }
        for i in 0..5 {
            ok &= n(Form::Nfkc, i) == c[3] && n(Form::Nfkd, i) == c[4];
        }
        // The quick checks agree with the forms themselves.
        ok &= is_normalized(&c[1], Form::Nfc) && is_normalized(&c[2], Form::Nfd);
        ok &= is_normalized(&c[3], Form::Nfkc) && is_normalized(&c[4], Form::Nfkd);
        if !ok {
            differing.push(content.to_string());
        }
    }
    assert!(lines >= 16027, "only {lines} data lines read");
    assert_eq!(differing, DIFFERENCES);
}

#[test]
fn report_form_of_seed_cafe() {
    let composed = Normalization::of("caf\u{E9}");
    assert!(composed.is.nfc && !composed.is.nfd);
    assert_eq!(composed.hex, "63 61 66 C3 A9");
    assert_eq!(composed.hex_if_changed.nfc, None);
    assert_eq!(
        composed.hex_if_changed.nfd.as_deref(),
        Some("63 61 66 65 CC 81")
    );
    let decomposed = Normalization::of("cafe\u{301}");
    assert_eq!(decomposed.nfc, "caf\u{E9}");
    assert!(decomposed.is.nfd && !decomposed.is.nfc);
    let ligature = Normalization::of("\u{FB01}");
    assert_eq!(
        (ligature.nfc.as_str(), ligature.nfkc.as_str()),
        ("\u{FB01}", "fi")
    );
}
