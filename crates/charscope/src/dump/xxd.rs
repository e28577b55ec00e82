//! `xxd` output in all its layouts: `-c` columns, `-g` groups, `-e` little-endian groups, `-b`
//! bits, `-u`, `-s`/`-o` start offsets, `-d` decimal offsets and `-a` `*` lines.
//!
//! xxd places every character at a column computed from the layout (xxd.c): with `a` the width
//! of the offset and its colon, `g` bytes per group and `c` per line, the byte at position `p`
//! starts at `a + 1 + (w * x) / g` where `w` is the width of a group plus its space and `x` is
//! `p` (or, for `-e`, `p ^ (g - 1)`: reversed within its group); the text column starts at
//! `a + 3 + (w * c - 1) / g`. The parser tries the layouts that fit the first line and keeps
//! those that read the whole dump.

use super::assemble::{Item, assemble};
use super::choose::{Reading, choose};
use super::error::{DumpError, DumpErrorKind};
use super::lines::{Line, check_text_column};
use super::{DumpFormat, LazyParsed};
use crate::hex::digit_char;

/// How xxd writes each byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Hex, bytes in file order (default, `-g`, `-u`).
    Normal,
    /// Hex, each group's bytes last first (`-e`).
    Little,
    /// Eight binary digits per byte (`-b`).
    Bits,
}

impl Mode {
    fn format(self) -> DumpFormat {
        match self {
            Mode::Normal => DumpFormat::Xxd,
            Mode::Little => DumpFormat::XxdLittleEndian,
            Mode::Bits => DumpFormat::XxdBits,
        }
    }

