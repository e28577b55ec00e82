#![no_main]
//! Every legacy WHATWG encoding (the last byte picks one): units against encoding_rs, and the
//! chunking property.

use charscope::encoding;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, data)) = data.split_last() else {
        return;
    };
    let legacy: Vec<_> = encoding::all().filter(|e| e.is_whatwg() && !e.is_unicode()).collect();
    let enc = legacy[usize::from(pick) % legacy.len()];
    charscope_fuzz::check(data, enc, charscope_fuzz::encoding_rs_text(enc));
});
