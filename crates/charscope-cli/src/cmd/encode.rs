//! `charscope encode`: text -> bytes in any encoding, with every unmappable character reported.

use crate::Outcome;
use crate::args::{EncodeArgs, EncodeErrors};
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::Result;
use charscope::encode::{Substitute, Unmappable, encode};
use std::io::Write;

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
    let text = super::escapes::read_text_arg(&args.text, args.escapes)?;
    let substitute = match args.errors {
        EncodeErrors::Strict => Substitute::Omit,
        EncodeErrors::Replace => Substitute::Question,
        EncodeErrors::Html => Substitute::Html,
    };
    let encoded = encode(&text, encoding, args.bom, substitute)?;
    let refused = args.errors == EncodeErrors::Strict && !encoded.unmappable.is_empty();
    let style = Style::new(use_color(color, ctx.json));
    if args.bom && encoding.bom().is_none() && !ctx.json {
        eprintln!(
            "charscope: note: {} has no byte order mark (only UTF-8, UTF-16 and UTF-32 have one): none was written",
            encoding.name()
        );
    }
    if ctx.json {
        // The same value as the web API's: with --errors strict and an unmappable character,
        // nothing is written (`"refused": true`, no bytes), as in text mode.
        print_json(&charscope::view::encode::encode(
            &text,
            encoding,
            args.bom,
            substitute,
            args.format,
        )?)?;
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
                charscope::view::formats::write(&text, &encoded.bytes, format)
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
