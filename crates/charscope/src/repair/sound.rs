//! Structural checks on what a candidate repair writes, before plausibility is asked: repaired
//! text never contains what real text does not (controls, private-use or unassigned code
//! points), and a combining mark it writes sits on a base it can belong to.

use super::place::Replacement;
use super::words::alphabetic;
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
/// capitals, not "AHř". `done` are the places before `r`, already repaired (the line before
/// the place is judged as repaired).
fn case_fits(line: &str, done: &[Replacement], r: &Replacement) -> bool {
    let mut written = r.text.chars().filter(|c| alphabetic(*c));
    let Some(first) = written.next() else {
        return true;
    };
    if !first.is_lowercase() {
        return true;
    }
    capitals_before(line, done, r.start) < 2
}

/// The capitals among the letters right before byte `start` of `line` with the places `done`
/// (all before `start`) repaired: the line as repaired, read backwards to the first character
/// that is not a letter, without being written out.
fn capitals_before(line: &str, done: &[Replacement], start: usize) -> usize {
    let mut capitals = 0;
    // Counts the letters of `text` from its end; false at the first other character.
    let mut letters = |text: &str| {
        for c in text.chars().rev() {
            if !alphabetic(c) {
                return false;
            }
            capitals += usize::from(c.is_uppercase());
        }
        true
    };
    let mut end = start;
    for r in done.iter().rev() {
        if !letters(&line[r.end..end]) || !letters(&r.text) {
            return capitals;
        }
        end = r.start;
    }
    letters(&line[..end]);
    capitals
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
    let (mut written, mut rare_letters) = (0, 0);
    for c in replacements.iter().flat_map(|r| r.text.chars()) {
        written += 1;
        rare_letters += usize::from(
            rare(c)
                && !matches!(
                    c,
                    '\u{A8}' | '\u{AF}' | '\u{B4}' | '\u{B8}' | '\u{192}' | '\u{2C6}' | '\u{2DC}'
                ),
        );
    }
    rare_letters * 4 < written
}

/// C0 controls (but tab, line feed, form feed and carriage return), private-use code points and
/// noncharacters: never the result of a repair. (C1 controls are: text broken twice keeps the
/// bytes windows-1252 leaves undefined as C1 controls until the next step; unassigned code
/// points are not judged, as the text may be newer than the character data.) `gc` is the
/// general category of `c`: the noncharacters are among the unassigned code points (Cn), so
/// one lookup answers for all three.
fn unlikely(c: char, gc: GeneralCategory) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\x0C' | '\r'))
        || c == '\u{7F}'
        || gc == GeneralCategory::PrivateUse
        || gc == GeneralCategory::Unassigned
}

