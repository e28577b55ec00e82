//! `charscope validate`: every malformed sequence in files, with `file:line:column`, streamed in
//! bounded memory. Several inputs are validated in parallel, and their output is written in the
//! order they were given: each input's output goes through a small bounded channel that is
//! drained in order, so a worker ahead of the writer waits instead of piling up output.

use crate::Outcome;
use crate::args::{BomArg, ValidateArgs};
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, use_color};
use crate::terminal;
use anyhow::Result;
use charscope::Encoding;
use charscope::validate::{Finding, ValidateRecord, Validator};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// Files smaller than this get no progress bar.
const PROGRESS_THRESHOLD: u64 = 32 * 1024 * 1024;

/// Output is handed to the writer in blocks of about this size...
const BLOCK: usize = 64 * 1024;

/// ...and at most this many blocks wait per input.
const BLOCKS_IN_FLIGHT: usize = 4;

/// What a worker sends the writer about one input.
enum Message {
    /// Bytes for standard output.
    Out(Vec<u8>),
    /// A line for standard error.
    Note(String),
    /// The input is done: clean (true) or not, or it could not be read.
    Done(Result<bool>),
}

/// What every worker needs to know.
struct Job<'a> {
    requested: &'static Encoding,
    args: &'a ValidateArgs,
    json: bool,
    style: Style,
    progress: bool,
}

pub fn run(args: &ValidateArgs, ctx: &Ctx) -> Result<Outcome> {
    let requested = super::encoding_for(&args.from)?;
    if let Some(note) = super::decode::pointless_bom_note(args.bom, requested) {
        eprintln!("{note}");
    }
    let sources = Source::all_from_args(&args.input)?;
    let job = Job {
        requested,
        args,
        json: ctx.json,
        style: Style::new(use_color(ctx.color, ctx.json)),
        progress: sources.len() == 1 && !args.no_progress,
    };
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, sources.len().max(1));
    let (senders, receivers): (Vec<SyncSender<Message>>, Vec<Receiver<Message>>) = sources
        .iter()
        .map(|_| sync_channel(BLOCKS_IN_FLIGHT))
        .unzip();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(source) = sources.get(i) else { break };
                    let tx = &senders[i];
                    let result = validate_one(source, &job, tx);
                    if tx.send(Message::Done(result)).is_err() {
                        break;
                    }
                }
            });
        }
        // The writer: the receivers are dropped when it returns (an error such as a closed
        // pipe included), which ends every worker's next send.
        write_in_order(receivers)
    })
}

