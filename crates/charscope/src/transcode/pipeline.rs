//! Transcoding a whole source that can be read at any offset (a regular file) on two threads,
//! each reading and converting its own chunks: the kernel's copy from the page cache is shared
//! between the cores like the conversion, and the threads meet once a chunk, not twice.
//!
//! Chunk `k` is nominally `[origin + k * chunk, origin + (k + 1) * chunk)`; its real ends are the
//! first points at or after the nominal ones where decoding starts afresh (see
//! [`clean_at`]), which the two threads work out alike from the same bytes. Each chunk is
//! converted by a transcoder of its own, and this thread folds their counts in order, so that
//! the output, the counts and every error are those of one thread reading the source in order.
//! Anything unusual (a strict stop, no clean point near a nominal end, a source that changes
//! under us) ends the two-thread part: the rest is converted on this thread from the last
//! point folded, which finds the same error at the same line and column.

use super::parallel::{Cuttable, SEARCH, clean_at};
use super::{TranscodeError, Transcoder};
use crate::encoding::Encoding;
use crate::source::{ReadAt, ReadBuf};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Why [`Transcoder::transcode_source`] stopped.
#[derive(Debug)]
pub enum SourceError {
    /// The source could not be read at this byte offset.
    Read {
        /// Where the read failed.
        offset: u64,
        /// What failed.
        error: io::Error,
    },
    /// The output could not be written.
    Write(io::Error),
    /// A strict conversion stopped here; everything before it was written.
    Transcode(TranscodeError),
}

/// Reads `len` bytes of `src` from `offset` into `buf` (fewer only where the source ends).
fn read_full_at<'a, R: ReadAt + ?Sized>(
    src: &R,
    buf: &'a mut ReadBuf,
    offset: u64,
    len: usize,
) -> Result<&'a [u8], SourceError> {
    buf.read_full_at(src, offset, len)
        .map_err(|(offset, error)| SourceError::Read { offset, error })
}

/// What both threads know of the two-thread part.
#[derive(Clone, Copy)]
struct Plan {
    /// Where chunk 0 starts (a clean point, where this thread's transcoder stands).
    origin: u64,
    chunk: usize,
    how: Cuttable,
    source: &'static Encoding,
}

/// Bytes read before a chunk's nominal start, which [`clean_at`] looks back at.
const LOOK_BACK: usize = 4;

/// One chunk converted.
struct Part {
    /// Where its conversion started and ended (byte offsets of the source).
    start: u64,
    end: u64,
    /// Whether the source ended within the chunk: what follows `end` is the tail.
    last: bool,
    out: Vec<u8>,
    helper: Box<Transcoder>,
    result: Result<(), TranscodeError>,
}

/// What a thread made of one chunk.
enum Outcome {
    Part(Part),
    /// No clean point near one of the chunk's nominal ends.
    NoCut,
    Failed(SourceError),
}

/// The first clean point of `window` (whose first byte is at `base`) in `from..to`.
fn first_clean(window: &[u8], from: usize, to: usize, how: Cuttable, base: u64) -> Option<usize> {
    (from.max(1)..=to.min(window.len())).find(|&p| clean_at(window, p, how, base))
}

