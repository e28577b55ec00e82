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
use std::io::Write;

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
    let text = read_text_file(path)?;
    let options = ParseOptions::default()
        .with_format(args.format)
        .with_word_order(args.word_order.map(|order| match order {
            WordOrder::Little => Endian::Little,
            WordOrder::Big => Endian::Big,
        }));
    if ctx.json {
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
    let parsed = read_dump(&text, &options, &name)?;
    eprintln!(
        "charscope: {name}: {} bytes, read as {}",
        parsed.bytes.len(),
        parsed.format.description()
    );
    let mut out = std::io::stdout().lock();
    out.write_all(&parsed.bytes)?;
    out.flush()?;
    Ok(Outcome::Clean)
}
