//! `charscope scan`: hidden characters, bidi controls, lookalikes and colliding names in files,
//! directories (recursively, honouring .gitignore) and standard input.

use super::scan_config::Policy;
use crate::Outcome;
use crate::args::{ScanArgs, ScanFormat};
use crate::cmd::Ctx;
use crate::cmd::scan_read::{Contents, with_file, with_stream};
use crate::output::{Style, use_color};
use crate::terminal::{sanitize, shown_path};
use anyhow::Result;
use charscope::scan::{self, Finding, NameEntry, ScanOptions};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Files found by walking a directory are skipped as binary when their first this many bytes
/// hold a NUL (as git and ripgrep decide), unless they start with a UTF-16 or UTF-32 byte order
/// mark; files named on the command line are always read.
const BINARY_SNIFF: usize = 8192;

/// What one run saw.
#[derive(Default)]
struct Tally {
    files: u64,
    binary: u64,
    reported: u64,
    allowed: u64,
    errors: u64,
}

struct Out<'a> {
    format: ScanFormat,
    style: Style,
    policy: &'a Policy,
    sink: std::io::BufWriter<crate::output::Stdout>,
    sarif: Vec<Finding>,
    tally: Tally,
}

impl Tally {
    /// The one line the text format ends with, on standard error: findings and files, what
    /// the allowances kept back, and binary files skipped.
    fn note(&self) -> String {
        let mut note = format!(
            "charscope: {} {} in {} {}",
            self.reported,
            if self.reported == 1 {
                "finding"
            } else {
                "findings"
            },
            self.files,
            if self.files == 1 { "file" } else { "files" }
        );
        if self.allowed > 0 {
            note.push_str(&format!(
                " ({} more allowed by the built-in allowances or the configuration)",
                self.allowed
            ));
        }
        if self.binary > 0 {
            let files = if self.binary == 1 { "file" } else { "files" };
            note.push_str(&format!("; {} binary {files} skipped", self.binary));
        }
        note
    }
}

