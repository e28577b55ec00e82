//! `charscope scan`: hidden characters, bidi controls, lookalikes and colliding names in files,
//! directories (recursively, honouring .gitignore) and standard input.

use super::scan_config::Policy;
use crate::Outcome;
use crate::args::{ScanArgs, ScanFormat};
use crate::cmd::Ctx;
use crate::output::{Style, use_color};
use crate::terminal::sanitize;
use anyhow::{Context, Result};
use charscope::scan::{self, Finding, NameEntry, names::display_bytes};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Files found by walking a directory are skipped as binary when their first this many bytes
/// hold a NUL (as git and ripgrep decide); files named on the command line are always read.
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
    sink: std::io::BufWriter<std::io::StdoutLock<'static>>,
    sarif: Vec<Finding>,
    tally: Tally,
}

impl Out<'_> {
    /// The findings of one input: only its bidi controls under `--only bidi-control`.
    fn scan(&self, name: &str, bytes: &[u8]) -> Vec<Finding> {
        if self.policy.bidi_only() {
            scan::scan_bidi_controls(name, bytes)
        } else {
            scan::scan_bytes(name, bytes)
        }
    }

    fn findings(&mut self, findings: Vec<Finding>) -> Result<()> {
        for f in findings {
            if !self.policy.reports(&f) {
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
                        s.path(&sanitize(&f.path)),
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

/// How a path is shown: UTF-8 as is, other bytes as `\xNN`.
fn show(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        display_bytes(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned()
    }
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
        sink: std::io::BufWriter::new(std::io::stdout().lock()),
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
    for path in &paths {
        if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            out.tally.files += 1;
            let found = out.scan("<stdin>", &bytes);
            out.findings(found)?;
            continue;
        }
        if path.is_dir() {
            walk(path, args, &mut out, &mut directories)?;
        } else {
            directories
                .entry(path.parent().map(Path::to_path_buf).unwrap_or_default())
                .or_default()
                .push(NameEntry::new(show(path), &name_bytes(path)));
            scan_file(path, false, &mut out)?;
        }
    }
    for entries in directories.values() {
        out.findings(scan::scan_names(entries))?;
    }
    if format == ScanFormat::Sarif {
        let log = scan::sarif::log(&out.sarif, env!("CARGO_PKG_VERSION"));
        serde_json::to_writer_pretty(&mut out.sink, &log).map_err(std::io::Error::from)?;
        out.sink.write_all(b"\n")?;
    }
    out.sink.flush()?;
    let t = &out.tally;
    if format == ScanFormat::Text {
        let mut note = format!(
            "charscope: {} {} in {} {}",
            t.reported,
            if t.reported == 1 {
                "finding"
            } else {
                "findings"
            },
            t.files,
            if t.files == 1 { "file" } else { "files" }
        );
        if t.allowed > 0 {
            note.push_str(&format!(
                " ({} more allowed by the built-in allowances or the configuration)",
                t.allowed
            ));
        }
        if t.binary > 0 {
            note.push_str(&format!("; {} binary files skipped", t.binary));
        }
        eprintln!("{note}");
    }
    if t.errors > 0 {
        anyhow::bail!("{} inputs could not be read", t.errors);
    }
    Ok(if t.reported > 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

fn walk(
    root: &Path,
    args: &ScanArgs,
    out: &mut Out<'_>,
    directories: &mut BTreeMap<PathBuf, Vec<NameEntry>>,
) -> Result<()> {
    let mut builder = ignore::WalkBuilder::new(root);
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
    for entry in builder.build() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                eprintln!("charscope: error: {e}");
                out.tally.errors += 1;
                continue;
            }
        };
        let path = entry.path();
        if entry.depth() > 0 {
            directories
                .entry(path.parent().map(Path::to_path_buf).unwrap_or_default())
                .or_default()
                .push(NameEntry::new(show(path), &name_bytes(path)));
        }
        if entry.file_type().is_some_and(|t| t.is_file()) {
            scan_file(path, true, out)?;
        }
    }
    Ok(())
}

fn scan_file(path: &Path, walked: bool, out: &mut Out<'_>) -> Result<()> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!(
                "charscope: error: cannot read {}: {e}",
                sanitize(&show(path))
            );
            out.tally.errors += 1;
            return Ok(());
        }
    };
    if walked && bytes[..bytes.len().min(BINARY_SNIFF)].contains(&0) {
        out.tally.binary += 1;
        return Ok(());
    }
    out.tally.files += 1;
    let found = out.scan(&show(path), &bytes);
    out.findings(found)
}
