//! Bad input never panics: random text made of the pieces dumps are made of goes through the
//! dump reader (auto and every forced format) and the escape reader, which answer with bytes or
//! an error, never a panic.

use charscope::dump::{self, DumpFormat, ParseOptions};
use charscope::encoding::Endian;
use proptest::prelude::*;

/// Lines that look like dumps: offsets, hex, octal, `*`, `|text|`, box drawing, separators.
fn dumpish() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "00000000",
        "00000010",
        "0000000",
        "0000020",
        "*",
        "|",
        "|..|",
        "  ",
        " ",
        ":",
        ",",
        "0x",
        "\\x",
        "%",
        "{",
        "}",
        "c3",
        "a9",
        "C3A9",
        "41",
        "4",
        "ff",
        "0a",
        "000",
        "377",
        "\\n",
        "\\0",
        "│",
        "┊",
        "┌",
        "┐",
        "└",
        "┘",
        "─",
        "-",
        "unsigned char x[] = {",
        "};",
        "=",
        "1",
        "10",
        "0x41,",
        "\n",
        "\n",
        "\n",
        "zz",
        "é",
        "\t",
        "\u{1b}[31m",
        "00000000:",
        "0000000 ",
        "a",
        "AAAA",
        "==",
        "+",
        "/",
    ]);
    prop::collection::vec(token, 0..40).prop_map(|tokens| tokens.concat())
}

const FORMATS: [DumpFormat; 14] = [
    DumpFormat::HexdumpCanonical,
    DumpFormat::HexdumpWords,
    DumpFormat::Xxd,
    DumpFormat::XxdLittleEndian,
    DumpFormat::XxdBits,
    DumpFormat::XxdPlain,
    DumpFormat::XxdInclude,
    DumpFormat::Od,
    DumpFormat::Hexyl,
    DumpFormat::Hex,
    DumpFormat::CArray,
    DumpFormat::HexEscapes,
    DumpFormat::Percent,
    DumpFormat::Base64,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn the_dump_reader_never_panics(text in dumpish(), big_endian in any::<bool>()) {
        let word_order = Some(if big_endian { Endian::Big } else { Endian::Little });
        let mut options = ParseOptions::default();
        options.word_order = word_order;
        let _ = dump::parse(&text, &options);
        for format in FORMATS {
            options.format = Some(format);
            let _ = dump::parse(&text, &options);
        }
    }

    #[test]
    fn the_escape_reader_never_panics(text in "(\\\\[uUxN]?\\{?[0-9A-Fa-fDd]{0,6}\\}?|&#x?[0-9a-fA-F]{0,7};?|&[a-z]{0,6};?|U\\+[0-9A-F]{0,7}|%[0-9A-F]{0,2}|[ -~é😀])*") {
        let _ = charscope::escape::unescape(&text);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = dump::parse(&text, &ParseOptions::default());
        let _ = charscope::escape::unescape(&text);
    }
}
