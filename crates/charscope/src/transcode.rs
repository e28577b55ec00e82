//! Streaming transcoding: bytes in one encoding -> bytes in another, with an error policy.
//!
//! A [`Transcoder`] is fed chunks `(src, last)` of any size and appends its output to a
//! `Vec<u8>`; the output of a stream is the same whatever the chunking. Decoding is the
//! library's one decoder ([`StreamDecoder`], so every malformed sequence is exactly the one
//! `decode` and `validate` name); encoding goes through encoding_rs for legacy targets and
//! encoding_rs's `mem` functions for UTF-16. The fast path decides, the slow path explains:
//! valid runs are converted a block at a time, and only a malformed sequence or an unmappable
//! character is looked at one by one.
//!
//! Under [`ErrorPolicy::Strict`] the first malformed sequence or unmappable character ends the
//! stream with a [`TranscodeError`] that says where (byte offset, line and column) and what;
//! the output appended before it is everything up to that point.
//!
//! ```
//! use charscope::{encoding, transcode::{Options, Transcoder}};
//! let mut t = Transcoder::new(encoding::for_label("windows-1252").unwrap(), encoding::UTF_8, Options::default()).unwrap();
//! let mut out = Vec::new();
//! t.transcode(b"caf\xE9 \x80", true, &mut out).unwrap();
//! assert_eq!(out, "café €".as_bytes());
//! ```

use crate::bom::{BomMode, BomPolicy};
use crate::charinfo::names;
use crate::decode::{Malformed, Piece};
use crate::encode::EncodeError;
use crate::encoding::{Encoding, Endian, Engine};
use crate::span::Span;
use crate::stream::StreamDecoder;
use crate::text::normalization::{Form, normalize};
use serde::Serialize;
use std::fmt;

mod direct;
mod parallel;
mod pipeline;

pub use pipeline::SourceError;

/// What to do with a malformed sequence in the input or a character the target cannot encode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ErrorPolicy {
    /// Stop at the first one, with an error that names it.
    #[default]
    Strict,
    /// A malformed sequence becomes one U+FFFD (exactly the lossy decode; `?` where the target
    /// has no U+FFFD); an unmappable character becomes `?`.
    Replace,
    /// Leave both out (iconv's `-c`).
    Skip,
    /// A malformed sequence becomes U+FFFD (`&#65533;` where the target has none); an
    /// unmappable character becomes an HTML decimal reference, `&#8364;`.
    Html,
    /// Nothing is lost: each malformed byte becomes `\xNN`, an unmappable character `\uXXXX`
    /// (a surrogate pair beyond the BMP), as JSON and JavaScript write them.
    Escape,
}

/// What to do with a byte order mark on the way out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum BomAction {
    /// Write the target's mark when the input had one (what iconv does with a U+FEFF).
    #[default]
    Keep,
    /// Never write a mark.
    Strip,
    /// Always write the target's mark (UTF-8, UTF-16 and UTF-32 only; others have none).
    Add,
}

/// Line ends on the way out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Newline {
    /// As they are.
    #[default]
    Keep,
    /// CR LF becomes LF (a lone CR stays).
    Lf,
    /// A LF not already after a CR becomes CR LF.
    Crlf,
}

/// How a transcoder treats its input and output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Malformed input and unmappable characters.
    pub errors: ErrorPolicy,
    /// The output's byte order mark.
    pub bom: BomAction,
    /// Line ends.
    pub newline: Newline,
    /// A normalization form to put the text in, if any.
    pub normalize: Option<Form>,
    /// Whether a leading byte order mark overrides the source encoding (`--from auto`): under
    /// the Unicode policy, so UTF-32 marks count too.
    pub sniff_bom: bool,
}

impl Options {
    /// These options with another error policy.
    pub fn with_errors(mut self, errors: ErrorPolicy) -> Self {
        self.errors = errors;
        self
    }

    /// These options with another BOM action.
    pub fn with_bom(mut self, bom: BomAction) -> Self {
        self.bom = bom;
        self
    }

