//! The ready examples: every example of the articles the project started from, each with its
//! input, the encoding to read it with and the outcome it must have. `charscope examples NAME`
//! runs one through [`crate::report`]; the test suite checks every one.
//!
//! ```
//! use charscope::examples;
//! let ex = examples::find("table-3-8").unwrap();
//! let run = ex.run().unwrap();
//! assert!(run.mismatches.is_empty());
//! assert_eq!(run.report.replacements, 8);
//! ```

use crate::decode::MalformedKind;
use crate::encoding;
use crate::report::{self, EncodingSource, InspectError, Report};
use crate::{compare, decode::hex_pairs};
use serde::Serialize;
use std::fmt::Write;

/// What an example starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Input {
    /// Bytes, as hex pairs, read with `label` (or as [`crate::report`] chooses when `None`).
    Bytes {
        /// The bytes ("C3 A9").
        hex: &'static str,
        /// The encoding label to decode with.
        label: Option<&'static str>,
    },
    /// Text.
    Text {
        /// The text.
        text: &'static str,
    },
}

/// The lengths an example's text must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpectedLengths {
    /// UTF-8 bytes (Go `len`).
    pub utf8_bytes: usize,
    /// UTF-16 code units (JavaScript `.length`).
    pub utf16_units: usize,
    /// Code points (Python `len`).
    pub code_points: usize,
    /// Extended grapheme clusters.
    pub graphemes: usize,
}

/// The outcome an example must have. Fields left `None` (or empty) are not checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The encoding that decodes (canonical name).
    pub encoding: Option<&'static str>,
    /// Which rule chose it.
    pub encoding_source: Option<EncodingSource>,
    /// The decoded text.
    pub text: Option<&'static str>,
    /// The kind of each malformed sequence, in order (so also how many U+FFFD).
    pub malformed: Option<&'static [MalformedKind]>,
    /// The UTF-8 of the decoded text.
    pub text_utf8: Option<&'static str>,
    /// The UTF-8 bit layout of the first character.
    pub utf8_bits: Option<&'static str>,
    /// The lengths of the text.
    pub lengths: Option<ExpectedLengths>,
    /// Whether the text is in NFC and in NFD.
    pub nfc_nfd: Option<(bool, bool)>,
    /// The UTF-8 of the text's NFD form.
    pub nfd_utf8: Option<&'static str>,
    /// The byte order mark as browsers and as the Unicode Standard read it (encoding names,
    /// `None` for no mark).
    pub bom_readings: Option<(Option<&'static str>, Option<&'static str>)>,
    /// The text encoded: (label, bytes) pairs.
    pub encoded: &'static [(&'static str, &'static str)],
}

impl Expected {
    /// Nothing checked: the base for struct update syntax.
    pub const NOTHING: Expected = Expected {
        encoding: None,
        encoding_source: None,
        text: None,
        malformed: None,
        text_utf8: None,
        utf8_bits: None,
        lengths: None,
        nfc_nfd: None,
        nfd_utf8: None,
        bom_readings: None,
        encoded: &[],
    };
}

/// A ready example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Example {
    /// A short kebab-case name (`table-3-8`).
    pub name: &'static str,
    /// What it is, in a few words, for a menu ("Overlong UTF-8 forms").
    pub title: &'static str,
    /// What it shows, in a sentence or two.
    pub description: &'static str,
    /// Where the example comes from.
    pub source: &'static str,
    /// What to inspect.
    pub input: Input,
    /// The outcome it must have.
    #[serde(skip)]
    pub expected: Expected,
}

/// An example run through [`crate::report`], and where the outcome differs from the expected one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    /// The example's expected outcome, one sentence per fact.
    pub expected: Vec<String>,
    /// Each expected fact that does not hold, with what was found instead; empty when all hold.
    pub mismatches: Vec<String>,
    /// The inspection.
    pub report: Report,
}

/// Parses the hex pairs of an example (they are written by hand, so a bad one is a bug).
fn bytes_of(hex: &str) -> Vec<u8> {
    hex.split_whitespace()
        .map(|pair| u8::from_str_radix(pair, 16).expect("example hex is hex pairs"))
        .collect()
}

