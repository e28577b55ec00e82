//! `charscope dump`: bytes as an annotated dump (each character's bytes together, lead and
//! continuation bytes coloured apart, the characters beside them, malformed sequences named), or
//! with `--plain` exactly as `hexdump -C` writes them. Streams: memory stays bounded.

use crate::Outcome;
use crate::args::DumpArgs;
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, use_color};
use crate::terminal;
use anyhow::Result;
use charscope::dump::{AnnotatedRow, Annotator, ByteRole, Cell, HexdumpCanonical};
use charscope::{BomMode, StreamDecoder};
use std::io::Write;

/// Colours for the byte roles, or none.
#[derive(Clone, Copy)]
struct Palette {
    on: bool,
}

impl Palette {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn byte(&self, role: ByteRole, b: u8) -> String {
        let hex = format!("{b:02x}");
        match role {
            ByteRole::Lead => self.paint("1;36", &hex),
            ByteRole::Continuation => self.paint("34", &hex),
            ByteRole::Malformed => self.paint("1;31", &hex),
            _ => hex,
        }
    }
}

pub fn run(args: &DumpArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    if args.plain && ctx.json {
        anyhow::bail!("--plain writes hexdump -C text; it cannot be combined with --json");
    }
    let mut source = Source::from_args(&args.input)?;
    let name = source.name();
    let mut stdout = std::io::BufWriter::with_capacity(256 * 1024, std::io::stdout().lock());
    if args.plain {
        let mut writer = HexdumpCanonical::new();
        let mut text = String::new();
        for_each_chunk(source.open()?, &name, |chunk, last| {
            writer.write(chunk, &mut text);
            if last {
                writer.finish(&mut text);
            }
            stdout.write_all(text.as_bytes())?;
            text.clear();
            Ok(())
        })?;
        stdout.flush()?;
        return Ok(Outcome::Clean);
    }
    let encoding = super::encoding_for_source(&args.from, &mut source)?;
    let on = use_color(color, ctx.json);
    let palette = Palette { on };
    let style = Style::new(on);
    let bom = args
        .bom
        .map_or(BomMode::Keep, |b| super::decode::bom_mode_of(Some(b)));
    let mut decoder = StreamDecoder::new(encoding, bom);
    let mut annotator = Annotator::new(Annotator::DEFAULT_WIDTH);
    for_each_chunk(source.open()?, &name, |chunk, last| {
        annotator.push_bytes(chunk);
        decoder.decode_units(chunk, last, |unit| annotator.push_unit(unit));
        if last {
            annotator.finish();
        }
        for row in annotator.take_rows() {
            if ctx.json {
                write_json_row(&mut stdout, &row)?;
            } else {
                write_row(&mut stdout, &row, palette, &style)?;
            }
        }
        Ok(())
    })?;
    stdout.flush()?;
    Ok(Outcome::Clean)
}

fn write_json_row(out: &mut impl Write, row: &AnnotatedRow) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, &row.view()).map_err(std::io::Error::from)?;
    out.write_all(b"\n")
}

/// Width of the hex column: every byte apart, as in a row of single-byte characters.
const HEX_WIDTH: usize = Annotator::DEFAULT_WIDTH * 3 - 1;

fn write_row(
    out: &mut impl Write,
    row: &AnnotatedRow,
    palette: Palette,
    style: &Style,
) -> std::io::Result<()> {
    let mut hex = String::new();
    let mut width = 0;
    let mut text = String::new();
    for (k, cell) in row.cells.iter().enumerate() {
        if k > 0 {
            hex.push(' ');
            width += 1;
        }
        for (i, &b) in cell.bytes.iter().enumerate() {
            hex.push_str(&palette.byte(cell.role(i), b));
            width += 2;
        }
        text.push_str(&shown(cell, palette));
    }
    let pad = " ".repeat(HEX_WIDTH.saturating_sub(width));
    writeln!(
        out,
        "{}  {hex}{pad}  {text}",
        style.dim(&format!("{:08x}", row.offset))
    )?;
    for m in row.malformed() {
        writeln!(
            out,
            "{:10}^ {:08x} {}: {}",
            "",
            m.offset(),
            style.bad(m.kind.as_str()),
            terminal::sanitize(&m.reason())
        )?;
    }
    Ok(())
}

/// The characters of a cell as they may reach a terminal: invisible and control characters
/// escaped, a malformed sequence as U+FFFD.
fn shown(cell: &Cell, palette: Palette) -> String {
    if cell.malformed.is_some() {
        return if cell.continued {
            String::new()
        } else {
            palette.paint("1;31", "\u{FFFD}")
        };
    }
    let mut out = String::new();
    for c in cell.text.chars() {
        match c {
            '\n' => out.push_str(&palette.paint("2", "\\n")),
            '\t' => out.push_str(&palette.paint("2", "\\t")),
            '\r' => out.push_str(&palette.paint("2", "\\r")),
            c if terminal::is_unsafe(c) || c.is_control() => {
                out.push_str(&palette.paint("2", &format!("\\u{{{:04X}}}", u32::from(c))))
            }
            c => out.push(c),
        }
    }
    out
}
