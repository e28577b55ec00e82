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
//! Then, for bytes that are not valid UTF-8, the legacy encodings are ranked by how plausible each
//! reading is as human text ([`crate::plausibility`]: letters and letter pairs of the language,
//! case inside words, unmapped and control bytes), with a confidence from the differences between
//! readings, and reasons in plain words. Lines that are valid UTF-8 followed (or preceded) by
//! lines that are not make segments; bytes whose malformed UTF-8 still has the shape of UTF-8
//! (lead bytes followed by continuation bytes) are UTF-8 with those sequences named, the legacy
//! readings offered as alternatives.
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

mod declared;
mod legacy;
mod sample;
mod structure;
mod utf8_shape;
mod words;

pub use declared::{DeclarationSource, Declared};
pub use legacy::candidates;

use crate::encoding::{self, Encoding};
use crate::plausibility;
use sample::{PREFIX, WordSample};
use serde::Serialize;
use utf8_shape::Utf8Shape;
pub(crate) use words::count;
use words::counted;

/// Which rule decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Method {
    /// No bytes: nothing to detect.
    Empty,
    /// A byte order mark.
    Bom,
    /// The structure of the bytes: valid UTF-8, UTF-16/32 patterns, UTF-8-shaped errors.
    Structure,
    /// Every byte is ASCII.
    Ascii,
    /// The escape sequences of a 7-bit encoding (ISO-2022-JP).
    Escape,
    /// Parts of the input are in different encodings.
    Segments,
    /// The legacy encodings ranked by how plausible each reading is.
    Statistics,
    /// Binary data, not text.
    Binary,
    /// No reading is plausible text.
    Unknown,
}

/// Another encoding the bytes might be in.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// How likely it is (0 to 1).
    pub confidence: f64,
    /// Why it ranks where it does.
    pub reasons: Vec<String>,
}

/// A stretch of the input in one encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    /// Byte offset from the start of the input.
    pub offset: u64,
    /// Length in bytes.
    pub length: u64,
    /// The encoding of these bytes.
    pub encoding: &'static Encoding,
}

/// What detection found: `charscope detect --json` and `POST /api/detect` serialize this.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Detection {
    /// The input's name, set by the caller (a path, `<stdin>`); null when there is none.
    pub file: Option<String>,
    /// The encoding (a name `--from` accepts), or null for binary, empty or unknown input.
    pub encoding: Option<&'static Encoding>,
    /// How likely the answer is right, 0 to 1 (1 for structural verdicts).
    pub confidence: f64,
    /// The language of the text (ISO 639-1), when one stands out.
    pub language: Option<&'static str>,
    /// The rule that decided.
    pub method: Method,
    /// The evidence, in plain words.
    pub reasons: Vec<String>,
    /// Other readings with their confidences, most likely first.
    pub alternatives: Vec<Alternative>,
    /// Where the encoding changes part way: each stretch with its encoding (empty otherwise).
    pub segments: Vec<Segment>,
    /// What the input declares (or `--declared` gives), and whether the bytes agree.
    pub declared: Option<Declared>,
}