impl Example {
    /// Inspects the example's input.
    pub fn report(&self) -> Result<Report, InspectError> {
        match self.input {
            Input::Bytes { hex, label } => report::inspect_bytes(&bytes_of(hex), label),
            Input::Text { text } => Ok(report::inspect_text(text)),
        }
    }

    /// The expected outcome, one sentence per fact.
    pub fn expected(&self) -> Vec<String> {
        let e = &self.expected;
        let mut out = Vec::new();
        if let Some(enc) = e.encoding {
            out.push(format!("decoded as {enc}"));
        }
        if let Some(source) = e.encoding_source {
            out.push(format!("encoding chosen by: {}", source_name(source)));
        }
        if let Some(text) = e.text {
            out.push(format!("text: {}", escape(text)));
        }
        if let Some(kinds) = e.malformed {
            out.push(match kinds.len() {
                0 => "no malformed sequence".to_string(),
                n => format!(
                    "{n} malformed sequence(s), {n} U+FFFD: {}",
                    kind_list(kinds)
                ),
            });
        }
        if let Some(hex) = e.text_utf8 {
            out.push(format!("the text's UTF-8: {hex}"));
        }
        if let Some(bits) = e.utf8_bits {
            out.push(format!("UTF-8 bit layout of the first character: {bits}"));
        }
        if let Some(l) = e.lengths {
            out.push(format!(
                "lengths: {} UTF-8 bytes, {} UTF-16 code units, {} code points, {} grapheme cluster(s)",
                l.utf8_bytes, l.utf16_units, l.code_points, l.graphemes
            ));
        }
        if let Some((nfc, nfd)) = e.nfc_nfd {
            out.push(format!("is NFC: {}, is NFD: {}", yes_no(nfc), yes_no(nfd)));
        }
        if let Some(hex) = e.nfd_utf8 {
            out.push(format!("NFD as UTF-8: {hex}"));
        }
        if let Some((whatwg, unicode)) = e.bom_readings {
            out.push(format!(
                "byte order mark: browsers read {}, the Unicode Standard reads {}",
                whatwg.unwrap_or("none"),
                unicode.unwrap_or("none")
            ));
        }
        for (label, hex) in e.encoded {
            out.push(format!("encoded as {label}: {hex}"));
        }
        out
    }

    /// Runs the example and compares the outcome with the expected one.
    pub fn run(&self) -> Result<Run, InspectError> {
        let report = self.report()?;
        let mismatches = self.mismatches(&report);
        Ok(Run {
            expected: self.expected(),
            mismatches,
            report,
        })
    }

    fn mismatches(&self, r: &Report) -> Vec<String> {
        let mut checks = self.checks_of_text(r);
        checks.extend(self.checks_of_forms(r));
        checks
            .into_iter()
            .filter(|(_, want, got)| want != got)
            .map(|(what, want, got)| format!("{what}: expected {want}, got {got}"))
            .collect()
    }

    /// The checks of what the bytes decode to: the encoding and why, the text, the malformed
    /// sequences, the text's UTF-8 and the first character's bits.
    fn checks_of_text(&self, r: &Report) -> Vec<Check> {
        let e = &self.expected;
        let mut out: Vec<Check> = Vec::new();
        let mut check = |what: &str, want: String, got: String| out.push((what.into(), want, got));
        if let Some(enc) = e.encoding {
            check("encoding", enc.into(), r.encoding.name().into());
        }
        if let Some(source) = e.encoding_source {
            check(
                "encoding source",
                source_name(source).into(),
                source_name(r.encoding_source).into(),
            );
        }
        if let Some(text) = e.text {
            check("text", escape(text), escape(&r.text));
        }
        if let Some(kinds) = e.malformed {
            let got: Vec<MalformedKind> = r.malformed.iter().map(|m| m.kind).collect();
            check("malformed sequences", kind_list(kinds), kind_list(&got));
            check(
                "U+FFFD count",
                kinds.len().to_string(),
                r.replacements.to_string(),
            );
        }
        if let Some(hex) = e.text_utf8 {
            check("the text's UTF-8", hex.into(), hex_pairs(r.text.as_bytes()));
        }
        if let Some(bits) = e.utf8_bits {
            let first = r.units.first().and_then(|u| match &u.what {
                report::UnitWhat::Char(info) => Some(info.utf8_bits.clone()),
                report::UnitWhat::Malformed { .. } => None,
            });
            check("UTF-8 bits", bits.into(), first.unwrap_or_default());
        }
        out
    }

