//! `charscope same A B`: are two strings the same, under five comparisons.

use crate::Outcome;
use crate::args::SameArgs;
use crate::cmd::Ctx;
use crate::input::read_text;
use crate::output::{Style, print_json, use_color};
use crate::terminal::sanitize;
use anyhow::Result;
use charscope::same::{Same, same};
use std::io::Write;

pub fn run(args: &SameArgs, ctx: &Ctx) -> Result<Outcome> {
    let read = |arg: &str| -> Result<String> {
        let text = read_text(arg)?;
        Ok(if args.escapes {
            charscope::escape::unescape(&text)?.to_string_lossy()
        } else {
            text
        })
    };
    let (a, b) = (read(&args.a)?, read(&args.b)?);
    let result = same(&a, &b);
    if ctx.json {
        print_json(&result)?;
    } else {
        print_human(&result, &Style::new(use_color(ctx.color, false)))?;
    }
    Ok(if result.checks[0].equal {
        Outcome::Clean
    } else {
        Outcome::Problems
    })
}

fn print_human(s: &Same, style: &Style) -> Result<()> {
    let mut out = crate::output::stdout();
    for check in &s.checks {
        let verdict = if check.equal {
            "same   ".to_string()
        } else {
            style.bad("differ ")
        };
        write!(
            out,
            "{}  {verdict} ",
            style.strong(&format!("{:8}", check.name))
        )?;
        match &check.first_difference {
            None => writeln!(out, "{}", check.description)?,
            Some(d) => {
                let side = |s: &charscope::same::Side| {
                    s.ch.as_ref().map_or("(the end)".to_string(), |c| c.label())
                };
                // The one counting rule: line:column from 1, byte offsets from 0 (the same in
                // both forms under this comparison: what comes before the difference is equal).
                let (line, column) = charscope::line_column(&check.a, d.a.offset);
                writeln!(
                    out,
                    "at {line}:{column} (byte offset {}): {} / {}",
                    d.a.offset,
                    side(&d.a),
                    side(&d.b)
                )?;
                if check.name != "bytes" {
                    writeln!(
                        out,
                        "{:8}           A {:?} ({})\n{:8}           B {:?} ({})",
                        "",
                        sanitize(&check.a),
                        check.a_hex,
                        "",
                        sanitize(&check.b),
                        check.b_hex
                    )?;
                }
            }
        }
    }
    let verdict = match s.same_as.as_deref() {
        Some("bytes") => "the same bytes".to_string(),
        Some(name) => format!("different bytes, the same under {name}"),
        None => "different under every comparison".to_string(),
    };
    writeln!(out, "\n{}", style.strong(&verdict))?;
    out.flush()?;
    Ok(())
}
