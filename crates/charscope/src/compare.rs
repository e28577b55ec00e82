//! The same input across the registry: what every encoding makes of the same bytes, ranked from
//! the most plausible reading, and what the same text takes in every encoding.
//!
//! # How readings are ranked
//! By these keys in turn, each smaller first:
//! 1. malformed sequences;
//! 2. suspicious characters: C0 controls other than tab, line feed, form feed and carriage
//!    return; DEL and C1 controls; private-use, noncharacter and unassigned code points;
//! 3. the plausibility of the text ([`crate::plausibility`], the model detection uses: letters and
//!    letter pairs of the language, case inside words, symbols), its total in bits, higher first;
//! 4. the order of the registry (UTF-8 first), except that windows-1252, the default of most
//!    browser locales, comes right after the Unicode encodings.
//!
//! [`decodings_detected_first`] then puts detection's answer on top ([`crate::detect`], which
//! weighs the structure of the bytes and how common each encoding is, on the same model): the
//! row a view marks as detected is the first row, in the CLI and on the page alike.
//!
//! Each row carries its score (bits per character against typical text) and whether it ties
//! with the row above (same malformed and suspicious counts and the same total: often the same
//! text). The simpler `penalty` (0 per ASCII character, 1 per other letter, mark or digit, 2 per
//! other character, 2 per change of script between letters) is still reported.
//!
//! ```
//! use charscope::{compare, encoding};
//! let rows = compare::decodings(&[0x63, 0x61, 0x66, 0xC3, 0xA9], encoding::all());
//! assert_eq!(rows[0].encoding.name(), "UTF-8");
//! assert_eq!(rows[0].text, "café");
//! ```

use crate::bom::BomMode;
use crate::charinfo::properties;
use crate::decode::{Piece, hex_pairs};
use crate::encode::{Substitute, Unmappable, encode};
use crate::encoding::{self, Encoding};
use crate::stream::StreamDecoder;
use icu_properties::CodePointMapData;
use icu_properties::props::{GeneralCategory, Script};
use serde::Serialize;

/// One encoding's reading of the bytes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecodeRow {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// The text, with one U+FFFD per malformed sequence (a leading byte order mark of this
    /// encoding removed, as TextDecoder does).
    pub text: String,
    /// Malformed sequences.
    pub malformed: usize,
    /// U+FFFD in the text: one per malformed sequence, plus any the bytes spelled out.
    pub replacements: usize,
    /// Suspicious characters (see the module docs).
    pub suspicious: usize,
    /// The plausibility penalty (see the module docs).
    pub penalty: usize,
    /// Plausibility in bits per character against typical text (higher is more plausible).
    pub score: f64,
    /// Plausibility over the whole text, in bits (what the ranking uses).
    pub score_total: f64,
    /// Whether the row ranks equal with the row above it.
    pub tie: bool,
    /// The text's hidden characters (bidi controls, invisible characters), which views draw as
    /// marks instead of applying them; left out when there are none.
    #[serde(skip_serializing_if = "crate::scan::hidden::Marks::is_empty")]
    pub hidden: crate::scan::hidden::Marks,
}

/// Whether a character is unlikely in real text (see the module docs).
pub fn is_suspicious(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\x0C' | '\r'))
        || properties::is_private_use(c)
        || properties::is_noncharacter(c)
        || !properties::is_assigned(c)
}

/// The plausibility penalty of a text (see the module docs).
pub fn penalty(text: &str) -> usize {
    let gc = CodePointMapData::<GeneralCategory>::new();
    let scripts = CodePointMapData::<Script>::new();
    let mut total = 0;
    let mut last_script = None;
    for c in text.chars() {
        if !c.is_ascii() {
            total += match gc.get(c) {
                GeneralCategory::UppercaseLetter
                | GeneralCategory::LowercaseLetter
                | GeneralCategory::TitlecaseLetter
                | GeneralCategory::ModifierLetter
                | GeneralCategory::OtherLetter
                | GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
                | GeneralCategory::DecimalNumber => 1,
                _ => 2,
            };
        }
        if c.is_alphabetic() {
            let script = scripts.get(c);
            if script != Script::Common && script != Script::Inherited {
                if last_script.is_some_and(|s| s != script) {
                    total += 2;
                }
                last_script = Some(script);
            }
        }
    }
    total
}

/// Decodes `bytes` with one encoding and scores the reading.
pub fn decoding(bytes: &[u8], encoding: &'static Encoding) -> DecodeRow {
    let mut text = String::new();
    let mut malformed = 0;
    StreamDecoder::new(encoding, BomMode::Strip).decode_pieces(bytes, true, |piece| match piece {
        Piece::Text { text: t, .. } => text.push_str(t),
        Piece::Malformed(_) => {
            malformed += 1;
            text.push(char::REPLACEMENT_CHARACTER);
        }
    });
    let score = crate::plausibility::score(&text);
    DecodeRow {
        encoding,
        score: (score.per_char() * 100.0).round() / 100.0,
        score_total: (score.total() * 10.0).round() / 10.0,
        tie: false,
        replacements: text.matches(char::REPLACEMENT_CHARACTER).count(),
        suspicious: text.chars().filter(|&c| is_suspicious(c)).count(),
        penalty: penalty(&text),
        malformed,
        hidden: crate::scan::hidden::marks(&text),
        text,
    }
}