    /// The checks of the text's forms: its lengths, normalization forms, byte order mark
    /// readings and its bytes in other encodings.
    fn checks_of_forms(&self, r: &Report) -> Vec<Check> {
        let e = &self.expected;
        let mut out: Vec<Check> = Vec::new();
        let mut check = |what: &str, want: String, got: String| out.push((what.into(), want, got));
        if let Some(l) = e.lengths {
            let got = r.lengths;
            check(
                "lengths (UTF-8 bytes, UTF-16 units, code points, graphemes)",
                format!(
                    "{} {} {} {}",
                    l.utf8_bytes, l.utf16_units, l.code_points, l.graphemes
                ),
                format!(
                    "{} {} {} {}",
                    got.utf8_bytes, got.utf16_units, got.code_points, got.graphemes
                ),
            );
        }
        if let Some((nfc, nfd)) = e.nfc_nfd {
            let is = &r.normalization.is;
            check(
                "is NFC, is NFD",
                format!("{} {}", yes_no(nfc), yes_no(nfd)),
                format!("{} {}", yes_no(is.nfc), yes_no(is.nfd)),
            );
        }
        if let Some(hex) = e.nfd_utf8 {
            check(
                "NFD as UTF-8",
                hex.into(),
                hex_pairs(
                    crate::text::normalization::normalize(
                        &r.text,
                        crate::text::normalization::Form::Nfd,
                    )
                    .as_bytes(),
                ),
            );
        }
        if let Some((whatwg, unicode)) = e.bom_readings {
            let name = |b: Option<crate::bom::Bom>| b.map_or("none", |b| b.encoding.name());
            let got = r.bom_readings.as_ref().map(|v| v.readings);
            check(
                "byte order mark (browsers, Unicode)",
                format!("{} {}", whatwg.unwrap_or("none"), unicode.unwrap_or("none")),
                got.map_or("no reading (text input)".into(), |g| {
                    format!("{} {}", name(g.whatwg), name(g.unicode))
                }),
            );
        }
        for (label, hex) in e.encoded {
            let got = encoding::for_label(label)
                .map(|enc| compare::encodings(&r.text, [enc]))
                .ok()
                .and_then(|rows| rows.into_iter().next())
                .map_or_else(|| "no encoder".to_string(), |row| row.hex);
            check(&format!("encoded as {label}"), hex.to_string(), got);
        }
        out
    }
}

/// One expected value against the report's: what it is, the value wanted, the value got.
type Check = (String, String, String);

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn source_name(source: EncodingSource) -> &'static str {
    match source {
        EncodingSource::Text => "text input",
        EncodingSource::Bom => "byte order mark",
        EncodingSource::Label => "label",
        EncodingSource::Utf8Valid => "valid UTF-8",
        EncodingSource::Fallback => "fallback",
        EncodingSource::Detected => "detection",
    }
}

fn kind_list(kinds: &[MalformedKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// The text with every character outside printable ASCII as `\u{XXXX}`, so that expected and
/// found texts compare visibly.
fn escape(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        if c.is_ascii_graphic() || c == ' ' {
            out.push(c);
        } else {
            write!(out, "\\u{{{:04X}}}", u32::from(c)).expect("writing to a String");
        }
    }
    out.push('"');
    out
}

/// The example called `name`.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name == name)
}

/// Every example, in the order of the articles.
pub fn all() -> &'static [Example] {
    EXAMPLES
}

use MalformedKind::{
    InvalidByte as Invalid, OutOfRange as Range, Overlong, Surrogate, Truncated,
    UnexpectedContinuation as Stray, UnpairedSurrogate,
};

const fn bytes(hex: &'static str, label: Option<&'static str>) -> Input {
    Input::Bytes { hex, label }
}

