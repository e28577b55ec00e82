//! Byte order marks under the two policies that disagree about them.
//!
//! - **WHATWG** (every browser): only EF BB BF, FE FF and FF FE are byte order marks, and a BOM
//!   beats any label. UTF-32 does not exist, so FF FE 00 00 is a UTF-16LE BOM followed by U+0000.
//! - **Unicode**: the UTF-32 marks 00 00 FE FF and FF FE 00 00 count too (FF FE 00 00 is read as
//!   UTF-32LE before FF FE as UTF-16LE), and "UTF-16" without a BOM is big-endian (D98).

use crate::encoding::{self, Encoding};
use serde::Serialize;

/// Which rules decide what a byte order mark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BomPolicy {
    /// The WHATWG Encoding Standard: UTF-8 and UTF-16 marks only.
    Whatwg,
    /// The Unicode Standard: UTF-32 marks too.
    Unicode,
}

/// A byte order mark found at the start of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bom {
    /// The encoding the mark names.
    pub encoding: &'static Encoding,
    /// How many bytes the mark takes (2, 3 or 4).
    pub len: usize,
}

/// The outcome of looking for a byte order mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniff {
    /// A mark was found.
    Found(Bom),
    /// The input does not start with a mark.
    None,
    /// The bytes so far are the beginning of a mark: more input decides.
    NeedMore,
}

/// A byte order mark, the encoding it names, and whether browsers know it.
struct Mark {
    bytes: &'static [u8],
    encoding: fn() -> &'static Encoding,
    whatwg: bool,
}

/// In the order they must be tried: FF FE 00 00 before FF FE.
const MARKS: [Mark; 5] = [
    Mark {
        bytes: b"\x00\x00\xFE\xFF",
        encoding: || encoding::UTF_32BE,
        whatwg: false,
    },
    Mark {
        bytes: b"\xFF\xFE\x00\x00",
        encoding: || encoding::UTF_32LE,
        whatwg: false,
    },
    Mark {
        bytes: b"\xEF\xBB\xBF",
        encoding: || encoding::UTF_8,
        whatwg: true,
    },
    Mark {
        bytes: b"\xFE\xFF",
        encoding: || encoding::UTF_16BE,
        whatwg: true,
    },
    Mark {
        bytes: b"\xFF\xFE",
        encoding: || encoding::UTF_16LE,
        whatwg: true,
    },
];

/// Looks for a byte order mark at the start of `bytes` under `policy`. `last` says no more
/// input follows, so a partial mark is no mark.
pub fn sniff(bytes: &[u8], policy: BomPolicy, last: bool) -> Sniff {
    for Mark {
        bytes: mark,
        encoding,
        whatwg,
    } in MARKS
    {
        if !whatwg && policy == BomPolicy::Whatwg {
            continue;
        }
        if bytes.starts_with(mark) {
            return Sniff::Found(Bom {
                encoding: encoding(),
                len: mark.len(),
            });
        }
        if !last && bytes.len() < mark.len() && mark.starts_with(bytes) {
            return Sniff::NeedMore;
        }
    }
    Sniff::None
}

/// What to do with a byte order mark when decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BomMode {
    /// A leading BOM of the chosen encoding is reported and removed (TextDecoder's default).
    Strip,
    /// A leading BOM of the chosen encoding is reported and kept as U+FEFF in the text.
    Keep,
    /// A leading BOM overrides the chosen encoding, as browsers do (or, under the Unicode
    /// policy, as UTF-32-aware tools do), and is removed.
    Sniff(BomPolicy),
}

/// What a BOM decision settled: which encoding decodes, which mark was found, how many bytes to
/// skip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BomDecision {
    /// The encoding that decodes the rest.
    pub encoding: &'static Encoding,
    /// The mark found, if any.
    pub bom: Option<Bom>,
    /// How many leading bytes are not decoded (the mark, when removed).
    pub skip: usize,
}

/// Decides, from the first bytes of an input, how `mode` treats its byte order mark. `None`
/// means the bytes so far are not enough (only when `last` is false).
pub fn decide(
    head: &[u8],
    requested: &'static Encoding,
    mode: BomMode,
    last: bool,
) -> Option<BomDecision> {
    match mode {
        BomMode::Sniff(policy) => match sniff(head, policy, last) {
            Sniff::NeedMore => None,
            Sniff::Found(bom) => Some(BomDecision {
                encoding: bom.encoding,
                bom: Some(bom),
                skip: bom.len,
            }),
            Sniff::None => Some(BomDecision {
                encoding: requested,
                bom: None,
                skip: 0,
            }),
        },
        BomMode::Strip | BomMode::Keep => {
            let none = BomDecision {
                encoding: requested,
                bom: None,
                skip: 0,
            };
            let Some(mark) = requested.bom() else {
                return Some(none);
            };
            if head.starts_with(mark) {
                let bom = Bom {
                    encoding: requested,
                    len: mark.len(),
                };
                let skip = if mode == BomMode::Strip {
                    mark.len()
                } else {
                    0
                };
                Some(BomDecision {
                    encoding: requested,
                    bom: Some(bom),
                    skip,
                })
            } else if !last && head.len() < mark.len() && mark.starts_with(head) {
                None
            } else {
                Some(none)
            }
        }
    }
}

/// How both policies read the start of the same bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BomReadings {
    /// The mark as a browser sees it.
    pub whatwg: Option<Bom>,
    /// The mark as the Unicode Standard sees it.
    pub unicode: Option<Bom>,
}

impl BomReadings {
    /// Reads the start of a whole input under both policies.
    pub fn of(bytes: &[u8]) -> BomReadings {
        let found = |policy| match sniff(bytes, policy, true) {
            Sniff::Found(bom) => Some(bom),
            _ => None,
        };
        BomReadings {
            whatwg: found(BomPolicy::Whatwg),
            unicode: found(BomPolicy::Unicode),
        }
    }

    /// Whether the two policies read the bytes differently.
    pub fn differ(&self) -> bool {
        self.whatwg != self.unicode
    }

    /// A sentence on where browsers and the Unicode Standard disagree about these bytes, if they do.
    pub fn disagreement(&self) -> Option<String> {
        match (self.whatwg, self.unicode) {
            (w, u) if w == u => None,
            (Some(_), Some(u)) if u.encoding == encoding::UTF_32LE => Some(
                "FF FE 00 00 is a UTF-32LE byte order mark to the Unicode Standard, but browsers \
                 know no UTF-32: the WHATWG Encoding Standard reads FF FE as a UTF-16LE mark \
                 followed by U+0000."
                    .to_string(),
            ),
            (None, Some(u)) if u.encoding == encoding::UTF_32BE => Some(
                "00 00 FE FF is a UTF-32BE byte order mark to the Unicode Standard; browsers \
                 know no UTF-32 and see no byte order mark at all."
                    .to_string(),
            ),
            (w, u) => Some(format!(
                "Browsers read {} here, the Unicode Standard reads {}.",
                w.map_or("no byte order mark".to_string(), |b| format!(
                    "a {} mark",
                    b.encoding
                )),
                u.map_or("no byte order mark".to_string(), |b| format!(
                    "a {} mark",
                    b.encoding
                )),
            )),
        }
    }
}
