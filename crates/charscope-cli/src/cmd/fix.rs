//! `charscope fix`: mojibake repaired, with the steps undone. A TEXT argument is repaired
//! whole; standard input and `--file` stream a line at a time (a line longer than
//! [`MAX_LINE`] is cut at a space), so memory stays bounded whatever the input's size.

use crate::Outcome;
use crate::args::FixArgs;
use crate::cmd::Ctx;
use crate::input::open_file;
use crate::outfile::OutputFile;
use crate::terminal;
use anyhow::{Context, Result, bail};
use charscope::repair::{self, Repair};
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The longest piece of a line repaired at once.
pub const MAX_LINE: usize = 1 << 20;

pub fn run(args: &FixArgs, ctx: &Ctx) -> Result<Outcome> {
    // `-o OUT` is written whole or not at all (see `OutputFile`).
    let file = match &args.output {
        Some(path) => OutputFile::create(path)?,
        None => OutputFile::stdout()?,
    };
    let mut out = std::io::BufWriter::with_capacity(256 * 1024, file);
    let to_terminal = args.output.is_none() && !ctx.json && std::io::stdout().is_terminal();
    match args.text.as_deref() {
        Some(text) if text != "-" => {
            let repair = repair::fix(text);
            if ctx.json {
                serde_json::to_writer(&mut out, &repair).map_err(std::io::Error::from)?;
                out.write_all(b"\n")?;
            } else {
                write_text(&mut out, &repair.text, to_terminal)?;
                out.write_all(b"\n")?;
            }
            if args.explain {
                explain(&repair);
            }
        }
        _ => {
            // `--file -` is standard input, as everywhere.
            let file = crate::input::named_file(args.file.as_deref());
            let (reader, name, ahead): (Box<dyn Read>, String, bool) = match file {
                Some(path) => {
                    let file = open_file(path)?;
                    // A regular file never makes a read wait for input: batches may be written
                    // while the next is read.
                    let regular = file.metadata().is_ok_and(|m| m.is_file());
                    (Box::new(file), crate::input::shown_path(path), regular)
                }
                None => (
                    Box::new(std::io::stdin().lock()),
                    "standard input".into(),
                    false,
                ),
            };
            let render = Render {
                json: ctx.json,
                to_terminal,
            };
            stream(reader, &name, &mut out, render, args.explain, ahead)?;
        }
    }
    out.into_inner().map_err(|e| e.into_error())?.commit()?;
    Ok(Outcome::Clean)
}

fn write_text(out: &mut dyn Write, text: &str, to_terminal: bool) -> std::io::Result<()> {
    if to_terminal {
        out.write_all(terminal::sanitize(text).as_bytes())
    } else {
        out.write_all(text.as_bytes())
    }
}

/// Lines are repaired in batches of at most about this many bytes (what has been read when a
/// read might wait), each batch on two threads.
const BATCH: usize = 1 << 20;

/// Repairs a stream a line at a time (in batches, see [`BATCH`]; one by one with `--explain`,
/// so that each chain follows its line). With `ahead`, a batch is written while the next one
/// is read (see [`Batches`]).
fn stream(
    reader: impl Read,
    name: &str,
    out: &mut dyn Write,
    render: Render,
    explain_steps: bool,
    ahead: bool,
) -> Result<()> {
    let mut reader = BufReader::with_capacity(256 * 1024, reader);
    let mut line: Vec<u8> = Vec::new();
    let mut offset = 0usize;
    // The batch: its text, and where each line starts in it and in the input.
    let mut batch = String::new();
    let mut lines: Vec<(usize, usize)> = Vec::new();
    let mut batches = Batches::new(render, ahead);
    loop {
        if line.is_empty()
            && !explain_steps
            && let Some(taken) = whole_lines(&mut reader, &mut batch, &mut lines, offset)
        {
            offset += taken;
            // As below: before a read that may wait, what is read is written.
            if batch.len() >= BATCH || reader.buffer().is_empty() {
                batches.push(&mut batch, &mut lines, out)?;
            }
            continue;
        }
        let room = (MAX_LINE - line.len()) as u64;
        let n = match (&mut reader).take(room).read_until(b'\n', &mut line) {
            Ok(n) => n,
            Err(e) => {
                // What was read before is written first.
                batches.push(&mut batch, &mut lines, out)?;
                batches.finish(out)?;
                return Err(e)
                    .with_context(|| format!("cannot read {name} at byte offset {offset}"));
            }
        };
        if line.is_empty() {
            batches.push(&mut batch, &mut lines, out)?;
            return batches.finish(out);
        }
        let mut keep = line.len();
        if n > 0 && !line.ends_with(b"\n") && line.len() >= MAX_LINE {
            keep = cut_point(&line);
        }
        let text = match std::str::from_utf8(&line[..keep]) {
            Ok(text) => text,
            Err(e) => {
                // What came before is written first, as it would have been line by line.
                batches.push(&mut batch, &mut lines, out)?;
                batches.finish(out)?;
                bail!(
                    "{name} is not valid UTF-8 at byte offset {}: `fix` repairs text; read the \
                     bytes with `charscope decode --from LABEL` first (or see `charscope \
                     validate`)",
                    offset + e.valid_up_to()
                )
            }
        };
        if explain_steps {
            // Line by line, so that each chain follows its line.
            let repair = render.line(text, offset, out)?;
            if let Some(repair) = repair {
                explain(&repair);
            }
        } else {
            lines.push((batch.len(), offset));
            batch.push_str(text);
            // Before a read that may wait (a pipe, a terminal), what is read is written.
            if batch.len() >= BATCH || reader.buffer().is_empty() {
                batches.push(&mut batch, &mut lines, out)?;
            }
        }
        offset += keep;
        line.drain(..keep);
    }
}

