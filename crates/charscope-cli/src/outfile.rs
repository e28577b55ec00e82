//! The one way a command writes a file it was asked to (`-o`, `--in-place`), and standard output.
//!
//! - A regular file (or a new one) is written to a temporary file beside it, created
//!   exclusively with a random name (the `tempfile` crate: `O_CREAT|O_EXCL`, never through a
//!   link planted under that name), and renamed over it only by [`OutputFile::commit`]: a run
//!   that fails or is stopped leaves the old file as it was. A link to a file replaces the file
//!   it points to and stays a link.
//! - Anything else (a device, a FIFO, a socket, a terminal, any path under `/dev` or `/proc`, and
//!   `-`, standard output) is written directly, as a shell redirection would: renaming over it
//!   would replace it with a plain file.
//! - A new file takes the mode the umask gives (0644 under umask 022); a replaced file keeps
//!   its mode (and, where allowed, its owner).
//! - The temporary file is named `.NAME.charscope-PID-XXXXXX.tmp`; SIGINT, SIGTERM and SIGHUP
//!   remove it before the process ends ([`cleanup`]), and one left by a process killed outright
//!   is removed by the next run that writes NAME ([`leftover`]).
//! - Every error names the file, "No space left on device" too.

mod cleanup;
mod leftover;

use crate::input::shown_path;
use anyhow::{Context, Result, bail};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where a command's output goes, open for writing.
pub struct OutputFile {
    how: How,
    /// The name messages give it: the path as given, escaped, or "standard output".
    shown: String,
}

enum How {
    /// Written as it comes: standard output, a device, a FIFO.
    Direct(File),
    /// Written to a temporary file renamed over `target` on commit.
    Replace { tmp: cleanup::Temp, target: PathBuf },
}

/// How a path given to `-o` is written: a temporary file renamed over it, or directly.
#[derive(Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file, a new one, or a link to one: replaced through a temporary file.
    Replace,
    /// Standard output, a device, a FIFO: written directly.
    Direct,
}

/// How `path` would be written. `-` is standard output.
pub fn kind_of(path: &Path) -> Kind {
    if path.as_os_str() == "-" || path.starts_with("/dev") || path.starts_with("/proc") {
        return Kind::Direct;
    }
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Kind::Direct,
        _ => Kind::Replace,
    }
}

impl OutputFile {
    /// Standard output, written directly (its errors name it).
    pub fn stdout() -> Result<OutputFile> {
        Ok(OutputFile {
            how: How::Direct(stdout_file()?),
            shown: "standard output".into(),
        })
    }

    /// Opens `path` for writing, as [`kind_of`] says; `-` is standard output. Errors name the
    /// path.
    pub fn create(path: &Path) -> Result<OutputFile> {
        if path.as_os_str() == "-" {
            return OutputFile::stdout();
        }
        let shown = shown_path(path);
        let how = match kind_of(path) {
            Kind::Direct => How::Direct(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(|| format!("cannot open {shown} for writing"))?,
            ),
            Kind::Replace => {
                // A link to a file: the file is replaced, the link stays.
                let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
                let tmp = temp_beside(&target, &shown)?;
                How::Replace { tmp, target }
            }
        };
        Ok(OutputFile { how, shown })
    }

    /// Opens a regular file to be replaced (`--in-place`): anything else is an error.
    pub fn replacing(path: &Path) -> Result<OutputFile> {
        if kind_of(path) != Kind::Replace {
            bail!(
                "--in-place needs regular files: {} is not one",
                shown_path(path)
            );
        }
        OutputFile::create(path)
    }

    /// Whether the bytes written reach the target at once (not only at [`OutputFile::commit`]).
    pub fn is_direct(&self) -> bool {
        matches!(self.how, How::Direct(_))
    }

    /// The name messages give the output.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Ends the writing: flushes a direct output; renames the temporary file over the target.
    /// Dropping an `OutputFile` without committing it leaves the target as it was.
    pub fn commit(self) -> Result<()> {
        let shown = self.shown;
        match self.how {
            How::Direct(mut file) => file
                .flush()
                .map_err(|e| named(e, &shown, false))
                .map_err(anyhow::Error::from),
            How::Replace { tmp, target } => tmp
                .persist(&target)
                .map_err(|e| named(e, &shown, true))
                .map_err(anyhow::Error::from),
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let (result, replacing) = match &mut self.how {
            How::Direct(file) => (file.write(buf), false),
            How::Replace { tmp, .. } => (tmp.as_file_mut().write(buf), true),
        };
        result.map_err(|e| named(e, &self.shown, replacing))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let (result, replacing) = match &mut self.how {
            How::Direct(file) => (file.flush(), false),
            How::Replace { tmp, .. } => (tmp.as_file_mut().flush(), true),
        };
        result.map_err(|e| named(e, &self.shown, replacing))
    }
}

/// An I/O error that names the output, of the same kind (a closed pipe stays one).
pub fn named(e: std::io::Error, shown: &str, replacing: bool) -> std::io::Error {
    let kept = if replacing {
        format!(" ({shown} is left as it was)")
    } else {
        String::new()
    };
    std::io::Error::new(
        e.kind(),
        WriteError(format!("cannot write {shown}: {e}{kept}")),
    )
}

/// What [`named`] wraps: an output that cannot be written, its message naming it. A batch of
/// inputs goes on past an input it cannot read, never past an output it cannot write.
#[derive(Debug)]
pub struct WriteError(String);

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WriteError {}

/// Whether an error is (or was caused by) an output that cannot be written.
pub fn is_write_error(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .and_then(|e| e.get_ref())
            .is_some_and(|inner| inner.is::<WriteError>())
    })
}

