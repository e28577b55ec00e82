//! What a reader cannot see: hidden characters and bidi controls ([`hidden`]), lookalikes and
//! mixed scripts (UTS #39, [`confusable`]), file names ([`names`]) and what a server makes of a
//! URL ([`url`]).
//!
//! Every finding has a stable [`Code`] (kebab-case in JSON), the characters involved with their
//! names, and where it is: path, line and column (1-based, the column in characters) and byte
//! offset. A finding that one of the built-in allowances explains (an emoji ZWJ sequence, a
//! no-break space in prose, a joiner inside an Indic word...) carries that [`Allowance`]; the
//! caller decides whether to show it.
//!
//! ```
//! use charscope::scan::{Code, scan_text};
//! let findings = scan_text("a.js", "if (isAdmin) { \u{202E} } // \u{2067}x");
//! assert_eq!(findings[0].code, Code::BidiControl);
//! assert_eq!(findings[0].column, Some(16));
//! assert!(findings[0].message.contains("never closed"));
//! ```

mod blocks;
mod census;
mod chartable;
pub mod confusable;
mod decoded;
mod fast;
pub mod hidden;
mod listing;
pub mod names;
mod regions;
pub mod sarif;
mod teddy_order;
pub mod text;
mod twins;
pub mod url;
mod words;

use crate::charinfo::{code_point, names::display_name};
use serde::Serialize;
use std::fmt;

pub use decoded::{utf_of, utf_of_bom, utf16_without_bom};
pub use listing::MAX_LISTED_PER_CODE;
pub use names::{NameEntry, scan_names};
pub use text::{
    MAX_LISTED_INVALID_UTF8, ScanOptions, scan_bidi_controls, scan_bidi_controls_with, scan_bytes,
    scan_bytes_with, scan_source, scan_source_bidi_controls, scan_text, scan_text_with,
};

/// What a finding is about. The names are stable: JSON, SARIF rule ids and `--allow` use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Code {
    /// An embedding, override or isolate control (U+202A..U+202E, U+2066..U+2069).
    BidiControl,
    /// A zero-width or other default-ignorable character outside the places it belongs.
    Invisible,
    /// U+FEFF anywhere but at the very start.
    BomNotAtStart,
    /// A C0 control other than tab, line feed and carriage return; DEL; a C1 control.
    Control,
    /// One of the 66 noncharacters.
    Noncharacter,
    /// A private-use character.
    PrivateUse,
    /// A tag character (U+E0000..U+E007F) outside an emoji tag sequence.
    Tag,
    /// A word that looks like another word of the same text (same UTS #39 skeleton), or a
    /// space that is not U+0020.
    Confusable,
    /// A word that mixes scripts (UTS #39 mixed-script detection).
    MixedScript,
    /// Bytes that are not UTF-8.
    InvalidUtf8,
    /// Bytes that are not UTF-16, in a text its byte order mark says is UTF-16.
    InvalidUtf16,
    /// Bytes that are not UTF-32, in a text its byte order mark says is UTF-32.
    InvalidUtf32,
    /// A line that is not in Normalization Form C.
    NotNfc,
    /// A file name that is not UTF-8.
    NameInvalidUtf8,
    /// Two names in one directory that are canonically equivalent (NFC and NFD).
    NameNormalizationCollision,
    /// Two names in one directory with the same UTS #39 skeleton.
    NameConfusable,
}

impl Code {
    /// Every code, in the order of the list above.
    pub const ALL: [Code; 16] = [
        Code::BidiControl,
        Code::Invisible,
        Code::BomNotAtStart,
        Code::Control,
        Code::Noncharacter,
        Code::PrivateUse,
        Code::Tag,
        Code::Confusable,
        Code::MixedScript,
        Code::InvalidUtf8,
        Code::InvalidUtf16,
        Code::InvalidUtf32,
        Code::NotNfc,
        Code::NameInvalidUtf8,
        Code::NameNormalizationCollision,
        Code::NameConfusable,
    ];