const fn text(text: &'static str) -> Input {
    Input::Text { text }
}

const fn lengths(
    utf8_bytes: usize,
    utf16_units: usize,
    code_points: usize,
    graphemes: usize,
) -> Option<ExpectedLengths> {
    Some(ExpectedLengths {
        utf8_bytes,
        utf16_units,
        code_points,
        graphemes,
    })
}

const SEED_BYTES: &str = "Article \"UTF-8, UTF-16 and UTF-32, byte by byte\"";
const SEED_LENGTH: &str =
    "Article \"How UTF-8 and Unicode work: code points, bytes, and why length is three numbers\"";
const SEED_ORIGIN: &str =
    "Article \"The birth of UTF-8: ASCII compatibility, byte counts and UTF-16\"";
const SEED_BOM: &str = "Article \"Using byte order marks\"";
const SEED_UTF8: &str = "Article \"UTF-8 encoding\" (Portuguese)";

static EXAMPLES: &[Example] = &[
    Example {
        name: "table-3-8",
        title: "Overlong UTF-8 forms (Unicode Table 3-8)",
        description: "Overlong forms: every byte of a form longer than needed is replaced on its own: eight U+FFFD, then A.",
        source: "Unicode Standard, chapter 3, Table 3-8 (via the byte-by-byte article)",
        input: bytes("C0 AF E0 80 BF F0 81 82 41", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A"),
            malformed: Some(&[Overlong; 8]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "table-3-9",
        title: "Encoded surrogates (Unicode Table 3-9)",
        description: "Encoded surrogates: UTF-8 may not encode U+D800..U+DFFF; each byte is replaced: eight U+FFFD, then A.",
        source: "Unicode Standard, chapter 3, Table 3-9 (via the byte-by-byte article)",
        input: bytes("ED A0 80 ED BF BF ED AF 41", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A"),
            malformed: Some(&[Surrogate; 8]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "table-3-10",
        title: "Beyond U+10FFFF and stray bytes (Table 3-10)",
        description: "Beyond U+10FFFF, a byte that never appears (FF) and stray continuation bytes: five U+FFFD, A, two U+FFFD, B.",
        source: "Unicode Standard, chapter 3, Table 3-10 (via the byte-by-byte article)",
        input: bytes("F4 91 92 93 FF 41 80 BF 42", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A\u{FFFD}\u{FFFD}B"),
            malformed: Some(&[Range, Range, Range, Range, Invalid, Stray, Stray]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "table-3-11",
        title: "Truncated sequences (Unicode Table 3-11)",
        description: "Truncated sequences: a cut sequence counts once, however many of its bytes arrived: four U+FFFD, then A.",
        source: "Unicode Standard, chapter 3, Table 3-11 (via the byte-by-byte article)",
        input: bytes("E1 80 E2 F0 91 92 F1 BF 41", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A"),
            malformed: Some(&[Truncated; 4]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "dot-dot-slash",
        title: "/../ hidden in overlong dots",
        description: "/../ smuggled past a byte filter: C0 AE is an overlong '.', and a conforming decoder replaces it (two U+FFFD), never reads a dot.",
        source: "RFC 3629 section 10 (via the byte-by-byte article)",
        input: bytes("2F C0 AE 2E 2F", Some("utf-8")),
        expected: Expected {
            text: Some("/\u{FFFD}\u{FFFD}./"),
            malformed: Some(&[Overlong, Overlong]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "solidus-overlong",
        title: "An overlong slash, C0 AF",
        description: "C0 AF, the overlong 2-byte form of '/', a classic filter bypass: two U+FFFD, not a slash.",
        source: SEED_LENGTH,
        input: bytes("C0 AF", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}"),
            malformed: Some(&[Overlong, Overlong]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "e-acute",
        title: "é in UTF-8, bit by bit",
        description: "é, U+00E9: its eleven bits 00011 101001 go into 110xxxxx 10xxxxxx, giving C3 A9.",
        source: SEED_BYTES,
        input: bytes("C3 A9", Some("utf-8")),
        expected: Expected {
            text: Some("é"),
            malformed: Some(&[]),
            utf8_bits: Some("110 00011 10 101001"),
            encoded: &[("utf-16be", "00 E9"), ("utf-32le", "E9 00 00 00")],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "euro",
        title: "The euro sign: three bytes",
        description: "The euro sign, U+20AC, takes three UTF-8 bytes: E2 82 AC.",
        source: SEED_BYTES,
        input: bytes("E2 82 AC", Some("utf-8")),
        expected: Expected {
            text: Some("€"),
            utf8_bits: Some("1110 0010 10 000010 10 101100"),
            encoded: &[("windows-1252", "80")],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "grinning-face-utf8",
        title: "😀 in UTF-8: four bytes",
        description: "U+1F600 GRINNING FACE takes four UTF-8 bytes: F0 9F 98 80.",
        source: SEED_BYTES,
        input: bytes("F0 9F 98 80", Some("utf-8")),
        expected: Expected {
            text: Some("😀"),
            utf8_bits: Some("11110 000 10 011111 10 011000 10 000000"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "grinning-face-utf16",
        title: "😀 in UTF-16: a surrogate pair",
        description: "U+1F600 in UTF-16 is the surrogate pair D83D DE00 (RFC 2781: subtract 0x10000, split twenty bits in two).",
        source: SEED_BYTES,
        input: bytes("D8 3D DE 00", Some("utf-16be")),
        expected: Expected {
            text: Some("😀"),
            malformed: Some(&[]),
            encoded: &[("utf-16le", "3D D8 00 DE")],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "hi-utf16be",
        title: "\"Hi\" in UTF-16BE",
        description: "\"Hi\" in UTF-16BE: every other byte is zero, the zero first.",
        source: SEED_BYTES,
        input: bytes("00 48 00 69", Some("utf-16be")),
        expected: Expected {
            encoding: Some("UTF-16BE"),
            text: Some("Hi"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "hi-utf16le",
        title: "\"Hi\" in UTF-16LE",
        description: "\"Hi\" in UTF-16LE: every other byte is zero, the zero second.",
        source: SEED_BYTES,
        input: bytes("48 00 69 00", Some("utf-16le")),
        expected: Expected {
            encoding: Some("UTF-16LE"),
            text: Some("Hi"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "utf16-label-without-bom",
        title: "The label utf-16 with no byte order mark",
        description: "The label \"utf-16\" without a byte order mark: browsers read little-endian (WHATWG), the Unicode Standard big-endian (D98). charscope follows browsers here and says so: 00 48 00 69 reads as U+4800 U+6900, not \"Hi\".",
        source: SEED_BYTES,
        input: bytes("00 48 00 69", Some("utf-16")),
        expected: Expected {
            encoding: Some("UTF-16LE"),
            encoding_source: Some(EncodingSource::Label),
            text: Some("\u{4800}\u{6900}"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "bom-utf8",
        title: "The UTF-8 byte order mark",
        description: "EF BB BF, U+FEFF in UTF-8: a signature (\"a near-certain indication\" of UTF-8, D95), removed before the text.",
        source: SEED_BOM,
        input: bytes("EF BB BF 48 69", None),
        expected: Expected {
            encoding: Some("UTF-8"),
            encoding_source: Some(EncodingSource::Bom),
            text: Some("Hi"),
            bom_readings: Some((Some("UTF-8"), Some("UTF-8"))),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "bom-utf16be",
        title: "The UTF-16BE byte order mark",
        description: "FE FF: the UTF-16 big-endian byte order mark.",
        source: SEED_BOM,
        input: bytes("FE FF 00 48 00 69", None),
        expected: Expected {
            encoding: Some("UTF-16BE"),
            encoding_source: Some(EncodingSource::Bom),
            text: Some("Hi"),
            bom_readings: Some((Some("UTF-16BE"), Some("UTF-16BE"))),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "bom-utf16le",
        title: "The UTF-16LE byte order mark",
        description: "FF FE: the UTF-16 little-endian byte order mark.",
        source: SEED_BOM,
        input: bytes("FF FE 48 00 69 00", None),
        expected: Expected {
            encoding: Some("UTF-16LE"),
            encoding_source: Some(EncodingSource::Bom),
            text: Some("Hi"),
            bom_readings: Some((Some("UTF-16LE"), Some("UTF-16LE"))),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "bom-utf32le",
        title: "A UTF-32LE mark, read two ways",
        description: "FF FE 00 00: a UTF-32LE mark to the Unicode Standard, but browsers know no UTF-32 and read a UTF-16LE mark followed by U+0000.",
        source: SEED_BOM,
        input: bytes("FF FE 00 00 48 00 00 00 69 00 00 00", None),
        expected: Expected {
            encoding: Some("UTF-32LE"),
            encoding_source: Some(EncodingSource::Bom),
            text: Some("Hi"),
            bom_readings: Some((Some("UTF-16LE"), Some("UTF-32LE"))),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "bom-utf32be",
        title: "A UTF-32BE mark browsers do not see",
        description: "00 00 FE FF: a UTF-32BE mark to the Unicode Standard; browsers see no mark at all.",
        source: SEED_BOM,
        input: bytes("00 00 FE FF 00 00 00 48 00 00 00 69", None),
        expected: Expected {
            encoding: Some("UTF-32BE"),
            encoding_source: Some(EncodingSource::Bom),
            text: Some("Hi"),
            bom_readings: Some((None, Some("UTF-32BE"))),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "json-bom",
        title: "JSON with a byte order mark",
        description: "RFC 8259: JSON implementations MUST NOT add a byte order mark to networked JSON, though a parser may ignore one. EF BB BF then {}: the mark is found and removed.",
        source: SEED_BYTES,
        input: bytes("EF BB BF 7B 7D", None),
        expected: Expected {
            encoding: Some("UTF-8"),
            encoding_source: Some(EncodingSource::Bom),
            text: Some("{}"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "cafe-nfc",
        title: "café, composed (NFC)",
        description: "café composed: four code points, five UTF-8 bytes (63 61 66 C3 A9), four grapheme clusters; its NFD differs.",
        source: SEED_LENGTH,
        input: text("caf\u{E9}"),
        expected: Expected {
            text_utf8: Some("63 61 66 C3 A9"),
            lengths: lengths(5, 4, 4, 4),
            nfc_nfd: Some((true, false)),
            nfd_utf8: Some("63 61 66 65 CC 81"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "cafe-nfd",
        title: "café, decomposed (NFD)",
        description: "café decomposed: e then U+0301 COMBINING ACUTE ACCENT: five code points, six bytes (63 61 66 65 CC 81), still four grapheme clusters.",
        source: SEED_LENGTH,
        input: text("cafe\u{301}"),
        expected: Expected {
            text_utf8: Some("63 61 66 65 CC 81"),
            lengths: lengths(6, 5, 5, 4),
            nfc_nfd: Some((false, true)),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "c-cedilla",
        title: "ç in UTF-8, bit by bit",
        description: "ç, U+00E7 (231, binary 11100111), in UTF-8: 110 00011 10 100111, the bytes C3 A7.",
        source: SEED_UTF8,
        input: text("\u{E7}"),
        expected: Expected {
            text_utf8: Some("C3 A7"),
            utf8_bits: Some("110 00011 10 100111"),
            encoded: &[("iso-8859-1", "E7")],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "c-cedilla-as-latin1",
        title: "ç's UTF-8 read as Latin-1: Ã§",
        description: "The UTF-8 of ç (C3 A7) served as ISO-8859-1: C3 is Ã and A7 is §, so the page shows \"Ã§\" (the label iso-8859-1 means windows-1252, which agrees on these bytes).",
        source: SEED_UTF8,
        input: bytes("C3 A7", Some("iso-8859-1")),
        expected: Expected {
            encoding: Some("windows-1252"),
            text: Some("Ã§"),
            malformed: Some(&[]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "u0080",
        title: "U+0080, the first two-byte character",
        description: "Code point 128, U+0080, the first that needs two bytes: its bits 00010 000000 make C2 80.",
        source: SEED_UTF8,
        input: bytes("C2 80", Some("utf-8")),
        expected: Expected {
            text: Some("\u{80}"),
            utf8_bits: Some("110 00010 10 000000"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "js-lone-surrogate",
        title: "A lone surrogate from JavaScript",
        description: "A JavaScript string may hold a lone surrogate (\"\\uD800\"); as UTF-16 it is malformed, and TextEncoder writes EF BF BD, the UTF-8 of U+FFFD, in its place.",
        source: SEED_BYTES,
        input: bytes("D8 00", Some("utf-16be")),
        expected: Expected {
            text: Some("\u{FFFD}"),
            malformed: Some(&[UnpairedSurrogate]),
            text_utf8: Some("EF BF BD"),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "c0-80",
        title: "C0 80, an overlong NUL",
        description: "C0 80: an overlong form of U+0000 (Java's modified UTF-8 writes NUL so); UTF-8 forbids it.",
        source: SEED_ORIGIN,
        input: bytes("C0 80", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}"),
            malformed: Some(&[Overlong, Overlong]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "ed-a0-80",
        title: "ED A0 80, an encoded surrogate",
        description: "ED A0 80 would be the surrogate U+D800, which is not a scalar value and so not UTF-8.",
        source: SEED_ORIGIN,
        input: bytes("ED A0 80", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}\u{FFFD}"),
            malformed: Some(&[Surrogate; 3]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "f4-90-80-80",
        title: "F4 90 80 80, past U+10FFFF",
        description: "F4 90 80 80 would be U+110000, beyond U+10FFFF where RFC 3629 ends UTF-8.",
        source: SEED_ORIGIN,
        input: bytes("F4 90 80 80", Some("utf-8")),
        expected: Expected {
            text: Some("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            malformed: Some(&[Range; 4]),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "ascii-a-utf16be",
        title: "A in ASCII and in UTF-16BE",
        description: "A is 41 in ASCII and 00 41 in 16-bit big-endian form: the zero byte that stops C string code early.",
        source: SEED_ORIGIN,
        input: text("A"),
        expected: Expected {
            encoded: &[("utf-16be", "00 41"), ("utf-8", "41")],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "japanese-sizes",
        title: "日本語 in three encodings",
        description: "Japanese that Shift_JIS and EUC-JP write in two bytes a character takes three in UTF-8: 日本語 is 6, 6 and 9 bytes.",
        source: SEED_ORIGIN,
        input: text("日本語"),
        expected: Expected {
            lengths: lengths(9, 3, 3, 3),
            encoded: &[
                ("shift_jis", "93 FA 96 7B 8C EA"),
                ("euc-jp", "C6 FC CB DC B8 EC"),
                ("utf-8", "E6 97 A5 E6 9C AC E8 AA 9E"),
            ],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "family-emoji",
        title: "A family emoji: one character, seven code points",
        description: "👨‍👩‍👧‍👦: four people joined by three U+200D ZERO WIDTH JOINER: seven code points, eleven UTF-16 units, 25 UTF-8 bytes, one grapheme cluster.",
        source: SEED_LENGTH,
        input: text("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"),
        expected: Expected {
            lengths: lengths(25, 11, 7, 1),
            ..Expected::NOTHING
        },
    },
    Example {
        name: "grinning-face-lengths",
        title: "😀's length in five languages",
        description: "😀 by language: Python len 1 (code points), JavaScript .length 2 (UTF-16 units), Go len 4 (bytes), Rust s.len() 4 and s.chars().count() 1.",
        source: SEED_LENGTH,
        input: text("😀"),
        expected: Expected {
            lengths: lengths(4, 2, 1, 1),
            text_utf8: Some("F0 9F 98 80"),
            encoded: &[("utf-16be", "D8 3D DE 00")],
            ..Expected::NOTHING
        },
    },
    Example {
        name: "cjk-three-bytes",
        title: "Han characters: three or four bytes",
        description: "Common Han characters take three UTF-8 bytes; supplementary-plane ones (here U+20000) take four.",
        source: SEED_ORIGIN,
        input: text("中\u{20000}"),
        expected: Expected {
            text_utf8: Some("E4 B8 AD F0 A0 80 80"),
            lengths: lengths(7, 3, 2, 2),
            ..Expected::NOTHING
        },
    },
];
