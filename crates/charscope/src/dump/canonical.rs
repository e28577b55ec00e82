//! Dumps of 16 bytes per line with a text column: `hexdump -C` (`hd`, BusyBox, BSD) and hexyl.

use super::assemble::{Item, assemble};
use super::error::{DumpError, DumpErrorKind};
use super::lines::{Line, Token, all_hex, check_text_column, hex_pair};
use super::{DumpFormat, LazyParsed};

/// Whether the first line looks like `hexdump -C`: an offset of at least 8 hex digits, a byte,
/// and a `|` after it or two spaces between them (od writes one).
pub(crate) fn sniff_hexdump(line: &Line) -> bool {
    let tokens = line.tokens();
    tokens.len() >= 2
        && tokens[0].text.len() >= 8
        && all_hex(&tokens[0].text)
        && tokens[1].text.len() == 2
        && all_hex(&tokens[1].text)
        && (line.chars.contains(&'|') || tokens[1].start == tokens[0].end() + 2)
}

/// Reads `hexdump -C` output, with its `|text|` column or (when its first line of bytes has
/// none: a dump copied without it) without one; the offsets still check every line's length.
pub(crate) fn parse_hexdump(lines: &[Line]) -> Result<LazyParsed, DumpError> {
    let mut items = Vec::with_capacity(lines.len());
    let with_text = has_text_column(lines);
    for line in lines {
        if line.is_star() {
            items.push(Item::Star {
                at: (line.number, line.column(0)),
            });
            continue;
        }
        let tokens = line.tokens();
        let first = &tokens[0];
        if !with_text && (first.text.len() < 8 || first.start != 0) {
            // Without the text column only the layout (an offset of 8 digits or more at the
            // start of the line) tells this from plain hex and hexyl.
            return Err(line.error(
                first.start,
                DumpErrorKind::Invalid,
                format!(
                    "expected an offset of 8 hex digits or more at the start of the line, found {:?}",
                    first.text
                ),
            ));
        }
        let offset = offset_of(line, first)?;
        let at = (line.number, line.column(first.start));
        if tokens.len() == 1 {
            items.push(Item::End { at, offset });
            continue;
        }
        let bytes = hexdump_row(line, &tokens, with_text)?;
        items.push(Item::Data {
            at,
            offset: Some(offset),
            bytes,
        });
    }
    let assembled = assemble(&items, 1)?;
    let mut warnings: Vec<String> = assembled.start_warning().into_iter().collect();
    if !assembled.saw_end {
        warnings.push(
            "no final offset line (hexdump writes the length last): the dump may have been cut"
                .into(),
        );
    }
    Ok(LazyParsed {
        bytes: assembled.bytes,
        format: DumpFormat::HexdumpCanonical,
        warnings,
    })
}

/// Whether a `hexdump -C` dump has its `|text|` column. One copied without it is read as one
/// when its first line of bytes has none and the lengths can be checked: there is a second line
/// of bytes (the offsets check the first), hexdump's final offset line, or the one line holds
/// a full row of 16 bytes (a line cut short at its end is refused, as before).
fn has_text_column(lines: &[Line]) -> bool {
    let mut data = lines
        .iter()
        .filter(|line| !line.is_star() && line.tokens().len() > 1);
    let Some(first) = data.next() else {
        return true;
    };
    let ends_with_length = lines
        .last()
        .is_some_and(|line| !line.is_star() && line.tokens().len() == 1);
    first.chars.contains(&'|')
        || (data.next().is_none() && !ends_with_length && first.tokens().len() != 17)
}

fn offset_of(line: &Line, token: &Token) -> Result<u64, DumpError> {
    if !all_hex(&token.text) {
        return Err(line.error(
            token.start,
            DumpErrorKind::Invalid,
            format!("expected an offset in hex, found {:?}", token.text),
        ));
    }
    u64::from_str_radix(&token.text, 16).map_err(|_| {
        line.error(
            token.start,
            DumpErrorKind::Invalid,
            "the offset is too large",
        )
    })
}

