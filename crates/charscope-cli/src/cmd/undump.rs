//! `charscope undump`: any dump (hexdump -C, hexdump, xxd, od, hexyl, hex, arrays, escapes,
//! percent-encoding, base64 when asked) back to the exact bytes.
//!
//! Memory stays bounded whatever the input: the line-by-line formats (xxd, hexdump, od, plain
//! hex, even on one line of any length) stream a block at a time; `*` lines are expanded as
//! they are written, never held; the formats whose lines depend on each other (arrays,
//! escapes, percent-encoding, base64) and `--json` read the dump whole, up to a limit.

use super::dump_blocks::{Blocks, columns_after_last_line_feed, last_line};
use crate::Outcome;
use crate::args::{UndumpArgs, WordOrder};
use crate::cmd::Ctx;
use crate::output::print_json;
use anyhow::{Result, anyhow};
use charscope::decode::hex_pairs;
use charscope::dump::{DumpError, DumpFormat, ParseOptions, parse_lazy};
use charscope::encoding::Endian;
use serde::Serialize;
use std::io::{Read, Write};

/// The most dump text read whole: the reader of the formats read whole takes some 30 to 50
/// bytes of memory for each character of it.
const WHOLE_TEXT: usize = 4 << 20;

/// The most bytes `--json` writes (as hex, in one object).
const JSON_BYTES: u64 = 16 << 20;

#[derive(Serialize)]
struct UndumpReport<'a> {
    format: DumpFormat,
    length: usize,
    hex: String,
    warnings: &'a [String],
}

pub fn run(args: &UndumpArgs, ctx: &Ctx) -> Result<Outcome> {
    let path = crate::input::named_file(args.file.as_deref());
    let name = path.map_or("<stdin>".to_string(), crate::input::shown_path);
    let options = ParseOptions::default()
        .with_format(args.format)
        .with_word_order(args.word_order.map(|order| match order {
            WordOrder::Little => Endian::Little,
            WordOrder::Big => Endian::Big,
        }));
    let reader: Box<dyn Read> = match path {
        Some(p) => Box::new(crate::input::open_file(p)?),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut blocks = Blocks::new(reader, &name);
    if ctx.json {
        let text = blocks.rest(0, WHOLE_TEXT, "--json reads the dump whole")?;
        let options = options.with_max_bytes(JSON_BYTES);
        let parsed = charscope::dump::parse(&text, &options).map_err(|e| located(&name, e))?;
        print_json(&UndumpReport {
            format: parsed.format,
            length: parsed.bytes.len(),
            hex: hex_pairs(&parsed.bytes),
            warnings: &parsed.warnings,
        })?;
        return Ok(Outcome::Clean);
    }
    let first = blocks.next_block()?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, crate::output::stdout());
    let at_end = blocks.done;
    let mut bytes = Vec::new();
    let xxd_fast = matches!(options.format, None | Some(DumpFormat::Xxd))
        && !first.is_empty()
        && charscope::dump::read_xxd_default(&first, 0, at_end, &mut bytes).is_some();
    if xxd_fast {
        out.write_all(&bytes)?;
        return stream(
            blocks,
            &first,
            DumpFormat::Xxd,
            bytes.len() as u64,
            &options,
            out,
        );
    }
    let parsed = parse_lazy(&first, &options);
    if let Err(e) = &parsed
        && !at_end
        && e.line + 1 < first.lines().count()
    {
        // Text that is no dump fails on one of its first lines, as the whole would: no need to
        // read the rest (a dump reader goes line by line).
        return Err(located(&name, e.clone()));
    }
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(e) if !at_end => {
            // (A forced format read whole fails on a first block cut short: that says nothing.)
            let said = options.format.is_none_or(is_streamable).then_some(e);
            return whole(blocks, first, &options, out, said);
        }
        Err(e) => return Err(located(&name, e)),
    };
    match parsed {
        parsed if !at_end && is_streamable(parsed.format) => {
            for w in parsed
                .warnings
                .iter()
                .filter(|w| is_whole_dump_note(w) == Some(false))
            {
                eprintln!("charscope: note: {name}: {w}");
            }
            let written = std::io::copy(&mut parsed.bytes.reader(), &mut out)?;
            stream(blocks, &first, parsed.format, written, &options, out)
        }
        // One block (the whole input), or a format whose lines depend on each other: whole.
        _ => whole(blocks, first, &options, out, None),
    }
}

/// An error of the dump reader, with the input's name.
fn located(name: &str, e: DumpError) -> anyhow::Error {
    anyhow!("{name}:{e}")
}