/// The complete lines at the start of the reader's buffer, when it has any, taken into the
/// batch at once (one search for line feeds, one validation): the quick way through a file of
/// short lines, which [`stream`] otherwise reads a line at a time. Returns how many bytes were
/// taken; `None` leaves everything to the line-at-a-time way (no line feed in the buffer, a
/// read error, or invalid UTF-8 in the first line, which it reports).
fn whole_lines(
    reader: &mut impl BufRead,
    batch: &mut String,
    lines: &mut Vec<(usize, usize)>,
    offset: usize,
) -> Option<usize> {
    let buf = reader.fill_buf().ok()?;
    let mut end = memchr::memrchr(b'\n', buf)? + 1;
    let text = match simdutf8::basic::from_utf8(&buf[..end]) {
        Ok(text) => text,
        Err(_) => {
            // The lines before the one that is not UTF-8.
            let valid = std::str::from_utf8(&buf[..end])
                .err()
                .map_or(end, |e| e.valid_up_to());
            end = memchr::memrchr(b'\n', &buf[..valid])? + 1;
            std::str::from_utf8(&buf[..end]).ok()?
        }
    };
    let mut start = 0;
    for feed in memchr::memchr_iter(b'\n', text.as_bytes()) {
        lines.push((batch.len() + start, offset + start));
        start = feed + 1;
    }
    batch.push_str(text);
    reader.consume(end);
    Some(end)
}

/// How each line is written.
#[derive(Clone, Copy)]
struct Render {
    json: bool,
    to_terminal: bool,
}

impl Render {
    /// Writes one line (with its line feed, if it had one): its repair as JSON, or the
    /// repaired text; returns the repair when one was made.
    fn line(
        &self,
        text: &str,
        offset: usize,
        out: &mut dyn Write,
    ) -> std::io::Result<Option<Repair>> {
        if self.json {
            let repair = repair::fix_at(text, offset);
            serde_json::to_writer(&mut *out, &repair).map_err(std::io::Error::from)?;
            out.write_all(b"\n")?;
            Ok(Some(repair))
        } else if text.is_ascii() {
            out.write_all(text.as_bytes())?;
            Ok(None)
        } else {
            // A line that needs no repair is written as it is (no copy of it is made).
            let repair = repair::fix_if_needed(text, offset);
            let written = repair.as_ref().map_or(text, |r| r.text.as_str());
            write_text(out, written, self.to_terminal)?;
            Ok(repair)
        }
    }
}

/// A batch handed to the threads: its lines, and what each part of them is written as, once
/// repaired. The lines are repaired in [`PARTS`] parts of about equal bytes that the threads
/// take in turn (so that neither waits long for the other: lines differ in cost, and a thread
/// may be slowed by others on the machine), and written in order.
struct Job {
    render: Render,
    batch: String,
    /// Where each line starts in `batch`, and its offset in the input.
    lines: Vec<(usize, usize)>,
    /// Where each part starts, in `lines`.
    starts: Vec<usize>,
    /// The next part to take.
    next: AtomicUsize,
    done: Vec<OnceLock<std::io::Result<Vec<u8>>>>,
}

impl Job {
    fn new(render: Render, batch: String, lines: Vec<(usize, usize)>) -> Job {
        let mut starts: Vec<usize> = (0..PARTS)
            .map(|k| lines.partition_point(|l| l.0 < batch.len() * k / PARTS))
            .collect();
        starts.dedup();
        starts.retain(|&i| i < lines.len());
        let done = starts.iter().map(|_| OnceLock::new()).collect();
        Job {
            render,
            batch,
            lines,
            starts,
            next: AtomicUsize::new(0),
            done,
        }
    }

