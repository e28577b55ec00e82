//! Hidden characters: which code a character gets on its own ([`classify`]), which built-in
//! allowance explains it where it stands ([`allowance`]), and the marks the page draws in place
//! of such characters ([`marks`]).
//!
//! Properties come from ICU4X's compiled data (Unicode 18.0): Default_Ignorable_Code_Point,
//! General_Category, Noncharacter_Code_Point, Extended_Pictographic, Emoji_Modifier, Script.

use super::{Allowance, Code, FoundChar};
use icu_properties::props::{
    DefaultIgnorableCodePoint, EmojiModifier, ExtendedPictographic, GeneralCategory,
    NoncharacterCodePoint, PrependedConcatenationMark, RegionalIndicator, Script,
};
use icu_properties::{CodePointMapData, CodePointSetData};
use serde::Serialize;

/// The embedding and override controls (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI,
/// FSI, PDI): the characters of the Trojan Source attacks (CVE-2021-42574).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The implicit directional marks: LRM, RLM, ALM.
pub fn is_bidi_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Whether `c` is an ASCII letter, `_`, `$`, or a letter of the Latin script: a character of
/// identifiers that is the base of no variation sequence.
fn is_latin_word_char(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c, '_' | '$')
        || (c.is_alphabetic() && CodePointMapData::<Script>::new().get(c) == Script::Latin)
}

/// Whether `c` is a variation selector (VS1..VS256).
pub fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{180B}'..='\u{180D}' | '\u{180F}')
}

/// Whether `c` is a tag character.
pub fn is_tag(c: char) -> bool {
    matches!(c, '\u{E0000}'..='\u{E007F}')
}

/// Whether `c` is an emoji for the purpose of ZWJ and variation sequences: Extended_Pictographic,
/// an emoji modifier, a regional indicator, or a keycap base.
pub fn is_emoji(c: char) -> bool {
    CodePointSetData::new::<ExtendedPictographic>().contains(c)
        || CodePointSetData::new::<EmojiModifier>().contains(c)
        || CodePointSetData::new::<RegionalIndicator>().contains(c)
        || c == '\u{20E3}'
}

/// Whether the bytes after an ESC make it an escape sequence of ISO-2022-JP (RFC 1468; JIS X
/// 0212 and the G2 sets of ISO-2022-JP-2, RFC 1554), ISO-2022-KR (RFC 1557) or ISO-2022-CN (RFC
/// 1922): the designations of ASCII, JIS X 0201, JIS X 0208, JIS X 0212, GB 2312, KS C 5601 and
/// CNS 11643, and the single shift of ISO-2022-JP-2 (`ESC N`). Terminal sequences are not among
/// them: `ESC [ 31 m`, nor `ESC O A`, a cursor key, though `ESC O` is also the single shift 3 of
/// ISO-2022-CN-EXT.
pub fn starts_iso2022_escape(after: &[u8]) -> bool {
    const SEQUENCES: [&[u8]; 17] = [
        b"(B", b"(J", b"(I", b"$@", b"$A", b"$B", b"$(C", b"$(D", b".A", b".F", b"N", b"$)C",
        b"$)A", b"$)G", b"$)E", b"$*H", b"$+I",
    ];
    SEQUENCES.iter().any(|s| after.starts_with(s))
}

/// The code a character gets wherever it stands, before any allowance: `None` for an ordinary
/// character. Space-like characters other than U+0020 are [`Code::Confusable`].
pub fn classify(c: char) -> Option<Code> {
    if c.is_ascii() {
        return classify_ascii(c);
    }
    classify_with(c, CodePointMapData::<GeneralCategory>::new().get(c))
}

fn classify_ascii(c: char) -> Option<Code> {
    match c {
        '\t' | '\n' | '\r' => None,
        '\0'..='\x1F' | '\x7F' => Some(Code::Control),
        _ => None,
    }
}

/// The few letters (Lo) and nonspacing marks (Mn) that are Default_Ignorable_Code_Point: the
/// Hangul fillers, U+034F COMBINING GRAPHEME JOINER, the Khmer inherent vowels and the variation
/// selectors (DerivedCoreProperties.txt). A test checks the list against ICU4X's set.
fn may_be_ignorable_letter_or_mark(c: char) -> bool {
    matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{034F}' | '\u{17B4}' | '\u{17B5}'
    ) || is_variation_selector(c)
}

