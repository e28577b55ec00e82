//! `charscope inspect`: everything about one input, as the web page shows it.

use super::table::{Cell, Paint, Table, cell_text, heading, truncate};
use crate::Outcome;
use crate::args::InspectArgs;
use crate::cmd::Ctx;
use crate::input::{open_file, read_dump, read_text_file, shown_path};
use crate::output::{Style, print_json, use_color};
use anyhow::{Context, Result, bail};
use charscope::charinfo::{CharInfo, bits};
use charscope::dump::ParseOptions;
use charscope::report::{self, Report, UnitWhat};
use charscope::text::metrics::MODELS;
use charscope::text::normalization::Form;
use std::io::{Read, Write};

/// Inspect shows every character: past this many bytes the view is no longer useful.
const MAX_BYTES: u64 = 1 << 20;

pub fn run(args: &InspectArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let report = read_report(args)?;
    if ctx.json {
        print_json(&report)?;
    } else {
        let style = Style::new(use_color(color, false));
        let mut out = crate::output::stdout();
        out.write_all(render(&report, &style).as_bytes())?;
        out.flush()?;
    }
    Ok(Outcome::Clean)
}

fn read_report(args: &InspectArgs) -> Result<Report> {
    // `--from auto` is the default: a byte order mark, else UTF-8 if valid, else windows-1252.
    let label = Some(args.from.label()).filter(|l| !l.trim().eq_ignore_ascii_case("auto"));
    let bytes = match (&args.text, &args.file, &args.inline.hex, &args.inline.dump) {
        (Some(text), _, _, _) if text != "-" => {
            if label.is_some() {
                bail!(
                    "--from applies to bytes (--file, --hex or standard input), not to a TEXT argument"
                );
            }
            if std::path::Path::new(text).is_file() {
                eprintln!(
                    "charscope: note: \"{}\" is also the name of a file; this inspects the text \
                     itself (use --file to inspect the file's bytes)",
                    crate::terminal::sanitize(text)
                );
            }
            return Ok(report::inspect_text_window(text, window(args)));
        }
        // `--file -` is standard input, as everywhere: it falls to the last arm.
        (_, Some(path), _, _) if !crate::input::is_stdin(path) => {
            read_capped(open_file(path)?, &shown_path(path))?
        }
        // A dump's `*` lines may stand for gigabytes: the cap of files holds for dumps too.
        (_, _, Some(hex), _) => read_dump(hex, &capped(), "--hex").map_err(too_large)?.bytes,
        (_, _, _, Some(path)) => {
            let text = read_text_file(Some(path))?;
            read_dump(&text, &capped(), &shown_path(path))
                .map_err(too_large)?
                .bytes
        }
        _ => read_capped(std::io::stdin().lock(), "<stdin>")?,
    };
    Ok(report::inspect_bytes_window(
        &bytes,
        super::library_label(label)?.as_deref(),
        window(args),
    )?)
}

/// The rows `--rows` asks for: the first N units (all for 0).
fn window(args: &InspectArgs) -> report::UnitWindow {
    report::UnitWindow {
        start: 0,
        limit: if args.rows == 0 {
            usize::MAX
        } else {
            args.rows
        },
    }
}

/// Dumps read under the cap of files.
fn capped() -> ParseOptions {
    ParseOptions::default().with_max_bytes(MAX_BYTES)
}

/// A dump over the cap: the same advice as for a file over it.
fn too_large(e: anyhow::Error) -> anyhow::Error {
    if e.to_string()
        .contains(&format!("at most {MAX_BYTES} are read here"))
    {
        e.context(format!(
            "inspect lists every character, of {MAX_BYTES} bytes at most (use `charscope \
             validate --dump` or `charscope decode --dump` for large inputs)"
        ))
    } else {
        e
    }
}

fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        bail!(
            "{name} is over {MAX_BYTES} bytes; inspect lists every character (use `charscope validate` or `charscope decode` for large inputs)"
        );
    }
    Ok(bytes)
}

fn source_text(report: &Report) -> &'static str {
    report.encoding_source.description()
}

/// A bit layout as a cell: marker bits dim, payload bits strong.
pub fn bits_cell(layout: &[bits::Field]) -> Cell {
    let mut parts = Vec::new();
    for field in layout {
        if !parts.is_empty() {
            parts.push((" ".to_string(), Paint::Plain));
        }
        if !field.marker.is_empty() {
            parts.push((field.marker.clone(), Paint::Dim));
            parts.push((" ".to_string(), Paint::Plain));
        }
        parts.push((field.payload.clone(), Paint::Strong));
    }
    Cell::parts(parts)
}

