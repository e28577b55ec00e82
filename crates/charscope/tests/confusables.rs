//! The confusable skeletons of `charscope::scan::confusable` (unicode-security's tables) checked
//! against confusables.txt (UTS #39 17.0.0, in `../shared/testdata/unicode`). UTS #39 defines
//! skeleton(X) = NFD(each character of NFD(X) replaced by its prototype), so the skeleton of a
//! source character that NFD leaves alone is the NFD of its prototype. (A character that NFD
//! decomposes is never looked up: its pieces are.)

mod common;

use charscope::scan::confusable::skeleton;
use charscope::text::normalization::{Form, normalize};

fn parse(field: &str) -> String {
    field
        .split_whitespace()
        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn every_line_of_confusables_txt_holds() {
    let path = common::testdata().join("unicode/confusables.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = 0;
    let mut checked = 0;
    let mut remapped = 0;
    let mut wrong = Vec::new();
    for line in text.lines() {
        let data = line
            .split('#')
            .next()
            .unwrap()
            .trim_start_matches('\u{FEFF}');
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        if fields.len() < 3 || fields[0].is_empty() {
            continue;
        }
        lines += 1;
        let (source, target) = (parse(fields[0]), parse(fields[1]));
        if normalize(&source, Form::Nfd) != source {
            continue;
        }
        checked += 1;
        let got = skeleton(&source);
        if got == normalize(&target, Form::Nfd) {
            continue;
        }
        // Unicode 18.0 gave some 17.0 prototypes a prototype of their own (U+0964 DEVANAGARI
        // DANDA now maps to "l", so U+0965 DOUBLE DANDA is "ll", not U+0964 U+0964): the
        // source must still have the skeleton of its 17.0 prototype.
        if got == skeleton(&target) {
            remapped += 1;
        } else {
            wrong.push(format!("{} -> {}", fields[0], fields[1]));
        }
    }
    assert!(lines > 6000, "only {lines} mappings read");
    assert!(checked > 5000, "only {checked} mappings checked");
    // The crate carries Unicode 18.0 data and the file is 17.0: the counts of prototypes that
    // were re-mapped (above) and of mappings 18.0 changed outright are pinned, so that a new
    // crate or a new file is looked at again rather than passing unseen.
    let exact = checked - remapped - wrong.len();
    assert_eq!(
        (exact, remapped, wrong.len()),
        (5269, 147, 84),
        "changed: {:?}",
        &wrong[..wrong.len().min(20)]
    );
    assert!(wrong.contains(&"FF3B -> 0028".to_string()));
}

#[test]
fn known_prototypes() {
    // From confusables.txt: 0430 ; 0061 (CYRILLIC SMALL LETTER A -> LATIN SMALL LETTER A),
    // FF0E ; 002E (FULLWIDTH FULL STOP -> FULL STOP), 006D ; 0072 006E (m -> rn).
    assert_eq!(skeleton("\u{0430}"), "a");
    assert_eq!(skeleton("\u{FF0E}"), ".");
    assert_eq!(skeleton("m"), "rn");
}