/// U+2800 BRAILLE PATTERN BLANK: a symbol (So) that no property calls a space, drawn as a blank
/// cell; it passes for a space, or for nothing at the end of a name, where the spaces of
/// Unicode are refused.
const BRAILLE_BLANK: char = '\u{2800}';

/// A braille pattern with at least one dot.
fn is_braille_cell(c: char) -> bool {
    ('\u{2801}'..='\u{28FF}').contains(&c)
}

/// [`classify`] for a character whose General_Category the caller already has.
pub fn classify_with(c: char, gc: GeneralCategory) -> Option<Code> {
    if c.is_ascii() {
        return classify_ascii(c);
    }
    use GeneralCategory as G;
    if c == BRAILLE_BLANK {
        return Some(Code::Confusable);
    }
    match gc {
        G::Control => return Some(Code::Control),
        G::PrivateUse => return Some(Code::PrivateUse),
        G::SpaceSeparator => return Some(Code::Confusable),
        G::LineSeparator | G::ParagraphSeparator => return Some(Code::Invisible),
        // Default_Ignorable_Code_Point is Other_Default_Ignorable_Code_Point (a few Lo and Mn
        // characters, reserved ranges) plus format characters and variation selectors (Mn):
        // letters of other kinds, digits, punctuation and symbols are never hidden.
        G::OtherLetter | G::NonspacingMark if !may_be_ignorable_letter_or_mark(c) => return None,
        G::Format | G::NonspacingMark | G::OtherLetter | G::Unassigned => {}
        _ => return None,
    }
    if c == '\u{FEFF}' {
        return Some(Code::BomNotAtStart);
    }
    if is_bidi_control(c) {
        return Some(Code::BidiControl);
    }
    if is_tag(c) {
        return Some(Code::Tag);
    }
    if gc == G::Unassigned && CodePointSetData::new::<NoncharacterCodePoint>().contains(c) {
        return Some(Code::Noncharacter);
    }
    if CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || (gc == G::Format && !CodePointSetData::new::<PrependedConcatenationMark>().contains(c))
    {
        return Some(Code::Invisible);
    }
    None
}

/// Spaces that prose uses on purpose: no-break (U+00A0, U+202F narrow, U+2007 figure), the thin
/// and hair spaces of typography, and the ideographic space of CJK text.
fn is_prose_space(c: char) -> bool {
    matches!(
        c,
        '\u{00A0}' | '\u{202F}' | '\u{2007}' | '\u{2009}' | '\u{200A}' | '\u{3000}'
    )
}

/// Whether `c` is a letter or mark of a script that uses ZWJ and ZWNJ inside words (anything
/// but Latin, Greek, Cyrillic and the shared Common/Inherited characters).
fn joins_in_word(c: char) -> bool {
    if !(c.is_alphabetic() || super::confusable::is_mark(c)) || c.is_ascii() {
        return false;
    }
    let script = CodePointMapData::<Script>::new().get(c);
    !matches!(
        script,
        Script::Latin | Script::Greek | Script::Cyrillic | Script::Common
    )
}

/// The allowance that explains `c` (whose code is `code`) between `prev` and `next`, if one does.
/// `in_emoji_tags` says whether `c` follows an emoji and tags only (an emoji tag sequence).
pub fn allowance(
    code: Code,
    prev: Option<char>,
    c: char,
    next: Option<char>,
    in_emoji_tags: bool,
) -> Option<Allowance> {
    match code {
        Code::Invisible => {
            if is_bidi_mark(c) {
                return Some(Allowance::BidiMark);
            }
            if c == '\u{200D}' {
                if prev.is_some_and(|p| is_emoji(p) || is_variation_selector(p))
                    && next.is_some_and(is_emoji)
                {
                    return Some(Allowance::EmojiSequence);
                }
                if prev.is_some_and(joins_in_word) && next.is_some_and(joins_in_word) {
                    return Some(Allowance::JoinerInWord);
                }
            }
            if c == '\u{200C}' && prev.is_some_and(joins_in_word) && next.is_some_and(joins_in_word)
            {
                return Some(Allowance::JoinerInWord);
            }
            if is_variation_selector(c)
                && let Some(p) = prev
            {
                if matches!(c, '\u{FE0E}' | '\u{FE0F}')
                    && (is_emoji(p) || p.is_ascii_digit() || matches!(p, '#' | '*'))
                {
                    return Some(Allowance::EmojiSequence);
                }
                // No variation sequence has a Latin letter or `_` for its base (the standardized
                // ones are of digits, symbols, CJK ideographs and a few scripts): a selector after
                // one makes an identifier that looks like another (`isAdmin` and `isAdmin` with
                // U+FE00), as a zero-width space does.
                let base = !(p.is_whitespace()
                    || classify(p).is_some()
                    || is_variation_selector(p)
                    || is_latin_word_char(p));
                if base {
                    return Some(Allowance::VariationSequence);
                }
            }
            if c == '\u{00AD}'
                && prev.is_some_and(char::is_alphabetic)
                && next.is_some_and(char::is_alphabetic)
            {
                return Some(Allowance::SoftHyphen);
            }
            None
        }
        Code::Tag if in_emoji_tags => Some(Allowance::EmojiSequence),
        Code::Confusable if is_prose_space(c) => Some(Allowance::ProseSpace),
        // The blank cell between the words of braille text.
        Code::Confusable
            if c == BRAILLE_BLANK
                && (prev.is_some_and(is_braille_cell) || next.is_some_and(is_braille_cell)) =>
        {
            Some(Allowance::ProseSpace)
        }
        _ => None,
    }
}

