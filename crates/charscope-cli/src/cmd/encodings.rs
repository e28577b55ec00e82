//! `charscope encodings`: the registry, with every label, Python's and iconv's names, what
//! `--labels iana` changes, and every warning about labels.

use crate::Outcome;
use crate::args::EncodingsArgs;
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::Result;
use charscope::encoding::{self, EncodingInfo};
use std::io::Write;

pub fn run(_args: &EncodingsArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let list: Vec<EncodingInfo> = encoding::all().map(encoding::info).collect();
    if ctx.json {
        print_json(&list)?;
        return Ok(Outcome::Clean);
    }
    let style = Style::new(use_color(color, false));
    let mut out = crate::output::stdout();
    for info in &list {
        let origin = if info.whatwg {
            ""
        } else {
            "  (not in browsers)"
        };
        writeln!(out, "{}{}", style.strong(info.name), style.dim(origin))?;
        writeln!(out, "  labels: {}", info.labels.join(", "))?;
        if !info.aliases.is_empty() {
            writeln!(out, "  Python/iconv names: {}", info.aliases.join(", "))?;
        }
        if !info.iana_labels.is_empty() {
            writeln!(
                out,
                "  with --labels iana also: {}",
                info.iana_labels.join(", ")
            )?;
        }
        // Grouped by what they mean instead: "ascii, us-ascii -> true-US-ASCII".
        let mut changes: Vec<(String, Vec<&str>)> = Vec::new();
        for change in &info.iana_changes {
            let target = change.iana.name().to_string();
            match changes.iter_mut().find(|(t, _)| *t == target) {
                Some((_, labels)) => labels.push(change.label),
                None => changes.push((target, vec![change.label])),
            }
        }
        for (target, labels) in changes {
            writeln!(
                out,
                "  with --labels iana, {} mean {target} instead",
                labels.join(", ")
            )?;
        }
        for note in info.notes {
            writeln!(out, "  note: {note}")?;
        }
    }
    writeln!(
        out,
        "\nLabels mean what they mean in browsers (WHATWG) unless --labels iana or \
         CHARSCOPE_LABELS=iana (now: {}); these labels change meaning with it:",
        ctx.labels
    )?;
    for d in encoding::iana_differences() {
        writeln!(out, "  {:<16} {} -> {}", d.label, d.whatwg, d.iana)?;
    }
    out.flush()?;
    Ok(Outcome::Clean)
}
