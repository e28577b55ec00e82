//! From the rows of an offset dump to bytes: offsets must follow one another, `*` lines stand for
//! copies of the row before them up to the next offset (kept as a run, not copied: see
//! [`DumpBytes`]), and a final offset line gives the length (cutting the zero padding of a last
//! half word).

use super::bytes::DumpBytes;
use super::error::{DumpError, DumpErrorKind};

/// One line of an offset dump, as a parser read it.
#[derive(Clone, Debug)]
pub(crate) enum Item {
    /// A line of bytes, with its offset when the format writes one.
    Data {
        at: (usize, usize),
        offset: Option<u64>,
        bytes: Vec<u8>,
    },
    /// A `*` line: the row before it repeated.
    Star { at: (usize, usize) },
    /// A line with only an offset: the length of the input.
    End { at: (usize, usize), offset: u64 },
}

impl Item {
    /// Where the line of this item starts: (line, column).
    fn at(&self) -> (usize, usize) {
        match self {
            Item::Data { at, .. } | Item::Star { at } | Item::End { at, .. } => *at,
        }
    }
}

/// The bytes of an offset dump.
#[derive(Clone, Debug, Default)]
pub(crate) struct Assembled {
    pub bytes: DumpBytes,
    /// The offset of the first byte (0 unless the tool was asked to skip).
    pub start: u64,
    /// Whether the dump ended with a final offset line.
    pub saw_end: bool,
    /// Whether a `*` line stood for a short last line (as only BusyBox writes).
    pub partial_squeeze: bool,
}

impl Assembled {
    /// The sentence for a dump that does not start at offset 0.
    pub fn start_warning(&self) -> Option<String> {
        (self.start != 0).then(|| {
            format!(
                "the dump starts at offset {:#x} ({}): the bytes before it are not in it",
                self.start, self.start
            )
        })
    }
}

fn err(at: (usize, usize), kind: DumpErrorKind, message: impl Into<String>) -> DumpError {
    DumpError::new(at.0, at.1, kind, message)
}

/// Joins the rows. `pad` is the word size of the format: a final offset line may cut up to
/// `pad - 1` zero bytes from the last row (the padding of a last half word).
pub(crate) fn assemble(items: &[Item], pad: usize) -> Result<Assembled, DumpError> {
    let mut rows = Rows::default();
    for item in items {
        rows.refuse_after_end(item)?;
        match item {
            Item::Data { at, offset, bytes } => rows.data(*at, *offset, bytes)?,
            Item::Star { at } => rows.star(*at)?,
            Item::End { at, offset } => rows.end(*at, *offset, pad)?,
        }
    }
    rows.finish(items)
}

/// The rows joined so far, and what the next line must agree with.
#[derive(Default)]
struct Rows {
    out: Assembled,
    /// The offset the next row must start at, once an offset was seen.
    expected: Option<u64>,
    /// How many bytes a whole row holds (the first row's count).
    width: Option<usize>,
    /// The last row: where it starts in `out`, its length and its position.
    last_row: Option<(usize, usize, (usize, usize))>,
    /// A `*` line not yet resolved by the offset after it.
    star: Option<(usize, usize)>,
    /// The final offset line, once read.
    ended: Option<(usize, usize)>,
}

impl Rows {
    /// Nothing may follow the final offset line.
    fn refuse_after_end(&self, item: &Item) -> Result<(), DumpError> {
        match self.ended {
            Some(end_at) => Err(err(
                item.at(),
                DumpErrorKind::Inconsistent,
                format!(
                    "a line after the final offset line (line {}), which ends the dump",
                    end_at.0
                ),
            )),
            None => Ok(()),
        }
    }

    /// A line of bytes: its width and offset checked, a `*` before it resolved, its bytes kept.
    fn data(
        &mut self,
        at: (usize, usize),
        offset: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), DumpError> {
        self.check_width(at, bytes.len())?;
        match offset {
            None => {
                if let Some(star_at) = self.star {
                    return Err(unknown_repeats(star_at));
                }
            }
            Some(o) => {
                let exp = self.expected(o);
                if !self.fill_star(exp, o, at, false)? && o != exp {
                    return Err(not_following(at, o, exp));
                }
            }
        }
        if bytes.is_empty() {
            // hexyl's last line after a squeezed run: an offset with no bytes.
            self.out.saw_end = true;
            self.ended = Some(at);
            return Ok(());
        }
        let begin = self.out.bytes.literal().len();
        self.out.bytes.push(bytes);
        self.expected = Some(self.out.start + self.out.bytes.len());
        self.last_row = Some((begin, bytes.len(), at));
        Ok(())
    }

