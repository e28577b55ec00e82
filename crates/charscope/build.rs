//! Tables that mojibake repair would otherwise build at every start, made once here.
//!
//! * Which characters of the BMP are alphabetic, as [`char::is_alphabetic`] says (the same
//!   standard library the crate runs with): a bitset, 8 KiB.
//! * For each two-byte encoding that UTF-8 is commonly read as, every character it decodes to
//!   from one byte (80-FF) or a lead-trail pair (81-FE, 40-FE), with the first bytes found for
//!   it, in the order found: four bytes each (the character, then the bytes; a zero second byte
//!   means one byte).
//!
//! * The HTML named character references of the `entities` crate, in one string
//!   (`html_entities`): the crate's own table is slices of strings, about 4,400 pointers that
//!   the dynamic loader would relocate, and 26 pages it would copy, at every start of every
//!   command.
//!
//! `repair::codec` reads the first two with `include_bytes!`, and its tests check them against
//! the decoders the crate runs with; `html_entities` tests its string against the crate's table.

use std::path::Path;

/// The two-byte encodings, by label (`repair::codec` takes them in this order).
const DOUBLE_BYTE: [&str; 5] = ["gbk", "big5", "shift_jis", "euc-jp", "euc-kr"];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    write(&out.join("alphabetic.bin"), &alphabetic());
    let mut labels = String::new();
    for label in DOUBLE_BYTE {
        let enc = encoding_rs::Encoding::for_label(label.as_bytes()).expect("a label");
        write(&out.join(format!("double-{label}.bin")), &double_byte(enc));
        labels.push_str(&format!(
            "(\"{label}\", include_bytes!(concat!(env!(\"OUT_DIR\"), \"/double-{label}.bin\"))),\n"
        ));
    }
    let list = format!(
        "/// The two-byte encodings by label, each with its characters (see the build script).\n\
         pub(crate) const DOUBLE_BYTE: [(&str, &[u8]); {}] = [\n{labels}];\n",
        DOUBLE_BYTE.len()
    );
    write(&out.join("double_byte.rs"), list.as_bytes());
    write(&out.join("entities.txt"), &html_entities());
}

/// Each named character reference of the `entities` crate as its name (with `&`, and `;` where
/// it has one), a NUL, its characters and a NUL, in the crate's order. No reference is or
/// stands for a NUL.
fn html_entities() -> Vec<u8> {
    let mut out = Vec::new();
    for e in entities::ENTITIES.iter() {
        assert!(!e.entity.contains('\0') && !e.characters.contains('\0'));
        for field in [e.entity, e.characters] {
            out.extend_from_slice(field.as_bytes());
            out.push(0);
        }
    }
    out
}

fn write(path: &Path, bytes: &[u8]) {
    // Unchanged files keep their times, so that the crate is not rebuilt for nothing.
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return;
    }
    std::fs::write(path, bytes).expect("OUT_DIR is writable");
}

/// One bit per BMP character, little-endian bytes (bit `cp % 8` of byte `cp / 8`).
fn alphabetic() -> Vec<u8> {
    let mut bits = vec![0u8; 0x10000 / 8];
    for cp in 0..0x10000u32 {
        if char::from_u32(cp).is_some_and(char::is_alphabetic) {
            bits[(cp / 8) as usize] |= 1 << (cp % 8);
        }
    }
    bits
}

/// The one character `bytes` decode to, if they decode whole to one.
fn decode_one(enc: &'static encoding_rs::Encoding, bytes: &[u8]) -> Option<char> {
    let mut out = [0u8; 16];
    let mut decoder = enc.new_decoder_without_bom_handling();
    let (result, read, written) = decoder.decode_to_utf8_without_replacement(bytes, &mut out, true);
    if result != encoding_rs::DecoderResult::InputEmpty || read != bytes.len() {
        return None;
    }
    let text = std::str::from_utf8(&out[..written]).ok()?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The characters of a two-byte encoding above ASCII and in the BMP, each once.
fn double_byte(enc: &'static encoding_rs::Encoding) -> Vec<u8> {
    let mut seen = vec![false; 0x10000];
    let mut out = Vec::with_capacity(24_000 * 4);
    let mut put = |c: Option<char>, b: [u8; 2]| {
        if let Some(c) = c
            && (0x80..0x10000).contains(&(c as u32))
            && !seen[c as usize]
        {
            seen[c as usize] = true;
            out.extend_from_slice(&(c as u16).to_le_bytes());
            out.extend_from_slice(&b);
        }
    };
    for b in 0x80u8..=0xFF {
        put(decode_one(enc, &[b]), [b, 0]);
    }
    for lead in 0x81u8..=0xFE {
        for trail in 0x40u8..=0xFE {
            put(decode_one(enc, &[lead, trail]), [lead, trail]);
        }
    }
    out
}
