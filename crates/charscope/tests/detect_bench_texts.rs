//! Detection of UTF-16 without a byte order mark, made from the shared bench texts (Chinese,
//! Russian, Japanese, English) by this test, and of the Portuguese Latin-1 text.
//! Finds them through ../shared/bench or $CHARSCOPE_BENCH; skips (with a note) when absent.

use charscope::detect::{Method, detect};
use std::path::PathBuf;

fn bench_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("CHARSCOPE_BENCH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench"));
    dir.is_dir().then_some(dir)
}

/// The first `max` bytes of a UTF-8 file, cut at a character boundary.
fn text(name: &str, max: usize) -> Option<String> {
    let bytes = std::fs::read(bench_dir()?.join("wikipedia_mars").join(name)).ok()?;
    let s = String::from_utf8(bytes).unwrap();
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    Some(s[..end].to_string())
}

#[test]
fn bomless_utf16_of_four_scripts() {
    let mut checked = 0;
    for name in [
        "chinese.utf8.txt",
        "russian.utf8.txt",
        "japanese.utf8.txt",
        "english.utf8.txt",
    ] {
        let Some(t) = text(name, 8 * 1024) else {
            eprintln!("note: ../shared/bench not found; skipped");
            return;
        };
        for (le, expected) in [(true, "UTF-16LE"), (false, "UTF-16BE")] {
            let bytes: Vec<u8> = t
                .encode_utf16()
                .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
                .collect();
            let d = detect(&bytes);
            assert_eq!(
                d.encoding.map(|e| e.name()),
                Some(expected),
                "{name}: {d:#?}"
            );
            assert_eq!(d.method, Method::Structure);
            checked += 1;
        }
    }
    assert_eq!(checked, 8);
}

#[test]
fn portuguese_latin1_is_windows_1252() {
    let Some(dir) = bench_dir() else { return };
    let bytes = std::fs::read(dir.join("wikipedia_mars/portuguese.latin1.txt")).unwrap();
    let d = detect(&bytes);
    assert_eq!(d.encoding.map(|e| e.name()), Some("windows-1252"), "{d:#?}");
    assert_eq!(d.language, Some("pt"));
}

/// Lines of a bench text with at least `min_high` characters beyond ASCII, cut to `max` bytes
/// at a character boundary.
fn lines_with_letters(text: &str, min_high: usize, max: usize, take: usize) -> Vec<String> {
    text.lines()
        .filter(|l| !l.contains('[') && !l.contains('|') && !l.contains('('))
        .map(|l| {
            let mut end = l.len().min(max);
            while !l.is_char_boundary(end) {
                end -= 1;
            }
            l[..end].trim().to_string()
        })
        .filter(|l| l.chars().filter(|c| !c.is_ascii()).count() >= min_high)
        .take(take)
        .collect()
}

/// The four faults of issue 28's one-fault UTF-8: a word in windows-1252, a stray byte, a cut
/// last character, a byte lost to `?`. Each is made at a few places of `text`.
fn one_fault_cases(text: &str) -> Vec<(&'static str, Vec<u8>)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    // A word in windows-1252: one of the text's own when it can be written so, or "café".
    let words: Vec<&str> = text.split(' ').collect();
    // (only where another word keeps a character beyond ASCII in UTF-8)
    let high_words = words.iter().filter(|w| !w.is_ascii()).count();
    let latin = words
        .iter()
        .position(|w| !w.is_ascii() && !encoding_rs::WINDOWS_1252.encode(w).2)
        .filter(|_| high_words >= 2);
    let mut one = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            one.push(b' ');
        }
        if Some(i) == latin {
            one.extend_from_slice(&encoding_rs::WINDOWS_1252.encode(w).0);
        } else {
            one.extend_from_slice(w.as_bytes());
        }
        if latin.is_none() && i == words.len() / 2 {
            one.extend_from_slice(b" caf\xE9");
        }
    }
    out.push(("a word in windows-1252", one));
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(i, _)| i)
        .collect();
    for (k, &at) in [starts[0], starts[starts.len() / 2]].iter().enumerate() {
        let mut stray = bytes.to_vec();
        stray.insert(at, [0xFF, 0x80, 0xC3, 0x9D][k % 4]);
        out.push(("a stray byte", stray));
        let mut lost = bytes.to_vec();
        lost[at + 1] = b'?';
        out.push(("a byte lost to ?", lost));
    }
    let last = *starts.last().unwrap();
    out.push(("a cut last character", bytes[..last + 1].to_vec()));
    out
}

#[test]
fn one_fault_utf8_is_utf8_in_paragraphs_and_lines() {
    let Some(dir) = bench_dir() else {
        eprintln!("note: ../shared/bench not found; skipped");
        return;
    };
    let mut checked = 0;
    let mut wrong = Vec::new();
    for name in [
        "wikipedia_mars/portuguese.utf8.txt",
        "wikipedia_mars/russian.utf8.txt",
        "wikipedia_mars/chinese.utf8.txt",
        "wikipedia_mars/japanese.utf8.txt",
        "lipsum/Hebrew-Lipsum.utf8.txt",
        "lipsum/Korean-Lipsum.utf8.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let paragraphs = lines_with_letters(&text, 12, 1200, 3);
        let lines = lines_with_letters(&text, 2, 90, 6);
        for sample in paragraphs.iter().chain(&lines) {
            for (fault, bytes) in one_fault_cases(sample) {
                let d = detect(&bytes);
                let (auto, _) = charscope::detect::auto(&bytes);
                checked += 1;
                if d.encoding.map(|e| e.name()) != Some("UTF-8") || auto.name() != "UTF-8" {
                    wrong.push(format!("{name}, {fault}: {} in {sample:?}", d.summary()));
                }
            }
        }
    }
    assert!(checked >= 150, "{checked}");
    assert!(
        wrong.is_empty(),
        "{} of {checked}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
