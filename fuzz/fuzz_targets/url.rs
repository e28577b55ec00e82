#![no_main]
//! What a server would see of a URL: any bytes give every layer and findings, never a panic;
//! each finding lies inside the input and names a layer that is there; a URL read as text
//! (`lens`) gives what its bytes give.

use charscope::scan::url;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = url::analyze(data);
    assert!(!report.layers.is_empty());
    for f in &report.findings {
        assert!(f.offset as usize <= data.len(), "{f:?}");
        assert!(report.layers.iter().any(|l| l.name == f.layer), "{f:?}");
    }
    // (The lens reads the text trimmed.)
    if let Ok(text) = std::str::from_utf8(data)
        && text.trim() == text
        && let Some(lensed) = url::lens(text)
    {
        assert_eq!(lensed, report);
    }
    let _ = url::looks_like_url(&String::from_utf8_lossy(data));
});
