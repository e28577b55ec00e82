//! Labels: WHATWG's keep their meaning, Python's and iconv's names resolve with notes, the iana
//! mode gives iconv's meanings, and every name charscope prints reads back as a label.

use charscope::encoding::{self, LabelMode, resolve};

fn name(label: &str, mode: LabelMode) -> &'static str {
    resolve(label, mode).unwrap().encoding.name()
}

fn note(label: &str, mode: LabelMode) -> Option<String> {
    resolve(label, mode).unwrap().note
}

/// Every name charscope prints resolves, as a label, to the same encoding, in both modes.
#[test]
fn every_name_reads_back() {
    for enc in encoding::all() {
        for mode in [LabelMode::Whatwg, LabelMode::Iana] {
            for spelling in [
                enc.name().to_string(),
                enc.name().to_ascii_lowercase(),
                enc.name().to_ascii_uppercase(),
            ] {
                let back = resolve(&spelling, mode).unwrap();
                assert_eq!(back.encoding, enc, "{spelling} under {mode}");
            }
        }
    }
}

/// Every WHATWG label means by default exactly what encoding_rs (a WHATWG implementation) says.
#[test]
fn whatwg_labels_keep_their_meaning() {
    let mut count = 0;
    for enc in encoding::all().filter(|e| e.is_whatwg()) {
        for label in enc.labels() {
            let rs = encoding_rs::Encoding::for_label(label.as_bytes())
                .map(|e| e.name())
                .unwrap_or("replacement");
            assert_eq!(name(label, LabelMode::Whatwg), rs, "{label}");
            count += 1;
        }
    }
    assert_eq!(count, 228, "the WHATWG standard has 228 labels");
}

#[test]
fn python_names_resolve() {
    let w = LabelMode::Whatwg;
    for (label, want) in [
        ("latin-1", "true-ISO-8859-1"),
        ("latin_1", "true-ISO-8859-1"),
        ("LATIN 1", "true-ISO-8859-1"),
        ("iso8859_1", "true-ISO-8859-1"),
        ("cp932", "Shift_JIS"),
        ("cp949", "EUC-KR"),
        ("utf_8", "UTF-8"),
        ("utf-8-sig", "UTF-8"),
        ("utf_8_sig", "UTF-8"),
        ("mac_cyrillic", "x-mac-cyrillic"),
        ("mac_roman", "macintosh"),
        ("cp1252", "windows-1252"),
        ("euc_kr", "EUC-KR"),
        ("shift_jis", "Shift_JIS"),
        ("koi8_r", "KOI8-R"),
        ("iso8859_2", "ISO-8859-2"),
        ("iso2022_jp", "ISO-2022-JP"),
        ("us_ascii", "true-US-ASCII"),
        ("cp437", "IBM437"),
        ("mac_latin2", "x-mac-ce"),
        ("gb18030", "gb18030"),
        ("cp936", "GBK"),
        ("big5hkscs", "Big5"),
        ("latin9", "ISO-8859-15"),
        ("tis_620", "true-ISO-8859-11"),
    ] {
        assert_eq!(name(label, w), want, "{label}");
    }
    assert!(note("utf-8-sig", w).unwrap().contains("byte order mark"));
    assert!(
        note("cp949", w)
            .unwrap()
            .contains("what WHATWG calls EUC-KR")
    );
    assert!(note("latin-1", w).unwrap().contains("true ISO-8859-1"));
    assert!(note("shift_jis", w).unwrap().contains("Windows-31J"));
    assert_eq!(note("utf_8", w), None);
    assert_eq!(note("cp1252", w), None);
    assert_eq!(note("mac_cyrillic", w), None);
}

