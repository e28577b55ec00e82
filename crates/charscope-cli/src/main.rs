//! `charscope`: see and fix what text encodings do to bytes.

#![forbid(unsafe_code)]

/// `eprintln!` that never panics: std's panics when standard error cannot be written (`2>
/// /dev/full`, a closed pipe), and a message that cannot be shown is no reason to stop. This
/// definition shadows std's in every module of the binary.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod cmd;
mod color;
mod input;
mod outfile;
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

/// mimalloc in place of the system's allocator: repair makes and drops many small strings, and
/// with glibc's allocator a tenth of `fix`'s time over broken lines went to malloc and free.
/// Version 2, without transparent huge pages (the crate's features): version 3 cost every
/// command 0.4 ms more to start, and huge pages (a 2 MiB page zeroed at the first allocation)
/// cost `validate` of 100 MiB 0.8 ms; as it is, a start costs 0.2 ms more than with glibc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if err.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            eprintln!(
                "charscope: error: an argument is not valid UTF-8, so it cannot be read as TEXT; \
                 give bytes with --hex 'C3 A9', with --file FILE (inspect) or a FILE argument, or \
                 on standard input"
            );
            return ExitCode::from(2);
        }
        Err(err) => err.exit(),
    };
    match cmd::run(cli) {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::from(1),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // File names and contents quoted in messages are escaped, as everywhere.
            eprintln!(
                "charscope: error: {}",
                terminal::sanitize(&format!("{err:#}"))
            );
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
