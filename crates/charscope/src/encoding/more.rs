//! Encodings beyond the WHATWG Encoding Standard that charscope decodes with its own engines: the
//! DOS code pages, more Mac encodings, EBCDIC, VISCII, the Georgian encodings and 7-bit US-ASCII.
//!
//! None of their labels is a WHATWG label, so a WHATWG label keeps its WHATWG meaning; where the
//! name users know was taken by WHATWG (`us-ascii` means windows-1252 there), the canonical name
//! is prefixed with `true-`.

use super::single_byte::SingleByteTable;
use super::single_byte_tables as t;
use super::{Encoding, Engine, Family};

macro_rules! tables {
    ($($name:ident),* $(,)?) => {
        $(static $name: SingleByteTable = SingleByteTable::new(&t::$name);)*
    };
}

tables!(
    IBM437,
    IBM737,
    IBM775,
    IBM850,
    IBM852,
    IBM855,
    IBM857,
    IBM860,
    IBM861,
    IBM862,
    IBM863,
    IBM864,
    IBM865,
    IBM869,
    MAC_CE,
    MAC_GREEK,
    MAC_TURKISH,
    MAC_ICELANDIC,
    IBM037,
    IBM500,
    IBM1047,
    VISCII,
    GEORGIAN_ACADEMY,
    GEORGIAN_PS,
    US_ASCII,
    ISO_8859_9,
    ISO_8859_11,
);

const fn single_byte(
    name: &'static str,
    labels: &'static [&'static str],
    table: &'static SingleByteTable,
) -> Encoding {
    Encoding {
        name,
        labels,
        family: Family::SingleByte,
        engine: Engine::SingleByte(table),
        in_whatwg: false,
    }
}

/// Index of 7-bit US-ASCII in [`MORE`].
pub(crate) const TRUE_US_ASCII_INDEX: usize = 24;

/// The encodings of this module, in the order `charscope encodings` lists them.
pub(crate) static MORE: [Encoding; 32] = [
    single_byte(
        "IBM437",
        &["437", "cp437", "cspc8codepage437", "ibm437"],
        &IBM437,
    ),
    single_byte("IBM737", &["737", "cp737", "ibm737"], &IBM737),
    single_byte(
        "IBM775",
        &["775", "cp775", "cspc775baltic", "ibm775"],
        &IBM775,
    ),
    single_byte(
        "IBM850",
        &["850", "cp850", "cspc850multilingual", "ibm850"],
        &IBM850,
    ),
    single_byte("IBM852", &["852", "cp852", "cspcp852", "ibm852"], &IBM852),
    single_byte("IBM855", &["855", "cp855", "csibm855", "ibm855"], &IBM855),
    single_byte("IBM857", &["857", "cp857", "csibm857", "ibm857"], &IBM857),
    single_byte("IBM860", &["860", "cp860", "csibm860", "ibm860"], &IBM860),
    single_byte(
        "IBM861",
        &["861", "cp-is", "cp861", "csibm861", "ibm861"],
        &IBM861,
    ),
    single_byte(
        "IBM862",
        &["862", "cp862", "cspc862latinhebrew", "ibm862"],
        &IBM862,
    ),
    single_byte("IBM863", &["863", "cp863", "csibm863", "ibm863"], &IBM863),
    single_byte("IBM864", &["864", "cp864", "csibm864", "ibm864"], &IBM864),
    single_byte("IBM865", &["865", "cp865", "csibm865", "ibm865"], &IBM865),
    single_byte(
        "IBM869",
        &["869", "cp-gr", "cp869", "csibm869", "ibm869"],
        &IBM869,
    ),
    single_byte(
        "x-mac-ce",
        &[
            "mac-centraleurope",
            "mac-latin2",
            "mac_centeuro",
            "mac_latin2",
            "maccentraleurope",
            "maclatin2",
            "x-mac-ce",
            "x-mac-centraleurope",
        ],
        &MAC_CE,
    ),
    single_byte(
        "x-mac-greek",
        &["mac-greek", "mac_greek", "macgreek", "x-mac-greek"],
        &MAC_GREEK,
    ),
    single_byte(
        "x-mac-turkish",
        &["mac-turkish", "mac_turkish", "macturkish", "x-mac-turkish"],
        &MAC_TURKISH,
    ),
    single_byte(
        "x-mac-icelandic",
        &[
            "mac-icelandic",
            "mac_iceland",
            "maciceland",
            "x-mac-icelandic",
        ],
        &MAC_ICELANDIC,
    ),
    single_byte(
        "IBM037",
        &[
            "037",
            "cp037",
            "csibm037",
            "ebcdic-cp-ca",
            "ebcdic-cp-nl",
            "ebcdic-cp-us",
            "ebcdic-cp-wt",
            "ibm037",
        ],
        &IBM037,
    ),
    single_byte(
        "IBM500",
        &[
            "500",
            "cp500",
            "csibm500",
            "ebcdic-cp-be",
            "ebcdic-cp-ch",
            "ibm500",
        ],
        &IBM500,
    ),
    single_byte(
        "IBM1047",
        &["1047", "cp1047", "ibm-1047", "ibm1047"],
        &IBM1047,
    ),
    single_byte("VISCII", &["csviscii", "viscii", "viscii1.1-1"], &VISCII),
    single_byte("Georgian-Academy", &["georgian-academy"], &GEORGIAN_ACADEMY),
    single_byte("Georgian-PS", &["georgian-ps"], &GEORGIAN_PS),
    single_byte(
        "true-US-ASCII",
        &["ascii-7bit", "true-ascii", "true-us-ascii", "us-ascii-7bit"],
        &US_ASCII,
    ),
    single_byte(
        "true-ISO-8859-9",
        &["iso-8859-9-true", "true-iso-8859-9"],
        &ISO_8859_9,
    ),
    single_byte(
        "true-ISO-8859-11",
        &["iso-8859-11-true", "true-iso-8859-11"],
        &ISO_8859_11,
    ),
    Encoding {
        name: "CESU-8",
        labels: &["cesu-8", "cesu8", "cscesu-8", "cscesu8"],
        family: Family::Unicode,
        engine: Engine::Cesu8,
        in_whatwg: false,
    },
    Encoding {
        name: "UTF-7",
        labels: &[
            "csunicode11utf7",
            "unicode-1-1-utf-7",
            "unicode-2-0-utf-7",
            "utf-7",
            "utf7",
            "x-unicode-2-0-utf-7",
        ],
        family: Family::Unicode,
        engine: Engine::Utf7,
        in_whatwg: false,
    },
    Encoding {
        name: "true-ISO-2022-KR",
        labels: &["iso-2022-kr-true", "true-iso-2022-kr"],
        family: Family::Korean,
        engine: Engine::Iso2022Kr,
        in_whatwg: false,
    },
    Encoding {
        name: "Johab",
        labels: &["cp1361", "johab", "ms1361", "x-johab"],
        family: Family::Korean,
        engine: Engine::Johab,
        in_whatwg: false,
    },
    Encoding {
        name: "EUC-TW",
        labels: &["cns11643", "euc-tw", "euctw", "x-euc-tw"],
        family: Family::ChineseTraditional,
        engine: Engine::EucTw,
        in_whatwg: false,
    },
];

