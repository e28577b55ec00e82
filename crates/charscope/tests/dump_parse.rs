//! dump::parse on hand-made inputs: each plain format, the subtleties of the tools, and bad
//! dumps, which must fail with the line and column of the problem.

use charscope::dump::{self, DumpErrorKind, DumpFormat, ParseOptions};
use charscope::encoding::Endian;

fn read(text: &str) -> (Vec<u8>, DumpFormat) {
    let parsed =
        dump::parse(text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    (parsed.bytes, parsed.format)
}

fn fails(text: &str) -> (usize, usize, DumpErrorKind) {
    let e = dump::parse(text, &ParseOptions::default()).expect_err(text);
    assert!(
        e.to_string()
            .starts_with(&format!("{}:{}: ", e.line, e.column))
    );
    (e.line, e.column, e.kind)
}

const EACUTE: &[u8] = &[0xC3, 0xA9];

#[test]
fn plain_hex_with_any_separator() {
    for text in [
        "C3 A9",
        "c3a9",
        "C3:A9",
        "C3-A9",
        "C3,A9",
        "0xC3 0xA9",
        "0xC3,0xA9",
        "0xc3a9",
        "  C3\n A9 \n",
    ] {
        assert_eq!(read(text), (EACUTE.to_vec(), DumpFormat::Hex), "{text}");
    }
}

#[test]
fn arrays_in_several_languages() {
    for text in [
        "{0xC3, 0xA9}",
        "[0xc3, 0xa9]",
        "[195, 169]",
        "unsigned char s[] = { 0xc3, 0xa9 };",
        "[]byte{0xc3, 0xa9}",
        "let b: [u8; 2] = [0xc3u8, 0xa9];",
        "byte[] b = new byte[] {(byte)0xC3, (byte)0xA9};",
        "bytes([0b11000011, 0o251])",
        "[195 169]",
    ] {
        assert_eq!(read(text), (EACUTE.to_vec(), DumpFormat::CArray), "{text}");
    }
    let java = dump::parse("[-61, -87]", &ParseOptions::default()).unwrap();
    assert_eq!(java.bytes, EACUTE);
    assert!(java.warnings[0].contains("signed"));
    assert_eq!(read("{}").0, b"");
}

#[test]
fn xxd_include_checks_its_length() {
    let text = "unsigned char x_bin[] = {\n  0xc3, 0xa9\n};\nunsigned int x_bin_len = 2;\n";
    assert_eq!(read(text), (EACUTE.to_vec(), DumpFormat::XxdInclude));
    let bad = text.replace("= 2;", "= 3;");
    assert_eq!(fails(&bad), (4, 26, DumpErrorKind::Inconsistent));
}

#[test]
fn escapes_and_byte_string_literals() {
    for text in [
        r"\xC3\xA9",
        r"\xc3 \xa9",
        r#"b"\xc3\xa9""#,
        r"b'\xc3\xa9'",
        r#""\303\251""#,
        r#""\xC3" "\xA9";"#,
    ] {
        assert_eq!(
            read(text),
            (EACUTE.to_vec(), DumpFormat::HexEscapes),
            "{text}"
        );
    }
    assert_eq!(read(r#"b"caf\xc3\xa9\n""#).0, b"caf\xC3\xA9\n");
}

#[test]
fn percent_encoding_and_urls() {
    assert_eq!(read("%C3%A9"), (EACUTE.to_vec(), DumpFormat::Percent));
    let url = dump::parse("https://x.test/caf%C3%A9?q=a+b", &ParseOptions::default()).unwrap();
    assert_eq!(url.bytes, b"https://x.test/caf\xC3\xA9?q=a+b");
    assert!(url.warnings.iter().any(|w| w.contains("space")));
    assert_eq!(fails("caf%C3%A"), (1, 7, DumpErrorKind::Invalid));
}

#[test]
fn base64_only_when_asked() {
    let options = ParseOptions::default().with_format(Some(DumpFormat::Base64));
    assert_eq!(dump::parse("w6k=", &options).unwrap().bytes, EACUTE);
    assert_eq!(dump::parse("w6k", &options).unwrap().bytes, EACUTE);
    assert_eq!(dump::parse("_-8", &options).unwrap().bytes, [0xFF, 0xEF]);
    let e = dump::parse("w6k$", &options).unwrap_err();
    assert_eq!((e.line, e.column), (1, 4));
    // Unasked, base64 is not a guess: "w6k=" is no hex.
    assert!(dump::parse("w6k=", &ParseOptions::default()).is_err());
}

#[test]
fn hexdump_canonical_with_squeeze_and_length() {
    let text = "\
00000000  61 61 61 61 61 61 61 61  61 61 61 61 61 61 61 61  |aaaaaaaaaaaaaaaa|
*
00000030  62 0a                                             |b.|
00000032
";
    let (bytes, format) = read(text);
    assert_eq!(format, DumpFormat::HexdumpCanonical);
    assert_eq!(bytes, [vec![b'a'; 48], b"b\n".to_vec()].concat());
}

#[test]
fn hexdump_words_byte_order_and_half_word() {
    let text = "0000000 6948 00c3\n0000003\n";
    let parsed = dump::parse(text, &ParseOptions::default()).unwrap();
    assert_eq!(parsed.bytes, b"Hi\xC3");
    assert!(parsed.warnings.iter().any(|w| w.contains("little-endian")));
    let big = ParseOptions::default().with_word_order(Some(Endian::Big));
    let parsed = dump::parse("0000000 4869 c300\n0000003\n", &big).unwrap();
    assert_eq!(parsed.bytes, b"Hi\xC3");
    assert!(parsed.warnings.iter().all(|w| !w.contains("little-endian")));
    // The cut byte of a half word must be the zero padding.
    assert_eq!(
        fails("0000000 6948 41c3\n0000003\n"),
        (2, 1, DumpErrorKind::Inconsistent)
    );
}

#[test]
fn od_variants() {
    assert_eq!(read("0000000 110 151\n0000002\n").0, b"Hi");
    assert_eq!(read("0000000   H   i  \\n 303\n0000004\n").0, b"Hi\n\xC3");
    assert_eq!(read("0000000  -61  -87\n0000002\n").0, EACUTE);
    assert_eq!(read("000000 c3 a9  >..<\n000002\n").0, EACUTE);
    assert_eq!(read("0000000\n").0, b"");
    // od -c shows a space byte as a blank column; a paste may drop it at the line end.
    let parsed = dump::parse("0000000   a   b\n0000003\n", &ParseOptions::default()).unwrap();
    assert_eq!(parsed.bytes, b"ab ");
    assert!(parsed.warnings.iter().any(|w| w.contains("restored")));
}

#[test]
fn od_without_offsets_cannot_undo_a_star() {
    let text = " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n*\n 41\n";
    assert_eq!(fails(text), (2, 1, DumpErrorKind::Lossy));
}

#[test]
fn xxd_layouts() {
    let (bytes, format) = read("00000000: 4869 c3a9                                Hi..\n");
    assert_eq!((bytes, format), (b"Hi\xC3\xA9".to_vec(), DumpFormat::Xxd));
    let (bytes, format) = read("00000000: a9c36948                             Hi..\n");
    assert_eq!(
        (bytes, format),
        (b"Hi\xC3\xA9".to_vec(), DumpFormat::XxdLittleEndian)
    );
    let (bytes, format) = read("00000000: 01001000 01101001  Hi\n");
    assert_eq!((bytes, format), (b"Hi".to_vec(), DumpFormat::XxdBits));
    let parsed = dump::parse("00000005: 4869  Hi\n", &ParseOptions::default()).unwrap();
    assert!(parsed.warnings[0].contains("starts at offset 0x5"));
    let plain = "48".repeat(30) + "\n" + "4869\n";
    assert_eq!(read(&plain).1, DumpFormat::XxdPlain);
}

#[test]
fn hexyl_with_colours() {
    // As hexyl 0.8 writes it into a pipe, colours and all.
    let e = "\u{1b}";
    let text = format!(
        "┌────────┬─────────────────────────┬─────────────────────────┬────────┬────────┐\n\
         │{e}[38;5;242m00000000{e}[0m│ {e}[36m48 {e}[0m{e}[36m69 {e}[0m{e}[33mc3 {e}[0m{e}[33ma9 {e}[0m            ┊                         │{e}[36mH{e}[0m{e}[36mi{e}[0m{e}[33m×{e}[0m{e}[33m×{e}[0m    ┊        │\n\
         └────────┴─────────────────────────┴─────────────────────────┴────────┴────────┘\n"
    );
    let parsed = dump::parse(&text, &ParseOptions::default()).unwrap();
    assert_eq!(
        (parsed.bytes.as_slice(), parsed.format),
        (b"Hi\xC3\xA9".as_slice(), DumpFormat::Hexyl)
    );
    assert!(parsed.warnings.iter().any(|w| w.contains("colour")));
}

#[test]
fn a_truncated_line_is_an_error() {
    let text = "\
00000000  61 62 63 64 65 66 67 68  69 6a 6b 6c 6d 6e 6f 70  |abcdefghijklmnop|
00000010  71 72 73
00000013
";
    assert_eq!(fails(text), (2, 19, DumpErrorKind::Truncated));
    let xxd =
        "00000000: 6162 6364 6566 6768 696a 6b6c 6d6e 6f70  abcdefghijklmnop\n00000010: 7172\n";
    let (line, _, _) = fails(xxd);
    assert_eq!(line, 2);
}

#[test]
fn an_offset_that_does_not_follow_is_an_error() {
    let text = "\
00000000  61 62 63 64 65 66 67 68  69 6a 6b 6c 6d 6e 6f 70  |abcdefghijklmnop|
00000020  71                                                |q|
00000021
";
    assert_eq!(fails(text), (2, 1, DumpErrorKind::Inconsistent));
    let od = "000000 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 6f 70\n000011 71\n000012\n";
    assert_eq!(fails(od).0, 2);
}

#[test]
fn hex_and_text_columns_must_agree() {
    let text = "00000000  61 62                                             |aX|\n00000002\n";
    assert_eq!(fails(text), (1, 63, DumpErrorKind::Inconsistent));
    let xxd = "00000000: 6162                                     aX\n";
    assert_eq!(fails(xxd), (1, 53, DumpErrorKind::Inconsistent));
}

#[test]
fn stray_text_is_an_error() {
    assert_eq!(fails("C3 A9 zz"), (1, 7, DumpErrorKind::Invalid));
    assert_eq!(fails("C3 A9\nhello"), (2, 1, DumpErrorKind::Invalid));
    assert_eq!(fails("hello"), (1, 1, DumpErrorKind::Unrecognised));
    assert_eq!(fails("C3 A"), (1, 4, DumpErrorKind::Invalid));
    assert_eq!(fails(r"\xC3 abc"), (1, 6, DumpErrorKind::Invalid));
    let text = "00000000  61 62 zz                                          |ab|\n";
    assert_eq!(fails(text), (1, 17, DumpErrorKind::Invalid));
}

#[test]
fn an_empty_dump_is_no_bytes() {
    let parsed = dump::parse("  \n\n", &ParseOptions::default()).unwrap();
    assert!(parsed.bytes.is_empty());
}

#[test]
fn formats_are_named_and_forced() {
    for format in DumpFormat::ALL {
        assert_eq!(format.name().parse::<DumpFormat>().unwrap(), format);
        assert_eq!(
            serde_json::to_value(format).unwrap(),
            serde_json::Value::from(format.name())
        );
    }
    assert!(
        "yaml"
            .parse::<DumpFormat>()
            .unwrap_err()
            .to_string()
            .contains("hexdump-canonical")
    );
    let forced = ParseOptions::default().with_format(Some(DumpFormat::HexdumpCanonical));
    assert_eq!(dump::parse("C3 A9", &forced).unwrap_err().line, 1);
}

/// `hexdump -C` of "hello, café\n" (13 bytes: the second half of the line is short).
const HELLO_HEXDUMP: &str =
    "00000000  68 65 6c 6c 6f 2c 20 63  61 66 c3 a9 0a           |hello, caf...|\n0000000d\n";
const HELLO: &[u8] = b"hello, caf\xC3\xA9\n";

#[test]
fn a_dump_pasted_inside_code_fences() {
    for text in [
        format!("```\n{HELLO_HEXDUMP}```\n"),
        format!("```text\n{HELLO_HEXDUMP}```"),
        format!("~~~\n{HELLO_HEXDUMP}~~~\n"),
        format!("  ```console\n$ hexdump -C hello.txt\n{HELLO_HEXDUMP}  ```\n"),
    ] {
        assert_eq!(
            read(&text),
            (HELLO.to_vec(), DumpFormat::HexdumpCanonical),
            "{text:?}"
        );
    }
    assert_eq!(
        read("```\nC3 A9\n```\n"),
        (EACUTE.to_vec(), DumpFormat::Hex)
    );
    // Fence lines are blanked, not removed: an error still names the line of the paste.
    assert_eq!(fails("```\nC3 A9\nC3 zz\n```\n").0, 3);
}

#[test]
fn hexdump_canonical_without_its_text_column() {
    let without: String = HELLO_HEXDUMP
        .lines()
        .map(|line| format!("{}\n", line.split('|').next().unwrap().trim_end()))
        .collect();
    assert_eq!(
        read(&without),
        (HELLO.to_vec(), DumpFormat::HexdumpCanonical)
    );
    // 20 bytes: a full line and a short one, with and without trailing spaces.
    let long = "00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f\n00000010  10 11 12 13\n00000014\n";
    assert_eq!(read(long).0, (0u8..20).collect::<Vec<u8>>());
    // The offsets still check each line: a byte lost in the middle is an error, not a guess.
    let cut = "00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e\n00000010  10 11 12 13\n00000014\n";
    assert_eq!(fails(cut).0, 2);
    // A dump whose first line has the column still needs it on every line.
    let mixed = format!("{}00000010  10\n00000011\n", &HELLO_HEXDUMP[..78]);
    assert!(dump::parse(&mixed, &ParseOptions::default()).is_err());
}
