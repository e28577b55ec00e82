//! `charscope convert`: iconv's job, streamed in bounded memory, and never losing data silently.
//!
//! Output goes to standard output, to one file (`-o FILE`), to one file per input in a
//! directory (`-o DIR`, several inputs converted in parallel), or back over each input
//! (`--in-place`). Files are written by [`OutputFile`]: through a temporary file beside the
//! target, renamed only when the conversion succeeded (a failed or stopped run leaves no file
//! and never clobbers an old one); devices and FIFOs directly.

use crate::Outcome;
use crate::args::{ConvertArgs, ConvertBom, ConvertErrors, NewlineArg, NormalizeArg};
use crate::cmd::Ctx;
use crate::input::read_full;
use crate::outfile::OutputFile;
use crate::terminal::{sanitize, shown_path};
use anyhow::{Context, Result, bail};
use charscope::Encoding;
use charscope::text::normalization::Form;
use charscope::transcode::{
    BomAction, ErrorPolicy, Newline, Options, SourceError, Stats, TranscodeError, TranscodeReport,
    Transcoder,
};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How much is read at a time. A regular file's chunks are read and converted by two threads
/// in turn (`Transcoder::transcode_source`), a stream's are cut in two for two threads
/// (`Transcoder::transcode_parallel`). 1 MiB measured faster than 2 or 4 MiB: a chunk and its
/// output stay in the core's cache between the read and the conversion.
const CHUNK: usize = 1024 * 1024;

/// Inputs smaller than this get no progress bar.
const PROGRESS_THRESHOLD: u64 = 32 * 1024 * 1024;

/// The source encoding, once `--from` is resolved.
#[derive(Clone, Copy, Debug)]
struct From {
    encoding: &'static Encoding,
    /// `--from auto`: a byte order mark decides, else `encoding`.
    auto: bool,
}

/// `--from auto`: the encoding the library's one auto choice (`detect::auto`, as decode and
/// inspect use) reads from the start of the input, `head` (a byte order mark decides there
/// too), said on standard error with the detection's reasons in one line.
fn detect_source(head: &[u8], name: &str) -> &'static Encoding {
    let (encoding, detection) = charscope::detect::auto(head);
    eprintln!("{}", super::auto_note(name, &detection));
    encoding
}

fn resolve_from(label: &str) -> Result<From> {
    if label.eq_ignore_ascii_case("auto") {
        return Ok(From {
            encoding: charscope::encoding::UTF_8,
            auto: true,
        });
    }
    Ok(From {
        encoding: super::encoding_for(label)?,
        auto: false,
    })
}

/// An input opened: a regular file is read at any offset, anything else in order.
enum Opened {
    File(std::fs::File),
    Stream(Box<dyn Read + Send>),
}

/// Where one input is read from.
#[derive(Clone, Debug)]
enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::File(p) => crate::terminal::path_text(p),
        }
    }

    fn open(&self) -> Result<(Opened, Option<u64>)> {
        Ok(match self {
            Input::Stdin => (Opened::Stream(stdin_reader()?), None),
            Input::File(p) => {
                let file = crate::input::open_file(p)?;
                let meta = file.metadata().ok();
                let len = meta.as_ref().map(|m| m.len());
                if cfg!(unix) && meta.is_some_and(|m| m.is_file()) {
                    (Opened::File(file), len)
                } else {
                    (Opened::Stream(Box::new(file)), len)
                }
            }
        })
    }
}

/// Standard input read straight from its descriptor (large reads, no copy through a buffer).
fn stdin_reader() -> Result<Box<dyn Read + Send>> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = std::io::stdin().as_fd().try_clone_to_owned()?;
        Ok(Box::new(std::fs::File::from(fd)))
    }
    #[cfg(not(unix))]
    {
        Ok(Box::new(std::io::stdin()))
    }
}

/// What the command is asked to do, resolved from the arguments.
struct Job {
    from: From,
    to: &'static Encoding,
    options: Options,
    verbose: bool,
    json: bool,
    progress: bool,
    /// What to suggest after a strict stop.
    hint: &'static str,
}

/// How one stream ended.
struct Ended {
    stats: Stats,
    source: &'static Encoding,
    error: Option<TranscodeError>,
}

impl Job {
    fn transcoder(&self, head: &[u8], name: &str) -> Result<Transcoder> {
        let (from, sniff) = if self.from.auto {
            (detect_source(head, name), true)
        } else {
            (self.from.encoding, false)
        };
        Ok(Transcoder::new(
            from,
            self.to,
            self.options.with_sniff_bom(sniff),
        )?)
    }

