//! Property tests of the scanners on inputs built from the fragments that matter (bidi controls,
//! joiners, overlong and truncated UTF-8, escapes, dots and slashes, byte order marks): never a
//! panic, offsets inside the input, the bidi fast path finding what the full scan finds, and the
//! scan of a text independent of the lines around it.

use charscope::scan::{self, Code};
use proptest::prelude::*;

const FRAGMENTS: &[&[u8]] = &[
    b"a",
    b"Z",
    b"_",
    b" ",
    b"\n",
    b"\r\n",
    b"\t",
    b"/",
    b"\\",
    b".",
    b"..",
    b"%",
    b"%2e",
    b"%25",
    b"%c0%ae",
    b"%uFF0E",
    b"%u",
    b"%RR",
    b"%00",
    b"+",
    b"?",
    b"#",
    "\u{202E}".as_bytes(),
    "\u{2066}".as_bytes(),
    "\u{2069}".as_bytes(),
    "\u{202C}".as_bytes(),
    "\u{200B}".as_bytes(),
    "\u{200D}".as_bytes(),
    "\u{FEFF}".as_bytes(),
    "\u{FE0F}".as_bytes(),
    "\u{E0067}".as_bytes(),
    "\u{1F468}".as_bytes(),
    "\u{1F3F4}".as_bytes(),
    "\u{0430}".as_bytes(),
    "\u{0456}".as_bytes(),
    "é".as_bytes(),
    "e\u{301}".as_bytes(),
    "\u{095E}".as_bytes(),
    "\u{00A0}".as_bytes(),
    "\u{E000}".as_bytes(),
    "\u{FDD0}".as_bytes(),
    "日本".as_bytes(),
    "שלום".as_bytes(),
    b"\xC0\xAE",
    b"\xE2\x80",
    b"\xFF",
    b"\x80",
    b"\x1B",
    b"\x00",
    // Byte order marks of UTF-16 and UTF-32: at the start, the text is decoded as they say.
    b"\xFF\xFE",
    b"\xFE\xFF",
    b"\x00\x00\xFE\xFF",
    b"\x00\xD8",
    b"\x00\xDC",
];

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0..FRAGMENTS.len(), 0..40).prop_map(|picks| {
        picks
            .into_iter()
            .flat_map(|i| FRAGMENTS[i].to_vec())
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn scanners_never_panic_and_point_inside(data in input()) {
        let findings = scan::scan_bytes("p", &data);
        for f in &findings {
            prop_assert!(f.offset.unwrap() as usize <= data.len());
            prop_assert!(f.line.unwrap() >= 1 && f.column.unwrap() >= 1);
        }
        let bidi: Vec<_> = findings.into_iter().filter(|f| f.code == Code::BidiControl).collect();
        prop_assert_eq!(scan::scan_bidi_controls("p", &data), bidi);
        let report = scan::url::analyze(&data);
        prop_assert_eq!(report.layers.len(), 9);
        for f in &report.findings {
            prop_assert!(f.offset as usize <= data.len());
        }
        let names: Vec<_> = data.split(|&b| b == b'/').map(|n| scan::NameEntry::new("d", n)).collect();
        let _ = scan::scan_names(&names);
    }

    #[test]
    fn a_line_is_scanned_the_same_wherever_it_stands(before in input(), line in input()) {
        // Findings of `line` alone, and of `line` after other lines: the same, shifted.
        let line: Vec<u8> = line.into_iter().filter(|&b| b != b'\n').collect();
        let before: Vec<u8> = before.into_iter().filter(|&b| b != b'\n').collect();
        let alone = scan::scan_bytes("p", &line);
        let mut joined = before.clone();
        joined.push(b'\n');
        joined.extend_from_slice(&line);
        // (A UTF-16 or UTF-32 byte order mark at the start makes every line another text.)
        prop_assume!(scan::utf_of(&joined).is_none() && scan::utf_of(&line).is_none());
        let shift = before.len() as u64 + 1;
        let after: Vec<_> = scan::scan_bytes("p", &joined)
            .into_iter()
            .filter(|f| f.line == Some(2) && !matches!(f.code, Code::Confusable | Code::MixedScript))
            .map(|f| (f.column, f.offset.map(|o| o - shift), f.code, f.message))
            .collect();
        let alone: Vec<_> = alone
            .into_iter()
            .filter(|f| !matches!(f.code, Code::Confusable | Code::MixedScript))
            .filter(|f| !(f.code == Code::BomNotAtStart && f.offset == Some(0)))
            .map(|f| (f.column, f.offset, f.code, f.message.replace(&format!("at byte {}", f.offset.unwrap()), "")))
            .collect();
        let after: Vec<_> = after
            .into_iter()
            .map(|(c, o, code, m)| (c, o, code, m.replace(&format!("at byte {}", o.unwrap() + shift), "")))
            .collect();
        // A byte order mark at the very start of `line` alone is no finding; after a line it is.
        let after: Vec<_> = after.into_iter().filter(|f| !(f.2 == Code::BomNotAtStart && f.1 == Some(0))).collect();
        prop_assert_eq!(alone, after);
    }
}
