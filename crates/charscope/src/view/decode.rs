//! `decode --json` as one value: the text, the encoding that read it, and every malformed
//! sequence. The command line streams these same fields (it never holds a large text whole);
//! callers that hold the bytes in memory, such as the Python binding, build this value, and a
//! test holds the two to the same JSON.

use crate::bom::BomMode;
use crate::decode::{Malformed, Piece};
use crate::encoding::Encoding;
use crate::stream::StreamDecoder;
use serde::Serialize;

/// Bytes decoded, as `decode --json` writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecodeView {
    /// The text: each malformed sequence is one U+FFFD, or (when `complete` is false) the text
    /// ends before the first one.
    pub text: String,
    /// The encoding that decoded (a byte order mark may have chosen it).
    pub encoding: &'static Encoding,
    /// What the label means when that is not what its name suggests, or null; set by the
    /// caller that resolved the label.
    pub label_note: Option<String>,
    /// The encoding whose byte order mark started the input, or null.
    pub bom: Option<&'static Encoding>,
    /// How many malformed sequences became U+FFFD.
    pub replacements: usize,
    /// Every malformed sequence (under `strict`, the first one only).
    pub malformed: Vec<Malformed>,
    /// Whether the whole input was decoded (false: `strict` stopped at a malformed sequence).
    pub complete: bool,
    /// The input's name, set by the caller (`<stdin>`, a path), or null.
    pub file: Option<String>,
}

/// Decodes `bytes` whole. With `strict`, decoding stops at the first malformed sequence: the
/// text ends before it, `complete` is false and `malformed` holds that one sequence.
///
/// ```
/// use charscope::{BomMode, encoding};
/// use charscope::view::decode::decode;
/// let v = decode(b"\xEF\xBB\xBFcaf\xC3\xA9 \xC0\xAF", encoding::UTF_8, BomMode::Strip, false);
/// assert_eq!((v.text.as_str(), v.replacements, v.complete), ("café \u{FFFD}\u{FFFD}", 2, true));
/// assert_eq!(v.bom.map(|e| e.name()), Some("UTF-8"));
/// let v = decode(b"ok \xC0\xAF", encoding::UTF_8, BomMode::Strip, true);
/// assert_eq!((v.text.as_str(), v.malformed[0].offset(), v.complete), ("ok ", 3, false));
/// ```
pub fn decode(
    bytes: &[u8],
    encoding: &'static Encoding,
    mode: BomMode,
    strict: bool,
) -> DecodeView {
    let mut decoder = StreamDecoder::new(encoding, mode);
    let mut text = String::with_capacity(bytes.len());
    let mut malformed = Vec::new();
    let mut replacements = 0;
    let mut stopped = false;
    decoder.decode_pieces(bytes, true, |piece| {
        if stopped {
            return;
        }
        match piece {
            Piece::Text { text: t, .. } => text.push_str(t),
            Piece::Malformed(m) => {
                malformed.push(m);
                if strict {
                    stopped = true;
                } else {
                    replacements += 1;
                    text.push(char::REPLACEMENT_CHARACTER);
                }
            }
        }
    });
    DecodeView {
        text,
        encoding: decoder.encoding(),
        label_note: None,
        bom: decoder.bom().map(|b| b.encoding),
        replacements,
        malformed,
        complete: !stopped,
        file: None,
    }
}
