//! A text as the models read it: letters (lower-cased, with their global ids), word boundaries,
//! and other characters with the cost of their class. Everything that does not depend on the
//! language is priced here, once.

use super::model::{Models, NONE};
use icu_normalizer::properties::CanonicalCompositionBorrowed;
use icu_properties::props::{GeneralCategory, Script};
use icu_properties::{CodePointMapData, CodePointMapDataBorrowed};

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

/// Reads `text` into `tokens` (emptied first) and counts its evidence.
pub(super) fn tokenize(models: &Models, text: &str, tokens: &mut Vec<Token>) -> Counts {
    tokens.clear();
    tokens.reserve(text.len());
    let mut reader = Reader::new(models, tokens);
    for c in text.chars() {
        reader.read(c);
    }
    reader.finish()
}

/// What the reader asks of a character: its general category, its script, the models' ids of
/// its lower-case form ([`single_lower`]) and whether it is upper-case (eight bytes: it is
/// read for every character scored).
#[derive(Clone, Copy, Debug, PartialEq)]
struct CharInfo {
    cat: GeneralCategory,
    upper: bool,
    script: Script,
    /// `Models::alpha` of the lower-case form.
    alpha: u16,
    /// `Models::cjk` of the lower-case form.
    cjk: u16,
}

/// The code points below this have their [`CharInfo`] in a table made once (the letters of
/// Latin, Greek, Cyrillic, Armenian, Hebrew and Arabic text); so have those of [`PUNCTUATION`];
/// the others are looked up each time.
const TABLED: u32 = 0x800;

/// General punctuation, sub- and superscripts, currency and letterlike symbols: the quotes,
/// dashes, bullets, € and ™ of windows-1252 and of the mojibake repair and detection meet.
const PUNCTUATION: std::ops::Range<u32> = 0x2000..0x2200;

/// Unicode's properties of characters, as the reader asks for them.
#[derive(Clone, Copy)]
struct Chars {
    models: &'static Models,
    gc: CodePointMapDataBorrowed<'static, GeneralCategory>,
    scripts: CodePointMapDataBorrowed<'static, Script>,
    table: &'static [CharInfo],
}

impl Chars {
    fn new() -> Chars {
        static TABLE: std::sync::OnceLock<Vec<CharInfo>> = std::sync::OnceLock::new();
        let mut chars = Chars {
            models: super::model::models(),
            gc: CodePointMapData::<GeneralCategory>::new(),
            scripts: CodePointMapData::<Script>::new(),
            table: &[],
        };
        chars.table = TABLE.get_or_init(|| {
            (0..TABLED)
                .chain(PUNCTUATION)
                .filter_map(char::from_u32)
                .map(|c| chars.looked_up(c))
                .collect()
        });
        chars
    }

    /// A character's properties, from the table or looked up (the same either way).
    fn get(&self, c: char) -> CharInfo {
        let i = c as u32;
        if i < TABLED {
            self.table[i as usize]
        } else if PUNCTUATION.contains(&i) {
            self.table[(i - PUNCTUATION.start + TABLED) as usize]
        } else {
            self.looked_up(c)
        }
    }

    fn looked_up(&self, c: char) -> CharInfo {
        let (lower, upper) = if uncased(c) {
            (c, false)
        } else {
            (single_lower(c), c.is_uppercase())
        };
        CharInfo {
            cat: self.gc.get(c),
            script: self.scripts.get(c),
            alpha: self.models.alpha(lower),
            cjk: self.models.cjk(lower),
            upper,
        }
    }
}

/// [`tokenize`]'s state: the tokens so far, the counts, and the word being read.
struct Reader<'m> {
    models: &'m Models,
    chars: Chars,
    compose: CanonicalCompositionBorrowed<'static>,
    tokens: &'m mut Vec<Token>,
    counts: Counts,
    script_counts: Vec<(Script, usize)>,
    /// The previous letter in the current word, whether it was not upper-case, and its script.
    word: Option<(char, bool, Script)>,
}