/// The bytes of one `hexdump -C` line, checked against its `|text|` column (which a dump
/// copied `without_text` lacks).
fn hexdump_row(line: &Line, tokens: &[Token], with_text: bool) -> Result<Vec<u8>, DumpError> {
    let mut bytes = Vec::with_capacity(16);
    let mut text_start = None;
    for token in &tokens[1..] {
        if token.text.starts_with('|') {
            text_start = Some(token.start + 1);
            break;
        }
        if token.text.len() != 2 || !all_hex(&token.text) {
            return Err(line.error(
                token.start,
                DumpErrorKind::Invalid,
                format!(
                    "expected a byte (two hex digits) or the |text| column, found {:?}",
                    token.text
                ),
            ));
        }
        if bytes.len() == 16 {
            return Err(line.error(
                token.start,
                DumpErrorKind::Invalid,
                "more than 16 bytes on a hexdump -C line",
            ));
        }
        // Without the text column, each byte must sit where hexdump -C writes it.
        let column = tokens[0].end() + 2 + 3 * bytes.len() + usize::from(bytes.len() >= 8);
        if !with_text && token.start != column {
            return Err(line.error(
                token.start,
                DumpErrorKind::Invalid,
                "a byte out of hexdump -C's columns (and no |text| column)",
            ));
        }
        bytes.push(hex_pair(line, token.start).expect("checked hex"));
    }
    let Some(start) = text_start else {
        if !with_text {
            return Ok(bytes);
        }
        return Err(line.error(
            line.trimmed_len(),
            DumpErrorKind::Truncated,
            "a truncated line: no |text| column after the bytes",
        ));
    };
    let end = line.trimmed_len();
    if end <= start || line.chars[end - 1] != '|' {
        return Err(line.error(
            end,
            DumpErrorKind::Truncated,
            "a truncated line: the text column does not end with |",
        ));
    }
    check_text_column(line, start, end - 1 - start, &bytes)?;
    Ok(bytes)
}

/// The border characters of one hexyl style: outer, inner (between the halves).
const HEXYL_BORDERS: [(char, char); 3] = [('│', '┊'), ('|', '|'), (' ', ' ')];

/// Whether the first line looks like hexyl: a box corner, a border, or (without a border) a
/// space, an 8-digit offset and two spaces.
pub(crate) fn sniff_hexyl(line: &Line) -> bool {
    match line.chars.first() {
        Some('┌' | '│') => true,
        Some('+') => line.chars.get(1) == Some(&'-'),
        Some('|') => line.chars.get(9) == Some(&'|'),
        Some(' ') => {
            line.chars.len() > 12
                && line.chars[1..9].iter().all(|c| c.is_ascii_hexdigit())
                && line.chars[9..11] == [' ', ' ']
        }
        _ => false,
    }
}

fn is_frame(line: &Line) -> bool {
    line.chars
        .iter()
        .all(|c| "┌┬┐└┴┘─+-".contains(*c) || c.is_whitespace())
}

/// What hexyl shows for a byte in its text panel (0.8 writes `0` for NUL, later versions `⋄`).
fn hexyl_shows(b: u8, c: char) -> bool {
    match b {
        0 => c == '0' || c == '⋄',
        0x20..=0x7E => c == b as char,
        b'\t' | b'\n' | 0x0C | b'\r' => c == '_',
        0x01..=0x7F => c == '•',
        _ => c == '×',
    }
}

/// Reads hexyl's boxed output (any of its border styles).
pub(crate) fn parse_hexyl(lines: &[Line]) -> Result<LazyParsed, DumpError> {
    let data: Vec<&Line> = lines.iter().filter(|l| !is_frame(l)).collect();
    let borders = hexyl_borders(data.first().copied())?;
    let items = data
        .into_iter()
        .map(|line| hexyl_item(line, borders))
        .collect::<Result<Vec<_>, _>>()?;
    let assembled = assemble(&items, 1)?;
    let warnings = assembled.start_warning().into_iter().collect();
    Ok(LazyParsed {
        bytes: assembled.bytes,
        format: DumpFormat::Hexyl,
        warnings,
    })
}

