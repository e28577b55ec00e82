//! A source read in chunks into buffers that are kept (no fresh memory for the kernel to zero
//! and map for every MiB), cut into regions of whole lines: what a line-by-line check of a
//! large file needs, without the file in memory.
//!
//! The source is read in chunks of a fixed size, each thread taking the next chunk in turn. The
//! lines that lie whole inside a chunk make one region, checked on the thread that read it; a
//! line that crosses the end of a chunk is put together from the chunks it spans and checked on
//! the calling thread. The regions, in the order of the source, are its lines, each once, with the
//! line feeds between them left out.

use crate::source::{ReadAt, read_full_at};
use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many bytes a thread reads at a time: small enough to be scanned from the core's cache
/// soon after the kernel copied it there.
pub(super) const CHUNK: usize = 1 << 18;

/// What a thread made of one chunk.
struct Chunk<T> {
    /// How many bytes it has (fewer than the chunk size: the source ended).
    len: usize,
    /// Its bytes before its first line feed (all of them when it has none), which end the line
    /// that crosses into it (none for the first chunk).
    head: Vec<u8>,
    /// Whether it has a line feed (that ends the line crossing into it).
    has_line_feed: bool,
    /// The check of its region of whole lines, if it has one.
    region: Option<T>,
    /// The bytes after the region: the start of a line that goes on in the next chunk or ends
    /// the source, and its offset.
    tail: (u64, Vec<u8>),
}

/// `check` of every region of whole lines of `src` (`check(state, bytes, offset, followed)`, the
/// bytes without line feed at either end, `offset` where they start in the source, `followed`
/// whether a line feed comes after them: always, but for the last), in the order of
/// the source: a region of a chunk's whole lines, or a single line put together from several
/// chunks. Reads the source in chunks of `chunk` bytes on up to `threads` threads, each with a
/// `state` of its own that `new_state` makes.
///
/// A source of no bytes is one empty line; one that ends with a line feed ends with an empty
/// line.
pub(super) fn check_regions<R, S, T, F>(
    src: &R,
    chunk: usize,
    threads: usize,
    new_state: impl Fn() -> S + Sync,
    check: F,
) -> io::Result<Vec<T>>
where
    R: ReadAt + ?Sized,
    T: Send,
    F: Fn(&mut S, &[u8], u64, bool) -> T + Sync,
{
    // Without the `native` feature there are no threads to share the chunks with.
    let threads = if crate::parallel::THREADS {
        threads.max(1)
    } else {
        1
    };
    let mut state = new_state();
    let mut chunks = read_on_threads(src, chunk, threads, &new_state, &mut state, &check)?;
    keep_whole_run(&mut chunks, chunk);
    Ok(join_regions(chunks, &mut state, &check))
}

/// Every chunk of `src`, split and its region checked, read on `threads` threads (the calling
/// one with `state`, the others each with a state of its own), numbered but in no order.
fn read_on_threads<R, S, T, F>(
    src: &R,
    chunk: usize,
    threads: usize,
    new_state: &(impl Fn() -> S + Sync),
    state: &mut S,
    check: &F,
) -> io::Result<Vec<(usize, Chunk<T>)>>
where
    R: ReadAt + ?Sized,
    T: Send,
    F: Fn(&mut S, &[u8], u64, bool) -> T + Sync,
{
    // The next chunk to read: each thread takes the next one when it is done with its last, so
    // that a thread slowed down (by harder text or by other work on the machine) takes fewer.
    let next = AtomicUsize::new(0);
    let read = |state: &mut S| read_chunks(src, chunk, &next, state, check);
    if threads == 1 {
        return read(state);
    }
    let read = &read;
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads)
            .map(|_| scope.spawn(move || read(&mut new_state())))
            .collect();
        let mut all = read(state)?;
        for other in others {
            all.extend(other.join().expect("a reading thread panicked")?);
        }
        Ok::<_, io::Error>(all)
    })
}

/// Reads the chunks one thread takes in turn from `next`, until the source ends: each split,
/// its region checked with `state`.
fn read_chunks<R, S, T, F>(
    src: &R,
    chunk: usize,
    next: &AtomicUsize,
    state: &mut S,
    check: &F,
) -> io::Result<Vec<(usize, Chunk<T>)>>
where
    R: ReadAt + ?Sized,
    F: Fn(&mut S, &[u8], u64, bool) -> T,
{
    let mut check = |bytes: &[u8], offset: u64| check(state, bytes, offset, true);
    let mut buf = vec![0u8; chunk];
    let mut done = Vec::new();
    loop {
        let k = next.fetch_add(1, Ordering::Relaxed);
        let offset = (k * chunk) as u64;
        let len = read_full_at(src, &mut buf, offset).map_err(|(_, e)| e)?;
        if len == 0 && k > 0 {
            break;
        }
        done.push((k, split(&buf[..len], k == 0, offset, &mut check)));
        if len < chunk {
            break;
        }
    }
    Ok(done)
}