/// The per-character encodings table: bit layouts and bytes in every Unicode encoding form.
pub fn encodings_table(chars: &[&CharInfo]) -> Table {
    let mut table = Table::new(&[
        "char",
        "code point",
        "UTF-8 bits",
        "UTF-8",
        "UTF-16 bits",
        "UTF-16BE",
        "UTF-16LE",
        "UTF-32BE",
        "UTF-32LE",
    ]);
    for info in chars {
        table.row(vec![
            cell_text(&info.display).into(),
            Cell::new(info.code_point.clone(), Paint::Name),
            bits_cell(&info.utf8_layout),
            info.utf8.as_str().into(),
            bits_cell(&info.utf16_layout),
            info.utf16be.as_str().into(),
            info.utf16le.as_str().into(),
            info.utf32be.as_str().into(),
            info.utf32le.as_str().into(),
        ]);
    }
    table
}

/// A readable block or script name: "Latin_1_Supplement" -> "Latin 1 Supplement".
pub fn spaced(alias: &str) -> String {
    alias.replace('_', " ")
}

/// The human view of a report: the summary, then each section that has something to show.
pub fn render(report: &Report, style: &Style) -> String {
    let mut out = summary_table(report).render(style);
    push_lengths(&mut out, report, style);
    push_normalization(&mut out, report, style);
    if report.kind == report::InputKind::Bytes {
        push_bom_readings(&mut out, report, style);
    }
    push_units(&mut out, report, style);
    push_malformed(&mut out, report, style);
    push_notes(&mut out, report, style);
    out
}

/// The summary at the top: what the input is, its bytes, encoding, byte order mark, text and
/// how many sequences were malformed.
fn summary_table(report: &Report) -> Table {
    let mut summary = Table::new(&[]);
    summary.row(vec![
        Cell::new("input", Paint::Strong),
        format!(
            "{} ({} byte{})",
            if report.kind == report::InputKind::Text {
                "text"
            } else {
                "bytes"
            },
            report.byte_length,
            if report.byte_length == 1 { "" } else { "s" }
        )
        .into(),
    ]);
    if report.kind == report::InputKind::Bytes {
        summary.row(vec![
            Cell::new("bytes", Paint::Strong),
            truncate(&report.hex, 3 * 32).into(),
        ]);
    }
    summary.row(vec![
        Cell::new("encoding", Paint::Strong),
        Cell::parts(vec![
            (report.encoding.name().to_string(), Paint::Name),
            (format!(" ({})", source_text(report)), Paint::Dim),
        ]),
    ]);
    if let Some(bom) = report.bom {
        summary.row(vec![
            Cell::new("bom", Paint::Strong),
            format!("a {bom} byte order mark was removed before decoding").into(),
        ]);
    }
    summary.row(vec![
        Cell::new("text", Paint::Strong),
        cell_text(&report.text).into(),
    ]);
    if report.replacements > 0 {
        summary.row(vec![
            Cell::new("malformed", Paint::Strong),
            Cell::new(
                format!(
                    "{} sequence(s), each replaced by one U+FFFD",
                    report.replacements
                ),
                Paint::Bad,
            ),
        ]);
    }
    summary
}

/// "Lengths of the text": the text's length in each model that counts it.
fn push_lengths(out: &mut String, report: &Report, style: &Style) {
    out.push('\n');
    out.push_str(&heading(style, "Lengths of the text"));
    let mut lengths = Table::new(&[]).right(&[1]);
    for (model, value) in MODELS.iter().zip(report.lengths.values()) {
        lengths.row(vec![
            model.counts.into(),
            value.to_string().into(),
            Cell::new(model.used_by, Paint::Dim),
        ]);
    }
    out.push_str(&lengths.render(style));
}

/// "Normalization": whether the text is in each form, and what the form makes of it if not.
fn push_normalization(out: &mut String, report: &Report, style: &Style) {
    out.push('\n');
    out.push_str(&heading(style, "Normalization"));
    let n = &report.normalization;
    let mut forms = Table::new(&[]);
    for form in Form::ALL {
        let is = *n.is.get(form);
        let mut row = vec![
            Cell::new(form.name(), Paint::Strong),
            if is {
                "yes".into()
            } else {
                Cell::new("no", Paint::Bad)
            },
        ];
        if let Some(hex) = n.hex_if_changed.get(form) {
            row.push(cell_text(hex).into());
        } else {
            row.push(Cell::new("the text as given", Paint::Dim));
        }
        forms.row(row);
    }
    out.push_str(&forms.render(style));
}

