//! How `undump` reads dump text: in blocks of whole lines, so that the line-by-line formats
//! stream in bounded memory. A line too long to wait for (plain hex of one line, 64 MB of it)
//! is cut between two hex digits or after a space; a block never ends on a `*` line, nor on
//! the line before it, so a squeezed run stays with the line it repeats. What must be read
//! whole is read up to a limit.

use anyhow::{Result, bail};
use std::io::Read;

/// How much dump text a block holds, at least (it ends at a line end).
pub const BLOCK: usize = 256 << 10;

/// A line longer than this is cut (see [`hex_cut`]) rather than read whole into one block.
pub const LONG_LINE: usize = 1 << 20;

/// Reads dump text in blocks (see the module documentation).
pub struct Blocks<'a> {
    reader: Box<dyn Read>,
    name: &'a str,
    buf: Vec<u8>,
    /// Whether the input has ended.
    pub done: bool,
    offset: u64,
}

impl<'a> Blocks<'a> {
    /// Blocks of the text `reader` gives, `name` naming it in messages.
    pub fn new(reader: Box<dyn Read>, name: &'a str) -> Self {
        Blocks {
            reader,
            name,
            buf: Vec::new(),
            done: false,
            offset: 0,
        }
    }

    /// The name of the input, for messages.
    pub fn name(&self) -> &str {
        self.name
    }

    fn fill(&mut self, want: usize) -> Result<()> {
        let mut chunk = vec![0u8; 256 * 1024];
        while self.buf.len() < want && !self.done {
            let n = loop {
                match self.reader.read(&mut chunk) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        return Err(
                            anyhow::Error::from(e).context(format!("cannot read {}", self.name))
                        );
                    }
                }
            };
            if n == 0 {
                self.done = true;
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
        Ok(())
    }

    /// The next block of whole lines (everything left, at the end), or of a line too long to
    /// wait for, cut where plain hex may be cut.
    pub fn next_block(&mut self) -> Result<String> {
        self.fill(BLOCK)?;
        let mut cut = self.buf.len();
        if !self.done {
            cut = safe_cut(&self.buf).unwrap_or(self.buf.len());
            while cut == self.buf.len() && !self.done {
                if self.buf.len() >= LONG_LINE
                    && let Some(at) = hex_cut(&self.buf)
                {
                    cut = at;
                    break;
                }
                // No place to cut yet: read more.
                let want = self.buf.len() + BLOCK;
                self.fill(want)?;
                cut = if self.done {
                    self.buf.len()
                } else {
                    safe_cut(&self.buf).unwrap_or(self.buf.len())
                };
            }
        }
        let rest = self.buf.split_off(cut);
        let block = std::mem::replace(&mut self.buf, rest);
        let start = self.offset;
        self.offset += block.len() as u64;
        if cut == 0 && self.done {
            self.buf.clear();
        }
        String::from_utf8(block).map_err(|e| {
            anyhow::anyhow!(
                "{} is not text (invalid UTF-8 at byte offset {}): a dump is text",
                self.name,
                start + e.utf8_error().valid_up_to() as u64
            )
        })
    }

    /// Everything not read yet, when there are at most `max` bytes of it with `read` (what
    /// was read before); else an error that says `why` it is read whole.
    pub fn rest(&mut self, read: usize, max: usize, why: &str) -> Result<String> {
        self.fill(max.saturating_sub(read).saturating_add(1))?;
        if read + self.buf.len() > max {
            bail!(
                "{}: {why}, and this one is over {max} bytes: split it, or make it again with \
                 xxd, hexdump -C or od, which are read a block of lines at a time",
                self.name
            );
        }
        self.fill(usize::MAX)?;
        self.next_block()
    }
}

/// The end of the last line in `buf` after which a block may end: not a `*` line, and not a
/// line followed by one.
fn safe_cut(buf: &[u8]) -> Option<usize> {
    let mut end = buf.len();
    // Only whole lines: drop the unfinished one.
    end = memrchr_nl(&buf[..end])? + 1;
    loop {
        let line_start = memrchr_nl(&buf[..end - 1]).map_or(0, |i| i + 1);
        let line = &buf[line_start..end];
        let next_is_star = buf[end..].first() == Some(&b'*');
        if !line.starts_with(b"*") && !next_is_star && end < buf.len() {
            return Some(end);
        }
        if line_start == 0 {
            return None;
        }
        end = line_start;
    }
}

/// Where a line of plain hex in `buf` (from the start of a line, or of the block after a cut
/// made here) may be cut: after its last space or tab, or else after an even number of hex
/// digits past its last other character (which plain hex reads the same in two pieces).
/// Never inside a character of more than one byte.
pub fn hex_cut(buf: &[u8]) -> Option<usize> {
    if let Some(space) = buf.iter().rposition(|&b| b == b' ' || b == b'\t') {
        // (Past the line's last line feed, if it has one: the cut stays inside the line.)
        if memrchr_nl(buf).is_none_or(|nl| nl < space) {
            return Some(space + 1);
        }
    }
    let digits_from = buf
        .iter()
        .rposition(|b| !b.is_ascii_hexdigit())
        .map_or(0, |i| i + 1);
    let cut = buf.len() - (buf.len() - digits_from) % 2;
    (cut > 0).then_some(cut)
}

fn memrchr_nl(bytes: &[u8]) -> Option<usize> {
    memchr::memrchr(b'\n', bytes)
}

/// The last line of a block with its line end, unless it is a squeeze line (`*`), after which
/// the block never ends (see [`Blocks`]).
pub fn last_line(block: &str) -> &str {
    let body = block.strip_suffix('\n').unwrap_or(block);
    match body.rfind('\n') {
        Some(i) => &block[i + 1..],
        None => block,
    }
}

/// How many characters `text` has after its last line feed (all of them when it has none).
pub fn columns_after_last_line_feed(text: &str) -> usize {
    let start = text.rfind('\n').map_or(0, |i| i + 1);
    text[start..].chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_where_plain_hex_reads_the_same() {
        assert_eq!(hex_cut(b"c3 a9 41 4"), Some(9));
        assert_eq!(hex_cut(b"c3a9414"), Some(6));
        assert_eq!(hex_cut(b"0xc3a9414"), Some(8));
        assert_eq!(hex_cut(b"\xC3\xA9"), Some(2));
        assert_eq!(hex_cut(b"4"), None);
        // The space before the line's last line feed is not where this line may be cut.
        assert_eq!(hex_cut(b"c3 a9\nc3a9c"), Some(10));
    }

    #[test]
    fn one_long_line_comes_in_blocks_that_join_up() {
        let hex = "c3a9".repeat(LONG_LINE);
        let mut blocks = Blocks::new(Box::new(std::io::Cursor::new(hex.clone())), "t");
        let mut joined = String::new();
        let mut count = 0;
        while !blocks.done || !blocks.buf.is_empty() {
            let block = blocks.next_block().unwrap();
            assert!(block.len().is_multiple_of(2) && block.len() <= LONG_LINE + BLOCK);
            joined.push_str(&block);
            count += 1;
        }
        assert!(count > 3);
        assert_eq!(joined, hex);
    }
}
