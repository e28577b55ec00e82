//! The full inspection of one input, as `charscope inspect --json` prints it and the web page
//! shows it: the text, its lengths and normalization forms, every unit with its bytes and the
//! character's properties and encodings, the malformed sequences, and the byte order mark under
//! both policies.
//!
//! Bytes are decoded with the encoding a label names, or else: the encoding of a byte order mark
//! (Unicode policy, so UTF-32 marks count), else UTF-8 if the bytes are valid UTF-8, else what
//! encoding detection chooses ([`crate::detect::auto`], the same choice as every `--from auto`);
//! `encoding_source` says which rule chose. The label "auto" means no label.
//!
//! ```
//! use charscope::report;
//! let r = report::inspect_bytes(&[0x63, 0x61, 0x66, 0xC3, 0xA9], None).unwrap();
//! assert_eq!(r.text, "café");
//! assert_eq!(r.encoding_source, report::EncodingSource::Utf8Valid);
//! assert_eq!(r.lengths.utf8_bytes, 5);
//! assert_eq!(r.normalization.hex_if_changed.nfd.as_deref(), Some("63 61 66 65 CC 81"));
//! ```

use crate::bom::{BomMode, BomReadings};
use crate::charinfo::CharInfo;
use crate::charinfo::bits::{self, Field};
use crate::decode::{Malformed, Unit, hex_pairs};
use crate::dump::ByteRole;
use crate::encoding::{self, Encoding, UnknownLabel};
use crate::stream::StreamDecoder;
use crate::text::metrics::{self, Lengths, Model};
use crate::text::normalization::NormalizationSummary;
use serde::Serialize;
use std::fmt;

/// Whether the input was text or bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum InputKind {
    /// Text (shown as its UTF-8).
    Text,
    /// Bytes in some encoding.
    Bytes,
}

/// Which rule chose the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum EncodingSource {
    /// The input was text: its UTF-8 is shown.
    Text,
    /// A byte order mark at the start.
    Bom,
    /// A label given by the user.
    Label,
    /// No mark and no label, and the bytes are valid UTF-8.
    Utf8Valid,
    /// No mark, no label, not valid UTF-8: windows-1252, which decodes every byte (no longer
    /// chosen: detection decides, see [`EncodingSource::Detected`]).
    Fallback,
    /// No mark and no label (or the label "auto"), and the bytes are not valid UTF-8: encoding
    /// detection chose ([`crate::detect::auto`]); a note gives its answer and first reason.
    Detected,
}

impl EncodingSource {
    /// The rule in words, as the command line and the page show it.
    pub fn description(self) -> &'static str {
        match self {
            EncodingSource::Text => "the input is text, shown as its UTF-8",
            EncodingSource::Bom => "chosen by the byte order mark",
            EncodingSource::Label => "as labelled",
            EncodingSource::Utf8Valid => "no label or byte order mark; the bytes are valid UTF-8",
            EncodingSource::Fallback => {
                "no label or byte order mark and not valid UTF-8: the windows-1252 fallback"
            }
            EncodingSource::Detected => {
                "no label or byte order mark and not valid UTF-8: chosen by detection (see the note)"
            }
        }
    }
}

/// One unit of the input: a character or a malformed sequence, with its bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitRow {
    /// Byte offset from the start of the input.
    pub offset: u64,
    /// How many bytes.
    pub length: u64,
    /// The bytes in the input's encoding (for text, its UTF-8).
    pub hex: String,
    /// What each byte is (see [`ByteRole`]: the same rule as `dump`).
    pub roles: Vec<ByteRole>,
    /// The index of the grapheme cluster of the decoded text this unit belongs to.
    pub grapheme: usize,
    /// The character, or the malformed sequence.
    #[serde(flatten)]
    pub what: UnitWhat,
}

