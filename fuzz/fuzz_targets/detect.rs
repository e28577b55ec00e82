#![no_main]
//! Detection answers any bytes, never a panic: the answer's name reads back as a label, its
//! confidence is a probability, its segments lie inside the input; the bounded-memory detector
//! fed in two chunks (cut where the first byte says) answers as `detect` does, and so does the
//! detector told a declaration.

use charscope::detect::{self, Detector};
use charscope::encoding;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, bytes)) = data.split_first() else {
        return;
    };
    let found = detect::detect(bytes);
    let name = found.encoding.map(|e| e.name());
    if let Some(name) = name {
        assert_eq!(encoding::for_label(name).map(|e| e.name()), Ok(name));
    }
    assert!(
        (0.0..=1.0).contains(&found.confidence),
        "{}",
        found.confidence
    );
    for s in &found.segments {
        assert!(s.offset + s.length <= bytes.len() as u64, "{s:?}");
    }
    let (a, b) = bytes.split_at(usize::from(cut).min(bytes.len()));
    let mut detector = Detector::new();
    detector.feed(a);
    detector.feed(b);
    let streamed = detector.finish();
    assert_eq!(
        streamed.encoding.map(|e| e.name()),
        name,
        "fed in chunks cut at {cut}"
    );
    let _ = detect::detect_declared(bytes, Some("utf-8"));
    let _ = detect::auto(bytes);
});