impl<'m> Reader<'m> {
    fn new(models: &'m Models, tokens: &'m mut Vec<Token>) -> Reader<'m> {
        Reader {
            models,
            chars: Chars::new(),
            compose: CanonicalCompositionBorrowed::new(),
            tokens,
            counts: Counts::default(),
            script_counts: Vec::new(),
            word: None,
        }
    }

    /// Reads the next character.
    fn read(&mut self, c: char) {
        let after_letter = self.word.is_some();
        if is_plain_boundary(c) {
            self.push_other(Kind::Boundary, 0.0, after_letter);
            return;
        }
        let info = self.chars.get(c);
        let cat = info.cat;
        let is_mark = matches!(
            cat,
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        if is_mark && self.joins_letter(c) {
            return;
        }
        if is_letter_category(cat) || (is_mark && self.models.has_alpha(c)) {
            self.letter(c, info, after_letter);
        } else {
            self.other(c, cat, is_mark, after_letter);
        }
    }

    /// A combining mark after a letter: the composed letter when one exists, or a letter of its
    /// own where the languages spell with the mark (Devanagari vowel signs, Thai vowels).
    /// Whether it was read so.
    fn joins_letter(&mut self, c: char) -> bool {
        let (Some((prev, ..)), Some(last)) = (self.word, self.tokens.last_mut()) else {
            return false;
        };
        if let Some(composed) = self.compose.compose(prev, c) {
            let lower = single_lower(composed);
            last.alpha = self.models.alpha(lower);
            last.cjk = self.models.cjk(lower);
            let script = self.chars.get(lower).script;
            self.word = Some((lower, !composed.is_uppercase(), script));
            return true;
        }
        if self.models.has_alpha(c) {
            let script = self.chars.get(c).script;
            self.tokens
                .push(letter_token(self.models, c, script, 0.0, true));
            return true;
        }
        false
    }

    /// A character that is neither a letter nor a plain boundary: its class's cost, counted
    /// as suspicious or as a symbol.
    fn other(&mut self, c: char, cat: GeneralCategory, is_mark: bool, after_letter: bool) {
        let (cost, flag) = if c.is_ascii_control() && !is_plain_boundary(c) {
            (16.0, Some(true))
        } else if is_mark
            && (self.word.is_none()
                || (!is_generic_mark(c) && self.word.is_some_and(|(p, ..)| p.is_ascii())))
        {
            // A mark after no letter, or a script's own mark after a Latin letter.
            (STRAY_MARK, Some(false))
        } else {
            class_cost(c, cat)
        };
        match flag {
            Some(true) => self.counts.suspicious += 1,
            Some(false) => self.counts.symbols += 1,
            None => {}
        }
        self.push_other(Kind::Other, cost, after_letter);
    }

    /// A token that ends the word.
    fn push_other(&mut self, kind: Kind, extra: f32, after_letter: bool) {
        self.tokens.push(Token {
            kind,
            alpha: NONE,
            cjk: NONE,
            script: Script::Common,
            extra,
            after_letter,
        });
        self.word = None;
    }

    /// A letter: counted by script, with the bits of a capital after a small letter and of a
    /// change of script inside the word.
    fn letter(&mut self, c: char, info: CharInfo, after_letter: bool) {
        self.counts.letters += 1;
        let script = info.script;
        match self.script_counts.iter_mut().find(|(s, _)| *s == script) {
            Some((_, n)) => *n += 1,
            None => self.script_counts.push((script, 1)),
        }
        let mut extra = 0.0;
        if let Some((_, prev_lower_case, prev_script)) = self.word {
            if prev_lower_case && info.upper {
                extra += CASE_BREAK;
                self.counts.case_breaks += 1;
            }
            if !matches!(prev_script, Script::Common | Script::Inherited)
                && !matches!(script, Script::Common | Script::Inherited)
                && !same_group(prev_script, script)
            {
                extra += SCRIPT_BREAK;
                self.counts.script_breaks += 1;
            }
        }
        self.tokens.push(Token {
            kind: Kind::Letter,
            alpha: info.alpha,
            cjk: info.cjk,
            script,
            extra,
            after_letter,
        });
        self.word = Some((c, !info.upper, script));
    }

    /// The counts, the scripts most letters first.
    fn finish(mut self) -> Counts {
        self.script_counts.sort_by_key(|b| std::cmp::Reverse(b.1));
        self.counts.scripts = self.script_counts;
        self.counts
    }
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

/// Blocks with no upper-case character and none that lower-cases (Indic scripts, Thai to
/// Myanmar; kana to the unified ideographs; Hangul syllables): the text of Chinese, Japanese,
/// Korean, Hindi or Thai is read without looking up the case tables (a test proves it).
const UNCASED: [std::ops::RangeInclusive<char>; 3] = [
    '\u{0900}'..='\u{109F}',
    '\u{3040}'..='\u{9FFF}',
    '\u{AC00}'..='\u{D7A3}',
];

/// Whether `c` is in one of the [`UNCASED`] blocks.
fn uncased(c: char) -> bool {
    UNCASED.iter().any(|r| r.contains(&c))
}

/// The lower-case form of a letter when it is one character, else the letter itself.
fn single_lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::{Chars, PUNCTUATION, TABLED, UNCASED, single_lower};

    #[test]
    fn the_uncased_blocks_have_no_case() {
        for c in UNCASED.iter().flat_map(|r| r.clone()) {
            assert_eq!(single_lower(c), c, "{c:?}");
            assert!(!c.is_uppercase(), "{c:?}");
        }
    }

    #[test]
    fn the_table_of_characters_says_what_a_look_up_says() {
        let chars = Chars::new();
        assert_eq!(
            chars.table.len(),
            (TABLED + PUNCTUATION.len() as u32) as usize
        );
        for c in (0..PUNCTUATION.end + 0x100).filter_map(char::from_u32) {
            assert_eq!(chars.get(c), chars.looked_up(c), "{c:?}");
            if (c as u32) < TABLED {
                assert_eq!(chars.table[c as usize], chars.looked_up(c), "{c:?}");
            }
        }
        assert_eq!(chars.table[TABLED as usize], chars.looked_up('\u{2000}'));
        assert_eq!(chars.get('€'), chars.looked_up('€'));
        // İ lower-cases to two characters: it is its own lower-case form.
        let a = chars.get('\u{0130}');
        let models = super::super::model::models();
        assert_eq!((a.alpha, a.upper), (models.alpha('\u{0130}'), true));
        assert_eq!(chars.get('Ž').alpha, models.alpha('ž'));
        assert!(chars.get('Ž').alpha != super::super::model::NONE);
    }
}
