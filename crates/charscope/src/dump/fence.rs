//! Markdown code fences around a pasted dump (```` ``` ````, ```` ```text ````, `~~~`): the
//! frame of the paste, not part of the dump. Fence lines are blanked, so that line numbers
//! stay those of the paste. No dump format has a line that starts with three backticks or
//! three tildes, so a fence is never taken for data.

use std::borrow::Cow;

/// Whether `line` is a code fence: after any indentation, three backticks or three tildes,
/// then anything (the info string, `text` or `console`).
fn is_fence(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("```") || line.starts_with("~~~")
}

/// The text with its fence lines blanked (each line ending kept); the text itself when it
/// has none.
pub(crate) fn strip_fences(text: &str) -> Cow<'_, str> {
    if !(text.contains("```") || text.contains("~~~")) || !text.lines().any(is_fence) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if is_fence(line) {
            let body = line.trim_end_matches(['\n', '\r']);
            out.push_str(&line[body.len()..]);
        } else {
            out.push_str(line);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::strip_fences;

    #[test]
    fn fence_lines_are_blanked_and_lines_keep_their_numbers() {
        assert_eq!(strip_fences("```\nC3 A9\n```\n"), "\nC3 A9\n\n",);
        assert_eq!(
            strip_fences("  ```console\r\n00000000: 6869  hi\r\n  ```"),
            "\r\n00000000: 6869  hi\r\n",
        );
        assert_eq!(strip_fences("~~~\n41\n~~~\n"), "\n41\n\n");
    }

    #[test]
    fn text_without_a_fence_stays_as_it_is() {
        for text in ["C3 A9\n", "%60%60%60\n", "b\"``\"\n", "a ``` b\n"] {
            assert!(matches!(strip_fences(text), std::borrow::Cow::Borrowed(t) if t == text));
        }
    }
}
