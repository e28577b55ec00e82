//! Bit layouts: which bits of a code point go where in its UTF-8 bytes and UTF-16 code units
//! (RFC 3629 section 3, RFC 2781 section 2.1), with marker bits told apart from payload bits.

use serde::Serialize;

/// What a byte or code unit is in its sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Role {
    /// UTF-8: a one-byte character, `0xxxxxxx`.
    Ascii,
    /// UTF-8: the first byte of a multi-byte character, `110xxxxx`, `1110xxxx` or `11110xxx`.
    Lead,
    /// UTF-8: a continuation byte, `10xxxxxx`.
    Continuation,
    /// UTF-16: a code unit that is the code point itself (U+0000..U+FFFF).
    Unit,
    /// UTF-16: the high (leading) surrogate, `110110` and the top ten bits of `cp - 0x10000`.
    HighSurrogate,
    /// UTF-16: the low (trailing) surrogate, `110111` and the bottom ten bits of `cp - 0x10000`.
    LowSurrogate,
    /// A byte that no UTF-8 sequence has: five or more leading one bits (F8-FF).
    Invalid,
}

/// One byte (UTF-8) or 16-bit code unit (UTF-16), split into marker and payload bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Field {
    /// The byte or unit in hex ("C3", "D83D").
    pub hex: String,
    /// What it is.
    pub role: Role,
    /// The fixed bits that say what kind of byte or unit it is ("110"), possibly empty.
    pub marker: String,
    /// The bits carrying the value ("00011").
    pub payload: String,
    /// Which bits of the value the payload carries, highest and lowest, counted from 0 at the
    /// least significant bit. For surrogates the value is `cp - 0x10000`, not the code point.
    pub payload_bits: [u8; 2],
}

fn binary(value: u32, width: usize) -> String {
    format!("{value:0width$b}")
}

/// The UTF-8 layout of a character: one field per byte.
///
/// ```
/// use charscope::charinfo::bits::{utf8_layout, layout_string};
/// assert_eq!(layout_string(&utf8_layout('é')), "110 00011 10 101001");
/// ```
pub fn utf8_layout(c: char) -> Vec<Field> {
    let mut buf = [0u8; 4];
    let bytes = c.encode_utf8(&mut buf).as_bytes();
    let n = bytes.len();
    let mut low = 6 * (n as u8 - 1);
    bytes
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            let (role, marker, width) = match (n, i) {
                (1, _) => (Role::Ascii, "0".to_string(), 7),
                (_, 0) => (Role::Lead, format!("{}0", "1".repeat(n)), 7 - n),
                _ => (Role::Continuation, "10".to_string(), 6),
            };
            let payload = u32::from(b) & ((1 << width) - 1);
            let high = low + width as u8 - 1;
            let field = Field {
                hex: format!("{b:02X}"),
                role,
                marker,
                payload: binary(payload, width),
                payload_bits: [high, low],
            };
            low = low.saturating_sub(6);
            field
        })
        .collect()
}

/// The UTF-16 layout of a character: one field per code unit.
///
/// ```
/// use charscope::charinfo::bits::{utf16_layout, layout_string};
/// assert_eq!(layout_string(&utf16_layout('😀')), "110110 0000111101 110111 1000000000");
/// ```
pub fn utf16_layout(c: char) -> Vec<Field> {
    let cp = u32::from(c);
    if cp < 0x10000 {
        return vec![Field {
            hex: format!("{cp:04X}"),
            role: Role::Unit,
            marker: String::new(),
            payload: binary(cp, 16),
            payload_bits: [15, 0],
        }];
    }
    let v = cp - 0x10000;
    let surrogate = |role, base: u32, bits: u32, low_bit: u8| Field {
        hex: format!("{:04X}", base | bits),
        role,
        marker: format!("{:b}", base >> 10),
        payload: binary(bits, 10),
        payload_bits: [low_bit + 9, low_bit],
    };
    vec![
        surrogate(Role::HighSurrogate, 0xD800, v >> 10, 10),
        surrogate(Role::LowSurrogate, 0xDC00, v & 0x3FF, 0),
    ]
}

/// The bits of bytes as they are, for bytes that form no character (a malformed sequence): each
/// byte's leading one bits and the zero after them are its marker, as UTF-8 reads them.
///
/// ```
/// use charscope::charinfo::bits::{byte_layout, layout_string};
/// assert_eq!(layout_string(&byte_layout(&[0xC0, 0xAF])), "110 00000 10 101111");
/// assert_eq!(layout_string(&byte_layout(&[0xFF])), "11111111");
/// ```
pub fn byte_layout(bytes: &[u8]) -> Vec<Field> {
    bytes
        .iter()
        .map(|&b| {
            let ones = b.leading_ones() as usize;
            let bits = binary(u32::from(b), 8);
            let (role, marker_len) = match ones {
                0 => (Role::Ascii, 1),
                1 => (Role::Continuation, 2),
                2..=4 => (Role::Lead, ones + 1),
                _ => (Role::Invalid, 0),
            };
            let payload = bits[marker_len..].to_string();
            Field {
                hex: format!("{b:02X}"),
                role,
                marker: bits[..marker_len].to_string(),
                payload_bits: [payload.len().saturating_sub(1) as u8, 0],
                payload,
            }
        })
        .collect()
}

/// A layout as one line: each field's marker, a space, its payload ("110 00011 10 101001").
pub fn layout_string(fields: &[Field]) -> String {
    fields
        .iter()
        .flat_map(|f| [f.marker.as_str(), f.payload.as_str()])
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
