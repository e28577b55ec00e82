//! `od` (GNU coreutils, BusyBox) and `hexdump` without options: an offset, then fields of one
//! type in columns of fixed width, `*` lines and a final offset line.
//!
//! Each field is right-aligned in a column of `width` characters, the first of which is a space:
//! `od -t x1` columns are 3 wide (" 4a"), `-c` and `-b` 4, `-x` and `hexdump` 5, `-t o2` 7. The
//! offset is octal (`od`, `-A o`), decimal (`-A d`), hex (`-A x`, and `hexdump`) or absent
//! (`-A n`). The parser tries each field type and offset base that fits the first line, and
//! keeps those that read the whole dump.

use super::assemble::{Item, assemble};
use super::choose::{Reading, choose};
use super::error::{DumpError, DumpErrorKind};
use super::lines::{Line, check_text_column, is_blank};
use super::{DumpFormat, LazyParsed};
use crate::encoding::Endian;
use std::borrow::Cow;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Hex,
    Octal,
    Signed,
    Unsigned,
    Char,
    /// `od -a`: named characters (`nul`, `sp`, `del`), the high bit of each byte dropped.
    Named,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FieldType {
    kind: Kind,
    size: usize,
    /// Column width, the separating space included.
    width: usize,
    /// The `-t` spelling, for messages.
    name: &'static str,
}

const TYPES: [FieldType; 15] = [
    FieldType {
        kind: Kind::Hex,
        size: 1,
        width: 3,
        name: "x1",
    },
    FieldType {
        kind: Kind::Hex,
        size: 2,
        width: 5,
        name: "x2",
    },
    FieldType {
        kind: Kind::Hex,
        size: 4,
        width: 9,
        name: "x4",
    },
    FieldType {
        kind: Kind::Hex,
        size: 8,
        width: 17,
        name: "x8",
    },
    FieldType {
        kind: Kind::Octal,
        size: 1,
        width: 4,
        name: "o1",
    },
    FieldType {
        kind: Kind::Octal,
        size: 2,
        width: 7,
        name: "o2",
    },
    FieldType {
        kind: Kind::Octal,
        size: 4,
        width: 12,
        name: "o4",
    },
    FieldType {
        kind: Kind::Signed,
        size: 1,
        width: 5,
        name: "d1",
    },
    FieldType {
        kind: Kind::Signed,
        size: 2,
        width: 7,
        name: "d2",
    },
    FieldType {
        kind: Kind::Signed,
        size: 4,
        width: 12,
        name: "d4",
    },
    FieldType {
        kind: Kind::Unsigned,
        size: 2,
        width: 6,
        name: "u2",
    },
    FieldType {
        kind: Kind::Unsigned,
        size: 4,
        width: 11,
        name: "u4",
    },
    FieldType {
        kind: Kind::Char,
        size: 1,
        width: 4,
        name: "c",
    },
    FieldType {
        kind: Kind::Unsigned,
        size: 1,
        width: 4,
        name: "u1",
    },
    FieldType {
        kind: Kind::Named,
        size: 1,
        width: 4,
        name: "a",
    },
];

/// The names `od -a` writes for bytes 00-20 and 7F (POSIX od, "named characters"), in order.
const NAMED: [&str; 33] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr",
    "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc",
    "fs", "gs", "rs", "us", "sp",
];