    /// Part `k`, repaired and written.
    fn part(&self, k: usize) -> std::io::Result<Vec<u8>> {
        let stop = self.starts.get(k + 1).copied().unwrap_or(self.lines.len());
        let range = &self.lines[self.starts[k]..stop];
        let end = self.lines.get(stop).map_or(self.batch.len(), |l| l.0);
        let mut buf = Vec::with_capacity(end - range.first().map_or(end, |l| l.0) + 64);
        for (i, &(start, offset)) in range.iter().enumerate() {
            let stop = range.get(i + 1).map_or(end, |l| l.0);
            self.render
                .line(&self.batch[start..stop], offset, &mut buf)?;
        }
        Ok(buf)
    }

    /// Repairs parts until none is left to take.
    fn work(&self) {
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            if k >= self.starts.len() {
                break;
            }
            // A panic is an error of this part, not a wait for it that never ends.
            let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.part(k)))
                .unwrap_or_else(|_| Err(std::io::Error::other("repairing a line panicked")));
            let _ = self.done[k].set(written);
        }
    }

    /// Writes the parts in order, waiting for those another thread is repairing.
    fn write(&self, out: &mut dyn Write) -> Result<()> {
        for done in &self.done {
            match done.wait() {
                Ok(buf) => out.write_all(buf)?,
                Err(e) => return Err(std::io::Error::new(e.kind(), e.to_string()).into()),
            }
        }
        Ok(())
    }
}

/// The batches of a stream, repaired on this thread and a worker that lives as long as the
/// stream. With `ahead` (a regular file), a batch is written only when the next is handed
/// over, so that the worker repairs it while this thread reads the next; otherwise it is
/// written at once (a read of a pipe or a terminal may wait, and what was read must be out
/// first).
struct Batches {
    render: Render,
    ahead: bool,
    /// The worker's queue (none: it could not be started, and this thread does everything).
    worker: Option<std::sync::mpsc::Sender<Arc<Job>>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The batch handed over and not yet written.
    pending: Option<Arc<Job>>,
    /// The buffers of a batch written, for the next one.
    spare: (String, Vec<(usize, usize)>),
}

impl Batches {
    fn new(render: Render, ahead: bool) -> Batches {
        let (jobs, queue) = std::sync::mpsc::channel::<Arc<Job>>();
        let thread = std::thread::Builder::new()
            .name("charscope-fix".into())
            .spawn(move || {
                for job in queue {
                    job.work();
                }
            })
            .ok();
        Batches {
            render,
            ahead,
            worker: thread.as_ref().map(|_| jobs),
            thread,
            pending: None,
            spare: (String::new(), Vec::new()),
        }
    }

    /// Hands over the lines of `batch` (`lines`: where each starts in it, and its offset in the
    /// input), which are left empty, after writing the batch before.
    fn push(
        &mut self,
        batch: &mut String,
        lines: &mut Vec<(usize, usize)>,
        out: &mut dyn Write,
    ) -> Result<()> {
        self.finish(out)?;
        if lines.is_empty() {
            return Ok(());
        }
        // Repair's tables and model at once (text that is all ASCII needs neither), before the
        // threads wait for one of them to build both.
        static PREPARED: std::sync::Once = std::sync::Once::new();
        if !batch.is_ascii() {
            PREPARED.call_once(repair::prepare);
        }
        let (spare_batch, spare_lines) = std::mem::take(&mut self.spare);
        let job = Arc::new(Job::new(
            self.render,
            std::mem::replace(batch, spare_batch),
            std::mem::replace(lines, spare_lines),
        ));
        if job.starts.len() > 1
            && let Some(worker) = &self.worker
            && worker.send(Arc::clone(&job)).is_err()
        {
            self.worker = None;
        }
        self.pending = Some(job);
        if !self.ahead {
            self.finish(out)?;
        }
        Ok(())
    }

    /// Writes the batch handed over last, repairing what the worker has not taken of it.
    fn finish(&mut self, out: &mut dyn Write) -> Result<()> {
        let Some(job) = self.pending.take() else {
            return Ok(());
        };
        job.work();
        job.write(out)?;
        if let Ok(job) = Arc::try_unwrap(job) {
            let (mut batch, mut lines) = (job.batch, job.lines);
            batch.clear();
            lines.clear();
            self.spare = (batch, lines);
        }
        Ok(())
    }
}