/// Notes on the encodings of this module (see [`Encoding::notes`]).
pub(crate) fn notes(name: &str) -> &'static [&'static str] {
    match name {
        "IBM437" | "IBM737" | "IBM775" | "IBM850" | "IBM852" | "IBM855" | "IBM857" | "IBM860"
        | "IBM861" | "IBM862" | "IBM863" | "IBM865" | "IBM869" => &[
            "A DOS code page (table from Python's codec): bytes 00-1F and 7F decode as the \
             control characters, not as the graphic symbols (\u{263A}, \u{2192}...) the PC's \
             screen showed for them.",
        ],
        "IBM864" => &[
            "DOS Arabic (table from Python's codec): byte 25 is U+066A ARABIC PERCENT SIGN, not \
             '%', and six bytes map to no character.",
        ],
        "IBM037" | "IBM500" | "IBM1047" => &[
            "EBCDIC: letters, digits and punctuation sit at other bytes than in ASCII (41 is a \
             no-break space, C1 is 'A'), so ASCII text read as EBCDIC is garbage, and the other \
             way round.",
        ],
        "true-US-ASCII" => &[
            "7-bit US-ASCII: bytes 80-FF are malformed. Named \"true-US-ASCII\" because the WHATWG \
             labels \"ascii\" and \"us-ascii\" mean windows-1252.",
        ],
        "VISCII" => &[
            "Vietnamese: VISCII uses six C0 control bytes (02, 05, 06, 14, 19, 1E) for letters \
             (table from GNU libc's iconv).",
        ],
        "Georgian-Academy" | "Georgian-PS" => &["Table from GNU libc's iconv."],
        "CESU-8" => &[
            "UTF-8 as Java and Oracle wrote it: a character beyond U+FFFF is its two UTF-16 \
             surrogates, each as a 3-byte form (ED A0-AF .., ED B0-BF ..), and 4-byte forms are \
             malformed. Not Java's \"modified UTF-8\", which also writes U+0000 as C0 80.",
        ],
        "UTF-7" => &[
            "RFC 2152: text beyond ASCII is UTF-16 in base64 between '+' and '-' (\"+-\" is '+'). \
             Browsers dropped it because it can smuggle markup past filters.",
        ],
        "true-ISO-2022-KR" => &[
            "ISO-2022-KR (RFC 1557) decoded for real: ESC $ ) C, then SO/SI shift between ASCII and \
             KS X 1001. The WHATWG label \"iso-2022-kr\" means the replacement encoding (as in \
             browsers); under --labels iana it means this one.",
        ],
        "Johab" => &[
            "Korean Johab (KS X 1001 annex 3, Windows code page 1361), table from Python's codec: \
             5C is the backslash, as in Python (glibc's iconv reads the WON SIGN \u{20A9}).",
        ],
        "EUC-TW" => &[
            "CNS 11643 planes 1 and 2 (table from GNU libc's iconv): A1-FE A1-FE is plane 1, \
             8E A2 row cell plane 2. Planes 3-16 (8E A3-B0 ..) are named as unmapped.",
        ],
        "true-ISO-8859-9" => &[
            "True ISO-8859-9 (Latin-5, Turkish): 80-9F are C1 controls. Browsers have no such \
             encoding: to them \"iso-8859-9\" and \"latin5\" are windows-1254.",
        ],
        "true-ISO-8859-11" => &[
            "True ISO-8859-11 (Thai): 80-9F are C1 controls. Browsers have no such encoding: to \
             them \"iso-8859-11\" and \"tis-620\" are windows-874.",
        ],
        _ => &[],
    }
}