/// The 7-bit value an `od -a` field stands for.
fn named_value(token: &str) -> Option<u8> {
    if token == "del" {
        return Some(0x7F);
    }
    if let Some(i) = NAMED.iter().position(|&n| n == token) {
        return Some(i as u8);
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if (c as u32) > 0x20 && (c as u32) < 0x7F => Some(c as u8),
        _ => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    field: FieldType,
    /// Base of the offsets; `None` for `-A n`.
    radix: Option<u32>,
    /// Whether lines end with a `>text<` column (`-t x1z`).
    text: bool,
    order: Endian,
}

impl Layout {
    fn describe(&self) -> String {
        let base = match self.radix {
            Some(8) => "",
            Some(10) => " -A d",
            Some(16) if self.field.name == "x2" && !self.text => return "hexdump".into(),
            Some(_) => " -A x",
            None => " -A n",
        };
        let z = if self.text { "z" } else { "" };
        format!("od{base} -t {}{z}", self.field.name)
    }
}

/// Whether the first line looks like od or hexdump: digits then a field, or (`-A n`) a space
/// then a field; or only an offset (od of an empty input).
pub(crate) fn sniff(line: &Line) -> bool {
    let tokens = line.tokens();
    let Some(first) = tokens.first() else {
        return false;
    };
    let offset_like = |t: &str| t.len() >= 6 && t.chars().all(|c| c.is_ascii_hexdigit());
    if first.start == 0 && tokens.len() == 1 {
        // od of an empty input writes only its final offset.
        matches!(first.text.len(), 6 | 7) && first.text.chars().all(|c| c == '0')
    } else if first.start == 0 {
        offset_like(&first.text) && line.at(first.end()) == ' '
    } else {
        // od -A n: every field starts with a space.
        line.at(0) == ' '
    }
}

fn offset_len(line: &Line) -> usize {
    line.chars
        .iter()
        .position(|c| c.is_whitespace())
        .unwrap_or(line.chars.len())
}

fn parse_offset(line: &Line, len: usize, radix: u32) -> Result<u64, DumpError> {
    let text = line.slice(0, len);
    u64::from_str_radix(&text, radix).map_err(|_| {
        line.error(
            0,
            DumpErrorKind::Invalid,
            format!("{text:?} is not an offset in base {radix}"),
        )
    })
}

/// The value of one od field, or `None` for a blank column.
fn read_field(
    line: &Line,
    start: usize,
    layout: &Layout,
    out: &mut Vec<u8>,
) -> Result<bool, DumpError> {
    let field = layout.field;
    let Some((cell, token_at)) = field_cell(line, start, field)? else {
        if field.kind == Kind::Char {
            out.push(b' ');
            return Ok(true);
        }
        return Ok(false);
    };
    let token = cell.trim();
    let bad = |why: &str| {
        line.error(
            token_at,
            DumpErrorKind::Invalid,
            format!("{token:?} is not an od -t {} field: {why}", field.name),
        )
    };
    let value = field_value(token, field).map_err(|why| bad(&why))?;
    if field.size < 8 && value >> (8 * field.size) != 0 {
        return Err(bad("out of range"));
    }
    let bytes = value.to_le_bytes();
    match layout.order {
        Endian::Little => out.extend_from_slice(&bytes[..field.size]),
        Endian::Big => out.extend(bytes[..field.size].iter().rev()),
    }
    Ok(true)
}

/// The column of the field at `start`, padded to its width, and where its token starts;
/// `None` for a blank column. The column starts with a space and its token is right-aligned.
fn field_cell(
    line: &Line,
    start: usize,
    field: FieldType,
) -> Result<Option<(String, usize)>, DumpError> {
    let cell = line.slice(start, start + field.width);
    let cell = format!("{cell:<width$}", width = field.width);
    if !cell.starts_with(' ') {
        return Err(line.error(
            start,
            DumpErrorKind::Invalid,
            format!("expected a space between {} fields", field.name),
        ));
    }
    let token = cell.trim();
    let token_at = start + field.width - cell.trim_start().chars().count();
    if token.is_empty() {
        return Ok(None);
    }
    if !cell.ends_with(|c: char| !c.is_whitespace()) {
        return Err(line.error(
            token_at,
            DumpErrorKind::Invalid,
            format!(
                "{token:?} is not right-aligned in a {}-character od -t {} column",
                field.width, field.name
            ),
        ));
    }
    Ok(Some((cell, token_at)))
}

/// The number a field's `token` writes, as the field's type reads it; why not, otherwise.
fn field_value(token: &str, field: FieldType) -> Result<u64, String> {
    let digits = field.width - 1;
    let why = |text: &str| text.to_string();
    match field.kind {
        Kind::Hex if token.len() == digits => {
            u64::from_str_radix(token, 16).map_err(|_| why("expected hex digits"))
        }
        Kind::Octal if token.len() == digits => {
            u64::from_str_radix(token, 8).map_err(|_| why("expected octal digits"))
        }
        Kind::Hex | Kind::Octal => Err(format!("expected {digits} digits")),
        Kind::Signed | Kind::Unsigned
            if token.trim_start_matches('-').len() > 1
                && token.trim_start_matches('-').starts_with('0') =>
        {
            Err(why("od writes decimal fields without leading zeros"))
        }
        Kind::Unsigned => token
            .parse::<u64>()
            .map_err(|_| why("expected a decimal number")),
        Kind::Signed => signed_value(token, field.size),
        Kind::Char => char_value(token).map(u64::from).ok_or_else(|| {
            why("expected a character, a C escape such as \\n, or three octal digits")
        }),
        Kind::Named => named_value(token)
            .map(u64::from)
            .ok_or_else(|| why("expected a character or a name such as nul, sp or del")),
    }
}

/// A signed decimal field of `size` bytes, as the bits of its two's complement.
fn signed_value(token: &str, size: usize) -> Result<u64, String> {
    let v = token
        .parse::<i64>()
        .map_err(|_| "expected a signed decimal number".to_string())?;
    let bits = 8 * size as u32;
    let min = -(1i64 << (bits - 1));
    if v < min || v >= 1i64 << (bits - 1) {
        return Err("out of range".into());
    }
    Ok((v as u64) & ((1u64 << bits) - 1))
}

/// The byte an `od -c` field stands for.
fn char_value(token: &str) -> Option<u8> {
    let named = match token {
        "\\0" => Some(0),
        "\\a" => Some(7),
        "\\b" => Some(8),
        "\\t" => Some(9),
        "\\n" => Some(10),
        "\\v" => Some(11),
        "\\f" => Some(12),
        "\\r" => Some(13),
        _ => None,
    };
    if named.is_some() {
        return named;
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if (c as u32) > 0x20 && (c as u32) < 0x7F => Some(c as u8),
        _ if token.len() == 3 => u16::from_str_radix(token, 8)
            .ok()
            .and_then(|v| u8::try_from(v).ok()),
        _ => None,
    }
}

/// One line of od or hexdump output as `layout` reads it: a `*`, a final offset or a row.
fn read_line(line: &Line, layout: &Layout) -> Result<Item, DumpError> {
    let at = (line.number, line.column(0));
    if line.is_star() {
        return Ok(Item::Star { at });
    }
    let off_len = offset_len(line);
    let offset = line_offset(line, off_len, layout)?;
    let end = line.trimmed_len();
    let blank_fields =
        layout.field.kind == Kind::Char && line.chars.len() >= off_len + layout.field.width;
    if let Some(offset) = offset
        && end == off_len
        && !blank_fields
    {
        return Ok(Item::End { at, offset });
    }
    let (fields_end, text) = fields_span(line, off_len, end, layout)?;
    let bytes = read_fields(line, off_len, fields_end, layout)?;
    if layout.text && line.slice(fields_end, fields_end + 2) != "  " {
        return Err(line.error(
            fields_end,
            DumpErrorKind::Invalid,
            "expected two spaces before the >text< column",
        ));
    }
    if let Some((from, to)) = text {
        check_text_column(line, from, to - from, &bytes)?;
    }
    Ok(Item::Data { at, offset, bytes })
}

/// The offset of a line, `off_len` characters long, where the layout has offsets; a line must
/// have one exactly when the layout does.
fn line_offset(line: &Line, off_len: usize, layout: &Layout) -> Result<Option<u64>, DumpError> {
    match layout.radix {
        Some(radix) if off_len > 0 => Ok(Some(parse_offset(line, off_len, radix)?)),
        Some(_) => Err(line.error(
            0,
            DumpErrorKind::Invalid,
            "a line without an offset in a dump with offsets (od with several -t types is not \
             supported)",
        )),
        None if off_len > 0 => Err(line.error(
            0,
            DumpErrorKind::Invalid,
            "an offset in a dump without offsets (od -A n)",
        )),
        None => Ok(None),
    }
}

/// Where the fields of a line end, and (`-t x1z`) the span of its text column between `>` and
/// `<`; `end` is where the line's text ends.
fn fields_span(
    line: &Line,
    off_len: usize,
    end: usize,
    layout: &Layout,
) -> Result<(usize, Option<(usize, usize)>), DumpError> {
    if layout.text {
        let Some(open) = line.chars[off_len..].iter().position(|&c| c == '>') else {
            return Err(line.error(
                end,
                DumpErrorKind::Truncated,
                "a truncated line: no >text< column",
            ));
        };
        let open = off_len + open;
        if end <= open + 1 || line.chars[end - 1] != '<' {
            return Err(line.error(
                end,
                DumpErrorKind::Truncated,
                "a truncated line: the text column does not end with <",
            ));
        }
        Ok((open.saturating_sub(2), Some((open + 1, end - 1))))
    } else if layout.field.kind == Kind::Char {
        // Blank columns at the end are space bytes, when the paste kept them.
        let whole = (line.chars.len() - off_len) / layout.field.width * layout.field.width;
        Ok((end.max(off_len + whole), None))
    } else {
        Ok((end, None))
    }
}

/// The bytes of the fields from `start` to `fields_end`; blank columns may only end the row.
fn read_fields(
    line: &Line,
    mut start: usize,
    fields_end: usize,
    layout: &Layout,
) -> Result<Vec<u8>, DumpError> {
    let mut bytes = Vec::new();
    let mut blank_at = None;
    while start < fields_end {
        if read_field(line, start, layout, &mut bytes)? {
            if let Some(blank) = blank_at {
                return Err(line.error(blank, DumpErrorKind::Invalid, "a gap between fields"));
            }
        } else {
            blank_at.get_or_insert(start);
        }
        start += layout.field.width;
    }
    Ok(bytes)
}

/// `od -c` shows a space byte as a blank column, and a paste that drops trailing whitespace
/// drops those at the end of a line: the offsets say how many bytes each line holds.
fn restore_trailing_spaces(items: &mut [Item]) -> usize {
    let mut restored = 0;
    for i in 0..items.len() {
        let next_offset = match items.get(i + 1) {
            Some(Item::Data {
                offset: Some(o), ..
            })
            | Some(Item::End { offset: o, .. }) => *o,
            _ => continue,
        };
        if let Item::Data {
            offset: Some(o),
            bytes,
            ..
        } = &mut items[i]
        {
            let want = next_offset.saturating_sub(*o) as usize;
            if bytes.len() < want && want - bytes.len() <= 16 {
                restored += want - bytes.len();
                bytes.resize(want, b' ');
            }
        }
    }
    restored
}

/// Reads the whole dump; also says whether it had to restore dropped spaces or read a `*` as
/// BusyBox's squeezed short line (readings that need neither are more likely).
fn read_all(lines: &[Line], layout: &Layout) -> Result<(LazyParsed, bool), DumpError> {
    let mut items = lines
        .iter()
        .map(|line| read_line(line, layout))
        .collect::<Result<Vec<_>, _>>()?;
    let restored = if layout.field.kind == Kind::Char {
        // A line of spaces that the paste emptied looks like a final offset line: one that is
        // not last held bytes.
        let count = items.len();
        for item in items.iter_mut().take(count.saturating_sub(1)) {
            if let Item::End { at, offset } = *item {
                *item = Item::Data {
                    at,
                    offset: Some(offset),
                    bytes: Vec::new(),
                };
            }
        }
        restore_trailing_spaces(&mut items)
    } else {
        0
    };
    let assembled = assemble(&items, layout.field.size)?;
    let mut warnings: Vec<String> = assembled.start_warning().into_iter().collect();
    if restored > 0 {
        warnings.push(format!(
            "restored {restored} space byte(s) at line ends, which od -c shows as blanks and the \
             paste dropped (the offsets say they were there)"
        ));
    }
    if layout.radix.is_none() && layout.field.size > 1 && assembled.bytes.last() == Some(0) {
        warnings.push(format!(
            "without offsets (od -A n) nothing says whether the last {}-byte word was whole or \
             a shorter end padded with zero bytes: its zero bytes are kept",
            layout.field.size
        ));
    }
    if layout.field.kind == Kind::Named && !assembled.bytes.is_empty() {
        warnings.push(
            "od -a shows only the low 7 bits of each byte: bytes 80-FF were shown, and are read \
             back, as 00-7F (od -c or od -t x1 keep them)"
                .into(),
        );
    }
    if layout.radix.is_some() && !assembled.saw_end {
        warnings.push(
            "no final offset line (od and hexdump write the length last): the dump may have been \
             cut"
            .into(),
        );
    }
    let hexdump_offsets = lines.first().is_some_and(|l| offset_len(l) >= 7);
    let format =
        if layout.radix == Some(16) && layout.field.name == "x2" && !layout.text && hexdump_offsets
        {
            DumpFormat::HexdumpWords
        } else {
            DumpFormat::Od
        };
    let stretched = restored > 0 || assembled.partial_squeeze;
    Ok((
        LazyParsed {
            bytes: assembled.bytes,
            format,
            warnings,
        },
        stretched,
    ))
}

fn candidates(lines: &[Line], order: Endian, only: Option<DumpFormat>) -> Vec<Layout> {
    // od writes 6 hex digits (-A x) or 7 octal or decimal ones; hexdump 7 hex digits.
    let offset_digits = lines.first().map_or(0, offset_len);
    let radixes: &[Option<u32>] = match offset_digits {
        0 => &[None],
        6 => &[Some(16)],
        _ => &[Some(8), Some(10), Some(16)],
    };
    let mut out = Vec::new();
    for &radix in radixes {
        for field in TYPES {
            for text in [false, true] {
                if text && matches!(field.kind, Kind::Char | Kind::Named) {
                    continue;
                }
                let hexdump = radix == Some(16) && field.name == "x2" && !text;
                let allowed = match only {
                    Some(DumpFormat::HexdumpWords) => hexdump && offset_digits >= 7,
                    Some(_) => offset_digits < 7 || radix != Some(16),
                    None => offset_digits < 7 || radix != Some(16) || hexdump,
                };
                if allowed {
                    out.push(Layout {
                        field,
                        radix,
                        text,
                        order,
                    });
                }
            }
        }
    }
    out
}

/// Which of hexdump and od wrote the dump, judged by its last line: hexdump pads a short last
/// line of words with spaces to the full width (8 words), od does not.
fn padding_evidence(lines: &[Line]) -> Option<DumpFormat> {
    let last = lines
        .iter()
        .rev()
        .find(|l| !l.is_star() && l.trimmed_len() > offset_len(l))?;
    let full = offset_len(last) + 8 * 5;
    if last.trimmed_len() >= full {
        return None;
    }
    Some(if last.chars.len() >= full {
        DumpFormat::HexdumpWords
    } else {
        DumpFormat::Od
    })
}

/// A layout that read the whole dump: the layout, what it read, and whether it had to stretch
/// the dump (restore spaces, or read BusyBox's squeezed short line).
type Fit = (Layout, LazyParsed, bool);

/// Reads od or hexdump output; `only` restricts to one of [`DumpFormat::Od`] and
/// [`DumpFormat::HexdumpWords`] when forced.
pub(crate) fn parse(
    lines: &[Line],
    word_order: Option<Endian>,
    only: Option<DumpFormat>,
) -> Result<LazyParsed, DumpError> {
    let lines = &*without_noise(lines);
    let order = word_order.unwrap_or(Endian::Little);
    let (mut found, furthest) = fitting_layouts(lines, order, only);
    narrow(&mut found, lines);
    let size = found.first().map_or(1, |(l, _, _)| l.field.size);
    let readings = found.into_iter().map(reading).collect();
    let hint = "force the format hexdump-words or od to choose, or make the dump again with -v";
    let Some(mut parsed) = choose(readings, &lines[0], hint)? else {
        return Err(furthest.unwrap_or_else(|| {
            lines[0].error(
                0,
                DumpErrorKind::Unrecognised,
                "no od or hexdump layout fits this line",
            )
        }));
    };
    if size > 1 && word_order.is_none() && !parsed.bytes.is_empty() {
        parsed.warnings.push(format!(
            "{size}-byte words read as little-endian, the byte order of the machine that made \
             nearly every dump today (x86, ARM); if it came from a big-endian machine, read it \
             with the word order big"
        ));
    }
    Ok(parsed)
}

/// The lines without blank ones where the dump has offsets: lines of spaces are space bytes of
/// od -A n -c; in a dump with offsets they are noise.
fn without_noise(lines: &[Line]) -> Cow<'_, [Line]> {
    let with_offsets = lines
        .iter()
        .find(|l| !is_blank(l))
        .is_some_and(|l| offset_len(l) > 0);
    if with_offsets {
        Cow::Owned(lines.iter().filter(|l| !is_blank(l)).cloned().collect())
    } else {
        Cow::Borrowed(lines)
    }
}

