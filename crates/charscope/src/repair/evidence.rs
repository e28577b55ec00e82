//! Evidence before change: the word-level checks a candidate repair must pass, whatever it gains.
//!
//! Clean text has letter lists ("ÄÖÜ äöü ß"), symbols beside numbers ("5×£35") and rare
//! letters, and a reading of them in another encoding is sometimes scored as more plausible
//! than they are: the letters a reread writes are the commonest of their script, and the models
//! of some scripts tell little of their words apart. Two checks keep such readings out:
//! - **a new script needs a whole word of it** ([`new_scripts_supported`]): a repair that writes
//!   letters of a script the rest of the line does not use (Greek, Cyrillic, Hebrew, Arabic,
//!   Thai, CJK... in a Latin line) must write at least one whole word of that script that reads
//!   as a word of its language;
//! - **a reread needs a broken source** ([`reread_supported`]): text in one legacy encoding read
//!   with another has no byte structure to go by, so the words it changes must read as no word
//!   of any language, and read as words once changed.

use super::score::score;
use super::search::Candidate;
use super::words::{alphabetic, symbol_inside_ascii_word};
use icu_properties::CodePointMapData;
use icu_properties::props::{GeneralCategory, Script};

/// The least plausibility per character (bits below typical text of the language) of a word
/// that counts as evidence: 95% of the words of clean text of four letters or more score above
/// it, and 1% of the words that a wrong reading of clean text writes.
const WORD_FLOOR: f64 = -1.5;

/// The most plausibility per character the words a reread changes may have: clean words score
/// above it nineteen times in twenty, the same words read with the wrong encoding below it.
const SOURCE_CEILING: f64 = -3.0;

/// A writing system as evidence counts it: the scripts of Chinese, Japanese and Korean are one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Latin,
    EastAsian,
    Other(Script),
}

fn family(ch: char) -> Option<Family> {
    let s = CodePointMapData::<Script>::new().get(ch);
    match s {
        // Braille's patterns are symbols of no language (its blank, U+2800, stands in for spaces).
        Script::Common | Script::Inherited | Script::Unknown | Script::Braille => None,
        Script::Latin => Some(Family::Latin),
        Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo => {
            Some(Family::EastAsian)
        }
        other => Some(Family::Other(other)),
    }
}

