//! Transcoding a large chunk on two threads: the chunk is cut where decoding starts afresh, the
//! transcoder converts the first part while a helper converts the second, and the helper's
//! counts are folded back. The output and every error are those of the one-thread path, which
//! a property test checks on random inputs.

use super::{Position, Stats, TranscodeError, Transcoder, Writer};
use crate::encoding::{Encoding, Endian, Engine};
use crate::stream::StreamDecoder;
use std::sync::OnceLock;

/// Chunks smaller than this are not worth a second thread.
pub(super) const PARALLEL_MIN: usize = 256 * 1024;

/// How far past the middle a cut is looked for before the chunk is converted on one thread.
pub(super) const SEARCH: usize = 64 * 1024;

/// Whether this machine has a second core to give.
fn two_cores() -> bool {
    static CORES: OnceLock<bool> = OnceLock::new();
    *CORES.get_or_init(|| crate::parallel::cores() > 1)
}

/// How a source encoding may be cut: at which points its decoder holds nothing back.
#[derive(Clone, Copy)]
pub(super) enum Cuttable {
    /// Anywhere (one byte per character).
    Anywhere,
    /// Before a byte that starts a character, after a complete one.
    Utf8,
    /// After a code unit that is not a high surrogate, at an aligned offset.
    Utf16(Endian),
    /// At a four-byte aligned offset.
    Utf32,
    /// After a byte below 0x30, which no multi-byte encoding here uses as a trail byte
    /// (gb18030's four-byte form uses digits; Shift_JIS, Big5 and GBK trail from 0x40, EUC
    /// from 0xA1), so that the decoder has finished whatever came before it.
    AfterLowAscii,
}

fn cuttable(source: &'static Encoding) -> Option<Cuttable> {
    match source.engine() {
        Engine::Utf8 => Some(Cuttable::Utf8),
        Engine::Utf16(endian) => Some(Cuttable::Utf16(endian)),
        Engine::Utf32(_) => Some(Cuttable::Utf32),
        Engine::TrueLatin1 | Engine::SingleByte(_) => Some(Cuttable::Anywhere),
        Engine::Whatwg(_) if source.is_single_byte() => Some(Cuttable::Anywhere),
        Engine::Whatwg(rs)
            if [
                encoding_rs::SHIFT_JIS,
                encoding_rs::EUC_JP,
                encoding_rs::EUC_KR,
                encoding_rs::GBK,
                encoding_rs::GB18030,
                encoding_rs::BIG5,
            ]
            .contains(&rs) =>
        {
            Some(Cuttable::AfterLowAscii)
        }
        // Stateful (ISO-2022-JP, UTF-7, ISO-2022-KR), or not worth it.
        _ => None,
    }
}

/// Whether the target's encoder keeps no state between characters, so that a fresh one may
/// write the second part.
fn stateless_target(target: &'static Encoding) -> bool {
    match target.engine() {
        Engine::Utf8 | Engine::Utf16(_) | Engine::Utf32(_) | Engine::TrueLatin1 => true,
        Engine::Whatwg(rs) => rs != encoding_rs::ISO_2022_JP && rs != encoding_rs::REPLACEMENT,
        Engine::SingleByte(_) | Engine::Cesu8 | Engine::Johab | Engine::EucTw => true,
        Engine::Utf7 | Engine::Iso2022Kr => false,
    }
}

/// Whether a decoder that has read `src[..p]` (whose first byte sits at absolute offset
/// `base`) holds nothing back, so that a fresh one may read on from `p`.
pub(super) fn clean_at(src: &[u8], p: usize, how: Cuttable, base: u64) -> bool {
    let aligned = |width: u64| (base + p as u64).is_multiple_of(width);
    match how {
        Cuttable::Anywhere => true,
        Cuttable::Utf8 => {
            // The character before `p` is complete and valid (a stray continuation byte after
            // it is a malformed sequence of its own, whoever reads it).
            let Some(start) = (p.saturating_sub(4)..p)
                .rev()
                .find(|&q| (src[q] as i8) >= -0x40)
            else {
                return false;
            };
            std::str::from_utf8(&src[start..p]).is_ok()
        }
        Cuttable::Utf16(endian) => {
            if p < 2 || !aligned(2) {
                return false;
            }
            let pair = [src[p - 2], src[p - 1]];
            let unit = match endian {
                Endian::Little => u16::from_le_bytes(pair),
                Endian::Big => u16::from_be_bytes(pair),
            };
            !(0xD800..0xDC00).contains(&unit)
        }
        Cuttable::Utf32 => aligned(4),
        Cuttable::AfterLowAscii => p > 0 && src[p - 1] < 0x30,
    }
}

/// The two cuts of `src` for two threads: the second part runs from the first clean point at
/// or after the middle to the last clean point near the end (what follows it is left to the
/// first thread, so that the helper ends holding nothing back).
fn cuts(src: &[u8], how: Cuttable, base: u64) -> Option<(usize, usize)> {
    let mid = src.len() / 2;
    let at = (mid.max(1)..src.len().min(mid + SEARCH)).find(|&p| clean_at(src, p, how, base))?;
    let end = (src.len().saturating_sub(SEARCH).max(at + 1)..=src.len())
        .rev()
        .find(|&p| clean_at(src, p, how, base))?;
    Some((at, end))
}

