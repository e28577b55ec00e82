//! `charscope examples`: the ready examples; `examples NAME` inspects one and checks it.

use super::inspect::render;
use super::table::{Cell, Paint, Table, heading};
use crate::Outcome;
use crate::args::ExamplesArgs;
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::{Result, bail};
use charscope::examples::{self, Example, Input};
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct RunJson<'a> {
    name: &'a str,
    description: &'a str,
    source: &'a str,
    input: &'a Input,
    holds: bool,
    #[serde(flatten)]
    run: &'a examples::Run,
}

fn input_text(input: &Input) -> String {
    match input {
        Input::Bytes { hex, label } => match label {
            Some(label) => format!("bytes {hex}, read as {label}"),
            None => format!("bytes {hex}"),
        },
        Input::Text { text } => format!("text {}", super::table::cell_text(text)),
    }
}

pub fn run(args: &ExamplesArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let style = Style::new(use_color(color, ctx.json));
    let Some(name) = &args.name else {
        return list(ctx.json, &style);
    };
    let Some(example) = examples::find(name) else {
        let names: Vec<&str> = examples::all().iter().map(|e| e.name).collect();
        bail!(
            "no example called {name:?}; the examples are: {}",
            names.join(", ")
        );
    };
    run_one(example, ctx.json, &style)
}

fn list(json: bool, style: &Style) -> Result<Outcome> {
    let all = examples::all();
    if json {
        print_json(&charscope::view::examples::examples())?;
        return Ok(Outcome::Clean);
    }
    let mut t = Table::new(&["name", "description"]);
    for e in all {
        t.row(vec![Cell::new(e.name, Paint::Name), e.description.into()]);
    }
    let mut out = crate::output::stdout();
    out.write_all(t.render(style).as_bytes())?;
    writeln!(
        out,
        "{}",
        style.dim("Run one with `charscope examples NAME`.")
    )?;
    out.flush()?;
    Ok(Outcome::Clean)
}

fn run_one(example: &Example, json: bool, style: &Style) -> Result<Outcome> {
    let run = example.run()?;
    let holds = run.mismatches.is_empty();
    if json {
        print_json(&RunJson {
            name: example.name,
            description: example.description,
            source: example.source,
            input: &example.input,
            holds,
            run: &run,
        })?;
    } else {
        let mut out = String::new();
        out.push_str(&format!(
            "{}  {}\n",
            style.path(example.name),
            example.description
        ));
        out.push_str(&format!(
            "  {}\n",
            style.dim(&format!("from: {}", example.source))
        ));
        out.push_str(&format!("  {}\n\n", input_text(&example.input)));
        out.push_str(&heading(style, "Expected"));
        for fact in &run.expected {
            out.push_str(&format!("  {fact}\n"));
        }
        out.push('\n');
        out.push_str(&render(&run.report, style));
        out.push('\n');
        if holds {
            out.push_str(&format!(
                "{}\n",
                style.strong("The expected outcome holds.")
            ));
        } else {
            out.push_str(&format!(
                "{}\n",
                style.bad("The expected outcome does not hold:")
            ));
            for m in &run.mismatches {
                out.push_str(&format!("  {m}\n"));
            }
        }
        let mut stdout = crate::output::stdout();
        stdout.write_all(out.as_bytes())?;
        stdout.flush()?;
    }
    Ok(if holds {
        Outcome::Clean
    } else {
        Outcome::Problems
    })
}
