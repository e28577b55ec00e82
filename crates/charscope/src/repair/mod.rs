//! Mojibake repair: text that was decoded with the wrong encoding, found and undone as the
//! chain of steps that made it, with what each step did.
//!
//! # How it decides
//! 1. **Structure first.** A candidate step encodes characters back to the bytes of the encoding
//!    they were wrongly read with and decodes those bytes with the right one. For UTF-8 read as
//!    something else, only runs of bytes that are valid UTF-8 and start and end on a character
//!    of the text count, one span at a time, so that one broken word in a line of good text is
//!    repaired alone. For legacy text read with another legacy encoding, the stretches between
//!    ASCII must encode and decode without a loss, and the line must have that mojibake's shape
//!    (a lower-case Cyrillic letter before an upper-case one for KOI8-R and windows-1251, say).
//! 2. **Plausibility decides.** Each candidate is scored against the text as it stands, with the
//!    same plausibility model as encoding detection; the best one is taken only if it wins by a
//!    margin, and the search repeats (text broken twice or three times) up to three steps.
//!
//! Lost bytes are repaired as far as they can be: a sequence that lost one byte (to a U+FFFD, a
//! `?`, or a dropped 81/8D/8F/90/9D) becomes one U+FFFD, and [`Repair::lost`] says where.
//! Clean text, in any script, is returned unchanged.
//!
//! Lines are independent: a text is repaired a line at a time (so a caller may stream lines), and
//! offsets count bytes of the UTF-8 input.
//!
//! ```
//! use charscope::repair;
//! let r = repair::fix("Ã©tÃ©");
//! assert_eq!(r.text, "été");
//! assert_eq!(r.steps[0].encode.name(), "windows-1252");
//! assert_eq!(r.steps[0].decode.name(), "UTF-8");
//! assert_eq!(repair::fix("Ãngel").text, "Ãngel");
//! ```

mod codec;
mod decide;
mod evidence;
mod place;
mod priors;
mod reread;
mod scan;
mod score;
mod search;
mod segments;
mod sound;
mod types;
mod weak;
mod words;

use serde::Serialize;
pub use types::{Alternative, LossKind, Lost, Repair, RepairedSpan, Stage, Step};

/// Builds what repair works with (the tables of the encodings it undoes, and the plausibility
/// model), which is otherwise built on first use: the model on another thread, the tables on
/// this one. A caller about to repair much text on several threads calls it first, so that they
/// do not all wait while one of them builds both.
pub fn prepare() {
    std::thread::scope(|scope| {
        let model = std::thread::Builder::new()
            .name("charscope-model".into())
            .spawn_scoped(scope, crate::plausibility::prepare);
        codec::codecs();
        match model {
            Ok(thread) => thread
                .join()
                .expect("building the plausibility model panicked"),
            Err(_) => crate::plausibility::prepare(),
        }
    });
}

/// Repairs `text`, a line at a time.
pub fn fix(text: &str) -> Repair {
    fix_at(text, 0)
}

/// Repairs `text` as [`fix_at`] does, or returns `None` when nothing in it needs repair (then
/// [`fix_at`] would return the text unchanged): a caller that streams lines writes a clean line
/// as it is, without the copy a [`Repair`] makes of it.
pub fn fix_if_needed(text: &str, offset: usize) -> Option<Repair> {
    let lines = repaired_lines(text);
    (!lines.is_empty()).then(|| assemble(text, offset, &lines))
}

/// Repairs `text` as [`fix`] does, with offsets counted from `offset` (for a caller that feeds
/// a stream a line or paragraph at a time).
pub fn fix_at(text: &str, offset: usize) -> Repair {
    let lines = repaired_lines(text);
    if lines.is_empty() {
        return Repair::unchanged(text);
    }
    assemble(text, offset, &lines)
}