/// What a unit is. In JSON its fields sit beside the unit's own: a character's fields, or one
/// `malformed` object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum UnitWhat {
    /// A character.
    Char(Box<CharInfo>),
    /// A malformed sequence (a lossy decode puts one U+FFFD in its place).
    Malformed {
        /// The sequence, as `decode --json` shows it.
        malformed: Malformed,
        /// Its bytes' bits as they are (see [`bits::byte_layout`]).
        bits: Vec<Field>,
    },
}

/// The byte order mark as each policy reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BomView {
    /// The readings: `whatwg` and `unicode`, each `{encoding, len}` or null.
    #[serde(flatten)]
    pub readings: BomReadings,
    /// Where browsers and the Unicode Standard disagree about these bytes, if they do.
    pub disagreement: Option<String>,
}

/// The inspection of one input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Text or bytes.
    pub kind: InputKind,
    /// The encoding that decoded the bytes (UTF-8 for text).
    pub encoding: &'static Encoding,
    /// Which rule chose it.
    pub encoding_source: EncodingSource,
    /// The rule in words ([`EncodingSource::description`]).
    pub encoding_source_description: &'static str,
    /// The encoding of the byte order mark that was removed before decoding, if any.
    pub bom: Option<&'static Encoding>,
    /// How many bytes the input has.
    pub byte_length: usize,
    /// The input bytes (the first [`Shown::hex_bytes`] of them).
    pub hex: String,
    /// Whether `hex` stops before the end of the input.
    pub hex_cut: bool,
    /// The decoded text, with one U+FFFD per malformed sequence (the first
    /// [`Shown::text_chars`] characters of it).
    pub text: String,
    /// Whether `text` stops before the end of the decoded text.
    pub text_cut: bool,
    /// How many U+FFFD the decoder wrote (one per malformed sequence).
    pub replacements: usize,
    /// The malformed sequences (the first [`Shown::malformed`] of them).
    pub malformed: Vec<Malformed>,
    /// How many malformed sequences there are in all.
    pub malformed_total: usize,
    /// The lengths of the decoded text.
    pub lengths: Lengths,
    /// What each length counts and who counts so, in the order of the fields of `lengths`.
    pub length_models: [Model; 6],
    /// Whether the decoded text is in each normalization form, and the start of each form
    /// that differs.
    pub normalization: NormalizationSummary,
    /// The byte order mark under both policies (for text input: of its UTF-8, where a leading
    /// U+FEFF reads as the UTF-8 mark).
    pub bom_readings: Option<BomView>,
    /// Warnings about the encoding or its label (the "utf-16" label, what "latin1" means).
    pub notes: Vec<String>,
    /// Every unit, in order.
    pub units: Vec<UnitRow>,
    /// The hidden characters of `text` (bidi controls, zero-width and other invisible
    /// characters), which a view shows as visible marks and never applies.
    pub hidden: crate::scan::hidden::Marks,
    /// When the text looks like mojibake (text decoded with the wrong encoding, perhaps more
    /// than once): what `charscope fix` would make of it. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mojibake: Option<crate::repair::Suspicion>,
}

/// Why an input could not be inspected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InspectError {
    /// The label names no encoding.
    UnknownLabel(UnknownLabel),
}

impl fmt::Display for InspectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InspectError::UnknownLabel(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for InspectError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InspectError::UnknownLabel(e) => Some(e),
        }
    }
}

impl From<UnknownLabel> for InspectError {
    fn from(e: UnknownLabel) -> Self {
        InspectError::UnknownLabel(e)
    }
}

/// For a label that leaves the byte order open ("utf-16", "ucs-2", "utf-32"...), the two
/// encodings a byte order mark may choose between.
fn open_byte_order(label: &str, encoding: &'static Encoding) -> Option<[&'static Encoding; 2]> {
    let label = label.trim().to_ascii_lowercase();
    if encoding == encoding::UTF_16LE && label != "utf-16le" {
        Some([encoding::UTF_16LE, encoding::UTF_16BE])
    } else if encoding == encoding::UTF_32BE
        && matches!(label.as_str(), "utf-32" | "utf32" | "ucs-4")
    {
        Some([encoding::UTF_32LE, encoding::UTF_32BE])
    } else {
        None
    }
}