/// A hidden character of a text, as the page marks it in place of drawing (or applying) it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// Where it is, counted in characters (code points) from the start of the text.
    pub index: usize,
    /// Its code.
    pub code: Code,
    /// The character, its code point and name.
    #[serde(flatten)]
    pub ch: FoundChar,
}

/// The hidden characters of a text: what the page must show as visible marks and never apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Marks {
    /// Whether the text has a bidi embedding, override or isolate control (the page shows a
    /// warning banner).
    pub bidi: bool,
    /// Every hidden character that is not part of an emoji sequence, in text order.
    pub marks: Vec<Mark>,
}

impl Marks {
    /// Whether there is nothing to mark.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// The marks of the first `chars` characters only (for a text cut to its start).
    ///
    /// ```
    /// let m = charscope::scan::hidden::marks("ab\u{200B}cd\u{202E}ef");
    /// assert_eq!((m.marks.len(), m.bidi), (2, true));
    /// let m = m.first(4);
    /// assert_eq!((m.marks.len(), m.bidi), (1, false));
    /// ```
    pub fn first(mut self, chars: usize) -> Marks {
        self.marks.retain(|m| m.index < chars);
        self.bidi = self.marks.iter().any(|m| is_bidi_control(m.ch.ch));
        self
    }
}