/// The longest piece of a line repaired as a whole, in bytes: a longer line is repaired a piece
/// at a time (cut at a space, or after another ASCII character), so that the time and memory a
/// repair takes grow with the length of the text, whatever its lines. Mojibake is undone a word
/// at a time: a piece this long holds every word it could touch.
const PIECE: usize = 4096;

/// `text` cut into pieces of about [`PIECE`] bytes at most, each with its terminator (the line
/// break, or nothing for a piece that ends inside a line).
fn pieces(text: &str) -> impl Iterator<Item = &str> {
    text.split_inclusive('\n').flat_map(|line| {
        let mut rest = line;
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            let cut = if rest.len() <= PIECE {
                rest.len()
            } else {
                cut_point(rest)
            };
            let (piece, after) = rest.split_at(cut);
            rest = after;
            Some(piece)
        })
    })
}

/// Where to cut a long line: after the last space before [`PIECE`] bytes, else after the last
/// ASCII character, else (a run of non-ASCII text as long as a piece) at a character boundary.
fn cut_point(line: &str) -> usize {
    let window = &line.as_bytes()[..PIECE];
    let after = |i: usize| i + 1;
    window
        .iter()
        .rposition(|&b| b == b' ')
        .or_else(|| window.iter().rposition(u8::is_ascii))
        .map(after)
        .filter(|&i| i > 0)
        .unwrap_or_else(|| {
            (1..=PIECE)
                .rev()
                .find(|&i| line.is_char_boundary(i))
                .unwrap_or(PIECE)
        })
}

/// The lines of `text` (a long line in pieces), from the first one repaired on (none: the text
/// is unchanged).
fn repaired_lines(text: &str) -> Vec<(usize, decide::LineRepair)> {
    let mut lines: Vec<(usize, decide::LineRepair)> = Vec::new();
    let mut at = 0;
    for line in pieces(text) {
        let body = line.trim_end_matches(['\n', '\r']);
        let repaired = decide::fix_line(body);
        if repaired.is_some() && lines.is_empty() {
            // The lines before it, unchanged.
            let mut before = 0;
            for line in pieces(&text[..at]) {
                lines.push((before, unchanged_line(line)));
                before += line.len();
            }
        }
        match repaired {
            Some(mut repaired) => {
                repaired.tail = line[body.len()..].to_string();
                lines.push((at, repaired));
            }
            None if !lines.is_empty() => lines.push((at, unchanged_line(line))),
            None => {}
        }
        at += line.len();
    }
    lines
}

/// A line (with its terminator) that needs no repair.
fn unchanged_line(line: &str) -> decide::LineRepair {
    let body = line.trim_end_matches(['\n', '\r']);
    decide::LineRepair {
        original: body.to_string(),
        tail: line[body.len()..].to_string(),
        ..decide::LineRepair::default()
    }
}

fn push_step(steps: &mut Vec<Step>, step: Step) {
    if !steps.contains(&step) {
        steps.push(step);
    }
}

