//! The views the command line and the page share: byte roles, what a report sends of a large
//! input, and the C array output format.

use charscope::dump::{self, ByteRole, ParseOptions};
use charscope::escape::{EscapeFormat, format_bytes};
use charscope::report::{self, Shown, UnitWindow};
use charscope::text::normalization::NormalizationSummary;

#[test]
fn utf16_surrogate_pair_bytes_are_lead_then_continuations() {
    // U+1F600 in UTF-16LE is 3D D8 00 DE: one unit of four bytes.
    let r = report::inspect_bytes(&[0x3D, 0xD8, 0x00, 0xDE], Some("utf-16le")).unwrap();
    assert_eq!(r.units.len(), 1);
    assert_eq!(
        r.units[0].roles,
        [
            ByteRole::Lead,
            ByteRole::Continuation,
            ByteRole::Continuation,
            ByteRole::Continuation
        ]
    );
    // A malformed sequence: every byte malformed, and its bits as UTF-8 reads them.
    let r = report::inspect_bytes(&[0xC0, 0xAF], Some("utf-8")).unwrap();
    assert_eq!(r.units[0].roles, [ByteRole::Malformed]);
    let json = serde_json::to_value(&r.units[0]).unwrap();
    assert_eq!(json["bits"][0]["marker"], "110");
    assert_eq!(json["bits"][0]["payload"], "00000");
}

#[test]
fn a_large_input_sends_what_is_shown() {
    let text = "é".repeat(100_000);
    let shown = Shown {
        units: UnitWindow {
            start: 0,
            limit: 10,
        },
        text_chars: 50,
        hex_bytes: 4,
        malformed: 1,
        mojibake_bytes: usize::MAX,
    };
    let r = report::inspect_text_shown(&text, shown);
    assert_eq!((r.units.len(), r.text.chars().count()), (10, 50));
    assert!(r.text_cut && r.hex_cut);
    assert_eq!(r.hex, "C3 A9 C3 A9");
    assert_eq!(r.lengths.code_points, 100_000);
    let json = serde_json::to_string(&r).unwrap();
    assert!(json.len() < 20_000, "{} bytes", json.len());
    let all = report::inspect_text(&text);
    assert!(!all.text_cut && !all.hex_cut);
    assert_eq!(all.units.len(), 100_000);
}

#[test]
fn normalization_summary_shows_a_prefix_and_flags() {
    // U+FB01 LATIN SMALL LIGATURE FI: NFKC folds it to "fi" (UAX #15 compatibility mapping).
    let s = NormalizationSummary::of(&"\u{FB01}".repeat(1000));
    assert!(s.is.nfc && s.is.nfd && !s.is.nfkc && !s.is.nfkd);
    assert_eq!(
        s.hex_if_changed.nfkc.as_deref().unwrap().split(' ').count(),
        64
    );
    assert!(
        s.hex_if_changed
            .nfkc
            .as_deref()
            .unwrap()
            .starts_with("66 69 66 69")
    );
    assert!(s.cut.nfkc && !s.cut.nfc);
    let small = NormalizationSummary::of("\u{FB01}");
    assert_eq!(small.hex_if_changed.nfkc.as_deref(), Some("66 69"));
    assert!(!small.cut.nfkc);
}

#[test]
fn c_array_output_reads_back_as_the_same_bytes() {
    let bytes = [0x93, 0xFA, 0x00, 0x41];
    let array = format_bytes(&bytes, EscapeFormat::CArray);
    assert_eq!(array, "{0x93, 0xFA, 0x00, 0x41}");
    let parsed = dump::parse(&array, &ParseOptions::default()).unwrap();
    assert_eq!(parsed.bytes, bytes);
    assert_eq!(format_bytes(&[], EscapeFormat::CArray), "{}");
}
