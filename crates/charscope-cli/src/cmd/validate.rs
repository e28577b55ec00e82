//! `charscope validate`: every malformed sequence in files, streamed in bounded memory.

use crate::Outcome;
use crate::args::ValidateArgs;
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, use_color};
use anyhow::Result;
use charscope::{BomMode, Encoding, StreamDecoder};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};

/// Files smaller than this get no progress bar.
const PROGRESS_THRESHOLD: u64 = 32 * 1024 * 1024;

pub fn run(args: &ValidateArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let auto = super::is_auto(&args.from);
    let encoding = if auto {
        charscope::encoding::UTF_8
    } else {
        super::encoding_for(&args.from)?
    };
    let style = Style::new(use_color(color, ctx.json));
    let mut sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files
            .iter()
            .map(|path| {
                if path.as_os_str() == "-" {
                    Source::Stdin
                } else {
                    Source::File(path.clone())
                }
            })
            .collect()
    };
    let mut any_malformed = false;
    let mut failed = None;
    for source in &mut sources {
        let encoding = if auto {
            match super::encoding_for_source(&args.from, source) {
                Ok(e) => e,
                Err(err) => {
                    eprintln!("charscope: error: {err:#}");
                    failed = Some(err);
                    continue;
                }
            }
        } else {
            encoding
        };
        match validate_one(source, encoding, args, ctx, &style) {
            Ok(clean) => any_malformed |= !clean,
            Err(err) if crate::is_broken_pipe(&err) => return Err(err),
            Err(err) => {
                eprintln!("charscope: error: {err:#}");
                failed = Some(err);
            }
        }
    }
    if let Some(err) = failed {
        return Err(err.context("some inputs could not be read"));
    }
    Ok(if any_malformed {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// Validates one input; true when it is clean. Memory stays bounded whatever the number of
/// malformed sequences: each is written as soon as it is found, in JSON too.
fn validate_one(
    source: &Source,
    encoding: &'static Encoding,
    args: &ValidateArgs,
    ctx: &Ctx,
    style: &Style,
) -> Result<bool> {
    let name = source.name();
    let reader = source.open()?;
    let progress = progress_bar(source, args.no_progress);
    let mut decoder = StreamDecoder::new(encoding, BomMode::Strip);
    let mut count = 0u64;
    let mut bytes = 0u64;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if ctx.json {
        write!(out, "{{\"file\":")?;
        serde_json::to_writer(&mut out, &name)?;
        write!(out, ",\"encoding\":")?;
        serde_json::to_writer(&mut out, encoding.name())?;
        write!(out, ",\"malformed\":[")?;
    }
    let mut first = true;
    for_each_chunk(reader, &name, |chunk, last| {
        if std::mem::take(&mut first)
            && let Some(note) = super::foreign_bom_note(chunk, encoding, &name)
        {
            eprintln!("{note}");
        }
        bytes += chunk.len() as u64;
        if let Some(bar) = &progress {
            bar.inc(chunk.len() as u64);
        }
        let mut result = Ok(());
        decoder.decode_malformed(chunk, last, |m| {
            count += 1;
            if result.is_err() {
                return;
            }
            result = if ctx.json {
                let separator = if count > 1 { "," } else { "" };
                write!(out, "{separator}").and_then(|()| {
                    serde_json::to_writer(&mut out, &m).map_err(std::io::Error::from)
                })
            } else {
                writeln!(
                    out,
                    "{}:{}: {}: {} ({})",
                    style.path(&name),
                    m.offset(),
                    style.bad(m.kind.as_str()),
                    m.hex(),
                    m.reason()
                )
            };
        });
        Ok(result?)
    })?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if ctx.json {
        write!(out, "],\"bytes\":{bytes},\"valid\":{},\"bom\":", count == 0)?;
        serde_json::to_writer(&mut out, &decoder.bom().map(|b| b.encoding.name()))?;
        writeln!(out, "}}")?;
    }
    out.flush()?;
    Ok(count == 0)
}

fn progress_bar(source: &Source, disabled: bool) -> Option<ProgressBar> {
    let len = source.len()?;
    if disabled || len < PROGRESS_THRESHOLD || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:40}] {bytes}/{total_bytes} {bytes_per_sec} {eta}",
        )
        .ok()?
        .progress_chars("=> "),
    );
    bar.set_message(source.name());
    Some(bar)
}
