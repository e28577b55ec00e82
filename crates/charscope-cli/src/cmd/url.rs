//! `charscope url`: each decoding layer a server may apply to a URL, and what it would see.

use crate::Outcome;
use crate::args::UrlArgs;
use crate::cmd::Ctx;
use crate::input::read_dump;
use crate::output::{Style, print_json, use_color};
use crate::terminal::sanitize;
use anyhow::{Context, Result};
use charscope::dump::ParseOptions;
use charscope::scan::url::{UrlReport, analyze};
use std::io::{Read, Write};

/// The most bytes `--hex` may stand for (a dump's `*` lines can stand for gigabytes): far more
/// than any URL.
const MAX_BYTES: u64 = 1 << 20;

pub fn run(args: &UrlArgs, ctx: &Ctx) -> Result<Outcome> {
    let bytes = match (&args.hex, args.string.as_deref()) {
        (Some(hex), _) => {
            let options = ParseOptions::default().with_max_bytes(MAX_BYTES);
            read_dump(hex, &options, "--hex")?.bytes
        }
        (None, Some("-")) => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            while matches!(bytes.last(), Some(b'\n' | b'\r')) {
                bytes.pop();
            }
            bytes
        }
        (None, Some(text)) => text.as_bytes().to_vec(),
        (None, None) => Vec::new(),
    };
    let report = analyze(&bytes);
    if ctx.json {
        print_json(&report)?;
    } else {
        print_human(&report, &Style::new(use_color(ctx.color, false)))?;
    }
    Ok(if report.findings.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Problems
    })
}

fn print_human(report: &UrlReport, style: &Style) -> Result<()> {
    let mut out = crate::output::stdout();
    let width = report
        .layers
        .iter()
        .map(|l| l.name.len())
        .max()
        .unwrap_or(0);
    for layer in &report.layers {
        writeln!(
            out,
            "{}  {}",
            style.strong(&format!("{:width$}", layer.name)),
            sanitize(&layer.output)
        )?;
    }
    if report.findings.is_empty() {
        writeln!(out, "\nno findings")?;
    } else {
        writeln!(out)?;
        for f in &report.findings {
            writeln!(
                out,
                "{} {} {}: {}",
                style.bad(f.code.as_str()),
                style.dim(&format!("at byte {}", f.offset)),
                style.dim(&format!("({})", f.layer)),
                sanitize(&f.detail)
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