    /// These options with another newline conversion.
    pub fn with_newline(mut self, newline: Newline) -> Self {
        self.newline = newline;
        self
    }

    /// These options with a normalization form.
    pub fn with_normalize(mut self, form: Option<Form>) -> Self {
        self.normalize = form;
        self
    }

    /// These options with BOM sniffing on or off.
    pub fn with_sniff_bom(mut self, sniff: bool) -> Self {
        self.sniff_bom = sniff;
        self
    }
}

/// What a transcoder has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Bytes read.
    pub bytes_in: u64,
    /// Bytes written.
    pub bytes_out: u64,
    /// Malformed sequences met (replaced, skipped or escaped).
    pub malformed: u64,
    /// Unmappable characters met (substituted, skipped or escaped).
    pub unmappable: u64,
    /// Of those, how many were written as a substitute (U+FFFD, `?`, a reference or an escape).
    pub replacements: u64,
    /// The byte offset of the first malformed sequence, if any.
    pub first_malformed: Option<u64>,
}

/// A malformed sequence where strict transcoding stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MalformedAt {
    /// The sequence (offset, length, hex, kind, reason).
    #[serde(flatten)]
    pub malformed: Malformed,
    /// 1-based line of the decoded text where it sits.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
}

/// A character the target cannot encode, where strict transcoding stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnmappableAt {
    /// Its index in the text written so far, in characters.
    pub index: u64,
    /// The character.
    #[serde(rename = "char")]
    pub ch: char,
    /// `U+20AC`.
    pub code_point: String,
    /// Its Unicode name, or its code point label.
    pub name: String,
    /// The byte offset in the input where it starts (or, when `exact` is false because
    /// `newline` or `normalize` changed the text, where the run holding it starts).
    pub offset: u64,
    /// Whether `offset` is the character's own.
    pub exact: bool,
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
}

/// Why a strict transcoding stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TranscodeError {
    /// The input has a malformed sequence.
    Malformed(MalformedAt),
    /// The target encoding cannot represent a character.
    Unmappable(UnmappableAt),
}

impl TranscodeError {
    /// The byte offset in the input where the problem is.
    pub fn offset(&self) -> u64 {
        match self {
            TranscodeError::Malformed(m) => m.malformed.offset(),
            TranscodeError::Unmappable(u) => u.offset,
        }
    }
}

impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscodeError::Malformed(m) => write!(
                f,
                "{}:{}: byte offset {}: {}: {} ({})",
                m.line,
                m.column,
                m.malformed.offset(),
                m.malformed.kind,
                m.malformed.hex(),
                m.malformed.reason()
            ),
            TranscodeError::Unmappable(u) => write!(
                f,
                "{}:{}: byte offset {}: unmappable: {} {}",
                u.line, u.column, u.offset, u.code_point, u.name
            ),
        }
    }
}

impl std::error::Error for TranscodeError {}

/// The summary of one conversion, as `convert --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TranscodeReport {
    /// The input's name.
    pub file: String,
    /// Where the output went (`null`: standard output).
    pub output: Option<String>,
    /// The encoding that decoded.
    pub from: &'static str,
    /// The target encoding.
    pub to: &'static str,
    /// Counts.
    #[serde(flatten)]
    pub stats: Stats,
    /// Why a strict conversion stopped (`null` when it did not).
    pub error: Option<TranscodeError>,
}

/// Line and column of the decoded text.
#[derive(Clone, Copy, Debug)]
struct Position {
    /// Newlines seen.
    lines: u64,
    /// Characters since the last newline.
    column: u64,
}

impl Position {
    fn advance(&mut self, text: &str) {
        crate::count::advance(
            text.as_bytes(),
            crate::count::utf8_chars,
            &mut self.lines,
            &mut self.column,
        );
    }

    fn line(&self) -> u64 {
        self.lines + 1
    }

    fn col(&self) -> u64 {
        self.column + 1
    }
}

