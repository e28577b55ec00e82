//! One module per command.

mod char;
mod compare;
mod decode;
pub mod detect;
mod dump;
mod encode;
mod encodings;
mod escapes;
mod examples;
mod inspect;
mod serve;
mod table;
mod undump;
mod validate;

use crate::Outcome;
use crate::args::{Cli, ColorChoice, Command};
use anyhow::Result;

/// What every command needs besides its own arguments: the global options, resolved once.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// `--color`.
    pub color: ColorChoice,
    /// `--json`: print JSON (never coloured) instead of text.
    pub json: bool,
}

/// Runs the command the arguments name.
pub fn run(cli: Cli) -> Result<Outcome> {
    let ctx = Ctx {
        color: cli.color,
        json: cli.json,
    };
    match cli.command {
        Command::Decode(args) => decode::run(&args, &ctx),
        Command::Encode(args) => encode::run(&args, &ctx),
        Command::Validate(args) => validate::run(&args, &ctx),
        Command::Encodings(args) => encodings::run(&args, &ctx),
        Command::Serve(args) => serve::run(&args),
        Command::Inspect(args) => inspect::run(&args, &ctx),
        Command::Compare(args) => compare::run(&args, &ctx),
        Command::Char(args) => char::run(&args, &ctx),
        Command::Examples(args) => examples::run(&args, &ctx),
        Command::Dump(args) => dump::run(&args, &ctx),
        Command::Undump(args) => undump::run(&args, &ctx),
        Command::Detect(args) => detect::run(&args, &ctx),
    }
}

/// Resolves an encoding label, or explains why it names nothing.
pub fn encoding_for(label: &str) -> Result<&'static charscope::Encoding> {
    Ok(charscope::encoding::for_label(label)?)
}

/// Whether a `--from` value asks for detection.
pub fn is_auto(label: &str) -> bool {
    label.trim().eq_ignore_ascii_case("auto")
}

/// Resolves `--from` for one input: a label, or `auto`, which runs detection over the input
/// first (standard input is read into memory for it) and gives its answer on standard error.
/// Undetectable input (empty, binary) is read as UTF-8, so that every malformed sequence is named.
pub fn encoding_for_source(
    label: &str,
    source: &mut crate::input::Source,
) -> Result<&'static charscope::Encoding> {
    use crate::input::Source;
    use std::io::Read;
    if !is_auto(label) {
        return encoding_for(label);
    }
    if matches!(source, Source::Stdin) {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| anyhow::anyhow!("cannot read standard input: {e}"))?;
        *source = Source::Buffered(bytes);
    }
    let d = detect::detect_source(source, None)?;
    eprintln!(
        "charscope: note: {}: --from auto: {}",
        crate::terminal::sanitize(&source.name()),
        crate::terminal::sanitize(&d.summary())
    );
    Ok(d.auto_encoding())
}

/// A note for standard error when the input starts with the byte order mark of another encoding
/// than the one decoding it (a UTF-16 file read as UTF-8, say), and the mark was not obeyed.
pub fn foreign_bom_note(
    first_bytes: &[u8],
    decoding: &'static charscope::Encoding,
    name: &str,
) -> Option<String> {
    use charscope::bom::{BomPolicy, Sniff, sniff};
    match sniff(first_bytes, BomPolicy::Unicode, true) {
        Sniff::Found(bom) if bom.encoding != decoding => Some(format!(
            "charscope: note: {name} starts with a {} byte order mark but is read as {decoding}; \
             try --from {} (or --bom sniff)",
            bom.encoding,
            bom.encoding.name().to_ascii_lowercase()
        )),
        _ => None,
    }
}
