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

/// The BOM mode of a `--bom` argument (strip when not given).
pub fn bom_mode_of(arg: Option<BomArg>) -> BomMode {
    bom_mode(arg.unwrap_or(BomArg::Strip))
}

/// A note when `--bom strip` or `--bom keep` was asked of an encoding that has no byte order
/// mark, where it can change nothing.
pub fn pointless_bom_note(
    arg: Option<BomArg>,
    encoding: &'static charscope::Encoding,
) -> Option<String> {
    let name = match arg? {
        BomArg::Strip => "strip",
        BomArg::Keep => "keep",
        BomArg::Sniff | BomArg::SniffUnicode => return None,
    };
    encoding.bom().is_none().then(|| {
        format!(
            "charscope: note: {encoding} has no byte order mark, so --bom {name} changes nothing \
             (--bom sniff lets a UTF-8 or UTF-16 mark choose the encoding)"
        )
    })
}

/// Where decoded text goes, for the given output: JSON, a terminal, or a pipe.
fn sink_for(json: bool, stdout_is_terminal: bool) -> TextSink {
    if json {
        TextSink::JsonString
    } else if stdout_is_terminal {
        TextSink::Terminal
    } else {
        TextSink::Raw
    }
}

/// How one input ended.
struct Ended {
    replacements: usize,
    stopped: bool,
}

