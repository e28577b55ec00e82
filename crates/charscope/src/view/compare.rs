//! `compare --json` and `POST /api/compare`: the same bytes under every encoding.

use crate::compare::{self, DecodeRow};
use crate::decode::hex_pairs;
use crate::encoding::Encoding;
use serde::Serialize;

/// Every encoding's reading of some bytes: detection's answer first, then the most plausible.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareView {
    /// How many bytes the input has.
    pub byte_length: usize,
    /// How many of them, from the start, were compared.
    pub compared_length: usize,
    /// The compared bytes.
    pub hex: String,
    /// What detection names for the compared bytes (the row the views mark), or null.
    pub detected: Option<&'static Encoding>,
    /// Every encoding's reading: the detected one first, then the most plausible.
    pub readings: Vec<DecodeRow>,
    /// Whether a reading's text stops short: false unless the caller asked for the start of
    /// each only ([`CompareView::shown`]); the counts are of every compared byte still.
    pub text_cut: bool,
}

impl CompareView {
    /// The view with each reading's text cut to its first `max_chars` characters, for a page
    /// that shows no more (`text_cut` says whether any was).
    ///
    /// ```
    /// use charscope::{encoding, view::compare::compare};
    /// let v = compare(b"caf\xC3\xA9", encoding::all(), usize::MAX).shown(3);
    /// assert_eq!((v.readings[0].text.as_str(), v.text_cut, v.compared_length), ("caf", true, 5));
    /// ```
    pub fn shown(mut self, max_chars: usize) -> CompareView {
        for reading in &mut self.readings {
            if super::cut_chars(&mut reading.text, max_chars) {
                self.text_cut = true;
                reading.hidden = std::mem::take(&mut reading.hidden).first(max_chars);
            }
        }
        self
    }
}

/// Reads the first `max_bytes` of `bytes` in each encoding.
///
/// ```
/// use charscope::{encoding, view::compare::compare};
/// let v = compare(b"caf\xC3\xA9", encoding::all(), usize::MAX);
/// assert_eq!((v.byte_length, v.compared_length), (5, 5));
/// assert_eq!(v.readings[0].text, "café");
/// ```
pub fn compare(
    bytes: &[u8],
    encodings: impl IntoIterator<Item = &'static Encoding>,
    max_bytes: usize,
) -> CompareView {
    let sample = &bytes[..bytes.len().min(max_bytes)];
    let detected = crate::detect::detect(sample).encoding;
    CompareView {
        byte_length: bytes.len(),
        compared_length: sample.len(),
        hex: hex_pairs(sample),
        detected,
        readings: compare::decodings_detected_first(sample, encodings, detected),
        text_cut: false,
    }
}
