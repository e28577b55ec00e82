//! A batch of inputs (`detect a b c`, `decode`, `convert`): an input that cannot be read is
//! named on standard error with the system's reason, the others are still read, and the
//! command exits 2 at the end.

use crate::Outcome;
use anyhow::{Result, bail};

/// The inputs of a batch that could not be read, counted as the batch goes.
pub struct Unreadable {
    total: usize,
    count: usize,
}

impl Unreadable {
    /// A batch of `total` inputs, none failed yet.
    pub fn new(total: usize) -> Unreadable {
        Unreadable { total, count: 0 }
    }

    /// Whether an error of one input ends the whole command: a batch of one (its error is the
    /// command's), a closed pipe, an output that cannot be written (every later input would
    /// fail the same way), or a record left [`CutShort`].
    pub fn ends_all(&self, err: &anyhow::Error) -> bool {
        self.total <= 1
            || crate::is_broken_pipe(err)
            || crate::outfile::is_write_error(err)
            || err.downcast_ref::<CutShort>().is_some()
    }

    /// Takes the result of one input: `Some` of its value, or `None` when it could not be read
    /// (said on standard error, counted); `Err` when the error ends the command
    /// ([`Self::ends_all`]).
    pub fn check<T>(&mut self, result: Result<T>) -> Result<Option<T>> {
        match result {
            Ok(value) => Ok(Some(value)),
            Err(err) if self.ends_all(&err) => Err(err),
            Err(err) => {
                self.skip(&err);
                Ok(None)
            }
        }
    }

    /// Says that one input could not be read, and counts it.
    pub fn skip(&mut self, err: &anyhow::Error) {
        eprintln!(
            "charscope: error: {}",
            crate::terminal::sanitize(&format!("{err:#}"))
        );
        self.count += 1;
    }

    /// How many inputs could not be read so far.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The end of the batch: `outcome` when every input was read, else an error that counts
    /// the ones that were not (exit 2).
    pub fn finish(self, outcome: Outcome) -> Result<Outcome> {
        match self.count {
            0 => Ok(outcome),
            1 => bail!("1 input of {} could not be read", self.total),
            n => bail!("{n} inputs of {} could not be read", self.total),
        }
    }
}

/// The context of a read error met after part of an input's record was written (a JSON line
/// open): the batch stops there rather than write the next record after half of one.
#[derive(Debug)]
pub struct CutShort(pub String);

impl std::fmt::Display for CutShort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the output of {} is cut short", self.0)
    }
}

/// `err` marked [`CutShort`] when a record of `name` is open (`open`), else as it is.
pub fn cut_short(err: anyhow::Error, open: bool, name: &str) -> anyhow::Error {
    if open {
        err.context(CutShort(name.to_string()))
    } else {
        err
    }
}

#[cfg(test)]
mod tests {
    use super::{Unreadable, cut_short};

    fn missing() -> anyhow::Error {
        anyhow::Error::new(std::io::Error::from(std::io::ErrorKind::NotFound))
            .context("cannot open x")
    }

    #[test]
    fn only_an_unreadable_input_lets_a_batch_go_on() {
        let batch = Unreadable::new(3);
        assert!(!batch.ends_all(&missing()));
        assert!(batch.ends_all(&cut_short(missing(), true, "x")));
        assert!(!batch.ends_all(&cut_short(missing(), false, "x")));
        let full = crate::outfile::named(
            std::io::Error::other("No space left on device"),
            "out",
            false,
        );
        assert!(batch.ends_all(&anyhow::Error::new(full).context("converting x")));
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert!(batch.ends_all(&anyhow::Error::new(pipe)));
        // A batch of one: its error is the command's.
        assert!(Unreadable::new(1).ends_all(&missing()));
    }

    #[test]
    fn the_end_counts_the_inputs_not_read() {
        let mut batch = Unreadable::new(4);
        assert!(batch.check(Err::<(), _>(missing())).unwrap().is_none());
        assert!(batch.check(Ok(1)).unwrap().is_some());
        let err = batch.finish(crate::Outcome::Clean).unwrap_err();
        assert_eq!(err.to_string(), "1 input of 4 could not be read");
    }
}
