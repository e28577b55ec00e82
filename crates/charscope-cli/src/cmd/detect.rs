//! `charscope detect`: the encoding of unknown bytes, with confidence, reasons and alternatives.
//! Each input is read in chunks into a bounded-memory detector.

use crate::Outcome;
use crate::args::DetectArgs;
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk, open_file};
use crate::output::{Style, print_json, use_color};
use crate::terminal::sanitize;
use anyhow::{Context, Result};
use charscope::detect::{Detection, Detector, Method, Status};
use std::io::{IsTerminal, Read, Write};

/// Reads one source into a detector (the one function every `--from auto` uses too).
pub fn detect_source(source: &Source, declared: Option<&str>) -> Result<Detection> {
    let mut detector = Detector::new();
    if let Some(label) = declared {
        detector = detector.with_declared(label);
    }
    if let Some(bytes) = small_file(source)? {
        detector.feed(&bytes);
    } else {
        for_each_chunk(source.open()?, &source.name(), |chunk, _| {
            detector.feed(chunk);
            Ok(())
        })?;
    }
    let mut d = detector.finish();
    d.file = Some(source.json_name());
    Ok(d)
}

/// How many inputs may be detected ahead of the first answer not written yet.
const AHEAD: usize = 64;

/// Files up to this size are read whole, at once: most files detect is given are a few
/// kilobytes, and the chunked reader's thread and buffers cost more than the reading.
const SMALL_FILE: u64 = 256 * 1024;

/// The bytes of `source` when it is a regular file of at most [`SMALL_FILE`] bytes (read whole);
/// `None` for anything else (standard input, a FIFO, a device, a larger file), which is read in
/// chunks.
fn small_file(source: &Source) -> Result<Option<Vec<u8>>> {
    let Source::File(path) = source else {
        return Ok(None);
    };
    let mut file = open_file(path)?;
    let small = file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() <= SMALL_FILE);
    if !small {
        return Ok(None);
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).with_context(|| {
        format!(
            "cannot read {} at byte offset {}",
            source.name(),
            bytes.len()
        )
    })?;
    Ok(Some(bytes))
}

pub fn run(args: &DetectArgs, ctx: &Ctx) -> Result<Outcome> {
    // An unknown label is refused as everywhere else, before any input is read.
    if let Some(label) = &args.declared {
        super::resolve_label(label)?;
    }
    let style = Style::new(use_color(ctx.color, ctx.json) && std::io::stdout().is_terminal());
    let sources = Source::all_from_args(&args.input)?;
    let several = sources.len() > 1;
    // Several inputs share the cores, their answers written in the order given; one that
    // cannot be read is named and the others still answered (exit 2 at the end).
    let threads = if several {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    };
    let mut unreadable = super::batch::Unreadable::new(sources.len());
    super::in_order::run(
        threads,
        AHEAD,
        |hand_out| (0..sources.len()).try_for_each(&mut *hand_out),
        |i| detect_source(&sources[i], args.declared.as_deref()),
        |done| {
            let Some(d) = unreadable.check(done)? else {
                return Ok(());
            };
            if ctx.json {
                print_json(&d)
            } else {
                print_human(&d, several, &style)
            }
        },
    )?;
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