/// Reads and converts chunk `k`: `window` is the reading buffer, `helper` and `out` the
/// chunk's transcoder and output buffer.
fn convert_chunk<R: ReadAt + ?Sized>(
    src: &R,
    plan: &Plan,
    k: u64,
    window: &mut ReadBuf,
    mut helper: Box<Transcoder>,
    mut out: Vec<u8>,
) -> Outcome {
    let nominal = plan.origin + k * plan.chunk as u64;
    let back = if k == 0 { 0 } else { LOOK_BACK };
    let from = nominal - back as u64;
    let len = back + plan.chunk + SEARCH;
    let bytes = match read_full_at(src, window, from, len) {
        Ok(bytes) => bytes,
        Err(e) => return Outcome::Failed(e),
    };
    let n = bytes.len();
    let start = if k == 0 {
        Some(0)
    } else {
        first_clean(bytes, back, back + SEARCH - 1, plan.how, from)
    };
    let last = n < len;
    let end = start.and_then(|start| {
        if last {
            // The source ends in this window: up to its last clean point, the rest is the
            // tail (which the final call reads with `last`).
            (start.max(n.saturating_sub(SEARCH))..=n)
                .rev()
                .find(|&p| p == start || clean_at(bytes, p, plan.how, from))
        } else {
            let next = back + plan.chunk;
            first_clean(bytes, next, next + SEARCH - 1, plan.how, from)
        }
    });
    let (Some(start), Some(end)) = (start, end) else {
        return Outcome::NoCut;
    };
    helper.restart(plan.source, from + start as u64);
    out.clear();
    let result = helper.transcode(&bytes[start..end], false, &mut out);
    Outcome::Part(Part {
        start: from + start as u64,
        end: from + end as u64,
        last,
        out,
        helper,
        result,
    })
}

impl Transcoder {
    /// Transcodes all of `src`, read `chunk` bytes at a time, calling `write(output, read)`
    /// with each piece of output in order and how far the source has been converted (for a
    /// progress bar). The output, counts and errors are those of [`Transcoder::transcode`] fed
    /// the whole source; where the source can be cut where decoding starts afresh (as for
    /// [`Transcoder::transcode_parallel`]), two threads read and convert alternate chunks.
    pub fn transcode_source<R: ReadAt + ?Sized>(
        &mut self,
        src: &R,
        chunk: usize,
        write: &mut dyn FnMut(&[u8], u64) -> io::Result<()>,
    ) -> Result<(), SourceError> {
        let chunk = chunk.max(2 * SEARCH);
        let mut buf = ReadBuf::new();
        let mut out = Vec::with_capacity(chunk);
        // The head, which settles the byte order mark and finds the first cut alone, is read in
        // smaller pieces: the second thread starts sooner.
        let head = (&mut buf, 2 * SEARCH);
        let Some((pos, how)) = self.one_thread(src, 0, true, head, &mut out, write)? else {
            return Ok(());
        };
        let plan = Plan {
            origin: pos,
            chunk,
            how,
            source: self.decoder.encoding(),
        };
        let pos = self.two_threads(src, &plan, write)?;
        self.one_thread(src, pos, false, (&mut buf, chunk), &mut out, write)?;
        Ok(())
    }

    /// Converts `src` from `pos` on this thread, to the end, read `len` bytes at a time into
    /// `buf`; or, with `until_cut`, until a chunk ends at a clean point where two threads may
    /// take over (returned with how to cut).
    fn one_thread<R: ReadAt + ?Sized>(
        &mut self,
        src: &R,
        mut pos: u64,
        until_cut: bool,
        (buf, len): (&mut ReadBuf, usize),
        out: &mut Vec<u8>,
        write: &mut dyn FnMut(&[u8], u64) -> io::Result<()>,
    ) -> Result<Option<(u64, Cuttable)>, SourceError> {
        loop {
            let bytes = read_full_at(src, buf, pos, len)?;
            let n = bytes.len();
            let last = n < len;
            // Where this chunk may end so that two threads can go on: its last clean point
            // (once the transcoder has settled the byte order mark and begun).
            let how = (until_cut && !last)
                .then(|| self.two_thread_cut())
                .flatten();
            let cut = how.and_then(|how| {
                (n.saturating_sub(SEARCH).max(1)..=n)
                    .rev()
                    .find(|&p| clean_at(bytes, p, how, pos))
            });
            let take = cut.unwrap_or(n);
            out.clear();
            let result = self.transcode(&bytes[..take], last, out);
            pos += take as u64;
            write(out, pos).map_err(SourceError::Write)?;
            result.map_err(SourceError::Transcode)?;
            if last {
                return Ok(None);
            }
            if let (Some(how), Some(_)) = (how, cut)
                && self.two_thread_cut().is_some()
            {
                return Ok(Some((pos, how)));
            }
        }
    }