    /// Only the last row may be short, and none may be longer than the first.
    fn check_width(&mut self, at: (usize, usize), len: usize) -> Result<(), DumpError> {
        if let Some((_, last, pos)) = self.last_row
            && Some(last) != self.width
        {
            return Err(short_row(pos, last, self.width));
        }
        let w = *self.width.get_or_insert(len);
        if len > w {
            return Err(err(
                at,
                DumpErrorKind::Inconsistent,
                format!("this line holds {len} bytes, but the lines before it hold {w}"),
            ));
        }
        Ok(())
    }

    /// A `*` line: it needs a whole row before it, and not another `*`.
    fn star(&mut self, at: (usize, usize)) -> Result<(), DumpError> {
        let Some((_, len, pos)) = self.last_row else {
            return Err(err(
                at,
                DumpErrorKind::Inconsistent,
                "a * line (repeat the line before) with no line before it",
            ));
        };
        if self.star.is_some() {
            return Err(err(at, DumpErrorKind::Inconsistent, "two * lines in a row"));
        }
        if Some(len) != self.width {
            return Err(short_row(pos, len, self.width));
        }
        self.star = Some(at);
        Ok(())
    }

    /// The final offset line: it resolves a `*` before it, or cuts a last half word's zero
    /// padding, or must be where the rows end.
    fn end(&mut self, at: (usize, usize), offset: u64, pad: usize) -> Result<(), DumpError> {
        let exp = self.expected(offset);
        if !self.fill_star(exp, offset, at, true)? {
            if offset < exp && exp - offset < pad as u64 {
                self.cut_padding(at, offset, exp)?;
            } else if offset != exp {
                return Err(err(
                    at,
                    DumpErrorKind::Inconsistent,
                    format!(
                        "the final offset {offset:#x} ({offset}) says the dump ends there, \
                         but its lines end at {exp:#x} ({exp})"
                    ),
                ));
            }
        }
        self.out.saw_end = true;
        self.ended = Some(at);
        Ok(())
    }

    /// The offset the next row must have; the first offset seen is where the dump starts.
    fn expected(&mut self, offset: u64) -> u64 {
        *self.expected.get_or_insert_with(|| {
            self.out.start = offset;
            offset
        })
    }

    /// Repeats the last row up to `target` if a `*` line waits for it; whether one did.
    fn fill_star(
        &mut self,
        expected: u64,
        target: u64,
        at: (usize, usize),
        is_end: bool,
    ) -> Result<bool, DumpError> {
        let Some(star_at) = self.star.take() else {
            return Ok(false);
        };
        fill(
            &mut self.out,
            expected,
            target,
            self.last_row,
            star_at,
            at,
            is_end,
        )?;
        Ok(true)
    }

    /// Cuts the bytes past the final offset `offset`, which must be zero padding.
    fn cut_padding(&mut self, at: (usize, usize), offset: u64, exp: u64) -> Result<(), DumpError> {
        let cut = (exp - offset) as usize;
        let keep = self.out.bytes.literal().len() - cut;
        if self.out.bytes.literal()[keep..].iter().any(|&b| b != 0) {
            return Err(err(
                at,
                DumpErrorKind::Inconsistent,
                format!(
                    "the final offset {offset:#x} cuts {cut} byte(s) from the last word, \
                     but they are not the zero padding of a half word"
                ),
            ));
        }
        self.out.bytes.truncate(keep);
        Ok(())
    }

    /// The bytes, unless the dump ends on a `*` line that nothing resolved.
    fn finish(self, items: &[Item]) -> Result<Assembled, DumpError> {
        let Some(at) = self.star else {
            return Ok(self.out);
        };
        let offsets = items.iter().any(|i| match i {
            Item::Data { offset, .. } => offset.is_some(),
            Item::Star { .. } => false,
            Item::End { .. } => true,
        });
        if !offsets {
            return Err(unknown_repeats(at));
        }
        Err(err(
            at,
            DumpErrorKind::Truncated,
            "the dump ends with a * line: without the offset that follows it, the number of \
             repeated lines is unknown (the dump is cut)",
        ))
    }
}

/// A `*` line in a dump without offsets: how many lines it stands for is unknown.
fn unknown_repeats(at: (usize, usize)) -> DumpError {
    err(
        at,
        DumpErrorKind::Lossy,
        "a * line stands for repeated lines, and without offsets (od -An) nothing says how \
         many: make the dump again with -v",
    )
}