    /// The stable name ("bidi-control").
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BidiControl => "bidi-control",
            Code::Invisible => "invisible",
            Code::BomNotAtStart => "bom-not-at-start",
            Code::Control => "control",
            Code::Noncharacter => "noncharacter",
            Code::PrivateUse => "private-use",
            Code::Tag => "tag",
            Code::Confusable => "confusable",
            Code::MixedScript => "mixed-script",
            Code::InvalidUtf8 => "invalid-utf8",
            Code::InvalidUtf16 => "invalid-utf16",
            Code::InvalidUtf32 => "invalid-utf32",
            Code::NotNfc => "not-nfc",
            Code::NameInvalidUtf8 => "name-invalid-utf8",
            Code::NameNormalizationCollision => "name-normalization-collision",
            Code::NameConfusable => "name-confusable",
        }
    }

    /// One sentence on what the code means and why it matters (SARIF rule descriptions).
    pub fn description(self) -> &'static str {
        match self {
            Code::BidiControl => {
                "A bidirectional embedding, override or isolate control reorders how text is \
                 shown: code can read differently from how it runs (Trojan Source, CVE-2021-42574)."
            }
            Code::Invisible => {
                "A zero-width or default-ignorable character is drawn as nothing: two strings that \
                 look the same differ in bytes."
            }
            Code::BomNotAtStart => {
                "U+FEFF in the middle of a text is an invisible leftover of a byte order mark, \
                 usually from joining files."
            }
            Code::Control => {
                "A control character (other than tab, line feed and carriage return) can act on a \
                 terminal or a parser instead of being shown."
            }
            Code::Noncharacter => {
                "A noncharacter is reserved for a program's internal use and should not be \
                 interchanged."
            }
            Code::PrivateUse => {
                "A private-use character means something only by private agreement; fonts draw \
                 it differently or not at all."
            }
            Code::Tag => "A tag character is invisible outside an emoji tag sequence.",
            Code::Confusable => {
                "A word that looks like another one (same UTS #39 skeleton) but differs in \
                 characters: a homoglyph."
            }
            Code::MixedScript => {
                "A word that mixes scripts (UTS #39), as a homoglyph identifier does."
            }
            Code::InvalidUtf8 => "Bytes that are not well-formed UTF-8.",
            Code::InvalidUtf16 => {
                "Bytes that are not well-formed UTF-16 (an unpaired surrogate, an odd trailing \
                 byte), in a text whose byte order mark says UTF-16."
            }
            Code::InvalidUtf32 => {
                "Bytes that are not well-formed UTF-32 (a surrogate, a value beyond U+10FFFF, \
                 trailing bytes), in a text whose byte order mark says UTF-32."
            }
            Code::NotNfc => {
                "Text not in Normalization Form C: it looks like its NFC form but differs in bytes."
            }
            Code::NameInvalidUtf8 => {
                "A file name that is not UTF-8 shows differently in every tool."
            }
            Code::NameNormalizationCollision => {
                "Two file names in one directory that are canonically equivalent: they look the \
                 same, and a file system that normalizes names sees one file."
            }
            Code::NameConfusable => {
                "Two file names in one directory that look alike (same UTS #39 skeleton)."
            }
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a code.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownCode(pub String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a finding code (the codes: ", self.0)?;
        for (i, code) in Code::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(code.as_str())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownCode {}

impl std::str::FromStr for Code {
    type Err = UnknownCode;

    fn from_str(s: &str) -> Result<Code, UnknownCode> {
        Code::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownCode(s.to_string()))
    }
}

/// A built-in allowance: a place where a character that is usually a finding belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Allowance {
    /// ZWJ between emoji, VS15/VS16 after an emoji, tags in an emoji tag sequence.
    EmojiSequence,
    /// ZWJ or ZWNJ inside a word of a script that uses joiners (Arabic, Persian, Indic).
    JoinerInWord,
    /// One variation selector after a base character (a variation sequence).
    VariationSequence,
    /// LRM, RLM and ALM: directional marks that reorder nothing on their own.
    BidiMark,
    /// A no-break or typographic space in prose, or a braille blank between braille cells.
    ProseSpace,
    /// A soft hyphen inside a word.
    SoftHyphen,
    /// A line that is not NFC only because of a composition exclusion (Devanagari letters with
    /// nukta written precomposed): NFC decomposes them, and the text is otherwise normalized.
    CompositionExclusion,
    /// An ESC that starts an escape sequence of ISO-2022-JP, -KR or -CN (`ESC $ B`, `ESC ( B`...):
    /// the text is in that 7-bit encoding, whose escapes switch character sets.
    Iso2022Escape,
}

impl Allowance {
    /// The stable name ("emoji-sequence").
    pub fn as_str(self) -> &'static str {
        match self {
            Allowance::EmojiSequence => "emoji-sequence",
            Allowance::JoinerInWord => "joiner-in-word",
            Allowance::VariationSequence => "variation-sequence",
            Allowance::BidiMark => "bidi-mark",
            Allowance::ProseSpace => "prose-space",
            Allowance::SoftHyphen => "soft-hyphen",
            Allowance::CompositionExclusion => "composition-exclusion",
            Allowance::Iso2022Escape => "iso-2022-escape",
        }
    }
}

