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
