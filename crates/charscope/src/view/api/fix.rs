//! `POST /api/fix`: `fix --json` of the input box's text (or of its bytes, decoded), of its
//! first [`FIX_BYTES`].

use super::input::{self, Content, Mode};
use super::{Cut, FIX_BYTES, FIX_LISTED, FIX_MARKS, RequestError};
use crate::encoding;
use crate::repair::Repair;
use crate::scan::hidden::{self, Marks};
use serde::{Deserialize, Serialize};

/// What the page asks of `fix`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixRequest {
    /// The input box.
    pub input: String,
    /// How to read it.
    #[serde(default)]
    pub mode: Mode,
    /// `"auto"`, or the label to decode bytes with.
    #[serde(default = "super::auto")]
    pub encoding: String,
    /// A dump format to force (`"auto"` or a format name), as for `inspect`.
    #[serde(default)]
    pub format: Option<String>,
    /// The word order of a dump of 2- or 4-byte words, as for `inspect`.
    #[serde(default)]
    pub word_order: Option<String>,
    /// The most characters of each text (the repaired one, each stage's, each alternative's)
    /// to send (`text_cut` says when one stops short); all of them when absent.
    #[serde(default)]
    pub limit: Option<usize>,
}

/// The hidden characters of each text of a repair, which the page draws as marks and never
/// applies (a repaired text may hold a bidi control).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RepairMarks {
    /// Of the text that was repaired (the input's), which the page shows as the chain's first
    /// state: of its first `input_chars` characters.
    pub input: Marks,
    /// How many characters of the input `input` covers, when not all: the page shows no more.
    pub input_chars: Option<usize>,
    /// Of the repaired text.
    pub text: Marks,
    /// Of each stage's text, in order.
    pub stages: Vec<Marks>,
    /// Of each alternative's text, in order.
    pub alternatives: Vec<Marks>,
    /// Of each repaired place: what stood there, and what it became.
    pub spans: Vec<[Marks; 2]>,
}

/// The marks of `text`, which is cut before its [`FIX_MARKS`]+1-th hidden character when
/// `capped` (true when it was).
fn marks_within(text: &mut String, capped: bool) -> (Marks, bool) {
    let marks = hidden::marks(text);
    match marks.marks.get(FIX_MARKS) {
        Some(over) if capped => {
            let at = over.index;
            let end = text.char_indices().nth(at).map_or(text.len(), |(i, _)| i);
            text.truncate(end);
            (marks.first(at), true)
        }
        _ => (marks, false),
    }
}

impl RepairMarks {
    /// The marks of every text of `repair` (as sent: cut by `limit` already, and cut further
    /// before the [`FIX_MARKS`]+1-th hidden character of each when there is a limit), and of
    /// the first `limit` characters of `input`, the text repaired.
    fn of(repair: &mut Repair, input: &str, limit: Option<usize>) -> RepairMarks {
        let capped = limit.is_some();
        let mut cut = false;
        let mut within = |text: &mut String| {
            let (marks, was_cut) = marks_within(text, capped);
            cut |= was_cut;
            marks
        };
        let text = within(&mut repair.text);
        let stages = repair
            .stages
            .iter_mut()
            .map(|s| within(&mut s.text))
            .collect();
        let alternatives = repair
            .alternatives
            .iter_mut()
            .map(|a| within(&mut a.text))
            .collect();
        repair.text_cut |= cut;
        let spans = repair
            .spans
            .iter()
            .map(|s| [hidden::marks(&s.original), hidden::marks(&s.text)])
            .collect();
        let (input, input_chars) = match limit {
            None => (hidden::marks(input), None),
            Some(limit) => {
                let marks = hidden::marks(input).first(limit);
                let chars = marks.marks.get(FIX_MARKS).map_or(limit, |m| m.index);
                (marks.first(chars), Some(chars))
            }
        };
        RepairMarks {
            input,
            input_chars,
            text,
            stages,
            alternatives,
            spans,
        }
    }

