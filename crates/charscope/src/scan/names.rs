//! File names: names that are not UTF-8, hidden characters in names (control characters, line
//! feeds and tabs among them), and two names of one directory that are canonically equivalent
//! (an NFC and an NFD "café.txt", as macOS and Linux write them) or look alike (same UTS #39
//! skeleton).
//!
//! The library reads no directories: the caller lists the names of one directory as bytes.
//!
//! ```
//! use charscope::scan::{Code, NameEntry, scan_names};
//! let entries = [
//!     NameEntry::new("d/caf\u{e9}.txt", "caf\u{e9}.txt".as_bytes()),
//!     NameEntry::new("d/cafe\u{301}.txt", "cafe\u{301}.txt".as_bytes()),
//! ];
//! let findings = scan_names(&entries);
//! assert_eq!(findings.len(), 2);
//! assert!(findings.iter().all(|f| f.code == Code::NameNormalizationCollision));
//! ```

use super::hidden::{allowance, classify, is_emoji, is_tag};
use super::{Code, Finding, FoundChar};
use crate::decode::{self, hex_pairs};
use crate::encoding::UTF_8;
use crate::text::normalization::{Form, normalize};
use std::collections::BTreeMap;

/// One entry of a directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameEntry {
    /// The path to show for it (see [`display_bytes`]).
    pub path: String,
    /// The file name's bytes, as the file system stores them.
    pub name: Vec<u8>,
}

impl NameEntry {
    /// An entry from a path to show and the name's bytes.
    pub fn new(path: impl Into<String>, name: &[u8]) -> NameEntry {
        NameEntry {
            path: path.into(),
            name: name.to_vec(),
        }
    }
}

/// Bytes as text: UTF-8 as is, every byte of a malformed sequence as `\xNN`.
///
/// ```
/// assert_eq!(charscope::scan::names::display_bytes(b"caf\xE9.txt"), "caf\\xE9.txt");
/// ```
pub fn display_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

fn finding(entry: &NameEntry, code: Code, chars: Vec<FoundChar>, message: String) -> Finding {
    Finding {
        path: entry.path.clone(),
        line: None,
        column: None,
        offset: None,
        code,
        chars,
        message,
        allowed_by: None,
    }
}

/// Every finding about the names of one directory's entries.
pub fn scan_names(entries: &[NameEntry]) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut by_nfc: BTreeMap<String, Vec<(usize, &str)>> = BTreeMap::new();
    for (i, entry) in entries.iter().enumerate() {
        let Ok(name) = std::str::from_utf8(&entry.name) else {
            out.push(not_utf8(entry));
            continue;
        };
        // Printable ASCII (most names) hides nothing and is its own NFC (a test checks both).
        let nfc = if is_printable_ascii(name) {
            name.to_string()
        } else {
            hidden_in_name(entry, name, &mut out);
            normalize(name, Form::Nfc).into_owned()
        };
        by_nfc.entry(nfc).or_default().push((i, name));
    }
    collisions(entries, &by_nfc, &mut out);
    lookalikes(entries, &by_nfc, &mut out);
    out
}

/// The finding of a name that is not UTF-8.
fn not_utf8(entry: &NameEntry) -> Finding {
    let decoded = decode::decode(&entry.name, UTF_8);
    let detail = decoded.malformed.first().map_or(String::new(), |m| {
        format!(": {} at byte {} ({})", m.hex(), m.offset(), m.reason())
    });
    finding(
        entry,
        Code::NameInvalidUtf8,
        Vec::new(),
        format!(
            "the name {:?} is not UTF-8{detail}",
            display_bytes(&entry.name)
        ),
    )
}

/// The findings of names that are one in NFC (`by_nfc`: the entries and names of each NFC).
fn collisions(
    entries: &[NameEntry],
    by_nfc: &BTreeMap<String, Vec<(usize, &str)>>,
    out: &mut Vec<Finding>,
) {
    for (nfc, group) in by_nfc {
        if group.len() < 2 {
            continue;
        }
        for &(i, name) in group {
            let others: Vec<String> = group
                .iter()
                .filter(|&&(j, _)| j != i)
                .map(|&(_, other)| format!("{other:?} ({})", hex_pairs(other.as_bytes())))
                .collect();
            out.push(finding(
                &entries[i],
                Code::NameNormalizationCollision,
                Vec::new(),
                format!(
                    "{name:?} ({}) and {} in the same directory are the same name in NFC \
                     ({nfc:?}): a file system that normalizes names sees one file",
                    hex_pairs(name.as_bytes()),
                    others.join(", ")
                ),
            ));
        }
    }
}