/// The output side: text in, bytes of the target out.
struct Writer {
    target: &'static Encoding,
    options: Options,
    encoder: Option<encoding_rs::Encoder>,
    stats: Stats,
    /// Position of the next decoded character (kept under the strict policy only).
    position: Position,
    track_position: bool,
    /// Characters handed to the encoder so far (kept for targets that can refuse one).
    chars_encoded: u64,
    track_chars: bool,
    /// A CR at the end of the last piece, waiting to see whether a LF follows.
    pending_cr: bool,
    /// Whether the last character written was a CR (for `Newline::Crlf`).
    last_was_cr: bool,
    /// Text held back for normalization until a safe boundary.
    held: String,
    stage: String,
    units: Vec<u16>,
    scratch: Vec<u8>,
    /// Where the current piece starts in the input.
    piece_start: u64,
    /// Whether anything has been output (the BOM is decided before the first output).
    started: bool,
    /// The text before an unmappable character in its run, to place it exactly once the
    /// source encoding is known.
    fix: Option<Prefix>,
    /// For a single-byte target: the byte of each BMP character it maps (see [`SingleByte`]).
    single_byte: Option<Box<SingleByte>>,
}

/// The encoder of a single-byte encoding as a table: encoding_rs finds each character by a
/// search through its 128 mappings; a direct table does it in one step.
struct SingleByte {
    /// The byte of each BMP code point, where `mapped` says it has one.
    byte: Vec<u8>,
    mapped: Vec<bool>,
}

impl SingleByte {
    /// The table of `rs`, built by decoding each of its 256 bytes.
    fn of(rs: &'static encoding_rs::Encoding) -> SingleByte {
        let mut table = SingleByte {
            byte: vec![0; 0x10000],
            mapped: vec![false; 0x10000],
        };
        for b in 0..=255u8 {
            let one = [b];
            let (text, had_errors) = rs.decode_without_bom_handling(&one);
            if had_errors {
                continue;
            }
            if let Some(c) = text.chars().next() {
                let cp = u32::from(c) as usize;
                if cp < 0x10000 && !table.mapped[cp] {
                    table.byte[cp] = b;
                    table.mapped[cp] = true;
                }
            }
        }
        table
    }
}

/// Lengths of the text before an unmappable character in its run.
#[derive(Clone, Copy, Debug)]
struct Prefix {
    utf8: u64,
    utf16: u64,
    chars: u64,
}

/// How many input bytes a prefix of a run came from in `source`, where that follows from the
/// text alone (Unicode and single-byte encodings).
fn source_len(source: &'static Encoding, prefix: Prefix) -> Option<u64> {
    match source.engine() {
        Engine::Utf8 => Some(prefix.utf8),
        Engine::Utf16(_) => Some(2 * prefix.utf16),
        Engine::Utf32(_) => Some(4 * prefix.chars),
        Engine::TrueLatin1 => Some(prefix.chars),
        Engine::Whatwg(_) if source.is_single_byte() => Some(prefix.chars),
        Engine::SingleByte(_) => Some(prefix.chars),
        Engine::Whatwg(_)
        | Engine::Cesu8
        | Engine::Utf7
        | Engine::Iso2022Kr
        | Engine::Johab
        | Engine::EucTw => None,
    }
}

/// Where a run of text came from, for exact positions of an unmappable character.
#[derive(Clone, Copy)]
struct Origin {
    span: Span,
    position: Position,
}

/// A streaming transcoder from one encoding to another.
pub struct Transcoder {
    decoder: StreamDecoder,
    writer: Writer,
    failed: bool,
    /// The transcoder of second parts, kept between chunks (see `transcode_parallel`).
    helper: Option<Box<Transcoder>>,
    /// The helper's output buffer, kept between chunks.
    spare: Vec<u8>,
}

impl fmt::Debug for Transcoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Transcoder({} -> {}, {:?})",
            self.decoder.encoding(),
            self.writer.target,
            self.writer.stats
        )
    }
}

