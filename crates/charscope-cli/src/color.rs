//! Whether to colour: one pure rule, so that it can be tested without a terminal.

use crate::args::ColorChoice;
use std::ffi::OsString;

/// Whether output is coloured: `always` and `never` decide alone; `auto` colours only a
/// terminal (`is_tty`), and never when the environment (`env`, a lookup such as
/// `std::env::var_os`) has a non-empty `NO_COLOR` (no-color.org) or `TERM=dumb`.
pub fn use_color(
    choice: ColorChoice,
    is_tty: bool,
    env: impl Fn(&str) -> Option<OsString>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            is_tty
                && env("NO_COLOR").is_none_or(|v| v.is_empty())
                && env("TERM").is_none_or(|v| v != "dumb")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::use_color;
    use crate::args::ColorChoice::{Always, Auto, Never};
    use std::ffi::OsString;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let pairs: Vec<(String, OsString)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        move |key| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }

    #[test]
    fn auto_colours_a_terminal_only() {
        assert!(use_color(Auto, true, env(&[("TERM", "xterm-256color")])));
        assert!(use_color(Auto, true, env(&[])));
        assert!(!use_color(Auto, false, env(&[("TERM", "xterm")])));
    }

    #[test]
    fn no_color_turns_auto_off_unless_empty() {
        assert!(!use_color(Auto, true, env(&[("NO_COLOR", "1")])));
        assert!(!use_color(Auto, true, env(&[("NO_COLOR", "0")])));
        assert!(use_color(Auto, true, env(&[("NO_COLOR", "")])));
    }

    #[test]
    fn a_dumb_terminal_gets_no_colour() {
        assert!(!use_color(Auto, true, env(&[("TERM", "dumb")])));
        assert!(use_color(Auto, true, env(&[("TERM", "dumber")])));
    }

    #[test]
    fn always_and_never_ignore_the_terminal_and_the_environment() {
        let hostile = env(&[("NO_COLOR", "1"), ("TERM", "dumb")]);
        assert!(use_color(Always, false, &hostile));
        assert!(!use_color(Never, true, env(&[])));
    }
}
