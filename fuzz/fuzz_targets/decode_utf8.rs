#![no_main]
//! UTF-8: units against encoding_rs and std, and the chunking property.

use charscope::encoding;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    charscope_fuzz::check(data, encoding::UTF_8, |input| String::from_utf8_lossy(input).into_owned());
    charscope_fuzz::check(data, encoding::UTF_8, charscope_fuzz::encoding_rs_text(encoding::UTF_8));
});
