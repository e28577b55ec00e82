//! `charscope char`: name, properties and encodings of characters; search by name.

use super::inspect::{bits_cell, spaced};
use super::table::{Cell, Paint, Table, cell_text};
use crate::Outcome;
use crate::args::CharArgs;
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::{Result, bail};
use charscope::charinfo::details::{CharDetails, SurrogateDetails};
use charscope::charinfo::{names, parse_code_point_value};
use std::io::Write;

pub fn run(args: &CharArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let style = Style::new(use_color(color, ctx.json));
    if let Some(query) = &args.search {
        return search(query, args, ctx, &style);
    }
    let items = read_chars(args.chars.as_deref().unwrap_or_default())?;
    if ctx.json {
        for item in &items {
            match item {
                Item::Char(details) => print_json(details.as_ref())?,
                Item::Surrogate(details) => print_json(details.as_ref())?,
            }
        }
        return Ok(Outcome::Clean);
    }
    let mut out = crate::output::stdout();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let text = match item {
            Item::Char(details) => render(details, &style),
            Item::Surrogate(details) => render_surrogate(details, &style),
        };
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(Outcome::Clean)
}

/// One thing `char` describes: a character, or a surrogate code point (not a character).
enum Item {
    Char(Box<CharDetails>),
    Surrogate(Box<SurrogateDetails>),
}

/// What an argument names: code points (`U+00E9 U+0301`, `U+D800`), or the characters of text.
fn read_chars(arg: &str) -> Result<Vec<Item>> {
    let tokens: Vec<&str> = arg.split_whitespace().collect();
    let looks_like_code_points = !tokens.is_empty()
        && tokens
            .iter()
            .all(|t| t.starts_with("U+") || t.starts_with("u+"));
    if looks_like_code_points {
        return tokens
            .iter()
            .map(|t| {
                let value = parse_code_point_value(t)?;
                Ok(match char::from_u32(value) {
                    Some(c) => Item::Char(Box::new(CharDetails::of(c))),
                    None => Item::Surrogate(Box::new(
                        SurrogateDetails::of(value).expect("only surrogates are not chars"),
                    )),
                })
            })
            .collect();
    }
    if arg.is_empty() {
        bail!("no character given");
    }
    Ok(arg
        .chars()
        .map(|c| Item::Char(Box::new(CharDetails::of(c))))
        .collect())
}

/// The human view of one character: a line with the character, its code point and name, then
/// a table of its properties, normal forms and encodings.
fn render(details: &CharDetails, style: &Style) -> String {
    let info = &details.info;
    let mut out = format!(
        "{}  {}  {}\n",
        cell_text(&info.display),
        style.path(&info.code_point),
        style.strong(&info.name)
    );
    let mut t = Table::new(&[]);
    push_properties(&mut t, details);
    push_forms_and_bytes(&mut t, details);
    out.push_str(&t.render(style));
    out
}

/// One row of the table: the key, dim, and its value.
fn field(t: &mut Table, key: &str, value: Cell) {
    t.row(vec![Cell::new(key, Paint::Dim), value]);
}

/// The character's properties: decimal value, category, script, block, plane, width and
/// bidi class.
fn push_properties(t: &mut Table, details: &CharDetails) {
    let info = &details.info;
    field(t, "decimal", details.decimal.to_string().into());
    field(
        t,
        "category",
        format!(
            "{} {}",
            info.general_category,
            spaced(info.general_category_name)
        )
        .into(),
    );
    field(t, "script", spaced(info.script).into());
    field(t, "block", details.block_name.as_str().into());
    field(
        t,
        "plane",
        format!(
            "{} {}{}",
            info.plane.number,
            info.plane.name,
            if info.plane.abbreviation.is_empty() {
                String::new()
            } else {
                format!(" ({})", info.plane.abbreviation)
            }
        )
        .into(),
    );
    field(
        t,
        "width",
        format!(
            "East Asian Width {} ({}), {} terminal column{}",
            info.east_asian_width,
            info.east_asian_width_name,
            info.columns,
            if info.columns == 1 { "" } else { "s" }
        )
        .into(),
    );
    field(
        t,
        "bidi class",
        format!("{} {}", details.bidi_class, spaced(details.bidi_class_name)).into(),
    );
}

