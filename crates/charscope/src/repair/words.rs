//! Words around the places a repair changes: what stands beside them.

/// Which BMP characters are alphabetic, as [`alphabetic`] says: a bitset made by the
/// build script (asking the standard library for each of them cost as much as the tables, and
/// repair asks of every character beside every place).
static ALPHABETIC: &[u8; 0x10000 / 8] = include_bytes!(concat!(env!("OUT_DIR"), "/alphabetic.bin"));

/// Whether the BMP code point `cp` is alphabetic.
#[inline]
pub(crate) fn alphabetic_bmp(cp: usize) -> bool {
    ALPHABETIC[cp / 8] & (1 << (cp % 8)) != 0
}

/// Whether `c` is alphabetic, as [`alphabetic`] says, by the bitset where it can.
#[inline]
pub(crate) fn alphabetic(c: char) -> bool {
    match c as usize {
        cp if cp < 0x80 => c.is_ascii_alphabetic(),
        cp if cp < 0x10000 => alphabetic_bmp(cp),
        _ => c.is_alphabetic(),
    }
}

/// Whether the place `start..end` of `line` stands between ASCII, the ends of the line, or
/// characters that are not letters (see [`whole_words`]).
pub(crate) fn whole_word(line: &str, start: usize, end: usize) -> bool {
    let foreign = |ch: Option<char>| ch.is_some_and(|ch| !ch.is_ascii() && alphabetic(ch));
    !foreign(line[..start].chars().next_back()) && !foreign(line[end..].chars().next())
}

/// Whether `ch` is a symbol (mathematical, currency, modifier or other): words are not written
/// with one at their edge, as they are with an apostrophe ("Ã’s" stays).
pub(crate) fn is_symbol(ch: char) -> bool {
    use icu_properties::{CodePointMapData, props::GeneralCategory};
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(ch),
        GeneralCategory::MathSymbol
            | GeneralCategory::CurrencySymbol
            | GeneralCategory::ModifierSymbol
            | GeneralCategory::OtherSymbol
    )
}

/// Whether `ch` is a symbol or a number that is not a digit (a superscript, a fraction): one
/// inside a word of ASCII letters is mojibake ("IL2RÎ³cKO"), never spelling.
fn is_symbol_or_number(ch: char) -> bool {
    use icu_properties::{CodePointMapData, props::GeneralCategory};
    is_symbol(ch)
        || CodePointMapData::<GeneralCategory>::new().get(ch) == GeneralCategory::OtherNumber
}

/// Whether the place `start..end` of `line` stands between two ASCII letters and holds a symbol
/// or a number that is not a digit: a sign inside an English word is mojibake ("IL2RÎ³cKO"),
/// never spelling.
pub(crate) fn symbol_inside_ascii_word(line: &str, start: usize, end: usize) -> bool {
    let ascii_letter = |ch: Option<char>| ch.is_some_and(|ch| ch.is_ascii_alphabetic());
    ascii_letter(line[..start].chars().next_back())
        && ascii_letter(line[end..].chars().next())
        && line[start..end].chars().any(is_symbol_or_number)
}

/// Whether `ch` is punctuation (a dash, a quotation mark, a bracket...).
pub(crate) fn is_punctuation(ch: char) -> bool {
    use icu_properties::{CodePointMapData, props::GeneralCategory};
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(ch),
        GeneralCategory::DashPunctuation
            | GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
            | GeneralCategory::OtherPunctuation
            | GeneralCategory::ConnectorPunctuation
    )
}