/// The outer and inner borders of hexyl's style, as its first line of data draws them.
fn hexyl_borders(first: Option<&Line>) -> Result<(char, char), DumpError> {
    match first {
        None => Ok(('│', '┊')),
        Some(first) => HEXYL_BORDERS
            .into_iter()
            .find(|(o, _)| first.at(0) == *o)
            .ok_or_else(|| {
                first.error(
                    0,
                    DumpErrorKind::Unrecognised,
                    "not a hexyl line: no border",
                )
            }),
    }
}

/// One line of hexyl's data: a `*` or a row of bytes, its borders and panels checked.
fn hexyl_item(line: &Line, (outer, inner): (char, char)) -> Result<Item, DumpError> {
    for (index, expected) in [
        (0, outer),
        (9, outer),
        (35, inner),
        (61, outer),
        (70, inner),
        (79, outer),
    ] {
        if line.at(index) != expected {
            return Err(line.error(
                index,
                DumpErrorKind::Invalid,
                format!(
                    "expected the border {expected:?} of a hexyl line here, found {:?}",
                    line.at(index)
                ),
            ));
        }
    }
    let at = (line.number, line.column(1));
    let offset_text = line.slice(1, 9);
    if offset_text.trim_end() == "*" {
        return Ok(Item::Star { at });
    }
    if !all_hex(&offset_text) {
        return Err(line.error(
            1,
            DumpErrorKind::Invalid,
            format!("expected an 8-digit hex offset, found {offset_text:?}"),
        ));
    }
    let offset = u64::from_str_radix(&offset_text, 16).expect("8 hex digits");
    let bytes = fixed_row(line, |i| 11 + 3 * i + if i >= 8 { 2 } else { 0 }, 16, 61)?;
    check_hexyl_text(line, &bytes)?;
    Ok(Item::Data {
        at,
        offset: Some(offset),
        bytes,
    })
}

/// The text panel of a hexyl line must show its `bytes`, and nothing past the last.
fn check_hexyl_text(line: &Line, bytes: &[u8]) -> Result<(), DumpError> {
    let text_index = |i: usize| 62 + i + if i >= 8 { 1 } else { 0 };
    for i in 0..16 {
        let c = line.at(text_index(i));
        let fits = match bytes.get(i) {
            Some(&b) => hexyl_shows(b, c),
            None => c == ' ',
        };
        if !fits {
            return Err(line.error(
                text_index(i),
                DumpErrorKind::Inconsistent,
                match bytes.get(i) {
                    Some(b) => format!(
                        "the hex panel has {b:02x} but the text panel shows {c:?}: the two panels disagree"
                    ),
                    None => format!("{c:?} in the text panel past the last byte"),
                },
            ));
        }
    }
    Ok(())
}

/// Reads up to `count` hex pairs at the columns `pos(i)`; after the first missing pair all must
/// be missing, and every other column before `end` must be blank.
pub(crate) fn fixed_row(
    line: &Line,
    pos: impl Fn(usize) -> usize,
    count: usize,
    end: usize,
) -> Result<Vec<u8>, DumpError> {
    let mut bytes = Vec::with_capacity(count);
    let mut pair_at = vec![false; end];
    for i in 0..count {
        let p = pos(i);
        pair_at[p] = true;
        pair_at[p + 1] = true;
        match hex_pair(line, p) {
            Some(b) if bytes.len() == i => bytes.push(b),
            Some(_) => {
                return Err(line.error(
                    p,
                    DumpErrorKind::Invalid,
                    "a byte after a gap in the hex column",
                ));
            }
            None if line.at(p) == ' ' && line.at(p + 1) == ' ' => {}
            None => {
                let bad = if line.at(p).is_ascii_hexdigit() {
                    p + 1
                } else {
                    p
                };
                return Err(line.error(
                    bad,
                    DumpErrorKind::Invalid,
                    format!("expected two hex digits, found {:?}", line.slice(p, p + 2)),
                ));
            }
        }
    }
    let first = pos(0).saturating_sub(1);
    for (index, &is_pair) in pair_at.iter().enumerate().take(end).skip(first) {
        if !is_pair && !line.at(index).is_whitespace() && !"┊|".contains(line.at(index)) {
            return Err(line.error(
                index,
                DumpErrorKind::Invalid,
                format!("unexpected {:?} between the bytes", line.at(index)),
            ));
        }
    }
    Ok(bytes)
}
