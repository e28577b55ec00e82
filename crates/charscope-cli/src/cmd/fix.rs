//! `charscope fix`: mojibake repaired, with the steps undone. A TEXT argument is repaired
//! whole; standard input and `--file` stream a line at a time (a line longer than
//! [`MAX_LINE`] is cut at a space), so memory stays bounded whatever the input's size.

use crate::Outcome;
use crate::args::FixArgs;
use crate::cmd::Ctx;
use crate::input::open_file;
use crate::terminal;
use anyhow::{Context, Result, bail};
use charscope::repair::{self, Repair};
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};

/// The longest piece of a line repaired at once.
pub const MAX_LINE: usize = 1 << 20;

pub fn run(args: &FixArgs, ctx: &Ctx) -> Result<Outcome> {
    let (mut out, tmp): (Box<dyn Write>, Option<tempfile_path::Pending>) = match &args.output {
        Some(path) => {
            let pending = tempfile_path::Pending::create(path)?;
            (
                Box::new(std::io::BufWriter::new(pending.file()?)),
                Some(pending),
            )
        }
        None => (
            Box::new(std::io::BufWriter::with_capacity(
                256 * 1024,
                std::io::stdout().lock(),
            )),
            None,
        ),
    };
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
            let (reader, name): (Box<dyn Read>, String) = match &args.file {
                Some(path) => (Box::new(open_file(path)?), path.display().to_string()),
                None => (Box::new(std::io::stdin().lock()), "standard input".into()),
            };
            stream(reader, &name, &mut out, ctx.json, args.explain, to_terminal)?;
        }
    }
    out.flush()?;
    drop(out);
    if let Some(pending) = tmp {
        pending.commit()?;
    }
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
/// so that each chain follows its line).
fn stream(
    reader: impl Read,
    name: &str,
    out: &mut dyn Write,
    json: bool,
    explain_steps: bool,
    to_terminal: bool,
) -> Result<()> {
    let mut reader = BufReader::with_capacity(256 * 1024, reader);
    let mut line: Vec<u8> = Vec::new();
    let mut offset = 0usize;
    // The batch: its text, and where each line starts in it and in the input.
    let mut batch = String::new();
    let mut lines: Vec<(usize, usize)> = Vec::new();
    let render = Render { json, to_terminal };
    loop {
        if line.is_empty()
            && !explain_steps
            && let Some(taken) = whole_lines(&mut reader, &mut batch, &mut lines, offset)
        {
            offset += taken;
            // As below: before a read that may wait, what is read is written.
            if batch.len() >= BATCH || reader.buffer().is_empty() {
                render.batch(&batch, &lines, out)?;
                batch.clear();
                lines.clear();
            }
            continue;
        }
        let room = (MAX_LINE - line.len()) as u64;
        let n = match (&mut reader).take(room).read_until(b'\n', &mut line) {
            Ok(n) => n,
            Err(e) => {
                // What was read before is written first.
                render.batch(&batch, &lines, out)?;
                return Err(e)
                    .with_context(|| format!("cannot read {name} at byte offset {offset}"));
            }
        };
        if line.is_empty() {
            return render.batch(&batch, &lines, out);
        }
        let mut keep = line.len();
        if n > 0 && !line.ends_with(b"\n") && line.len() >= MAX_LINE {
            keep = cut_point(&line);
        }
        let text = match std::str::from_utf8(&line[..keep]) {
            Ok(text) => text,
            Err(e) => {
                // What came before is written first, as it would have been line by line.
                render.batch(&batch, &lines, out)?;
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
                render.batch(&batch, &lines, out)?;
                batch.clear();
                lines.clear();
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

    /// Writes the lines of a batch (`lines`: where each starts in `batch`, and its offset in
    /// the input), repaired in [`PARTS`] parts of about equal bytes that this thread and
    /// another take in turn (so that neither waits long for the other: lines differ in cost,
    /// and a thread may be slowed by others on the machine), written in order.
    fn batch(&self, batch: &str, lines: &[(usize, usize)], out: &mut dyn Write) -> Result<()> {
        // Repair's tables and model at once (text that is all ASCII needs neither), before the
        // threads wait for one of them to build both.
        static PREPARED: std::sync::Once = std::sync::Once::new();
        if !batch.is_ascii() {
            PREPARED.call_once(repair::prepare);
        }
        let part = |range: &[(usize, usize)], end: usize| -> std::io::Result<Vec<u8>> {
            let mut buf = Vec::with_capacity(end - range.first().map_or(end, |l| l.0) + 64);
            for (i, &(start, offset)) in range.iter().enumerate() {
                let stop = range.get(i + 1).map_or(end, |l| l.0);
                self.line(&batch[start..stop], offset, &mut buf)?;
            }
            Ok(buf)
        };
        // Where each part starts, in `lines`.
        let mut starts: Vec<usize> = (0..PARTS)
            .map(|k| lines.partition_point(|l| l.0 < batch.len() * k / PARTS))
            .collect();
        starts.dedup();
        starts.retain(|&i| i < lines.len());
        if starts.len() <= 1 {
            out.write_all(&part(lines, batch.len())?)?;
            return Ok(());
        }
        let range = |k: usize| {
            let stop = starts.get(k + 1).copied().unwrap_or(lines.len());
            let end = lines.get(stop).map_or(batch.len(), |l| l.0);
            (&lines[starts[k]..stop], end)
        };
        let next = std::sync::atomic::AtomicUsize::new(0);
        let done: Vec<std::sync::OnceLock<std::io::Result<Vec<u8>>>> =
            starts.iter().map(|_| std::sync::OnceLock::new()).collect();
        let work = || {
            loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if k >= starts.len() {
                    break;
                }
                let (range, end) = range(k);
                let _ = done[k].set(part(range, end));
            }
        };
        std::thread::scope(|scope| {
            let other = scope.spawn(work);
            work();
            other.join().expect("the repairing thread panicked");
        });
        for written in done {
            out.write_all(&written.into_inner().expect("every part is repaired")?)?;
        }
        Ok(())
    }
}

/// How many parts the lines of a batch are repaired in (see [`Render::batch`]): the thread that
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

/// Writing `-o OUT` through a temporary file beside it, renamed over OUT only on success.
mod tempfile_path {
    use anyhow::{Context, Result};
    use std::path::{Path, PathBuf};

    pub struct Pending {
        tmp: PathBuf,
        target: PathBuf,
    }

    impl Pending {
        pub fn create(target: &Path) -> Result<Pending> {
            let name = target
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "out".into());
            let tmp = target.with_file_name(format!(".{name}.charscope-{}", std::process::id()));
            Ok(Pending {
                tmp,
                target: target.to_path_buf(),
            })
        }

        pub fn file(&self) -> Result<std::fs::File> {
            std::fs::File::create(&self.tmp)
                .with_context(|| format!("cannot write {}", self.tmp.display()))
        }

        pub fn commit(self) -> Result<()> {
            std::fs::rename(&self.tmp, &self.target)
                .with_context(|| format!("cannot write {}", self.target.display()))
        }
    }

    impl Drop for Pending {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.tmp);
        }
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
