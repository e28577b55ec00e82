//! `charscope char`: name, properties and encodings of characters; search by name.

use super::inspect::{bits_cell, spaced};
use super::table::{Cell, Paint, Table, cell_text};
use crate::Outcome;
use crate::args::CharArgs;
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::{Result, bail};
use charscope::charinfo::{CharInfo, names, parse_code_point};
use std::io::Write;

pub fn run(args: &CharArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    let style = Style::new(use_color(color, ctx.json));
    if let Some(query) = &args.search {
        return search(query, args, ctx, &style);
    }
    let chars = read_chars(args.chars.as_deref().unwrap_or_default())?;
    let infos: Vec<CharInfo> = chars.into_iter().map(CharInfo::of).collect();
    if ctx.json {
        for info in &infos {
            print_json(info)?;
        }
        return Ok(Outcome::Clean);
    }
    let mut out = std::io::stdout().lock();
    for (i, info) in infos.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        out.write_all(render(info, &style).as_bytes())?;
    }
    out.flush()?;
    Ok(Outcome::Clean)
}

/// The characters an argument names: code points (`U+00E9 U+0301`), or the characters of text.
fn read_chars(arg: &str) -> Result<Vec<char>> {
    let tokens: Vec<&str> = arg.split_whitespace().collect();
    let looks_like_code_points = !tokens.is_empty()
        && tokens
            .iter()
            .all(|t| t.starts_with("U+") || t.starts_with("u+"));
    if looks_like_code_points {
        return Ok(tokens
            .iter()
            .map(|t| parse_code_point(t))
            .collect::<Result<_, _>>()?);
    }
    if arg.is_empty() {
        bail!("no character given");
    }
    Ok(arg.chars().collect())
}

fn render(info: &CharInfo, style: &Style) -> String {
    let mut out = format!(
        "{}  {}  {}\n",
        cell_text(&info.display),
        style.path(&info.code_point),
        style.strong(&info.name)
    );
    let mut t = Table::new(&[]);
    let mut field = |key: &str, value: Cell| t.row(vec![Cell::new(key, Paint::Dim), value]);
    field(
        "category",
        format!(
            "{} {}",
            info.general_category,
            spaced(info.general_category_name)
        )
        .into(),
    );
    field("script", spaced(info.script).into());
    field("block", spaced(info.block).into());
    field(
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
    field("UTF-8", info.utf8.as_str().into());
    field("UTF-8 bits", bits_cell(&info.utf8_layout));
    field("UTF-16", info.utf16.as_str().into());
    field("UTF-16 bits", bits_cell(&info.utf16_layout));
    field("UTF-16BE", info.utf16be.as_str().into());
    field("UTF-16LE", info.utf16le.as_str().into());
    field("UTF-32BE", info.utf32be.as_str().into());
    field("UTF-32LE", info.utf32le.as_str().into());
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
    let mut out = std::io::stdout().lock();
    if shown.is_empty() {
        writeln!(out, "no character's name has all of: {}", cell_text(query))?;
        return Ok(Outcome::Clean);
    }
    let mut t = Table::new(&["code point", "char", "name"]);
    for hit in &shown {
        t.row(vec![
            Cell::new(hit.code_point.clone(), Paint::Name),
            cell_text(&charscope::charinfo::visible(hit.ch)).into(),
            hit.name.as_str().into(),
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
