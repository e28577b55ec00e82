//! Which encoding is this? Detection that shows its evidence.
//!
//! # How it decides
//! First the verdicts the bytes' structure makes certain, each said so:
//! 1. no bytes at all: nothing to detect;
//! 2. a byte order mark, read under both policies (FF FE 00 00 is UTF-32LE to Unicode and
//!    UTF-16LE to browsers: the content decides);
//! 3. UTF-16 or UTF-32 without a mark: control bytes no 8-bit text has, zero bytes in the high
//!    half of each unit, high bytes that vary less than low ones, and a reading that is clean,
//!    plausible text;
//! 4. 7-bit escape sequences of ISO-2022-JP;
//! 5. binary data: zero bytes or other control bytes, or a known file signature;
//! 6. pure ASCII (every ASCII-compatible encoding reads it the same: UTF-8 is named);
//! 7. valid UTF-8 with characters beyond ASCII.
//!
//! Then, for bytes that are not valid UTF-8:
//! - malformed sequences that are all overlong forms of ASCII symbols (C0 AF for `/`, E0 80 AE
//!   for `.`: the forms that slip `../` past a filter) are UTF-8 with its overlongs named;
//! - the legacy encodings are pruned on byte statistics (a single-byte encoding that reads the
//!   bytes as control characters or leaves them unmapped, a multi-byte one with malformed
//!   sequences), and the rest ranked by how plausible their reading of a bounded sample is as
//!   human text ([`crate::plausibility`]: letters and letter pairs of the language, case inside
//!   words, unmapped and control bytes), with reasons in plain words;
//! - lines that are valid UTF-8 followed (or preceded) by lines that are not make segments;
//! - valid UTF-8 but for a few sequences (a word in windows-1252, a stray byte, a cut character)
//!   is UTF-8 with those sequences named when it reads better as UTF-8 than in the best legacy
//!   encoding; so are bytes whose malformed UTF-8 still has the shape of UTF-8 (lead bytes
//!   followed by continuation bytes) when no legacy reading is plausible text.
//!
//! # How sure it is
//! Each answer has a [`Status`]: `certain` where the structure decides; `likely` where the
//! statistics separate the candidates; `uncertain` where they do not (a few bytes, or readings
//! that score alike), the encoding then being the best guess and the alternatives the other
//! candidates. The confidence is calibrated from the share of the best reading and the amount of
//! evidence: of the answers given at confidence c, about c are right (`scripts/detect-reliability.sh`
//! prints the table on whole files and on their first lines and first 32 bytes).
//!
//! # Bounded memory
//! A [`Detector`] takes the input in chunks and keeps only its first 64 KiB, a 24 KiB sample of
//! the words that are neither ASCII nor valid UTF-8, and running counts: any size is detected in
//! the same memory, and no reading of the whole input is ever made. Past 256 KiB of malformed UTF-8
//! without one valid multi-byte character and with the sample full, the rest is only counted.
//!
//! ```
//! use charscope::detect::{detect, Method};
//! let d = detect(b"Ol\xE1, informa\xE7\xE3o e cora\xE7\xE3o: n\xE3o h\xE1 d\xFAvida.");
//! assert_eq!(d.encoding.map(|e| e.name()), Some("windows-1252"));
//! assert_eq!(d.method, Method::Statistics);
//! assert_eq!(d.language, Some("pt"));
//! ```

mod byte_table;
mod declared;
mod detection;
mod legacy;
#[cfg(test)]
mod noise;
mod nonutf8;
mod prune;
mod sample;
mod structure;
mod texts;
mod utf8_shape;
mod words;

pub use declared::{DeclarationSource, Declared};
pub use detection::{Alternative, Detection, LIKELY_FROM, Method, Segment, Status};
pub use legacy::candidates;

use crate::encoding::{self, Encoding};
use crate::plausibility;
use sample::{PREFIX, WordSample};
use utf8_shape::Utf8Shape;
pub(crate) use words::count;
use words::counted;

/// Detects the encoding of a whole input held in memory.
pub fn detect(bytes: &[u8]) -> Detection {
    let mut d = Detector::new();
    d.feed(bytes);
    d.finish()
}

