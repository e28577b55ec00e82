#![no_main]
//! The scanners answer any bytes with findings, never a panic: `scan_bytes` (every check), the
//! bidi-only fast path (which must find the same bidi controls), file names, and every layer of
//! a URL. Each finding's offset lies inside the input.

use charscope::scan::{self, Code, NameEntry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let findings = scan::scan_bytes("fuzz", data);
    for f in &findings {
        if let Some(offset) = f.offset {
            assert!(offset as usize <= data.len());
        }
    }
    let bidi: Vec<_> = findings
        .into_iter()
        .filter(|f| f.code == Code::BidiControl)
        .collect();
    assert_eq!(scan::scan_bidi_controls("fuzz", data), bidi);
    let names: Vec<NameEntry> = data
        .split(|&b| b == b'/')
        .map(|name| NameEntry::new("fuzz", name))
        .collect();
    let _ = scan::scan_names(&names);
    let report = scan::url::analyze(data);
    for f in &report.findings {
        assert!(f.offset as usize <= data.len());
    }
    let _ = charscope::same::same(
        &String::from_utf8_lossy(data),
        &String::from_utf8_lossy(&data[data.len() / 2..]),
    );
});
