//! `charscope encode`: text -> bytes in any encoding, with every unmappable character reported.

use crate::Outcome;
use crate::args::{EncodeArgs, EncodeErrors};
use crate::cmd::Ctx;
use crate::output::{Style, print_json, use_color};
use anyhow::{Context, Result};
use charscope::encode::{EncodeError, Encoded, Substitute, Unmappable, encode};
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

/// Runs `charscope encode`: standard input and files streamed where the encoding allows it,
/// otherwise the whole text encoded at once; exit 1 when `--errors strict` refuses.
pub fn run(args: &EncodeArgs, ctx: &Ctx) -> Result<Outcome> {
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
    let text = whole_text(args, arg, whole)?;
    let substitute = substitute_of(args.errors);
    note_before(args, encoding, &text);
    let encoded = encode(&text, encoding, args.bom, substitute)?;
    let refused = args.errors == EncodeErrors::Strict && !encoded.unmappable.is_empty();
    let style = Style::new(use_color(ctx.color, ctx.json));
    if ctx.json {
        // The same value as the web API's: with --errors strict and an unmappable character,
        // nothing is written (`"refused": true`, no bytes), as in text mode.
        let mut view =
            charscope::view::encode::encode(&text, encoding, args.bom, substitute, args.format)?;
        view.label_note = super::label_note(&args.to);
        print_json(&view)?;
    } else if refused {
        report_refused(&encoded, encoding, &text, &style);
    } else {
        write_encoded(args, &text, &encoded, substitute)?;
    }
    Ok(if refused {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// The text encoded whole: the file's, or TEXT (`-`: standard input) with its escapes read
/// under `--escapes`. A file is streamed, never read whole, so `--file` with `--json`,
/// `--format` or `--escapes` (`whole`) is refused.
fn whole_text(args: &EncodeArgs, arg: &str, whole: bool) -> Result<String> {
    if let Some(path) = args.file.as_deref().filter(|_| whole) {
        anyhow::bail!(
            "--file {} cannot be combined with --json, --format or --escapes",
            crate::input::shown_path(path)
        );
    }
    match &args.file {
        Some(path) => read_text_file(path),
        None => super::escapes::read_text_arg(arg, args.escapes),
    }
}

/// What `--errors` writes for a character the encoding cannot represent.
fn substitute_of(errors: EncodeErrors) -> Substitute {
    match errors {
        EncodeErrors::Strict => Substitute::Omit,
        EncodeErrors::Replace => Substitute::Question,
        EncodeErrors::Html => Substitute::Html,
    }
}

/// The notes said before encoding, on standard error: a `--bom` the encoding has no mark for,
/// and half-width katakana that ISO-2022-JP changes.
fn note_before(args: &EncodeArgs, encoding: &'static charscope::Encoding, text: &str) {
    if args.bom && encoding.bom().is_none() {
        eprintln!(
            "charscope: note: {encoding} has no byte order mark; --bom writes nothing more \
             (UTF-8, UTF-16 and UTF-32 have one)"
        );
    }
    if let Some(note) = katakana_note(text, encoding) {
        eprintln!("charscope: note: {note}");
    }
}

/// `--errors strict` refused: each character that cannot be encoded, then why nothing was
/// written, on standard error.
fn report_refused(
    encoded: &Encoded,
    encoding: &'static charscope::Encoding,
    text: &str,
    style: &Style,
) {
    for u in &encoded.unmappable {
        eprintln!(
            "charscope: {}: {} cannot be encoded",
            encoding.name(),
            style.bad(&describe(u, text))
        );
    }
    eprintln!(
        "charscope: nothing written: {} character(s) have no {} form; choose --errors replace or --errors html to substitute them",
        encoded.unmappable.len(),
        encoding.name()
    );
}

/// The bytes on standard output (raw, or as `--format` asks), then, if characters were
/// substituted, how many and the first.
fn write_encoded(
    args: &EncodeArgs,
    text: &str,
    encoded: &Encoded,
    substitute: Substitute,
) -> Result<()> {
    let mut out = crate::output::stdout();
    match args.format {
        Some(format) => writeln!(
            out,
            "{}",
            charscope::view::formats::write(text, &encoded.bytes, format)
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
            describe(&encoded.unmappable[0], text)
        );
    }
    Ok(())
}
