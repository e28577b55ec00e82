#![no_main]
//! Mojibake repair answers any text, never a panic: the input read as UTF-8 (lossily) is
//! repaired whole and a line at a time; text left unchanged is given back as it was, and what
//! `fix_if_needed` calls clean is what `fix` leaves alone. Each repaired span lies inside the
//! input, and its original is the input's text there.

use charscope::repair;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let fixed = repair::fix(&text);
    if !fixed.changed {
        assert_eq!(fixed.text, text);
    }
    if repair::fix_if_needed(&text, 0).is_none() {
        assert!(
            !fixed.changed,
            "fix_if_needed found nothing, fix changed {text:?}"
        );
    }
    for span in &fixed.spans {
        let end = span.offset + span.length;
        assert!(end <= text.len(), "{span:?} beyond {} bytes", text.len());
        assert_eq!(text.get(span.offset..end), Some(span.original.as_str()));
    }
});