/// Every layout that fits the first line and reads the whole dump, and the error of the one
/// that read furthest before it failed.
fn fitting_layouts(
    lines: &[Line],
    order: Endian,
    only: Option<DumpFormat>,
) -> (Vec<Fit>, Option<DumpError>) {
    let mut found: Vec<Fit> = Vec::new();
    let mut furthest: Option<DumpError> = None;
    for layout in candidates(lines, order, only) {
        if lines
            .first()
            .is_some_and(|l| read_line(l, &layout).is_err())
        {
            continue;
        }
        match read_all(lines, &layout) {
            Ok((parsed, _)) if only.is_some_and(|f| f != parsed.format) => {}
            Ok((parsed, stretched)) => found.push((layout, parsed, stretched)),
            Err(e) => {
                if furthest
                    .as_ref()
                    .is_none_or(|f| e.position() > f.position())
                {
                    furthest = Some(e);
                }
            }
        }
    }
    (found, furthest)
}

/// Drops the layouts that the dump's look rules out where another fits.
fn narrow(found: &mut Vec<Fit>, lines: &[Line]) {
    // hexdump (hex offsets) and od -x (octal offsets) can both fit a dump with a * line;
    // hexdump pads its last short line with spaces to the full width, od does not.
    if let Some(prefer) = padding_evidence(lines)
        && found.iter().any(|(_, p, _)| p.format == prefer)
    {
        found.retain(|(_, p, _)| p.format == prefer);
    }
    // od -t u1 and od -b share their columns; where both read the dump, od -b wrote it (the
    // common one: every od -b dump of ASCII letters also reads as u1). od -t u1 is told apart
    // by a value of one or two digits, or with an 8 or 9, which od -b never writes.
    let name_of = |(l, _, _): &Fit| l.field.name;
    if found.iter().any(|f| name_of(f) == "o1") {
        found.retain(|f| name_of(f) != "u1");
    }
}