    /// Converts one input into `sink`, chunk by chunk. I/O errors are errors; a strict stop is
    /// an `Ended` with its error (what was converted before it has been written).
    fn stream(&self, input: &Input, sink: &mut dyn Write, show_progress: bool) -> Result<Ended> {
        let name = input.name();
        let (reader, len) = input.open()?;
        let bar = len.and_then(|len| self.progress_bar(len, &name, show_progress));
        let ended = match reader {
            Opened::File(file) => self.stream_file(&file, &name, sink, bar.as_ref()),
            Opened::Stream(reader) => self.stream_reader(reader, &name, sink, bar.as_ref()),
        };
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        let ended = ended?;
        if ended.error.is_none() {
            sink.flush()?;
        }
        Ok(ended)
    }

    /// Converts a regular file: two threads read and convert alternate chunks
    /// (`Transcoder::transcode_source`), sharing the kernel's copy as well as the conversion.
    fn stream_file(
        &self,
        file: &std::fs::File,
        name: &str,
        sink: &mut dyn Write,
        bar: Option<&ProgressBar>,
    ) -> Result<Ended> {
        let cannot_read = |offset: u64| format!("cannot read {name} at byte offset {offset}");
        // Only `--from auto` looks at the start of the input before converting it.
        let mut head = vec![0u8; if self.from.auto { CHUNK } else { 0 }];
        let n = charscope::source::read_full_at(file, &mut head, 0)
            .map_err(|(offset, e)| anyhow::Error::new(e).context(cannot_read(offset)))?;
        let mut t = self.transcoder(&head[..n], name)?;
        drop(head);
        let result = t.transcode_source(file, CHUNK, &mut |bytes, read| {
            sink.write_all(bytes)?;
            if let Some(bar) = bar {
                bar.set_position(read);
            }
            Ok(())
        });
        let error = match result {
            Ok(()) => None,
            Err(SourceError::Transcode(error)) => Some(error),
            Err(SourceError::Read { offset, error }) => {
                return Err(error).with_context(|| cannot_read(offset));
            }
            Err(SourceError::Write(error)) => return Err(error.into()),
        };
        Ok(Ended {
            stats: t.stats(),
            source: t.source(),
            error,
        })
    }

    /// Converts a stream (standard input, a pipe, a device) read in order.
    fn stream_reader(
        &self,
        mut reader: Box<dyn Read + Send>,
        name: &str,
        sink: &mut dyn Write,
        bar: Option<&ProgressBar>,
    ) -> Result<Ended> {
        let mut buf = vec![0u8; CHUNK];
        let mut out = Vec::with_capacity(CHUNK * 2);
        let mut transcoder: Option<Transcoder> = None;
        let mut offset = 0u64;
        loop {
            let n = read_full(&mut reader, &mut buf)
                .with_context(|| format!("cannot read {name} at byte offset {offset}"))?;
            offset += n as u64;
            let last = n < buf.len();
            let t = match &mut transcoder {
                Some(t) => t,
                None => transcoder.insert(self.transcoder(&buf[..n], name)?),
            };
            out.clear();
            let result = t.transcode_parallel(&buf[..n], last, &mut out);
            sink.write_all(&out)?;
            if let Some(bar) = bar {
                bar.inc(n as u64);
            }
            if let Err(error) = result {
                return Ok(Ended {
                    stats: t.stats(),
                    source: t.source(),
                    error: Some(error),
                });
            }
            if last {
                break;
            }
        }
        let t = transcoder.expect("at least one chunk");
        Ok(Ended {
            stats: t.stats(),
            source: t.source(),
            error: None,
        })
    }

