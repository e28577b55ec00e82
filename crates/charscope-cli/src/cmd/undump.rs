//! `charscope undump`: any dump (hexdump -C, hexdump, xxd, od, hexyl, hex, arrays, escapes,
//! percent-encoding, base64 when asked) back to the exact bytes.

use crate::Outcome;
use crate::args::{UndumpArgs, WordOrder};
use crate::cmd::Ctx;
use crate::input::{read_dump, read_text_file};
use crate::output::print_json;
use anyhow::Result;
use charscope::decode::hex_pairs;
use charscope::dump::{DumpFormat, ParseOptions};
use charscope::encoding::Endian;
use serde::Serialize;
use std::io::{Read, Write};

#[derive(Serialize)]
struct UndumpReport<'a> {
    format: DumpFormat,
    length: usize,
    hex: String,
    warnings: &'a [String],
}

pub fn run(args: &UndumpArgs, ctx: &Ctx) -> Result<Outcome> {
    let path = args.file.as_deref().filter(|p| p.as_os_str() != "-");
    let name = path.map_or("<stdin>".to_string(), crate::input::shown_path);
    let options = ParseOptions::default()
        .with_format(args.format)
        .with_word_order(args.word_order.map(|order| match order {
            WordOrder::Little => Endian::Little,
            WordOrder::Big => Endian::Big,
        }));
    if ctx.json {
        let text = read_text_file(path)?;
        let parsed =
            charscope::dump::parse(&text, &options).map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
        print_json(&UndumpReport {
            format: parsed.format,
            length: parsed.bytes.len(),
            hex: hex_pairs(&parsed.bytes),
            warnings: &parsed.warnings,
        })?;
        return Ok(Outcome::Clean);
    }
    let reader: Box<dyn Read> = match path {
        Some(p) => Box::new(crate::input::open_file(p)?),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut blocks = Blocks::new(reader, &name);
    let first = blocks.next_block()?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, crate::output::stdout());
    let at_end = blocks.done;
    let mut bytes = Vec::new();
    let xxd_fast = matches!(options.format, None | Some(DumpFormat::Xxd))
        && !first.is_empty()
        && charscope::dump::read_xxd_default(&first, 0, at_end, &mut bytes).is_some();
    if !xxd_fast && (at_end || !first_is_streamable(&first, &options)) {
        // One block (the whole input), or a format whose lines depend on each other: whole.
        let mut text = first;
        if !at_end {
            text.push_str(&blocks.rest()?);
        }
        let parsed = read_dump(&text, &options, &name)?;
        out.write_all(&parsed.bytes)?;
        out.flush()?;
        eprintln!(
            "charscope: {name}: {} bytes, read as {}",
            parsed.bytes.len(),
            parsed.format.description()
        );
        return Ok(Outcome::Clean);
    }
    // Line-oriented tool formats stream a block of lines at a time, in bounded memory. Default
    // xxd lines go through the fast reader; a block it refuses, and every other format, is read
    // by the general reader with the format the first block was recognised as, after the last
    // line of the block before (so that a squeezed `*` line and the offsets follow on); the
    // bytes of that carried line are dropped. Notes about the whole dump (a missing final
    // offset line, a start past 0) are only given where they hold: from the last block.
    let format = if xxd_fast {
        DumpFormat::Xxd
    } else {
        let parsed =
            charscope::dump::parse(&first, &options).map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
        for w in parsed
            .warnings
            .iter()
            .filter(|w| is_whole_dump_note(w) == Some(false))
        {
            eprintln!("charscope: note: {name}: {w}");
        }
        bytes = parsed.bytes;
        parsed.format
    };
    out.write_all(&bytes)?;
    let mut total = bytes.len() as u64;
    let forced = options.clone().with_format(Some(format));
    let mut carry = last_line(&first).to_string();
    let mut line_base = first.lines().count();
    let mut last_warnings = Vec::new();
    while !blocks.done {
        let block = blocks.next_block()?;
        if block.is_empty() {
            break;
        }
        bytes.clear();
        if format == DumpFormat::Xxd
            && charscope::dump::read_xxd_default(&block, total, blocks.done, &mut bytes).is_some()
        {
            out.write_all(&bytes)?;
            total += bytes.len() as u64;
            line_base += block.lines().count();
            carry = last_line(&block).to_string();
            last_warnings.clear();
            continue;
        }
        let skip = if carry.is_empty() {
            0
        } else {
            charscope::dump::parse(&carry, &forced)
                .map(|p| p.bytes.len())
                .unwrap_or(0)
        };
        let text = format!("{carry}{block}");
        let parsed = charscope::dump::parse(&text, &forced).map_err(|mut e| {
            // Lines counted from the start of the whole dump.
            e.line = (e.line + line_base).saturating_sub(usize::from(!carry.is_empty()));
            anyhow::anyhow!("{name}:{e}")
        })?;
        let new = parsed.bytes.get(skip..).unwrap_or_default();
        out.write_all(new)?;
        total += new.len() as u64;
        line_base += block.lines().count();
        carry = last_line(&block).to_string();
        last_warnings = parsed.warnings;
    }
    out.flush()?;
    for w in last_warnings
        .iter()
        .filter(|w| is_whole_dump_note(w) == Some(true))
    {
        eprintln!("charscope: note: {name}: {w}");
    }
    eprintln!(
        "charscope: {name}: {total} bytes, read as {}",
        format.description()
    );
    Ok(Outcome::Clean)
}