/// Reads the rest of the dump and writes the bytes of all of it, its `*` lines expanded as
/// they are written.
/// `first_error` is what the first block gave, when it did not read as a dump.
fn whole(
    mut blocks: Blocks<'_>,
    first: String,
    options: &ParseOptions,
    mut out: impl Write,
    first_error: Option<DumpError>,
) -> Result<Outcome> {
    let name = blocks.name().to_string();
    let mut text = first;
    if !blocks.done {
        let why = "a dump of this format is read whole (its lines depend on each other)";
        match (blocks.rest(text.len(), WHOLE_TEXT, why), first_error) {
            (Ok(rest), _) => text.push_str(&rest),
            (Err(_), Some(e)) => {
                return Err(anyhow!(
                    "{name} is over {WHOLE_TEXT} bytes, and its first {} do not read as a \
                     dump of a format read a block at a time (there: {e}); arrays, escapes, \
                     percent-encoding and base64 are read whole, up to {WHOLE_TEXT} bytes",
                    text.len()
                ));
            }
            (Err(e), None) => return Err(e),
        }
    }
    let parsed = parse_lazy(&text, options).map_err(|e| located(&name, e))?;
    drop(text);
    for warning in &parsed.warnings {
        eprintln!("charscope: note: {name}: {warning}");
    }
    std::io::copy(&mut parsed.bytes.reader(), &mut out)?;
    out.flush()?;
    eprintln!(
        "charscope: {name}: {} bytes, read as {}",
        parsed.bytes.len(),
        parsed.format.description()
    );
    Ok(Outcome::Clean)
}

/// Line-oriented formats stream a block of lines at a time, in bounded memory, once the first
/// block was read as `format` (its `written` bytes written). Default xxd lines go through the
/// fast reader; a block it refuses, and every other format, is read by the general reader with
/// that format, after the last line of the block before (so that a squeezed `*` line and the
/// offsets follow on; the bytes of that carried line are dropped). Plain hex needs no carried
/// line, and a line of it may come in several blocks. Notes about the whole dump (a missing
/// final offset line, a start past 0) are only given where they hold: from the last block.
fn stream(
    mut blocks: Blocks<'_>,
    first: &str,
    format: DumpFormat,
    written: u64,
    options: &ParseOptions,
    mut out: impl Write,
) -> Result<Outcome> {
    let name = blocks.name().to_string();
    let carries = !matches!(format, DumpFormat::Hex | DumpFormat::XxdPlain);
    let mut total = written;
    let forced = options.clone().with_format(Some(format));
    let mut carry = if carries { last_line(first) } else { "" }.to_string();
    let mut place = Place::after(first, Place::default());
    let mut last_warnings = Vec::new();
    let mut bytes = Vec::new();
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
            place = Place::after(&block, place);
            carry = last_line(&block).to_string();
            last_warnings.clear();
            continue;
        }
        let skip = if carry.is_empty() {
            0
        } else {
            parse_lazy(&carry, &forced).map_or(0, |p| p.bytes.len())
        };
        let text = format!("{carry}{block}");
        let parsed = parse_lazy(&text, &forced)
            .map_err(|e| located(&name, place.of(e, !carry.is_empty())))?;
        let mut reader = parsed.bytes.reader();
        std::io::copy(&mut (&mut reader).take(skip), &mut std::io::sink())?;
        total += std::io::copy(&mut reader, &mut out)?;
        place = Place::after(&block, place);
        if carries {
            carry = last_line(&block).to_string();
        }
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

/// Where the next block starts in the whole dump: after `lines` line feeds, `columns`
/// characters into its line (a long line comes in several blocks).
#[derive(Clone, Copy, Debug, Default)]
struct Place {
    lines: usize,
    columns: usize,
}

impl Place {
    /// The place after `block`, which starts at `before`.
    fn after(block: &str, before: Place) -> Place {
        let feeds = memchr::memchr_iter(b'\n', block.as_bytes()).count();
        let columns = columns_after_last_line_feed(block);
        Place {
            lines: before.lines + feeds,
            columns: if feeds == 0 {
                before.columns + columns
            } else {
                columns
            },
        }
    }

    /// An error of a block read from here (after the carried line of the block before, when
    /// `carried`), placed in the whole dump.
    fn of(self, mut e: DumpError, carried: bool) -> DumpError {
        if !carried && e.line == 1 {
            e.column += self.columns;
        }
        e.line = (e.line + self.lines).saturating_sub(usize::from(carried));
        e
    }
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

/// Whether a format reads line by line: the tool formats with one line per row, and plain hex.
fn is_streamable(format: DumpFormat) -> bool {
    matches!(
        format,
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
