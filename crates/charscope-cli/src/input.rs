//! Reading byte and text input: files, `-` for stdin, and inline hex.

use crate::args::ByteInput;
use anyhow::{Context, Result, anyhow, bail};
use charscope::dump::{self, DumpBytes, LazyParsed, ParseOptions, Parsed};
use std::io::Read;
use std::path::Path;

/// Where the bytes of a command come from.
pub enum Source {
    /// Bytes read from a dump (`--hex`, `--dump`), its `*` lines expanded as they are read.
    Inline(DumpBytes),
    /// Standard input.
    Stdin,
    /// A file.
    File(std::path::PathBuf),
    /// Standard input already read into memory (for `--from auto`, which reads twice).
    Buffered(Vec<u8>),
}

impl Source {
    /// The one source an input argument names: `--hex` and `--dump` are read as dumps now. More
    /// than one FILE is an error: the command reads one input.
    pub fn from_args(input: &ByteInput) -> Result<Source> {
        let mut all = Source::all_from_args(input)?;
        if all.len() > 1 {
            bail!(
                "this command reads one input, and {} files were given",
                all.len()
            );
        }
        Ok(all.pop().unwrap_or(Source::Stdin))
    }

    /// Every source an input argument names, in order: the FILEs (`-` is standard input), or
    /// the bytes of `--hex` or `--dump`, or standard input when nothing is named.
    pub fn all_from_args(input: &ByteInput) -> Result<Vec<Source>> {
        if let Some(bytes) = dump_arg(input.inline.hex.as_deref(), input.inline.dump.as_deref())? {
            return Ok(vec![Source::Inline(bytes)]);
        }
        if input.files.is_empty() {
            return Ok(vec![Source::Stdin]);
        }
        Ok(input
            .files
            .iter()
            .map(|path| {
                if is_stdin(path) {
                    Source::Stdin
                } else {
                    Source::File(path.clone())
                }
            })
            .collect())
    }

    /// A name for messages to a terminal: the path (escaped, as any untrusted text), `<stdin>`
    /// or `<hex>`.
    pub fn name(&self) -> String {
        match self {
            Source::File(path) => shown_path(path),
            _ => self.json_name(),
        }
    }

    /// The name as JSON carries it: the path as it is (bytes that are not UTF-8 as `\xNN`),
    /// `<stdin>` or `<hex>`.
    pub fn json_name(&self) -> String {
        match self {
            Source::Inline(_) => "<hex>".into(),
            Source::Stdin | Source::Buffered(_) => "<stdin>".into(),
            Source::File(path) => crate::terminal::path_text(path),
        }
    }

    /// Opens the source as a reader.
    pub fn open(&self) -> Result<Box<dyn Read + Send>> {
        Ok(match self {
            Source::Inline(bytes) => Box::new(bytes.clone().into_reader()),
            Source::Buffered(bytes) => Box::new(std::io::Cursor::new(bytes.clone())),
            Source::Stdin => Box::new(std::io::stdin()),
            Source::File(path) => Box::new(open_file(path)?),
        })
    }

    /// The length in bytes, when known in advance.
    pub fn len(&self) -> Option<u64> {
        match self {
            Source::Inline(bytes) => Some(bytes.len()),
            Source::Buffered(bytes) => Some(bytes.len() as u64),
            Source::Stdin => None,
            Source::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
        }
    }
}

pub use crate::terminal::shown_path;

/// Opens a file for reading, with a message that names it. A directory is refused here, with
/// the system's own reason and its path (on Unix it opens, and only a read would fail).
pub fn open_file(path: &Path) -> Result<std::fs::File> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot open {}", shown_path(path)))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        let reason = (&file)
            .read(&mut [0u8; 1])
            .err()
            .unwrap_or_else(|| std::io::ErrorKind::IsADirectory.into());
        return Err(reason).with_context(|| format!("cannot read {}", shown_path(path)));
    }
    Ok(file)
}

/// How much `for_each_chunk` reads at a time.
const READ_CHUNK: usize = 256 * 1024;

/// Chunks read ahead of the one being worked on.
const READ_AHEAD: usize = 2;

/// The cache line: each buffer of `for_each_chunk` is read into from its first byte at a
/// cache-line boundary (the file offsets of its chunks are multiples of one), where the
/// kernel's copy from the page cache runs fastest (see `charscope::source::ReadBuf`).
const LINE: usize = 64;

/// Where the cache-line-aligned part of a buffer of `for_each_chunk` starts (`align_offset`
/// may give up: then the reads are only slower).
fn aligned_start(buf: &[u8]) -> usize {
    buf.as_ptr().align_offset(LINE) % LINE
}

/// Reads a chunk-at-a-time source to its end, calling `f(chunk, last)`; the final call has
/// `last` true (with an empty chunk if the input ended on a chunk boundary).
///
/// A thread reads the next chunks while `f` works on one (reading from the page cache costs as
/// much as validating), with a few buffers going round: memory stays bounded. When `f` fails,
/// the reading thread is left to end on its own (it may be waiting on a terminal).
pub fn for_each_chunk(
    reader: impl Read + Send + 'static,
    name: &str,
    mut f: impl FnMut(&[u8], bool) -> Result<()>,
) -> Result<()> {
    let (full_tx, full) =
        std::sync::mpsc::sync_channel::<std::io::Result<(Vec<u8>, usize)>>(READ_AHEAD);
    let (empty, empty_rx) = std::sync::mpsc::channel::<Vec<u8>>();
    for _ in 0..READ_AHEAD + 2 {
        empty
            .send(vec![0u8; READ_CHUNK + LINE])
            .expect("the channel is open");
    }
    std::thread::spawn(move || read_ahead(reader, &empty_rx, &full_tx));
    let mut offset: u64 = 0;
    loop {
        let (buf, n) = match full.recv() {
            Ok(Ok(chunk)) => chunk,
            Ok(Err(e)) => {
                return Err(e)
                    .with_context(|| format!("cannot read {name} at byte offset {offset}"));
            }
            Err(_) => anyhow::bail!("the reading thread of {name} ended at byte offset {offset}"),
        };
        if n == 0 {
            return f(&[], true);
        }
        offset += n as u64;
        let start = aligned_start(&buf);
        f(&buf[start..start + n], false)?;
        // The reader may have finished: a buffer it will not need is simply dropped.
        let _ = empty.send(buf);
    }
}

