//! `charscope validate`: every malformed sequence in files, with `file:line:column`, streamed in
//! bounded memory. Several inputs are validated in parallel, and their output is written in the
//! order they were given: each input's output goes through a small bounded channel that is
//! drained in order, so a worker ahead of the writer waits instead of piling up output, and no
//! worker starts an input more than twice the number of workers (at least 8) past the one
//! being written.

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

/// The index of the input being written, which workers wait on before running too far ahead.
struct Progress {
    /// How many inputs past the one being written a worker may start (so that at most this
    /// many inputs' blocks wait in memory).
    ahead: usize,
    writing: std::sync::Mutex<usize>,
    moved: std::sync::Condvar,
}

impl Progress {
    /// Waits until input `i` is near enough to the one being written.
    fn wait_for(&self, i: usize) {
        let mut writing = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        while i >= *writing + self.ahead {
            writing = self.moved.wait(writing).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The writer moved on to input `i`.
    fn advance(&self, i: usize) {
        *self.writing.lock().unwrap_or_else(|e| e.into_inner()) = i;
        self.moved.notify_all();
    }
}

/// What a worker sends the writer about one input.
enum Message {
    /// Bytes for standard output.
    Out(Vec<u8>),
    /// A line for standard error.
    Note(String),
    /// The input is done: clean (true) or not, or it could not be read.
    Done(Result<bool>),
}

/// `--from auto`: each input's encoding detected first, then validated, one input at a time.
fn run_auto(args: &ValidateArgs, ctx: &Ctx) -> Result<Outcome> {
    let mut sources = Source::all_from_args(&args.input)?;
    let mut clean = true;
    let mut unreadable = super::batch::Unreadable::new(sources.len());
    let sources_len = sources.len();
    for source in &mut sources {
        let result = super::encoding_for_source(args.from.label(), source).and_then(|requested| {
            let job = Job {
                requested,
                args,
                json: ctx.json,
                style: Style::new(use_color(ctx.color, ctx.json)),
                progress: sources_len == 1 && !args.no_progress,
            };
            let mut out = Direct { error: None };
            let result = validate_one(source, &job, &mut out);
            if let Some(e) = out.error {
                return Err(e.into());
            }
            result
        });
        if let Some(ok) = unreadable.check(result)? {
            clean &= ok;
        }
    }
    unreadable.finish(if clean {
        Outcome::Clean
    } else {
        Outcome::Problems
    })
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
    if super::is_auto(args.from.label()) {
        return run_auto(args, ctx);
    }
    let requested = super::encoding_for(args.from.label())?;
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
    if let [source] = &sources[..] {
        // One input: no threads, its output written as it comes.
        let mut out = Direct { error: None };
        let result = validate_one(source, &job, &mut out);
        if let Some(e) = out.error {
            return Err(e.into());
        }
        return match result {
            Ok(true) => Ok(Outcome::Clean),
            Ok(false) => Ok(Outcome::Problems),
            Err(err) => Err(err),
        };
    }
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, sources.len().max(1));
    let (senders, receivers): (Vec<SyncSender<Message>>, Vec<Receiver<Message>>) = sources
        .iter()
        .map(|_| sync_channel(BLOCKS_IN_FLIGHT))
        .unzip();
    let next = AtomicUsize::new(0);
    let progress = Progress {
        ahead: (2 * workers).max(8),
        writing: std::sync::Mutex::new(0),
        moved: std::sync::Condvar::new(),
    };
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(source) = sources.get(i) else { break };
                    progress.wait_for(i);
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
        let result = write_in_order(receivers, &progress);
        // Wake any worker still waiting, so that it sees its channel closed and ends.
        progress.advance(usize::MAX / 2);
        result
    })
}