impl Transcoder {
    /// A transcoder from `from` to `to`. Fails when `to` cannot be encoded to (the replacement
    /// encoding) or not a chunk at a time ([`Encoding::can_encode_stream`]).
    pub fn new(
        from: &'static Encoding,
        to: &'static Encoding,
        options: Options,
    ) -> Result<Transcoder, EncodeError> {
        if !to.can_encode() {
            return Err(EncodeError::NoEncoder(to));
        }
        if !to.can_encode_stream() {
            return Err(EncodeError::NotStreamable(to));
        }
        let mode = if options.sniff_bom {
            BomMode::Sniff(BomPolicy::Unicode)
        } else {
            BomMode::Strip
        };
        Ok(Transcoder {
            decoder: StreamDecoder::new(from, mode),
            writer: Writer::new(to, options),
            failed: false,
            helper: None,
            spare: Vec::new(),
        })
    }

    /// The encoding that decodes (after `--from auto`, the one a BOM chose).
    pub fn source(&self) -> &'static Encoding {
        self.decoder.encoding()
    }

    /// The byte order mark found at the start of the input, once settled.
    pub fn source_bom(&self) -> Option<crate::Bom> {
        self.decoder.bom()
    }

    /// What has been done so far.
    pub fn stats(&self) -> Stats {
        self.writer.stats
    }

    /// Transcodes a chunk, appending to `out`; `last` on the final chunk. After an error the
    /// transcoder stays failed: later calls do nothing and return the same kind of error.
    pub fn transcode(
        &mut self,
        src: &[u8],
        last: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        if self.failed {
            return Ok(());
        }
        if !last {
            let taken = self.direct(src, out);
            if taken > 0 {
                return match &src[taken..] {
                    [] => Ok(()),
                    rest => self.transcode(rest, last, out),
                };
            }
        }
        let start_len = out.len();
        let writer = &mut self.writer;
        writer.stats.bytes_in += src.len() as u64;
        let mut error = None;
        self.decoder.decode_pieces(src, last, |piece| {
            if error.is_some() {
                return;
            }
            let result = match piece {
                Piece::Text { span, text } => writer.text(span, text, out),
                Piece::Malformed(m) => writer.malformed(m, out),
            };
            if let Err(e) = result {
                error = Some(e);
            }
        });
        if error.is_none() && last {
            error = writer.finish(out).err();
        }
        if !self.writer.started && (out.len() > start_len || last || error.is_some()) {
            self.writer.started = true;
            let bom = match self.writer.options.bom {
                BomAction::Keep if self.decoder.bom().is_some() => self.writer.target.bom(),
                BomAction::Add => self.writer.target.bom(),
                _ => None,
            };
            if let Some(bom) = bom {
                out.splice(start_len..start_len, bom.iter().copied());
            }
        }
        self.writer.stats.bytes_out += (out.len() - start_len) as u64;
        if last {
            self.writer.started = false;
        }
        match error {
            Some(mut e) => {
                self.failed = true;
                if let (TranscodeError::Unmappable(u), Some(prefix)) = (&mut e, self.writer.fix)
                    && let Some(len) = source_len(self.decoder.encoding(), prefix)
                {
                    u.offset += len;
                    u.exact = true;
                }
                Err(e)
            }
            None => Ok(()),
        }
    }
}

impl Writer {
    fn new(to: &'static Encoding, options: Options) -> Writer {
        Writer {
            target: to,
            options,
            encoder: match to.engine() {
                Engine::Whatwg(rs) => Some(rs.new_encoder()),
                _ => None,
            },
            stats: Stats::default(),
            position: Position {
                lines: 0,
                column: 0,
            },
            track_position: options.errors == ErrorPolicy::Strict,
            chars_encoded: 0,
            track_chars: !to.is_unicode(),
            pending_cr: false,
            last_was_cr: false,
            held: String::new(),
            stage: String::new(),
            units: Vec::new(),
            scratch: vec![0; 64 * 1024],
            piece_start: 0,
            started: false,
            fix: None,
            single_byte: match to.engine() {
                Engine::Whatwg(rs) if to.is_single_byte() => Some(Box::new(SingleByte::of(rs))),
                _ => None,
            },
        }
    }

