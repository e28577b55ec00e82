//! The single-byte encodings beyond WHATWG (DOS, Mac, EBCDIC, VISCII, Georgian, 7-bit US-ASCII):
//! bytes checked by hand against published code page charts, a round trip through every table,
//! and the stream properties of the generic single-byte engine.

use charscope::MalformedKind;
use charscope::decode::{self, Decoder, Unit};
use charscope::encode::{Substitute, encode};
use charscope::encoding::{self, Encoding};
use proptest::prelude::*;

/// Every encoding charscope decodes with its own single-byte tables.
fn tables() -> Vec<&'static Encoding> {
    encoding::all()
        .filter(|e| e.is_single_byte() && !e.is_whatwg() && *e != encoding::ISO_8859_1)
        .collect()
}

fn one(label: &str, byte: u8) -> Result<char, MalformedKind> {
    let enc = encoding::for_label(label).unwrap();
    match decode::units(&[byte], enc)[..] {
        [Unit::Char { ch, .. }] => Ok(ch),
        [Unit::Malformed(m)] => Err(m.kind),
        ref other => panic!("{label} {byte:02X}: {other:?}"),
    }
}

#[test]
fn the_new_encodings_are_all_there() {
    let names: Vec<&str> = tables().iter().map(|e| e.name()).collect();
    assert_eq!(
        names,
        [
            "IBM437",
            "IBM737",
            "IBM775",
            "IBM850",
            "IBM852",
            "IBM855",
            "IBM857",
            "IBM860",
            "IBM861",
            "IBM862",
            "IBM863",
            "IBM864",
            "IBM865",
            "IBM869",
            "x-mac-ce",
            "x-mac-greek",
            "x-mac-turkish",
            "x-mac-icelandic",
            "IBM037",
            "IBM500",
            "IBM1047",
            "VISCII",
            "Georgian-Academy",
            "Georgian-PS",
            "true-US-ASCII",
            "true-ISO-8859-9",
            "true-ISO-8859-11",
        ]
    );
}

/// Values from the code page charts (IBM's and Apple's, as published with each code page), one
/// or more per encoding.
#[test]
fn hand_checked_bytes() {
    let cases: &[(&str, u8, char)] = &[
        ("cp437", 0x82, 'é'),
        ("cp437", 0xE1, 'ß'),
        ("cp866", 0x80, 'А'),
        ("cp737", 0x80, 'Α'),
        ("cp775", 0x80, 'Ć'),
        ("cp850", 0x9B, 'ø'),
        ("cp852", 0xA5, 'ą'),
        ("cp855", 0x80, 'ђ'),
        ("cp857", 0x8D, 'ı'),
        ("cp860", 0x84, 'ã'),
        ("cp861", 0x8B, 'Ð'),
        ("cp862", 0x80, 'א'),
        ("cp863", 0x84, 'Â'),
        ("cp864", 0x25, '\u{066A}'),
        ("cp865", 0x9D, 'Ø'),
        ("cp869", 0x86, 'Ά'),
        ("x-mac-ce", 0x81, 'Ā'),
        ("x-mac-greek", 0xA1, 'Γ'),
        ("x-mac-turkish", 0xDA, 'Ğ'),
        ("x-mac-icelandic", 0xA0, 'Ý'),
        ("cp037", 0xC1, 'A'),
        ("cp037", 0x4A, '¢'),
        ("cp037", 0xBA, '['),
        ("cp500", 0x4A, '['),
        ("cp500", 0x5B, '$'),
        ("cp1047", 0xAD, '['),
        ("cp1047", 0x15, '\u{85}'),
        ("viscii", 0x02, 'Ẳ'),
        ("georgian-academy", 0xC0, 'ა'),
        ("georgian-ps", 0xC0, 'ა'),
        ("georgian-ps", 0xC7, 'ჱ'),
        ("true-us-ascii", 0x41, 'A'),
        ("true-iso-8859-9", 0xD0, 'Ğ'),
        ("true-iso-8859-9", 0x80, '\u{80}'),
        ("windows-1254", 0x80, '€'),
        ("true-iso-8859-11", 0xA1, 'ก'),
        ("true-iso-8859-11", 0x85, '\u{85}'),
    ];
    for &(label, byte, want) in cases {
        assert_eq!(one(label, byte), Ok(want), "{label} {byte:02X}");
    }
    // The WHATWG label keeps its meaning: cp866 is still WHATWG's IBM866.
    assert_eq!(encoding::for_label("cp866").unwrap().name(), "IBM866");
}

