//! The Unicode test files (Unicode 17.0), every line, against the crates' newer data (ICU4X 2.4,
//! Unicode 18.0): grapheme clusters (GraphemeBreakTest.txt, emoji-test.txt) and normalization
//! (NormalizationTest.txt).
//!
//! A line whose expectation differs from what the newer data gives would go in an allow-list
//! keyed by the line's content, and each test asserts its list stays exactly that list. None
//! is needed today: every list is empty, and a line that starts to differ fails the test.
//!
//! Normalization is checked with all the relations the file's header states:
//!
//! ```text
//! c2 == NFC(c1) == NFC(c2) == NFC(c3)        c4 == NFC(c4) == NFC(c5)
//! c3 == NFD(c1) == NFD(c2) == NFD(c3)        c5 == NFD(c4) == NFD(c5)
//! c4 == NFKC(c1) == NFKC(c2) == NFKC(c3) == NFKC(c4) == NFKC(c5)
//! c5 == NFKD(c1) == NFKD(c2) == NFKD(c3) == NFKD(c4) == NFKD(c5)
//! ```

mod common;

use charscope::text::metrics::{Lengths, grapheme_boundaries};
use charscope::text::normalization::{Form, Normalization, is_normalized, normalize};

/// GraphemeBreakTest.txt lines (before the `#`) that Unicode 18.0 data segments differently.
const GRAPHEME_BREAK_DIFFERENCES: &[&str] = &[];

/// emoji-test.txt fully-qualified sequences that Unicode 18.0 data does not keep in one cluster.
const EMOJI_DIFFERENCES: &[&str] = &[];

/// NormalizationTest.txt lines whose relations do not hold with Unicode 18.0 data.
const NORMALIZATION_DIFFERENCES: &[&str] = &[];

fn read(relative: &str) -> String {
    let path = common::testdata().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn code_points(hex: &str) -> String {
    hex.split_whitespace()
        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn grapheme_break_test_every_line() {
    let data = read("unicode/GraphemeBreakTest.txt");
    let mut lines = 0;
    let mut differing = Vec::new();
    for line in data.lines() {
        let content = line.split('#').next().unwrap().trim();
        if content.is_empty() {
            continue;
        }
        lines += 1;
        let mut text = String::new();
        let mut expected = Vec::new();
        for token in content.split_whitespace() {
            match token {
                "÷" => expected.push(text.len()),
                "×" => {}
                hex => text.push_str(&code_points(hex)),
            }
        }
        let got = grapheme_boundaries(&text);
        if got != expected {
            differing.push(content.to_string());
        } else {
            assert_eq!(
                Lengths::of(&text).graphemes,
                expected.len() - 1,
                "{content}"
            );
        }
    }
    assert!(lines >= 613, "only {lines} data lines read");
    assert_eq!(
        differing, GRAPHEME_BREAK_DIFFERENCES,
        "lines segmented differently from GraphemeBreakTest 17.0 changed"
    );
}

#[test]
fn every_fully_qualified_emoji_is_one_grapheme() {
    let data = read("unicode/emoji-test.txt");
    let mut sequences = 0;
    let mut differing = Vec::new();
    for line in data.lines() {
        let content = line.split('#').next().unwrap();
        let Some((hex, status)) = content.split_once(';') else {
            continue;
        };
        if status.trim() != "fully-qualified" {
            continue;
        }
        sequences += 1;
        let text = code_points(hex);
        if Lengths::of(&text).graphemes != 1 {
            differing.push(hex.trim().to_string());
        }
    }
    assert!(
        sequences >= 3143,
        "only {sequences} fully-qualified lines read"
    );
    assert_eq!(
        differing, EMOJI_DIFFERENCES,
        "fully-qualified emoji not kept in one cluster changed"
    );
}

#[test]
fn normalization_test_every_line() {
    let data = read("unicode/NormalizationTest.txt");
    let mut lines = 0;
    let mut differing = Vec::new();
    for line in data.lines() {
        let content = line.split('#').next().unwrap().trim();
        if content.is_empty() || content.starts_with('@') {
            continue;
        }
        lines += 1;
        let c: Vec<String> = content.split(';').take(5).map(code_points).collect();
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
    assert_eq!(differing, NORMALIZATION_DIFFERENCES);
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
