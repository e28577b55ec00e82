//! `charscope encode`: text -> bytes in any encoding, with every unmappable character reported.

use crate::Outcome;
use crate::args::{EncodeArgs, EncodeErrors};
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::Result;
use charscope::decode::hex_pairs;
use charscope::encode::{Substitute, Unmappable, encode};
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct UnmappableJson {
    index: usize,
    utf8_offset: usize,
    #[serde(rename = "char")]
    ch: char,
    code_point: String,
}

#[derive(Serialize)]
struct EncodeReport {
    encoding: &'static str,
    hex: String,
    length: usize,
    bom: bool,
    substitute: Substitute,
    unmappable: Vec<UnmappableJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    formatted: Option<String>,
}

fn describe(u: &Unmappable) -> String {
    format!(
        "character {} (U+{:04X} '{}')",
        u.index,
        u32::from(u.ch),
        u.ch
    )
}

pub fn run(args: &EncodeArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    if args.to.eq_ignore_ascii_case("all") {
        return super::compare::encode_all(args, ctx);
    }
    let encoding = super::encoding_for(&args.to)?;
    let arg = args.text.as_deref().unwrap_or("-");
    let whole = ctx.json || args.format.is_some() || args.escapes;
    if args.file.is_some() || (arg == "-" && !whole) {
        // Standard input or a file: streamed through the transcoder, in bounded memory.
        return super::convert::stream_encode(args.file.as_deref(), encoding, args);
    }
    if let Some(path) = &args.file {
        anyhow::bail!(
            "--file {} cannot be combined with --json, --format or --escapes",
            path.display()
        );
    }
    let text = super::escapes::read_text_arg(arg, args.escapes)?;
    let substitute = match args.errors {
        EncodeErrors::Strict => Substitute::Omit,
        EncodeErrors::Replace => Substitute::Question,
        EncodeErrors::Html => Substitute::Html,
    };
    let encoded = encode(&text, encoding, args.bom, substitute)?;
    let refused = args.errors == EncodeErrors::Strict && !encoded.unmappable.is_empty();
    let style = Style::new(use_color(color, ctx.json));
    if ctx.json {
        print_json(&EncodeReport {
            encoding: encoding.name(),
            hex: hex_pairs(&encoded.bytes),
            length: encoded.bytes.len(),
            bom: args.bom && encoding.bom().is_some(),
            substitute,
            unmappable: encoded
                .unmappable
                .iter()
                .map(|u| UnmappableJson {
                    index: u.index,
                    utf8_offset: u.utf8_offset,
                    ch: u.ch,
                    code_point: format!("U+{:04X}", u32::from(u.ch)),
                })
                .collect(),
            formatted: args
                .format
                .map(|f| super::escapes::formatted(&encoded.bytes, encoding, f)),
        })?;
    } else if refused {
        for u in &encoded.unmappable {
            eprintln!(
                "charscope: {}: {} cannot be encoded",
                encoding.name(),
                style.bad(&describe(u))
            );
        }
        eprintln!(
            "charscope: nothing written: {} character(s) have no {} form; choose --errors replace or --errors html to substitute them",
            encoded.unmappable.len(),
            encoding.name()
        );
    } else {
        let mut out = std::io::stdout().lock();
        match args.format {
            Some(format) => writeln!(
                out,
                "{}",
                super::escapes::formatted(&encoded.bytes, encoding, format)
            )?,
            None => out.write_all(&encoded.bytes)?,
        }
        out.flush()?;
        if !encoded.unmappable.is_empty() {
            eprintln!(
                "charscope: {} unmappable character(s) substituted ({}): the first is {}",
                encoded.unmappable.len(),
                match substitute {
                    Substitute::Question => "with ?",
                    _ => "with HTML character references",
                },
                describe(&encoded.unmappable[0])
            );
        }
    }
    Ok(if refused {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}