/// The reading thread of `for_each_chunk`: fills the buffers it is given and sends them back
/// with their length, until the end (a length of 0), an error or nobody listening.
fn read_ahead(
    mut reader: impl Read,
    empty: &std::sync::mpsc::Receiver<Vec<u8>>,
    full: &std::sync::mpsc::SyncSender<std::io::Result<(Vec<u8>, usize)>>,
) {
    while let Ok(mut buf) = empty.recv() {
        let start = aligned_start(&buf);
        let n = loop {
            match reader.read(&mut buf[start..start + READ_CHUNK]) {
                Ok(n) => break Ok(n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => break Err(e),
            }
        };
        let end = matches!(n, Ok(0) | Err(_));
        if full.send(n.map(|n| (buf, n))).is_err() || end {
            return;
        }
    }
}

/// Reads until `buf` is full or the input ends; returns how many bytes were read.
pub fn read_full(reader: &mut dyn Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Reads a dump or hex string of any format `dump::parse` knows, its bytes made whole under
/// the cap of `options` (see [`ParseOptions::max_bytes`]). The notes it has (the byte order of
/// words, a dump that starts past offset 0) go to standard error; an error names the line and
/// column.
pub fn read_dump(text: &str, options: &ParseOptions, name: &str) -> Result<Parsed> {
    let parsed = dump::parse(text, options).map_err(|e| anyhow!("{name}:{e}"))?;
    for warning in &parsed.warnings {
        eprintln!("charscope: note: {name}: {warning}");
    }
    Ok(parsed)
}

/// The most bytes a dump given with `--hex` or `--dump` may stand for in the commands that
/// stream its bytes (its `*` lines are expanded as they are read, never held whole).
pub const DUMP_MAX: u64 = dump::MAX_BYTES;

/// The bytes of `--hex TEXT` or `--dump FILE`, if one is given: read as a dump whose `*` lines
/// are expanded only as the bytes are read, up to [`DUMP_MAX`] bytes.
pub fn dump_arg(hex: Option<&str>, dump: Option<&Path>) -> Result<Option<DumpBytes>> {
    let parsed = match (hex, dump) {
        (Some(hex), _) => read_dump_lazy(hex, "--hex")?,
        (None, Some(path)) => read_dump_lazy(&read_text_file(Some(path))?, &shown_path(path))?,
        (None, None) => return Ok(None),
    };
    Ok(Some(parsed.bytes))
}

/// [`read_dump`] of a dump whose `*` lines are not expanded, up to [`DUMP_MAX`] bytes.
fn read_dump_lazy(text: &str, name: &str) -> Result<LazyParsed> {
    let parsed = dump::parse_lazy(text, &ParseOptions::default())
        .and_then(|p| p.check_len(DUMP_MAX).map(|()| p))
        .map_err(|e| anyhow!("{name}:{e}"))?;
    for warning in &parsed.warnings {
        eprintln!("charscope: note: {name}: {warning}");
    }
    Ok(parsed)
}

/// Whether a path argument is `-`, which names standard input for every command that reads.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The file a path argument names: `None` when there is none or it is `-` (standard input).
pub fn named_file(path: Option<&Path>) -> Option<&Path> {
    path.filter(|p| !is_stdin(p))
}

/// Reads a file (or `-`, standard input) as text.
pub fn read_text_file(path: Option<&Path>) -> Result<String> {
    let mut bytes = Vec::new();
    match named_file(path) {
        Some(p) => {
            open_file(p)?
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {}", shown_path(p)))?;
        }
        _ => {
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
        }
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{} is not text (invalid UTF-8 at byte offset {}): a dump is text",
            path.map_or("standard input".into(), shown_path),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Reads a TEXT argument: the text itself, or standard input for `-`.
pub fn read_text(arg: &str) -> Result<String> {
    if arg != "-" {
        return Ok(arg.to_string());
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            bail!(
                "standard input is not valid UTF-8 at byte offset {at} (use `charscope decode` to see why)"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::read_dump;
    use charscope::dump::ParseOptions;

    fn hex(text: &str) -> anyhow::Result<Vec<u8>> {
        read_dump(text, &ParseOptions::default(), "<hex>").map(|p| p.bytes)
    }

    #[test]
    fn hex_pairs_with_and_without_spaces() {
        assert_eq!(hex("C0 AF 41").unwrap(), vec![0xC0, 0xAF, 0x41]);
        assert_eq!(hex("c0af41").unwrap(), vec![0xC0, 0xAF, 0x41]);
        assert_eq!(hex("{0xC0, 0xAF, 0x41}").unwrap(), vec![0xC0, 0xAF, 0x41]);
        assert_eq!(hex("").unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn odd_digits_and_stray_text_name_the_line_and_column() {
        assert!(
            hex("C0 A 41")
                .unwrap_err()
                .to_string()
                .starts_with("<hex>:1:4:")
        );
        assert!(
            hex("C0A")
                .unwrap_err()
                .to_string()
                .starts_with("<hex>:1:1:")
        );
        assert!(
            hex("C0 zz")
                .unwrap_err()
                .to_string()
                .starts_with("<hex>:1:4:")
        );
    }
}