    fn progress_bar(&self, len: u64, name: &str, show: bool) -> Option<ProgressBar> {
        if !show || !self.progress || len < PROGRESS_THRESHOLD || !std::io::stderr().is_terminal() {
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
        bar.set_message(crate::terminal::name(name).into_owned());
        Some(bar)
    }

    /// The JSON summary of one input, the same with or without `-o`: the sequence or
    /// character a strict conversion stopped at is counted with the others (a `"malformed":
    /// 0` beside a malformed error said two things).
    fn summary(&self, input: &Input, output: Option<&str>, ended: &Ended) -> TranscodeReport {
        let mut stats = ended.stats;
        match &ended.error {
            Some(TranscodeError::Malformed(m)) => {
                stats.malformed += 1;
                stats.first_malformed.get_or_insert(m.malformed.offset());
            }
            Some(TranscodeError::Unmappable(_)) => stats.unmappable += 1,
            _ => {}
        }
        TranscodeReport {
            file: input.name(),
            output: output.map(str::to_string),
            from: ended.source.name(),
            to: self.to.name(),
            stats,
            error: ended.error.clone(),
        }
    }

    /// Reports how one input ended (stderr, or a JSON line), and says whether it was clean.
    fn report(&self, input: &Input, output: Option<&str>, ended: &Ended, written: &str) -> bool {
        let name = input.name();
        if self.json {
            let report = self.summary(input, output, ended);
            if let Err(e) = crate::output::print_json(&report) {
                eprintln!("charscope: error: {e:#}");
            }
        } else {
            let shown = crate::terminal::name(&name);
            if let Some(error) = &ended.error {
                eprintln!("charscope: {shown}:{}", describe(error, self.to));
                eprintln!("charscope: stopped: {written}");
                eprintln!("charscope: hint: {}", self.hint);
            } else if self.verbose {
                let s = &ended.stats;
                eprintln!(
                    "charscope: {shown}: {} -> {}: {} bytes in, {} bytes out, {} replaced ({} malformed, {} unmappable)",
                    ended.source,
                    self.to,
                    s.bytes_in,
                    s.bytes_out,
                    s.replacements,
                    s.malformed,
                    s.unmappable
                );
            } else if ended.stats.malformed + ended.stats.unmappable > 0 {
                let s = &ended.stats;
                eprintln!(
                    "charscope: note: {shown}: {} malformed sequence(s) and {} unmappable character(s) {}{}",
                    s.malformed,
                    s.unmappable,
                    match self.options.errors {
                        ErrorPolicy::Skip => "left out",
                        ErrorPolicy::Escape => "escaped",
                        _ => "replaced",
                    },
                    s.first_malformed
                        .map(|at| format!("; the first malformed at byte offset {at}"))
                        .unwrap_or_default()
                );
            }
        }
        ended.error.is_none() && ended.stats.malformed + ended.stats.unmappable == 0
    }
}

/// The words after `file:` for a strict stop.
fn describe(error: &TranscodeError, to: &'static Encoding) -> String {
    match error {
        TranscodeError::Unmappable(u) => format!(
            "{}:{}: byte offset {}{}: unmappable: {} '{}' {} has no {to} form",
            u.line,
            u.column,
            u.offset,
            if u.exact { "" } else { " (the run holding it)" },
            u.code_point,
            sanitize(&u.ch.to_string()),
            u.name
        ),
        other => other.to_string(),
    }
}

fn options(args: &ConvertArgs) -> Options {
    let errors = if args.skip_invalid {
        ErrorPolicy::Skip
    } else {
        match args.errors {
            ConvertErrors::Strict => ErrorPolicy::Strict,
            ConvertErrors::Replace => ErrorPolicy::Replace,
            ConvertErrors::Skip => ErrorPolicy::Skip,
            ConvertErrors::Html => ErrorPolicy::Html,
            ConvertErrors::Escape => ErrorPolicy::Escape,
        }
    };
    Options::default()
        .with_errors(errors)
        .with_bom(match args.bom {
            ConvertBom::Keep => BomAction::Keep,
            ConvertBom::Strip => BomAction::Strip,
            ConvertBom::Add => BomAction::Add,
        })
        .with_newline(match args.newline {
            NewlineArg::Keep => Newline::Keep,
            NewlineArg::Lf => Newline::Lf,
            NewlineArg::Crlf => Newline::Crlf,
        })
        .with_normalize(args.normalize.map(|n| match n {
            NormalizeArg::Nfc => Form::Nfc,
            NormalizeArg::Nfd => Form::Nfd,
            NormalizeArg::Nfkc => Form::Nfkc,
            NormalizeArg::Nfkd => Form::Nfkd,
        }))
}

/// A note when a label means something else than its name (WHATWG meanings: `latin1` is
/// windows-1252, `utf-16` is UTF-16LE), so that it never happens silently; said once: not when
/// resolving the label said it already.
fn label_note(option: &str, label: &str, encoding: &'static Encoding) {
    if super::resolve_label(label).is_ok_and(|r| r.note.is_some()) {
        return;
    }
    const SURPRISING: [&str; 7] = [
        "iso-8859-1",
        "latin1",
        "l1",
        "ascii",
        "us-ascii",
        "iso_8859-1:1987",
        "utf-16",
    ];
    let label = label.trim().to_ascii_lowercase();
    if SURPRISING.contains(&label.as_str()) {
        eprintln!(
            "charscope: note: {option} {label} means {encoding}: {}",
            encoding.notes().first().copied().unwrap_or_default()
        );
    }
}

/// `--to utf-16` and `--to utf-32` write a byte order mark, then little-endian, as iconv does
/// (unless `--bom strip`), and say so once; any other label gets its note, if it has one.
fn marked_target(
    args: &ConvertArgs,
    to: &'static Encoding,
    options: Options,
) -> (&'static Encoding, Options) {
    let Some(marked) = super::byte_order::marked_target(&args.to) else {
        label_note("--to", &args.to, to);
        return (to, options);
    };
    let label = args.to.trim();
    if options.bom == BomAction::Strip {
        eprintln!(
            "charscope: note: --to {label} writes {marked} with no byte order mark (--bom strip)"
        );
        return (marked, options);
    }
    let mark = marked
        .bom()
        .map(charscope::hex::hex_pairs)
        .unwrap_or_default();
    let le = marked.name().to_ascii_lowercase();
    eprintln!(
        "charscope: note: --to {label} writes a byte order mark ({mark}), then {marked}, as iconv \
         does; --to {le} or {} writes no mark",
        le.replace("le", "be")
    );
    (marked, options.with_bom(BomAction::Add))
}

/// Runs `charscope convert`: the source and target settled and checked, then each input
/// converted to standard output, one file, a directory or in place.
pub fn run(args: &ConvertArgs, ctx: &Ctx) -> Result<Outcome> {
    let from = resolve_from(args.from.label())?;
    let to = super::encoding_for(&args.to)?;
    if !from.auto {
        label_note("--from", args.from.label(), from.encoding);
    }
    let (to, options) = marked_target(args, to, options(args));
    check_target(to, &options)?;
    let inputs = inputs_of(&args.files);
    let job = Job {
        from,
        to,
        options,
        verbose: args.verbose,
        json: ctx.json,
        progress: !args.no_progress && !ctx.json,
        hint: "--errors replace, skip (-c), html or escape converts anyway; escape loses nothing",
    };
    if args.in_place {
        if inputs.iter().any(|i| matches!(i, Input::Stdin)) {
            bail!("--in-place needs files: standard input cannot be replaced");
        }
        let targets = inputs
            .iter()
            .map(|i| match i {
                Input::File(p) => p.clone(),
                Input::Stdin => unreachable!(),
            })
            .collect();
        return to_files(&job, &inputs, targets, true);
    }
    match &args.output {
        Some(out)
            if out.is_dir()
                || (inputs.len() > 1 && out.as_os_str().to_string_lossy().ends_with('/')) =>
        {
            let targets = dir_targets(out, &inputs)?;
            to_files(&job, &inputs, targets, false)
        }
        Some(out) => to_one_file(&job, &inputs, out),
        None if ctx.json => to_stdout_json(&job, &inputs),
        None => to_stdout(&job, &inputs),
    }
}

/// Refuses a target that cannot be written (a decode-only encoding, or one whose shift state
/// spans the whole text, which `encode` writes instead); notes a `--bom add` it has no mark for.
fn check_target(to: &'static charscope::Encoding, options: &Options) -> Result<()> {
    if !to.can_encode() {
        bail!("{to} can only decode, not encode: choose another --to");
    }
    if let Err(e @ charscope::encode::EncodeError::NotStreamable(_)) =
        Transcoder::new(charscope::encoding::UTF_8, to, Options::default())
    {
        bail!(
            "{e}: `charscope encode --to {} --file FILE` writes it from UTF-8 text",
            to.name()
        );
    }
    if options.bom == BomAction::Add && to.bom().is_none() {
        eprintln!("charscope: note: {to} has no byte order mark; --bom add writes none");
    }
    Ok(())
}

/// The inputs FILE... names, in order (`-` is standard input), or standard input alone.
fn inputs_of(files: &[PathBuf]) -> Vec<Input> {
    if files.is_empty() {
        return vec![Input::Stdin];
    }
    files
        .iter()
        .map(|p| {
            if crate::input::is_stdin(p) {
                Input::Stdin
            } else {
                Input::File(p.clone())
            }
        })
        .collect()
}

/// `-o DIR`: the directory made if need be, and each input's file of the same name inside it
/// (standard input, which has no name, is refused).
fn dir_targets(out: &Path, inputs: &[Input]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out)
        .with_context(|| format!("cannot create the directory {}", shown_path(out)))?;
    let mut targets = Vec::new();
    for input in inputs {
        let Input::File(p) = input else {
            bail!("-o DIR needs files: standard input has no name to write under");
        };
        let name = p
            .file_name()
            .with_context(|| format!("{} has no file name", shown_path(p)))?;
        targets.push(out.join(name));
    }
    Ok(targets)
}

