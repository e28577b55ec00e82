//! Property tests: every layout charscope writes reads back to the same bytes, and the annotated
//! dump shows every byte once, whatever the chunking.

use charscope::dump::{self, Annotator, DumpFormat, HexdumpCanonical, ParseOptions};
use charscope::escape::{self, EscapeFormat};
use charscope::{BomMode, StreamDecoder, encoding};
use proptest::prelude::*;

fn parse(text: &str, format: Option<DumpFormat>) -> Vec<u8> {
    let options = ParseOptions::default().with_format(format);
    match dump::parse(text, &options) {
        Ok(parsed) => parsed.bytes,
        Err(e) => panic!("{e}\n{text}"),
    }
}

/// Bytes with long runs, so that `*` lines appear.
fn bytes_with_repeats() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200),
        (proptest::collection::vec(any::<u8>(), 1..40), 1usize..8)
            .prop_map(|(chunk, n)| chunk.repeat(n)),
        (any::<u8>(), 0usize..100).prop_map(|(b, n)| vec![b; n]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn hexdump_canonical_reads_back(bytes in bytes_with_repeats()) {
        let text = HexdumpCanonical::format(&bytes);
        prop_assert_eq!(parse(&text, None), bytes.clone());
        if !bytes.is_empty() {
            let parsed = dump::parse(&text, &ParseOptions::default()).unwrap();
            prop_assert_eq!(parsed.format, DumpFormat::HexdumpCanonical);
        }
    }

    #[test]
    fn hexdump_canonical_streams(bytes in bytes_with_repeats(), cut in 0usize..200) {
        let cut = cut.min(bytes.len());
        let mut writer = HexdumpCanonical::new();
        let mut text = String::new();
        writer.write(&bytes[..cut], &mut text);
        writer.write(&bytes[cut..], &mut text);
        writer.finish(&mut text);
        prop_assert_eq!(text, HexdumpCanonical::format(&bytes));
    }

    #[test]
    fn byte_formats_read_back(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        for (format, as_dump) in [
            (EscapeFormat::Hex, DumpFormat::Hex),
            (EscapeFormat::C, DumpFormat::HexEscapes),
            (EscapeFormat::Rust, DumpFormat::HexEscapes),
            (EscapeFormat::Python, DumpFormat::HexEscapes),
            (EscapeFormat::Url, DumpFormat::Percent),
        ] {
            prop_assert!(format.is_bytes());
            let text = escape::format_bytes(&bytes, format);
            prop_assert_eq!(&parse(&text, Some(as_dump)), &bytes, "{} {}", format, text);
            // Recognised without help, except percent-encoding of bytes that need no escape.
            if format != EscapeFormat::Url || text.contains('%') {
                prop_assert_eq!(&parse(&text, None), &bytes, "{} {}", format, text);
            }
        }
    }

    #[test]
    fn text_formats_read_back(text in "\\PC{0,40}") {
        // unescape reads every kind of escape at once: the text must not hold the other
        // languages' escape characters, which these formats leave as they are.
        let text: String = text.chars().filter(|c| !matches!(c, '&' | '%' | '+')).collect();
        for format in [EscapeFormat::Js, EscapeFormat::Java, EscapeFormat::Json] {
            prop_assert!(!format.is_bytes());
            let written = escape::format_text(&text, format);
            prop_assert!(written.is_ascii());
            let inner = &written[1..written.len() - 1];
            prop_assert_eq!(escape::unescape(inner).unwrap().to_string_lossy(), text.clone());
        }
        let no_backslash = text.replace('\\', "");
        let html = escape::format_text(&no_backslash, EscapeFormat::Html);
        prop_assert_eq!(escape::unescape(&html).unwrap().to_string_lossy(), no_backslash);
    }

    #[test]
    fn annotated_rows_show_every_byte_once(
        bytes in proptest::collection::vec(any::<u8>(), 0..120),
        label in prop::sample::select(vec!["utf-8", "utf-16le", "utf-32be", "shift_jis", "gb18030", "windows-1252"]),
        chunk in 1usize..9,
    ) {
        let enc = encoding::for_label(label).unwrap();
        let rows = |step: usize| {
            let mut decoder = StreamDecoder::new(enc, BomMode::Keep);
            let mut annotator = Annotator::new(Annotator::DEFAULT_WIDTH);
            let pieces: Vec<&[u8]> = bytes.chunks(step).collect();
            for (i, piece) in pieces.iter().enumerate() {
                annotator.push_bytes(piece);
                decoder.decode_units(piece, i + 1 == pieces.len(), |u| annotator.push_unit(u));
            }
            if pieces.is_empty() {
                decoder.decode_units(&[], true, |u| annotator.push_unit(u));
            }
            annotator.finish();
            annotator.take_rows()
        };
        let whole = rows(bytes.len().max(1));
        let shown: Vec<u8> = whole.iter().flat_map(|r| r.cells.iter().flat_map(|c| c.bytes.clone())).collect();
        prop_assert_eq!(&shown, &bytes);
        for row in &whole {
            prop_assert!(row.len() <= Annotator::DEFAULT_WIDTH);
            prop_assert_eq!(row.offset, row.cells[0].offset);
        }
        prop_assert_eq!(rows(chunk), whole);
    }
}