/// Detects as [`detect`] does, comparing with a declared label (an HTTP header's charset).
pub fn detect_declared(bytes: &[u8], declared: Option<&str>) -> Detection {
    let mut d = Detector::new();
    if let Some(label) = declared {
        d = d.with_declared(label);
    }
    d.feed(bytes);
    d.finish()
}

/// The choice of `--from auto` (every byte command and the page's auto mode): the encoding to
/// decode with, and the detection that chose it.
pub fn auto(bytes: &[u8]) -> (&'static Encoding, Detection) {
    let d = detect(bytes);
    (d.auto_encoding(), d)
}

/// Detection fed in chunks, in bounded memory.
pub struct Detector {
    prefix: Vec<u8>,
    total: u64,
    high: bool,
    shape: Utf8Shape,
    words: WordSample,
    declared: Option<String>,
    /// Set once the evidence is decisive (see [`SETTLE_AFTER`]): later bytes are only counted.
    settled_at: Option<u64>,
}

/// Bytes after which a stream with many malformed UTF-8 sequences, not one valid multi-byte
/// character and a full legacy sample is settled: the rest is counted, not analysed (a UTF-8
/// stretch past this point would not be found as a segment).
const SETTLE_AFTER: u64 = 256 * 1024;

impl Default for Detector {
    fn default() -> Self {
        Self::new()
    }
}

impl Detector {
    /// A detector that has seen nothing.
    pub fn new() -> Detector {
        Detector {
            prefix: Vec::new(),
            total: 0,
            high: false,
            shape: Utf8Shape::new(),
            words: WordSample::default(),
            declared: None,
            settled_at: None,
        }
    }

    /// Compares the result with a label declared from outside (an HTTP header's charset).
    pub fn with_declared(mut self, label: &str) -> Detector {
        self.declared = Some(label.to_string());
        self
    }

    /// Takes the next bytes of the input.
    pub fn feed(&mut self, chunk: &[u8]) {
        if self.prefix.len() < PREFIX {
            let take = chunk.len().min(PREFIX - self.prefix.len());
            self.prefix.extend_from_slice(&chunk[..take]);
        }
        if self.settled_at.is_some() {
            self.total += chunk.len() as u64;
            return;
        }
        self.high |= !chunk.is_ascii();
        self.shape.feed(chunk, false);
        self.words.feed(chunk, self.total);
        self.total += chunk.len() as u64;
        if self.total >= SETTLE_AFTER
            && self.shape.multibyte == 0
            && self.shape.malformed >= 100
            && self.words.is_full()
        {
            self.settled_at = Some(self.total);
        }
    }

    /// Ends the input and decides.
    pub fn finish(mut self) -> Detection {
        self.shape.feed(&[], true);
        self.words.finish();
        let mut d = self.decide();
        d.declared = self.declaration(&d);
        d
    }

    fn decide(&self) -> Detection {
        let prefix = &self.prefix;
        if self.total == 0 {
            return Detection::empty();
        }
        if let Some(v) = structure::bom(prefix, self.total) {
            let language = self.language_of_prefix(v.encoding);
            return Detection::certain(Method::Bom, v.encoding, v.reasons, language);
        }
        if let Some(v) = structure::wide(prefix, self.total) {
            return Detection::certain(Method::Structure, v.encoding, v.reasons, v.language);
        }
        if !self.high
            && let Some(v) = structure::escapes(prefix)
        {
            return Detection::certain(Method::Escape, v.encoding, v.reasons, v.language);
        }
        // Seven-bit bytes with zero bytes among them (and no other sign of binary data) read
        // the same in every ASCII-compatible encoding: ASCII, the zeros named below.
        let zeros_in_ascii = !self.high && structure::only_zeros_look_binary(prefix);
        if !zeros_in_ascii && let Some(reasons) = structure::binary(prefix) {
            return Detection::binary(reasons);
        }
        if !self.high {
            return self.ascii(zeros_in_ascii);
        }
        if self.shape.malformed == 0 {
            let reason = format!(
                "the {} are valid UTF-8 with {} beyond ASCII; text in other encodings is almost \
                 never valid UTF-8",
                counted(self.total, "byte", "bytes"),
                counted(self.shape.multibyte, "character", "characters")
            );
            let language = self.language_of_prefix(encoding::UTF_8);
            return Detection::certain(Method::Structure, encoding::UTF_8, vec![reason], language);
        }
        nonutf8::verdict(&nonutf8::Evidence {
            prefix,
            total: self.total,
            shape: &self.shape,
            words: &self.words,
            settled_at: self.settled_at,
        })
    }

