//! Labels users type and what they mean, in two modes.
//!
//! - [`LabelMode::Whatwg`] (the default): a WHATWG label means what it means in browsers
//!   (`latin1` and `ascii` are windows-1252, `iso-2022-kr` is the replacement encoding).
//! - [`LabelMode::Iana`]: the meanings iconv and Python users expect for the labels where WHATWG
//!   differs (`ascii` is 7-bit US-ASCII, `latin1` is true ISO-8859-1); [`iana_differences`]
//!   lists every one.
//!
//! Beyond the registry's labels, Python's codec names (`latin_1`, `cp932`, `utf-8-sig`...) and
//! iconv's names resolve, compared as Python compares them (`-`, `_` and spaces alike). Whenever a
//! label means something its name might not suggest, [`Resolved::note`] says so in one sentence.

use super::{Encoding, UnknownLabel, all, for_name, normalize_label};
use serde::Serialize;
use std::fmt;

/// Resolves a label with the default (WHATWG) meanings, without the note: see [`resolve`]. An
/// unknown label is an error listing the nearest known labels.
///
/// ```
/// use charscope::encoding;
/// assert_eq!(encoding::for_label(" Latin1 ").unwrap().name(), "windows-1252");
/// assert_eq!(encoding::for_label("utf-32le").unwrap().name(), "UTF-32LE");
/// let err = encoding::for_label("utf-9").unwrap_err();
/// assert!(err.suggestions.contains(&"utf-8"));
/// ```
pub fn for_label(label: &str) -> Result<&'static Encoding, UnknownLabel> {
    resolve(label, LabelMode::Whatwg).map(|r| r.encoding)
}

/// Which meanings labels have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LabelMode {
    /// The WHATWG Encoding Standard's meanings, as in browsers.
    #[default]
    Whatwg,
    /// iconv's meanings where WHATWG differs (see [`iana_differences`]).
    Iana,
}

impl LabelMode {
    /// "whatwg" or "iana".
    pub fn as_str(self) -> &'static str {
        match self {
            LabelMode::Whatwg => "whatwg",
            LabelMode::Iana => "iana",
        }
    }
}

impl fmt::Display for LabelMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A mode name other than "whatwg" or "iana".
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownLabelMode(pub String);

impl fmt::Display for UnknownLabelMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown label mode {:?} (expected \"whatwg\" or \"iana\")",
            self.0
        )
    }
}

impl std::error::Error for UnknownLabelMode {}

impl std::str::FromStr for LabelMode {
    type Err = UnknownLabelMode;

    fn from_str(s: &str) -> Result<LabelMode, UnknownLabelMode> {
        match normalize_label(s).as_str() {
            "whatwg" => Ok(LabelMode::Whatwg),
            "iana" => Ok(LabelMode::Iana),
            _ => Err(UnknownLabelMode(s.to_string())),
        }
    }
}

/// What a label resolved to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Resolved {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// A sentence when the label means something its name might not suggest.
    pub note: Option<String>,
}

/// A label whose meaning `--labels iana` changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct IanaDifference {
    /// The label.
    pub label: &'static str,
    /// What it means by default (WHATWG).
    pub whatwg: &'static Encoding,
    /// What it means under `--labels iana`.
    pub iana: &'static Encoding,
}

/// Labels that mean another encoding under `--labels iana`: iconv's meaning (GNU libc 2.36).
const IANA: &[(&[&str], &str)] = &[
    (&["ansi_x3.4-1968", "ascii", "us-ascii"], "true-US-ASCII"),
    (
        &[
            "cp819",
            "csisolatin1",
            "ibm819",
            "iso-8859-1",
            "iso-ir-100",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "l1",
            "latin1",
        ],
        "true-ISO-8859-1",
    ),
    (
        &[
            "csisolatin5",
            "iso-8859-9",
            "iso-ir-148",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "l5",
            "latin5",
        ],
        "true-ISO-8859-9",
    ),
    (
        &["iso-8859-11", "iso8859-11", "iso885911", "tis-620"],
        "true-ISO-8859-11",
    ),
    (&["csiso2022kr", "iso-2022-kr"], "true-ISO-2022-KR"),
];

