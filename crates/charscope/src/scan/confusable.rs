//! Lookalikes (UTS #39, Unicode Security Mechanisms) through unicode-rs's `unicode-security`
//! (Unicode 18.0 data): the confusable skeleton of a string, mixed-script detection with the
//! augmented script sets of UTS #39 section 5.1 (Han with Hiragana and Katakana is Japanese, not
//! mixed), and restriction levels (section 5.2).
//!
//! A test checks the crate's prototype table against `confusables.txt` (UTS #39 17.0.0) from
//! `../shared/testdata/unicode`.
//!
//! ```
//! use charscope::scan::confusable::{skeleton, mixed_scripts};
//! assert_eq!(skeleton("\u{0456}sAdmin"), skeleton("isAdmin")); // Cyrillic і
//! assert_eq!(mixed_scripts("p\u{0430}ypal").unwrap().scripts, ["Latin", "Cyrillic"]);
//! assert!(mixed_scripts("日本語のテキスト").is_none()); // Han + Hiragana + Katakana = Japanese
//! ```

use crate::charinfo::properties;
use icu_properties::props::{GeneralCategory, Script};
use icu_properties::{CodePointMapData, PropertyNamesLong};
use serde::Serialize;
use unicode_security::{MixedScript, RestrictionLevel, RestrictionLevelDetection};

/// The UTS #39 skeleton of `text`: NFD, default-ignorables removed, each character replaced by
/// its prototype from confusables.txt, NFD again. Two strings are confusable when their
/// skeletons are equal.
pub fn skeleton(text: &str) -> String {
    if text.is_ascii() {
        return ascii_text_skeleton(text);
    }
    unicode_security::skeleton(text).collect()
}

/// [`skeleton`] of ASCII text, character by character from a table of the skeletons of the
/// ASCII characters (NFD leaves ASCII as it is, and no prototype of one has a decomposition or
/// an ignorable: a test checks the table's results against the crate on any ASCII). File names
/// are mostly ASCII, and the crate's way, with its normalization, made most of the file-name
/// checks, 5% of a scan of 11,500 files.
fn ascii_text_skeleton(text: &str) -> String {
    static TABLE: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..128u8)
            .map(|b| unicode_security::skeleton(&char::from(b).to_string()).collect())
            .collect()
    });
    text.bytes()
        .map(|b| table[usize::from(b)].as_str())
        .collect()
}

/// Whether `c` is a combining mark (Mn, Mc, Me).
pub fn is_mark(c: char) -> bool {
    properties::is_mark(c)
}

/// Whether `c` continues a word: a letter, digit, mark, connector punctuation (`_`), or a
/// zero-width joiner or non-joiner (so that a zero-width identifier stays one word).
pub fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    is_word_category(c, CodePointMapData::<GeneralCategory>::new().get(c))
}

/// [`is_word_char`] for a character that is not ASCII, whose General_Category the caller has.
pub fn is_word_category(c: char, gc: GeneralCategory) -> bool {
    use GeneralCategory as G;
    matches!(
        gc,
        G::UppercaseLetter
            | G::LowercaseLetter
            | G::TitlecaseLetter
            | G::ModifierLetter
            | G::OtherLetter
            | G::DecimalNumber
            | G::LetterNumber
            | G::OtherNumber
            | G::NonspacingMark
            | G::SpacingMark
            | G::EnclosingMark
            | G::ConnectorPunctuation
    ) || matches!(c, '\u{200C}' | '\u{200D}')
}

/// A word that mixes scripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MixedScripts {
    /// The scripts, in order of first appearance (long names: "Latin", "Cyrillic").
    pub scripts: Vec<&'static str>,
    /// The UTS #39 restriction level the word meets ("minimally-restrictive").
    pub restriction_level: &'static str,
}

impl MixedScripts {
    /// Whether the mix is one that identifier profiles refuse: below UTS #39's moderately
    /// restrictive level (Latin with Cyrillic or Greek, two non-Latin scripts...). Latin with
    /// Han, Japanese or Korean (highly restrictive) and Latin with one other recommended script
    /// (moderately restrictive) are how real text is written.
    pub fn is_suspicious(&self) -> bool {
        matches!(
            self.restriction_level,
            "minimally-restrictive" | "unrestricted"
        )
    }
}

/// The name of a restriction level, kebab-case as in UTS #39's section titles.
pub fn restriction_level_name(level: RestrictionLevel) -> &'static str {
    match level {
        RestrictionLevel::ASCIIOnly => "ascii-only",
        RestrictionLevel::SingleScript => "single-script",
        RestrictionLevel::HighlyRestrictive => "highly-restrictive",
        RestrictionLevel::ModeratelyRestrictive => "moderately-restrictive",
        RestrictionLevel::MinimallyRestrictive => "minimally-restrictive",
        RestrictionLevel::Unrestricted => "unrestricted",
    }
}