/// Runs `charscope decode`: each input in turn, the encoding detected for each under
/// `--from auto`; exit 1 if any was not clean.
pub fn run(args: &DecodeArgs, ctx: &Ctx) -> Result<Outcome> {
    let auto = super::is_auto(args.from.label());
    let encoding = if auto {
        charscope::encoding::UTF_8
    } else {
        super::encoding_for(args.from.label())?
    };
    if let Some(note) = pointless_bom_note(args.bom, encoding).filter(|_| !auto) {
        eprintln!("{note}");
    }
    let mut sources = Source::all_from_args(&args.input)?;
    let style = Style::new(use_color(ctx.color, ctx.json) && std::io::stderr().is_terminal());
    let sink = sink_for(ctx.json, std::io::stdout().is_terminal());
    let mut out = std::io::BufWriter::with_capacity(256 * 1024, crate::output::stdout());
    let mut problems = false;
    let mut unreadable = super::batch::Unreadable::new(sources.len());
    for source in &mut sources {
        let ended = if auto {
            super::encoding_for_source(args.from.label(), source)
        } else {
            Ok(encoding)
        }
        .and_then(|encoding| decode_one(source, encoding, args, ctx, &sink, &style, &mut out));
        // What was decoded before the error goes out before the error is said.
        if ended.is_err() {
            out.flush()?;
        }
        let Some(ended) = unreadable.check(ended)? else {
            continue;
        };
        problems |= ended.stopped || ended.replacements > 0;
        if ended.stopped {
            break;
        }
    }
    out.flush()?;
    // Exit 1 whenever the input was not clean: under --strict decoding stopped; otherwise the
    // text was written, with each malformed sequence replaced by U+FFFD.
    unreadable.finish(if problems {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// Decodes one input to `out` as it is read (JSON: the text streamed, then the rest), each
/// malformed sequence replaced by U+FFFD or, under `--strict`, the end of the text.
fn decode_one(
    source: &Source,
    requested: &'static charscope::Encoding,
    args: &DecodeArgs,
    ctx: &Ctx,
    sink: &TextSink,
    style: &Style,
    out: &mut impl Write,
) -> Result<Ended> {
    let name = source.name();
    let (head, reader) = super::byte_order::peek(source.open()?, 4)?;
    let encoding = settle_encoding(args, requested, &head, &name);
    let mut decoder = StreamDecoder::new(encoding, bom_mode_of(args.bom));
    let mut malformed: Vec<Malformed> = Vec::new();
    let mut replacements = 0usize;
    let mut stopped = false;
    if ctx.json {
        // The text streams first; the fields known only at the end follow it.
        out.write_all(b"{\"text\":\"")?;
    }
    let mut first = true;
    for_each_chunk(reader, &name, |chunk, last| {
        if stopped {
            return Ok(());
        }
        if first {
            first = false;
            if let Some(note) = super::fix::utf8_read_as_single_byte_note(chunk, encoding, &name) {
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
                    if args.strict {
                        // Under --strict nothing is replaced: the text ends before the first
                        // malformed sequence, in JSON too.
                        if !ctx.json {
                            report(&name, &m, style);
                        }
                        malformed.push(m);
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
            result = sink.write(&mut *out, text);
        });
        Ok(result?)
    })
    .map_err(|e| super::batch::cut_short(e, ctx.json, &name))?;

    let ended = Ended {
        replacements,
        stopped,
    };
    if ctx.json {
        write_json_tail(out, &decoder, args, &ended, &malformed, source)?;
    } else if !stopped && let Some(first) = malformed.first() {
        out.flush()?;
        report_replaced(&name, replacements, first, style);
    }
    Ok(ended)
}

/// The encoding one input is decoded with: the one asked for, unless its byte order mark
/// settles a `utf-16`/`utf-32` label or `--bom sniff` lets the mark choose; a note on standard
/// error where the mark decided, or where a mark of another encoding was left alone.
fn settle_encoding(
    args: &DecodeArgs,
    requested: &'static charscope::Encoding,
    head: &[u8],
    name: &str,
) -> &'static charscope::Encoding {
    match super::byte_order::settle(args.from.label(), requested, args.bom, head) {
        Some(settled) => {
            if let Some(note) = settled.note {
                eprintln!("charscope: note: {name}: {note}");
            }
            settled.encoding
        }
        None => {
            if !matches!(args.bom, Some(BomArg::Sniff | BomArg::SniffUnicode))
                && let Some(note) = super::foreign_bom_note(head, requested, name)
            {
                eprintln!("{note}");
            }
            requested
        }
    }
}

/// The end of an input's JSON object, after its streamed text: what is known only once the
/// input is read (encoding, label note, BOM, replacements, malformed sequences, completeness)
/// and the input's name.
fn write_json_tail(
    out: &mut impl Write,
    decoder: &StreamDecoder,
    args: &DecodeArgs,
    ended: &Ended,
    malformed: &[Malformed],
    source: &Source,
) -> Result<()> {
    write!(out, "\",\"encoding\":")?;
    serde_json::to_writer(&mut *out, decoder.encoding().name())?;
    write!(out, ",\"label_note\":")?;
    serde_json::to_writer(&mut *out, &super::label_note(args.from.label()))?;
    write!(out, ",\"bom\":")?;
    serde_json::to_writer(&mut *out, &decoder.bom().map(|b| b.encoding.name()))?;
    write!(
        out,
        ",\"replacements\":{},\"malformed\":",
        ended.replacements
    )?;
    serde_json::to_writer(&mut *out, malformed)?;
    write!(out, ",\"complete\":{},\"file\":", !ended.stopped)?;
    serde_json::to_writer(&mut *out, &source.json_name())?;
    writeln!(out, "}}")?;
    Ok(())
}

/// The line on standard error after an input decoded with replacements: how many, and the
/// first one.
fn report_replaced(name: &str, replacements: usize, first: &Malformed, style: &Style) {
    eprintln!(
        "charscope: {name}: replaced {replacements} malformed sequence(s) with U+FFFD; the first at byte offset {}: {}: {}",
        first.offset(),
        style.bad(first.kind.as_str()),
        terminal::sanitize(&first.reason())
    );
}

fn report(name: &str, m: &Malformed, style: &Style) {
    eprintln!(
        "charscope: {name}:{}: {}: {} ({}); decoding stopped (--strict)",
        m.offset(),
        style.bad(m.kind.as_str()),
        m.hex(),
        terminal::sanitize(&m.reason())
    );
}

#[cfg(test)]
mod tests {
    use super::{TextSink, sink_for};

    #[test]
    fn text_is_escaped_for_a_terminal_only() {
        let written = |sink: TextSink| {
            let mut out = Vec::new();
            sink.write(&mut out, "a\u{1B}[2Jb\u{202E}").unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(written(sink_for(false, true)), "a\\u{001B}[2Jb\\u{202E}");
        assert_eq!(written(sink_for(false, false)), "a\u{1B}[2Jb\u{202E}");
        assert_eq!(written(sink_for(true, true)), "a\\u001b[2Jb\u{202E}");
    }
}