    /// Whether no text has a hidden character.
    fn is_empty(&self) -> bool {
        self.input.is_empty()
            && self.text.is_empty()
            && self
                .stages
                .iter()
                .chain(&self.alternatives)
                .chain(self.spans.iter().flatten())
                .all(Marks::is_empty)
    }
}

/// The repair, what it left out, and the hidden characters of its texts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FixAnswer {
    /// `fix --json` (of the part of the input repaired).
    #[serde(flatten)]
    pub repair: Repair,
    /// What was repaired or listed only in part: the input past [`FIX_BYTES`], the repaired
    /// places and lost characters past [`FIX_LISTED`].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cuts: Vec<Cut>,
    /// The hidden characters of each text, absent when there are none.
    #[serde(skip_serializing_if = "RepairMarks::is_empty")]
    pub hidden: RepairMarks,
}

/// The text to repair: text as itself with the encoding "auto", else the bytes decoded with the
/// encoding the label names (or, with "auto", UTF-8 when they are valid UTF-8 and windows-1252
/// when not, as inspect chooses).
fn text_of(content: Content, label: Option<&str>) -> Result<String, RequestError> {
    Ok(match (content, label) {
        (Content::Text(text), None) => text,
        (content, label) => {
            let bytes = content.bytes();
            let enc = match label {
                Some(label) => super::resolve(label)?,
                None if std::str::from_utf8(bytes).is_ok() => encoding::UTF_8,
                None => encoding::WINDOWS_1252,
            };
            crate::decode::decode(bytes, enc).text
        }
    })
}

/// How much of `text` is repaired: all of it up to [`FIX_BYTES`], else its whole lines up to
/// there (or, for a first line longer than that, its first characters).
fn repaired_part(text: &str) -> usize {
    super::whole_lines_within(text.as_bytes(), FIX_BYTES, true)
}

/// The input's text repaired, exactly as `fix --json` prints it, of its first [`FIX_BYTES`]
/// (whole lines; a `Cut` says so); with the hidden characters of each text.
pub fn fix(request: FixRequest) -> Result<FixAnswer, RequestError> {
    super::check_size(&request.input, "repair it")?;
    let options = super::dump_options(request.format.as_deref(), request.word_order.as_deref())?;
    let read = input::read_with(request.input, request.mode, &options)?;
    let text = text_of(read.content, super::chosen_label(&request.encoding))?;
    let end = repaired_part(&text);
    let mut cuts = Vec::new();
    if end < text.len() {
        cuts.push(super::input_cut(
            end,
            text.len(),
            "were repaired (repair is slow work)",
            FIX_BYTES,
            "charscope fix",
        ));
    }
    let repair = crate::repair::fix(&text[..end]);
    let mut repair = match request.limit {
        Some(limit) => repair.shown(limit),
        None => repair,
    };
    cuts.extend(Cut::list(
        "spans",
        "repaired places",
        &mut repair.spans,
        FIX_LISTED,
    ));
    cuts.extend(Cut::list(
        "lost",
        "characters that could not be recovered",
        &mut repair.lost,
        FIX_LISTED,
    ));
    let hidden = RepairMarks::of(&mut repair, &text[..end], request.limit);
    Ok(FixAnswer {
        hidden,
        repair,
        cuts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repaired_part_ends_with_a_whole_line_or_a_whole_character() {
        assert_eq!(repaired_part("short"), 5);
        let lines = "abc\n".repeat(FIX_BYTES);
        let end = repaired_part(&lines);
        assert!(end <= FIX_BYTES && end > FIX_BYTES - 4);
        assert!(lines[..end].ends_with('\n'));
        let one_line = "é".repeat(FIX_BYTES);
        let end = repaired_part(&one_line);
        assert_eq!(end, FIX_BYTES);
        let odd = format!("a{one_line}");
        assert_eq!(repaired_part(&odd), FIX_BYTES - 1);
    }
}