    /// Converts chunks on two threads from `plan.origin` until the source ends or something
    /// unusual happens; returns where this transcoder stands (the rest is for [`one_thread`]).
    ///
    /// [`one_thread`]: Transcoder::one_thread
    fn two_threads<R: ReadAt + ?Sized>(
        &mut self,
        src: &R,
        plan: &Plan,
        write: &mut dyn FnMut(&[u8], u64) -> io::Result<()>,
    ) -> Result<u64, SourceError> {
        let stop = AtomicBool::new(false);
        let mine = Box::new(self.helper_writer());
        let theirs = Box::new(self.helper_writer());
        std::thread::scope(|scope| {
            // The helper converts the odd chunks; it is at most one chunk ahead (the channel
            // holds one), and its buffers come back once written.
            let (tx, rx) = mpsc::sync_channel::<Outcome>(1);
            let (back_tx, back_rx) = mpsc::channel::<(Box<Transcoder>, Vec<u8>)>();
            let stop = &stop;
            scope.spawn(move || {
                let mut window = ReadBuf::new();
                let mut spare = Some((theirs, Vec::new()));
                for k in (1u64..).step_by(2) {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some((helper, out)) = spare.take().or_else(|| back_rx.recv().ok()) else {
                        return;
                    };
                    let outcome = convert_chunk(src, plan, k, &mut window, helper, out);
                    let end = !matches!(&outcome, Outcome::Part(p) if !p.last);
                    if tx.send(outcome).is_err() || end {
                        return;
                    }
                }
            });
            let result = self.fold_in_order(src, plan, mine, &rx, &back_tx, write);
            stop.store(true, Ordering::Relaxed);
            // Dropping the channels lets a helper waiting on either of them end.
            drop(rx);
            drop(back_tx);
            result
        })
    }

    /// This thread's side of [`Transcoder::two_threads`]: converts the even chunks, takes the
    /// odd ones from `rx`, and folds and writes each in order.
    fn fold_in_order<R: ReadAt + ?Sized>(
        &mut self,
        src: &R,
        plan: &Plan,
        mine: Box<Transcoder>,
        rx: &mpsc::Receiver<Outcome>,
        back: &mpsc::Sender<(Box<Transcoder>, Vec<u8>)>,
        write: &mut dyn FnMut(&[u8], u64) -> io::Result<()>,
    ) -> Result<u64, SourceError> {
        let mut pos = plan.origin;
        let mut window = ReadBuf::new();
        let mut mine = Some((mine, Vec::new()));
        for k in 0u64.. {
            let outcome = if k % 2 == 0 {
                let (helper, out) = mine.take().expect("given back after each chunk");
                convert_chunk(src, plan, k, &mut window, helper, out)
            } else {
                match rx.recv() {
                    Ok(outcome) => outcome,
                    Err(_) => return Ok(pos),
                }
            };
            let mut part = match outcome {
                Outcome::Part(part) => part,
                Outcome::NoCut => return Ok(pos),
                Outcome::Failed(e) => return Err(e),
            };
            // A strict stop is found again on this thread, where lines and columns count
            // from the start; a chunk that does not start where the last one ended means the
            // source changed under us.
            if part.start != pos || part.result.is_err() {
                return Ok(pos);
            }
            self.absorb(&mut part.helper);
            pos = part.end;
            write(&part.out, pos).map_err(SourceError::Write)?;
            let last = part.last;
            if k % 2 == 0 {
                mine = Some((part.helper, part.out));
            } else {
                // The helper may have stopped: then nobody needs them.
                let _ = back.send((part.helper, part.out));
            }
            if last {
                return Ok(pos);
            }
        }
        unreachable!("the chunks of a source are counted by a u64")
    }
}