impl Drop for Batches {
    fn drop(&mut self) {
        // The queue closed, the worker ends.
        self.worker = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// How many parts the lines of a batch are repaired in (see [`Job`]): the thread that
/// finishes first waits for the other's last part at the end of each batch, so a part is kept
/// to about 32 KiB (some 0.2 ms of mixed scripts).
const PARTS: usize = 32;

fn cut_point(bytes: &[u8]) -> usize {
    if let Some(space) = bytes.iter().rposition(|&b| b == b' ') {
        return space + 1;
    }
    let mut end = bytes.len();
    while end > 0 && (bytes[end - 1] & 0xC0) == 0x80 {
        end -= 1;
    }
    // `end` is at a lead byte (or 0); keep the lead only if its sequence is complete.
    if end > 0 {
        let lead = bytes[end - 1];
        let need = match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        if bytes.len() - (end - 1) >= need {
            return bytes.len();
        }
        return end - 1;
    }
    bytes.len()
}

/// The chain, on standard error: each repaired place with its steps, then what was lost.
fn explain(repair: &Repair) {
    let mut err = std::io::stderr().lock();
    for span in &repair.spans {
        let steps: Vec<String> = span
            .steps
            .iter()
            .map(|s| format!("encode {}, decode {}", s.encode, s.decode))
            .collect();
        let _ = writeln!(
            err,
            "charscope: byte {}: {} -> {}: {}",
            span.offset,
            terminal::sanitize(&span.original),
            terminal::sanitize(&span.text),
            steps.join("; then ")
        );
    }
    for lost in &repair.lost {
        let _ = writeln!(
            err,
            "charscope: byte {}: lost: {}",
            lost.offset, lost.reason
        );
    }
    for alt in &repair.alternatives {
        let steps: Vec<String> = alt
            .steps
            .iter()
            .map(|s| format!("encode {}, decode {}", s.encode, s.decode))
            .collect();
        let _ = writeln!(
            err,
            "charscope: also possible ({}): {}",
            steps.join("; then "),
            terminal::sanitize(&alt.text)
        );
    }
}

/// A note for standard error when bytes about to be read with a single-byte encoding are valid
/// UTF-8 with non-ASCII characters: the reading is about to make mojibake. Looks at the first
/// chunk only.
pub fn utf8_read_as_single_byte_note(
    first_bytes: &[u8],
    decoding: &'static charscope::Encoding,
    name: &str,
) -> Option<String> {
    if !decoding.is_single_byte() {
        return None;
    }
    let text = match std::str::from_utf8(first_bytes) {
        Ok(text) => text,
        // A character cut by the end of the chunk does not count against the bytes.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&first_bytes[..e.valid_up_to()]).ok()?
        }
        Err(_) => return None,
    };
    let c = text.chars().find(|c| !c.is_ascii())?;
    let mut buf = [0u8; 4];
    let mojibake = charscope::decode::decode(c.encode_utf8(&mut buf).as_bytes(), decoding).text;
    Some(format!(
        "charscope: note: {name}: these bytes are valid UTF-8; read as {decoding} they look like \
         mojibake ({} for {}); try --from utf-8",
        terminal::sanitize(&mojibake),
        terminal::sanitize(&c.to_string())
    ))
}

#[cfg(test)]
mod tests {
    use super::{BATCH, Render, stream};

    #[test]
    fn batches_written_while_the_next_is_read_come_out_in_order() {
        // Over three batches of lines, some of them mojibake, some clean, the last without a
        // line feed.
        let lines = [
            "caf\u{c3}\u{a9} au lait\n",
            "plain ASCII line\n",
            "d\u{e9}j\u{e0} vu, \u{65e5}\u{672c}\n",
            "\u{c3}\u{a9}t\u{c3}\u{a9} \u{e0} Paris\r\n",
        ];
        // (Mostly ASCII, which repair skips: this runs unoptimised.)
        let mut input = String::new();
        let mut k = 0;
        while input.len() < 3 * BATCH {
            if k % 50 == 0 {
                input.push_str(lines[k / 50 % lines.len()]);
            }
            input.push_str(&format!("line {k} {}\n", "of ASCII ".repeat(20)));
            k += 1;
        }
        input.push_str("the end \u{c3}\u{a9}");
        for json in [false, true] {
            let render = Render {
                json,
                to_terminal: false,
            };
            // Line by line, as `--explain` goes.
            let mut expected = Vec::new();
            let mut offset = 0;
            for line in input.split_inclusive('\n') {
                render.line(line, offset, &mut expected).unwrap();
                offset += line.len();
            }
            for ahead in [false, true] {
                let mut out = Vec::new();
                stream(input.as_bytes(), "test", &mut out, render, false, ahead).unwrap();
                assert!(
                    out == expected,
                    "json {json}, ahead {ahead}: output differs"
                );
            }
        }
    }
}