/// Standard output as a file of its own (large writes, no line buffering).
fn stdout_file() -> Result<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = std::io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .context("cannot write standard output")?;
        Ok(File::from(fd))
    }
    #[cfg(not(unix))]
    {
        bail!("standard output cannot be written as a file here")
    }
}

/// A temporary file in the target's directory (so that the rename is atomic), registered to be
/// removed on a signal, with the mode a new file gets, or the mode and owner of the file it
/// will replace.
fn temp_beside(target: &Path, shown: &str) -> Result<cleanup::Temp> {
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = target.file_name().unwrap_or(target.as_os_str());
    leftover::sweep(dir, name);
    let prefix = leftover::prefix(name);
    let tmp = cleanup::create(|| {
        let mut builder = tempfile::Builder::new();
        builder
            .prefix(&prefix)
            .suffix(leftover::SUFFIX)
            .rand_bytes(6);
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        builder.tempfile_in(dir)
    })
    .map_err(without_path)
    .with_context(|| {
        format!(
            "cannot write {shown}: cannot create a temporary file in {}",
            shown_path(dir)
        )
    })?;
    if let Ok(meta) = std::fs::metadata(target) {
        keep_mode_and_owner(tmp.as_file(), &meta)
            .with_context(|| format!("cannot give the new {shown} the permissions of the old"))?;
    }
    Ok(tmp)
}

/// An error of `tempfile` without the temporary file's name, which the message would give as
/// if it were there ("... at path .../.x.charscope-1-abcDEF.tmp").
fn without_path(e: std::io::Error) -> std::io::Error {
    let message = e.to_string();
    match message.rsplit_once(" at path ") {
        Some((cause, _)) => std::io::Error::new(e.kind(), cause.to_string()),
        None => e,
    }
}

/// Gives `file` the permissions of the file it replaces, and its owner where allowed.
fn keep_mode_and_owner(file: &File, old: &std::fs::Metadata) -> std::io::Result<()> {
    file.set_permissions(old.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let Ok(new) = file.metadata()
            && (new.uid(), new.gid()) != (old.uid(), old.gid())
        {
            // Only root may give a file away; others keep the file as theirs.
            let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
            // (A change of owner clears set-user-ID bits: set the mode again.)
            file.set_permissions(old.permissions())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_fifos_and_standard_output_are_written_directly() {
        assert_eq!(kind_of(Path::new("-")), Kind::Direct);
        assert_eq!(kind_of(Path::new("/dev/null")), Kind::Direct);
        assert_eq!(kind_of(Path::new("/dev/stdout")), Kind::Direct);
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(kind_of(&dir.path().join("new.txt")), Kind::Replace);
        assert_eq!(kind_of(dir.path()), Kind::Direct);
    }

    #[test]
    fn a_dropped_output_leaves_the_old_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, "old").unwrap();
        let mut out = OutputFile::create(&path).unwrap();
        out.write_all(b"new").unwrap();
        drop(out);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let mut out = OutputFile::create(&path).unwrap();
        out.write_all(b"new").unwrap();
        out.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_output_that_cannot_be_made_names_it_and_no_temporary_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("none").join("out.txt");
        let e = OutputFile::create(&path).err().unwrap();
        let message = format!("{e:#}");
        assert!(message.starts_with("cannot write "), "{message}");
        assert!(message.contains("out.txt: cannot create a temporary file in "));
        assert!(!message.contains("charscope-"), "{message}");
    }

    #[test]
    fn errors_name_the_output_and_keep_their_kind() {
        let e = named(
            std::io::Error::from(std::io::ErrorKind::BrokenPipe),
            "standard output",
            false,
        );
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe);
        assert!(e.to_string().starts_with("cannot write standard output: "));
        let e = named(std::io::Error::other("full"), "out.txt", true);
        assert_eq!(
            e.to_string(),
            "cannot write out.txt: full (out.txt is left as it was)"
        );
    }
}