fn short_row(pos: (usize, usize), len: usize, width: Option<usize>) -> DumpError {
    err(
        pos,
        DumpErrorKind::Truncated,
        format!(
            "a truncated line: it holds {len} bytes where the lines of this dump hold {}, and it \
             is not the last",
            width.unwrap_or(0)
        ),
    )
}

fn not_following(at: (usize, usize), offset: u64, expected: u64) -> DumpError {
    err(
        at,
        DumpErrorKind::Inconsistent,
        format!(
            "offset {offset:#x} ({offset}) does not follow: the line before ends at {expected:#x} \
             ({expected})"
        ),
    )
}

/// Repeats the last row up to `target`, for a `*` line.
fn fill(
    out: &mut Assembled,
    expected: u64,
    target: u64,
    last_row: Option<(usize, usize, (usize, usize))>,
    star_at: (usize, usize),
    at: (usize, usize),
    is_end: bool,
) -> Result<(), DumpError> {
    let (begin, len, _) = last_row.expect("a * line follows a row");
    if target == expected {
        // BusyBox prints * for a short last line that matches the start of the line before,
        // and then prints that line anyway.
        return Ok(());
    }
    if target < expected {
        return Err(err(
            at,
            DumpErrorKind::Inconsistent,
            format!(
                "offset {target:#x} after a * line must be past {expected:#x}, where the line \
                 before the * ends"
            ),
        ));
    }
    let gap = target - expected;
    if !gap.is_multiple_of(len as u64) && !is_end {
        return Err(err(
            at,
            DumpErrorKind::Inconsistent,
            format!(
                "offset {target:#x} after the * line on line {} leaves {gap} bytes, not a whole \
                 number of {len}-byte lines",
                star_at.0
            ),
        ));
    }
    // The copies are kept as a run, made only as the bytes are read. BusyBox also squeezes a
    // short last line that matches the start of the line before: the final offset then ends
    // inside a repeated line.
    let partial = (gap % len as u64) as usize;
    out.bytes
        .push_run((begin, len), gap / len as u64, partial, (star_at.0, at));
    out.partial_squeeze |= partial > 0;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(line: usize, offset: u64, bytes: &[u8]) -> Item {
        Item::Data {
            at: (line, 1),
            offset: Some(offset),
            bytes: bytes.to_vec(),
        }
    }

    #[test]
    fn star_repeats_up_to_the_next_offset() {
        let items = [
            data(1, 0, &[1, 2]),
            Item::Star { at: (2, 1) },
            data(3, 6, &[3]),
            Item::End {
                at: (4, 1),
                offset: 7,
            },
        ];
        let out = assemble(&items, 1).unwrap();
        assert_eq!(out.bytes.to_vec(100).unwrap(), [1, 2, 1, 2, 1, 2, 3]);
        assert!(out.saw_end);
    }

    #[test]
    fn final_offset_cuts_only_zero_padding() {
        let items = [
            data(1, 0, &[7, 0]),
            Item::End {
                at: (2, 1),
                offset: 1,
            },
        ];
        assert_eq!(assemble(&items, 2).unwrap().bytes.to_vec(100).unwrap(), [7]);
        let items = [
            data(1, 0, &[7, 9]),
            Item::End {
                at: (2, 1),
                offset: 1,
            },
        ];
        assert_eq!(
            assemble(&items, 2).unwrap_err().kind,
            DumpErrorKind::Inconsistent
        );
    }

    #[test]
    fn offsets_must_follow_and_short_rows_must_be_last() {
        let items = [data(1, 0, &[1, 2]), data(2, 3, &[3, 4])];
        let e = assemble(&items, 1).unwrap_err();
        assert_eq!((e.line, e.kind), (2, DumpErrorKind::Inconsistent));
        let items = [data(1, 0, &[1, 2]), data(2, 2, &[3]), data(3, 3, &[4])];
        let e = assemble(&items, 1).unwrap_err();
        assert_eq!((e.line, e.kind), (2, DumpErrorKind::Truncated));
    }

    #[test]
    fn trailing_star_is_truncated() {
        let items = [data(1, 0, &[1, 2]), Item::Star { at: (2, 1) }];
        assert_eq!(
            assemble(&items, 1).unwrap_err().kind,
            DumpErrorKind::Truncated
        );
    }
}
