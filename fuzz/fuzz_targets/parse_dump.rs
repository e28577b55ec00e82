#![no_main]
//! The dump and escape readers answer any text with bytes or an error, never a panic; and what
//! `hexdump -C` writes of the answer reads back to the same bytes.

use charscope::dump::{self, HexdumpCanonical, ParseOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(parsed) = dump::parse(&text, &ParseOptions::default()) {
        let canonical = HexdumpCanonical::format(&parsed.bytes);
        let again = dump::parse(&canonical, &ParseOptions::default());
        if !parsed.bytes.is_empty() {
            assert_eq!(again.expect("our own hexdump -C reads back").bytes, parsed.bytes);
        }
    }
    let _ = charscope::escape::unescape(&text);
});
