//! `charscope decode`: bytes -> text, with every malformed sequence reported.

use crate::Outcome;
use crate::args::{BomArg, ColorChoice, DecodeArgs};
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, print_json, use_color};
use crate::terminal;
use anyhow::Result;
use charscope::{BomMode, BomPolicy, Malformed, Piece, StreamDecoder};
use serde::Serialize;
use std::io::{IsTerminal, Write};

/// The JSON report of a decode.
#[derive(Serialize)]
struct DecodeReport<'a> {
    encoding: &'static str,
    bom: Option<&'static str>,
    text: &'a str,
    replacements: usize,
    malformed: &'a [Malformed],
}

fn bom_mode(arg: BomArg) -> BomMode {
    match arg {
        BomArg::Strip => BomMode::Strip,
        BomArg::Keep => BomMode::Keep,
        BomArg::Sniff => BomMode::Sniff(BomPolicy::Whatwg),
        BomArg::SniffUnicode => BomMode::Sniff(BomPolicy::Unicode),
    }
}

pub fn run(args: &DecodeArgs, color: ColorChoice) -> Result<Outcome> {
    let encoding = super::encoding_for(&args.from)?;
    let source = Source::from_args(&args.input)?;
    let name = source.name();
    let mut decoder = StreamDecoder::new(encoding, bom_mode(args.bom));
    let mut malformed: Vec<Malformed> = Vec::new();
    let mut text = String::new();
    let to_terminal = std::io::stdout().is_terminal();
    let mut stdout = std::io::stdout().lock();
    let streaming = !args.json && !args.strict;

    for_each_chunk(source.open()?, &name, |chunk, last| {
        let mut result = Ok(());
        decoder.decode_pieces(chunk, last, |piece| {
            let piece_text = match piece {
                Piece::Text { text, .. } => text,
                Piece::Malformed(m) => {
                    malformed.push(m);
                    "\u{FFFD}"
                }
            };
            if streaming {
                if result.is_ok() {
                    let shown = if to_terminal {
                        terminal::sanitize(piece_text)
                    } else {
                        piece_text.into()
                    };
                    result = stdout.write_all(shown.as_bytes());
                }
            } else {
                text.push_str(piece_text);
            }
        });
        Ok(result?)
    })?;

    let style = Style::new(use_color(color, args.json));
    if args.json {
        print_json(&DecodeReport {
            encoding: decoder.encoding().name(),
            bom: decoder.bom().map(|b| b.encoding.name()),
            text: &text,
            replacements: malformed.len(),
            malformed: &malformed,
        })?;
    } else if args.strict {
        if let Some(first) = malformed.first() {
            bail_problem(&name, first, &style);
            return Ok(Outcome::Problems);
        }
        let shown = if to_terminal {
            terminal::sanitize(&text)
        } else {
            text.as_str().into()
        };
        stdout.write_all(shown.as_bytes())?;
    } else if let Some(first) = malformed.first() {
        eprintln!(
            "charscope: {name}: replaced {} malformed sequence(s) with U+FFFD; the first at byte offset {}: {}: {}",
            malformed.len(),
            first.offset(),
            first.kind,
            first.reason()
        );
    }
    stdout.flush()?;
    if args.strict && !malformed.is_empty() {
        return Ok(Outcome::Problems);
    }
    Ok(Outcome::Clean)
}

fn bail_problem(name: &str, m: &Malformed, style: &Style) {
    eprintln!(
        "charscope: {name}:{}: {}: {} ({})",
        m.offset(),
        style.bad(m.kind.as_str()),
        m.hex(),
        m.reason()
    );
}
