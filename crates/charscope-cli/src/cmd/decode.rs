//! `charscope decode`: bytes -> text, with every malformed sequence reported. Streams: memory
//! stays bounded by the chunk size (plus, with `--json`, the list of malformed sequences).

use crate::Outcome;
use crate::args::{BomArg, DecodeArgs};
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, use_color};
use crate::terminal;
use anyhow::Result;
use charscope::{BomMode, BomPolicy, Malformed, Piece, StreamDecoder};
use std::io::{IsTerminal, Write};

fn bom_mode(arg: BomArg) -> BomMode {
    match arg {
        BomArg::Strip => BomMode::Strip,
        BomArg::Keep => BomMode::Keep,
        BomArg::Sniff => BomMode::Sniff(BomPolicy::Whatwg),
        BomArg::SniffUnicode => BomMode::Sniff(BomPolicy::Unicode),
    }
}

/// Where decoded text goes: raw to a pipe, sanitized to a terminal, or as the contents of a
/// JSON string.
enum TextSink {
    Raw,
    Terminal,
    JsonString,
}

impl TextSink {
    fn write(&self, out: &mut impl Write, text: &str) -> std::io::Result<()> {
        match self {
            TextSink::Raw => out.write_all(text.as_bytes()),
            TextSink::Terminal => out.write_all(terminal::sanitize(text).as_bytes()),
            TextSink::JsonString => {
                let quoted = serde_json::to_string(text).expect("strings serialize");
                out.write_all(&quoted.as_bytes()[1..quoted.len() - 1])
            }
        }
    }
}

pub fn run(args: &DecodeArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let mut source = Source::from_args(&args.input)?;
    let encoding = super::encoding_for_source(&args.from, &mut source)?;
    let name = source.name();
    let style = Style::new(use_color(color, ctx.json) && std::io::stderr().is_terminal());
    let mut decoder = StreamDecoder::new(encoding, bom_mode(args.bom));
    let sink = if ctx.json {
        TextSink::JsonString
    } else if std::io::stdout().is_terminal() {
        TextSink::Terminal
    } else {
        TextSink::Raw
    };
    let mut out = std::io::BufWriter::with_capacity(256 * 1024, std::io::stdout().lock());
    let mut malformed: Vec<Malformed> = Vec::new();
    let mut replacements = 0usize;
    let mut stopped = false;
    if ctx.json {
        // The text streams first; the fields known only at the end follow it.
        out.write_all(b"{\"text\":\"")?;
    }

    let mut first = true;
    for_each_chunk(source.open()?, &name, |chunk, last| {
        if stopped {
            return Ok(());
        }
        if first && !matches!(args.bom, BomArg::Sniff | BomArg::SniffUnicode) {
            first = false;
            if let Some(note) = super::foreign_bom_note(chunk, encoding, &name) {
                eprintln!("{note}");
            }
        }
        let mut result = Ok(());
        decoder.decode_pieces(chunk, last, |piece| {
            if stopped || result.is_err() {
                return;
            }
            let text = match piece {
                Piece::Text { text, .. } => text,
                Piece::Malformed(m) => {
                    if args.strict && !ctx.json {
                        report(&name, &m, &style);
                        stopped = true;
                        return;
                    }
                    replacements += 1;
                    if ctx.json || replacements == 1 {
                        malformed.push(m);
                    }
                    "\u{FFFD}"
                }
            };
            result = sink.write(&mut out, text);
        });
        Ok(result?)
    })?;

    if ctx.json {
        write!(out, "\",\"encoding\":")?;
        serde_json::to_writer(&mut out, decoder.encoding().name())?;
        write!(out, ",\"bom\":")?;
        serde_json::to_writer(&mut out, &decoder.bom().map(|b| b.encoding.name()))?;
        write!(out, ",\"replacements\":{replacements},\"malformed\":")?;
        serde_json::to_writer(&mut out, &malformed)?;
        writeln!(out, "}}")?;
    }
    out.flush()?;
    if stopped {
        return Ok(Outcome::Problems);
    }
    if !ctx.json
        && let Some(first) = malformed.first()
    {
        eprintln!(
            "charscope: {name}: replaced {replacements} malformed sequence(s) with U+FFFD; the first at byte offset {}: {}: {}",
            first.offset(),
            style.bad(first.kind.as_str()),
            first.reason()
        );
    }
    Ok(Outcome::Clean)
}

fn report(name: &str, m: &Malformed, style: &Style) {
    eprintln!(
        "charscope: {name}:{}: {}: {} ({}); decoding stopped (--strict)",
        m.offset(),
        style.bad(m.kind.as_str()),
        m.hex(),
        m.reason()
    );
}
