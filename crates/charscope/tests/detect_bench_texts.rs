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
