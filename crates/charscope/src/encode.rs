//! Encoding text to bytes, reporting each character the encoding cannot represent.

mod more;

use crate::encoding::{Encoding, Endian, Engine};
use serde::Serialize;
use std::fmt;

/// What to write in place of a character the encoding cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Substitute {
    /// Nothing: the character is left out (and reported).
    Omit,
    /// `?`, as iconv and most converters write.
    Question,
    /// An HTML decimal character reference, `&#8364;`, as browsers write in forms.
    Html,
}

/// A character the encoding cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Unmappable {
    /// Its index in the text, counted in characters (code points).
    pub index: usize,
    /// Its byte offset in the text's UTF-8.
    pub utf8_offset: usize,
    /// The character.
    #[serde(rename = "char")]
    pub ch: char,
}

/// Text encoded: the bytes and what could not be represented.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Encoded {
    /// The bytes, with the chosen substitute where a character was unmappable.
    pub bytes: Vec<u8>,
    /// Each unmappable character, in order.
    pub unmappable: Vec<Unmappable>,
}

/// Why text could not be encoded at all.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// The encoding has no encoder (the replacement encoding).
    NoEncoder(&'static Encoding),
    /// The encoding's encoder keeps shift state over the whole text (UTF-7, ISO-2022-KR): it
    /// encodes whole texts, not streams.
    NotStreamable(&'static Encoding),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::NoEncoder(enc) => write!(f, "{enc} can only decode, not encode"),
            EncodeError::NotStreamable(enc) => write!(
                f,
                "{enc} cannot be written as a stream: its encoder shifts state over the whole \
                 text, so it encodes whole texts only"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

/// Encodes `text`, prefixing the encoding's byte order mark when `bom` is true (UTF-8, UTF-16,
/// UTF-32 only; other encodings have none).
///
/// ```
/// use charscope::{encode, encoding};
/// let out = encode::encode("€", encoding::for_label("shift_jis").unwrap(), false, encode::Substitute::Html).unwrap();
/// assert_eq!(out.bytes, b"&#8364;");
/// assert_eq!(out.unmappable[0].ch, '€');
/// ```
pub fn encode(
    text: &str,
    encoding: &'static Encoding,
    bom: bool,
    substitute: Substitute,
) -> Result<Encoded, EncodeError> {
    if !encoding.can_encode() {
        return Err(EncodeError::NoEncoder(encoding));
    }
    let mut out = Encoded::default();
    if bom {
        out.bytes
            .extend_from_slice(encoding.bom().unwrap_or_default());
    }
    match encoding.engine() {
        Engine::Utf8 => out.bytes.extend_from_slice(text.as_bytes()),
        Engine::Utf16(endian) => {
            for unit in text.encode_utf16() {
                out.bytes.extend_from_slice(&match endian {
                    Endian::Big => unit.to_be_bytes(),
                    Endian::Little => unit.to_le_bytes(),
                });
            }
        }
        Engine::Utf32(endian) => {
            for c in text.chars() {
                out.bytes.extend_from_slice(&match endian {
                    Endian::Big => u32::from(c).to_be_bytes(),
                    Endian::Little => u32::from(c).to_le_bytes(),
                });
            }
        }
        Engine::TrueLatin1 => each_char(text, substitute, &mut out, |ch, bytes| {
            u8::try_from(u32::from(ch)).map(|b| bytes.push(b)).is_ok()
        }),
        Engine::Whatwg(rs) => encode_legacy(text, rs, substitute, &mut out),
        Engine::SingleByte(table) => encode_single_byte(text, table, substitute, &mut out),
        Engine::Cesu8 => {
            for c in text.chars() {
                more::cesu8(c, &mut out.bytes);
            }
        }
        Engine::Utf7 => out.bytes.extend_from_slice(&more::utf7(text)),
        Engine::Iso2022Kr => {
            // Unmappable characters are left out: a substitute inside a shifted run would be
            // read as KS X 1001.
            let mut unmappable = Vec::new();
            out.bytes = more::iso2022kr(text, |index, utf8_offset, ch| {
                unmappable.push(Unmappable {
                    index,
                    utf8_offset,
                    ch,
                })
            });
            out.unmappable = unmappable;
        }
        Engine::Johab => each_char(text, substitute, &mut out, more::johab),
        Engine::EucTw => each_char(text, substitute, &mut out, more::euc_tw),
    }
    Ok(out)
}

/// Encodes `text` character by character with `write`, which appends a character's bytes and
/// says whether it could; a character it cannot write is listed and its substitute written.
fn each_char(
    text: &str,
    substitute: Substitute,
    out: &mut Encoded,
    mut write: impl FnMut(char, &mut Vec<u8>) -> bool,
) {
    for (index, (utf8_offset, ch)) in text.char_indices().enumerate() {
        if !write(ch, &mut out.bytes) {
            out.unmappable.push(Unmappable {
                index,
                utf8_offset,
                ch,
            });
            write_substitute(&mut out.bytes, ch, substitute);
        }
    }
}

/// Encodes `text` with a single-byte table; substitutes go through the table too (in EBCDIC
/// '?' is 6F, not 3F).
fn encode_single_byte(
    text: &str,
    table: &crate::encoding::SingleByteTable,
    substitute: Substitute,
    out: &mut Encoded,
) {
    for (index, (utf8_offset, ch)) in text.char_indices().enumerate() {
        match table.encode(ch) {
            Some(b) => out.bytes.push(b),
            None => {
                out.unmappable.push(Unmappable {
                    index,
                    utf8_offset,
                    ch,
                });
                let mut ascii = Vec::new();
                write_substitute(&mut ascii, ch, substitute);
                out.bytes.extend(
                    ascii
                        .into_iter()
                        .filter_map(|a| table.encode(char::from(a))),
                );
            }
        }
    }
}

/// Appends the bytes of `c` in a stateless encoding beyond WHATWG (single-byte tables, CESU-8,
/// Johab, EUC-TW); false, writing nothing, when the encoding has no bytes for it.
pub(crate) fn encode_char(encoding: &'static Encoding, c: char, out: &mut Vec<u8>) -> bool {
    match encoding.engine() {
        Engine::SingleByte(table) => match table.encode(c) {
            Some(b) => {
                out.push(b);
                true
            }
            None => false,
        },
        Engine::Cesu8 => {
            more::cesu8(c, out);
            true
        }
        Engine::Johab => more::johab(c, out),
        Engine::EucTw => more::euc_tw(c, out),
        _ => unreachable!("encode_char serves the stateless encodings beyond WHATWG"),
    }
}

fn write_substitute(bytes: &mut Vec<u8>, ch: char, substitute: Substitute) {
    match substitute {
        Substitute::Omit => {}
        Substitute::Question => bytes.push(b'?'),
        Substitute::Html => bytes.extend_from_slice(format!("&#{};", u32::from(ch)).as_bytes()),
    }
}

fn encode_legacy(
    text: &str,
    rs: &'static encoding_rs::Encoding,
    substitute: Substitute,
    out: &mut Encoded,
) {
    let mut encoder = rs.new_encoder();
    let mut src = text;
    let mut consumed = 0;
    let mut chars_before = 0;
    let mut counted_to = 0;
    let mut buf = vec![0u8; 4096];
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(src, &mut buf, true);
        out.bytes.extend_from_slice(&buf[..written]);
        consumed += read;
        src = &src[read..];
        match result {
            encoding_rs::EncoderResult::InputEmpty => break,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(reported) => {
                // The character just consumed. encoding_rs reports U+FFFD instead of ESC, SO
                // and SI in ISO-2022-JP (as WHATWG prescribes); we report the real character.
                let ch = text[..consumed]
                    .chars()
                    .next_back()
                    .expect("a character was consumed");
                let utf8_offset = consumed - ch.len_utf8();
                chars_before += text[counted_to..utf8_offset].chars().count();
                counted_to = utf8_offset;
                out.unmappable.push(Unmappable {
                    index: chars_before,
                    utf8_offset,
                    ch,
                });
                // encoding_rs has returned to its ASCII state (as WHATWG prescribes for
                // ISO-2022-JP), so an ASCII substitute is safe here.
                write_substitute(&mut out.bytes, reported, substitute);
            }
        }
    }
}
