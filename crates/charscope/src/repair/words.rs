//! Words around the places a repair changes: what stands beside them.

/// Whether the place `start..end` of `line` stands between ASCII, the ends of the line, or
/// characters that are not letters (see [`whole_words`]).
pub(crate) fn whole_word(line: &str, start: usize, end: usize) -> bool {
    let foreign = |ch: Option<char>| ch.is_some_and(|ch| !ch.is_ascii() && ch.is_alphabetic());
    !foreign(line[..start].chars().next_back()) && !foreign(line[end..].chars().next())
}
