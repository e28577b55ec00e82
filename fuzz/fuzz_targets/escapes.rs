#![no_main]
//! Escapes in and out: any text unescapes or is an error that says where, never a panic; every
//! format writes any bytes without a panic; and a text that holds none of the escapes' starts
//! (`\`, `%`, `&`, `U+`: the reader reads all their syntaxes at once, while each format escapes
//! only its own) written in a format of a language's string literal (C, Rust, Python,
//! JavaScript, Java, JSON), of HTML or of a URL reads back, between its quotes, as itself.

use charscope::escape::{self, EscapeFormat};
use libfuzzer_sys::fuzz_target;

/// What `written` holds between the quotes of its format's literal (C's literals that it
/// splices after a `\x` escape followed by a hex digit joined again); all of it for HTML and
/// URLs; `None` for the formats the escape reader does not read (hex pairs, arrays).
fn literal(written: &str, format: EscapeFormat) -> Option<String> {
    let between = match format {
        EscapeFormat::Html | EscapeFormat::Url => written,
        EscapeFormat::C | EscapeFormat::Js | EscapeFormat::Java | EscapeFormat::Json => {
            written.strip_prefix('"')?.strip_suffix('"')?
        }
        EscapeFormat::Rust => written.strip_prefix("b\"")?.strip_suffix('"')?,
        EscapeFormat::Python => written.strip_prefix("b'")?.strip_suffix('\'')?,
        _ => return None,
    };
    // (A quote inside is written `\"`: two quotes in a row are a splice.)
    Some(if format == EscapeFormat::C {
        between.replace("\"\"", "")
    } else {
        between.to_string()
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match escape::unescape(&text) {
        Ok(read) => {
            let _ = read.to_string_lossy();
            let _ = read.notes();
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    let plain = !text.contains(['\\', '%', '&']) && !text.to_ascii_lowercase().contains("u+");
    for format in EscapeFormat::ALL {
        let _ = escape::format_bytes(data, format);
        let written = escape::format_text(&text, format);
        let Some(inner) = literal(&written, format).filter(|_| plain) else {
            continue;
        };
        let read = escape::unescape(&inner)
            .unwrap_or_else(|e| panic!("{format}: {written:?} does not read back: {e}"));
        assert_eq!(read.to_string_lossy(), text, "{format}: {written:?}");
    }
});