/// Its decomposition, HTML reference, normalization forms (where they change it) and its
/// bytes in UTF-8, UTF-16 and UTF-32, with the bit layouts.
fn push_forms_and_bytes(t: &mut Table, details: &CharDetails) {
    let info = &details.info;
    if let Some(d) = &details.decomposition {
        field(
            t,
            "decomposition",
            format!("{} ({}, {})", cell_text(&d.escaped), d.code_points, d.kind).into(),
        );
    }
    if let Some(entity) = &details.html_entity {
        field(t, "HTML", format!("{entity} &#{};", details.decimal).into());
    } else {
        field(t, "HTML", format!("&#{};", details.decimal).into());
    }
    for form in &details.normalization {
        let same = form.text.chars().eq(std::iter::once(info.ch));
        field(
            t,
            form.form,
            if same {
                Cell::new("unchanged", Paint::Dim)
            } else {
                format!("{} ({})", cell_text(&form.escaped), form.code_points).into()
            },
        );
    }
    field(t, "UTF-8", info.utf8.as_str().into());
    field(t, "UTF-8 bits", bits_cell(&info.utf8_layout));
    field(t, "UTF-16", info.utf16.as_str().into());
    field(t, "UTF-16 bits", bits_cell(&info.utf16_layout));
    field(t, "UTF-16BE", info.utf16be.as_str().into());
    field(t, "UTF-16LE", info.utf16le.as_str().into());
    field(t, "UTF-32BE", info.utf32be.as_str().into());
    field(t, "UTF-32LE", info.utf32le.as_str().into());
}

fn render_surrogate(details: &SurrogateDetails, style: &Style) -> String {
    let mut out = format!(
        "{}  {}\n",
        style.path(&details.code_point),
        style.strong(&details.name)
    );
    let mut t = Table::new(&[]);
    let mut field = |key: &str, value: Cell| t.row(vec![Cell::new(key, Paint::Dim), value]);
    field("decimal", details.decimal.to_string().into());
    field(
        "category",
        format!(
            "{} {}",
            details.general_category, details.general_category_name
        )
        .into(),
    );
    field("block", details.block_name.into());
    field("plane", format!("0 {} (BMP)", details.plane.name).into());
    field("is", details.description.as_str().into());
    field(
        "UTF-16",
        format!("{} (alone: unpaired)", details.utf16).into(),
    );
    field(
        "UTF-8",
        format!(
            "none ({} in CESU-8 and WTF-8, malformed in UTF-8)",
            details.generalized_utf8
        )
        .into(),
    );
    field("UTF-32", Cell::new("none (ill-formed)", Paint::Bad));
    out.push_str(&t.render(style));
    out
}

fn search(query: &str, args: &CharArgs, ctx: &Ctx, style: &Style) -> Result<Outcome> {
    let limit = if args.limit == 0 {
        usize::MAX
    } else {
        args.limit
    };
    let mut total = 0;
    let mut shown = Vec::new();
    for hit in names::search(query) {
        total += 1;
        if shown.len() < limit {
            shown.push(hit);
        }
    }
    if ctx.json {
        print_json(&shown)?;
        return Ok(Outcome::Clean);
    }
    let mut out = crate::output::stdout();
    if shown.is_empty() {
        writeln!(out, "no character's name has all of: {}", cell_text(query))?;
        return Ok(Outcome::Clean);
    }
    let mut t = Table::new(&["code point", "char", "name"]);
    for hit in &shown {
        t.row(vec![
            Cell::new(hit.code_point.clone(), Paint::Name),
            cell_text(&charscope::charinfo::visible(hit.ch)).into(),
            match &hit.alias {
                Some(alias) => format!("{} (alias {alias})", hit.name).into(),
                None => hit.name.as_str().into(),
            },
        ]);
    }
    out.write_all(t.render(style).as_bytes())?;
    if total > shown.len() {
        writeln!(
            out,
            "{}",
            style.dim(&format!(
                "{} of {total} shown; --limit 0 shows all",
                shown.len()
            ))
        )?;
    }
    out.flush()?;
    Ok(Outcome::Clean)
}