    /// The mode a forced format means.
    pub(crate) fn of(format: DumpFormat) -> Option<Mode> {
        match format {
            DumpFormat::Xxd => Some(Mode::Normal),
            DumpFormat::XxdLittleEndian => Some(Mode::Little),
            DumpFormat::XxdBits => Some(Mode::Bits),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    mode: Mode,
    group: usize,
    cols: usize,
    radix: u32,
}

impl Layout {
    fn digits(&self) -> usize {
        if self.mode == Mode::Bits { 8 } else { 2 }
    }

    fn group_width(&self) -> usize {
        self.digits() * self.group + 1
    }

    fn byte_pos(&self, a: usize, p: usize) -> usize {
        let x = if self.mode == Mode::Little {
            p ^ (self.group - 1)
        } else {
            p
        };
        a + 1 + (self.group_width() * x) / self.group
    }

    fn text_pos(&self, a: usize) -> usize {
        a + 3 + (self.group_width() * self.cols - 1) / self.group
    }

    fn read_byte(&self, line: &Line, at: usize) -> Option<u8> {
        if self.mode == Mode::Bits {
            (0..8).try_fold(0u8, |acc, i| match line.at(at + i) {
                '0' => Some(acc << 1),
                '1' => Some(acc << 1 | 1),
                _ => None,
            })
        } else {
            Some(digit_char(line.at(at))? << 4 | digit_char(line.at(at + 1))?)
        }
    }

    /// Whether xxd writes this grouping without being asked: 2-byte groups, 4 with `-e`, 1
    /// with `-b`.
    fn is_default(&self) -> bool {
        self.group
            == match self.mode {
                Mode::Normal => 2,
                Mode::Little => 4,
                Mode::Bits => 1,
            }
    }

    fn describe(&self) -> String {
        let mode = match self.mode {
            Mode::Normal => "",
            Mode::Little => " -e",
            Mode::Bits => " -b",
        };
        let decimal = if self.radix == 10 { " -d" } else { "" };
        format!("xxd{mode}{decimal} -c {} -g {}", self.cols, self.group)
    }
}

/// Whether the first line looks like xxd: an offset, a colon and a space.
pub(crate) fn sniff(line: &Line) -> bool {
    let Some(colon) = line.chars.iter().position(|&c| c == ':') else {
        return false;
    };
    colon >= 1
        && line.chars[..colon].iter().all(|c| c.is_ascii_hexdigit())
        && line.at(colon + 1) == ' '
}

fn colon_of(line: &Line) -> Result<usize, DumpError> {
    match line.chars.iter().position(|&c| c == ':') {
        Some(i) if i > 0 && line.chars[..i].iter().all(|c| c.is_ascii_hexdigit()) => Ok(i),
        _ => Err(line.error(
            0,
            DumpErrorKind::Invalid,
            "expected an xxd offset and a colon (\"00000010: \")",
        )),
    }
}

fn read_line(line: &Line, layout: &Layout) -> Result<Item, DumpError> {
    if line.is_star() {
        return Ok(Item::Star {
            at: (line.number, line.column(0)),
        });
    }
    let colon = colon_of(line)?;
    let offset_text = line.slice(0, colon);
    let offset = u64::from_str_radix(&offset_text, layout.radix).map_err(|_| {
        line.error(
            0,
            DumpErrorKind::Invalid,
            format!("{offset_text:?} is not an offset in base {}", layout.radix),
        )
    })?;
    let a = colon + 1;
    let text_at = layout.text_pos(a);
    let digits = layout.digits();
    let mut is_byte = vec![false; text_at.max(a)];
    let mut bytes = Vec::with_capacity(layout.cols);
    for p in 0..layout.cols {
        let at = layout.byte_pos(a, p);
        for flag in is_byte.iter_mut().skip(at).take(digits) {
            *flag = true;
        }
        match layout.read_byte(line, at) {
            Some(b) if bytes.len() == p => bytes.push(b),
            Some(_) => {
                return Err(line.error(at, DumpErrorKind::Invalid, "a byte after a gap"));
            }
            None if (at..at + digits).all(|i| line.at(i) == ' ') => {}
            None => {
                return Err(line.error(
                    at,
                    DumpErrorKind::Invalid,
                    format!(
                        "expected {} here, found {:?}",
                        if digits == 2 {
                            "two hex digits"
                        } else {
                            "eight binary digits"
                        },
                        line.slice(at, at + digits)
                    ),
                ));
            }
        }
    }
    for (i, &flag) in is_byte.iter().enumerate().skip(a) {
        if !flag && line.at(i) != ' ' {
            return Err(line.error(
                i,
                DumpErrorKind::Invalid,
                format!("unexpected {:?} in the hex column", line.at(i)),
            ));
        }
    }
    if bytes.is_empty() {
        return Err(line.error(a, DumpErrorKind::Truncated, "an xxd line with no bytes"));
    }
    let end = line.trimmed_len().max(text_at);
    if end > text_at + bytes.len() {
        return Err(line.error(
            text_at + bytes.len(),
            DumpErrorKind::Inconsistent,
            format!(
                "the text column is longer than the {} bytes of the line",
                bytes.len()
            ),
        ));
    }
    // Shorter is fine: the paste may have dropped spaces at the end.
    check_text_column(line, text_at, bytes.len(), &bytes)?;
    Ok(Item::Data {
        at: (line.number, line.column(0)),
        offset: Some(offset),
        bytes,
    })
}

/// Reads the whole dump; also says whether a text column had to be taken as ending in spaces
/// that the paste dropped.
fn read_all(lines: &[Line], layout: &Layout) -> Result<(LazyParsed, bool), DumpError> {
    let items = lines
        .iter()
        .map(|line| read_line(line, layout))
        .collect::<Result<Vec<_>, _>>()?;
    let padded = lines.iter().zip(&items).any(|(line, item)| match item {
        Item::Data { bytes, .. } => {
            let a = line.chars.iter().position(|&c| c == ':').unwrap_or(0) + 1;
            line.chars.len() < layout.text_pos(a) + bytes.len()
        }
        _ => false,
    });
    let assembled = assemble(&items, 1)?;
    let mut warnings: Vec<String> = assembled.start_warning().into_iter().collect();
    if layout.radix == 10 {
        warnings.push("the offsets are decimal (xxd -d)".into());
    }
    Ok((
        LazyParsed {
            bytes: assembled.bytes,
            format: layout.mode.format(),
            warnings,
        },
        padded,
    ))
}

/// Every layout that could have written the first line, as a quick filter on its length. The
/// line width comes from the second offset, unless `any_width` (when that offset is wrong).
fn candidates(lines: &[Line], modes: &[Mode], any_width: bool) -> Vec<Layout> {
    let first = &lines[0];
    let Ok(colon) = colon_of(first) else {
        return Vec::new();
    };
    let a = colon + 1;
    let len = first.trimmed_len();
    // The text column may end with spaces (a paste may have dropped them).
    let full = first.chars.len();
    let decimal_ok = lines.iter().all(|l| {
        l.is_star() || colon_of(l).is_ok_and(|c| l.chars[..c].iter().all(|ch| ch.is_ascii_digit()))
    });
    let mut out = Vec::new();
    for radix in [16, 10] {
        if radix == 10 && !decimal_ok {
            continue;
        }
        let fixed_cols = lines
            .get(1)
            .filter(|l| !l.is_star() && !any_width)
            .and_then(|second| {
                let offset = |l: &Line| {
                    colon_of(l)
                        .ok()
                        .and_then(|c| u64::from_str_radix(&l.slice(0, c), radix).ok())
                };
                Some(offset(second)?.checked_sub(offset(first)?)? as usize)
            });
        let cols_range = match fixed_cols {
            Some(c) if (1..=256).contains(&c) => c..=c,
            Some(_) => continue,
            None => 1..=256,
        };
        for &mode in modes {
            for cols in cols_range.clone() {
                for group in 1..=cols {
                    if mode == Mode::Little && !group.is_power_of_two() {
                        continue;
                    }
                    let layout = Layout {
                        mode,
                        group,
                        cols,
                        radix,
                    };
                    let text_at = layout.text_pos(a);
                    if text_at < full && len <= text_at + cols {
                        out.push(layout);
                    }
                }
            }
        }
    }
    out
}

/// Reads xxd output in one of `modes` (all three when detecting).
pub(crate) fn parse(lines: &[Line], modes: &[Mode]) -> Result<LazyParsed, DumpError> {
    let mut readings = Vec::new();
    let mut furthest: Option<DumpError> = None;
    let mut layouts = candidates(lines, modes, false);
    if !layouts.iter().any(|l| read_line(&lines[0], l).is_ok()) {
        // No line width fits both the first line and the second offset: let the first line
        // choose, so that the error is the offset that does not follow.
        layouts = candidates(lines, modes, true);
    }
    for layout in layouts {
        if let Err(e) = read_line(&lines[0], &layout) {
            if furthest
                .as_ref()
                .is_none_or(|f| e.position() > f.position())
            {
                furthest = Some(e);
            }
            continue;
        }
        match read_all(lines, &layout) {
            Ok((parsed, padded)) => readings.push(Reading {
                parsed,
                // A text column read whole beats one that needed dropped spaces; hex offsets
                // beat decimal ones (-d); the default grouping beats the others.
                priority: 4 * u8::from(!padded)
                    + 2 * u8::from(layout.radix == 16)
                    + u8::from(layout.is_default()),
                command: layout.describe(),
                assumes_loss: padded,
            }),
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
    let hint = "force the format xxd or xxd-little-endian to choose";
    match choose(readings, &lines[0], hint)? {
        Some(parsed) => Ok(parsed),
        None => Err(furthest.unwrap_or_else(|| {
            lines[0].error(
                0,
                DumpErrorKind::Unrecognised,
                "no xxd layout (-c columns, -g group size, -e, -b) fits this line",
            )
        })),
    }
}