/// Writes each input's output in order; the outcome of all of them.
fn write_in_order(receivers: Vec<Receiver<Message>>) -> Result<Outcome> {
    let mut stdout = std::io::stdout().lock();
    let mut any_malformed = false;
    let mut failed = None;
    for rx in receivers {
        loop {
            match rx.recv() {
                Ok(Message::Out(bytes)) => stdout.write_all(&bytes)?,
                Ok(Message::Note(line)) => {
                    stdout.flush()?;
                    eprintln!("{line}");
                }
                Ok(Message::Done(Ok(clean))) => {
                    any_malformed |= !clean;
                    break;
                }
                Ok(Message::Done(Err(err))) => {
                    if crate::is_broken_pipe(&err) {
                        return Err(err);
                    }
                    stdout.flush()?;
                    eprintln!(
                        "charscope: error: {}",
                        terminal::sanitize(&format!("{err:#}"))
                    );
                    failed = Some(err);
                    break;
                }
                Err(_) => anyhow::bail!("a validating thread ended without its result"),
            }
        }
    }
    stdout.flush()?;
    if let Some(err) = failed {
        return Err(err.context("some inputs could not be read"));
    }
    Ok(if any_malformed {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// Validates one input, sending its output to `tx`; true when it is clean.
fn validate_one(source: &Source, job: &Job, tx: &SyncSender<Message>) -> Result<bool> {
    let args = job.args;
    let name = source.name();
    let json_name = source.json_name();
    let (head, reader) = super::byte_order::peek(source.open()?, 4)?;
    let encoding = match super::byte_order::settle(&args.from, job.requested, args.bom, &head) {
        Some(settled) => {
            if let Some(note) = settled.note {
                note_to(tx, format!("charscope: note: {name}: {note}"));
            }
            settled.encoding
        }
        None => {
            if !matches!(args.bom, Some(BomArg::Sniff | BomArg::SniffUnicode))
                && let Some(note) = super::foreign_bom_note(&head, job.requested, &name)
            {
                note_to(tx, note);
            }
            job.requested
        }
    };
    let progress = if job.progress {
        progress_bar(source)
    } else {
        None
    };
    let mut validator = Validator::new(encoding, super::decode::bom_mode_of(args.bom));
    let stop_at_first = args.quiet || args.files_with_errors;
    let limit = args.max_errors.unwrap_or(u64::MAX);
    let mut buffer: Vec<u8> = Vec::with_capacity(BLOCK);
    let mut named = 0u64;
    let mut gone = false;
    let result = for_each_chunk(reader, &name, |chunk, last| {
        if gone || (stop_at_first && validator.malformed_count() > 0) {
            return Ok(());
        }
        if let Some(bar) = &progress {
            bar.inc(chunk.len() as u64);
        }
        let mut io = Ok(());
        validator.feed(chunk, last, |finding| {
            if stop_at_first || named >= limit || io.is_err() {
                return;
            }
            named += 1;
            io = write_finding(&mut buffer, finding, &name, &json_name, job);
        });
        io?;
        if buffer.len() >= BLOCK && tx.send(Message::Out(std::mem::take(&mut buffer))).is_err() {
            gone = true;
        }
        Ok(())
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    result?;
    let count = validator.malformed_count();
    if !stop_at_first && !job.json && count > named {
        note_to(
            tx,
            format!(
                "charscope: {name}: {count} malformed sequences, the first {named} named \
                 (--max-errors)"
            ),
        );
    }
    if args.files_with_errors && count > 0 {
        if job.json {
            serde_json::to_writer(&mut buffer, &validator.summary(&json_name))?;
            buffer.push(b'\n');
        } else {
            writeln!(buffer, "{}", job.style.path(&name))?;
        }
    } else if job.json && !args.quiet && !args.files_with_errors {
        serde_json::to_writer(&mut buffer, &validator.summary(&json_name))?;
        buffer.push(b'\n');
    }
    if !buffer.is_empty() {
        let _ = tx.send(Message::Out(buffer));
    }
    Ok(count == 0)
}

/// Sends a line for standard error (in order with the input's output).
fn note_to(tx: &SyncSender<Message>, line: String) {
    let _ = tx.send(Message::Note(line));
}

/// One finding: `file:line:column: kind: hex (reason) [byte N]`, or one JSON line.
fn write_finding(
    out: &mut Vec<u8>,
    finding: &Finding,
    name: &str,
    json_name: &str,
    job: &Job,
) -> std::io::Result<()> {
    if job.json {
        serde_json::to_writer(&mut *out, &ValidateRecord::new(json_name, finding))
            .map_err(std::io::Error::from)?;
        out.push(b'\n');
        return Ok(());
    }
    let m = &finding.malformed;
    let style = &job.style;
    writeln!(
        out,
        "{}:{}:{}: {}: {} ({}) {}",
        style.path(name),
        finding.line,
        finding.column,
        style.bad(m.kind.as_str()),
        m.hex(),
        terminal::sanitize(&m.reason()),
        style.dim(&format!("[byte {}]", m.offset()))
    )
}

fn progress_bar(source: &Source) -> Option<ProgressBar> {
    let len = source.len()?;
    if len < PROGRESS_THRESHOLD || !std::io::stderr().is_terminal() {
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