/// The note for such a label when no byte order mark settles the order.
fn open_byte_order_note(label: &str, encoding: &'static Encoding) -> String {
    let label = label.trim();
    if encoding == encoding::UTF_16LE {
        format!(
            "The label \"{label}\" names no byte order and the input has no byte order mark: \
             browsers (WHATWG) read it as UTF-16LE, which is used here; the Unicode Standard (D98) \
             reads UTF-16 without a byte order mark as big-endian (UTF-16BE)."
        )
    } else {
        format!(
            "The label \"{label}\" names no byte order and the input has no byte order mark: \
             the Unicode Standard (D99) reads UTF-32 without a byte order mark as big-endian, \
             which is used here."
        )
    }
}

/// Which units a report lists row by row: `limit` of them from the `start`-th. Everything else in
/// the report (text, lengths, normalization, malformed sequences) always covers the whole input,
/// so a large input can be inspected a page of rows at a time. The input has as many units as its
/// decoded text has code points ([`Lengths::code_points`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitWindow {
    /// The index of the first unit listed.
    pub start: usize,
    /// How many units at most.
    pub limit: usize,
}

impl UnitWindow {
    /// Every unit.
    pub const ALL: UnitWindow = UnitWindow {
        start: 0,
        limit: usize::MAX,
    };
}

/// How much of a large input a report lists: the rest is counted, not sent. The command line
/// shows everything ([`Shown::ALL`]); the page asks for what it can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shown {
    /// Which units.
    pub units: UnitWindow,
    /// How many characters of the decoded text.
    pub text_chars: usize,
    /// How many input bytes in `hex`.
    pub hex_bytes: usize,
    /// How many malformed sequences.
    pub malformed: usize,
    /// How many bytes of the decoded text to look for mojibake in (`mojibake`): a repair of
    /// them is the costliest part of a report (the repair looks at 64 KiB at most whatever this
    /// says; 0 does not look).
    pub mojibake_bytes: usize,
}

impl Shown {
    /// Everything.
    pub const ALL: Shown = Shown {
        units: UnitWindow::ALL,
        text_chars: usize::MAX,
        hex_bytes: usize::MAX,
        malformed: usize::MAX,
        mojibake_bytes: usize::MAX,
    };

    /// Everything but the units outside `units`.
    pub fn window(units: UnitWindow) -> Shown {
        Shown {
            units,
            ..Shown::ALL
        }
    }
}

/// Inspects text.
pub fn inspect_text(text: &str) -> Report {
    inspect_text_window(text, UnitWindow::ALL)
}

/// Inspects text, listing only the units in `window`.
///
/// ```
/// use charscope::report::{inspect_text_window, UnitWindow};
/// let r = inspect_text_window("caf\u{E9}", UnitWindow { start: 3, limit: 10 });
/// assert_eq!((r.units.len(), r.units[0].hex.as_str()), (1, "C3 A9"));
/// assert_eq!(r.lengths.code_points, 4);
/// ```
pub fn inspect_text_window(text: &str, window: UnitWindow) -> Report {
    inspect_text_shown(text, Shown::window(window))
}

/// Inspects text, listing only what `shown` asks for.
pub fn inspect_text_shown(text: &str, shown: Shown) -> Report {
    let mut units = Gathered::new(shown, text.len());
    crate::decode::Decoder::new(encoding::UTF_8)
        .decode_units(text.as_bytes(), true, |u| units.push(u));
    let readings = BomReadings::of(text.as_bytes());
    let mut report = build(
        InputKind::Text,
        text.as_bytes(),
        encoding::UTF_8,
        EncodingSource::Text,
        None,
        units,
        shown,
    );
    // Text keeps a leading U+FEFF as a character; its UTF-8 (EF BB BF) is still what each
    // policy would take for a mark if these bytes were read as bytes.
    report.bom_readings = Some(BomView {
        disagreement: readings.disagreement(),
        readings,
    });
    report
}

