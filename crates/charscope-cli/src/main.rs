//! `charscope`: see and fix what text encodings do to bytes.

mod args;
mod cmd;
mod input;
mod output;
mod terminal;

use clap::Parser;
use std::process::ExitCode;

/// How a command ended, beyond errors (which exit 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done, nothing to report: exit 0.
    Clean,
    /// Done, but problems were found (malformed input, unmappable characters): exit 1.
    Problems,
}

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match cmd::run(cli) {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::from(1),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("charscope: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// A closed pipe (`charscope ... | head`) is a normal way for output to end.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