/// A fitting layout as a reading to choose from.
fn reading((layout, parsed, stretched): Fit) -> Reading {
    Reading {
        // A reading that needs no restored spaces nor BusyBox's short squeeze beats one
        // that does; od's offsets are octal unless asked (-A d); hexdump's hex ones tie
        // with od's octal ones.
        // od -b (o1) is far more common than od -t u1, which reads the same columns.
        priority: 4 * u8::from(!stretched)
            + 2 * u8::from(layout.radix != Some(10))
            + u8::from(layout.field.name != "u1"),
        command: layout.describe(),
        assumes_loss: stretched,
        parsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str) -> FieldType {
        *TYPES.iter().find(|t| t.name == name).unwrap()
    }

    #[test]
    fn signed_fields_are_their_twos_complement_within_range() {
        assert_eq!(field_value("-128", field("d1")), Ok(0x80));
        assert_eq!(field_value("127", field("d1")), Ok(0x7F));
        assert_eq!(field_value("-1", field("d2")), Ok(0xFFFF));
        assert_eq!(field_value("128", field("d1")), Err("out of range".into()));
        assert_eq!(field_value("-129", field("d1")), Err("out of range".into()));
    }

    #[test]
    fn field_values_keep_to_how_od_writes_them() {
        assert_eq!(field_value("4a", field("x1")), Ok(0x4A));
        assert_eq!(field_value("377", field("o1")), Ok(0xFF));
        assert_eq!(
            field_value("4", field("x1")),
            Err("expected 2 digits".into())
        );
        assert_eq!(
            field_value("07", field("u2")),
            Err("od writes decimal fields without leading zeros".into())
        );
        assert_eq!(field_value("\\n", field("c")), Ok(10));
        assert_eq!(field_value("sp", field("a")), Ok(0x20));
    }
}