/// Inspects bytes, decoded with the encoding `label` names, or chosen as the module docs say.
/// With a label a byte order mark of that same encoding is removed; a label that leaves the
/// byte order open ("utf-16", "utf-32") lets a mark decide it.
pub fn inspect_bytes(bytes: &[u8], label: Option<&str>) -> Result<Report, InspectError> {
    inspect_bytes_window(bytes, label, UnitWindow::ALL)
}

/// Inspects bytes as [`inspect_bytes`] does, listing only the units in `window`.
pub fn inspect_bytes_window(
    bytes: &[u8],
    label: Option<&str>,
    window: UnitWindow,
) -> Result<Report, InspectError> {
    inspect_bytes_shown(bytes, label, Shown::window(window))
}

/// Inspects bytes as [`inspect_bytes`] does, listing only what `shown` asks for.
pub fn inspect_bytes_shown(
    bytes: &[u8],
    label: Option<&str>,
    shown: Shown,
) -> Result<Report, InspectError> {
    let readings = BomReadings::of(bytes);
    let mut notes = Vec::new();
    let label = label.filter(|l| !l.trim().eq_ignore_ascii_case("auto"));
    let (encoding, source) = match label {
        Some(label) => {
            let enc = encoding::for_label(label)?;
            match open_byte_order(label, enc) {
                Some(choices) => match [readings.unicode, readings.whatwg]
                    .into_iter()
                    .flatten()
                    .find(|b| choices.contains(&b.encoding))
                {
                    Some(bom) => (bom.encoding, EncodingSource::Bom),
                    None => {
                        notes.push(open_byte_order_note(label, enc));
                        (enc, EncodingSource::Label)
                    }
                },
                None => (enc, EncodingSource::Label),
            }
        }
        None => match readings.unicode {
            Some(bom) => (bom.encoding, EncodingSource::Bom),
            None => {
                let (enc, detection) = crate::detect::auto(bytes);
                if enc == encoding::UTF_8 && std::str::from_utf8(bytes).is_ok() {
                    (enc, EncodingSource::Utf8Valid)
                } else {
                    notes.push(format!("Detected: {}", detection.summary()));
                    (enc, EncodingSource::Detected)
                }
            }
        },
    };
    if source == EncodingSource::Label {
        notes.extend(encoding.notes().iter().map(|n| n.to_string()));
    }
    if source == EncodingSource::Detected
        && encoding != encoding::UTF_8
        && std::str::from_utf8(bytes).is_err()
    {
        let first = crate::decode::decode(bytes, encoding::UTF_8).malformed[0];
        notes.push(format!(
            "The bytes are not valid UTF-8 (the first malformed sequence is {} at byte offset \
             {}: {}); read them with the label utf-8 to see every malformed sequence named.",
            first.hex(),
            first.offset(),
            first.kind
        ));
    }
    let mut decoder = StreamDecoder::new(encoding, BomMode::Strip);
    let mut units = Gathered::new(shown, bytes.len());
    decoder.decode_units(bytes, true, |u| units.push(u));
    let mut report = build(
        InputKind::Bytes,
        bytes,
        decoder.encoding(),
        source,
        decoder.bom().map(|b| b.encoding),
        units,
        shown,
    );
    report.notes = notes;
    report.bom_readings = Some(BomView {
        disagreement: readings.disagreement(),
        readings,
    });
    Ok(report)
}

/// The decoded units as [`build`] needs them, gathered as the decoder streams them: the text,
/// the malformed sequences (the first `shown.malformed`, and how many there are) and the units
/// of the window, so that a megabyte's units (40 bytes each) are never all held at once.
struct Gathered {
    window: UnitWindow,
    max_malformed: usize,
    seen: usize,
    text: String,
    malformed: Vec<Malformed>,
    malformed_total: usize,
    units: Vec<Unit>,
}

impl Gathered {
    fn new(shown: Shown, text_capacity: usize) -> Gathered {
        Gathered {
            window: shown.units,
            max_malformed: shown.malformed,
            seen: 0,
            text: String::with_capacity(text_capacity),
            malformed: Vec::new(),
            malformed_total: 0,
            units: Vec::new(),
        }
    }