fn assemble(text: &str, offset: usize, lines: &[(usize, decide::LineRepair)]) -> Repair {
    let mut out = Repair::unchanged("");
    let rounds = lines.iter().map(|(_, l)| l.stages.len()).max().unwrap_or(0);
    for (at, line) in lines {
        out.text.push_str(line.text());
        out.text.push_str(&line.tail);
        for s in &line.spans {
            out.spans.push(RepairedSpan {
                offset: offset + at + s.offset,
                ..s.clone()
            });
        }
        for l in &line.lost {
            out.lost.push(Lost {
                offset: offset + at + l.offset,
                ..l.clone()
            });
        }
    }
    for k in 0..rounds {
        let mut stage = Stage {
            steps: Vec::new(),
            text: String::new(),
        };
        for (_, line) in lines {
            match line.stages.get(k) {
                Some((t, step)) => {
                    push_step(&mut stage.steps, *step);
                    stage.text.push_str(t);
                }
                None => stage.text.push_str(line.text()),
            }
            stage.text.push_str(&line.tail);
        }
        out.stages.push(stage);
    }
    // Round by round: a step undone twice ("ÃƒÂ©" is "é" read as windows-1252 twice) is listed
    // twice.
    out.steps = out.stages.iter().flat_map(|s| s.steps.clone()).collect();
    // Alternatives: the whole text with one line repaired another way (the best three only
    // are written out: a text of many lines has an alternative for each).
    let mut ranked: Vec<(usize, &decide::LineAlternative)> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, (_, line))| line.alternatives.iter().map(move |alt| (i, alt)))
        .collect();
    ranked.sort_by(|a, b| b.1.score.total_cmp(&a.1.score));
    let alternatives: Vec<Alternative> = ranked
        .into_iter()
        .take(3)
        .map(|(i, alt)| {
            let mut whole = String::new();
            for (j, (_, other)) in lines.iter().enumerate() {
                whole.push_str(if i == j { &alt.text } else { other.text() });
                whole.push_str(&other.tail);
            }
            Alternative {
                text: whole,
                steps: alt.steps.clone(),
                score: alt.score,
            }
        })
        .collect();
    out.alternatives = alternatives;
    out.changed = out.text != text;
    out.score = lines.iter().map(|(_, l)| l.score).sum();
    out
}

/// Text that looks like mojibake: what [`fix`] would make of it (what `inspect` flags).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suspicion {
    /// The text repaired (of the first [`SUSPICION_BYTES`] bytes at most).
    pub repaired: String,
    /// The steps that repair it.
    pub steps: Vec<Step>,
}

/// How much of a text [`suspicion`] looks at.
pub const SUSPICION_BYTES: usize = 64 * 1024;

/// Whether `text` (its first [`SUSPICION_BYTES`] bytes) looks like mojibake, and what [`fix`]
/// would make of it.
pub fn suspicion(text: &str) -> Option<Suspicion> {
    let mut end = text.len().min(SUSPICION_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let r = fix(&text[..end]);
    r.changed.then_some(Suspicion {
        repaired: r.text,
        steps: r.steps,
    })
}

#[cfg(test)]
mod tests {
    use super::{PIECE, fix_at, fix_if_needed, pieces};

    #[test]
    fn a_long_line_is_cut_after_a_space_then_after_ascii() {
        let line = format!("{} tail\n", "ab ".repeat(3000));
        let cut: Vec<&str> = pieces(&line).collect();
        assert_eq!(cut.concat(), line);
        assert!(cut.iter().all(|p| p.len() <= PIECE));
        assert!(cut[..cut.len() - 1].iter().all(|p| p.ends_with(' ')));
        // No space: after the last ASCII character; none either: at a character boundary.
        let line = "\u{e9}a".repeat(3000);
        assert!(pieces(&line).all(|p| p.ends_with('a') || p.len() < 4));
        let line = "\u{65e5}".repeat(3000);
        let cut: Vec<&str> = pieces(&line).collect();
        assert_eq!(cut.concat(), line);
        assert!(cut.iter().all(|p| p.len() <= PIECE));
        // Short lines stay whole, each with its break.
        assert_eq!(pieces("a\nb\r\n").collect::<Vec<_>>(), ["a\n", "b\r\n"]);
    }

    #[test]
    fn a_text_that_needs_no_repair_is_none_and_any_other_is_what_fix_at_makes() {
        for clean in [
            "",
            "plain ASCII\n",
            "caf\u{e9} \u{65e5}\u{672c}\r\n",
            "\u{2014}",
        ] {
            assert!(fix_if_needed(clean, 3).is_none(), "{clean:?}");
            assert_eq!(fix_at(clean, 3).text, clean);
        }
        for broken in ["caf\u{c3}\u{a9}\n", "ok\nd\u{c3}\u{a9}j\u{c3}\u{a0} vu\n"] {
            let needed = fix_if_needed(broken, 7).expect("a repair");
            assert_eq!(needed, fix_at(broken, 7), "{broken:?}");
            assert_ne!(needed.text, broken);
        }
    }
}