fn outcome(clean: bool) -> Outcome {
    if clean {
        Outcome::Clean
    } else {
        Outcome::Problems
    }
}

/// Every input, one after the other, to standard output; stops at the first strict error.
fn to_stdout(job: &Job, inputs: &[Input]) -> Result<Outcome> {
    // Standard output written straight to its descriptor: whole chunks, no line buffering.
    let mut sink = CountingWriter::new(OutputFile::stdout()?);
    let mut clean = true;
    let mut unreadable = super::batch::Unreadable::new(inputs.len());
    for input in inputs {
        let Some(ended) = unreadable.check(job.stream(input, &mut sink, true))? else {
            continue;
        };
        let written = format!("{} bytes written to standard output", sink.written);
        clean &= job.report(input, None, &ended, &written);
        if ended.error.is_some() {
            break;
        }
    }
    unreadable.finish(outcome(clean))
}

/// `--json` without `-o`: one JSON line per input, the converted bytes in it as `"hex"` (as
/// `encode --json` gives them), streamed, then the summary's fields.
fn to_stdout_json(job: &Job, inputs: &[Input]) -> Result<Outcome> {
    let mut out = std::io::BufWriter::with_capacity(CHUNK, OutputFile::stdout()?);
    let mut clean = true;
    let mut unreadable = super::batch::Unreadable::new(inputs.len());
    for input in inputs {
        // An input that cannot be opened is said before its JSON line is begun; one that
        // fails later ends the batch (its line is cut short).
        out.flush()?;
        if unreadable.check(input.open())?.is_none() {
            continue;
        }
        out.write_all(b"{\"file\":")?;
        serde_json::to_writer(&mut out, &input.name()).map_err(std::io::Error::from)?;
        out.write_all(b",\"hex\":\"")?;
        let ended = {
            let mut sink = HexWriter {
                inner: &mut out,
                first: true,
            };
            job.stream(input, &mut sink, false)
                .map_err(|e| e.context(super::batch::CutShort(input.name())))?
        };
        out.write_all(b"\"")?;
        // The summary's other fields follow, in the order `-o` writes them.
        let summary = serde_json::to_string(&job.summary(input, None, &ended))?;
        let file = format!("{{\"file\":{}", serde_json::to_string(&input.name())?);
        let rest = summary
            .strip_prefix(&file)
            .expect("the summary starts with its file");
        out.write_all(rest.as_bytes())?;
        out.write_all(b"\n")?;
        clean &= ended.error.is_none() && ended.stats.malformed + ended.stats.unmappable == 0;
        if ended.error.is_some() {
            break;
        }
    }
    out.flush()?;
    unreadable.finish(outcome(clean))
}