impl Transcoder {
    /// Transcodes like [`Transcoder::transcode`], with the same output and errors, but a
    /// large chunk is converted in two parts on two threads when it can be cut where decoding
    /// starts afresh (not in stateful encodings such as ISO-2022-JP or UTF-7, nor with a
    /// newline or normalization transform, which look across the cut).
    pub fn transcode_parallel(
        &mut self,
        src: &[u8],
        last: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let Some((at, end)) = self.parallel_cuts(src) else {
            return self.transcode(src, last, out);
        };
        let (first, second, rest) = (&src[..at], &src[at..end], &src[end..]);
        let source = self.decoder.encoding();
        let offset = self.writer.stats.bytes_in + at as u64;
        let mut helper = match self.helper.take() {
            Some(helper) => helper,
            None => Box::new(self.helper_writer()),
        };
        helper.restart(source, offset);
        let mut spare = std::mem::take(&mut self.spare);
        spare.clear();
        let (mine, theirs) = std::thread::scope(|scope| {
            let theirs = scope.spawn(|| helper.transcode(second, false, &mut spare));
            let mine = self.transcode(first, false, out);
            (
                mine,
                theirs.join().expect("the transcoding thread panicked"),
            )
        });
        let result = match (mine, theirs) {
            (Err(e), _) => {
                // One thread would have been fed the whole chunk: count it as read.
                self.writer.stats.bytes_in += (src.len() - at) as u64;
                Err(e)
            }
            (Ok(()), Ok(())) => {
                self.absorb(&mut helper);
                out.extend_from_slice(&spare);
                self.transcode(rest, last, out)
            }
            // A strict stop in the second part: converted again on this thread, so that its
            // line, column and character index count from the start of the stream.
            (Ok(()), Err(_)) => self.transcode(&src[at..], last, out),
        };
        self.helper = Some(helper);
        self.spare = spare;
        result
    }

    /// Where to cut `src` for two threads, if it is worth it and allowed.
    fn parallel_cuts(&self, src: &[u8]) -> Option<(usize, usize)> {
        if src.len() < PARALLEL_MIN {
            return None;
        }
        cuts(src, self.two_thread_cut()?, self.writer.stats.bytes_in)
    }

    /// How the input may be cut for two threads from where this transcoder stands, if at all:
    /// not after a failure, before the byte order mark is settled and the output begun, with a
    /// newline or normalization transform (they look across a cut), into a target whose encoder
    /// keeps state, on one core, or from a source that cannot be cut.
    pub(super) fn two_thread_cut(&self) -> Option<Cuttable> {
        let w = &self.writer;
        if self.failed
            || !self.decoder.is_settled()
            || !w.started
            || w.transforms()
            || !stateless_target(w.target)
            || !two_cores()
        {
            return None;
        }
        cuttable(self.decoder.encoding())
    }

    /// A transcoder like this one for the second part of a chunk (its decoder is set by
    /// [`Transcoder::restart`]).
    pub(super) fn helper_writer(&self) -> Transcoder {
        let w = &self.writer;
        Transcoder {
            decoder: StreamDecoder::continuing(self.decoder.encoding(), 0),
            writer: Writer::new(w.target, w.options),
            failed: false,
            helper: None,
            spare: Vec::new(),
        }
    }

    /// Makes a helper ready for another part: its decoder continues `source` afresh at
    /// `offset` (keeping its buffers), counts from zero, and its output treated as already
    /// started (the byte order mark is the first part's business).
    pub(super) fn restart(&mut self, source: &'static Encoding, offset: u64) {
        self.decoder.continue_at(source, offset);
        self.failed = false;
        let w = &mut self.writer;
        w.stats = Stats::default();
        w.position = Position {
            lines: 0,
            column: 0,
        };
        w.chars_encoded = 0;
        w.fix = None;
        w.started = true;
    }

    /// Folds a helper's counts into this transcoder, as if it had converted the part itself.
    pub(super) fn absorb(&mut self, helper: &mut Transcoder) {
        // Its decoder has read on to the end of its part: this one goes on from there.
        self.decoder.take_decoder(&mut helper.decoder);
        let (w, h) = (&mut self.writer, &helper.writer);
        w.stats.bytes_in += h.stats.bytes_in;
        w.stats.bytes_out += h.stats.bytes_out;
        w.stats.malformed += h.stats.malformed;
        w.stats.unmappable += h.stats.unmappable;
        w.stats.replacements += h.stats.replacements;
        w.stats.first_malformed = w.stats.first_malformed.or(h.stats.first_malformed);
        w.chars_encoded += h.chars_encoded;
        if h.position.lines > 0 {
            w.position.lines += h.position.lines;
            w.position.column = h.position.column;
        } else {
            w.position.column += h.position.column;
        }
    }
}