/// Notes on registry labels (WHATWG's among them), by label; `{}` stands for the label typed.
const LABEL_NOTES: &[(&[&str], &str)] = &[
    (
        &[
            "cp819",
            "csisolatin1",
            "ibm819",
            "iso-8859-1",
            "iso-ir-100",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "l1",
            "latin1",
        ],
        "the WHATWG label \"{}\" means windows-1252, as in browsers: bytes 80-9F are typographic \
         characters (80 is \u{20AC}), not C1 controls; for true ISO-8859-1 use --labels iana or \
         the label true-iso-8859-1",
    ),
    (
        &["ansi_x3.4-1968", "ascii", "us-ascii"],
        "the WHATWG label \"{}\" means windows-1252, as in browsers: bytes 80-FF are read and \
         written as windows-1252 instead of being malformed; for 7-bit US-ASCII use --labels iana \
         or the label true-us-ascii",
    ),
    (
        &[
            "csisolatin5",
            "iso-8859-9",
            "iso-ir-148",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "l5",
            "latin5",
        ],
        "the WHATWG label \"{}\" means windows-1254, as in browsers: bytes 80-9F are typographic \
         characters, not C1 controls; for true ISO-8859-9 use --labels iana or the label \
         true-iso-8859-9",
    ),
    (
        &["iso-8859-11", "iso8859-11", "iso885911", "tis-620"],
        "the WHATWG label \"{}\" means windows-874, as in browsers: bytes 80-9F are typographic \
         characters, not C1 controls; for true ISO-8859-11 use --labels iana or the label \
         true-iso-8859-11",
    ),
    (
        &[
            "csiso2022kr",
            "hz-gb-2312",
            "iso-2022-cn",
            "iso-2022-cn-ext",
            "iso-2022-kr",
        ],
        "the WHATWG label \"{}\" means the replacement encoding, as in browsers: any non-empty \
         input decodes to a single U+FFFD; for real ISO-2022-KR use --labels iana or the label \
         true-iso-2022-kr",
    ),
    (
        &[
            "chinese",
            "csgb2312",
            "csiso58gb231280",
            "gb2312",
            "gb_2312",
            "gb_2312-80",
            "iso-ir-58",
        ],
        "the WHATWG label \"{}\" means GBK, a superset of GB 2312 (valid GB 2312 decodes the same)",
    ),
    (
        &[
            "csshiftjis",
            "ms_kanji",
            "shift-jis",
            "shift_jis",
            "sjis",
            "x-sjis",
        ],
        "WHATWG's Shift_JIS, which \"{}\" means, is Microsoft's Windows-31J (cp932): a superset \
         of JIS X 0208 Shift_JIS with the NEC and IBM extensions",
    ),
];