impl Out<'_> {
    /// Ends the output: the SARIF log, gathered until now, is written whole; then the sink is
    /// flushed.
    fn finish(&mut self) -> Result<()> {
        if self.format == ScanFormat::Sarif {
            let log = scan::sarif::log(&self.sarif, env!("CARGO_PKG_VERSION"));
            serde_json::to_writer_pretty(&mut self.sink, &log).map_err(std::io::Error::from)?;
            self.sink.write_all(b"\n")?;
        }
        self.sink.flush()?;
        Ok(())
    }

    fn findings(&mut self, findings: Vec<Finding>) -> Result<()> {
        for f in findings {
            if !self.policy.reports(&f)? {
                self.tally.allowed += 1;
                continue;
            }
            self.tally.reported += 1;
            match self.format {
                ScanFormat::Sarif => self.sarif.push(f),
                ScanFormat::Json => {
                    serde_json::to_writer(&mut self.sink, &f).map_err(std::io::Error::from)?;
                    self.sink.write_all(b"\n")?;
                }
                ScanFormat::Text => {
                    let s = &self.style;
                    let place = match (f.line, f.column) {
                        (Some(line), Some(column)) => format!(":{line}:{column}"),
                        _ => String::new(),
                    };
                    writeln!(
                        self.sink,
                        "{}{}: {}: {}",
                        s.path(&crate::terminal::name(&f.path)),
                        s.dim(&place),
                        s.bad(f.code.as_str()),
                        sanitize(&f.message)
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// How a path is named in findings: UTF-8 as is, other bytes as `\xNN`.
fn show(path: &Path) -> String {
    crate::terminal::path_text(path)
}

fn name_bytes(path: &Path) -> Vec<u8> {
    let name = path.file_name().unwrap_or(path.as_os_str());
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        name.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        name.to_string_lossy().into_owned().into_bytes()
    }
}

/// Runs `charscope scan`: every input scanned (one large input by every core, several inputs
/// side by side, the findings in the order given), then the names of each directory.
pub fn run(args: &ScanArgs, ctx: &Ctx) -> Result<Outcome> {
    let policy = Policy::from_args(args)?;
    let format = args.format.unwrap_or(if ctx.json {
        ScanFormat::Json
    } else {
        ScanFormat::Text
    });
    let mut out = Out {
        format,
        style: Style::new(use_color(ctx.color, format != ScanFormat::Text)),
        policy: &policy,
        sink: std::io::BufWriter::new(crate::output::stdout()),
        sarif: Vec::new(),
        tally: Tally::default(),
    };
    let paths: Vec<PathBuf> = if args.paths.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.paths.clone()
    };
    // Entries of each directory, for the file-name checks.
    let mut directories: BTreeMap<PathBuf, Vec<NameEntry>> = BTreeMap::new();
    // The inputs, in order, handed to the scanning threads as they are found.
    let mut walk_errors = 0;
    let mut inputs = |push: &mut dyn FnMut(Job) -> Result<()>| -> Result<()> {
        walk_errors += hand_out(&paths, args, &mut directories, push)?;
        Ok(())
    };
    let bidi_only = policy.bidi_only();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = ScanOptions {
        threads: 1,
        max_invalid_utf8: args.max_invalid_utf8.0,
        max_per_code: args.max_findings.0,
    };
    if let [one] = paths.as_slice()
        && !one.is_dir()
    {
        // One input: the cores share it (when it is large).
        let options = ScanOptions {
            threads: cores,
            ..options
        };
        inputs(&mut |job| out.record(do_job(&job, bidi_only, options)))?;
    } else {
        super::in_order::run(
            cores,
            AHEAD,
            inputs,
            |job| do_job(&job, bidi_only, options),
            |done| out.record(done),
        )?;
    }
    out.tally.errors += walk_errors;
    for entries in directories.values() {
        out.findings(scan::scan_names(entries))?;
    }
    out.finish()?;
    let t = &out.tally;
    if format == ScanFormat::Text {
        eprintln!("{}", t.note());
    }
    if t.errors > 0 {
        let inputs = if t.errors == 1 { "input" } else { "inputs" };
        anyhow::bail!("{} {inputs} could not be read", t.errors);
    }
    Ok(if t.reported > 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// Hands each input to `push` in the order given: `-` as standard input, a file as itself (its
/// name listed under its directory, for the file-name checks), and directories named one after
/// another walked together; returns how many entries the walks could not read.
fn hand_out(
    paths: &[PathBuf],
    args: &ScanArgs,
    directories: &mut BTreeMap<PathBuf, Vec<NameEntry>>,
    push: &mut dyn FnMut(Job) -> Result<()>,
) -> Result<u64> {
    let mut walk_errors = 0;
    // Directories named one after another are walked together: the walk reads the git
    // configuration and builds the global ignore rules once for all of them (about 0.5 ms
    // a walk).
    let mut roots: Vec<&Path> = Vec::new();
    for path in paths {
        if !crate::input::is_stdin(path) && path.is_dir() {
            roots.push(path);
            continue;
        }
        if !roots.is_empty() {
            walk_errors += walk(&roots, args, directories, push)?;
            roots.clear();
        }
        if crate::input::is_stdin(path) {
            push(Job::Stdin)?;
        } else {
            directories
                .entry(path.parent().map(Path::to_path_buf).unwrap_or_default())
                .or_default()
                .push(NameEntry::new(show(path), &name_bytes(path)));
            push(Job::File {
                path: path.clone(),
                walked: false,
            })?;
        }
    }
    if !roots.is_empty() {
        walk_errors += walk(&roots, args, directories, push)?;
    }
    Ok(walk_errors)
}

/// Walks directories, one after another (honouring ignore files unless `--no-ignore`), listing
/// the names of each directory and handing each file to `push`; returns how many entries could
/// not be read.
fn walk(
    roots: &[&Path],
    args: &ScanArgs,
    directories: &mut BTreeMap<PathBuf, Vec<NameEntry>>,
    push: &mut dyn FnMut(Job) -> Result<()>,
) -> Result<u64> {
    let mut errors = 0;
    let (first, others) = roots.split_first().expect("one root at least");
    let mut builder = ignore::WalkBuilder::new(first);
    for root in others {
        builder.add(root);
    }
    builder
        .hidden(false)
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(|e| e.file_name() != ".git");
    if args.no_ignore {
        builder
            .ignore(false)
            .git_ignore(false)
            .git_global(false)
            .git_exclude(false);
    }
    // The names of the directory being listed, kept apart while its entries come one after
    // another: a look-up in `directories` for each entry compared paths component by component
    // (3% of a scan of 11,500 files).
    let mut listing: Option<(PathBuf, Vec<NameEntry>)> = None;
    let mut file_away = |listing: Option<(PathBuf, Vec<NameEntry>)>| {
        if let Some((dir, names)) = listing {
            directories.entry(dir).or_default().extend(names);
        }
    };
    for entry in builder.build() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                eprintln!("charscope: error: {}", sanitize(&e.to_string()));
                errors += 1;
                continue;
            }
        };
        let path = entry.path();
        if entry.depth() > 0 {
            let parent = path.parent().unwrap_or(Path::new(""));
            let name = NameEntry::new(show(path), &name_bytes(path));
            match &mut listing {
                Some((dir, names)) if dir.as_os_str() == parent.as_os_str() => names.push(name),
                _ => file_away(listing.replace((parent.to_path_buf(), vec![name]))),
            }
        }
        if entry.file_type().is_some_and(|t| t.is_file()) {
            push(Job::File {
                path: path.to_path_buf(),
                walked: true,
            })?;
        }
    }
    file_away(listing);
    Ok(errors)
}

/// One input to scan.
enum Job {
    Stdin,
    File { path: PathBuf, walked: bool },
}

/// What scanning one input gave.
enum Done {
    Findings(Vec<Finding>),
    /// A file found by walking that looks binary.
    Binary,
    /// A message for people.
    Error(String),
}

/// How many inputs the workers may finish ahead of the one being written.
const AHEAD: usize = 64;

/// Scans one input as `options` say (their threads may share the scan of a large one).
fn do_job(job: &Job, bidi_only: bool, options: ScanOptions) -> Done {
    let scan = |name: &str, bytes: &[u8]| {
        if bidi_only {
            scan::scan_bidi_controls_with(name, bytes, options)
        } else {
            scan::scan_bytes_with(name, bytes, options)
        }
    };
    match job {
        Job::Stdin => {
            // Read in bounded memory: a large stream is scanned from a temporary file.
            let scan_stdin = |contents: Contents<'_>| match contents {
                Contents::Whole(bytes) => Done::Findings(scan("<stdin>", bytes)),
                Contents::Large { file, .. } => scan_large("<stdin>", file, bidi_only, options)
                    .unwrap_or_else(|e| Done::Error(format!("cannot read standard input: {e}"))),
            };
            with_stream(std::io::stdin().lock(), BINARY_SNIFF, scan_stdin)
                .unwrap_or_else(|e| Done::Error(format!("cannot read standard input: {e}")))
        }
        Job::File { path, walked } => {
            let cannot =
                |e: std::io::Error| Done::Error(format!("cannot read {}: {e}", shown_path(path)));
            // (UTF-16 and UTF-32 text has NULs, and is scanned decoded: after a byte order mark,
            // or UTF-16 without one.)
            let binary = |head: &[u8]| {
                *walked
                    && scan::utf_of(head).is_none()
                    && head[..head.len().min(BINARY_SNIFF)].contains(&0)
            };
            let scan_file = |contents: Contents<'_>| match contents {
                Contents::Whole(bytes) if binary(bytes) => Done::Binary,
                Contents::Whole(bytes) => Done::Findings(scan(&show(path), bytes)),
                Contents::Large { head, .. } if binary(head) => Done::Binary,
                Contents::Large { file, .. } => {
                    scan_large(&show(path), file, bidi_only, options).unwrap_or_else(cannot)
                }
            };
            with_file(path, BINARY_SNIFF, scan_file).unwrap_or_else(cannot)
        }
    }
}

/// The scan of a large file, read in chunks by the options' threads.
#[cfg(unix)]
fn scan_large(
    name: &str,
    file: &std::fs::File,
    bidi_only: bool,
    options: ScanOptions,
) -> std::io::Result<Done> {
    let findings = if bidi_only {
        scan::scan_source_bidi_controls(name, file, options)
    } else {
        scan::scan_source(name, file, options)
    };
    findings.map(Done::Findings)
}

/// (Large files are read whole where files cannot be read at offsets.)
#[cfg(not(unix))]
fn scan_large(_: &str, _: &std::fs::File, _: bool, _: ScanOptions) -> std::io::Result<Done> {
    unreachable!("only Unix hands a large file over")
}

impl Out<'_> {
    fn record(&mut self, done: Done) -> Result<()> {
        match done {
            Done::Findings(findings) => {
                self.tally.files += 1;
                self.findings(findings)
            }
            Done::Binary => {
                self.tally.binary += 1;
                Ok(())
            }
            Done::Error(message) => {
                self.sink.flush()?;
                eprintln!("charscope: error: {message}");
                self.tally.errors += 1;
                Ok(())
            }
        }
    }
}
