//! What the text scan needs to know of most characters, in one byte: whether the character is
//! plain (never a hidden-character finding on its own), whether it continues a word, and whether
//! it is inert for NFC (no text made of inert characters and ASCII can be other than NFC).
//!
//! The answers, for each character of the Basic and the Supplementary Multilingual Planes, are
//! a chart worked out from the Unicode properties ahead of time (`chart_data.rs`, which a
//! test works out again). Other characters get no answer and go the long way.

#[cfg(test)]
use super::confusable::is_word_category;
#[cfg(test)]
use super::hidden::classify_with;
use icu_normalizer::properties::{
    CanonicalCombiningClassMapBorrowed, CanonicalCompositionBorrowed,
    CanonicalDecompositionBorrowed, Decomposed,
};
#[cfg(test)]
use icu_properties::{
    CodePointMapData,
    props::{GeneralCategory, Script},
};
#[cfg(test)]
use unicode_security::mixed_script::AugmentedScriptSet;

/// The character is never a hidden-character finding on its own
/// ([`classify_with`](super::hidden::classify_with) gives `None`), and its script, unless
/// Common, Inherited or Unknown, has a number in the high byte.
pub const PLAIN: u16 = 1;
/// The character continues a word ([`is_word_category`]).
pub const WORD: u16 = 2;
/// The character is its own NFC, has combining class 0, is no mark that may be the second of a
/// composition (NFC_Quick_Check Maybe), no Hangul jamo and, beyond the Basic Multilingual
/// Plane, of the Common script: it is never the second character
/// of a canonical composition (nor does its decomposition start with one), so text made of such
/// characters is in NFC.
pub const NFC_INERT: u16 = 4;
/// The character may be written in Japanese: its UTS #39 augmented script set has Jpan.
pub const JAPANESE: u16 = 8;
/// The character may be written in Korean: its UTS #39 augmented script set has Kore.
pub const KOREAN: u16 = 16;
/// The character keeps any word it is in from looking like an ASCII word: it is not ASCII, not
/// Latin or Inherited, and not confusable with a character of another script (the opposite of
/// [`may_look_ascii`](super::confusable::may_look_ascii)'s test).
pub const NO_ASCII_LOOK: u16 = 32;
/// The character's own UTS #39 skeleton has a character that is not ASCII (left out where
/// [`NO_ASCII_LOOK`] is set, which says as much of the word). A word's skeleton
/// has every character of the skeletons of its characters (NFD and the prototypes are taken
/// character by character; canonical reordering only moves them), so no word with such a
/// character has an ASCII skeleton.
pub const NO_ASCII_SKELETON: u16 = 64;
/// The character's script is Common, Inherited or Unknown: it goes with any script.
pub const NO_SCRIPT: u16 = 128;
/// The high byte: the character's script (ICU4C's number) when it is one script, not Common,
/// Inherited or Unknown, and numbered below 255 (a character of a script numbered above is not
/// [`PLAIN`]); else 0.
pub const SCRIPT_SHIFT: u32 = 8;

/// The code points the chart has: the Basic Multilingual Plane and the Supplementary
/// Multilingual Plane (emoji, historic scripts).
const PLANES: usize = 0x2_0000;

/// The chart is kept in blocks of this many code points (`1 << BLOCK_SHIFT`): blocks alike
/// (unassigned ones, most of those of Han) are kept once.
const BLOCK_SHIFT: u32 = 5;

/// The chart, worked out from the Unicode properties ([`flags_of`], [`quick_class_of`]) when
/// the crates that have them change, not at each start: working out the characters as the
/// scan met them took about 1.3 ms of a scan of the 16 bench texts (a fifth of it), and more
/// for a few files of a script not seen before. A test works the chart out again and fails
/// when this one is stale.
#[rustfmt::skip]
#[path = "chart_data.rs"]
mod data;

/// The flags of the character of code point `cp` (below [`PLANES`]; surrogates have none).
#[inline(always)]
fn lookup(cp: usize) -> u16 {
    in_chart(&data::FLAG_INDEX, &data::FLAG_BLOCKS, cp)
}

