#![no_main]
//! Encoding labels: any string resolves or is an error that says so, never a panic; under
//! WHATWG's meanings a label means what encoding_rs (a WHATWG-conformant registry) says it
//! means; every resolved encoding's name reads back as a label of the same encoding, under both
//! meanings.

use charscope::encoding::{self, LabelMode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let label = String::from_utf8_lossy(data);
    let whatwg = encoding::for_whatwg_label(&label);
    let reference = encoding_rs::Encoding::for_label(label.as_bytes()).map(|e| e.name());
    assert_eq!(whatwg.map(|e| e.name()), reference, "{label:?}");
    for mode in [LabelMode::Whatwg, LabelMode::Iana] {
        match encoding::resolve(&label, mode) {
            Ok(resolved) => {
                let name = resolved.encoding.name();
                let again = encoding::resolve(name, mode).expect("a name reads back");
                assert_eq!(again.encoding.name(), name);
                let _ = resolved.note;
            }
            Err(unknown) => {
                assert!(unknown.suggestions.len() <= 5);
                let _ = unknown.to_string();
            }
        }
    }
    if let Some(enc) = whatwg {
        let _ = encoding::aliases_of(enc);
    }
});