/// Writes bytes as upper-case hex pairs separated by spaces.
struct HexWriter<'a, W: Write> {
    inner: &'a mut W,
    first: bool,
}

impl<W: Write> Write for HexWriter<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
        let mut text = Vec::with_capacity(buf.len() * 3);
        for &b in buf {
            if !std::mem::take(&mut self.first) {
                text.push(b' ');
            }
            text.push(DIGITS[usize::from(b >> 4)]);
            text.push(DIGITS[usize::from(b & 0xF)]);
        }
        self.inner.write_all(&text)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Every input into one file, through a temporary file renamed when all succeeded (or
/// directly, onto a device or a FIFO).
fn to_one_file(job: &Job, inputs: &[Input], out: &Path) -> Result<Outcome> {
    let file = OutputFile::create(out)?;
    let shown = file.shown().to_string();
    let is_direct = file.is_direct();
    let mut clean = true;
    let mut failed = false;
    let mut sink = CountingWriter::new(std::io::BufWriter::with_capacity(CHUNK, file));
    // An input that cannot be read is said, and the others are still read (so that every one
    // is named), but the file is written only when all were.
    let mut unreadable = super::batch::Unreadable::new(inputs.len());
    for input in inputs {
        let Some(ended) = unreadable.check(job.stream(input, &mut sink, true))? else {
            continue;
        };
        let written = if is_direct {
            format!("{} bytes written to {shown}", sink.written)
        } else {
            format!("no file written ({shown} left as it was)")
        };
        clean &= job.report(input, Some(&shown), &ended, &written);
        if ended.error.is_some() {
            failed = true;
            break;
        }
    }
    let file = sink.inner.into_inner().map_err(|e| e.into_error())?;
    if !failed && unreadable.count() == 0 {
        file.commit()?;
    } else if unreadable.count() > 0 && !is_direct {
        eprintln!("charscope: no file written ({shown} left as it was)");
    }
    unreadable.finish(outcome(clean))
}

/// Each input to its own target (a file in a directory, or itself in place), in parallel.
fn to_files(job: &Job, inputs: &[Input], targets: Vec<PathBuf>, in_place: bool) -> Result<Outcome> {
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Result<bool>>>> =
        inputs.iter().map(|_| Mutex::new(None)).collect();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(inputs.len())
        .max(1);
    let show_progress = workers == 1;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= inputs.len() {
                        break;
                    }
                    let result =
                        convert_file(job, &inputs[i], &targets[i], in_place, show_progress);
                    if let Err(e) = &result {
                        eprintln!("charscope: error: {}", sanitize(&format!("{e:#}")));
                    }
                    *results[i].lock().expect("no worker panics") = Some(result);
                }
            });
        }
    });
    let mut clean = true;
    let mut errors = 0;
    for result in results {
        match result.into_inner().expect("no worker panics") {
            Some(Ok(c)) => clean &= c,
            Some(Err(_)) | None => errors += 1,
        }
    }
    if errors > 0 {
        bail!("{errors} input(s) could not be converted");
    }
    Ok(outcome(clean))
}

