//! A text as the models read it: letters (lower-cased, with their global ids), word boundaries,
//! and other characters with the cost of their class. Everything that does not depend on the
//! language is priced here, once.

use super::model::{Models, NONE};
use icu_normalizer::properties::CanonicalCompositionBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::{GeneralCategory, Script};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A letter or mark, priced by the language models.
    Letter,
    /// Space, ASCII punctuation, digits: the end of a word.
    Boundary,
    /// Any other character: a word boundary that also costs its class's bits.
    Other,
}

/// One token.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub kind: Kind,
    /// Global id among the alphabetic models' letters, or `NONE`.
    pub alpha: u16,
    /// Global id among the CJK models' characters, or `NONE`.
    pub cjk: u16,
    pub script: Script,
    /// Language-independent cost in bits (character class, case or script breaks).
    pub extra: f32,
    /// Whether the token follows a letter (a boundary then ends a word).
    pub after_letter: bool,
}

/// Bits for a capital letter right after a small one inside a word ("ЏаЁўҐв").
pub(super) const CASE_BREAK: f32 = 5.0;
/// Bits for a letter whose script differs from the letter before it in the same word.
pub(super) const SCRIPT_BREAK: f32 = 6.0;

/// Bits for a combining mark that follows no letter (Hebrew points read from Georgian bytes).
pub(super) const STRAY_MARK: f32 = 14.0;

/// Counts for the evidence.
#[derive(Clone, Debug, Default)]
pub(super) struct Counts {
    pub letters: usize,
    pub case_breaks: usize,
    pub script_breaks: usize,
    /// Controls, private-use, unassigned and noncharacter code points, U+FFFD.
    pub suspicious: usize,
    /// Symbols that are rare in prose (math, box drawing, modifier symbols...).
    pub symbols: usize,
    /// Letters per script, most first after sorting.
    pub scripts: Vec<(Script, usize)>,
}

/// Whether a script belongs to the Chinese/Japanese/Korean group, which mix freely in a word.
pub(super) fn is_cjk_script(s: Script) -> bool {
    matches!(
        s,
        Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo
    )
}

fn same_group(a: Script, b: Script) -> bool {
    a == b || (is_cjk_script(a) && is_cjk_script(b))
}

/// The class cost in bits of a character that is neither a letter nor a plain boundary, and
/// whether it is suspicious (`Some(true)`) or a rare symbol (`Some(false)`).
fn class_cost(c: char, gc: GeneralCategory) -> (f32, Option<bool>) {
    use GeneralCategory as G;
    if c == char::REPLACEMENT_CHARACTER {
        return (20.0, Some(true));
    }
    match gc {
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => (1.0, None),
        G::DashPunctuation
        | G::InitialPunctuation
        | G::FinalPunctuation
        | G::OpenPunctuation
        | G::ClosePunctuation
        | G::ConnectorPunctuation => (4.0, None),
        G::OtherPunctuation => match c {
            '§' | '¶' | '·' => (7.0, None),
            _ => (4.0, None),
        },
        // The generic currency sign stands where € stands in other tables; prose never uses it.
        G::CurrencySymbol if c == '¤' => (9.0, Some(false)),
        G::CurrencySymbol => (5.0, None),
        G::MathSymbol | G::OtherNumber | G::LetterNumber => (8.0, Some(false)),
        G::OtherSymbol | G::ModifierSymbol => (9.0, Some(false)),
        // A mark after a letter (one the languages' tables lack); `tokenize` prices marks that
        // follow no letter.
        G::NonspacingMark | G::SpacingMark | G::EnclosingMark => (3.0, None),
        G::Format => (9.0, None),
        G::DecimalNumber => (2.0, None),
        // Private use: the end-user characters of CJK code pages land here; rare, not absurd.
        G::PrivateUse => (10.0, Some(true)),
        G::Control | G::Unassigned | G::Surrogate => (16.0, Some(true)),
        _ => (9.0, Some(false)),
    }
}

fn is_letter_category(cat: GeneralCategory) -> bool {
    use GeneralCategory as G;
    matches!(
        cat,
        G::UppercaseLetter
            | G::LowercaseLetter
            | G::TitlecaseLetter
            | G::ModifierLetter
            | G::OtherLetter
    )
}

/// Combining marks of no particular script (accents that any Latin letter may take).
fn is_generic_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

