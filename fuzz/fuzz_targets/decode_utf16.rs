#![no_main]
//! UTF-16LE and UTF-16BE: units against encoding_rs, and the chunking property.

use charscope::encoding;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for enc in [encoding::UTF_16LE, encoding::UTF_16BE] {
        charscope_fuzz::check(data, enc, charscope_fuzz::encoding_rs_text(enc));
    }
});
