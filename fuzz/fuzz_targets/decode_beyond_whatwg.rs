#![no_main]
//! Every encoding beyond WHATWG with its own decoder (the last byte picks one): the chunking
//! property, spans in order, pieces and units agreeing. No outside reference exists for these
//! decoders, so the text is checked against the same decoder fed whole.

use charscope::encoding;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, data)) = data.split_last() else {
        return;
    };
    let beyond: Vec<_> = encoding::all()
        .filter(|e| !e.is_whatwg() && !e.is_unicode() && *e != encoding::ISO_8859_1)
        .collect();
    let enc = beyond[usize::from(pick) % beyond.len()];
    charscope_fuzz::check(data, enc, |input| {
        charscope::decode::decode(input, enc).text
    });
});