/// Whether a note of the general reader is about where a dump ends (`Some(true)`: it holds for
/// the last block only), about where it starts (`None`: never for a later block, which starts
/// where the one before ended), or about the dump's content (`Some(false)`).
fn is_whole_dump_note(note: &str) -> Option<bool> {
    if note.contains("final offset line") {
        Some(true)
    } else if note.contains("starts at offset") {
        None
    } else {
        Some(false)
    }
}

/// How much dump text a block holds, at least (it ends at a line end).
const BLOCK: usize = 256 << 10;

/// Whether the dump's format reads line by line: the tool formats with one line per row.
fn first_is_streamable(first: &str, options: &ParseOptions) -> bool {
    let Ok(parsed) = charscope::dump::parse(first, options) else {
        return false;
    };
    matches!(
        parsed.format,
        DumpFormat::Xxd
            | DumpFormat::XxdLittleEndian
            | DumpFormat::XxdBits
            | DumpFormat::XxdPlain
            | DumpFormat::HexdumpCanonical
            | DumpFormat::HexdumpWords
            | DumpFormat::Od
            | DumpFormat::Hex
    )
}

/// The last line of a block with its line end, unless it is a squeeze line (`*`), after which
/// the block never ends (see [`Blocks`]).
fn last_line(block: &str) -> &str {
    let body = block.strip_suffix('\n').unwrap_or(block);
    match body.rfind('\n') {
        Some(i) => &block[i + 1..],
        None => block,
    }
}

/// Reads dump text in blocks of whole lines. A block never ends on a `*` line, nor on the line
/// before it, so a squeezed run stays with the line it repeats.
struct Blocks<'a> {
    reader: Box<dyn Read>,
    name: &'a str,
    buf: Vec<u8>,
    done: bool,
    offset: u64,
}

impl<'a> Blocks<'a> {
    fn new(reader: Box<dyn Read>, name: &'a str) -> Self {
        Blocks {
            reader,
            name,
            buf: Vec::new(),
            done: false,
            offset: 0,
        }
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

    /// The next block of whole lines (everything left, at the end).
    fn next_block(&mut self) -> Result<String> {
        self.fill(BLOCK)?;
        let mut cut = self.buf.len();
        if !self.done {
            cut = safe_cut(&self.buf).unwrap_or(self.buf.len());
            while cut == self.buf.len() && !self.done {
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

    /// Everything not read yet.
    fn rest(&mut self) -> Result<String> {
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

fn memrchr_nl(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|&b| b == b'\n')
}
