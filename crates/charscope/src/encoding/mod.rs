//! The encoding registry: every encoding charscope knows, its labels, and how labels resolve.
//!
//! The set is every encoding of the WHATWG Encoding Standard (decoded through `encoding_rs`, except
//! UTF-8 and UTF-16, which charscope scans itself to name each malformed sequence), plus UTF-32LE,
//! UTF-32BE and true ISO-8859-1, which browsers do not have, and the encodings beyond WHATWG of
//! `more.rs`: single-byte ones (DOS, Mac, EBCDIC, VISCII, Georgian, 7-bit US-ASCII) decoded from
//! tables that `scripts/gen-single-byte.py` generates into `single_byte_tables.rs`, and CESU-8,
//! UTF-7, real ISO-2022-KR, Johab and EUC-TW (tables from `scripts/gen-multi-byte.py`).
//!
//! Labels resolve as the WHATWG "get an encoding" algorithm does: ASCII whitespace around the label
//! is trimmed and letters compare case-insensitively. Some WHATWG labels do not mean what their
//! name says (`latin1` is windows-1252); [`Encoding::notes`] says so for each encoding concerned,
//! and [`resolve`] gives a note for the label itself, Python's and iconv's names, and the iana
//! mode (`labels.rs`).

mod info;
mod labels;
mod more;
pub(crate) mod multi_byte_tables;
mod single_byte;
mod single_byte_tables;
mod whatwg_table;

pub use info::{EncodingInfo, LabelChange, info};
pub use labels::{
    IanaDifference, LabelMode, Resolved, UnknownLabelMode, aliases_of, for_label, iana_differences,
    resolve,
};
pub(crate) use single_byte::SingleByteTable;

use serde::Serialize;
use std::fmt;

/// Byte order of a 16- or 32-bit code unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Endian {
    /// Most significant byte first.
    Big,
    /// Least significant byte first.
    Little,
}

/// The group an encoding belongs to, as the WHATWG Encoding Standard sorts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Family {
    /// UTF-8, UTF-16 and UTF-32.
    Unicode,
    /// One byte per character.
    SingleByte,
    /// GBK and gb18030.
    ChineseSimplified,
    /// Big5.
    ChineseTraditional,
    /// EUC-JP, ISO-2022-JP, Shift_JIS.
    Japanese,
    /// EUC-KR.
    Korean,
    /// The replacement encoding and x-user-defined.
    Miscellaneous,
}

/// How bytes of an encoding are turned into characters.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Engine {
    Utf8,
    Utf16(Endian),
    Utf32(Endian),
    TrueLatin1,
    Whatwg(&'static encoding_rs::Encoding),
    /// A table-driven single-byte encoding beyond WHATWG (see `more.rs`).
    SingleByte(&'static SingleByteTable),
    /// CESU-8: UTF-8 with supplementary characters as two 3-byte surrogates.
    Cesu8,
    /// UTF-7 (RFC 2152).
    Utf7,
    /// ISO-2022-KR (RFC 1557), decoded for real.
    Iso2022Kr,
    /// Johab (KS X 1001 annex 3), from a generated table.
    Johab,
    /// EUC-TW (CNS 11643 planes 1 and 2), from generated tables.
    EucTw,
}

/// One encoding: a handle with a canonical name, its labels and its family.
///
/// Handles are `&'static Encoding` and compare by identity.
pub struct Encoding {
    pub(crate) name: &'static str,
    pub(crate) labels: &'static [&'static str],
    pub(crate) family: Family,
    pub(crate) engine: Engine,
    pub(crate) in_whatwg: bool,
}

