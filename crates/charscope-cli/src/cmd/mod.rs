//! One module per command.

mod char;
mod compare;
mod decode;
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
use crate::args::{Cli, Command};
use anyhow::Result;

/// Runs the command the arguments name.
pub fn run(cli: Cli) -> Result<Outcome> {
    match cli.command {
        Command::Decode(args) => decode::run(&args, cli.color),
        Command::Encode(args) => encode::run(&args, cli.color),
        Command::Validate(args) => validate::run(&args, cli.color),
        Command::Encodings(args) => encodings::run(&args, cli.color),
        Command::Serve(args) => serve::run(&args),
        Command::Inspect(args) => inspect::run(&args, cli.color),
        Command::Compare(args) => compare::run(&args, cli.color),
        Command::Char(args) => char::run(&args, cli.color),
        Command::Examples(args) => examples::run(&args, cli.color),
        Command::Dump(args) => dump::run(&args, cli.color),
        Command::Undump(args) => undump::run(&args),
    }
}

/// Resolves an encoding label, or explains why it names nothing.
pub fn encoding_for(label: &str) -> Result<&'static charscope::Encoding> {
    Ok(charscope::encoding::for_label(label)?)
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
