//! `charscope compare`: the same bytes under every encoding, detection's reading first, then the
//! most plausible; and
//! `charscope encode --to all`: the same text in every encoding.

use super::table::{Cell, Paint, Table, cell_text, truncate};
use crate::Outcome;
use crate::args::{CompareArgs, EncodeArgs};
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk, read_text};
use crate::output::{Style, print_json, use_color};
use anyhow::{Result, bail};
use charscope::compare;
use charscope::view::compare::CompareView;
use std::io::Write;

/// Compare decodes the whole input once per encoding; past this it is no longer a glance.
const MAX_BYTES: usize = 1 << 20;

/// How many columns of each reading the table shows.
const TEXT_COLUMNS: usize = 48;

/// Runs `charscope compare`: the input (at most [`MAX_BYTES`]) read under each encoding asked
/// for, as JSON or as a table.
pub fn run(args: &CompareArgs, ctx: &Ctx) -> Result<Outcome> {
    let encodings = selected_encodings(&args.encodings)?;
    let bytes = read_whole(&Source::from_args(&args.input)?)?;
    let view = charscope::view::compare::compare(&bytes, encodings, usize::MAX);
    if ctx.json {
        print_json(&view)?;
        return Ok(Outcome::Clean);
    }
    let style = Style::new(use_color(ctx.color, false));
    print_human(&bytes, &view, &style)?;
    Ok(Outcome::Clean)
}

/// The encodings `--encodings` names (an unknown label is refused), or every encoding.
fn selected_encodings(labels: &[String]) -> Result<Vec<&'static charscope::Encoding>> {
    if labels.is_empty() {
        return Ok(charscope::encoding::all().collect());
    }
    labels
        .iter()
        .map(|label| super::encoding_for(label))
        .collect()
}

/// The whole input, refused past [`MAX_BYTES`].
fn read_whole(source: &Source) -> Result<Vec<u8>> {
    let name = source.name();
    let mut bytes = Vec::new();
    for_each_chunk(source.open()?, &name, |chunk, _| {
        if bytes.len() + chunk.len() > MAX_BYTES {
            bail!("{name} is over {MAX_BYTES} bytes; compare a sample of it");
        }
        bytes.extend_from_slice(chunk);
        Ok(())
    })?;
    Ok(bytes)
}

/// The human view: a line saying what is compared, the table of readings, how they are
/// ranked and what detection said.
fn print_human(bytes: &[u8], view: &CompareView, style: &Style) -> Result<()> {
    let detection = charscope::detect::detect(bytes);
    let mut out = crate::output::stdout();
    writeln!(
        out,
        "{} byte(s) under {} encoding(s), the detected reading first, then the most plausible:",
        bytes.len(),
        view.readings.len()
    )?;
    out.write_all(readings_table(view).render(style).as_bytes())?;
    writeln!(
        out,
        "{}",
        style.dim(
            "The detected reading (*) comes first; the others are ranked by malformed sequences, \
             then suspicious characters (controls, private use, unassigned), then plausibility as \
             text (bits per character against typical text of its language; higher is better). \
             \"=\" ties with the row above."
        )
    )?;
    writeln!(
        out,
        "{}",
        style.dim(&format!(
            "* detected: {}",
            crate::terminal::sanitize(&detection.summary())
        ))
    )?;
    out.flush()?;
    Ok(())
}

/// One row per reading, in the view's order: its place (`=` for a tie), the encoding (`*` for
/// the detected one), its counts, score and the start of its text.
fn readings_table(view: &CompareView) -> Table {
    let mut table = Table::new(&[
        "#",
        "encoding",
        "malformed",
        "U+FFFD",
        "suspicious",
        "bits/char",
        "text",
    ])
    .right(&[0, 2, 3, 4, 5]);
    for (rank, row) in view.readings.iter().enumerate() {
        let count = |n: usize| {
            if n == 0 {
                Cell::new("0", Paint::Dim)
            } else {
                Cell::new(n.to_string(), Paint::Bad)
            }
        };
        let mark = if Some(row.encoding) == view.detected {
            " *"
        } else {
            ""
        };
        let place = if row.tie {
            "=".to_string()
        } else {
            (rank + 1).to_string()
        };
        table.row(vec![
            Cell::new(place, Paint::Dim),
            Cell::new(format!("{}{mark}", row.encoding.name()), Paint::Name),
            count(row.malformed),
            count(row.replacements),
            count(row.suspicious),
            format!("{:+.2}", row.score).into(),
            truncate(&cell_text(&row.text), TEXT_COLUMNS).into(),
        ]);
    }
    table
}

/// `charscope encode --to all TEXT`: the bytes and byte count of the text in every encoding,
/// and which cannot represent it. JSON: one `encode` object per encoding (JSON Lines), with
/// `representable`.
pub fn encode_all(args: &EncodeArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let text = read_text(args.text.as_deref().unwrap_or("-"))?;
    let rows = compare::encodings(&text, charscope::encoding::all());
    if ctx.json {
        for row in &rows {
            print_json(row)?;
        }
        return Ok(Outcome::Clean);
    }
    let style = Style::new(use_color(color, false));
    let utf8 = text.len();
    let mut table = Table::new(&["encoding", "bytes", "vs UTF-8", "hex"]).right(&[1, 2]);
    for row in &rows {
        let hex = if row.representable {
            Cell::new(truncate(&row.hex, TEXT_COLUMNS), Paint::Plain)
        } else {
            let chars: String = row.unmappable.iter().map(|u| u.ch).collect();
            Cell::new(
                truncate(
                    &format!("cannot represent {}", cell_text(&chars)),
                    TEXT_COLUMNS,
                ),
                Paint::Bad,
            )
        };
        let size = if row.representable {
            row.length.to_string()
        } else {
            "-".into()
        };
        let ratio = if row.representable && utf8 > 0 {
            format!("{:.0}%", 100.0 * row.length as f64 / utf8 as f64)
        } else {
            String::new()
        };
        table.row(vec![
            Cell::new(row.encoding.name(), Paint::Name),
            size.into(),
            Cell::new(ratio, Paint::Dim),
            hex,
        ]);
    }
    let mut out = crate::output::stdout();
    writeln!(
        out,
        "{} in every encoding ({} code point(s), {} UTF-8 byte(s)):",
        cell_text(&text),
        text.chars().count(),
        utf8
    )?;
    out.write_all(table.render(&style).as_bytes())?;
    out.flush()?;
    Ok(Outcome::Clean)
}
