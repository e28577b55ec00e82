//! Structural checks on what a candidate repair writes, before plausibility is asked: repaired
//! text never contains what real text does not (controls, private-use or unassigned code
//! points), and a combining mark it writes sits on a base it can belong to.

use super::place::Replacement;
use super::words::alphabetic;
use crate::charinfo::properties;
use icu_normalizer::properties::CanonicalCompositionBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::{GeneralCategory, Script};

fn is_mark(gc: GeneralCategory) -> bool {
    matches!(
        gc,
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

fn is_letter(gc: GeneralCategory) -> bool {
    matches!(
        gc,
        GeneralCategory::UppercaseLetter
            | GeneralCategory::LowercaseLetter
            | GeneralCategory::TitlecaseLetter
            | GeneralCategory::ModifierLetter
            | GeneralCategory::OtherLetter
    )
}

/// Whether the mark `mark` may follow `base`: a letter it composes with, or a letter of its own
/// script; or a digit, symbol or punctuation (kaomoji and strike-through put marks there).
fn mark_fits(base: Option<char>, mark: char) -> bool {
    let Some(base) = base else { return false };
    if base.is_whitespace() {
        return false;
    }
    let gc = CodePointMapData::<GeneralCategory>::new();
    if !is_letter(gc.get(base)) {
        // Kaomoji and strike-through put marks on digits, symbols and quotes.
        return matches!(
            gc.get(base),
            GeneralCategory::DecimalNumber
                | GeneralCategory::MathSymbol
                | GeneralCategory::CurrencySymbol
                | GeneralCategory::ModifierSymbol
                | GeneralCategory::OtherSymbol
        ) || matches!(base, '\'' | '"');
    }
    if CanonicalCompositionBorrowed::new()
        .compose(base, mark)
        .is_some()
    {
        return true;
    }
    let scripts = CodePointMapData::<Script>::new();
    let (s, b) = (scripts.get(mark), scripts.get(base));
    if s == Script::Inherited {
        // Shared marks that do not compose: the Arabic harakat ("inherited" by Arabic and
        // Syriac letters).
        return matches!(b, Script::Arabic | Script::Syriac);
    }
    s != Script::Common && s == b
}

/// Whether a letter written into a word of capitals keeps the case: "AHÅ™" is a name in
/// capitals, not "AHř". `before` is the line before the place, as repaired.
fn case_fits(before: &str, r: &Replacement) -> bool {
    let mut written = r.text.chars().filter(|c| alphabetic(*c));
    let Some(first) = written.next() else {
        return true;
    };
    if !first.is_lowercase() {
        return true;
    }
    let capitals_before = before
        .chars()
        .rev()
        .take_while(|c| alphabetic(*c))
        .filter(|c| c.is_uppercase())
        .count();
    capitals_before < 2
}

/// Characters that real text seldom has and mojibake repairs often make: phonetic letters,
/// spacing accents, enclosed letters, the long s, the rarer Latin Extended-B and Cyrillic
/// letters (Vietnamese ơ ư and Romanian ș ț excepted).
pub(crate) fn rare(c: char) -> bool {
    // Letters of living orthographies in these ranges: the open e and o and the schwa of West
    // African languages and Azerbaijani, the hooked letters of Hausa and Fula, the okina and
    // the apostrophe letter of Hawaiian and Samoan.
    if matches!(
        c,
        'Ɔ' | 'Ə'
            | 'Ɛ'
            | 'ɔ'
            | 'ə'
            | 'ɛ'
            | 'ɓ'
            | 'ɗ'
            | 'ƙ'
            | 'ƴ'
            | 'Ɓ'
            | 'Ɗ'
            | 'Ƙ'
            | 'Ƴ'
            | 'ʻ'
            | 'ʼ'
    ) {
        return false;
    }
    matches!(c as u32,
        0x00A8 | 0x00AF | 0x00B4 | 0x00B8 | 0x017F
        | 0x0180..=0x019F | 0x01B1..=0x0217 | 0x021C..=0x024F
        | 0x0250..=0x02FF | 0x0460..=0x052F | 0x1D00..=0x1DBF | 0x2460..=0x24FF)
}

/// Whether the characters a candidate writes are ones real text has: none rare when it repairs
/// three sequences or fewer (weak evidence), mostly common beyond. Sequences are counted, not
/// places: a line broken whole is one place of many sequences.
pub(crate) fn common_enough(line: &str, replacements: &[Replacement]) -> bool {
    let sequences: usize = replacements.iter().map(|r| r.complete + r.lost.len()).sum();
    if sequences <= 3 {
        // A rare character the place already had is not one the repair makes ("Â´" is "´").
        return !replacements.iter().any(|r| {
            r.text
                .chars()
                .any(|c| rare(c) && !line[r.start..r.end].contains(c))
        });
    }
    // Many places: under a quarter rare letters. Spacing accents and the rare letters of
    // windows-1252 (ƒ, ˆ, ˜) are common in the middle steps of text broken several times: "ãƒ"
    // is the start of every katakana read as windows-1252.
    let written: Vec<char> = replacements.iter().flat_map(|r| r.text.chars()).collect();
    let rare_letters = written
        .iter()
        .filter(|&&c| {
            rare(c)
                && !matches!(
                    c,
                    '\u{A8}' | '\u{AF}' | '\u{B4}' | '\u{B8}' | '\u{192}' | '\u{2C6}' | '\u{2DC}'
                )
        })
        .count();
    rare_letters * 4 < written.len()
}

/// C0 controls (but tab, line feed, form feed and carriage return), private-use code points and
/// noncharacters: never the result of a repair. (C1 controls are: text broken twice keeps the
/// bytes windows-1252 leaves undefined as C1 controls until the next step; unassigned code
/// points are not judged, as the text may be newer than the character data.)
fn unlikely(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\x0C' | '\r'))
        || c == '\u{7F}'
        || properties::is_private_use(c)
        || properties::is_noncharacter(c)
        || CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Unassigned
}

/// Whether a place writes one symbol between two letters ("ANARÂŠKIELÂ" read as UTF-8 would
/// be "ANAR©KIELÂ"): words do not have a sign inside them. (Punctuation does stand there: an
/// apostrophe, a hyphen.)
fn symbol_in_word(line: &str, r: &Replacement) -> bool {
    let mut written = r.text.chars();
    let (Some(ch), None) = (written.next(), written.next()) else {
        return false;
    };
    if ch == char::REPLACEMENT_CHARACTER {
        return false;
    }
    let letter = |c: Option<char>| c.is_some_and(alphabetic);
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(ch),
        GeneralCategory::MathSymbol
            | GeneralCategory::CurrencySymbol
            | GeneralCategory::ModifierSymbol
            | GeneralCategory::OtherSymbol
    ) && letter(line[..r.start].chars().next_back())
        && letter(line[r.end..].chars().next())
}

/// Whether every replacement writes sound text.
pub(crate) fn sound(line: &str, replacements: &[Replacement]) -> bool {
    if !common_enough(line, replacements) {
        return false;
    }
    let gc = CodePointMapData::<GeneralCategory>::new();
    // The line as repaired up to the place: the case of a word is judged by its repaired
    // letters ("ĹŁ" before "Ĺź" is the one small letter ţ, not two capitals).
    let mut repaired = String::with_capacity(line.len());
    let mut at = 0;
    replacements.iter().all(|r| {
        repaired.push_str(&line[at..r.start]);
        if !case_fits(&repaired, r) || symbol_in_word(line, r) {
            return false;
        }
        repaired.push_str(&r.text);
        at = r.end;
        let mut base = line[..r.start].chars().next_back();
        for c in r.text.chars() {
            if unlikely(c) && !line[r.start..r.end].contains(c) {
                return false;
            }
            if is_mark(gc.get(c)) {
                if !mark_fits(base, c) {
                    return false;
                }
            } else {
                base = Some(c);
            }
        }
        true
    })
}

/// Scripts whose letters are written beside each other in one word: the ideographs, kana and
/// hangul of Chinese, Japanese and Korean.
fn east_asian(s: Script) -> bool {
    matches!(
        s,
        Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo
    )
}

/// Half-width katakana: written in runs of their own, in narrow contexts, never between
/// full-width ideographs or kana.
fn halfwidth_kana(c: char) -> bool {
    ('\u{FF66}'..='\u{FF9F}').contains(&c)
}

/// Whether two letters may stand side by side in a word: ASCII goes beside anything (names,
/// units, "iPhone"), and other letters beside letters of their own script, or East Asian beside
/// East Asian (but half-width katakana beside half-width ones only).
fn letters_fit(a: char, b: char) -> bool {
    if a.is_ascii() || b.is_ascii() || !alphabetic(a) || !alphabetic(b) {
        return true;
    }
    let scripts = CodePointMapData::<Script>::new();
    let (sa, sb) = (scripts.get(a), scripts.get(b));
    if [sa, sb]
        .iter()
        .any(|&s| matches!(s, Script::Common | Script::Inherited))
    {
        return true;
    }
    if halfwidth_kana(a) != halfwidth_kana(b) {
        return false;
    }
    sa == sb || (east_asian(sa) && east_asian(sb))
}

/// Whether every letter a reread writes fits the letters beside it (see [`letters_fit`]): a
/// text read with the wrong legacy encoding changes every letter of its words, so a reading
/// that writes an Arabic letter right beside a Latin one it left ("مƒ"), or a half-width kana
/// between ideographs ("竄ｬ邃"), is a chance fit of bytes, not the text's own encoding.
pub(crate) fn scripts_fit(line: &str, replacements: &[Replacement]) -> bool {
    let mut prev = None;
    let mut at = 0;
    for r in replacements {
        let before = line[at..r.start].chars().next_back().or(prev);
        let after = line[r.end..].chars().next();
        let written = before.into_iter().chain(r.text.chars()).chain(after);
        let mut last: Option<char> = None;
        for c in written {
            if last.is_some_and(|l| !letters_fit(l, c)) {
                return false;
            }
            last = Some(c);
        }
        prev = r.text.chars().next_back();
        at = r.end;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::letters_fit;
    use crate::repair::fix;

    #[test]
    fn letters_of_two_scripts_do_not_stand_side_by_side() {
        // Arabic and Latin; Cyrillic and Greek.
        assert!(!letters_fit('\u{645}', '\u{192}'));
        assert!(!letters_fit('\u{436}', '\u{3B1}'));
        // Half-width katakana beside an ideograph or a full-width kana.
        assert!(!letters_fit('\u{7AC4}', '\u{FF6C}'));
        assert!(!letters_fit('\u{FF6C}', '\u{30E3}'));
        // Kana, ideographs and hangul; ASCII beside anything; letters of one script; marks.
        assert!(letters_fit('\u{65E5}', '\u{3072}'));
        assert!(letters_fit('\u{D55C}', '\u{5B57}'));
        assert!(letters_fit('T', '\u{30B7}'));
        assert!(letters_fit('\u{FF76}', '\u{FF9E}'));
        assert!(letters_fit('\u{E9}', '\u{E8}'));
        assert!(letters_fit('\u{5D0}', '\u{5B8}'));
    }

    #[test]
    fn a_line_broken_whole_is_judged_by_its_sequences() {
        // UTF-8 read as windows-1252 twice: the middle step ("ã\u{81}“ã‚“...") is one place
        // of many sequences, with the ƒ and ˆ of windows-1252 in it.
        let text = "Ã£Â\u{81}â€œÃ£â€šâ€œÃ£Â\u{81}Â«Ã£Â\u{81}Â¡Ã£Â\u{81}Â¯Ã¤Â¸â€“Ã§â€¢Å’";
        assert_eq!(fix(text).text, "こんにちは世界");
        let text = "Ã¤Â¸Â\u{ad}Ã¦â€“â€¡Ã¦â€“â€¡Ã¦Å“Â¬Ã¯Â¼Å’Ã§Â®â‚¬Ã¤Â½â€œÃ¥Â\u{ad}â€”";
        assert_eq!(fix(text).text, "中文文本，简体字");
    }

    #[test]
    fn a_rare_character_the_place_had_is_not_made_by_the_repair() {
        // Two sequences, each writing a spacing accent that already stood in the mojibake.
        let text = "the acute Â´ and the macron Â¯ are spacing accents";
        assert_eq!(
            fix(text).text,
            "the acute ´ and the macron ¯ are spacing accents"
        );
    }

    #[test]
    fn a_word_s_case_is_judged_as_repaired() {
        // Romanian in UTF-8 read as windows-1250: "ĹŁ" before "Ä\u{83}" is ţ, not two capitals.
        let text = "pe vremea aceea Ă®nĹŁelegeau puĹŁinÄ\u{83} ceaĹŁÄ\u{83}";
        assert_eq!(fix(text).text, "pe vremea aceea înţelegeau puţină ceaţă");
        // A capital word keeps its case.
        assert_eq!(fix("AHÅ™").text, "AHÅ™");
    }
}