/// The value of code point `cp` (below [`PLANES`]) in a chart kept as `index` (a block of
/// `blocks` for each block of code points) and `blocks`.
#[inline(always)]
fn in_chart<I: Copy + Into<usize>, T: Copy>(
    index: &[I],
    blocks: &[[T; 1 << BLOCK_SHIFT]],
    cp: usize,
) -> T {
    blocks[index[cp >> BLOCK_SHIFT].into()][cp & ((1 << BLOCK_SHIFT) - 1)]
}

/// [`plain_flags`] for a run of characters (the table lookup of the scan's inner loop).
#[derive(Default)]
pub struct Reader;

impl Reader {
    /// A reader.
    pub fn new() -> Reader {
        Reader
    }

    /// [`plain_flags`] of the character of code point `cp`.
    #[inline(always)]
    pub fn plain_flags(&mut self, cp: u32) -> Option<u16> {
        let cp = cp as usize;
        if cp >= PLANES {
            return None;
        }
        let flags = lookup(cp);
        (flags & PLAIN != 0).then_some(flags)
    }
}

impl Reader {
    /// [`NFC_INERT`] if the character of code point `cp`, plain or not, is inert for NFC; else
    /// 0.
    pub fn nfc_inert(&mut self, cp: u32) -> u16 {
        let cp = cp as usize;
        if cp >= PLANES {
            return 0;
        }
        lookup(cp) & NFC_INERT
    }
}

/// The flags of a plain character of the [`PLANES`] that is not ASCII; `None` for
/// any other character (look at it the long way).
/// (The [`Reader`] gives them in the scan; tests check one against the other.)
#[cfg(test)]
pub fn plain_flags(c: char) -> Option<u16> {
    table_flags(c).filter(|flags| flags & PLAIN != 0)
}

/// The flags of the character of code point `cp`, if it is a character of the [`PLANES`].
pub fn flags_at(cp: u32) -> Option<u16> {
    char::from_u32(cp).and_then(table_flags)
}

/// The flags of a character of the [`PLANES`], `None` for others.
#[inline]
fn table_flags(c: char) -> Option<u16> {
    let cp = c as usize;
    if cp >= PLANES {
        return None;
    }
    Some(lookup(cp))
}

/// Whether every character of `text` may be written in Japanese, or every one in Korean (all
/// of the [`PLANES`]): then the text is single-script in the sense of UTS #39 (its
/// resolved script set has Jpan or Kore), and that set need not be worked out.
pub fn one_east_asian_writing_system(text: &str) -> bool {
    let mut all = JAPANESE | KOREAN;
    for c in text.chars() {
        match table_flags(c) {
            Some(flags) => all &= flags,
            None => return false,
        }
        if all == 0 {
            return false;
        }
    }
    true
}

/// The flags of one character, worked out from its properties (the chart is made of them).
#[cfg(test)]
pub fn flags_of(c: char) -> u16 {
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    let mut flags = 0;
    if classify_with(c, gc).is_none() {
        flags |= PLAIN;
    }
    if is_word_category(c, gc) {
        flags |= WORD;
    }
    use GeneralCategory as G;
    let mark = matches!(gc, G::NonspacingMark | G::SpacingMark | G::EnclosingMark);
    let jamo = ('\u{1100}'..='\u{11FF}').contains(&c);
    let script = CodePointMapData::<Script>::new().get(c);
    // Beyond the first plane, letters of some scripts (Kirat Rai, Gurung Khema...) compose
    // with the letter before them: only Common characters (emoji, symbols) are taken there.
    let supplementary = c >= '\u{10000}' && script != Script::Common;
    // A mark of class 0 is inert when it is never the second of a composition (NFC_Quick_Check
    // Yes): the vowel signs of Devanagari are, the AA sign of Bengali (which composes with the
    // E sign before it) is not.
    if (!mark || nfc_quick_check_yes(c))
        && !jamo
        && !supplementary
        && CanonicalCombiningClassMapBorrowed::new().get_u8(c) == 0
        && is_own_nfc(c)
    {
        flags |= NFC_INERT;
    }
    if !c.is_ascii()
        && !matches!(script, Script::Latin | Script::Inherited)
        && !unicode_security::is_potential_mixed_script_confusable_char(c)
    {
        flags |= NO_ASCII_LOOK;
    }
    // (Worked out only where it adds something: the skeleton takes some time.)
    if flags & NO_ASCII_LOOK == 0
        && !c.is_ascii()
        && !super::confusable::skeleton(c.encode_utf8(&mut [0; 4])).is_ascii()
    {
        flags |= NO_ASCII_SKELETON;
    }
    if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
        flags |= NO_SCRIPT;
    }
    // ICU4C's number of the script: any one-to-one numbering would do.
    #[allow(deprecated)]
    let number = script.to_icu4c_value();
    if !matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
        if number < 255 {
            flags |= number << SCRIPT_SHIFT;
        } else {
            // No number for its script: the scan takes the long way.
            flags &= !PLAIN;
        }
    }
    flags | east_asian_flags(c)
}