fn convert_file(
    job: &Job,
    input: &Input,
    target: &Path,
    in_place: bool,
    show_progress: bool,
) -> Result<bool> {
    let file = if in_place {
        OutputFile::replacing(target)?
    } else {
        OutputFile::create(target)?
    };
    let shown = file.shown().to_string();
    let is_direct = file.is_direct();
    let mut sink = CountingWriter::new(std::io::BufWriter::with_capacity(CHUNK, file));
    let ended = job.stream(input, &mut sink, show_progress)?;
    let written = if is_direct {
        format!("{} bytes written to {shown}", sink.written)
    } else if in_place {
        format!("{shown} left as it was")
    } else {
        format!("no file written ({shown} left as it was)")
    };
    let clean = job.report(input, Some(&shown), &ended, &written);
    let file = sink.inner.into_inner().map_err(|e| e.into_error())?;
    if ended.error.is_none() {
        file.commit()?;
    }
    Ok(clean)
}

/// A writer that counts what it wrote.
struct CountingWriter<W> {
    inner: W,
    written: u64,
}

impl<W: Write> CountingWriter<W> {
    fn new(inner: W) -> Self {
        CountingWriter { inner, written: 0 }
    }
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// `encode` from standard input or a file: UTF-8 text streamed to `to`, as `convert` would.
/// Under `--errors strict` the output stops at the first unmappable character, and the message
/// says how much was written.
pub fn stream_encode(
    file: Option<&Path>,
    to: &'static Encoding,
    args: &crate::args::EncodeArgs,
) -> Result<Outcome> {
    use crate::args::EncodeErrors;
    if !to.can_encode() {
        bail!("{to} can only decode, not encode: choose another --to");
    }
    let errors = match args.errors {
        EncodeErrors::Strict => ErrorPolicy::Strict,
        EncodeErrors::Replace => ErrorPolicy::Replace,
        EncodeErrors::Html => ErrorPolicy::Html,
    };
    let job = Job {
        from: From {
            encoding: charscope::encoding::UTF_8,
            auto: false,
        },
        to,
        options: Options::default()
            .with_errors(errors)
            .with_bom(if args.bom {
                BomAction::Add
            } else {
                BomAction::Keep
            }),
        verbose: false,
        json: false,
        progress: true,
        hint: "--errors replace or --errors html substitutes what has no form",
    };
    let input = match crate::input::named_file(file) {
        Some(p) => Input::File(p.to_path_buf()),
        None => Input::Stdin,
    };
    to_stdout(&job, &[input])
}