/// Inputs of this many bytes and more are read on every core: each reading of 800 KB took 60
/// ms, most of it scoring the text.
const PARALLEL_FROM: usize = 64 * 1024;

/// Every encoding's reading of `bytes`, most plausible first (see the module docs). A large
/// input is read on every core, each taking every n-th encoding (the costs of the readings
/// differ by family); the order does not depend on it.
pub fn decodings(
    bytes: &[u8],
    encodings: impl IntoIterator<Item = &'static Encoding>,
) -> Vec<DecodeRow> {
    let threads = if bytes.len() >= PARALLEL_FROM {
        crate::parallel::cores()
    } else {
        1
    };
    decodings_on(bytes, encodings.into_iter().collect(), threads)
}

/// [`decodings`], with the reading in `detected` (detection's answer) moved to the top and the
/// ties said again around it.
///
/// ```
/// use charscope::{compare, encoding};
/// let seed = [0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41];
/// let rows = compare::decodings_detected_first(&seed, encoding::all(), Some(encoding::UTF_8));
/// assert_eq!(rows[0].encoding.name(), "UTF-8");
/// ```
pub fn decodings_detected_first(
    bytes: &[u8],
    encodings: impl IntoIterator<Item = &'static Encoding>,
    detected: Option<&'static Encoding>,
) -> Vec<DecodeRow> {
    let mut rows = decodings(bytes, encodings);
    let at = rows.iter().position(|r| Some(r.encoding) == detected);
    if let Some(at) = at.filter(|&at| at > 0) {
        let row = rows.remove(at);
        rows.insert(0, row);
        rows[0].tie = false;
        for i in 1..rows.len().min(at + 2) {
            rows[i].tie = i > 1 && rank_key(&rows[i]) == rank_key(&rows[i - 1]);
        }
    }
    rows
}

/// The keys rows are ranked by (before the order of the registry), equal for rows that tie.
fn rank_key(d: &DecodeRow) -> (usize, usize, i64) {
    (
        d.malformed,
        d.suspicious,
        -(d.score_total * 10.0).round() as i64,
    )
}

/// [`decodings`] on `threads` threads.
fn decodings_on(bytes: &[u8], encodings: Vec<&'static Encoding>, threads: usize) -> Vec<DecodeRow> {
    let shares: Vec<usize> = (0..threads.min(encodings.len()).max(1)).collect();
    let done = crate::parallel::on_threads(&shares, |&share| {
        encodings
            .iter()
            .enumerate()
            .skip(share)
            .step_by(shares.len())
            .map(|(order, &enc)| (order, decoding(bytes, enc)))
            .collect::<Vec<_>>()
    });
    let mut rows: Vec<(usize, DecodeRow)> = done.into_iter().flatten().collect();
    let key = rank_key;
    rows.sort_by_key(|(order, d)| {
        let preference = if d.encoding.is_unicode() {
            0
        } else if d.encoding == encoding::WINDOWS_1252 {
            1
        } else {
            2
        };
        (key(d), preference, *order)
    });
    let mut out: Vec<DecodeRow> = rows.into_iter().map(|(_, d)| d).collect();
    for i in 1..out.len() {
        out[i].tie = key(&out[i]) == key(&out[i - 1]);
    }
    out
}

/// The text in one encoding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EncodeRow {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// The bytes (unmappable characters left out).
    pub hex: String,
    /// How many bytes.
    pub length: usize,
    /// Whether every character could be encoded.
    pub representable: bool,
    /// Each character the encoding cannot represent.
    pub unmappable: Vec<Unmappable>,
}

/// `text` in every encoding that can encode (all but the replacement encoding), in the order
/// given, with the characters each cannot represent.
///
/// ```
/// use charscope::{compare, encoding};
/// let rows = compare::encodings("日本語", encoding::all());
/// let size = |name: &str| rows.iter().find(|r| r.encoding.name() == name).unwrap().length;
/// assert_eq!((size("UTF-8"), size("Shift_JIS"), size("EUC-JP")), (9, 6, 6));
/// ```
pub fn encodings(
    text: &str,
    encodings: impl IntoIterator<Item = &'static Encoding>,
) -> Vec<EncodeRow> {
    encodings
        .into_iter()
        .filter_map(|enc| {
            let out = encode(text, enc, false, Substitute::Omit).ok()?;
            Some(EncodeRow {
                encoding: enc,
                hex: hex_pairs(&out.bytes),
                length: out.bytes.len(),
                representable: out.unmappable.is_empty(),
                unmappable: out.unmappable,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_on_several_threads_are_those_of_one() {
        let mut bytes = "Марс — четвёртая планета, café, 火星 "
            .repeat(40)
            .into_bytes();
        bytes.extend_from_slice(b"\xC3(\x80 \xE9t\xE9");
        let all: Vec<_> = encoding::all().collect();
        let one = decodings_on(&bytes, all.clone(), 1);
        assert_eq!(one.len(), all.len());
        assert!(one[0].malformed < one[one.len() - 1].malformed);
        for threads in [2, 3, 200] {
            assert_eq!(decodings_on(&bytes, all.clone(), threads), one, "{threads}");
        }
        assert!(decodings_on(&bytes, Vec::new(), 2).is_empty());
    }
}