/// The script number of flags (0 for none).
pub fn script_of(flags: u16) -> u8 {
    (flags >> SCRIPT_SHIFT) as u8
}

/// The script number of Latin, the script of the ASCII letters (a test checks it).
pub const LATIN: u8 = 25;

/// [`JAPANESE`] and [`KOREAN`] for a character. A Han character has both (a test checks that
/// UTS #39's augmented script sets say so for each of the plane); characters of scripts other
/// than those of Chinese, Japanese and Korean (and Common and Inherited) have neither, without
/// a look at their script extensions. Leaving a flag out is safe: the word is then resolved the
/// long way.
#[cfg(test)]
fn east_asian_flags(c: char) -> u16 {
    match CodePointMapData::<Script>::new().get(c) {
        Script::Han => JAPANESE | KOREAN,
        Script::Hiragana
        | Script::Katakana
        | Script::Hangul
        | Script::Bopomofo
        | Script::Common
        | Script::Inherited => {
            let scripts = AugmentedScriptSet::for_char(c);
            let mut flags = 0;
            if scripts.jpan {
                flags |= JAPANESE;
            }
            if scripts.kore {
                flags |= KOREAN;
            }
            flags
        }
        _ => 0,
    }
}

/// The quick check of UAX #15 (section 9) along a text: it is surely in NFC where each
/// character has NFC_Quick_Check=Yes and the combining classes of each run of marks ascend.
/// The scan visits the characters that are neither ASCII nor inert, in order, as it meets them:
/// the others are starters that are never the second of a composition, which is all the check
/// asks of them. A line of Arabic with a few marks is then spared the normalizer, whose own
/// check of such lines took 40% of their scan, and a line of Hindi with a nukta is looked at
/// from the nukta's letter on.
#[derive(Default)]
pub struct NfcQuickCheck {
    /// Where the check stopped being sure: the byte index of the last starter before (a
    /// character of class 0 that is never the second of a composition, so NFC of the text is
    /// NFC of the part before it followed by NFC of the rest).
    unsure_from: Option<usize>,
    /// The byte index just past the last character visited.
    next: usize,
    /// The combining class of the last character visited, if it was the one just before.
    last_class: u8,
    /// The byte index of the last starter.
    last_starter: usize,
}

impl NfcQuickCheck {
    /// A check at the start of a text.
    pub fn new() -> NfcQuickCheck {
        NfcQuickCheck::default()
    }

    /// The character of code point `cp` at byte `i` of `bytes`, neither ASCII nor inert.
    #[inline(never)]
    pub fn visit(&mut self, bytes: &[u8], i: usize, cp: u32) {
        if self.unsure_from.is_some() {
            return;
        }
        if i != self.next {
            // The characters since the last one visited are starters: the last one is.
            self.last_class = 0;
            self.last_starter = (0..i).rev().find(|&k| bytes[k] & 0xC0 != 0x80).unwrap_or(0);
        }
        match quick_class(cp) {
            Some(class) if class == 0 || class >= self.last_class => {
                if class == 0 {
                    self.last_starter = i;
                }
                self.last_class = class;
                self.next = i + char::from_u32(cp).map_or(1, char::len_utf8);
            }
            _ => self.unsure_from = Some(self.last_starter),
        }
    }

    /// Where the text stops being surely in NFC, if it does.
    pub fn unsure_from(&self) -> Option<usize> {
        self.unsure_from
    }
}

/// [`NfcQuickCheck`] of a whole text: the length of the text when it is surely in NFC.
#[cfg(test)]
pub fn surely_nfc_up_to(text: &str) -> usize {
    let mut check = NfcQuickCheck::new();
    for (i, c) in text.char_indices() {
        if !c.is_ascii() && table_flags(c).is_none_or(|flags| flags & NFC_INERT == 0) {
            check.visit(text.as_bytes(), i, c as u32);
        }
    }
    check.unsure_from().unwrap_or(text.len())
}