/// Python's codec names and iconv's names that are not registry labels: (name, encoding, note).
/// Compared as Python compares codec names: `-`, `_` and spaces are alike.
const ALIASES: &[(&str, &str, Option<&str>)] = &[
    // Python's latin_1 and its aliases that WHATWG does not have.
    ("8859", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("iso8859", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("iso8859_1", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("iso_8859_1", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("iso_8859_1_1987", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("iso_ir_100", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("latin", "true-ISO-8859-1", Some(PY_LATIN1)),
    ("latin_1", "true-ISO-8859-1", Some(PY_LATIN1)),
    // Python's and iconv's ASCII.
    ("646", "true-US-ASCII", Some(PY_ASCII)),
    ("ansi_x3.4_1968", "true-US-ASCII", Some(PY_ASCII)),
    ("ansi_x3_4_1968", "true-US-ASCII", Some(PY_ASCII)),
    ("ansi_x3.4_1986", "true-US-ASCII", Some(PY_ASCII)),
    ("cp367", "true-US-ASCII", Some(PY_ASCII)),
    ("csascii", "true-US-ASCII", Some(PY_ASCII)),
    ("ibm367", "true-US-ASCII", Some(PY_ASCII)),
    ("iso646_us", "true-US-ASCII", Some(PY_ASCII)),
    ("iso_646.irv_1991", "true-US-ASCII", Some(PY_ASCII)),
    ("iso_646.irv:1991", "true-US-ASCII", Some(PY_ASCII)),
    ("iso_ir_6", "true-US-ASCII", Some(PY_ASCII)),
    ("us", "true-US-ASCII", Some(PY_ASCII)),
    ("us_ascii", "true-US-ASCII", Some(PY_ASCII)),
    // Python's iso8859_9, iso8859_11 and tis_620.
    ("iso8859_9", "true-ISO-8859-9", Some(PY_LATIN5)),
    ("iso_8859_9", "true-ISO-8859-9", Some(PY_LATIN5)),
    ("iso_8859_9_1989", "true-ISO-8859-9", Some(PY_LATIN5)),
    ("iso_ir_148", "true-ISO-8859-9", Some(PY_LATIN5)),
    ("iso8859_11", "true-ISO-8859-11", Some(PY_THAI)),
    ("iso_8859_11", "true-ISO-8859-11", Some(PY_THAI)),
    ("iso_8859_11_2001", "true-ISO-8859-11", Some(PY_THAI)),
    ("thai", "true-ISO-8859-11", Some(PY_THAI)),
    ("tis_620", "true-ISO-8859-11", Some(PY_TIS)),
    ("tis620", "true-ISO-8859-11", Some(PY_TIS)),
    ("tis_620_0", "true-ISO-8859-11", Some(PY_TIS)),
    ("tis_620_2529_0", "true-ISO-8859-11", Some(PY_TIS)),
    ("tis_620_2529_1", "true-ISO-8859-11", Some(PY_TIS)),
    ("iso_ir_166", "true-ISO-8859-11", Some(PY_TIS)),
    // Unicode.
    (
        "utf_8_sig",
        "UTF-8",
        Some(
            "Python's \"{}\" is UTF-8 with a byte order mark: charscope strips a leading mark when \
         decoding (see --bom) and writes one when encoding only with --bom",
        ),
    ),
    ("u8", "UTF-8", None),
    ("utf", "UTF-8", None),
    ("utf8_ucs2", "UTF-8", None),
    ("utf8_ucs4", "UTF-8", None),
    ("cp65001", "UTF-8", None),
    // Family names: the decoders say which byte order they took, per input.
    ("u16", "UTF-16LE", None),
    ("u32", "UTF-32BE", None),
    ("u7", "UTF-7", None),
    ("iso2022_kr", "true-ISO-2022-KR", Some(PY_KR)),
    ("iso2022kr", "true-ISO-2022-KR", Some(PY_KR)),
    ("iso_2022_kr", "true-ISO-2022-KR", Some(PY_KR)),
    ("utf_32", "UTF-32BE", None),
    // Japanese.
    ("cp932", "Shift_JIS", Some(CP932)),
    ("932", "Shift_JIS", Some(CP932)),
    ("mskanji", "Shift_JIS", Some(CP932)),
    ("s_jis", "Shift_JIS", None),
    ("shiftjis", "Shift_JIS", None),
    ("ujis", "EUC-JP", None),
    ("u_jis", "EUC-JP", None),
    // Korean.
    ("cp949", "EUC-KR", Some(CP949)),
    ("949", "EUC-KR", Some(CP949)),
    ("ms949", "EUC-KR", Some(CP949)),
    ("uhc", "EUC-KR", Some(CP949)),
    ("euc_kr", "EUC-KR", Some(EUC_KR)),
    ("ks_c_5601", "EUC-KR", Some(EUC_KR)),
    ("ks_x_1001", "EUC-KR", Some(EUC_KR)),
    ("ksx1001", "EUC-KR", Some(EUC_KR)),
    // Chinese.
    ("cp936", "GBK", None),
    ("936", "GBK", None),
    ("ms936", "GBK", None),
    ("euc_cn", "GBK", Some(GB2312)),
    ("euccn", "GBK", Some(GB2312)),
    ("eucgb2312_cn", "GBK", Some(GB2312)),
    ("gb2312_1980", "GBK", Some(GB2312)),
    ("gb2312_80", "GBK", Some(GB2312)),
    ("gb18030_2000", "gb18030", None),
    ("big5_tw", "Big5", None),
    (
        "big5hkscs",
        "Big5",
        Some("\"{}\" is decoded as WHATWG Big5, which includes the HKSCS extensions"),
    ),
    (
        "big5_hkscs",
        "Big5",
        Some("\"{}\" is decoded as WHATWG Big5, which includes the HKSCS extensions"),
    ),
    (
        "hkscs",
        "Big5",
        Some("\"{}\" is decoded as WHATWG Big5, which includes the HKSCS extensions"),
    ),
    ("cp950", "Big5", Some(CP950)),
    ("950", "Big5", Some(CP950)),
    ("ms950", "Big5", Some(CP950)),
    // Cyrillic, Mac, Thai, the other Latin parts.
    ("mac_cyrillic", "x-mac-cyrillic", None),
    ("maccyrillic", "x-mac-cyrillic", None),
    ("mac_roman", "macintosh", None),
    ("macroman", "macintosh", None),
    ("cp874", "windows-874", None),
    ("latin7", "ISO-8859-13", None),
    ("l7", "ISO-8859-13", None),
    ("latin8", "ISO-8859-14", None),
    ("l8", "ISO-8859-14", None),
    ("iso_celtic", "ISO-8859-14", None),
    ("latin9", "ISO-8859-15", None),
    ("latin10", "ISO-8859-16", None),
    ("l10", "ISO-8859-16", None),
    ("iso_8859_10_1992", "ISO-8859-10", None),
    ("iso_8859_14_1998", "ISO-8859-14", None),
    ("iso_ir_199", "ISO-8859-14", None),
    ("iso_8859_16_2001", "ISO-8859-16", None),
    ("iso_ir_226", "ISO-8859-16", None),
    ("latin-9", "ISO-8859-15", None),
    ("1250", "windows-1250", None),
    ("1251", "windows-1251", None),
    ("1252", "windows-1252", None),
    ("1253", "windows-1253", None),
    ("1254", "windows-1254", None),
    ("1255", "windows-1255", None),
    ("1256", "windows-1256", None),
    ("1257", "windows-1257", None),
    ("1258", "windows-1258", None),
    ("ibm039", "IBM037", None),
    ("cpibm861", "IBM861", None),
    ("unicodebigunmarked", "UTF-16BE", None),
    ("unicodelittleunmarked", "UTF-16LE", None),
    // iconv's (GNU libc 2.36 `iconv -l`) Microsoft names.
    ("ms-ansi", "windows-1252", None),
    ("ms-ee", "windows-1250", None),
    ("ms-cyrl", "windows-1251", None),
    ("ms-greek", "windows-1253", None),
    ("ms-turk", "windows-1254", None),
    ("ms-hebr", "windows-1255", None),
    ("ms-arab", "windows-1256", None),
    ("ms-mac-cyrillic", "x-mac-cyrillic", None),
    ("msmaccyrillic", "x-mac-cyrillic", None),
    ("macukrainian", "x-mac-cyrillic", None),
    ("windows-936", "GBK", None),
    ("mscp949", "EUC-KR", Some(CP949)),
    ("mscp1361", "Johab", None),
    ("sjis-win", "Shift_JIS", Some(CP932)),
    ("sjis-open", "Shift_JIS", Some(CP932)),
    ("ucs-2be", "UTF-16BE", Some(UCS2)),
    ("ucs-2le", "UTF-16LE", Some(UCS2)),
    ("tis620-0", "true-ISO-8859-11", Some(PY_TIS)),
    ("tis620.2529-1", "true-ISO-8859-11", Some(PY_TIS)),
    ("tis620.2533-0", "true-ISO-8859-11", Some(PY_TIS)),
];

const UCS2: &str = "\"{}\" (UCS-2, without surrogates) is read as UTF-16, which differs only in \
                    reading surrogate pairs as the characters beyond U+FFFF";

const PY_LATIN1: &str = "\"{}\" means true ISO-8859-1, as in Python and iconv (80-9F are C1 \
                         controls); the WHATWG label \"latin1\" would mean windows-1252";
const PY_ASCII: &str = "\"{}\" means 7-bit US-ASCII, as in Python and iconv (80-FF are \
                        malformed); the WHATWG label \"us-ascii\" would mean windows-1252";
const PY_LATIN5: &str = "\"{}\" means true ISO-8859-9, as in Python and iconv (80-9F are C1 \
                         controls); the WHATWG label \"iso-8859-9\" would mean windows-1254";
const PY_THAI: &str = "\"{}\" means true ISO-8859-11, as in Python and iconv (80-9F are C1 \
                       controls); the WHATWG label \"iso-8859-11\" would mean windows-874";
const PY_TIS: &str = "\"{}\" is read as true ISO-8859-11, which TIS-620 equals except that \
                      ISO-8859-11 maps A0 to a no-break space (Python's tis_620 leaves it \
                      unmapped); the WHATWG label \"tis-620\" would mean windows-874";
const PY_KR: &str = "\"{}\" is read as real ISO-2022-KR, as in Python and iconv; the WHATWG \
                     label \"iso-2022-kr\" would mean the replacement encoding";
const CP932: &str = "\"{}\" (Windows-31J) is what WHATWG calls Shift_JIS";
const CP949: &str = "\"{}\" (Unified Hangul Code) is what WHATWG calls EUC-KR: a superset of \
                     EUC-KR with 8,822 more Hangul syllables";
const EUC_KR: &str = "\"{}\" is read as WHATWG EUC-KR, which is cp949 (Unified Hangul Code): \
                      a superset of EUC-KR (valid EUC-KR decodes the same)";
const GB2312: &str = "\"{}\" is read as GBK, a superset of GB 2312 (valid GB 2312 decodes the \
                      same)";
const CP950: &str = "\"{}\" is read as WHATWG Big5 (Big5 with the HKSCS extensions), which \
                     agrees with cp950 on Big5 proper but not on every one of Microsoft's \
                     additions";

/// Python's comparison of codec names: lower case, with `-` and spaces as `_`.
fn python_form(label: &str) -> String {
    label
        .chars()
        .map(|c| match c {
            '-' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// A last resort: the label without its `-`, `_`, `.`, `:` and spaces (`UTF_8`, `koi8_r`,
/// `ISO8859_2`). Empty (matching nothing) when the label has any other character, so that a
/// NUL or a no-break space never sneaks a label through.
fn folded(label: &str) -> String {
    if !label
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_.: ".contains(c))
    {
        return String::new();
    }
    label
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn note_for(label: &str, template: &str) -> String {
    template.replace("{}", label)
}

fn registry_note(label: &str, typed: &str) -> Option<String> {
    LABEL_NOTES
        .iter()
        .find(|(labels, _)| labels.contains(&label))
        .map(|(_, note)| note_for(typed, note))
}

/// Resolves a label in the given mode; the note says when the label means something its name
/// might not suggest. Order: under [`LabelMode::Iana`] its differences first; then the
/// registry's labels (WHATWG's first); then Python's and iconv's names; then canonical names;
/// then the label with its punctuation ignored.
///
/// ```
/// use charscope::encoding::{self, LabelMode};
/// let latin1 = encoding::resolve("latin1", LabelMode::Whatwg).unwrap();
/// assert_eq!(latin1.encoding.name(), "windows-1252");
/// assert!(latin1.note.unwrap().contains("windows-1252"));
/// let iana = encoding::resolve("latin1", LabelMode::Iana).unwrap();
/// assert_eq!(iana.encoding, encoding::ISO_8859_1);
/// let cp949 = encoding::resolve("cp949", LabelMode::Whatwg).unwrap();
/// assert_eq!(cp949.encoding.name(), "EUC-KR");
/// ```
pub fn resolve(label: &str, mode: LabelMode) -> Result<Resolved, UnknownLabel> {
    let wanted = normalize_label(label);
    let typed = wanted.as_str();
    if mode == LabelMode::Iana
        && let Some((_, name)) = IANA.iter().find(|(labels, _)| labels.contains(&typed))
    {
        return Ok(Resolved {
            encoding: for_name(name),
            note: None,
        });
    }
    if let Some(enc) = all().find(|enc| enc.labels.contains(&typed)) {
        return Ok(Resolved {
            encoding: enc,
            note: registry_note(typed, typed),
        });
    }
    let python = python_form(typed);
    if let Some((_, name, note)) = ALIASES.iter().find(|(a, _, _)| python_form(a) == python) {
        return Ok(Resolved {
            encoding: for_name(name),
            note: note.map(|n| note_for(typed, n)),
        });
    }
    if let Some(enc) = all().find(|enc| enc.name.eq_ignore_ascii_case(typed)) {
        return Ok(Resolved {
            encoding: enc,
            note: None,
        });
    }
    let key = folded(typed);
    if !key.is_empty()
        && let Some((enc, label)) = all()
            .flat_map(|enc| enc.labels.iter().map(move |l| (enc, *l)))
            .find(|(_, l)| folded(l) == key)
    {
        return Ok(Resolved {
            encoding: enc,
            note: registry_note(label, typed),
        });
    }
    Err(UnknownLabel {
        label: label.to_string(),
        suggestions: super::nearest_labels(typed),
    })
}

/// Every label `--labels iana` gives another meaning, with both meanings.
pub fn iana_differences() -> Vec<IanaDifference> {
    IANA.iter()
        .flat_map(|(labels, name)| {
            labels.iter().map(move |label| IanaDifference {
                label,
                whatwg: super::for_whatwg_label(label).expect("IANA rows override WHATWG labels"),
                iana: for_name(name),
            })
        })
        .collect()
}

/// Python's and iconv's names that select `encoding` without being registry labels.
pub fn aliases_of(encoding: &Encoding) -> Vec<&'static str> {
    ALIASES
        .iter()
        .filter(|(_, name, _)| *name == encoding.name)
        .map(|(alias, _, _)| *alias)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alias_names_a_registry_encoding_and_is_no_registry_label() {
        for (alias, name, _) in ALIASES {
            let _ = for_name(name);
            let label = normalize_label(alias);
            assert!(
                !all().any(|e| e.labels.contains(&label.as_str())),
                "{alias} is a registry label"
            );
        }
        for (labels, name) in IANA {
            let _ = for_name(name);
            for label in *labels {
                assert!(super::super::for_whatwg_label(label).is_some(), "{label}");
            }
        }
    }

    #[test]
    fn punctuation_never_joins_two_encodings() {
        let mut seen = std::collections::HashMap::new();
        for enc in all() {
            for label in enc.labels {
                if let Some(other) = seen.insert(folded(label), enc) {
                    assert_eq!(other, enc, "{label} folds onto {other}'s label");
                }
            }
        }
    }
}
