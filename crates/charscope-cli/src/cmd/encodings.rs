//! `charscope encodings`: the registry, with every label and every warning about labels.

use crate::Outcome;
use crate::args::EncodingsArgs;
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::Result;
use charscope::encoding;
use std::io::Write;

pub fn run(_args: &EncodingsArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    if ctx.json {
        print_json(&charscope::view::encodings::encodings())?;
        return Ok(Outcome::Clean);
    }
    let style = Style::new(use_color(color, false));
    let mut out = std::io::stdout().lock();
    for enc in encoding::all() {
        let origin = if enc.is_whatwg() {
            ""
        } else {
            "  (not in browsers)"
        };
        writeln!(out, "{}{}", style.strong(enc.name()), style.dim(origin))?;
        writeln!(out, "  labels: {}", enc.labels().join(", "))?;
        for note in enc.notes() {
            writeln!(out, "  note: {note}")?;
        }
    }
    out.flush()?;
    Ok(Outcome::Clean)
}