impl Encoding {
    /// The canonical name: the WHATWG name where the standard has the encoding.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Every label that selects this encoding, lower-case.
    pub fn labels(&self) -> &'static [&'static str] {
        self.labels
    }

    /// The group the encoding belongs to.
    pub fn family(&self) -> Family {
        self.family
    }

    /// Whether the WHATWG Encoding Standard (and so every browser) has this encoding.
    pub fn is_whatwg(&self) -> bool {
        self.in_whatwg
    }

    /// Whether the encoding is one of UTF-8, UTF-16BE/LE, UTF-32BE/LE.
    pub fn is_unicode(&self) -> bool {
        matches!(
            self.engine,
            Engine::Utf8 | Engine::Utf16(_) | Engine::Utf32(_)
        )
    }

    /// Whether every character takes exactly one byte.
    pub fn is_single_byte(&self) -> bool {
        matches!(self.engine, Engine::TrueLatin1)
            || self.family == Family::SingleByte
            || std::ptr::eq(self, X_USER_DEFINED)
    }

    /// Whether text can be encoded to this encoding (false only for the replacement encoding).
    pub fn can_encode(&self) -> bool {
        !std::ptr::eq(self, REPLACEMENT)
    }

    /// Whether text can be encoded to this encoding a chunk at a time, as a
    /// [`crate::transcode::Transcoder`] writes it: not to the replacement encoding, nor to UTF-7
    /// and real ISO-2022-KR, whose encoders shift state over the whole text (`encode` writes
    /// them whole).
    pub fn can_encode_stream(&self) -> bool {
        self.can_encode() && !matches!(self.engine, Engine::Utf7 | Engine::Iso2022Kr)
    }

    /// The bytes of this encoding's byte order mark, if it has one.
    pub fn bom(&self) -> Option<&'static [u8]> {
        match self.engine {
            Engine::Utf8 => Some(b"\xEF\xBB\xBF"),
            Engine::Utf16(Endian::Big) => Some(b"\xFE\xFF"),
            Engine::Utf16(Endian::Little) => Some(b"\xFF\xFE"),
            Engine::Utf32(Endian::Big) => Some(b"\x00\x00\xFE\xFF"),
            Engine::Utf32(Endian::Little) => Some(b"\xFF\xFE\x00\x00"),
            _ => None,
        }
    }

    /// Sentences that warn where a label of this encoding means something else than its name,
    /// or where this encoding differs from what other tools call by the same name.
    pub fn notes(&self) -> &'static [&'static str] {
        match self.name {
            "windows-1252" => &[
                "The WHATWG labels \"iso-8859-1\", \"latin1\", \"l1\", \"ascii\", \"us-ascii\" and \
                 \"iso_8859-1:1987\" all mean windows-1252, as in every browser: bytes 80-9F are \
                 typographic characters (80 is \u{20AC}), not C1 controls. For true ISO-8859-1 use \
                 the label \"true-iso-8859-1\" or --labels iana (then \"ascii\" is 7-bit \
                 true-US-ASCII).",
            ],
            "UTF-16LE" => &[
                "The WHATWG label \"utf-16\" means UTF-16LE, \"to deal with deployed content\"; the \
                 Unicode Standard (D98) reads UTF-16 without a byte order mark as big-endian.",
            ],
            "true-ISO-8859-1" => &[
                "True ISO-8859-1: every byte is the code point of the same number, and 80-9F are C1 \
                 control characters. Browsers have no such encoding: to them \"iso-8859-1\" is \
                 windows-1252.",
            ],
            "UTF-32LE" | "UTF-32BE" => &[
                "Not in the WHATWG Encoding Standard: browsers cannot decode UTF-32, and their BOM \
                 sniffing reads FF FE 00 00 as a UTF-16LE byte order mark.",
            ],
            "ISO-8859-8-I" => &[
                "Decodes exactly like ISO-8859-8; the \"-I\" (implicit directionality) only changes \
                 how a browser lays the text out.",
            ],
            "replacement" => &[
                "Not a real encoding: any non-empty input decodes to a single U+FFFD. Browsers use \
                 it for ISO-2022-KR, HZ-GB-2312 and other encodings that were abused to smuggle \
                 markup past filters.",
            ],
            "GBK" => &[
                "Decodes exactly like gb18030; only encoding differs (GBK writes no 4-byte sequences).",
            ],
            "x-user-defined" => &[
                "Bytes 00-7F are ASCII; 80-FF map to U+F780-U+F7FF in the Private Use Area, so any \
                 byte string survives a round trip.",
            ],
            other => more::notes(other),
        }
    }

    pub(crate) fn engine(&self) -> Engine {
        self.engine
    }
}