impl Detection {
    /// The encoding `--from auto` decodes with: the detected one, or UTF-8 when there is none
    /// (binary, empty or unknown input), so that every malformed sequence is named.
    pub fn auto_encoding(&self) -> &'static Encoding {
        self.encoding.unwrap_or(encoding::UTF_8)
    }

    /// One line for people: the answer, how it was reached, and the first reason.
    pub fn summary(&self) -> String {
        let what = match self.encoding {
            Some(e) => format!("{e}"),
            None => match self.method {
                Method::Binary => "binary data".to_string(),
                Method::Empty => "empty input".to_string(),
                _ => "unknown".to_string(),
            },
        };
        let how = match self.method {
            Method::Statistics | Method::Segments => {
                format!(
                    "{:?}, confidence {:.0}%",
                    self.method,
                    self.confidence * 100.0
                )
            }
            m => format!("{m:?}"),
        }
        .to_lowercase();
        match self.reasons.first() {
            Some(r) => format!("{what} ({how}): {r}"),
            None => format!("{what} ({how})"),
        }
    }
}

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

    fn verdict(
        &self,
        method: Method,
        encoding: Option<&'static Encoding>,
        reasons: Vec<String>,
    ) -> Detection {
        Detection {
            file: None,
            encoding,
            confidence: if encoding.is_some() { 1.0 } else { 0.0 },
            language: None,
            method,
            reasons,
            alternatives: Vec::new(),
            segments: Vec::new(),
            declared: None,
        }
    }

    fn decide(&self) -> Detection {
        let prefix = &self.prefix;
        if self.total == 0 {
            return self.verdict(
                Method::Empty,
                None,
                vec!["the input is empty: there are no bytes to tell an encoding from".into()],
            );
        }
        if let Some(v) = structure::bom(prefix, self.total) {
            let mut d = self.verdict(Method::Bom, Some(v.encoding), v.reasons);
            d.language = self.language_of_prefix(v.encoding);
            return d;
        }
        if let Some(v) = structure::wide(prefix, self.total) {
            let mut d = self.verdict(Method::Structure, Some(v.encoding), v.reasons);
            d.language = v.language;
            return d;
        }
        if !self.high
            && let Some(v) = structure::escapes(prefix)
        {
            let mut d = self.verdict(Method::Escape, Some(v.encoding), v.reasons);
            d.language = v.language;
            return d;
        }
        // Seven-bit bytes with zero bytes among them (and no other sign of binary data) read
        // the same in every ASCII-compatible encoding: ASCII, the zeros named below.
        let zeros_in_ascii = !self.high && structure::only_zeros_look_binary(prefix);
        if !zeros_in_ascii && let Some(reasons) = structure::binary(prefix) {
            return self.verdict(Method::Binary, None, reasons);
        }
        if !self.high {
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
            let mut d = self.verdict(Method::Ascii, Some(encoding::UTF_8), reasons);
            d.language = self.language_of_prefix(encoding::UTF_8);
            return d;
        }
        if self.shape.malformed == 0 {
            let mut d = self.verdict(
                Method::Structure,
                Some(encoding::UTF_8),
                vec![format!(
                    "the {} are valid UTF-8 with {} beyond ASCII; text in other encodings is \
                     almost never valid UTF-8",
                    counted(self.total, "byte", "bytes"),
                    counted(self.shape.multibyte, "character", "characters")
                )],
            );
            d.language = self.language_of_prefix(encoding::UTF_8);
            return d;
        }
        self.legacy()
    }

    fn language_of_prefix(&self, enc: &'static Encoding) -> Option<&'static str> {
        let text =
            crate::decode::decode(&self.prefix[..self.prefix.len().min(16 * 1024)], enc).text;
        plausibility::score(&text).language()
    }

    /// Bytes that are not valid UTF-8: segments, UTF-8 with errors, or a legacy encoding.
    fn legacy(&self) -> Detection {
        let candidates = legacy::candidates();
        let ranking = legacy::rank(&self.words.bytes, &candidates);
        let origin = |at: usize| self.words.origin(at);
        let best = ranking.first();
        let alternatives = |skip: usize, scale: f64| -> Vec<Alternative> {
            ranking
                .iter()
                .skip(skip)
                .take(4)
                .filter(|r| r.confidence * scale >= 0.0005 || skip == 0)
                .map(|r| Alternative {
                    encoding: r.encoding,
                    confidence: round(r.confidence * scale),
                    reasons: legacy::reasons(r, best.filter(|b| b.encoding != r.encoding), &origin),
                })
                .collect()
        };
        let shape = &self.shape;
        let sample_note = format!(
            "{} words are neither ASCII nor valid UTF-8{}",
            count(self.words.seen),
            if self.words.seen > self.words.origins.len() as u64 {
                format!(
                    "; the first {} were read",
                    count(self.words.origins.len() as u64)
                )
            } else {
                String::new()
            }
        );
        let first_bad = shape.first_malformed.first().map(|m| {
            format!(
                "{} at byte {} is not valid UTF-8 ({})",
                m.hex(),
                m.offset(),
                m.kind
            )
        });
        // Lines of valid UTF-8 beside lines that are not: segments.
        let utf8_evidence: u64 = shape
            .runs
            .iter()
            .filter(|r| r.utf8)
            .map(|r| r.evidence)
            .sum();
        if !shape.fragmented
            && shape.runs.len() >= 2
            && utf8_evidence >= 3
            && let Some(b) = best
        {
            let segments: Vec<Segment> = shape
                .runs
                .iter()
                .map(|r| Segment {
                    offset: r.start,
                    length: r.end - r.start,
                    encoding: if r.utf8 { encoding::UTF_8 } else { b.encoding },
                })
                .collect();
            let utf8_bytes: u64 = segments
                .iter()
                .filter(|s| s.encoding == encoding::UTF_8)
                .map(|s| s.length)
                .sum();
            let main = if utf8_bytes * 2 >= self.total {
                encoding::UTF_8
            } else {
                b.encoding
            };
            let mut reasons = vec![format!(
                "the encoding changes part way: {} stretches of lines, {} of them valid UTF-8 \
                 ({} characters beyond ASCII) and {} with {} malformed UTF-8 sequences that read \
                 as {}",
                segments.len(),
                shape.runs.iter().filter(|r| r.utf8).count(),
                count(utf8_evidence),
                shape.runs.iter().filter(|r| !r.utf8).count(),
                count(shape.malformed),
                b.encoding
            )];
            reasons.extend(first_bad);
            reasons.extend(legacy::reasons(b, None, &origin));
            return Detection {
                file: None,
                encoding: Some(main),
                confidence: round(b.confidence),
                language: b.score.language(),
                method: Method::Segments,
                reasons,
                alternatives: alternatives(1, 1.0),
                segments,
                declared: None,
            };
        }
        // Malformed UTF-8 that still has its shape, and no legacy reading that is plausible
        // text; or valid UTF-8 but for a few sequences: UTF-8 with errors.
        let shaped = shape.shaped * 10 >= shape.high_bytes * 9;
        let plausible = best.is_some_and(|b| b.score.per_char() >= PLAUSIBLE);
        let mostly_valid = shape.multibyte >= 10 * shape.malformed;
        if (shaped && !plausible) || mostly_valid {
            let confidence = if mostly_valid { 0.95 } else { 0.9 };
            let mut reasons = Vec::new();
            if mostly_valid {
                reasons.push(format!(
                    "{} characters beyond ASCII are valid UTF-8 and only {} sequences are \
                     malformed: UTF-8 with errors, each named",
                    count(shape.multibyte),
                    count(shape.malformed)
                ));
            } else {
                reasons.push(format!(
                    "{} of {} bytes above 7F stand in UTF-8-shaped sequences (a lead byte C0-FF \
                     followed by continuation bytes 80-BF), and no legacy encoding reads them as \
                     plausible text: UTF-8 with {} malformed sequences",
                    count(shape.shaped),
                    count(shape.high_bytes),
                    count(shape.malformed)
                ));
            }
            reasons.extend(first_bad);
            return Detection {
                file: None,
                encoding: Some(encoding::UTF_8),
                confidence: round(confidence),
                language: None,
                method: Method::Structure,
                reasons,
                alternatives: alternatives(0, 1.0 - confidence),
                segments: Vec::new(),
                declared: None,
            };
        }
        let Some(b) = best else {
            return self.verdict(Method::Unknown, None, vec![sample_note]);
        };
        let mut reasons = Vec::new();
        if b.score.per_char() < UNKNOWN_BELOW {
            reasons.push(format!(
                "no encoding reads these bytes as plausible text: the best, {}, scores {:.1} bits \
                 per character below typical text",
                b.encoding,
                -b.score.per_char()
            ));
            reasons.extend(first_bad);
            reasons.push(sample_note);
            return Detection {
                file: None,
                encoding: None,
                confidence: 0.0,
                language: None,
                method: Method::Unknown,
                reasons,
                alternatives: alternatives(0, 1.0),
                segments: Vec::new(),
                declared: None,
            };
        }
        reasons.extend(legacy::reasons(b, None, &origin));
        reasons.extend(first_bad);
        reasons.push(sample_note);
        if let Some(at) = self.settled_at {
            reasons.push(format!(
                "the first {} bytes settled it (malformed UTF-8, no valid multi-byte character); \
                 the other {} were counted, not read",
                count(at),
                count(self.total - at)
            ));
        }
        Detection {
            file: None,
            encoding: Some(b.encoding),
            confidence: round(b.confidence),
            language: b.score.language(),
            method: Method::Statistics,
            reasons,
            alternatives: alternatives(1, 1.0),
            segments: Vec::new(),
            declared: None,
        }
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

/// A reading scoring at least this many bits per character (against typical text) is plausible.
const PLAUSIBLE: f64 = -3.0;
/// Below this many bits per character (against typical text), no reading is called text.
const UNKNOWN_BELOW: f64 = -9.0;

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
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