/// The UTS #39 restriction level of `text`.
pub fn restriction_level(text: &str) -> &'static str {
    restriction_level_name(text.detect_restriction_level())
}

/// The scripts of a word when it mixes them (UTS #39 section 5.1: its resolved augmented script
/// set is empty), else `None`. Common and Inherited characters (digits, `_`, combining marks)
/// go with any script.
pub fn mixed_scripts(word: &str) -> Option<MixedScripts> {
    // A quick look first: two explicit scripts at least (most words have one).
    let map = CodePointMapData::<Script>::new();
    let mut scripts: Vec<Script> = Vec::new();
    for c in word.chars() {
        let s = map.get(c);
        if !matches!(s, Script::Common | Script::Inherited | Script::Unknown)
            && !scripts.contains(&s)
        {
            scripts.push(s);
        }
    }
    if scripts.len() < 2
        || super::chartable::one_east_asian_writing_system(word)
        || word.is_single_script()
    {
        return None;
    }
    let names = PropertyNamesLong::<Script>::new();
    Some(MixedScripts {
        scripts: scripts
            .iter()
            .map(|&s| names.get(s).unwrap_or("?"))
            .collect(),
        restriction_level: restriction_level(word),
    })
}

/// Whether a word that is not ASCII may have an ASCII skeleton, i.e. may pretend to be an ASCII
/// word: each of its characters is ASCII, Latin, or confusable with a character of another
/// script (UTS #39 section 4). Cheap: it spares computing the skeletons of most words of
/// Cyrillic, Greek or Arabic prose.
pub fn may_look_ascii(word: &str) -> bool {
    let map = CodePointMapData::<Script>::new();
    word.chars().all(|c| {
        c.is_ascii()
            || unicode_security::is_potential_mixed_script_confusable_char(c)
            || matches!(map.get(c), Script::Latin | Script::Inherited)
    })
}

/// The skeleton of a word that is not ASCII, when that skeleton is all ASCII: the ASCII word it
/// pretends to be (in skeleton form).
pub fn ascii_skeleton(word: &str) -> Option<String> {
    if word.is_ascii() || !may_look_ascii(word) {
        return None;
    }
    // The skeleton is built lazily: the first character that is not ASCII ends the look.
    let mut s = String::with_capacity(word.len());
    for c in unicode_security::skeleton(word) {
        if !c.is_ascii() {
            return None;
        }
        s.push(c);
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    proptest::proptest! {
        #[test]
        fn the_ascii_skeleton_is_the_crate_s(text in "[\\x00-\\x7F]{0,40}") {
            let theirs: String = unicode_security::skeleton(&text).collect();
            proptest::prop_assert_eq!(skeleton(&text), theirs);
        }
    }

    #[test]
    fn ascii_lookalikes_have_one_skeleton() {
        // m and rn, 1 and l, 0 and O (confusables.txt), each ASCII character once.
        assert_eq!(skeleton("modern"), skeleton("modem"));
        assert_eq!(skeleton("file1"), skeleton("filel"));
        assert_eq!(skeleton("l0g"), skeleton("lOg"));
        let all: String = (0..128u8).map(char::from).collect();
        let theirs: String = unicode_security::skeleton(&all).collect();
        assert_eq!(skeleton(&all), theirs);
    }

    use super::*;

    #[test]
    fn homoglyphs_have_the_skeleton_of_their_ascii_twin() {
        // Cyrillic а (U+0430), Greek ο (U+03BF), fullwidth Ａ.
        assert_eq!(ascii_skeleton("p\u{0430}ypal"), Some(skeleton("paypal")));
        assert_eq!(
            ascii_skeleton("g\u{03BF}\u{03BF}gle"),
            Some(skeleton("google"))
        );
        assert_eq!(ascii_skeleton("привет"), None);
        assert_eq!(
            ascii_skeleton("café"),
            None,
            "é keeps its accent in the skeleton"
        );
    }

    #[test]
    fn mixed_scripts_and_restriction_levels() {
        let m = mixed_scripts("p\u{0430}ypal").unwrap();
        assert_eq!(m.restriction_level, "minimally-restrictive");
        assert!(mixed_scripts("paypal").is_none());
        assert!(mixed_scripts("Москва2024").is_none());
        assert!(mixed_scripts("한국어").is_none());
        // Latin with Han is highly restrictive, yet still two scripts.
        assert_eq!(
            mixed_scripts("abc漢字").unwrap().restriction_level,
            "highly-restrictive"
        );
        assert_eq!(restriction_level("paypal"), "ascii-only");
    }
}