fn is_mark(ch: char) -> bool {
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(ch),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

/// Whether `ch` belongs in a word: a letter, or a mark on one.
fn wordy(ch: char) -> bool {
    alphabetic(ch) || is_mark(ch)
}

/// The words of `text`: its runs of letters and marks, as byte ranges.
fn words(text: &str) -> Vec<(usize, usize)> {
    // Room for a word every few bytes, most often enough.
    let mut out = Vec::with_capacity(text.len() / 4 + 1);
    let mut start = None;
    for (i, ch) in text.char_indices() {
        match (wordy(ch), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// The places of a candidate as byte ranges of its repaired text, one for each run of places
/// that touch.
fn placed(c: &Candidate) -> Vec<(usize, usize)> {
    let mut shift = 0isize;
    let mut out: Vec<(usize, usize)> = Vec::new();
    for r in &c.replacements {
        let start = (r.start as isize + shift) as usize;
        shift += r.text.len() as isize - (r.end - r.start) as isize;
        let end = start + r.text.len();
        match out.last_mut() {
            Some(last) if last.1 == start => last.1 = end,
            _ => out.push((start, end)),
        }
    }
    out
}

/// Each place of a candidate as a byte range of its repaired text.
fn each_placed(c: &Candidate) -> Vec<(usize, usize)> {
    let mut shift = 0isize;
    c.replacements
        .iter()
        .map(|r| {
            let start = (r.start as isize + shift) as usize;
            shift += r.text.len() as isize - (r.end - r.start) as isize;
            (start, start + r.text.len())
        })
        .collect()
}

/// Whether the byte range `a..b` lies inside the ranges `within`, which are sorted and apart.
fn covered(within: &[(usize, usize)], a: usize, b: usize) -> bool {
    within.iter().any(|&(s, e)| s <= a && b <= e)
}

/// The fewest letters of a word that counts as evidence for its script: two where the bytes
/// of UTF-8 sequences speak for it too.
fn fewest_letters(f: Family, structural: bool) -> usize {
    if structural || f == Family::EastAsian {
        2
    } else {
        3
    }
}

/// The least plausibility per character of a word made of UTF-8 sequences that counts as
/// evidence: clean words of four letters or more score above it 99 times in 100, the words a
/// wrong reading writes below it more than half the time (the sequences are evidence too).
const STRUCTURAL_WORD_FLOOR: f64 = -5.0;

/// Whether a Thai word is written as Thai is: a vowel sign above or below, a tone mark and the
/// other marks sit on a consonant, and a vowel written before its consonant has one after it.
/// (The model of Thai is a flat alphabet, which tells nothing of its words apart.)
fn thai_spelled(word: &str) -> bool {
    let consonant = |c: char| ('\u{E01}'..='\u{E2E}').contains(&c);
    let mut prev: Option<char> = None;
    let mut marks_on_consonant = 0;
    let chars: Vec<char> = word.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let ok = match c {
            // Vowel signs above and below.
            '\u{E31}' | '\u{E34}'..='\u{E3A}' => {
                let fits = prev.is_some_and(consonant) && marks_on_consonant == 0;
                marks_on_consonant += 1;
                fits
            }
            // Tone marks and the other marks above.
            '\u{E47}'..='\u{E4E}' => {
                let fits =
                    prev.is_some_and(|p| consonant(p) || is_mark(p)) && marks_on_consonant < 2;
                marks_on_consonant += 1;
                fits
            }
            // Vowels written before the consonant they follow in speech.
            '\u{E40}'..='\u{E44}' => chars.get(i + 1).is_some_and(|&n| consonant(n)),
            // Vowels after a consonant.
            '\u{E30}' | '\u{E32}' | '\u{E33}' | '\u{E45}' => prev.is_some(),
            c if consonant(c) => {
                marks_on_consonant = 0;
                true
            }
            _ => c == '\u{E46}' || c == '\u{E2F}',
        };
        if !ok {
            return false;
        }
        prev = Some(c);
    }
    true
}

/// Whether `word`, all in the script family `f`, reads as a word of a language of it.
fn reads_as_word(word: &str, f: Family, structural: bool) -> bool {
    let letters = word
        .chars()
        .filter(|c| alphabetic(*c) && !is_mark(*c))
        .count();
    if letters < fewest_letters(f, structural) {
        return false;
    }
    // Three UTF-8 sequences or more in a row, each a letter of one script: clean text does not
    // hold such bytes by chance, whatever the model makes of the word (a name, a rare script).
    if structural && letters >= 3 {
        return true;
    }
    match f {
        Family::Other(Script::Thai) => letters >= 4 && thai_spelled(word),
        _ => {
            let s = score(word);
            // A script without a model of its words: only length can speak for it.
            if s.best_language().is_none() || matches!(s.language(), Some("th" | "ka" | "hy")) {
                structural || letters >= 4
            } else if structural {
                s.per_char() >= STRUCTURAL_WORD_FLOOR
            } else {
                s.per_char() >= WORD_FLOOR
            }
        }
    }
}

/// Whether every script that `c` writes and the rest of its line does not use (Latin aside) is
/// written as at least one whole word of that script that reads as a word: a repair into
/// another script rests on a word of it, never on a letter.
pub(crate) fn new_scripts_supported(c: &Candidate) -> bool {
    let mut context: Vec<Family> = Vec::new();
    let mut at = 0;
    let mut outside = |text: &str| {
        for f in text.chars().filter_map(family) {
            if !context.contains(&f) {
                context.push(f);
            }
        }
    };
    for r in &c.replacements {
        outside(&c.line[at..r.start]);
        at = r.end;
    }
    outside(&c.line[at..]);
    let mut new: Vec<Family> = Vec::new();
    // Every character with a script counts, not only letters: an Arabic or Syriac sign is as
    // foreign to a Latin line as a letter ("؋" is "Ïï" read as UTF-8).
    // A sign inside an ASCII word is evidence of its own (a Greek letter in a gene's name,
    // "IL2RÎ³cKO"), and so is a letter followed by two signs or more that read as one longer
    // sequence ("à¸‡" for the Thai "ง" of a kaomoji): such places are not asked for a word.
    for r in c
        .replacements
        .iter()
        .filter(|r| !symbol_inside_ascii_word(&c.line, r.start, r.end) && !signs_after_lead(c, r))
    {
        for f in r.text.chars().filter_map(family) {
            if f != Family::Latin && !context.contains(&f) && !new.contains(&f) {
                new.push(f);
            }
        }
    }
    if new.is_empty() {
        return true;
    }
    let places = placed(c);
    let covered_words: Vec<&str> = words(&c.text)
        .into_iter()
        .filter(|&(a, b)| covered(&places, a, b))
        .map(|(a, b)| &c.text[a..b])
        .collect();
    let mut evidence: Vec<Family> = covered_words
        .iter()
        .filter_map(|word| {
            let mut families = word.chars().filter(|c| alphabetic(*c)).filter_map(family);
            let first = families.next()?;
            (families.all(|f| f == first) && reads_as_word(word, first, c.utf8)).then_some(first)
        })
        .collect();
    // Chinese and Japanese put digits between their words ("1997年1月24日"): their characters
    // that the places write are judged together.
    let east_asian: String = covered_words
        .iter()
        .flat_map(|w| w.chars())
        .filter(|&ch| family(ch) == Some(Family::EastAsian))
        .collect();
    if reads_as_word(&east_asian, Family::EastAsian, c.utf8) {
        evidence.push(Family::EastAsian);
    }
    new.iter().all(|f| evidence.contains(f))
}

/// Whether a UTF-8 place is one character written by three characters or more of which all but
/// the first are signs (punctuation and symbols): the continuation bytes of a three- or
/// four-byte sequence read as windows-1252 and its kin, which clean text does not hold.
fn signs_after_lead(c: &Candidate, r: &super::place::Replacement) -> bool {
    let source = &c.line[r.start..r.end];
    let mut chars = source.chars();
    c.utf8
        && r.complete == 1
        && r.text.chars().count() == 1
        && source.chars().count() >= 3
        && chars.next().is_some()
        && chars.all(|ch| !ch.is_alphanumeric() && !ch.is_whitespace())
}

/// The byte range of the word around `a..b` of `text` (the range itself when no letter
/// touches it).
fn word_around(text: &str, a: usize, b: usize) -> (usize, usize) {
    let start = text[..a]
        .char_indices()
        .rev()
        .take_while(|&(_, ch)| wordy(ch))
        .last()
        .map_or(a, |(i, _)| i);
    let end = text[b..]
        .char_indices()
        .find(|&(_, ch)| !wordy(ch))
        .map_or(text.len(), |(i, _)| b + i);
    (start, end)
}

/// The family of `word` when it is long enough to read as a word of one family: four letters
/// or more (marks aside), or two East Asian characters, all of one family.
fn long_word(word: &str) -> Option<Family> {
    let mut families = word.chars().filter(|c| alphabetic(*c)).filter_map(family);
    let first = families.next()?;
    let letters = word
        .chars()
        .filter(|c| alphabetic(*c) && !is_mark(*c))
        .count();
    ((letters >= 4 || first == Family::EastAsian && letters >= 2) && families.all(|f| f == first))
        .then_some(first)
}

/// Whether a reread (text in one legacy encoding read with another) has the evidence it needs:
/// the words it changes read as no word of any language (below [`SOURCE_CEILING`]) and, once
/// changed, as words (above [`WORD_FLOOR`]), with four letters or more to go by. UTF-8
/// readings, and C1 controls read back as windows-1252, carry their own structure and pass.
pub(crate) fn reread_supported(c: &Candidate) -> bool {
    if c.utf8 || c.c1_reread() {
        return true;
    }
    // Room for every word of the line and of its repair, a space after each place.
    let mut source = String::with_capacity(c.line.len() + c.replacements.len());
    let mut target = String::with_capacity(c.text.len() + c.replacements.len());
    let mut last = None;
    for (r, (a, b)) in c.replacements.iter().zip(each_placed(c)) {
        let from = word_around(&c.line, r.start, r.end);
        if last == Some(from) {
            continue;
        }
        last = Some(from);
        let to = word_around(&c.text, a, b);
        source.push_str(&c.line[from.0..from.1]);
        source.push(' ');
        target.push_str(&c.text[to.0..to.1]);
        target.push(' ');
    }
    // What needs no scoring is asked first: a target without a word long enough to read as one
    // is no reread, whatever the scores. Then the target, which reads as no words nine times in
    // ten (the source, shared by the rereads of the line, is scored only for the others).
    let long_words: Vec<(&str, Family)> = words(&target)
        .into_iter()
        .filter_map(|(a, b)| long_word(&target[a..b]).map(|f| (&target[a..b], f)))
        .collect();
    if long_words.is_empty() {
        return false;
    }
    let t = score(&target);
    if t.per_char() < WORD_FLOOR {
        return false;
    }
    let s = score(&source);
    if s.letters() < 4 {
        return false;
    }
    // At least one whole word of four letters or more that reads as one.
    if !long_words
        .iter()
        .any(|&(word, first)| reads_as_word(word, first, false))
    {
        return false;
    }
    let same_script = s.script().is_some() && s.script() == t.script();
    if same_script {
        // One letter read for another in words of one script ("năo" for "não"): the words
        // must read clearly better.
        t.per_char() - s.per_char() >= SAME_SCRIPT_GAIN
    } else {
        s.per_char() <= SOURCE_CEILING && weighed_letters(&target) >= READ_AGAIN_LETTERS
    }
}

/// Bits per character by which the words a reread changes within one script must read better.
const SAME_SCRIPT_GAIN: f64 = 1.0;

/// The fewest letters, in different words, that the words a reread writes must have (an
/// ideograph, kana or hangul counting as two): a letter list ("ÄÅÉ äåé") reread can spell a
/// short word of another language ("ΔΕΙ δει").
const READ_AGAIN_LETTERS: usize = 6;

/// How many letters (marks aside) the different words of `text` have, case aside, an
/// ideograph, kana or hangul counting as two.
fn weighed_letters(text: &str) -> usize {
    let mut seen: Vec<String> = Vec::new();
    for (a, b) in words(text) {
        let word = text[a..b].to_lowercase();
        if !seen.contains(&word) {
            seen.push(word);
        }
    }
    seen.iter()
        .flat_map(|w| w.chars())
        .filter(|&c| alphabetic(c) && !is_mark(c))
        .map(|c| {
            if family(c) == Some(Family::EastAsian) {
                2
            } else {
                1
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::thai_spelled;
    use crate::repair::fix;

    #[test]
    fn thai_words_are_spelled_as_thai() {
        for word in ["ภาษาไทย", "สวัสดี", "ครับ", "เมือง", "น้ำ"]
        {
            assert!(thai_spelled(word), "{word}");
        }
        // A tone mark after a vowel written first; two vowel signs on one consonant.
        for word in ["แ้ํ", "มีิส", "เ"] {
            assert!(!thai_spelled(word), "{word}");
        }
    }

    #[test]
    fn clean_text_read_in_another_script_is_left_alone() {
        for text in [
            "ÄÖÜ äöü ß",
            "Special letters: åäö and æøå",
            "Vowels: áéíóú",
            "ÂÊÎÔÛ âêîôû",
            "Superscripts ¹²³ and ½",
            "Offering 5×£35 pin ups",
            "ÈÚÜÍ èúüí",
            "mađarski",
            "İçtaş İnşaat",
        ] {
            assert_eq!(fix(text).text, text, "{text}");
        }
    }
}