impl PartialEq for Encoding {
    fn eq(&self, other: &Encoding) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Encoding {}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding({})", self.name)
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl Serialize for Encoding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

static EXTRAS: [Encoding; 3] = [
    Encoding {
        name: "UTF-32LE",
        labels: &["utf-32le", "utf32le", "ucs-4le"],
        family: Family::Unicode,
        engine: Engine::Utf32(Endian::Little),
        in_whatwg: false,
    },
    Encoding {
        name: "UTF-32BE",
        labels: &["ucs-4", "ucs-4be", "utf-32", "utf-32be", "utf32", "utf32be"],
        family: Family::Unicode,
        engine: Engine::Utf32(Endian::Big),
        in_whatwg: false,
    },
    Encoding {
        name: "true-ISO-8859-1",
        labels: &[
            "iso-8859-1-true",
            "latin1-true",
            "true-iso-8859-1",
            "true-latin1",
        ],
        family: Family::SingleByte,
        engine: Engine::TrueLatin1,
        in_whatwg: false,
    },
];

/// UTF-8.
pub static UTF_8: &Encoding = &whatwg_table::WHATWG[0];
/// UTF-16BE.
pub static UTF_16BE: &Encoding = &whatwg_table::WHATWG[whatwg_table::UTF_16BE_INDEX];
/// UTF-16LE (what the WHATWG label "utf-16" means).
pub static UTF_16LE: &Encoding = &whatwg_table::WHATWG[whatwg_table::UTF_16LE_INDEX];
/// windows-1252 (what the WHATWG labels "iso-8859-1", "latin1" and "ascii" mean).
pub static WINDOWS_1252: &Encoding = &whatwg_table::WHATWG[whatwg_table::WINDOWS_1252_INDEX];
/// The replacement encoding: any non-empty input decodes to one U+FFFD.
pub static REPLACEMENT: &Encoding = &whatwg_table::WHATWG[whatwg_table::REPLACEMENT_INDEX];
/// x-user-defined: 80-FF map into the Private Use Area.
pub static X_USER_DEFINED: &Encoding = &whatwg_table::WHATWG[whatwg_table::X_USER_DEFINED_INDEX];
/// UTF-32LE (not in the WHATWG standard).
pub static UTF_32LE: &Encoding = &EXTRAS[0];
/// UTF-32BE (not in the WHATWG standard; what a bare "utf-32" label means, per Unicode D99).
pub static UTF_32BE: &Encoding = &EXTRAS[1];
/// True ISO-8859-1: bytes 80-9F are C1 controls (not in the WHATWG standard). Its name is
/// "true-ISO-8859-1", since the label "iso-8859-1" means windows-1252.
pub static ISO_8859_1: &Encoding = &EXTRAS[2];
/// 7-bit US-ASCII: bytes 80-FF are malformed (not in the WHATWG standard, whose "us-ascii" label
/// means windows-1252). Its name is "true-US-ASCII".
pub static TRUE_US_ASCII: &Encoding = &more::MORE[more::TRUE_US_ASCII_INDEX];

/// Every encoding in the registry: the WHATWG ones in the standard's order, then charscope's own.
pub fn all() -> impl Iterator<Item = &'static Encoding> {
    whatwg_table::WHATWG
        .iter()
        .chain(EXTRAS.iter())
        .chain(more::MORE.iter())
}

/// A label that names no encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownLabel {
    /// The label as given.
    pub label: String,
    /// Up to five known labels closest to it, nearest first.
    pub suggestions: Vec<&'static str>,
}

impl fmt::Display for UnknownLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown encoding label {:?}", self.label)?;
        if !self.suggestions.is_empty() {
            write!(f, "; did you mean {}?", self.suggestions.join(", "))?;
        }
        f.write_str(" (`charscope encodings` lists them all)")
    }
}

impl std::error::Error for UnknownLabel {}

/// Trims ASCII whitespace as the WHATWG algorithm does and lower-cases ASCII letters.
fn normalize_label(label: &str) -> String {
    label
        .trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '))
        .to_ascii_lowercase()
}

/// Resolves a label with the WHATWG rules only, exactly as a browser's TextDecoder would, except
/// that the replacement encoding's labels resolve too (the TextDecoder constructor rejects them).
pub fn for_whatwg_label(label: &str) -> Option<&'static Encoding> {
    let wanted = normalize_label(label);
    whatwg_table::WHATWG
        .iter()
        .find(|enc| enc.labels.contains(&wanted.as_str()))
}

/// The encoding with this canonical name; the name must exist (the tables name them).
pub(crate) fn for_name(name: &str) -> &'static Encoding {
    all()
        .find(|enc| enc.name == name)
        .unwrap_or_else(|| panic!("no encoding is named {name}"))
}

fn nearest_labels(wanted: &str) -> Vec<&'static str> {
    let mut scored: Vec<(f64, &'static str)> = all()
        .flat_map(|enc| enc.labels.iter().copied())
        .map(|label| (strsim::jaro_winkler(wanted, label), label))
        .filter(|(score, _)| *score > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(5).map(|(_, label)| label).collect()
}