/// Sorts the chunks and keeps those up to the first short one (the end of the source, as it was
/// read), or up to one that is missing (a source that shrank while it was read).
fn keep_whole_run<T>(chunks: &mut Vec<(usize, Chunk<T>)>, chunk: usize) {
    chunks.sort_unstable_by_key(|c| c.0);
    let end = chunks
        .iter()
        .enumerate()
        .position(|(i, (k, c))| *k != i || c.len < chunk)
        .map_or(chunks.len(), |i| if chunks[i].0 == i { i + 1 } else { i });
    chunks.truncate(end);
}

/// The regions in the order of the source: each chunk's own, and between them the line that
/// crosses from one chunk into the next, put together and checked with `state`.
fn join_regions<S, T, F>(chunks: Vec<(usize, Chunk<T>)>, state: &mut S, check: &F) -> Vec<T>
where
    F: Fn(&mut S, &[u8], u64, bool) -> T,
{
    let mut regions = Vec::with_capacity(chunks.len() * 2 + 1);
    let mut line: Option<(u64, Vec<u8>)> = None;
    for (k, c) in chunks {
        debug_assert_eq!(k == 0, line.is_none());
        if let Some((offset, bytes)) = &mut line {
            bytes.extend_from_slice(&c.head);
            if !c.has_line_feed {
                continue;
            }
            regions.push(check(state, bytes, *offset, true));
        }
        regions.extend(c.region);
        line = Some(c.tail);
    }
    if let Some((offset, bytes)) = line {
        regions.push(check(state, &bytes, offset, false));
    }
    regions
}

/// One chunk's `bytes`, at `offset` in the source, cut into its head, region and tail; `check`
/// of its region.
fn split<T>(
    bytes: &[u8],
    first: bool,
    offset: u64,
    check: &mut impl FnMut(&[u8], u64) -> T,
) -> Chunk<T> {
    let (head, start) = if first {
        (&[][..], 0)
    } else {
        match memchr::memchr(b'\n', bytes) {
            Some(i) => (&bytes[..i], i + 1),
            None => {
                return Chunk {
                    len: bytes.len(),
                    head: bytes.to_vec(),
                    has_line_feed: false,
                    region: None,
                    tail: (offset, Vec::new()),
                };
            }
        }
    };
    let (region, tail_start) = match memchr::memrchr(b'\n', &bytes[start..]) {
        Some(i) => (
            Some(check(&bytes[start..start + i], offset + start as u64)),
            start + i + 1,
        ),
        None => (None, start),
    };
    Chunk {
        len: bytes.len(),
        head: head.to_vec(),
        has_line_feed: !first,
        region,
        tail: (offset + tail_start as u64, bytes[tail_start..].to_vec()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn the_regions_are_the_lines_of_the_source_in_order(
            bytes in prop::collection::vec(prop::sample::select(b"ab\n\xE2".to_vec()), 0..300),
            chunk in 1..40usize,
            threads in 1..4usize,
        ) {
            let regions = check_regions(&bytes[..], chunk, threads, || (), |_, b, offset, followed| (b.to_vec(), offset, followed))
                .unwrap();
            // Joined with line feeds, the regions are the source; a line feed follows each but
            // the last.
            let mut joined = Vec::new();
            for (i, (region, offset, followed)) in regions.iter().enumerate() {
                if i > 0 {
                    joined.push(b'\n');
                }
                prop_assert_eq!(*offset, joined.len() as u64);
                prop_assert_eq!(*followed, i + 1 < regions.len());
                joined.extend_from_slice(region);
            }
            prop_assert_eq!(&joined, &bytes);
        }
    }

    fn chunk(len: usize) -> Chunk<()> {
        Chunk {
            len,
            head: Vec::new(),
            has_line_feed: false,
            region: None,
            tail: (0, Vec::new()),
        }
    }

    #[test]
    fn the_chunks_kept_end_at_the_first_short_or_missing_one() {
        let numbers =
            |chunks: &[(usize, Chunk<()>)]| chunks.iter().map(|c| c.0).collect::<Vec<_>>();
        // Read out of order, the last one short: all kept, in order.
        let mut chunks = vec![(2, chunk(1)), (0, chunk(4)), (1, chunk(4))];
        keep_whole_run(&mut chunks, 4);
        assert_eq!(numbers(&chunks), [0, 1, 2]);
        // A source that shrank while it was read: chunk 1 came back short, 2 is past the end.
        let mut chunks = vec![(0, chunk(4)), (1, chunk(2)), (2, chunk(4))];
        keep_whole_run(&mut chunks, 4);
        assert_eq!(numbers(&chunks), [0, 1]);
        // Chunk 1 missing: what follows it is not the source's.
        let mut chunks = vec![(0, chunk(4)), (2, chunk(4)), (3, chunk(0))];
        keep_whole_run(&mut chunks, 4);
        assert_eq!(numbers(&chunks), [0]);
    }

    #[test]
    fn a_source_of_no_bytes_is_one_empty_line() {
        let regions = check_regions(&b""[..], 4, 2, || (), |_, b, o, _| (b.to_vec(), o)).unwrap();
        assert_eq!(regions, vec![(Vec::new(), 0)]);
        let regions =
            check_regions(&b"abcd\n"[..], 4, 2, || (), |_, b, o, _| (b.to_vec(), o)).unwrap();
        assert_eq!(regions, vec![(b"abcd".to_vec(), 0), (Vec::new(), 5)]);
    }
}
