//! `charscope detect`: the encoding of unknown bytes, with confidence, reasons and alternatives.
//! Each input is read in chunks into a bounded-memory detector.

use crate::Outcome;
use crate::args::DetectArgs;
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, print_json, use_color};
use crate::terminal::sanitize;
use anyhow::Result;
use charscope::detect::{Detection, Detector, Method, Status};
use std::io::{IsTerminal, Write};

/// Reads one source into a detector (the one function every `--from auto` uses too).
pub fn detect_source(source: &Source, declared: Option<&str>) -> Result<Detection> {
    let mut detector = Detector::new();
    if let Some(label) = declared {
        detector = detector.with_declared(label);
    }
    for_each_chunk(source.open()?, &source.name(), |chunk, _| {
        detector.feed(chunk);
        Ok(())
    })?;
    let mut d = detector.finish();
    d.file = Some(source.json_name());
    Ok(d)
}

fn sources(args: &DetectArgs) -> Result<Vec<Source>> {
    if let Some(bytes) = crate::input::dump_arg(args.hex.as_deref(), args.dump.as_deref())? {
        return Ok(vec![Source::Inline(bytes)]);
    }
    if args.files.is_empty() {
        return Ok(vec![Source::Stdin]);
    }
    Ok(args
        .files
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                Source::Stdin
            } else {
                Source::File(p.clone())
            }
        })
        .collect())
}

pub fn run(args: &DetectArgs, ctx: &Ctx) -> Result<Outcome> {
    // An unknown label is refused as everywhere else, before any input is read.
    if let Some(label) = &args.declared {
        super::resolve_label(label)?;
    }
    let style = Style::new(use_color(ctx.color, ctx.json) && std::io::stdout().is_terminal());
    let sources = sources(args)?;
    let several = sources.len() > 1;
    let mut unreadable = super::batch::Unreadable::new(sources.len());
    for source in &sources {
        let Some(d) = unreadable.check(detect_source(source, args.declared.as_deref()))? else {
            continue;
        };
        if ctx.json {
            print_json(&d)?;
        } else {
            print_human(&d, several, &style)?;
        }
    }
    unreadable.finish(Outcome::Clean)
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

fn print_human(d: &Detection, several: bool, style: &Style) -> Result<()> {
    let mut out = crate::output::stdout();
    let name = d.file.as_deref().unwrap_or("<input>");
    let answer = match d.encoding {
        Some(e) => style.strong(e.name()),
        None => style.bad(&format!("{:?}", d.method).to_lowercase()),
    };
    let head = if several {
        format!("{}: ", style.path(&crate::terminal::name(name)))
    } else {
        String::new()
    };
    let method = format!("{:?}", d.method).to_lowercase();
    let mut certainty = match d.method {
        Method::Statistics | Method::Segments => format!("confidence {}", pct(d.confidence)),
        _ if d.encoding.is_some() && d.confidence >= 1.0 => "certain".to_string(),
        _ if d.encoding.is_some() => format!("confidence {}", pct(d.confidence)),
        _ => "no encoding".to_string(),
    };
    let uncertain = d.status == Status::Uncertain && d.encoding.is_some();
    if uncertain {
        certainty = format!("uncertain, best guess, {certainty}");
    }
    let lang = d
        .language
        .map(|l| format!(", language {l}"))
        .unwrap_or_default();
    writeln!(out, "{head}{answer} ({method}, {certainty}{lang})")?;
    for r in &d.reasons {
        writeln!(out, "  - {}", sanitize(r))?;
    }
    if !d.segments.is_empty() {
        writeln!(out, "  segments:")?;
        for s in &d.segments {
            writeln!(
                out,
                "    bytes {}..{} ({} bytes): {}",
                s.offset,
                s.offset + s.length,
                s.length,
                s.encoding
            )?;
        }
    }
    if let Some(decl) = &d.declared {
        let mark = if decl.agrees { "agrees" } else { "DISAGREES" };
        let mark = if decl.agrees {
            style.dim(mark)
        } else {
            style.bad(mark)
        };
        writeln!(out, "  declared ({mark}): {}", sanitize(&decl.reason))?;
    }
    if !d.alternatives.is_empty() {
        let title = if uncertain {
            "other candidates"
        } else {
            "alternatives"
        };
        writeln!(out, "  {title}:")?;
        for a in &d.alternatives {
            writeln!(out, "    {} ({})", a.encoding, pct(a.confidence))?;
            for r in a.reasons.iter().take(3) {
                writeln!(out, "      {}", style.dim(&sanitize(r)))?;
            }
        }
    }
    Ok(())
}
