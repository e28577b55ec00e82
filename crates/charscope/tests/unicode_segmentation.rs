//! Grapheme cluster lengths against the Unicode test files (Unicode 17.0), every line.
//!
//! The segmenter's data is Unicode 18.0 (ICU4X 2.4). A line whose expected breaks differ from
//! what the newer data gives would go in an allow-list keyed by the line's content, and the test
//! asserts the list stays exactly that: none is needed today, so both lists are empty.

mod common;

use charscope::text::metrics::{Lengths, grapheme_boundaries};

/// GraphemeBreakTest.txt lines (before the `#`) that Unicode 18.0 data segments differently.
const GRAPHEME_BREAK_DIFFERENCES: &[&str] = &[];

/// emoji-test.txt fully-qualified sequences that Unicode 18.0 data does not keep in one cluster.
const EMOJI_DIFFERENCES: &[&str] = &[];

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