    fn push(&mut self, unit: Unit) {
        self.text.push(unit.lossy_char());
        if let Unit::Malformed(m) = &unit {
            self.malformed_total += 1;
            if self.malformed.len() < self.max_malformed {
                self.malformed.push(*m);
            }
        }
        if self.seen >= self.window.start && self.seen - self.window.start < self.window.limit {
            self.units.push(unit);
        }
        self.seen += 1;
    }
}

/// The largest char boundary of `text` at or before `at`.
fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut end = at.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

/// The report of decoded units gathered from `bytes`, with as much listed as `shown` asks.
fn build(
    kind: InputKind,
    bytes: &[u8],
    encoding: &'static Encoding,
    encoding_source: EncodingSource,
    bom: Option<&'static Encoding>,
    gathered: Gathered,
    shown: Shown,
) -> Report {
    let Gathered {
        mut text,
        malformed,
        malformed_total,
        units,
        ..
    } = gathered;
    let rows = unit_rows(&units, bytes, &text, shown.units);
    let hex_shown = &bytes[..bytes.len().min(shown.hex_bytes)];
    let text_end = char_end(&text, shown.text_chars);
    Report {
        kind,
        encoding,
        encoding_source,
        encoding_source_description: encoding_source.description(),
        bom,
        byte_length: bytes.len(),
        hex: hex_pairs(hex_shown),
        hex_cut: hex_shown.len() < bytes.len(),
        replacements: malformed_total,
        malformed,
        malformed_total,
        lengths: Lengths::of(&text),
        length_models: metrics::MODELS,
        normalization: NormalizationSummary::of(&text),
        bom_readings: None,
        notes: Vec::new(),
        units: rows,
        mojibake: match shown.mojibake_bytes {
            0 => None,
            n => crate::repair::suspicion(&text[..floor_char_boundary(&text, n)]),
        },
        text_cut: text_end < text.len(),
        hidden: crate::scan::hidden::marks(&text[..text_end]),
        text: {
            text.truncate(text_end);
            text
        },
    }
}

/// The byte index where the first `count` characters of `text` end (its length if it has
/// fewer).
fn char_end(text: &str, count: usize) -> usize {
    text.char_indices()
        .nth(count)
        .map_or(text.len(), |(at, _)| at)
}

/// The rows of the `units` of `window`, each with its bytes from `bytes` and the number of
/// its grapheme cluster in `text`.
fn unit_rows(units: &[Unit], bytes: &[u8], text: &str, window: UnitWindow) -> Vec<UnitRow> {
    // Grapheme numbers for the characters up to the window's end only: a boundary depends on
    // what precedes it and on the next character, so the text's start numbers its clusters as
    // the whole text does (and a megabyte is not segmented twice, `lengths` counting them).
    let window_end = char_end(text, window.start.saturating_add(window.limit));
    let graphemes = metrics::grapheme_of_each_char(&text[..window_end]);
    units
        .iter()
        .zip(graphemes.into_iter().skip(window.start))
        .map(|(unit, grapheme)| unit_row(unit, bytes, grapheme))
        .collect()
}

/// The row of one decoded unit of `bytes`, in grapheme cluster number `grapheme`.
fn unit_row(unit: &Unit, bytes: &[u8], grapheme: usize) -> UnitRow {
    let span = unit.span();
    let own = &bytes[span.start as usize..span.end as usize];
    UnitRow {
        offset: span.start,
        length: span.len(),
        hex: hex_pairs(own),
        roles: ByteRole::of_unit(own.len(), matches!(unit, Unit::Malformed(_))),
        grapheme,
        what: match unit {
            Unit::Char { ch, .. } => UnitWhat::Char(Box::new(CharInfo::of(*ch))),
            Unit::Malformed(m) => UnitWhat::Malformed {
                malformed: *m,
                bits: bits::byte_layout(own),
            },
        },
    }
}