    /// Every byte is 7-bit: UTF-8 is named; leading zero bytes and others are said so.
    fn ascii(&self, zeros_in_ascii: bool) -> Detection {
        let prefix = &self.prefix;
        let mut reasons = vec![format!(
            "all {} bytes are ASCII (7-bit): UTF-8, windows-1252 and every other \
             ASCII-compatible encoding read them the same; UTF-8 is named",
            count(self.total)
        )];
        let padding = prefix.iter().take_while(|&&b| b == 0).count();
        if padding > 0 {
            reasons.push(format!(
                "the first {} bytes are zero (padding)",
                count(padding as u64)
            ));
        }
        let zeros = prefix.iter().filter(|&&b| b == 0).count() - padding;
        if zeros_in_ascii && zeros > 0 {
            reasons.push(format!(
                "{} more zero bytes, which text does not hold: padding or binary data around \
                 the text",
                count(zeros as u64)
            ));
        }
        let language = self.language_of_prefix(encoding::UTF_8);
        Detection::certain(Method::Ascii, encoding::UTF_8, reasons, language)
    }

    fn language_of_prefix(&self, enc: &'static Encoding) -> Option<&'static str> {
        let text =
            crate::decode::decode(&self.prefix[..self.prefix.len().min(16 * 1024)], enc).text;
        plausibility::score(&text).language()
    }

    fn declaration(&self, d: &Detection) -> Option<Declared> {
        let (unit, little) = match d.encoding.map(|e| e.name()) {
            Some("UTF-16LE") => (2, true),
            Some("UTF-16BE") => (2, false),
            Some("UTF-32LE") => (4, true),
            Some("UTF-32BE") => (4, false),
            _ => (1, true),
        };
        let found = declared::find_declarations(&self.prefix, unit, little);
        let (source, label, offset) = match &self.declared {
            Some(label) => (DeclarationSource::Given, label.clone(), None),
            None => {
                let (s, l, o) = found.into_iter().next()?;
                (s, l, Some(o))
            }
        };
        let sample: &[u8] = if d.method == Method::Statistics || d.method == Method::Segments {
            &self.words.bytes
        } else {
            &self.prefix
        };
        let same = |e: &'static Encoding| match d.encoding {
            Some(det) => {
                e == det || {
                    let a = crate::decode::decode(sample, e);
                    let b = crate::decode::decode(sample, det);
                    a.text == b.text && a.malformed.len() == b.malformed.len()
                }
            }
            None => false,
        };
        let what = match d.method {
            Method::Ascii => "pure ASCII".to_string(),
            Method::Bom => "from their byte order mark".to_string(),
            Method::Structure => "from their structure".to_string(),
            Method::Statistics | Method::Segments => {
                format!(
                    "by letter statistics, confidence {:.0}%",
                    d.confidence * 100.0
                )
            }
            _ => "by their escape sequences".to_string(),
        };
        Some(declared::declared(
            source, label, offset, d.encoding, &same, &what,
        ))
    }
}

#[cfg(test)]
mod tests;

/// Every candidate's reading of the words sample of `bytes`, for tuning by eye: (encoding, total
/// bits, bits per character, language, confidence).
#[doc(hidden)]
pub fn debug_readings(bytes: &[u8]) -> Vec<(&'static str, f64, f64, Option<&'static str>, f64)> {
    let mut d = Detector::new();
    d.feed(bytes);
    d.words.finish();
    legacy::rank_all(&d.words.bytes, &legacy::candidates())
        .into_iter()
        .map(|r| {
            (
                r.encoding.name(),
                r.total,
                r.score.per_char(),
                r.score.best_language(),
                r.confidence,
            )
        })
        .collect()
}

/// What the calibration of the confidence is fitted on, for `scripts/detect-calibration.py`:
/// the raw share of the best legacy reading and the bytes above 7F it was scored over.
#[doc(hidden)]
pub fn debug_calibration_inputs(bytes: &[u8]) -> Option<(f64, usize)> {
    let mut d = Detector::new();
    d.feed(bytes);
    d.words.finish();
    let ranking = legacy::rank(&d.words.bytes, &legacy::candidates());
    ranking.first().map(|r| (r.raw, r.evidence))
}