/// The combining class of the character of code point `cp` when it has NFC_Quick_Check=Yes
/// (the chart keeps it for the [`PLANES`]: 0 for no, 1 plus the class for yes).
pub fn quick_class(cp: u32) -> Option<u8> {
    if cp as usize >= PLANES {
        return char::from_u32(cp).and_then(quick_class_of);
    }
    match in_chart(&data::QUICK_INDEX, &data::QUICK_BLOCKS, cp as usize) {
        0 => None,
        kept => Some(kept - 1),
    }
}

/// The combining class of a character with NFC_Quick_Check=Yes (worked out from the
/// properties: [`quick_class`] reads the chart).
fn quick_class_of(c: char) -> Option<u8> {
    let class = CanonicalCombiningClassMapBorrowed::new().get_u8(c);
    (nfc_quick_check_yes(c) && class <= 250).then_some(class)
}

/// Whether a character has NFC_Quick_Check=Yes, from ICU4X's data (which the rest of the scan
/// normalizes with): its own NFC, and nothing before it can compose with it, as it is not the
/// second character of a canonical composition nor decomposes into one that starts with such
/// a character (Gurung Khema's U+16121 is U+1611E U+1611E, and U+1611E before it composes with
/// the first). Beyond the [`PLANES`] there is no such second (a test checks it), so there the
/// first question is the only one; the chart answers for the planes.
fn nfc_quick_check_yes(c: char) -> bool {
    if !is_own_nfc(c) {
        return false;
    }
    if c as usize >= PLANES {
        return true;
    }
    let first = match CanonicalDecompositionBorrowed::new().decompose(c) {
        Decomposed::Expansion(first, _) => first,
        _ => c,
    };
    // (A decomposition's first character may decompose again: the first of all is asked.)
    let first = std::iter::successors(
        Some(first),
        |&f| match CanonicalDecompositionBorrowed::new().decompose(f) {
            Decomposed::Expansion(g, _) | Decomposed::Singleton(g) => Some(g),
            Decomposed::Default => None,
        },
    )
    .last()
    .unwrap_or(first);
    !is_second_of_composition(c) && !is_second_of_composition(first)
}

/// Whether `c` is the second character of a canonical composition (NFC_Quick_Check=Maybe):
/// of a canonical decomposition in two characters that composes back (Hangul syllables
/// included), or a Hangul vowel or trailing consonant, which compose by rule. Worked out once,
/// from every code point (the chart is made ahead of time: the scan never asks).
fn is_second_of_composition(c: char) -> bool {
    static SECONDS: std::sync::OnceLock<std::collections::HashSet<char>> =
        std::sync::OnceLock::new();
    SECONDS
        .get_or_init(|| {
            let decomposition = CanonicalDecompositionBorrowed::new();
            let composition = CanonicalCompositionBorrowed::new();
            let mut seconds: std::collections::HashSet<char> = (0..=0x10FFFFu32)
                .filter_map(char::from_u32)
                .filter_map(|x| match decomposition.decompose(x) {
                    Decomposed::Expansion(a, b) if composition.compose(a, b) == Some(x) => Some(b),
                    _ => None,
                })
                .collect();
            seconds.extend(('\u{1161}'..='\u{1175}').chain('\u{11A8}'..='\u{11C2}'));
            seconds
        })
        .contains(&c)
}

