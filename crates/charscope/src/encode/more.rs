//! Encoders of the stateful and multi-byte encodings beyond WHATWG: CESU-8, UTF-7, ISO-2022-KR,
//! Johab and EUC-TW. Each returns `None` for a character it cannot represent.

use crate::decode::{cns_for_encoding, johab_for_encoding};

/// CESU-8: a character beyond U+FFFF is its two surrogates, each as a 3-byte form.
pub(crate) fn cesu8(c: char, out: &mut Vec<u8>) {
    let mut units = [0u16; 2];
    for &u in c.encode_utf16(&mut units).iter() {
        let u = u32::from(u);
        match u {
            0..=0x7F => out.push(u as u8),
            0x80..=0x7FF => {
                out.extend_from_slice(&[0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8])
            }
            _ => out.extend_from_slice(&[
                0xE0 | (u >> 12) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ]),
        }
    }
}

/// Whether UTF-7 writes `c` as itself (RFC 2152's set D, and space, tab, CR, LF).
fn utf7_direct(c: char) -> bool {
    c.is_ascii_alphanumeric() || "'(),-./:? \t\r\n".contains(c)
}

/// UTF-7: the whole text (the base64 state spans characters).
pub(crate) fn utf7(text: &str) -> Vec<u8> {
    const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(text.len());
    let mut in_run = false;
    let (mut bits, mut nbits) = (0u32, 0u32);
    let close = |out: &mut Vec<u8>, bits: &mut u32, nbits: &mut u32| {
        if *nbits > 0 {
            out.push(B64[((*bits << (6 - *nbits)) & 0x3F) as usize]);
        }
        out.push(b'-');
        *bits = 0;
        *nbits = 0;
    };
    for c in text.chars() {
        if utf7_direct(c) || c == '+' {
            if in_run {
                close(&mut out, &mut bits, &mut nbits);
                in_run = false;
            }
            if c == '+' {
                out.extend_from_slice(b"+-");
            } else {
                out.push(c as u8);
            }
            continue;
        }
        if !in_run {
            out.push(b'+');
            in_run = true;
        }
        let mut units = [0u16; 2];
        for &u in c.encode_utf16(&mut units).iter() {
            bits = (bits << 16) | u32::from(u);
            nbits += 16;
            while nbits >= 6 {
                nbits -= 6;
                out.push(B64[((bits >> nbits) & 0x3F) as usize]);
            }
            bits &= (1 << nbits) - 1;
        }
    }
    if in_run {
        close(&mut out, &mut bits, &mut nbits);
    }
    out
}

/// The KS X 1001 pair (bytes 21-7E) of `c`, from encoding_rs's EUC-KR where it writes two bytes
/// A1-FE (its other pairs are UHC's, which ISO-2022-KR does not have).
pub(crate) fn ksx1001(c: char) -> Option<[u8; 2]> {
    let mut buf = [0u8; 4];
    let (bytes, _, errors) = encoding_rs::EUC_KR.encode(c.encode_utf8(&mut buf));
    match (&bytes[..], errors) {
        ([lead @ 0xA1..=0xFE, trail @ 0xA1..=0xFE], false) => Some([lead & 0x7F, trail & 0x7F]),
        _ => None,
    }
}

/// ISO-2022-KR: the designation once at the start, then SO/SI around KS X 1001 runs; `None`
/// at the index of each character it cannot represent (which is left out).
pub(crate) fn iso2022kr(text: &str, mut unmappable: impl FnMut(usize, usize, char)) -> Vec<u8> {
    let mut out = b"\x1B$)C".to_vec();
    let mut shifted = false;
    for (index, (offset, c)) in text.char_indices().enumerate() {
        if c.is_ascii() && c != '\u{0E}' && c != '\u{0F}' && c != '\u{1B}' {
            if shifted {
                out.push(0x0F);
                shifted = false;
            }
            out.push(c as u8);
        } else if let Some(pair) = ksx1001(c) {
            if !shifted {
                out.push(0x0E);
                shifted = true;
            }
            out.extend_from_slice(&pair);
        } else {
            unmappable(index, offset, c);
        }
    }
    if shifted {
        out.push(0x0F);
    }
    out
}

/// Johab bytes of `c`.
pub(crate) fn johab(c: char, out: &mut Vec<u8>) -> bool {
    if c.is_ascii() {
        out.push(c as u8);
        return true;
    }
    match johab_for_encoding(c) {
        Some(pair) => {
            out.extend_from_slice(&pair);
            true
        }
        None => false,
    }
}

/// EUC-TW bytes of `c` (plane 1 as two bytes, plane 2 as 8E A2 row cell).
pub(crate) fn euc_tw(c: char, out: &mut Vec<u8>) -> bool {
    if c.is_ascii() {
        out.push(c as u8);
        return true;
    }
    match cns_for_encoding(c) {
        Some((1, row, cell)) => out.extend_from_slice(&[row, cell]),
        Some((plane, row, cell)) => out.extend_from_slice(&[0x8E, 0xA0 + plane, row, cell]),
        None => return false,
    }
    true
}
