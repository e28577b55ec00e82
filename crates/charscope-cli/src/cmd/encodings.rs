//! `charscope encodings`: the registry, with every label and every warning about labels.

use crate::Outcome;
use crate::args::EncodingsArgs;
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::Result;
use charscope::decode::hex_pairs;
use charscope::encoding::{self, Family};
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct EncodingJson {
    name: &'static str,
    family: Family,
    whatwg: bool,
    labels: &'static [&'static str],
    bom: Option<String>,
    notes: &'static [&'static str],
}

pub fn run(_args: &EncodingsArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    if ctx.json {
        let list: Vec<EncodingJson> = encoding::all()
            .map(|enc| EncodingJson {
                name: enc.name(),
                family: enc.family(),
                whatwg: enc.is_whatwg(),
                labels: enc.labels(),
                bom: enc.bom().map(hex_pairs),
                notes: enc.notes(),
            })
            .collect();
        print_json(&list)?;
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