/// The hidden characters of `text` to draw as marks: every character [`classify`] names except
/// spaces (they are visible as spaces), a byte order mark at the very start, and the joiners,
/// variation selectors and tags of emoji sequences (drawing them apart would break the emoji).
///
/// ```
/// let m = charscope::scan::hidden::marks("abc\u{202E}def.txt");
/// assert!(m.bidi);
/// assert_eq!(m.marks[0].index, 3);
/// assert_eq!(m.marks[0].ch.name, "RIGHT-TO-LEFT OVERRIDE");
/// ```
pub fn marks(text: &str) -> Marks {
    let mut out = Marks::default();
    let chars: Vec<char> = text.chars().collect();
    let mut in_emoji_tags = false;
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let Some(code) = classify(c) else {
            continue;
        };
        if code == Code::Tag {
            in_emoji_tags = match prev {
                Some(p) if is_tag(p) => in_emoji_tags,
                Some(p) => is_emoji(p),
                None => false,
            };
        }
        let allowed = allowance(code, prev, c, chars.get(i + 1).copied(), in_emoji_tags);
        if code == Code::Confusable
            || (i == 0 && c == '\u{FEFF}')
            || allowed == Some(Allowance::EmojiSequence)
        {
            continue;
        }
        out.bidi |= is_bidi_control(c);
        out.marks.push(Mark {
            index: i,
            code,
            ch: FoundChar::of(c),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_single_characters() {
        assert_eq!(classify('a'), None);
        assert_eq!(classify('\t'), None);
        assert_eq!(classify('\u{1B}'), Some(Code::Control));
        assert_eq!(classify('\u{85}'), Some(Code::Control));
        assert_eq!(classify('\u{202E}'), Some(Code::BidiControl));
        assert_eq!(classify('\u{2069}'), Some(Code::BidiControl));
        assert_eq!(classify('\u{200B}'), Some(Code::Invisible));
        assert_eq!(classify('\u{200D}'), Some(Code::Invisible));
        assert_eq!(classify('\u{FEFF}'), Some(Code::BomNotAtStart));
        assert_eq!(classify('\u{FDD0}'), Some(Code::Noncharacter));
        assert_eq!(classify('\u{10FFFF}'), Some(Code::Noncharacter));
        assert_eq!(classify('\u{E000}'), Some(Code::PrivateUse));
        assert_eq!(classify('\u{E0041}'), Some(Code::Tag));
        assert_eq!(classify('\u{00A0}'), Some(Code::Confusable));
        assert_eq!(classify('\u{0600}'), None, "Arabic number sign is drawn");
        assert_eq!(classify('é'), None);
        assert_eq!(
            classify('\u{2800}'),
            Some(Code::Confusable),
            "braille blank"
        );
        assert_eq!(classify('\u{2801}'), None, "a braille cell with a dot");
    }

    #[test]
    fn a_braille_blank_is_allowed_in_braille_text_only() {
        let allowed = |prev, next| allowance(Code::Confusable, prev, '\u{2800}', next, false);
        assert_eq!(
            allowed(Some('\u{2813}'), Some('\u{2811}')),
            Some(Allowance::ProseSpace)
        );
        assert_eq!(allowed(Some('\u{2813}'), None), Some(Allowance::ProseSpace));
        assert_eq!(allowed(Some('n'), Some('a')), None);
        assert_eq!(allowed(Some('e'), None), None);
        assert_eq!(allowed(Some('\u{2800}'), Some('\u{2800}')), None);
    }

    #[test]
    fn the_shortcut_for_ignorable_letters_and_marks_is_exact() {
        let di = CodePointSetData::new::<DefaultIgnorableCodePoint>();
        let gcs = CodePointMapData::<GeneralCategory>::new();
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let gc = gcs.get(c);
            if matches!(
                gc,
                GeneralCategory::OtherLetter | GeneralCategory::NonspacingMark
            ) {
                assert_eq!(
                    di.contains(c),
                    may_be_ignorable_letter_or_mark(c) && di.contains(c),
                    "{c:?}"
                );
                if di.contains(c) {
                    assert!(may_be_ignorable_letter_or_mark(c), "U+{:04X}", u32::from(c));
                }
            }
        }
    }

    #[test]
    fn emoji_zwj_and_flags_are_allowed_but_a_lone_zwj_is_not() {
        // 👨‍👩‍👧: MAN ZWJ WOMAN ZWJ GIRL.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert!(marks(family).marks.is_empty());
        // The flag of Scotland: black flag, tags g b s c t, cancel tag.
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
        assert!(marks(scotland).marks.is_empty());
        let m = marks("ad\u{200D}min");
        assert_eq!(m.marks.len(), 1);
        assert_eq!(m.marks[0].ch.code_point, "U+200D");
        assert!(!m.bidi);
    }

    #[test]
    fn a_variation_selector_is_allowed_after_a_base_of_variation_sequences_only() {
        let vs = |prev: char, c: char| allowance(Code::Invisible, Some(prev), c, None, false);
        // Emoji and keycaps; a CJK ideograph with an ideographic variation selector; a digit
        // zero with a short diagonal stroke; a math symbol.
        assert_eq!(vs('\u{2764}', '\u{FE0F}'), Some(Allowance::EmojiSequence));
        assert_eq!(vs('1', '\u{FE0F}'), Some(Allowance::EmojiSequence));
        assert_eq!(
            vs('\u{845B}', '\u{E0100}'),
            Some(Allowance::VariationSequence)
        );
        assert_eq!(vs('0', '\u{FE00}'), Some(Allowance::VariationSequence));
        assert_eq!(
            vs('\u{2229}', '\u{FE00}'),
            Some(Allowance::VariationSequence)
        );
        // After a letter of identifiers it only makes a name that looks like another.
        for prev in ['n', 'Z', '_', '$', '\u{00E9}', '\u{0101}'] {
            assert_eq!(vs(prev, '\u{FE00}'), None, "{prev:?}");
            assert_eq!(vs(prev, '\u{E0100}'), None, "{prev:?}");
        }
        assert_eq!(vs('\u{FE00}', '\u{FE01}'), None);
    }
}