/// iconv's names for ASCII and its neighbours (`iconv -l` on GNU libc 2.36).
#[test]
fn iconv_names_resolve() {
    for (label, want) in [
        ("ANSI_X3.4-1986", "true-US-ASCII"),
        ("ISO646-US", "true-US-ASCII"),
        ("CSASCII", "true-US-ASCII"),
        ("ISO_646.IRV:1991", "true-US-ASCII"),
        ("MAC-CENTRALEUROPE", "x-mac-ce"),
        ("MACCYRILLIC", "x-mac-cyrillic"),
        ("IBM-1047", "IBM1047"),
        ("GEORGIAN-PS", "Georgian-PS"),
        ("EUCKR", "EUC-KR"),
        ("UTF8", "UTF-8"),
        ("LATIN-9", "ISO-8859-15"),
        ("MS-ANSI", "windows-1252"),
        ("MS-CYRL", "windows-1251"),
        ("MSCP1361", "Johab"),
        ("JOHAB", "Johab"),
        ("EUC-TW", "EUC-TW"),
        ("UTF-7", "UTF-7"),
        ("UCS-2BE", "UTF-16BE"),
        ("CP1047", "IBM1047"),
        ("CSPC8CODEPAGE437", "IBM437"),
    ] {
        assert_eq!(name(label, LabelMode::Whatwg), want, "{label}");
    }
}

#[test]
fn default_meanings_are_never_silent() {
    let w = LabelMode::Whatwg;
    for label in [
        "ascii",
        "us-ascii",
        "latin1",
        "iso-8859-1",
        "l1",
        "ISO_8859-1:1987",
    ] {
        assert_eq!(name(label, w), "windows-1252", "{label}");
        assert!(note(label, w).unwrap().contains("windows-1252"), "{label}");
    }
    assert_eq!(name("iso-8859-9", w), "windows-1254");
    assert!(note("iso-8859-9", w).is_some());
    assert_eq!(name("iso-2022-kr", w), "replacement");
    assert!(note("iso-2022-kr", w).unwrap().contains("U+FFFD"));
    // The family labels' byte order is the decoders' to tell, per input (a byte order mark, or
    // which order was assumed), not the label's.
    assert_eq!(note("utf-16", w), None);
    assert_eq!(note("windows-1252", w), None);
    assert_eq!(note("utf-8", w), None);
}

#[test]
fn iana_mode_gives_iconv_meanings() {
    let i = LabelMode::Iana;
    for label in ["ascii", "US-ASCII", "ansi_x3.4-1968"] {
        assert_eq!(resolve(label, i).unwrap().encoding, encoding::TRUE_US_ASCII);
    }
    for label in ["latin1", "iso-8859-1", "l1", "ISO_8859-1"] {
        assert_eq!(resolve(label, i).unwrap().encoding, encoding::ISO_8859_1);
    }
    assert_eq!(name("latin5", i), "true-ISO-8859-9");
    assert_eq!(name("tis-620", i), "true-ISO-8859-11");
    // What iconv and WHATWG agree on stays.
    assert_eq!(name("windows-1252", i), "windows-1252");
    assert_eq!(name("shift_jis", i), "Shift_JIS");
    assert_eq!(name("iso-8859-2", i), "ISO-8859-2");
    let differences = encoding::iana_differences();
    assert_eq!(differences.len(), 29);
    for d in &differences {
        assert_ne!(d.whatwg, d.iana, "{}", d.label);
        assert_eq!(resolve(d.label, i).unwrap().encoding, d.iana);
        assert_eq!(
            resolve(d.label, LabelMode::Whatwg).unwrap().encoding,
            d.whatwg
        );
    }
    assert_eq!("IANA".parse::<LabelMode>(), Ok(LabelMode::Iana));
    assert!("posix".parse::<LabelMode>().is_err());
}

#[test]
fn unknown_labels_still_suggest() {
    let err = resolve("utf-9", LabelMode::Whatwg).unwrap_err();
    assert!(err.suggestions.contains(&"utf-8"));
    assert!(resolve("", LabelMode::Whatwg).is_err());
    assert!(resolve("-_-", LabelMode::Whatwg).is_err());
}
