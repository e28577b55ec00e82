//! How `scan` reads a file: a small one whole, into a buffer its thread keeps for the next file;
//! a large one (on Unix) is left to the library, which reads it in chunks into buffers it keeps
//! ([`charscope::scan::scan_source`]). A stream (standard input, a FIFO, a device) is read
//! whole when small; a large one is copied into an unnamed temporary file (which the system
//! removes whatever happens) and scanned as a large file, in bounded memory
//! ([`with_stream`]).
//!
//! Reading a large file whole copies it into fresh memory that the kernel zeroes and maps page
//! by page: for a file of 17 MB that cost more CPU than copying it (`scan --only bidi-control`
//! took 8.7 ms of CPU, 6 of them in the kernel).

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;

/// Files of at least this many bytes are read in chunks.
const LARGE_FILE: u64 = 4 << 20;

/// The largest buffer a thread keeps between files.
const KEPT_BUFFER: usize = 64 << 20;

/// The most bytes of a stream scanned (copied into a temporary file first): `scan /dev/zero`
/// stops there rather than fill the disk.
pub const MAX_STREAM: u64 = 4 << 30;

thread_local! {
    /// The bytes of the small file a thread scans, kept for its next file: no fresh pages to
    /// map and zero for every file.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A file as [`with_file`] hands it over.
pub enum Contents<'a> {
    /// All its bytes.
    Whole(&'a [u8]),
    /// A large file to read at offsets, with its first bytes (up to `head`'s length asked).
    Large {
        /// The open file.
        file: &'a File,
        /// Its first bytes.
        head: &'a [u8],
    },
}

/// `f` of the file at `path`: its whole contents, or, for a large file, the file itself and its
/// first `head` bytes.
pub fn with_file<T>(
    path: &Path,
    head: usize,
    f: impl FnOnce(Contents<'_>) -> T,
) -> std::io::Result<T> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return with_stream(file, head, f);
    }
    let size = meta.len();
    if cfg!(unix) && size >= LARGE_FILE {
        let mut first = vec![0; head];
        let n = read_head(&file, &mut first)?;
        return Ok(f(Contents::Large {
            file: &file,
            head: &first[..n],
        }));
    }
    BUFFER.with_borrow_mut(|bytes| {
        let read = read_into(file, size as usize, bytes).map(|()| f(Contents::Whole(bytes)));
        if bytes.capacity() > KEPT_BUFFER {
            *bytes = Vec::new();
        }
        read
    })
}

/// `f` of a stream's contents: all its bytes when there are fewer than [`LARGE_FILE`]; else,
/// read up to [`MAX_STREAM`] bytes into an unnamed temporary file, that file and its first
/// `head` bytes.
pub fn with_stream<T>(
    mut reader: impl Read,
    head: usize,
    f: impl FnOnce(Contents<'_>) -> T,
) -> std::io::Result<T> {
    BUFFER.with_borrow_mut(|bytes| {
        bytes.clear();
        (&mut reader).take(LARGE_FILE).read_to_end(bytes)?;
        if (bytes.len() as u64) < LARGE_FILE {
            return Ok(f(Contents::Whole(bytes)));
        }
        let spool = spool(bytes, reader)?;
        let first = &bytes[..head.min(bytes.len())];
        Ok(f(Contents::Large {
            file: &spool,
            head: first,
        }))
    })
}

/// An unnamed temporary file with `start`, then the rest of `reader` (up to [`MAX_STREAM`]
/// bytes in all).
fn spool(start: &[u8], reader: impl Read) -> std::io::Result<File> {
    let why = |e: std::io::Error| {
        std::io::Error::new(
            e.kind(),
            format!("cannot copy it into a temporary file to scan it: {e}"),
        )
    };
    let mut file = tempfile::tempfile().map_err(why)?;
    file.write_all(start).map_err(why)?;
    let rest = MAX_STREAM - start.len() as u64;
    let copied = std::io::copy(&mut reader.take(rest + 1), &mut file)?;
    if copied > rest {
        return Err(std::io::Error::other(format!(
            "over {MAX_STREAM} bytes: a stream is copied into a temporary file to be scanned, \
             up to that size"
        )));
    }
    Ok(file)
}

/// Reads the first bytes of `file` into `buf`; returns how many there are.
fn read_head(mut file: &File, buf: &mut [u8]) -> std::io::Result<usize> {
    crate::input::read_full(&mut file, buf)
}

/// Reads all of `file` (of `size` bytes, as its metadata says) into `bytes`, emptied first.
fn read_into(mut file: File, size: usize, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    bytes.clear();
    bytes.reserve(size.saturating_add(1));
    file.read_to_end(bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_files_read_whole_and_large_ones_handed_over_with_their_head() {
        let dir = tempfile::tempdir().unwrap();
        for size in [0, 5, LARGE_FILE as usize, LARGE_FILE as usize + 12_345] {
            let path = dir.path().join(format!("f{size}"));
            let bytes: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
            std::fs::write(&path, &bytes).unwrap();
            let read = with_file(&path, 100, |c| match c {
                Contents::Whole(whole) => (whole.to_vec(), false),
                Contents::Large { file, head } => {
                    assert_eq!(file.metadata().unwrap().len(), size as u64);
                    (head.to_vec(), true)
                }
            })
            .unwrap();
            let large = cfg!(unix) && size >= LARGE_FILE as usize;
            assert_eq!(read.1, large, "{size} bytes");
            let want = if large { &bytes[..100] } else { &bytes[..] };
            assert!(read.0 == want, "{size} bytes");
        }
        assert!(with_file(&dir.path().join("none"), 1, |_| ()).is_err());
    }

    #[test]
    fn a_kept_buffer_gives_each_file_its_own_bytes_only() {
        // A large file, then smaller ones, then a larger one again, on one thread: the buffer
        // kept the bytes of the first, and each file must see its own alone.
        let dir = tempfile::tempdir().unwrap();
        for (k, size) in [100_000usize, 5, 0, 70_000, 150_001]
            .into_iter()
            .enumerate()
        {
            let path = dir.path().join(format!("f{k}"));
            let bytes: Vec<u8> = (0..size).map(|i| (i * 31 + k) as u8).collect();
            std::fs::write(&path, &bytes).unwrap();
            let read = with_file(&path, 10, |c| match c {
                Contents::Whole(whole) => whole.to_vec(),
                Contents::Large { .. } => panic!("{size} bytes is small"),
            })
            .unwrap();
            assert!(read == bytes, "{size} bytes");
        }
    }
}