/// The general category of `c` (ASCII without a lookup: the search asks of every character
/// a candidate writes).
fn category(
    gc: &icu_properties::CodePointMapDataBorrowed<'static, GeneralCategory>,
    c: char,
) -> GeneralCategory {
    if c.is_ascii_alphabetic() {
        if c.is_ascii_uppercase() {
            GeneralCategory::UppercaseLetter
        } else {
            GeneralCategory::LowercaseLetter
        }
    } else {
        gc.get(c)
    }
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
    // The case of a word is judged by its repaired letters ("ĹŁ" before "Ĺź" is the one small
    // letter ţ, not two capitals).
    replacements.iter().enumerate().all(|(k, r)| {
        if !case_fits(line, &replacements[..k], r) || symbol_in_word(line, r) {
            return false;
        }
        let mut base = line[..r.start].chars().next_back();
        for c in r.text.chars() {
            let g = category(&gc, c);
            if unlikely(c, g) && !line[r.start..r.end].contains(c) {
                return false;
            }
            if is_mark(g) {
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

/// What [`letters_fit`] asks of a letter: `None` for a character that fits beside anything
/// (ASCII, not a letter, or a letter of the shared scripts), else its script and whether it is
/// a half-width katakana.
fn fit_class(
    scripts: &icu_properties::CodePointMapDataBorrowed<'static, Script>,
    c: char,
) -> Option<(Script, bool)> {
    if c.is_ascii() || !alphabetic(c) {
        return None;
    }
    let s = scripts.get(c);
    (!matches!(s, Script::Common | Script::Inherited)).then_some((s, halfwidth_kana(c)))
}

/// [`letters_fit`] of two characters' [`fit_class`]es.
fn classes_fit(a: Option<(Script, bool)>, b: Option<(Script, bool)>) -> bool {
    match (a, b) {
        (Some((sa, ha)), Some((sb, hb))) => {
            ha == hb && (sa == sb || (east_asian(sa) && east_asian(sb)))
        }
        _ => true,
    }
}

/// Whether two letters may stand side by side in a word: ASCII goes beside anything (names,
/// units, "iPhone"), and other letters beside letters of their own script, or East Asian beside
/// East Asian (but half-width katakana beside half-width ones only).
#[cfg(test)]
fn letters_fit(a: char, b: char) -> bool {
    let scripts = CodePointMapData::<Script>::new();
    classes_fit(fit_class(&scripts, a), fit_class(&scripts, b))
}

/// Whether every letter a reread writes fits the letters beside it (see [`letters_fit`]): a
/// text read with the wrong legacy encoding changes every letter of its words, so a reading
/// that writes an Arabic letter right beside a Latin one it left ("مƒ"), or a half-width kana
/// between ideographs ("竄ｬ邃"), is a chance fit of bytes, not the text's own encoding.
pub(crate) fn scripts_fit(line: &str, replacements: &[Replacement]) -> bool {
    let scripts = CodePointMapData::<Script>::new();
    let mut prev = None;
    let mut at = 0;
    for r in replacements {
        let before = line[at..r.start].chars().next_back().or(prev);
        let after = line[r.end..].chars().next();
        let written = before.into_iter().chain(r.text.chars()).chain(after);
        // Each character's class, looked up once: it is asked beside the one before and the
        // one after.
        let mut last: Option<Option<(Script, bool)>> = None;
        for c in written {
            let class = fit_class(&scripts, c);
            if last.is_some_and(|l| !classes_fit(l, class)) {
                return false;
            }
            last = Some(class);
        }
        prev = r.text.chars().next_back();
        at = r.end;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{Replacement, capitals_before, letters_fit, unlikely};
    use crate::repair::fix;
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;

    #[test]
    fn the_noncharacters_are_unassigned_so_one_lookup_finds_them() {
        let gc = CodePointMapData::<GeneralCategory>::new();
        let noncharacters = (0xFDD0..=0xFDEF)
            .chain((0..=0x10).flat_map(|plane| [plane << 16 | 0xFFFE, plane << 16 | 0xFFFF]));
        let mut n = 0;
        for cp in noncharacters {
            let c = char::from_u32(cp).expect("a scalar value");
            assert!(crate::charinfo::properties::is_noncharacter(c), "{cp:X}");
            assert_eq!(gc.get(c), GeneralCategory::Unassigned, "{cp:X}");
            assert!(unlikely(c, gc.get(c)));
            n += 1;
        }
        assert_eq!(n, 66);
        assert!(unlikely('\u{E000}', gc.get('\u{E000}')) && unlikely('\u{1}', gc.get('\u{1}')));
        assert!(!unlikely('\t', gc.get('\t')) && !unlikely('\u{E9}', gc.get('\u{E9}')));
    }

    #[test]
    fn the_capitals_before_a_place_are_counted_in_the_line_as_repaired() {
        let place = |start: usize, end: usize, text: &str| Replacement {
            start,
            end,
            text: text.into(),
            complete: 1,
            lost: Vec::new(),
        };
        // "xAB" + "C" (for "12") + "D" + the place at 6: four capitals, back to the "x".
        let line = "xAB12D..";
        assert_eq!(capitals_before(line, &[place(3, 5, "C")], 6), 4);
        // A repaired place that is not a letter stops the count, as does the line's own.
        assert_eq!(capitals_before(line, &[place(3, 5, "-")], 6), 1);
        assert_eq!(capitals_before("A B", &[], 3), 1);
        assert_eq!(capitals_before("AB", &[place(0, 1, "\u{C9}")], 2), 2);
        assert_eq!(capitals_before("", &[], 0), 0);
    }

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