fn is_plain_boundary(c: char) -> bool {
    c.is_ascii()
        && !c.is_ascii_alphabetic()
        && ((' '..'\x7F').contains(&c) || matches!(c, '\t' | '\n' | '\r' | '\x0C'))
}

/// Reads `text` into tokens.
pub(super) fn tokenize(models: &Models, text: &str) -> (Vec<Token>, Counts) {
    let gc = CodePointMapData::<GeneralCategory>::new();
    let scripts = CodePointMapData::<Script>::new();
    let compose = CanonicalCompositionBorrowed::new();
    let mut tokens: Vec<Token> = Vec::with_capacity(text.len());
    let mut counts = Counts::default();
    let mut script_counts: Vec<(Script, usize)> = Vec::new();
    // The previous letter in the current word: (original char, lower-case char, was lower-case).
    let mut word: Option<(char, bool)> = None;
    for c in text.chars() {
        let after_letter = word.is_some();
        if is_plain_boundary(c) {
            tokens.push(Token {
                kind: Kind::Boundary,
                alpha: NONE,
                cjk: NONE,
                script: Script::Common,
                extra: 0.0,
                after_letter,
            });
            word = None;
            continue;
        }
        let cat = gc.get(c);
        let is_mark = matches!(
            cat,
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        // A combining mark after a letter: the composed letter when one exists.
        if is_mark && let (Some((prev, _)), Some(last)) = (word, tokens.last_mut()) {
            if let Some(composed) = compose.compose(prev, c) {
                let lower = single_lower(composed);
                last.alpha = models.alpha(lower);
                last.cjk = models.cjk(lower);
                word = Some((lower, !composed.is_uppercase()));
                continue;
            }
            if models.has_alpha(c) {
                // A mark the languages spell with (Devanagari vowel signs, Thai vowels).
                tokens.push(letter_token(models, c, scripts.get(c), 0.0, true));
                continue;
            }
        }
        let is_letter = is_letter_category(cat) || (is_mark && models.has_alpha(c));
        if !is_letter {
            let (cost, flag) = if c.is_ascii_control() && !is_plain_boundary(c) {
                (16.0, Some(true))
            } else if is_mark
                && (word.is_none()
                    || (!is_generic_mark(c) && word.is_some_and(|(p, _)| p.is_ascii())))
            {
                // A mark after no letter, or a script's own mark after a Latin letter.
                (STRAY_MARK, Some(false))
            } else {
                class_cost(c, cat)
            };
            match flag {
                Some(true) => counts.suspicious += 1,
                Some(false) => counts.symbols += 1,
                None => {}
            }
            tokens.push(Token {
                kind: Kind::Other,
                alpha: NONE,
                cjk: NONE,
                script: Script::Common,
                extra: cost,
                after_letter,
            });
            word = None;
            continue;
        }
        counts.letters += 1;
        let script = scripts.get(c);
        match script_counts.iter_mut().find(|(s, _)| *s == script) {
            Some((_, n)) => *n += 1,
            None => script_counts.push((script, 1)),
        }
        let lower = single_lower(c);
        let mut extra = 0.0;
        if let Some((prev, prev_lower_case)) = word {
            if prev_lower_case && c.is_uppercase() {
                extra += CASE_BREAK;
                counts.case_breaks += 1;
            }
            let prev_script = scripts.get(prev);
            if !matches!(prev_script, Script::Common | Script::Inherited)
                && !matches!(script, Script::Common | Script::Inherited)
                && !same_group(prev_script, script)
            {
                extra += SCRIPT_BREAK;
                counts.script_breaks += 1;
            }
        }
        tokens.push(letter_token(models, lower, script, extra, after_letter));
        word = Some((c, !c.is_uppercase()));
    }
    script_counts.sort_by_key(|b| std::cmp::Reverse(b.1));
    counts.scripts = script_counts;
    (tokens, counts)
}

fn letter_token(models: &Models, lower: char, script: Script, extra: f32, after: bool) -> Token {
    Token {
        kind: Kind::Letter,
        alpha: models.alpha(lower),
        cjk: models.cjk(lower),
        script,
        extra,
        after_letter: after,
    }
}

/// The lower-case form of a letter when it is one character, else the letter itself.
fn single_lower(c: char) -> char {
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}
