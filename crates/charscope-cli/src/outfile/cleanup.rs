//! Temporary files removed when the process is stopped: each is registered while it lives, and
//! a thread waiting for SIGINT, SIGTERM or SIGHUP removes every one registered before the
//! signal ends the process as it would have (so that a shell sees "interrupted").
//!
//! The registry's lock is held while a file is created, renamed into place or removed, and by
//! the thread from the signal to the end: a file is never created unregistered, nor removed
//! after it was renamed over its target.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

/// The temporary files alive now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A registered temporary file: removed (and forgotten) when dropped unless persisted.
pub struct Temp {
    file: Option<tempfile::NamedTempFile>,
}

impl Temp {
    /// The open file.
    pub fn as_file(&self) -> &File {
        self.file.as_ref().expect("alive until persisted").as_file()
    }

    /// The open file, to write.
    pub fn as_file_mut(&mut self) -> &mut File {
        self.file
            .as_mut()
            .expect("alive until persisted")
            .as_file_mut()
    }

    /// Renames the file over `target`.
    pub fn persist(mut self, target: &Path) -> std::io::Result<()> {
        let file = self.file.take().expect("alive until persisted");
        let mut live = live();
        live.retain(|p| p != file.path());
        file.persist(target).map(drop).map_err(|e| e.error)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut live = live();
            live.retain(|p| p != file.path());
            drop(file);
        }
    }
}

/// A temporary file that `make` creates, registered before anyone can stop the process
/// between its creation and its registration.
pub fn create(
    make: impl FnOnce() -> std::io::Result<tempfile::NamedTempFile>,
) -> std::io::Result<Temp> {
    static WATCH: Once = Once::new();
    WATCH.call_once(watch_signals);
    let mut live = live();
    let file = make()?;
    live.push(file.path().to_path_buf());
    Ok(Temp { file: Some(file) })
}

/// Starts the thread that removes the temporary files on a signal. A signal the process was
/// started with ignored (`nohup`, a background job of a script for SIGINT) stays ignored.
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let ignored = ignored_signals();
    let watched: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&s| ignored & (1 << (s - 1)) == 0)
        .collect();
    let Ok(mut signals) = signal_hook::iterator::Signals::new(&watched) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let live = live();
            for path in live.iter() {
                let _ = std::fs::remove_file(path);
            }
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}

#[cfg(not(unix))]
fn watch_signals() {}

/// The signals this process ignores, as a mask (bit `n - 1` for signal `n`): Linux tells in
/// /proc/self/status; elsewhere none are known.
#[cfg(unix)]
fn ignored_signals() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0)
}
