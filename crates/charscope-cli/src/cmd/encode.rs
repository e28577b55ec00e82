//! `charscope encode`: text -> bytes in any encoding, with every unmappable character reported.

use crate::Outcome;
use crate::args::{EncodeArgs, EncodeErrors};
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::{Context, Result};
use charscope::encode::{EncodeError, Substitute, Unmappable, encode};
use charscope::encoding::UTF_8;
use charscope::transcode::{Options, Transcoder};
use std::io::Write;

/// The character for people, where it is in `text`: `line:column` from 1 and the byte offset
/// (in the text's UTF-8) from 0, the one counting rule.
fn describe(u: &Unmappable, text: &str) -> String {
    let (line, column) = charscope::line_column(text, u.utf8_offset);
    format!(
        "{line}:{column} (byte offset {}): U+{:04X} '{}'",
        u.utf8_offset,
        u32::from(u.ch),
        crate::terminal::sanitize(&u.ch.to_string())
    )
}

/// ISO-2022-JP has no half-width katakana: the WHATWG encoder writes each as its full-width
/// form (index-iso-2022-jp-katakana), so decoding gives back other characters than were given.
fn katakana_note(text: &str, encoding: &'static charscope::Encoding) -> Option<String> {
    if encoding.name() != "ISO-2022-JP" {
        return None;
    }
    let count = text
        .chars()
        .filter(|c| ('\u{FF61}'..='\u{FF9F}').contains(c))
        .count();
    (count > 0).then(|| {
        format!(
            "ISO-2022-JP has no half-width katakana: {count} character(s) U+FF61-U+FF9F are \
             written as their full-width forms (U+FF76 becomes U+30AB), so the bytes decode to \
             other characters than were given"
        )
    })
}

/// A file of UTF-8 text, read whole.
fn read_text_file(path: &std::path::Path) -> Result<String> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("cannot read {}", crate::input::shown_path(path)))?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{} is not valid UTF-8 at byte offset {} (use `charscope decode` to see why)",
            crate::input::shown_path(path),
            e.utf8_error().valid_up_to()
        )
    })
}

pub fn run(args: &EncodeArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    if args.to.eq_ignore_ascii_case("all") {
        return super::compare::encode_all(args, ctx);
    }
    let encoding = super::encoding_for(&args.to)?;
    let arg = args.text.as_deref().unwrap_or("-");
    let whole = ctx.json || args.format.is_some() || args.escapes;
    // UTF-7 and ISO-2022-KR shift state over the whole text: they are encoded whole.
    let streams = !matches!(
        Transcoder::new(UTF_8, encoding, Options::default()),
        Err(EncodeError::NotStreamable(_))
    );
    if streams && (args.file.is_some() || (arg == "-" && !whole)) {
        // Standard input or a file: streamed through the transcoder, in bounded memory.
        return super::convert::stream_encode(args.file.as_deref(), encoding, args);
    }
    if let Some(path) = args.file.as_deref().filter(|_| whole) {
        anyhow::bail!(
            "--file {} cannot be combined with --json, --format or --escapes",
            crate::input::shown_path(path)
        );
    }
    let text = match &args.file {
        Some(path) => read_text_file(path)?,
        None => super::escapes::read_text_arg(arg, args.escapes)?,
    };
    let substitute = match args.errors {
        EncodeErrors::Strict => Substitute::Omit,
        EncodeErrors::Replace => Substitute::Question,
        EncodeErrors::Html => Substitute::Html,
    };
    if args.bom && encoding.bom().is_none() {
        eprintln!(
            "charscope: note: {encoding} has no byte order mark; --bom writes nothing more \
             (UTF-8, UTF-16 and UTF-32 have one)"
        );
    }
    if let Some(note) = katakana_note(&text, encoding) {
        eprintln!("charscope: note: {note}");
    }
    let encoded = encode(&text, encoding, args.bom, substitute)?;
    let refused = args.errors == EncodeErrors::Strict && !encoded.unmappable.is_empty();
    let style = Style::new(use_color(color, ctx.json));
    if ctx.json {
        // The same value as the web API's: with --errors strict and an unmappable character,
        // nothing is written (`"refused": true`, no bytes), as in text mode.
        let mut view =
            charscope::view::encode::encode(&text, encoding, args.bom, substitute, args.format)?;
        view.label_note = super::label_note(&args.to);
        print_json(&view)?;
    } else if refused {
        for u in &encoded.unmappable {
            eprintln!(
                "charscope: {}: {} cannot be encoded",
                encoding.name(),
                style.bad(&describe(u, &text))
            );
        }
        eprintln!(
            "charscope: nothing written: {} character(s) have no {} form; choose --errors replace or --errors html to substitute them",
            encoded.unmappable.len(),
            encoding.name()
        );
    } else {
        let mut out = crate::output::stdout();
        match args.format {
            Some(format) => writeln!(
                out,
                "{}",
                charscope::view::formats::write(&text, &encoded.bytes, format)
            )?,
            None => out.write_all(&encoded.bytes)?,
        }
        out.flush()?;
        if !encoded.unmappable.is_empty() {
            eprintln!(
                "charscope: {} unmappable character(s) substituted ({}): the first is {}",
                encoded.unmappable.len(),
                match substitute {
                    Substitute::Question => "with ?",
                    _ => "with HTML character references",
                },
                describe(&encoded.unmappable[0], &text)
            );
        }
    }
    Ok(if refused {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}
