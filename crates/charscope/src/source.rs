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

/// The cache line, which the kernel's copy from the page cache wants the destination to share
/// with the source.
const LINE: usize = 64;

/// A reusable buffer that [`ReadBuf::read_full_at`] reads into at an address that sits at the
/// same place in a cache line as the file offset read from. The kernel's copy from the page
/// cache runs at full speed only so: on the benchmark machine (Zen 4) 1 MiB reads of a cached
/// file took 1.5 times as long into a buffer 16 bytes off (where a `Vec` of that size starts),
/// and 3.3 times as long from an offset 4 bytes before a page boundary into an aligned one.
#[derive(Debug, Default)]
pub struct ReadBuf {
    bytes: Vec<u8>,
    /// Where the bytes of the last read start in `bytes`.
    start: usize,
}

impl ReadBuf {
    /// An empty buffer; it grows to the largest read asked of it, once.
    pub fn new() -> ReadBuf {
        ReadBuf::default()
    }

    /// Reads `src` from `offset` until `len` bytes are read or the source ends, as
    /// [`read_full_at`] does; returns the bytes read (fewer than `len` only at the end), or
    /// where the read failed and why.
    pub fn read_full_at<R: ReadAt + ?Sized>(
        &mut self,
        src: &R,
        offset: u64,
        len: usize,
    ) -> Result<&[u8], (u64, io::Error)> {
        let slot = self.slot(offset, len);
        let n = read_full_at(src, slot, offset)?;
        Ok(&self.bytes[self.start..self.start + n])
    }

    /// `len` bytes of the buffer, placed for a read from `offset`.
    fn slot(&mut self, offset: u64, len: usize) -> &mut [u8] {
        if self.bytes.len() < len + LINE {
            self.bytes = vec![0; len + LINE];
        }
        // `align_offset` may give up (usize::MAX): then the read is only slower.
        let aligned = self.bytes.as_ptr().align_offset(LINE) % LINE;
        self.start = (aligned + (offset % LINE as u64) as usize) % LINE;
        &mut self.bytes[self.start..self.start + len]
    }

    /// Where the bytes of the last read start, as an address modulo the cache line (for the
    /// tests).
    #[cfg(test)]
    fn line_offset(&self) -> usize {
        (self.bytes[self.start..].as_ptr() as usize) % LINE
    }
}

#[cfg(test)]
mod tests {
    use super::{LINE, ReadBuf};

    #[test]
    fn reads_land_where_the_offset_sits_in_a_cache_line() {
        let src: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        let mut buf = ReadBuf::new();
        for (offset, len) in [
            (0u64, 4096),
            (4092, 4096),
            (17, 100),
            (9_990, 4096),
            (63, 1),
        ] {
            let got = buf.read_full_at(&src[..], offset, len).unwrap().to_vec();
            let start = offset as usize;
            assert_eq!(got, src[start..(start + len).min(src.len())]);
            assert_eq!(buf.line_offset(), start % LINE, "offset {offset}");
        }
        // Past the end: nothing read, no panic.
        assert!(buf.read_full_at(&src[..], 20_000, 10).unwrap().is_empty());
    }
}