/// Whether a character of combining class 0 is its own NFC: it has no canonical decomposition,
/// or decomposes into a pair that composes back to it (not a singleton, not an exclusion).
fn is_own_nfc(c: char) -> bool {
    match CanonicalDecompositionBorrowed::new().decompose(c) {
        Decomposed::Default => true,
        Decomposed::Singleton(_) => false,
        Decomposed::Expansion(a, b) => CanonicalCompositionBorrowed::new().compose(a, b) == Some(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text of three of `pieces`, one after another, in order.
    fn triples<'p>(pieces: &'p [&'p str]) -> impl Iterator<Item = String> + 'p {
        pieces.iter().flat_map(move |a| {
            pieces
                .iter()
                .flat_map(move |b| pieces.iter().map(move |c| format!("{a}{b}{c}")))
        })
    }
    use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};

    #[test]
    fn no_inert_character_is_or_starts_with_the_second_of_a_composition() {
        // Every pair that composes is a canonical decomposition in two characters (Hangul
        // syllables included), in any plane, that composes back (not an exclusion: U+0FB5,
        // the second of U+0FB9, which NFC never composes, is inert). Only characters of the
        // first two planes are ever taken as inert (`plain_flags`).
        let decomposition = CanonicalDecompositionBorrowed::new();
        let composition = CanonicalCompositionBorrowed::new();
        let seconds: std::collections::HashSet<char> = (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter_map(|x| match decomposition.decompose(x) {
                Decomposed::Expansion(first, second)
                    if composition.compose(first, second) == Some(x) =>
                {
                    Some(second)
                }
                _ => None,
            })
            .collect();
        assert!(seconds.len() > 100, "{}", seconds.len());
        let nfd = DecomposingNormalizerBorrowed::new_nfd();
        let mut precomposed = 0;
        for c in (0x80..PLANES as u32).filter_map(char::from_u32) {
            if flags_of(c) & NFC_INERT == 0 {
                continue;
            }
            assert!(!seconds.contains(&c), "{c:?}");
            let decomposed = nfd.normalize(c.encode_utf8(&mut [0; 4])).into_owned();
            let first = decomposed.chars().next().expect("not empty");
            assert!(!seconds.contains(&first), "{c:?} starts with {first:?}");
            precomposed += usize::from(decomposed.chars().count() > 1);
        }
        assert!(precomposed > 10_000, "{precomposed}");
    }

    #[test]
    fn a_quick_check_yes_is_what_icu_says_of_every_character() {
        // The characters that are the second of a canonical composition (quick check Maybe)
        // and those that are not their own NFC (No), as ICU4X has them, worked out apart. (The
        // chart made with this rule is the one unicode-normalization's quick check made.)
        let decomposition = CanonicalDecompositionBorrowed::new();
        let nfc = ComposingNormalizerBorrowed::new_nfc();
        let mut seconds = std::collections::HashSet::new();
        for x in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if let Decomposed::Expansion(a, b) = decomposition.decompose(x)
                && CanonicalCompositionBorrowed::new().compose(a, b) == Some(x)
            {
                seconds.insert(b);
            }
        }
        // None beyond the planes of the chart, which the quick check there relies on.
        assert!(
            seconds.iter().all(|&c| (c as usize) < PLANES),
            "{seconds:?}"
        );
        let nfd = DecomposingNormalizerBorrowed::new_nfd();
        let hangul = |c: char| {
            ('\u{1161}'..='\u{1175}').contains(&c) || ('\u{11A8}'..='\u{11C2}').contains(&c)
        };
        let mut yes = 0;
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let own = nfc.is_normalized(c.encode_utf8(&mut [0; 4]));
            // Nothing before it composes with it, nor with the start of its decomposition.
            let first = nfd
                .normalize(c.encode_utf8(&mut [0; 4]))
                .chars()
                .next()
                .expect("one");
            let second = |c: char| seconds.contains(&c) || hangul(c);
            let icu_yes = own && !second(c) && !second(first);
            assert_eq!(nfc_quick_check_yes(c), icu_yes, "U+{:04X}", c as u32);
            yes += usize::from(icu_yes);
        }
        assert!(yes > 1_000_000, "{yes}");
        assert!(!nfc_quick_check_yes('\u{0301}') && nfc_quick_check_yes('\u{0651}'));
    }

    #[test]
    fn text_surely_nfc_is_nfc_and_the_rest_is_apart() {
        let nfc = ComposingNormalizerBorrowed::new_nfc();
        let pieces = [
            "a",
            "e",
            "\u{0301}",
            "\u{0327}",
            "\u{0651}",
            "\u{064F}",
            "\u{0627}",
            "\u{0653}",
            "\u{093C}",
            "\u{0928}",
            "\u{093E}",
            "\u{09C7}",
            "\u{09BE}",
            "\u{1100}",
            "\u{1161}",
            "\u{AC00}",
            "\u{11A8}",
            "\u{00E9}",
            "\u{212B}",
            "\u{0344}",
            " ",
            "\u{05B8}",
            "\u{05B7}",
            "\u{0F71}",
            "\u{0F72}",
            "\u{1F600}",
            "\u{3099}",
        ];
        let mut surely = 0;
        for text in triples(&pieces) {
            let sure = surely_nfc_up_to(&text);
            assert!(nfc.is_normalized(&text[..sure]), "{text:?}");
            if sure == text.len() {
                assert!(nfc.is_normalized(&text), "{text:?}");
                surely += 1;
            } else {
                // NFC of the whole is NFC of the sure part and NFC of the rest.
                let rest = nfc.normalize(&text[sure..]);
                assert_eq!(nfc.normalize(&text), format!("{}{rest}", &text[..sure]));
            }
        }
        assert!(surely > 3_000, "{surely}");
        // Marks whose classes ascend pass; out of order, or one that composes, do not.
        let sure = |text: &str| surely_nfc_up_to(text) == text.len();
        assert!(sure("\u{0628}\u{064F}\u{0651}"));
        assert!(!sure("\u{0628}\u{0651}\u{064F}"));
        assert_eq!(surely_nfc_up_to("ab e\u{0301}"), 3, "from the e");
        assert_eq!(surely_nfc_up_to("\u{0928}\u{093E}\u{0921}\u{093C}"), 6);
    }

    /// Blocks of `1 << BLOCK_SHIFT` values alike kept once: the index of each block's values
    /// in the list of distinct ones, and that list.
    fn blocks_of<T: Copy + Eq + std::hash::Hash>(values: &[T]) -> (Vec<usize>, Vec<&[T]>) {
        let mut distinct: Vec<&[T]> = Vec::new();
        let mut seen = std::collections::HashMap::new();
        let index = values
            .chunks(1 << BLOCK_SHIFT)
            .map(|block| {
                *seen.entry(block).or_insert_with(|| {
                    distinct.push(block);
                    distinct.len() - 1
                })
            })
            .collect();
        (index, distinct)
    }

    /// Rust's array of `values`, as many a line as make it no longer than 100 characters.
    fn rust_array(values: impl Iterator<Item = String>, indent: &str) -> String {
        let mut text = String::from("[\n");
        let mut line = String::new();
        for value in values {
            if !line.is_empty() && indent.len() + line.len() + value.len() + 2 > 100 {
                text.push_str(&format!("{indent}{}\n", line.trim_end()));
                line.clear();
            }
            line.push_str(&value);
            line.push_str(", ");
        }
        if !line.is_empty() {
            text.push_str(&format!("{indent}{}\n", line.trim_end()));
        }
        text.push_str(&indent[4..]);
        text.push(']');
        text
    }

    /// Rust's array of the arrays of `blocks`.
    fn blocks_source<T: ToString>(blocks: &[&[T]]) -> String {
        let block = |b: &&[T]| rust_array(b.iter().map(T::to_string), "        ");
        rust_array(blocks.iter().map(block), "    ")
    }

    /// `chart_data.rs` as the properties of the crates in use make it.
    fn chart_source() -> String {
        let chars = || (0..PLANES as u32).map(char::from_u32);
        let flags: Vec<u16> = chars().map(|c| c.map_or(0, flags_of)).collect();
        let quick: Vec<u8> = chars()
            .map(|c| c.and_then(quick_class_of).map_or(0, |class| class + 1))
            .collect();
        let (flag_index, flag_blocks) = blocks_of(&flags);
        let (quick_index, quick_blocks) = blocks_of(&quick);
        assert!(flag_blocks.len() <= usize::from(u16::MAX) && quick_blocks.len() <= 256);
        let size = 1 << BLOCK_SHIFT;
        let index = |index: &[usize]| rust_array(index.iter().map(usize::to_string), "    ");
        format!(
            "// Generated by the test `the_chart_is_worked_out_from_the_properties` (scan/chartable.rs)\n\
             // from the Unicode properties of the crates in Cargo.lock. Do not edit: rerun it with\n\
             // CHARSCOPE_WRITE_CHART=1 set.\n\
             \n\
             //! The chart of `chartable`, in blocks of {size} code points.\n\
             \n\
             /// For each block of the planes, its flags in [`FLAG_BLOCKS`].\n\
             pub(super) static FLAG_INDEX: [u16; {}] = {};\n\
             \n\
             /// The distinct blocks of flags.\n\
             pub(super) static FLAG_BLOCKS: [[u16; {size}]; {}] = {};\n\
             \n\
             /// For each block of the planes, its quick classes in [`QUICK_BLOCKS`].\n\
             pub(super) static QUICK_INDEX: [u8; {}] = {};\n\
             \n\
             /// The distinct blocks of quick classes: 0 for none, else 1 plus the class.\n\
             pub(super) static QUICK_BLOCKS: [[u8; {size}]; {}] = {};\n",
            flag_index.len(),
            index(&flag_index),
            flag_blocks.len(),
            blocks_source(&flag_blocks),
            quick_index.len(),
            index(&quick_index),
            quick_blocks.len(),
            blocks_source(&quick_blocks),
        )
    }

    #[test]
    fn the_chart_is_worked_out_from_the_properties() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/scan/chart_data.rs");
        let source = chart_source();
        if std::env::var_os("CHARSCOPE_WRITE_CHART").is_some() {
            std::fs::write(path, &source).expect("chart_data.rs written");
        }
        let kept = std::fs::read_to_string(path).expect("chart_data.rs");
        assert!(
            kept == source,
            "src/scan/chart_data.rs is stale: rerun this test with CHARSCOPE_WRITE_CHART=1"
        );
        // And the lookups read it back.
        for cp in 0..PLANES as u32 + 0x100 {
            let c = char::from_u32(cp);
            let flags = c.filter(|_| cp < PLANES as u32).map(flags_of);
            assert_eq!(flags_at(cp), flags, "U+{cp:04X}");
            assert_eq!(quick_class(cp), c.and_then(quick_class_of), "U+{cp:04X}");
        }
        assert_eq!(quick_class(0x0651), Some(33));
        assert_eq!(quick_class(0x0301), None, "the second of a composition");
        assert_eq!(quick_class(0x0041), Some(0));
        assert_eq!(quick_class(0x0344), None, "not its own NFC");
        assert_eq!(quick_class(0x1D165), Some(216), "beyond the chart");
    }

    #[test]
    fn inert_characters_make_nfc_text_and_the_table_agrees() {
        let nfc = ComposingNormalizerBorrowed::new_nfc();
        let mut inert = 0;
        for c in (0x80..PLANES as u32).filter_map(char::from_u32) {
            let flags = flags_of(c);
            assert_eq!(table_flags(c), Some(flags), "U+{:04X}", c as u32);
            assert_eq!(plain_flags(c), (flags & PLAIN != 0).then_some(flags));
            if CanonicalCombiningClassMapBorrowed::new().get_u8(c) == 0 {
                let alone = nfc.is_normalized(c.encode_utf8(&mut [0; 4]));
                assert_eq!(is_own_nfc(c), alone, "U+{:04X}", c as u32);
            }
            if flags & NFC_INERT != 0 {
                let s = format!("e{c}a{c}{c}");
                assert!(nfc.is_normalized(&s), "U+{:04X}", c as u32);
                inert += 1;
            }
        }
        assert!(inert > 40_000, "{inert}");
        assert_eq!(
            plain_flags('\u{1F600}').map(|f| f & (PLAIN | WORD | NFC_INERT)),
            Some(PLAIN | NFC_INERT)
        );
        assert_eq!(plain_flags('\u{20000}'), None, "beyond the table");
        let mut reader = Reader::new();
        assert_eq!(plain_flags('\u{FEFF}'), None);
        assert_eq!(reader.nfc_inert(0xFEFF), NFC_INERT);
        assert_eq!(reader.nfc_inert(0x0301), 0);
        assert_eq!(reader.nfc_inert(0x2_0000), 0);
        assert_eq!(plain_flags('\u{202E}'), None);
        assert_eq!(plain_flags('\u{0301}').map(|f| f & NFC_INERT), Some(0));
        assert_eq!(
            plain_flags('Ж').map(|f| f & 0xFF),
            Some(PLAIN | WORD | NFC_INERT | NO_ASCII_LOOK)
        );
        assert_eq!(plain_flags('а').map(|f| f & NO_ASCII_LOOK), Some(0));
        assert_eq!(
            plain_flags('Ж').map(script_of),
            plain_flags('а').map(script_of)
        );
        assert_ne!(plain_flags('Ж').map(script_of), Some(0));
        assert_eq!(plain_flags('、').map(script_of), Some(0), "Common");
        assert_eq!(
            plain_flags('、').map(|f| f & (PLAIN | WORD | NFC_INERT | JAPANESE | KOREAN)),
            Some(PLAIN | NFC_INERT | JAPANESE | KOREAN)
        );
    }

    #[test]
    fn the_reader_gives_the_flags_of_plain_flags() {
        let mut reader = Reader::new();
        for c in "a Жж é 漢\u{1F600}\u{202E}ж\u{10000}\u{FFFF}\u{1FFFF}\u{20000}\u{E0001}x".chars()
        {
            assert_eq!(reader.plain_flags(c as u32), plain_flags(c), "{c:?}");
        }
        assert_eq!(plain_flags('é').map(script_of), Some(LATIN));
        assert_eq!(
            plain_flags('\u{0301}').map(|f| f & NO_SCRIPT),
            Some(NO_SCRIPT)
        );
        assert_eq!(plain_flags('Ж').map(|f| f & NO_SCRIPT), Some(0));
    }

    #[test]
    fn a_word_with_a_character_of_non_ascii_skeleton_has_none() {
        use super::super::confusable::{ascii_skeleton, skeleton};
        let ranges = [
            0x80..0x250u32,
            0x300..0x370,
            0x370..0x530,
            0x1E00..0x1F00,
            0xFF00..0xFF60,
        ];
        let sample: Vec<char> = ranges
            .into_iter()
            .flatten()
            .filter_map(char::from_u32)
            .chain("aA1_".chars())
            .collect();
        let own = |c: char| !skeleton(c.encode_utf8(&mut [0; 4])).is_ascii();
        for &c in &sample {
            let flags = flags_of(c);
            if flags & NO_ASCII_SKELETON != 0 {
                assert!(own(c), "{c:?}");
            } else if own(c) && !c.is_ascii() {
                assert_ne!(flags & NO_ASCII_LOOK, 0, "{c:?}: one of the two is set");
            }
        }
        let kept = |c: char| flags_of(c) & NO_ASCII_SKELETON != 0;
        assert!(sample.iter().filter(|&&c| kept(c)).count() > 300);
        assert!(kept('é') && kept('\u{0301}') && !kept('а') && !kept('a'));
        // A word's skeleton has a character beyond ASCII where one of its characters' has.
        for (i, &a) in sample.iter().enumerate() {
            for &b in sample.iter().skip(i % 7).step_by(7) {
                let word = format!("{a}{b}");
                let non_ascii = !skeleton(&word).is_ascii();
                assert_eq!(non_ascii, own(a) || own(b), "{word:?}");
                if non_ascii {
                    assert_eq!(ascii_skeleton(&word), None);
                }
            }
        }
    }

    #[test]
    fn east_asian_flags_are_those_of_the_augmented_script_sets() {
        for c in (0..PLANES as u32).filter_map(char::from_u32) {
            let scripts = AugmentedScriptSet::for_char(c);
            let flags = east_asian_flags(c);
            assert!(flags & JAPANESE == 0 || scripts.jpan, "U+{:04X}", c as u32);
            assert!(flags & KOREAN == 0 || scripts.kore, "U+{:04X}", c as u32);
            if CodePointMapData::<Script>::new().get(c) == Script::Han {
                assert_eq!(flags, JAPANESE | KOREAN);
            }
        }
    }

    #[test]
    fn one_east_asian_writing_system_is_single_script() {
        use unicode_security::MixedScript;
        let pieces = [
            "日本",
            "語",
            "のテキスト",
            "カタカナ",
            "ー",
            "한국어",
            "漢字",
            "ㄅㄆ",
            "abc",
            "1",
            "_",
            "\u{0430}",
            "\u{3099}",
            "々",
        ];
        let mut yes = 0;
        for word in triples(&pieces) {
            if one_east_asian_writing_system(&word) {
                assert!(word.as_str().is_single_script(), "{word}");
                yes += 1;
            }
        }
        assert!(yes > 100, "{yes}");
        assert!(one_east_asian_writing_system("日本語のテキスト"));
        // ASCII digits and `_` go with both (a word of them and Japanese needs no look).
        for c in "0123456789_".chars() {
            assert_eq!(flags_of(c) & (JAPANESE | KOREAN), JAPANESE | KOREAN, "{c}");
        }
        assert!(one_east_asian_writing_system("한국어漢字"));
        assert!(!one_east_asian_writing_system(
            "\u{306E}\u{30C6}\u{D55C}\u{AD6D}"
        ));
        assert!(!one_east_asian_writing_system("日本abc"));
    }
}