/// Writes each input's output in order; the outcome of all of them.
fn write_in_order(receivers: Vec<Receiver<Message>>, progress: &Progress) -> Result<Outcome> {
    let mut stdout = crate::output::stdout();
    let mut any_malformed = false;
    let mut unreadable = super::batch::Unreadable::new(receivers.len());
    for (i, rx) in receivers.into_iter().enumerate() {
        progress.advance(i);
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
                    unreadable.skip(&err);
                    break;
                }
                Err(_) => anyhow::bail!("a validating thread ended without its result"),
            }
        }
    }
    stdout.flush()?;
    unreadable.finish(if any_malformed {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// Where one input's output goes: through a channel to the writer, or (a single input) straight
/// to standard output and error.
trait Out {
    /// Sends one message; false when nobody reads any more.
    fn send(&mut self, message: Message) -> bool;
}

impl Out for &SyncSender<Message> {
    fn send(&mut self, message: Message) -> bool {
        SyncSender::send(self, message).is_ok()
    }
}

/// A single input's output, written as it comes (I/O errors kept for the end).
struct Direct {
    error: Option<std::io::Error>,
}

impl Out for &mut Direct {
    fn send(&mut self, message: Message) -> bool {
        if self.error.is_some() {
            return false;
        }
        let result = match message {
            Message::Out(bytes) => crate::output::stdout().write_all(&bytes),
            Message::Note(line) => {
                let _ = std::io::stdout().flush();
                eprintln!("{line}");
                Ok(())
            }
            Message::Done(_) => Ok(()),
        };
        if let Err(e) = result {
            self.error = Some(e);
            return false;
        }
        true
    }
}

/// Validates one input, sending its output to `tx`; true when it is clean.
fn validate_one(source: &Source, job: &Job, mut tx: impl Out) -> Result<bool> {
    let args = job.args;
    let name = source.name();
    let json_name = source.json_name();
    let (head, reader) = super::byte_order::peek(source.open()?, 4)?;
    let encoding =
        match super::byte_order::settle(args.from.label(), job.requested, args.bom, &head) {
            Some(settled) => {
                if let Some(note) = settled.note {
                    tx.send(Message::Note(format!("charscope: note: {name}: {note}")));
                }
                settled.encoding
            }
            None => {
                if !matches!(args.bom, Some(BomArg::Sniff | BomArg::SniffUnicode))
                    && let Some(note) = super::foreign_bom_note(&head, job.requested, &name)
                {
                    tx.send(Message::Note(note));
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
    let shown = job.style.path(&name);
    let mut named = 0u64;
    let mut gone = false;
    // A regular file in UTF-8 is first checked whole on two threads: when it is clean (the
    // common case), nothing else needs reading; else it is validated from the start below.
    if let Some(len) = valid_utf8_file(source, encoding, &name)? {
        validator.feed(&head, head.len() as u64 == len, |_| {});
        validator.assume_valid_to(len);
        if let Some(bar) = &progress {
            bar.finish_and_clear();
        }
        return finish(&validator, job, &name, &json_name, 0, buffer, tx);
    }
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
            io = write_finding(&mut buffer, finding, &shown, &json_name, job);
        });
        io?;
        if buffer.len() >= BLOCK && !tx.send(Message::Out(std::mem::take(&mut buffer))) {
            gone = true;
        }
        Ok(())
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    result?;
    finish(&validator, job, &name, &json_name, named, buffer, tx)
}

/// The length of `source` when it is a regular file, read as UTF-8, and valid throughout
/// (`validate::valid_utf8_file_len`: the file mapped where it can be); `None` when it is not,
/// or is not such a file.
fn valid_utf8_file(
    source: &Source,
    encoding: &'static charscope::encoding::Encoding,
    name: &str,
) -> Result<Option<u64>> {
    let Source::File(path) = source else {
        return Ok(None);
    };
    if encoding != charscope::encoding::UTF_8 || !cfg!(unix) {
        return Ok(None);
    }
    let file = crate::input::open_file(path)?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Ok(None);
    }
    charscope::validate::valid_utf8_file_len(&file).map_err(|(offset, error)| {
        anyhow::Error::new(error).context(format!("cannot read {name} at byte offset {offset}"))
    })
}

/// The end of one input's output: the note on findings left unnamed, the summary line or the
/// file name; true when the input is clean.
fn finish(
    validator: &Validator,
    job: &Job,
    name: &str,
    json_name: &str,
    named: u64,
    mut buffer: Vec<u8>,
    mut tx: impl Out,
) -> Result<bool> {
    let args = job.args;
    let stop_at_first = args.quiet || args.files_with_errors;
    let count = validator.malformed_count();
    if !stop_at_first && !job.json && count > named {
        // After the lines it speaks of.
        tx.send(Message::Out(std::mem::take(&mut buffer)));
        tx.send(Message::Note(format!(
            "charscope: {name}: {count} malformed sequences, the first {named} named \
             (--max-errors)"
        )));
    }
    if args.files_with_errors && count > 0 {
        if job.json {
            serde_json::to_writer(&mut buffer, &validator.summary(json_name))?;
            buffer.push(b'\n');
        } else {
            writeln!(buffer, "{}", job.style.path(name))?;
        }
    } else if job.json && !args.quiet && !args.files_with_errors {
        serde_json::to_writer(&mut buffer, &validator.summary(json_name))?;
        buffer.push(b'\n');
    }
    if !buffer.is_empty() {
        tx.send(Message::Out(buffer));
    }
    Ok(count == 0)
}

/// One finding: `file:line:column: kind: hex (reason) [byte N]`, or one JSON line. `shown` is
/// the input's name as the human line starts with it (styled once per input).
fn write_finding(
    out: &mut Vec<u8>,
    finding: &Finding,
    shown: &str,
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
    write!(
        out,
        "{shown}:{}:{}: {}: {} ({}) ",
        finding.line,
        finding.column,
        style.bad(m.kind.as_str()),
        m.hex(),
        terminal::sanitize(&m.reason()),
    )?;
    if style.is_on() {
        writeln!(out, "{}", style.dim(&format!("[byte {}]", m.offset())))
    } else {
        writeln!(out, "[byte {}]", m.offset())
    }
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