    fn transforms(&self) -> bool {
        self.options.newline != Newline::Keep || self.options.normalize.is_some()
    }

    fn text(&mut self, span: Span, text: &str, out: &mut Vec<u8>) -> Result<(), TranscodeError> {
        self.piece_start = span.start;
        let origin = Origin {
            span,
            position: self.position,
        };
        if self.track_position {
            self.position.advance(text);
        }
        if !self.transforms() {
            return self.encode(text, Some(origin), out);
        }
        let mut stage = std::mem::take(&mut self.stage);
        stage.clear();
        self.newlines(text, &mut stage);
        let result = self.normalized(&stage, false, out);
        self.stage = stage;
        result
    }

    /// Applies the newline conversion to `text`, appending to `stage`.
    fn newlines(&mut self, text: &str, stage: &mut String) {
        match self.options.newline {
            Newline::Keep => stage.push_str(text),
            Newline::Lf => {
                let mut rest = text;
                if std::mem::take(&mut self.pending_cr) && !rest.starts_with('\n') {
                    stage.push('\r');
                }
                while let Some(i) = memchr::memchr(b'\r', rest.as_bytes()) {
                    stage.push_str(&rest[..i]);
                    match rest.as_bytes().get(i + 1) {
                        Some(b'\n') => {}
                        Some(_) => stage.push('\r'),
                        None => self.pending_cr = true,
                    }
                    rest = &rest[i + 1..];
                }
                stage.push_str(rest);
            }
            Newline::Crlf => {
                let mut rest = text;
                while let Some(i) = memchr::memchr(b'\n', rest.as_bytes()) {
                    let before_cr = if i == 0 {
                        self.last_was_cr
                    } else {
                        rest.as_bytes()[i - 1] == b'\r'
                    };
                    stage.push_str(&rest[..i]);
                    if !before_cr {
                        stage.push('\r');
                    }
                    stage.push('\n');
                    self.last_was_cr = false;
                    rest = &rest[i + 1..];
                }
                if !rest.is_empty() {
                    self.last_was_cr = rest.ends_with('\r');
                }
                stage.push_str(rest);
            }
        }
    }

    /// Normalizes (when asked) the staged text up to a safe boundary, holding back the rest,
    /// and encodes it; `flush` releases everything held.
    fn normalized(
        &mut self,
        text: &str,
        flush: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let Some(form) = self.options.normalize else {
            return self.encode(text, None, out);
        };
        let mut held = std::mem::take(&mut self.held);
        held.push_str(text);
        let split = if flush {
            held.len()
        } else {
            match safe_boundary(&held) {
                0 if held.len() > MAX_HELD => held.len(),
                n => n,
            }
        };
        let result = if split > 0 {
            let ready = normalize(&held[..split], form);
            self.encode(&ready, None, out)
        } else {
            Ok(())
        };
        held.drain(..split);
        self.held = held;
        result
    }

