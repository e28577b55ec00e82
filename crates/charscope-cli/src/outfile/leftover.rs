//! The names of temporary files, and the removal of those a killed run left behind.
//!
//! A temporary file for `NAME` is `.NAME.charscope-PID-XXXXXX.tmp`: hidden beside its target,
//! it says whose it is and which process made it. SIGKILL (or a power cut) leaves it; the next
//! run that writes `NAME` in that directory removes it when that is safe: a regular file (not a
//! link), of this user, untouched for a minute, whose process is gone (on Linux, where /proc
//! tells; elsewhere nothing is removed).

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::time::Duration;

/// The end of every temporary file's name.
pub const SUFFIX: &str = ".tmp";

/// A leftover is removed only when it was not written for this long.
const QUIET: Duration = Duration::from_secs(60);

/// The longest part of the target's name a temporary file's name repeats (a name has at most
/// 255 bytes on most file systems).
const NAME_BYTES: usize = 100;

/// The start of a temporary file's name for a target named `name`, before this process's id.
fn stem(name: &OsStr) -> OsString {
    let mut stem = OsString::from(".");
    stem.push(shortened(name));
    stem.push(".charscope-");
    stem
}

/// The start of the name of this process's temporary file for `name`, before the random part.
pub fn prefix(name: &OsStr) -> OsString {
    let mut prefix = stem(name);
    prefix.push(format!("{}-", std::process::id()));
    prefix
}

#[cfg(unix)]
fn shortened(name: &OsStr) -> OsString {
    use std::os::unix::ffi::OsStrExt;
    let bytes = name.as_bytes();
    OsStr::from_bytes(&bytes[..bytes.len().min(NAME_BYTES)]).to_os_string()
}

#[cfg(not(unix))]
fn shortened(name: &OsStr) -> OsString {
    name.to_string_lossy()
        .chars()
        .take(NAME_BYTES / 4)
        .collect::<String>()
        .into()
}

/// The process id in a leftover's name for `name`, if it is one: `stem PID-XXXXXX.tmp`.
fn pid_of(file: &OsStr, stem: &OsStr) -> Option<u32> {
    let file = file.to_str()?;
    let rest = file.strip_prefix(stem.to_str()?)?.strip_suffix(SUFFIX)?;
    let (pid, random) = rest.split_once('-')?;
    (random.len() == 6 && random.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| pid.parse().ok())
        .flatten()
}

/// Removes from `dir` the temporary files for `name` that killed runs left, where safe.
pub fn sweep(dir: &Path, name: &OsStr) {
    let proc = Path::new("/proc");
    let Ok(me) = std::fs::metadata(proc.join("self")) else {
        return;
    };
    let stem = stem(name);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = pid_of(&entry.file_name(), &stem) else {
            continue;
        };
        if pid == std::process::id() || proc.join(pid.to_string()).exists() {
            continue;
        }
        // (The entry's own metadata: a link is not followed.)
        let Ok(meta) = entry.metadata() else { continue };
        let quiet = meta
            .modified()
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= QUIET);
        if meta.is_file() && quiet && same_owner(&meta, &me) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(unix)]
fn same_owner(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.uid() == b.uid()
}

#[cfg(not(unix))]
fn same_owner(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leftover_name_says_whose_it_is() {
        let stem = stem(OsStr::new("out.txt"));
        assert_eq!(stem, ".out.txt.charscope-");
        let own = prefix(OsStr::new("out.txt"));
        assert_eq!(
            own.to_str().unwrap(),
            format!(".out.txt.charscope-{}-", std::process::id())
        );
        assert_eq!(
            pid_of(OsStr::new(".out.txt.charscope-123-aB3xYz.tmp"), &stem),
            Some(123)
        );
        for other in [
            ".out.txt.charscope-123-aB3xYz",
            ".out.txt.charscope-x-aB3xYz.tmp",
            ".out.txt.charscope-123-aB3.tmp",
            ".other.txt.charscope-123-aB3xYz.tmp",
            "out.txt",
        ] {
            assert_eq!(pid_of(OsStr::new(other), &stem), None, "{other}");
        }
    }
}
