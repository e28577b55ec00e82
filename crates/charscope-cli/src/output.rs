//! Output conventions: colour only where wanted, JSON on stdout, and styles.

use crate::args::ColorChoice;
use std::io::{IsTerminal, Write};

/// Whether to colour stdout: never with `--json`, else [`crate::color::use_color`] for this
/// process's stdout and environment.
pub fn use_color(choice: ColorChoice, json: bool) -> bool {
    !json
        && crate::color::use_color(choice, std::io::stdout().is_terminal(), |key| {
            std::env::var_os(key)
        })
}

/// ANSI styles, or nothing when colour is off.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    on: bool,
}

impl Style {
    /// Styles that print escapes only when `on`.
    pub fn new(on: bool) -> Style {
        Style { on }
    }

    /// Whether these styles print escapes.
    pub fn is_on(&self) -> bool {
        self.on
    }

    fn wrap(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// For errors and malformed kinds.
    pub fn bad(&self, text: &str) -> String {
        self.wrap("1;31", text)
    }

    /// For offsets and other secondary numbers.
    pub fn dim(&self, text: &str) -> String {
        self.wrap("2", text)
    }

    /// For names and headings.
    pub fn strong(&self, text: &str) -> String {
        self.wrap("1", text)
    }

    /// For file names.
    pub fn path(&self, text: &str) -> String {
        self.wrap("35", text)
    }
}

/// Standard output, locked, as every command writes it: its errors name it ("cannot write
/// standard output: No space left on device"), of the same kind (a closed pipe stays one).
pub fn stdout() -> Stdout {
    Stdout {
        inner: std::io::stdout().lock(),
    }
}

/// See [`stdout`].
pub struct Stdout {
    inner: std::io::StdoutLock<'static>,
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf).map_err(named)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.inner.write_all(buf).map_err(named)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().map_err(named)
    }
}

fn named(e: std::io::Error) -> std::io::Error {
    crate::outfile::named(e, "standard output", false)
}

/// Writes one JSON value and a newline to stdout.
pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let mut out = crate::output::stdout();
    // An I/O error stays an io::Error, so that a closed pipe is recognised as such.
    serde_json::to_writer(&mut out, value).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}
