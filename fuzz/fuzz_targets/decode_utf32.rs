#![no_main]
//! UTF-32LE and UTF-32BE: units against the rule (one U+FFFD per bad 4-byte unit, one for a
//! 1-3 byte tail), and the chunking property.

use charscope::encoding;
use libfuzzer_sys::fuzz_target;

fn reference(input: &[u8], big_endian: bool) -> String {
    let mut out = String::new();
    let mut units = input.chunks_exact(4);
    for unit in &mut units {
        let bytes = [unit[0], unit[1], unit[2], unit[3]];
        let v = if big_endian { u32::from_be_bytes(bytes) } else { u32::from_le_bytes(bytes) };
        out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
    }
    if !units.remainder().is_empty() {
        out.push('\u{FFFD}');
    }
    out
}

fuzz_target!(|data: &[u8]| {
    charscope_fuzz::check(data, encoding::UTF_32BE, |input| reference(input, true));
    charscope_fuzz::check(data, encoding::UTF_32LE, |input| reference(input, false));
});
