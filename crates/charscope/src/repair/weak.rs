//! Weak evidence: candidates whose whole case is one short sequence with nothing around it to
//! confirm it. Clean text has such coincidences (a symbol in quotes, a capital before an
//! ellipsis, a face drawn with symbols), so a repair that rests on one of them must win by a
//! much larger margin than one that repairs a word.

use super::search::Candidate;
use super::words::alphabetic;
use icu_properties::CodePointMapData;
use icu_properties::props::{GeneralCategory, Script};

/// Extra bits a lone sequence must gain when it writes one letter of a script the rest of the
/// line does not use, out of a character and the punctuation that closes it: a Latin line with
/// one Hebrew or Armenian letter standing alone is a coincidence of bytes ("“×”" is D7 94 in
/// windows-1252, "Õ…" is D5 85), not a repair.
pub(crate) const FOREIGN_LETTER: f64 = 16.0;

/// Extra bits a lone sequence of symbols alone must gain in a step rarer than UTF-8 read as
/// windows-1252, unless it writes a letter of a script the line already has ("Marte √©"): the
/// upper halves of MacRoman, the DOS code pages and others are mostly symbols, so two of them
/// side by side ("∆°", "¬´" in a face) form UTF-8 by chance in clean text.
pub(crate) const LONE_SYMBOLS: f64 = 12.0;

/// Whether `ch` is a letter (or a digit: "£5" is a price, not a lone sign).
fn wordy(ch: Option<char>) -> bool {
    ch.is_some_and(char::is_alphanumeric)
}

/// The candidate's only place, when it is one sequence decoded whole with no letter or digit on
/// either side.
fn lone(c: &Candidate) -> Option<&super::place::Replacement> {
    let [r] = c.replacements.as_slice() else {
        return None;
    };
    if r.complete != 1 || !r.lost.is_empty() {
        return None;
    }
    let before = c.line[..r.start].chars().next_back();
    let after = c.line[r.end..].chars().next();
    (!wordy(before) && !wordy(after)).then_some(r)
}

/// Whether `span` ends with punctuation that closes a word or a phrase (a closing quote or
/// guillemet, an ellipsis): a character and its closing mark is how clean text reads ("“×”",
/// "Õ…"), while a letter and a degree sign ("Ð°") is not.
fn ends_as_words_end(span: &str) -> bool {
    let gc = CodePointMapData::<GeneralCategory>::new();
    span.chars().next_back().is_some_and(|ch| {
        ch == '\u{2026}'
            || matches!(
                gc.get(ch),
                GeneralCategory::FinalPunctuation | GeneralCategory::ClosePunctuation
            )
    })
}

fn script(ch: char) -> Script {
    CodePointMapData::<Script>::new().get(ch)
}

/// Whether a script is one text is written in (not the shared punctuation and marks).
fn proper(s: Script) -> bool {
    s != Script::Common && s != Script::Inherited && s != Script::Unknown
}

/// The extra bits of margin `c` needs for resting on weak evidence (0 when it does not), given
/// whether its step is rarer than UTF-8 read as windows-1252 or ISO-8859-1.
pub(crate) fn extra_margin(c: &Candidate, rare_step: bool) -> f64 {
    let Some(r) = lone(c) else {
        return 0.0;
    };
    let mut written = r.text.chars().filter(|ch| alphabetic(*ch));
    // The script of the one letter written, and whether the rest of the line has letters and
    // letters of that script.
    let letter = match (written.next(), written.next()) {
        (Some(letter), None) => Some(script(letter)),
        _ => None,
    };
    let (mut any, mut same) = (false, false);
    for ch in c.line[..r.start]
        .chars()
        .chain(c.line[r.end..].chars())
        .filter(|ch| alphabetic(*ch))
    {
        any = true;
        same |= Some(script(ch)) == letter;
    }
    let span = &c.line[r.start..r.end];
    if letter.is_some_and(proper) && any && !same && ends_as_words_end(span) {
        return FOREIGN_LETTER;
    }
    // Symbols made into anything but a letter of the line's own script.
    if rare_step && !span.chars().any(char::is_alphanumeric) && !same {
        return LONE_SYMBOLS;
    }
    0.0
}

#[cfg(test)]
mod tests {
    use crate::repair::fix;

    #[test]
    fn a_lone_letter_of_another_script_is_not_a_repair() {
        // Each is one two-byte sequence that windows-1252 makes of a character and the
        // punctuation closing it: Cyrillic Д (D0 94), Greek υ (CF 85), Arabic م (D9 85),
        // Hebrew ג (D7 92), in lines of Latin text.
        for text in [
            "The letter “Ð” is called eth",
            "Level Ï… and beyond",
            "The grade was Ù… then nothing",
            "a “×’ sign",
        ] {
            assert_eq!(fix(text).text, text, "{text}");
        }
    }

    #[test]
    fn lone_symbols_in_a_rarer_code_page_are_not_a_repair() {
        // MacRoman C2 B0 and C5 B0, IBM437 CD BB: symbol pairs of clean text.
        for text in ["x ¬∞ y", "≈∞", "+--╔═╗--+"] {
            assert_eq!(fix(text).text, text, "{text}");
        }
    }

    #[test]
    fn lone_sequences_with_support_are_still_repaired() {
        // The letter joins its line's script, or the sequence is the commonest mojibake.
        assert_eq!(fix("Ã§").text, "ç");
        assert_eq!(
            fix("A atmosfera de Marte √©").text,
            "A atmosfera de Marte é"
        );
    }

    #[test]
    fn a_lone_letter_of_a_new_script_is_not_a_repair() {
        // One Cyrillic letter in a line of Latin text, with nothing around it of its script:
        // evidence before change (it was repaired before the evidence rule).
        assert_eq!(fix("[Ð°.e.](/wiki/a)").text, "[Ð°.e.](/wiki/a)");
    }
}