/// The findings of names (one per NFC in `by_nfc`) with the same UTS #39 skeleton.
fn lookalikes(
    entries: &[NameEntry],
    by_nfc: &BTreeMap<String, Vec<(usize, &str)>>,
    out: &mut Vec<Finding>,
) {
    let mut by_skeleton: BTreeMap<String, Vec<(usize, &str)>> = BTreeMap::new();
    for (nfc, group) in by_nfc {
        by_skeleton
            .entry(super::confusable::skeleton(nfc))
            .or_default()
            .push((group[0].0, nfc.as_str()));
    }
    for group in by_skeleton.values().filter(|g| g.len() > 1) {
        for &(i, name) in group {
            let others: Vec<String> = group
                .iter()
                .filter(|&&(j, _)| j != i)
                .map(|&(_, other)| format!("{other:?}"))
                .collect();
            let chars = name
                .chars()
                .filter(|c| !c.is_ascii())
                .map(FoundChar::of)
                .collect();
            out.push(finding(
                &entries[i],
                Code::NameConfusable,
                chars,
                format!(
                    "{name:?} looks like {} in the same directory (same UTS #39 skeleton)",
                    others.join(", ")
                ),
            ));
        }
    }
}

/// Whether a name is all printable ASCII (space to `~`).
fn is_printable_ascii(name: &str) -> bool {
    name.bytes().all(|b| (0x20..0x7F).contains(&b))
}

/// Hidden characters in a name, with the codes they have in text.
fn hidden_in_name(entry: &NameEntry, name: &str, out: &mut Vec<Finding>) {
    let chars: Vec<char> = name.chars().collect();
    let mut in_emoji_tags = false;
    for (i, &c) in chars.iter().enumerate() {
        // Line feeds, carriage returns and tabs are at home in text, not in a name: there they
        // break the lines of every tool that lists files (and forge lines of their output).
        let code = classify(c).or(matches!(c, '\n' | '\r' | '\t').then_some(Code::Control));
        if let Some(code) = code {
            let prev = i.checked_sub(1).map(|p| chars[p]);
            if code == Code::Tag {
                in_emoji_tags = match prev {
                    Some(p) if is_tag(p) => in_emoji_tags,
                    Some(p) => is_emoji(p),
                    None => false,
                };
            }
            let mut f = finding(
                entry,
                code,
                vec![FoundChar::of(c)],
                format!(
                    "{} in the file name, at character {}",
                    FoundChar::of(c).label(),
                    i + 1
                ),
            );
            f.allowed_by = allowance(code, prev, c, chars.get(i + 1).copied(), in_emoji_tags);
            out.push(f);
        }
        in_emoji_tags = if is_tag(c) {
            in_emoji_tags
        } else {
            is_emoji(c)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_hides_nothing_and_is_its_own_nfc() {
        for b in 0x20u8..0x7F {
            let c = char::from(b);
            assert_eq!(classify(c), None, "{c:?}");
            assert_eq!(normalize(&c.to_string(), Form::Nfc), c.to_string());
        }
        assert!(is_printable_ascii("plain name.txt"));
        for name in ["a\tb", "caf\u{e9}", "\u{7F}", "a\u{1}b"] {
            assert!(!is_printable_ascii(name), "{name:?}");
        }
    }

    #[test]
    fn ascii_lookalikes_and_controls_in_names_are_found() {
        let entries = [
            NameEntry::new("d/modern.txt", b"modern.txt"),
            NameEntry::new("d/modem.txt", b"modem.txt"),
            NameEntry::new("d/bell\u{7}.txt", b"bell\x07.txt"),
            NameEntry::new("d/plain.txt", b"plain.txt"),
        ];
        let found: Vec<(String, Code)> = scan_names(&entries)
            .into_iter()
            .map(|f| (f.path, f.code))
            .collect();
        let has = |path: &str, code| found.contains(&(path.to_string(), code));
        assert!(has("d/modern.txt", Code::NameConfusable), "{found:?}");
        assert!(has("d/modem.txt", Code::NameConfusable), "{found:?}");
        assert!(has("d/bell\u{7}.txt", Code::Control), "{found:?}");
        assert_eq!(found.len(), 3, "{found:?}");
        // Line feeds, carriage returns and tabs too, which text may hold.
        for name in ["a\nb.txt", "a\rb.txt", "a\tb.txt"] {
            let found = scan_names(&[NameEntry::new(name, name.as_bytes())]);
            assert_eq!(found.len(), 1, "{name:?}: {found:?}");
            assert_eq!(found[0].code, Code::Control, "{name:?}");
            assert!(
                found[0]
                    .message
                    .contains("in the file name, at character 2")
            );
        }
    }
}