/// A character of a finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundChar {
    /// The character itself.
    #[serde(rename = "char")]
    pub ch: char,
    /// `U+202E`.
    pub code_point: String,
    /// Its name ("RIGHT-TO-LEFT OVERRIDE"), or its label (`<control-001B>`).
    pub name: String,
}

impl FoundChar {
    /// The character with its code point and name (from [`crate::charinfo`]).
    pub fn of(c: char) -> FoundChar {
        let name = crate::charinfo::names::control_alias(c)
            .map(str::to_string)
            .unwrap_or_else(|| display_name(c));
        FoundChar {
            ch: c,
            code_point: code_point(c),
            name,
        }
    }

    /// "U+202E RIGHT-TO-LEFT OVERRIDE".
    pub fn label(&self) -> String {
        format!("{} {}", self.code_point, self.name)
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The file (or `<stdin>`, `<input>`) the finding is in; for a file-name finding, the path
    /// whose name it is about (bytes that are not UTF-8 written as `\xNN`).
    pub path: String,
    /// The line, 1-based; null for a file-name finding.
    pub line: Option<u64>,
    /// The column in characters, 1-based; null for a file-name finding.
    pub column: Option<u64>,
    /// The byte offset from the start of the file; null for a file-name finding.
    pub offset: Option<u64>,
    /// What it is.
    pub code: Code,
    /// The characters involved (for a word, its characters that are not ASCII; for malformed
    /// bytes, none).
    pub chars: Vec<FoundChar>,
    /// One sentence for people.
    pub message: String,
    /// The built-in allowance that explains the finding, if any (absent when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_by: Option<Allowance>,
}

/// Whether the finding is left once the built-in allowances are applied.
pub fn is_reported(finding: &Finding) -> bool {
    finding.allowed_by.is_none()
}

/// The scan of one input as the page shows it: the findings left once the built-in allowances
/// are applied, how many those explained, and the URL layers when the input looks like a URL or
/// a path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InputScan {
    /// Every finding no built-in allowance explains, in offset order (the objects that
    /// `scan --json` writes one a line).
    pub findings: Vec<Finding>,
    /// How many findings the built-in allowances explain.
    pub allowed: usize,
    /// What `url --json` says of the input, when it looks like a URL or a path.
    pub url: Option<url::UrlReport>,
}

/// Scans `text` named `path` (findings of the text, and its URL layers when it looks like one).
///
/// ```
/// let s = charscope::scan::scan_input("<input>", "/%c0%ae%c0%ae/");
/// assert!(s.findings.is_empty());
/// assert!(s.url.is_some());
/// ```
pub fn scan_input(path: &str, text: &str) -> InputScan {
    let all = scan_text(path, text);
    let total = all.len();
    let findings: Vec<Finding> = all.into_iter().filter(is_reported).collect();
    InputScan {
        allowed: total - findings.len(),
        findings,
        url: url::lens(text),
    }
}

/// Scans bytes read as UTF-8 (invalid sequences are findings); no URL layers.
pub fn scan_input_bytes(path: &str, bytes: &[u8]) -> InputScan {
    let all = scan_bytes(path, bytes);
    let total = all.len();
    let findings: Vec<Finding> = all.into_iter().filter(is_reported).collect();
    InputScan {
        allowed: total - findings.len(),
        findings,
        url: None,
    }
}
