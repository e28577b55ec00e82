//! Making untrusted text safe for a terminal: controls, bidi overrides and invisible characters
//! are shown as `\u{...}` escapes instead of acting on the screen.

/// Whether a character must not reach a terminal as is.
pub fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{B}'..='\u{1F}' | '\u{7F}'..='\u{9F}'
        | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}'
        | '\u{061C}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E007F}')
}

/// `text` with every unsafe character replaced by a `\u{XXXX}` escape; newlines and tabs stay.
pub fn sanitize(text: &str) -> std::borrow::Cow<'_, str> {
    // Printable ASCII, tabs and newlines: most text, checked without a branch per byte (the
    // compiler makes it SIMD; a check that stops at the first other byte is a loop of
    // branches, 8% of `scan`'s time on a file of 4,000 findings).
    let plain = |b: u8| (0x20..0x7F).contains(&b) | (b == b'\t') | (b == b'\n');
    let all_plain = text.as_bytes().iter().fold(true, |all, &b| all & plain(b));
    if all_plain || !text.chars().any(is_unsafe) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A name (a file's path in the form [`charscope::scan::names::display_bytes`] gives it: bytes
/// that are not UTF-8 as `\xNN`) as every command shows it in a message or a line of output:
/// what [`sanitize`] escapes, and line feeds, carriage returns and tabs too, so that a name
/// never starts a line of its own (`a.txt:9:9: bidi-control: forged<LF>z.txt`).
pub fn name(name: &str) -> std::borrow::Cow<'_, str> {
    let breaks = |c: char| matches!(c, '\n' | '\r' | '\t');
    if !name.chars().any(|c| is_unsafe(c) || breaks(c)) {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 16);
    for c in name.chars() {
        if is_unsafe(c) || breaks(c) {
            out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A path in the form JSON carries it: UTF-8 as is, other bytes as `\xNN`
/// ([`charscope::scan::names::display_bytes`]; the same in every command).
pub fn path_text(path: &std::path::Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        charscope::scan::names::display_bytes(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned()
    }
}

/// A path as every command shows it to people: [`name`] of [`path_text`].
pub fn shown_path(path: &std::path::Path) -> String {
    name(&path_text(path)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::{name, sanitize, shown_path};

    #[test]
    fn names_never_break_a_line_and_show_other_bytes_as_hex() {
        let forged = "a.txt:9:9: bidi-control: forged\nz.txt";
        assert_eq!(
            name(forged),
            "a.txt:9:9: bidi-control: forged\\u{000A}z.txt"
        );
        assert_eq!(
            name("b\rc\td\u{202E}.txt"),
            "b\\u{000D}c\\u{0009}d\\u{202E}.txt"
        );
        assert_eq!(name("caf\u{e9}.txt"), "caf\u{e9}.txt");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let path = std::path::Path::new(std::ffi::OsStr::from_bytes(b"bad\xFF\n.txt"));
            assert_eq!(shown_path(path), "bad\\xFF\\u{000A}.txt");
        }
    }

    #[test]
    fn escapes_controls_bidi_and_invisibles_but_not_newlines() {
        assert_eq!(sanitize("a\u{1B}[31mb"), "a\\u{001B}[31mb");
        assert_eq!(sanitize("x\u{202E}y\u{FEFF}"), "x\\u{202E}y\\u{FEFF}");
        assert_eq!(sanitize("line\n\tok é"), "line\n\tok é");
    }
}
