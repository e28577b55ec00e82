//! `encode --json` and `POST /api/encode`: text in an encoding, every unmappable character
//! listed, the bytes optionally in an output format.
//!
//! One behaviour for unmappable characters: with [`Substitute::Omit`] (the command line's
//! `--errors strict`) nothing is written when any character is unmappable (`refused`, no bytes),
//! in JSON as in text; with a substitute the bytes are written and the characters listed.

use super::formats::{self, FormatInfo};
use crate::decode::hex_pairs;
use crate::encode::{self, EncodeError, Substitute};
use crate::encoding::Encoding;
use crate::escape::EscapeFormat;
use serde::Serialize;

/// A character the encoding cannot represent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnmappableView {
    /// Its index in the text, counted in characters from 0.
    pub index: usize,
    /// Its position for people, counted from 1 ("character 4"). Kept for the page; `line` and
    /// `column` are the counting rule's names.
    pub position: usize,
    /// Its byte offset in the text's UTF-8 (the same as `offset`, under its older name).
    pub utf8_offset: usize,
    /// Its byte offset in the text's UTF-8, from 0.
    pub offset: usize,
    /// Its line in the text, from 1.
    pub line: u64,
    /// Its column in that line, in characters from 1.
    pub column: u64,
    /// The character.
    #[serde(rename = "char")]
    pub ch: char,
    /// `U+20AC`.
    pub code_point: String,
}

/// Text encoded, as the command line and the page show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EncodeView {
    /// The encoding's name.
    pub encoding: &'static str,
    /// What the label means when that is not what its name suggests (`latin1` is
    /// windows-1252), or null; set by the caller that resolved the label.
    pub label_note: Option<String>,
    /// The bytes written (empty when `refused`).
    pub hex: String,
    /// How many bytes.
    pub length: usize,
    /// Whether a byte order mark was written.
    pub bom: bool,
    /// Why a byte order mark was asked for and not written (the encoding has none), or null.
    pub bom_note: Option<String>,
    /// What replaces an unmappable character.
    pub substitute: Substitute,
    /// Whether nothing was written because a character is unmappable and no substitute was
    /// allowed.
    pub refused: bool,
    /// Every unmappable character.
    pub unmappable: Vec<UnmappableView>,
    /// The format of `output`, when one was asked for.
    pub format: Option<FormatInfo>,
    /// The bytes (or, for a text format, the text) in that format.
    pub output: Option<String>,
    /// Whether `hex` and `output` stop short (see [`EncodeView::shown`]).
    pub cut: bool,
}

impl EncodeView {
    /// The view with `hex` and `output` cut to at most `max_chars` characters each, for a page
    /// that shows no more (`cut` says so; `length` still counts every byte).
    ///
    /// ```
    /// use charscope::encode::Substitute;
    /// use charscope::encoding::UTF_8;
    /// use charscope::view::encode::encode;
    /// let v = encode("abc", UTF_8, false, Substitute::Html, None).unwrap().shown(5);
    /// assert_eq!((v.hex.as_str(), v.length, v.cut), ("61 62", 3, true));
    /// ```
    pub fn shown(mut self, max_chars: usize) -> EncodeView {
        let hex_cut = super::cut_chars(&mut self.hex, max_chars);
        if hex_cut {
            // Whole pairs only: n pairs take 3n - 1 characters.
            let pairs = (self.hex.len() + 1) / 3;
            self.hex.truncate((3 * pairs).saturating_sub(1));
        }
        let output_cut = self
            .output
            .as_mut()
            .is_some_and(|o| super::cut_chars(o, max_chars));
        self.cut = hex_cut || output_cut;
        self
    }
}

/// Encodes `text` and describes the outcome.
///
/// ```
/// use charscope::encode::Substitute;
/// use charscope::encoding;
/// use charscope::view::encode::encode;
/// let sjis = encoding::for_label("shift_jis").unwrap();
/// let v = encode("café €", sjis, false, Substitute::Omit, None).unwrap();
/// assert!(v.refused && v.hex.is_empty());
/// assert_eq!((v.unmappable[1].position, v.unmappable[1].ch), (6, '€'));
/// let v = encode("€", sjis, true, Substitute::Html, None).unwrap();
/// assert_eq!(v.hex, "26 23 38 33 36 34 3B");
/// assert!(!v.bom && v.bom_note.is_some());
/// ```
pub fn encode(
    text: &str,
    encoding: &'static Encoding,
    bom: bool,
    substitute: Substitute,
    format: Option<EscapeFormat>,
) -> Result<EncodeView, EncodeError> {
    encode_listing(text, encoding, bom, substitute, format, usize::MAX).map(|(view, _)| view)
}

/// [`encode`], with the first `max_unmappable` unmappable characters listed only (a page does
/// not need a million of them); the second value counts them all.
///
/// ```
/// use charscope::encode::Substitute;
/// use charscope::encoding::WINDOWS_1252;
/// use charscope::view::encode::encode_listing;
/// let (v, total) = encode_listing("日本語", WINDOWS_1252, false, Substitute::Question, None, 2).unwrap();
/// assert_eq!((v.unmappable.len(), total, v.hex.as_str()), (2, 3, "3F 3F 3F"));
/// ```
pub fn encode_listing(
    text: &str,
    encoding: &'static Encoding,
    bom: bool,
    substitute: Substitute,
    format: Option<EscapeFormat>,
    max_unmappable: usize,
) -> Result<(EncodeView, usize), EncodeError> {
    let encoded = encode::encode(text, encoding, bom, substitute)?;
    let refused = substitute == Substitute::Omit && !encoded.unmappable.is_empty();
    let bytes: &[u8] = if refused { &[] } else { &encoded.bytes };
    let view = EncodeView {
        encoding: encoding.name(),
        label_note: None,
        hex: hex_pairs(bytes),
        length: bytes.len(),
        bom: bom && encoding.bom().is_some() && !refused,
        bom_note: (bom && encoding.bom().is_none()).then(|| {
            format!(
                "{} has no byte order mark (only UTF-8, UTF-16 and UTF-32 have one): none was written",
                encoding.name()
            )
        }),
        substitute,
        refused,
        unmappable: encoded
            .unmappable
            .iter()
            .take(max_unmappable)
            .map(|u| {
                let (line, column) = crate::line_column(text, u.utf8_offset);
                UnmappableView {
                index: u.index,
                position: u.index + 1,
                utf8_offset: u.utf8_offset,
                offset: u.utf8_offset,
                line,
                column,
                ch: u.ch,
                code_point: format!("U+{:04X}", u32::from(u.ch)),
            }})
            .collect(),
        format: format.map(FormatInfo::of),
        output: match format {
            Some(f) if !refused => Some(formats::write(text, bytes, f)),
            _ => None,
        },
        cut: false,
    };
    Ok((view, encoded.unmappable.len()))
}