/// "Byte order mark": how browsers and the Unicode Standard read the leading bytes, and where
/// they disagree (only when the report has readings).
fn push_bom_readings(out: &mut String, report: &Report, style: &Style) {
    let Some(bom) = &report.bom_readings else {
        return;
    };
    out.push('\n');
    out.push_str(&heading(style, "Byte order mark"));
    let mut t = Table::new(&[]);
    for (who, reading) in [
        ("browsers (WHATWG)", bom.readings.whatwg),
        ("Unicode Standard", bom.readings.unicode),
    ] {
        t.row(vec![
            who.into(),
            match reading {
                Some(b) => format!("{} ({} bytes)", b.encoding, b.len).into(),
                None => Cell::new("none", Paint::Dim),
            },
        ]);
    }
    out.push_str(&t.render(style));
    if let Some(sentence) = &bom.disagreement {
        out.push_str(&format!("  {}\n", style.bad(sentence)));
    }
}

/// "Units": each character or malformed sequence row by row, how many were left out, and
/// "Encodings" for the characters among them.
fn push_units(out: &mut String, report: &Report, style: &Style) {
    out.push('\n');
    out.push_str(&heading(style, "Units"));
    if report.units.is_empty() {
        out.push_str(&format!("  {}\n", style.dim("none: the input is empty")));
        return;
    }
    out.push_str(&units_table(report).render(style));
    let unlisted = report
        .lengths
        .code_points
        .saturating_sub(report.units.len());
    if unlisted > 0 {
        out.push_str(&format!(
            "  {}\n",
            style.dim(&format!(
                "... and {unlisted} more character(s), counted above but not listed (--rows 0 lists them all)"
            ))
        ));
    }
    let chars: Vec<&CharInfo> = report
        .units
        .iter()
        .filter_map(|u| match &u.what {
            UnitWhat::Char(info) => Some(info.as_ref()),
            UnitWhat::Malformed { .. } => None,
        })
        .collect();
    if !chars.is_empty() {
        out.push('\n');
        out.push_str(&heading(style, "Encodings"));
        out.push_str(&encodings_table(&chars).render(style));
    }
}

/// "Malformed sequences": each one with its offset, bytes, kind and reason (none: nothing).
fn push_malformed(out: &mut String, report: &Report, style: &Style) {
    if report.malformed.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(&heading(style, "Malformed sequences"));
    let mut t = Table::new(&["offset", "bytes", "kind", "reason"]).right(&[0]);
    for m in &report.malformed {
        t.row(vec![
            Cell::new(m.offset().to_string(), Paint::Dim),
            m.hex().into(),
            Cell::new(m.kind.as_str(), Paint::Bad),
            cell_text(&m.reason()).into(),
        ]);
    }
    out.push_str(&t.render(style));
}

/// The notes at the end: the report's own, then what `charscope fix` would make of mojibake.
fn push_notes(out: &mut String, report: &Report, style: &Style) {
    for note in &report.notes {
        out.push_str(&format!("\n{} {}\n", style.strong("note:"), note));
    }
    if let Some(m) = &report.mojibake {
        let steps: Vec<String> = m
            .steps
            .iter()
            .map(|s| format!("encode {}, decode {}", s.encode, s.decode))
            .collect();
        out.push_str(&format!(
            "\n{} this looks like mojibake; `charscope fix` would make it \"{}\" ({})\n",
            style.strong("note:"),
            cell_text(&m.repaired),
            steps.join("; then ")
        ));
    }
}

fn units_table(report: &Report) -> Table {
    let mut table = Table::new(&[
        "offset",
        "bytes",
        "cluster",
        "char",
        "code point",
        "name",
        "gc",
        "script",
        "block",
        "plane",
        "eaw",
        "cols",
    ])
    .right(&[0, 2, 11]);
    for unit in &report.units {
        let mut row: Vec<Cell> = vec![
            Cell::new(unit.offset.to_string(), Paint::Dim),
            unit.hex.as_str().into(),
            Cell::new(unit.grapheme.to_string(), Paint::Dim),
        ];
        match &unit.what {
            UnitWhat::Char(info) => row.extend([
                cell_text(&info.display).into(),
                Cell::new(info.code_point.clone(), Paint::Name),
                if info.name_is_alias {
                    Cell::new(info.name.clone(), Paint::Dim)
                } else {
                    info.name.as_str().into()
                },
                info.general_category.into(),
                spaced(info.script).into(),
                charscope::charinfo::blocks::block_name(info.block).into(),
                format!("{} {}", info.plane.number, info.plane.abbreviation)
                    .trim_end()
                    .to_string()
                    .into(),
                info.east_asian_width.into(),
                info.columns.to_string().into(),
            ]),
            UnitWhat::Malformed { malformed, .. } => row.extend([
                "\u{FFFD}".into(),
                Cell::new(malformed.kind.as_str(), Paint::Bad),
                Cell::new("malformed sequence", Paint::Bad),
            ]),
        }
        table.row(row);
    }
    table
}
