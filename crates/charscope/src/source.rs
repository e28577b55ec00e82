//! Sources that can be read at any offset (regular files): the two-thread paths of
//! `transcode`, `validate` and `scan` read chunks of one from two threads at once.

use std::io;

/// A source that can be read at any offset, from two threads at once: a regular file.
pub trait ReadAt: Sync {
    /// Reads into `buf` from `offset`, as `std::os::unix::fs::FileExt::read_at` does: it may
    /// read fewer bytes than asked, and 0 only at the end.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize>;
}

impl ReadAt for [u8] {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.len());
        let n = buf.len().min(self.len() - start);
        buf[..n].copy_from_slice(&self[start..start + n]);
        Ok(n)
    }
}

#[cfg(unix)]
impl ReadAt for std::fs::File {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        std::os::unix::fs::FileExt::read_at(self, buf, offset)
    }
}

/// Reads `src` from `offset` until `buf` is full or the source ends; returns how many bytes were
/// read, or where the read failed and why.
pub fn read_full_at<R: ReadAt + ?Sized>(
    src: &R,
    buf: &mut [u8],
    offset: u64,
) -> Result<usize, (u64, io::Error)> {
    let mut filled = 0;
    while filled < buf.len() {
        match src.read_at(&mut buf[filled..], offset + filled as u64) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err((offset + filled as u64, e)),
        }
    }
    Ok(filled)
}