#[test]
fn bytes_that_map_to_nothing_are_unmapped_with_a_reason() {
    for byte in 0x80..=0xFF {
        assert_eq!(one("true-us-ascii", byte), Err(MalformedKind::Unmapped));
    }
    let out = decode::decode(b"a\x80b", encoding::TRUE_US_ASCII);
    assert_eq!(out.text, "a\u{FFFD}b");
    assert_eq!(out.malformed[0].offset(), 1);
    assert!(out.malformed[0].reason().contains("7-bit"));
    // cp864 leaves six bytes unmapped in Python's table: 9B 9C 9F A6 A7 FF.
    let cp864 = encoding::for_label("cp864").unwrap();
    let all: Vec<u8> = (0..=255).collect();
    let out = decode::decode(&all, cp864);
    let offsets: Vec<u64> = out.malformed.iter().map(|m| m.offset()).collect();
    assert_eq!(offsets, [0x9B, 0x9C, 0x9F, 0xA6, 0xA7, 0xFF]);
    assert_eq!(
        out.malformed[3].reason(),
        "A6: IBM864 maps no character to this byte"
    );
}

/// Every mapped byte decodes to a character that encodes back to that byte, in every table.
#[test]
fn every_table_round_trips() {
    for enc in tables() {
        let mut mapped = 0;
        for byte in 0..=255u8 {
            if let [Unit::Char { ch, .. }] = decode::units(&[byte], enc)[..] {
                mapped += 1;
                let back = encode(&ch.to_string(), enc, false, Substitute::Omit).unwrap();
                assert_eq!(back.bytes, [byte], "{enc} {byte:02X} -> {ch:?}");
                assert!(back.unmappable.is_empty());
            }
        }
        assert!(mapped >= 128, "{enc}: only {mapped} bytes map");
    }
}

#[test]
fn unmappable_characters_are_reported_and_substitutes_use_the_table() {
    let ebcdic = encoding::for_label("cp037").unwrap();
    let out = encode("A€", ebcdic, false, Substitute::Question).unwrap();
    // In EBCDIC 037 'A' is C1 and '?' is 6F.
    assert_eq!(out.bytes, [0xC1, 0x6F]);
    assert_eq!(out.unmappable[0].ch, '€');
    assert_eq!(out.unmappable[0].index, 1);
    let out = encode("é", encoding::TRUE_US_ASCII, false, Substitute::Html).unwrap();
    assert_eq!(out.bytes, b"&#233;");
}

proptest! {
    /// Bytes a table decodes without malformed sequences encode back to the same bytes, and
    /// each byte is one unit, whatever the chunking.
    #[test]
    fn decode_then_encode_gives_the_bytes_back(bytes in prop::collection::vec(any::<u8>(), 0..64), cut in any::<usize>()) {
        for enc in tables() {
            let out = decode::decode(&bytes, enc);
            let units = decode::units(&bytes, enc);
            prop_assert_eq!(units.len(), bytes.len(), "{}", enc);
            for (i, unit) in units.iter().enumerate() {
                prop_assert_eq!(unit.span().start, i as u64);
                prop_assert_eq!(unit.span().end, i as u64 + 1);
            }
            if out.malformed.is_empty() {
                let back = encode(&out.text, enc, false, Substitute::Omit).unwrap();
                prop_assert_eq!(&back.bytes, &bytes, "{}", enc);
            }
            let cut = cut % (bytes.len() + 1);
            let mut decoder = Decoder::new(enc);
            let mut chunked = Vec::new();
            decoder.decode_units(&bytes[..cut], false, |u| chunked.push(u));
            decoder.decode_units(&bytes[cut..], true, |u| chunked.push(u));
            prop_assert_eq!(&chunked, &units, "{}", enc);
        }
    }
}
