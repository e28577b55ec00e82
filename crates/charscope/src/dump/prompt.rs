//! A pasted shell prompt line before a dump (`$ xxd file.bin`, `user@host:~% od -c f`): the
//! command that made the dump, not part of it. It is blanked (so that line numbers stay those
//! of the paste) and named in a warning.

use std::borrow::Cow;

/// The programs whose output charscope reads, as a prompt line would name them.
const TOOLS: [&str; 12] = [
    "xxd", "hexdump", "hd", "od", "hexyl", "busybox", "python", "python3", "printf", "echo", "cat",
    "git",
];

/// Whether `line` is a prompt running one of [`TOOLS`]: a prompt character (`$`, `%`, `#`,
/// `>`, `❯`) followed by a space and the tool's name (after `sudo ` or a pipe's first command).
fn is_prompt(line: &str) -> bool {
    line.char_indices().any(|(i, c)| {
        if !matches!(c, '$' | '%' | '#' | '>' | '❯') {
            return false;
        }
        let Some(rest) = line[i + c.len_utf8()..].strip_prefix(' ') else {
            return false;
        };
        let rest = rest.trim_start();
        let rest = rest.strip_prefix("sudo ").unwrap_or(rest);
        let word = rest.split([' ', '|']).next().unwrap_or_default();
        let program = word.rsplit('/').next().unwrap_or(word);
        TOOLS.contains(&program)
    })
}

/// The text with a leading prompt line blanked, and a warning naming it; the text itself when
/// its first non-blank line is no prompt or nothing follows it.
pub(crate) fn strip_prompt(text: &str) -> (Cow<'_, str>, Option<String>) {
    let mut lines = text.split_inclusive('\n');
    let mut start = 0;
    let first = loop {
        let Some(line) = lines.next() else {
            return (Cow::Borrowed(text), None);
        };
        if !line.trim().is_empty() {
            break line;
        }
        start += line.len();
    };
    let rest = &text[start + first.len()..];
    if !is_prompt(first.trim_end()) || rest.trim().is_empty() {
        return (Cow::Borrowed(text), None);
    }
    let number = text[..start].matches('\n').count() + 1;
    let blanked = format!("{}\n{rest}", &text[..start]);
    let warning = format!(
        "line {number} is the command that made the dump ({}), not part of it: skipped",
        first.trim()
    );
    (Cow::Owned(blanked), Some(warning))
}

#[cfg(test)]
mod tests {
    use super::strip_prompt;

    #[test]
    fn a_prompt_line_is_blanked_and_named() {
        let (text, warning) = strip_prompt("$ xxd notes.txt\n00000000: 6869  hi\n");
        assert_eq!(text, "\n00000000: 6869  hi\n");
        assert!(warning.unwrap().contains("line 1 is the command"));
        let (text, _) = strip_prompt("\nme@box:~/src% sudo od -c f\n0000000   h\n");
        assert_eq!(text, "\n\n0000000   h\n");
        assert!(
            strip_prompt("❯ /usr/bin/hexdump -C x\n00000000  68\n")
                .1
                .is_some()
        );
    }

    #[test]
    fn other_first_lines_stay() {
        for text in [
            "C3 A9\n",
            "$ xxd f\n",
            "$ ls\n00 01\n",
            "%C3%A9\n",
            "# a comment\n41\n",
        ] {
            assert_eq!(strip_prompt(text), (text.into(), None), "{text:?}");
        }
    }
}