    /// Releases what the newline and normalization stages hold.
    fn flush(&mut self, out: &mut Vec<u8>) -> Result<(), TranscodeError> {
        if !self.transforms() {
            return Ok(());
        }
        let cr = if std::mem::take(&mut self.pending_cr) {
            "\r"
        } else {
            ""
        };
        self.normalized(cr, true, out)
    }

    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), TranscodeError> {
        self.flush(out)?;
        self.last_was_cr = false;
        if let Some(encoder) = &mut self.encoder {
            // Ends an ISO-2022-JP stream in the ASCII state.
            let (_, _, written) =
                encoder.encode_from_utf8_without_replacement("", &mut self.scratch, true);
            out.extend_from_slice(&self.scratch[..written]);
            if let Engine::Whatwg(rs) = self.target.engine() {
                *encoder = rs.new_encoder();
            }
        }
        Ok(())
    }

    fn malformed(&mut self, m: Malformed, out: &mut Vec<u8>) -> Result<(), TranscodeError> {
        self.piece_start = m.span.start;
        let position = self.position;
        if self.track_position {
            self.position.column += 1;
        }
        if self.options.errors == ErrorPolicy::Strict {
            return Err(TranscodeError::Malformed(MalformedAt {
                malformed: m,
                line: position.line(),
                column: position.col(),
            }));
        }
        self.stats.malformed += 1;
        self.stats.first_malformed.get_or_insert(m.offset());
        match self.options.errors {
            ErrorPolicy::Skip => return Ok(()),
            ErrorPolicy::Escape => {
                self.flush(out)?;
                self.stats.replacements += 1;
                let mut escaped = String::with_capacity(4 * m.bytes().len());
                for b in m.bytes() {
                    escaped.push_str(&format!("\\x{b:02X}"));
                }
                self.encode(&escaped, None, out)?;
            }
            _ => {
                self.flush(out)?;
                self.stats.replacements += 1;
                self.encode_replacement_char(out);
            }
        }
        Ok(())
    }

    /// Writes U+FFFD, or its substitute where the target has none.
    fn encode_replacement_char(&mut self, out: &mut Vec<u8>) {
        const FFFD: &str = "\u{FFFD}";
        match self.target.engine() {
            Engine::Utf8 | Engine::Utf16(_) | Engine::Utf32(_) => {
                self.encode_unicode(FFFD, out);
            }
            _ => {
                // gb18030 and the UTF-16 labels of encoding_rs can; most legacy targets cannot.
                let before = out.len();
                let unmappable_before = self.stats.unmappable;
                let errors = self.options.errors;
                // Encode it as a character the user did not write: never an error.
                self.options.errors = ErrorPolicy::Replace;
                let _ = self.encode(FFFD, None, out);
                self.options.errors = errors;
                if self.stats.unmappable > unmappable_before {
                    // Not a character of the input: not counted as unmappable.
                    self.stats.unmappable = unmappable_before;
                    self.stats.replacements -= 1;
                    if errors == ErrorPolicy::Html {
                        out.truncate(before);
                        out.extend_from_slice(b"&#65533;");
                    }
                }
            }
        }
    }

    fn encode_unicode(&mut self, text: &str, out: &mut Vec<u8>) {
        match self.target.engine() {
            Engine::Utf8 => out.extend_from_slice(text.as_bytes()),
            Engine::Utf16(Endian::Little) => {
                crate::simd::str_to_utf16le_bytes(text, out, &mut self.units);
            }
            Engine::Utf16(endian) => {
                if self.units.len() < text.len() + 1 {
                    self.units.resize(text.len() + 1, 0);
                }
                let n = crate::simd::str_to_utf16(text, &mut self.units);
                let units = &mut self.units[..n];
                let native = match endian {
                    Endian::Little => cfg!(target_endian = "little"),
                    Endian::Big => cfg!(target_endian = "big"),
                };
                if !native {
                    for u in units.iter_mut() {
                        *u = u.swap_bytes();
                    }
                }
                out.extend_from_slice(bytemuck::cast_slice(units));
            }
            Engine::Utf32(endian) => {
                out.reserve(4 * text.len());
                for c in text.chars() {
                    out.extend_from_slice(&match endian {
                        Endian::Big => u32::from(c).to_be_bytes(),
                        Endian::Little => u32::from(c).to_le_bytes(),
                    });
                }
            }
            _ => unreachable!("not a Unicode target"),
        }
    }

    /// Encodes `text` into the target. `origin` places it in the input exactly (when no
    /// transform changed it), for the position of an unmappable character.
    fn encode(
        &mut self,
        text: &str,
        origin: Option<Origin>,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        if text.is_empty() {
            return Ok(());
        }
        match self.target.engine() {
            Engine::Utf8 | Engine::Utf16(_) | Engine::Utf32(_) => {
                self.encode_unicode(text, out);
                Ok(())
            }
            Engine::TrueLatin1 => {
                let mut from = 0;
                for (i, ch) in text.char_indices() {
                    match u8::try_from(u32::from(ch)) {
                        Ok(b) => out.push(b),
                        Err(_) => {
                            self.unmappable(text, from, i, ch, origin, out)?;
                            from = i;
                        }
                    }
                }
                self.chars_encoded += crate::count::utf8_chars(&text.as_bytes()[from..]);
                Ok(())
            }
            Engine::Whatwg(_) if self.single_byte.is_some() => {
                self.encode_single_byte(text, origin, out)
            }
            Engine::Whatwg(_) => self.encode_legacy(text, origin, out),
            Engine::SingleByte(_) | Engine::Cesu8 | Engine::Johab | Engine::EucTw => {
                self.encode_each_char(text, origin, out)
            }
            Engine::Utf7 | Engine::Iso2022Kr => unreachable!("refused by Transcoder::new"),
        }
    }

    /// Encodes into a stateless target beyond WHATWG one character at a time.
    fn encode_each_char(
        &mut self,
        text: &str,
        origin: Option<Origin>,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let target = self.target;
        let mut from = 0;
        for (i, ch) in text.char_indices() {
            if !crate::encode::encode_char(target, ch, out) {
                self.unmappable(text, from, i, ch, origin, out)?;
                from = i;
            }
        }
        self.chars_encoded += crate::count::utf8_chars(&text.as_bytes()[from..]);
        Ok(())
    }

    /// Encodes into a single-byte target through its table: ASCII runs are copied, every other
    /// character looked up.
    fn encode_single_byte(
        &mut self,
        text: &str,
        origin: Option<Origin>,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let table = self.single_byte.take().expect("a single-byte target");
        let bytes = text.as_bytes();
        // One output byte per character at most: write into a slice sized for it.
        let base = out.len();
        out.resize(base + bytes.len(), 0);
        let mut w = base;
        let mut i = 0;
        let mut counted = 0;
        let mut result = Ok(());
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                out[w] = b;
                w += 1;
                i += 1;
                continue;
            }
            // `text` is valid UTF-8: the lead byte says the length.
            let (cp, len) = if b < 0xE0 {
                (
                    (u32::from(b & 0x1F) << 6) | u32::from(bytes[i + 1] & 0x3F),
                    2,
                )
            } else if b < 0xF0 {
                (
                    (u32::from(b & 0x0F) << 12)
                        | (u32::from(bytes[i + 1] & 0x3F) << 6)
                        | u32::from(bytes[i + 2] & 0x3F),
                    3,
                )
            } else {
                (0x10000, 4)
            };
            if cp < 0x10000 && table.mapped[cp as usize] {
                out[w] = table.byte[cp as usize];
                w += 1;
            } else {
                let ch = text[i..].chars().next().expect("a character starts here");
                out.truncate(w);
                let r = self.unmappable(text, counted, i, ch, origin, out);
                w = out.len();
                out.resize(w + bytes.len() - i, 0);
                if let Err(e) = r {
                    result = Err(e);
                    break;
                }
                counted = i;
            }
            i += len;
        }
        out.truncate(w);
        if result.is_ok() && self.track_chars {
            self.chars_encoded += crate::count::utf8_chars(&bytes[counted..]);
        }
        self.single_byte = Some(table);
        result
    }

    fn encode_legacy(
        &mut self,
        text: &str,
        origin: Option<Origin>,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let mut encoder = self.encoder.take().expect("a legacy target has an encoder");
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut consumed = 0;
        let mut counted = 0;
        let mut result = Ok(());
        loop {
            let (r, read, written) = encoder.encode_from_utf8_without_replacement(
                &text[consumed..],
                &mut scratch,
                false,
            );
            out.extend_from_slice(&scratch[..written]);
            consumed += read;
            match r {
                encoding_rs::EncoderResult::InputEmpty => break,
                encoding_rs::EncoderResult::OutputFull => {}
                encoding_rs::EncoderResult::Unmappable(_) => {
                    // The character just consumed (encoding_rs reports U+FFFD for ESC, SO and
                    // SI in ISO-2022-JP; the real one is in the text).
                    let ch = text[..consumed]
                        .chars()
                        .next_back()
                        .expect("a character was consumed");
                    let at = consumed - ch.len_utf8();
                    if let Err(e) = self.unmappable(text, counted, at, ch, origin, out) {
                        result = Err(e);
                        break;
                    }
                    counted = at;
                }
            }
        }
        if result.is_ok() {
            self.chars_encoded += crate::count::utf8_chars(&text.as_bytes()[counted..]);
        }
        self.encoder = Some(encoder);
        self.scratch = scratch;
        result
    }

    /// Handles an unmappable `ch` at UTF-8 offset `at` of `text`; `counted` is how far
    /// `chars_encoded` already counts.
    fn unmappable(
        &mut self,
        text: &str,
        counted: usize,
        at: usize,
        ch: char,
        origin: Option<Origin>,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        if self.track_chars {
            self.chars_encoded += crate::count::utf8_chars(&text.as_bytes()[counted..at]);
        }
        let policy = self.options.errors;
        if policy == ErrorPolicy::Strict {
            let before = &text[..at];
            let (offset, exact, position) = match origin {
                Some(o) => {
                    let mut p = o.position;
                    p.advance(before);
                    self.fix = Some(Prefix {
                        utf8: before.len() as u64,
                        utf16: before.encode_utf16().count() as u64,
                        chars: crate::count::utf8_chars(before.as_bytes()),
                    });
                    (o.span.start, false, p)
                }
                None => (self.piece_start, false, self.position),
            };
            return Err(TranscodeError::Unmappable(UnmappableAt {
                index: self.chars_encoded,
                ch,
                code_point: format!("U+{:04X}", u32::from(ch)),
                name: names::display_name(ch),
                offset,
                exact,
                line: position.line(),
                column: position.col(),
            }));
        }
        self.stats.unmappable += 1;
        let substitute = match policy {
            ErrorPolicy::Skip => return Ok(()),
            ErrorPolicy::Html => format!("&#{};", u32::from(ch)),
            ErrorPolicy::Escape => {
                let mut units = [0u16; 2];
                ch.encode_utf16(&mut units)
                    .iter()
                    .map(|u| format!("\\u{u:04X}"))
                    .collect()
            }
            _ => "?".to_string(),
        };
        self.stats.replacements += 1;
        match self.target.engine() {
            // EBCDIC and friends: the substitute's characters through the table ('?' is 6F).
            Engine::SingleByte(table) => {
                out.extend(substitute.chars().filter_map(|c| table.encode(c)))
            }
            _ => out.extend_from_slice(substitute.as_bytes()),
        }
        Ok(())
    }
}

/// Text with no safe place to cut is normalized anyway past this many bytes.
const MAX_HELD: usize = 1 << 20;

/// The byte index of the last place in `text` where normalization may cut: before a character
/// that starts a new normalization segment under every form (it has no decomposition starting
/// with a non-starter and never combines with what precedes it). Checked for a few large sets
/// (ASCII, Latin, Cyrillic, kana, CJK ideographs, Hangul syllables); 0 if none is found.
fn safe_boundary(text: &str) -> usize {
    for (i, c) in text.char_indices().rev() {
        if i > 0 && is_segment_start(c) {
            return i;
        }
    }
    0
}

fn is_segment_start(c: char) -> bool {
    matches!(u32::from(c),
        0x00..=0x7F
        | 0xC0..=0x24F
        | 0x400..=0x482
        | 0x3041..=0x3096
        | 0x30A1..=0x30FA
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3)
}
