//! Words around the places a repair changes: what stands beside them.

/// Whether the place `start..end` of `line` stands between ASCII, the ends of the line, or
/// characters that are not letters (see [`whole_words`]).
pub(crate) fn whole_word(line: &str, start: usize, end: usize) -> bool {
    let foreign = |ch: Option<char>| ch.is_some_and(|ch| !ch.is_ascii() && ch.is_alphabetic());
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
