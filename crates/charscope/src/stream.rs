//! Streaming decode with byte order mark handling: the decoder every command uses.

use crate::bom::{self, Bom, BomMode};
use crate::decode::{Decoder, Malformed, Piece, Unit};
use crate::encoding::Encoding;

/// A streaming decoder that first settles the byte order mark (holding at most the first four
/// bytes until it can), then decodes with offsets counted from the first byte of the input,
/// mark included.
#[derive(Debug)]
pub struct StreamDecoder {
    requested: &'static Encoding,
    mode: BomMode,
    head: Vec<u8>,
    decoder: Option<Decoder>,
    settled: &'static Encoding,
    bom: Option<Bom>,
}

impl StreamDecoder {
    /// A decoder for `encoding` with the given BOM handling.
    pub fn new(encoding: &'static Encoding, mode: BomMode) -> StreamDecoder {
        StreamDecoder {
            requested: encoding,
            mode,
            head: Vec::new(),
            decoder: None,
            settled: encoding,
            bom: None,
        }
    }

    /// A decoder that continues a stream at absolute offset `offset`, at a point where
    /// `encoding` (already settled, any BOM behind it) starts afresh: no BOM is looked for.
    pub fn continuing(encoding: &'static Encoding, offset: u64) -> StreamDecoder {
        StreamDecoder {
            requested: encoding,
            mode: BomMode::Keep,
            head: Vec::new(),
            decoder: Some(Decoder::starting_at(encoding, offset)),
            settled: encoding,
            bom: None,
        }
    }

    /// Makes this decoder the one [`StreamDecoder::continuing`] would make, keeping the buffers
    /// of its scanner when it already reads `encoding` (a decoder reused chunk after chunk).
    pub(crate) fn continue_at(&mut self, encoding: &'static Encoding, offset: u64) {
        match &mut self.decoder {
            Some(decoder) if std::ptr::eq(decoder.encoding(), encoding) => decoder.reset_to(offset),
            decoder => *decoder = Some(Decoder::starting_at(encoding, offset)),
        }
        self.requested = encoding;
        self.mode = BomMode::Keep;
        self.head.clear();
        self.settled = encoding;
        self.bom = None;
    }

    /// Goes on with `other`'s decoder, which has read on from where this one stopped to a
    /// point where it holds nothing back; this stream keeps its encoding and BOM.
    pub(crate) fn take_decoder(&mut self, other: &mut StreamDecoder) {
        std::mem::swap(&mut self.decoder, &mut other.decoder);
    }

    /// The decoder, when the byte order mark is settled and it keeps nothing from the last
    /// chunk (see [`Decoder::holds_nothing`]): bytes may then be decoded elsewhere and passed by.
    pub(crate) fn clear_decoder(&mut self) -> Option<&mut Decoder> {
        self.decoder.as_mut().filter(|d| d.holds_nothing())
    }

    /// Whether the byte order mark is settled and decoding has begun.
    pub fn is_settled(&self) -> bool {
        self.decoder.is_some()
    }

    /// The encoding that decodes: the requested one, or the one a BOM chose under `sniff`.
    /// Until the BOM is settled, the requested one; after the end, the one that decoded.
    pub fn encoding(&self) -> &'static Encoding {
        self.settled
    }

    /// The byte order mark found, once settled.
    pub fn bom(&self) -> Option<Bom> {
        self.bom
    }

    fn settle<'a>(&mut self, src: &'a [u8], last: bool) -> Option<(Vec<u8>, &'a [u8])> {
        if self.decoder.is_some() {
            return Some((Vec::new(), src));
        }
        let (decision, held) = if self.head.is_empty() {
            (bom::decide(src, self.requested, self.mode, last), false)
        } else {
            self.head.extend_from_slice(src);
            (
                bom::decide(&self.head, self.requested, self.mode, last),
                true,
            )
        };
        let Some(decision) = decision else {
            if !held {
                self.head.extend_from_slice(src);
            }
            return None;
        };
        self.bom = decision.bom;
        self.settled = decision.encoding;
        self.decoder = Some(Decoder::starting_at(
            decision.encoding,
            decision.skip as u64,
        ));
        if held {
            let head = std::mem::take(&mut self.head);
            Some((head[decision.skip..].to_vec(), &[]))
        } else {
            Some((Vec::new(), &src[decision.skip..]))
        }
    }

    /// Settles the BOM, then runs `decode` on what is to be decoded: bytes held from earlier
    /// calls first, then the rest of `src`.
    fn feed(&mut self, src: &[u8], last: bool, mut decode: impl FnMut(&mut Decoder, &[u8], bool)) {
        let Some((held, rest)) = self.settle(src, last) else {
            return;
        };
        let decoder = self.decoder.as_mut().expect("settled");
        if !held.is_empty() {
            decode(decoder, &held, last && rest.is_empty());
        }
        decode(decoder, rest, last);
        if last {
            self.finish();
        }
    }

    /// Decodes a chunk into pieces (see [`Decoder::decode_pieces`]).
    pub fn decode_pieces(&mut self, src: &[u8], last: bool, mut f: impl FnMut(Piece<'_>)) {
        self.feed(src, last, |decoder, bytes, last| {
            decoder.decode_pieces(bytes, last, &mut f)
        });
    }

    /// Decodes a chunk for its malformed sequences only (see [`Decoder::decode_malformed`]).
    pub fn decode_malformed(&mut self, src: &[u8], last: bool, mut f: impl FnMut(Malformed)) {
        self.feed(src, last, |decoder, bytes, last| {
            decoder.decode_malformed(bytes, last, &mut f)
        });
    }

    /// Decodes a chunk into units (see [`Decoder::decode_units`]).
    pub fn decode_units(&mut self, src: &[u8], last: bool, mut f: impl FnMut(Unit)) {
        self.feed(src, last, |decoder, bytes, last| {
            decoder.decode_units(bytes, last, &mut f)
        });
    }

    /// After the last chunk the encoding and BOM stay readable; the next chunk starts a new
    /// stream, with its own BOM.
    fn finish(&mut self) {
        self.decoder = None;
        self.head.clear();
    }
}
