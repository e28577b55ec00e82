//! How `scan` reads a file whole: a small one into a buffer its thread keeps for the next file,
//! a large one into memory of its own mapped with huge pages where the system has them.
//!
//! Reading copies the file into fresh memory, and every 4 KiB page of it costs the kernel a
//! fault: for a file of 17 MB, some 4,100 faults, most of the time the read takes. Memory
//! advised to use huge pages (Linux's transparent huge pages) is filled 2 MiB at a time.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Files of at least this many bytes are read into a mapping of their own.
const LARGE_FILE: u64 = 4 << 20;

/// The largest buffer a thread keeps between files.
const KEPT_BUFFER: usize = 64 << 20;

thread_local! {
    /// The bytes of the small file a thread scans, kept for its next file: no fresh pages to
    /// map and zero for every file.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` of the whole contents of the file at `path`.
pub fn with_file<T>(path: &Path, f: impl FnOnce(&[u8]) -> T) -> std::io::Result<T> {
    let file = File::open(path)?;
    let size = file.metadata().map_or(0, |m| m.len());
    if size >= LARGE_FILE {
        return read_large(file, size as usize).map(|bytes| f(&bytes));
    }
    BUFFER.with_borrow_mut(|bytes| {
        let read = read_into(file, size as usize, bytes).map(|()| f(bytes));
        if bytes.capacity() > KEPT_BUFFER {
            *bytes = Vec::new();
        }
        read
    })
}

/// Reads all of `file` (of `size` bytes, as its metadata says) into `bytes`, emptied first.
fn read_into(mut file: File, size: usize, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    bytes.clear();
    bytes.reserve(size.saturating_add(1));
    file.read_to_end(bytes)?;
    Ok(())
}

/// The contents of a large file.
enum Contents {
    /// Read into a mapping: its first bytes.
    Mapped(memmap2::MmapMut, usize),
    /// Read into a vector (the file grew while it was read, or no mapping could be made).
    Read(Vec<u8>),
}

impl std::ops::Deref for Contents {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Contents::Mapped(map, len) => &map[..*len],
            Contents::Read(bytes) => bytes,
        }
    }
}

/// Reads all of `file`, of `size` bytes as its metadata says, into memory mapped for it with
/// huge pages (a hint the system may not take).
fn read_large(file: File, size: usize) -> std::io::Result<Contents> {
    // One byte more than the size: a file that grows meanwhile fills it, and is seen to.
    let Ok(mut map) = memmap2::MmapMut::map_anon(size.saturating_add(1)) else {
        return read_whole(file, size);
    };
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    match fill(&file, &mut map)? {
        Some(len) => Ok(Contents::Mapped(map, len)),
        // It changed size while it was read: read it again the ordinary way.
        None => read_whole(file, size),
    }
}

/// Reads all of `file` into a vector.
fn read_whole(file: File, size: usize) -> std::io::Result<Contents> {
    let mut bytes = Vec::new();
    read_into(file, size, &mut bytes)?;
    Ok(Contents::Read(bytes))
}

/// Reads `file` from its start into `buf`, one byte longer than the file's size: its two halves
/// on two threads (copying the bytes and filling fresh pages takes the time). Returns how many
/// bytes there are, or `None` when the file has not the size (grew or shrank meanwhile).
#[cfg(unix)]
fn fill(file: &File, buf: &mut [u8]) -> std::io::Result<Option<usize>> {
    let size = buf.len() - 1;
    let half = size / 2;
    let (first, second) = buf.split_at_mut(half);
    let (first_len, second_len) = std::thread::scope(|scope| {
        let second = scope.spawn(|| read_at(file, second, half as u64));
        (
            read_at(file, first, 0),
            second.join().expect("a reading thread panicked"),
        )
    });
    let len = half + second_len?;
    Ok((first_len? == half && len == size).then_some(len))
}

/// [`fill`] on one thread.
#[cfg(not(unix))]
fn fill(mut file: &File, buf: &mut [u8]) -> std::io::Result<Option<usize>> {
    let len = crate::input::read_full(&mut file, buf)?;
    if len + 1 == buf.len() {
        return Ok(Some(len));
    }
    std::io::Seek::rewind(&mut file)?;
    Ok(None)
}

/// Reads `file` from byte `offset` on into `buf`, until it is full or the file ends; returns
/// how many bytes it read.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    charscope::source::read_full_at(file, buf, offset).map_err(|(_, e)| e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_and_small_files_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        for size in [0, 5, LARGE_FILE as usize, LARGE_FILE as usize + 12_345] {
            let path = dir.path().join(format!("f{size}"));
            let bytes: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
            std::fs::write(&path, &bytes).unwrap();
            let read = with_file(&path, <[u8]>::to_vec).unwrap();
            assert!(read == bytes, "{size} bytes");
        }
        assert!(with_file(&dir.path().join("none"), <[u8]>::len).is_err());
    }
}
