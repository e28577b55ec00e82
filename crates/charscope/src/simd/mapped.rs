//! A regular file mapped into memory and read in place: the fast path of `validate`'s check of
//! a whole file, whose twin is reading the file (`validate::valid_utf8_len`); a test holds the
//! two to the same answer, and `CHARSCOPE_SIMD=off` turns mapping off with the rest of this
//! module's fast paths.
//!
//! Why map: the kernel's copy out of the page cache costs as much as validating the bytes
//! (100 MiB: about 8 ms each on the benchmark machine), and the copy leaves them out of the
//! cache, so that checking them right after costs what checking them in place does. Mapped,
//! the copy goes: the kernel maps a cached file in large pieces (a few hundred faults for 100
//! MiB).
//!
//! The one danger of a mapping is a file that shrinks while it is mapped: a read of a page past
//! its new end raises SIGBUS, which kills a process with no word said (as does a page the
//! storage fails to give, where a read would return EIO). Here a handler catches
//! that signal for the pages of a [`Mapped`] file (and only those: any other SIGBUS goes to the
//! handler that was there before), maps a page of zeros where the lost page was so that the
//! read goes on, and notes where; [`Mapped::shrank_at`] then tells the caller, who reports the
//! file as unreadable at that offset. A file that changes without shrinking is read as it is,
//! as a read would.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

/// How many files may be mapped at once (a file mapped when all are taken is read instead).
const SLOTS: usize = 32;

/// The address range of one mapped file, which the SIGBUS handler looks up. `start` is 0 when
/// the slot is free.
struct Slot {
    /// Whether a [`Mapped`] holds the slot.
    taken: AtomicBool,
    /// The first address of the mapping.
    start: AtomicUsize,
    /// Just past its last page.
    end: AtomicUsize,
    /// The lowest offset in the mapping whose read raised SIGBUS (`usize::MAX`: none).
    fault: AtomicUsize,
}

impl Slot {
    const fn new() -> Slot {
        Slot {
            taken: AtomicBool::new(false),
            start: AtomicUsize::new(0),
            end: AtomicUsize::new(0),
            fault: AtomicUsize::new(usize::MAX),
        }
    }
}

static GUARDS: [Slot; SLOTS] = [const { Slot::new() }; SLOTS];

/// The size of a page, read once when the handler is installed.
static PAGE: AtomicUsize = AtomicUsize::new(0);

/// What SIGBUS did before the handler was installed (std's handler, or the default).
static PREVIOUS: OnceLock<libc::sigaction> = OnceLock::new();

/// Whether the handler is installed (tried once per process).
fn guarded() -> bool {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if page <= 0 {
            return;
        }
        // SAFETY: a zeroed sigaction is a valid value to fill in; the handler below only
        // touches atomics and calls mmap and sigaction, which are safe in a signal handler on
        // Linux (system calls without locks).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigbus as extern "C" fn(_, _, _) as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            let mut previous: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGBUS, &action, &mut previous) == 0 {
                let _ = PREVIOUS.set(previous);
                PAGE.store(page as usize, Ordering::Release);
            }
        }
    });
    PAGE.load(Ordering::Acquire) != 0
}

/// The SIGBUS handler: a read past the end of a mapped file that shrank gets a page of zeros
/// and is noted; any other SIGBUS is handed back to the previous handler (the handler is put
/// back and the faulting read runs again under it).
extern "C" fn on_sigbus(
    _signal: libc::c_int,
    info: *mut libc::siginfo_t,
    _context: *mut libc::c_void,
) {
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler.
    let addr = unsafe { (*info).si_addr() } as usize;
    let page = PAGE.load(Ordering::Acquire);
    for slot in &GUARDS {
        let start = slot.start.load(Ordering::Acquire);
        if start == 0 || addr < start || addr >= slot.end.load(Ordering::Acquire) {
            continue;
        }
        // (`page` is set before any slot is taken.)
        let lost = addr & !page.wrapping_sub(1);
        // SAFETY: the page lies inside a mapping that this slot's `Mapped` owns and keeps until
        // the slot is freed; replacing it with a private page of zeros is what MAP_FIXED does.
        let zeros = unsafe {
            libc::mmap(
                lost as *mut libc::c_void,
                page,
                libc::PROT_READ,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                -1,
                0,
            )
        };
        if zeros != libc::MAP_FAILED {
            slot.fault.fetch_min(addr - start, Ordering::AcqRel);
            return;
        }
    }
    // SAFETY: `previous` is what sigaction gave back when the handler was installed; without
    // it (a SIGBUS in the instant before it is kept) the default action, which ends the
    // process, is put back rather than leave the read to fault again for ever.
    unsafe {
        if let Some(previous) = PREVIOUS.get() {
            libc::sigaction(libc::SIGBUS, previous, std::ptr::null_mut());
        } else {
            libc::signal(libc::SIGBUS, libc::SIG_DFL);
        }
    }
}

/// A regular file mapped whole, its pages guarded against the file shrinking.
pub(crate) struct Mapped {
    map: memmap2::Mmap,
    slot: &'static Slot,
}

impl Mapped {
    /// `file` mapped, or `None` where it is not mapped and should be read instead: an empty
    /// file, a mapping the system refuses, no free slot, `CHARSCOPE_SIMD=off`, or no handler.
    pub(crate) fn new(file: &std::fs::File) -> Option<Mapped> {
        if !super::enabled() || !guarded() {
            return None;
        }
        if !file.metadata().is_ok_and(|m| m.is_file() && m.len() > 0) {
            return None;
        }
        let slot = GUARDS.iter().find(|s| {
            s.taken
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        })?;
        // SAFETY: the mapping is only read, as bytes (any value is a valid u8). Another process
        // may change the file meanwhile: the bytes read are then what the file held at that
        // moment, as with a read. A file that shrinks would raise SIGBUS: the slot's handler
        // catches that (see the module's comment).
        let Ok(map) = (unsafe { memmap2::Mmap::map(file) }) else {
            slot.taken.store(false, Ordering::Release);
            return None;
        };
        let page = PAGE.load(Ordering::Acquire);
        let start = map.as_ptr() as usize;
        slot.fault.store(usize::MAX, Ordering::Release);
        slot.end
            .store(start + map.len().div_ceil(page) * page, Ordering::Release);
        slot.start.store(start, Ordering::Release);
        Some(Mapped { map, slot })
    }

    /// The file's bytes (as long as it was when mapped).
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// Gives back the pages of bytes `range` (they are read again from the file if they are
    /// read again): a file checked a part at a time then holds no more of the process's memory
    /// than the parts being checked, where a whole mapping would count the whole file in its
    /// resident size.
    pub(crate) fn release(&self, range: std::ops::Range<usize>) {
        // SAFETY: the mapping is of a file, read only: pages given back are read again from
        // the file (or the page cache) on the next touch, with the same bytes, so nothing that
        // refers to them sees a change. (memmap2 widens the range to whole pages: a page shared
        // with a part another thread reads is only read in again.)
        unsafe {
            let _ = self.map.unchecked_advise_range(
                memmap2::UncheckedAdvice::DontNeed,
                range.start,
                range.len(),
            );
        }
    }

    /// The offset of the first byte read after the file had shrunk below it, if any: those
    /// bytes were read as zeros, and the file is to be reported as unreadable there.
    pub(crate) fn shrank_at(&self) -> Option<u64> {
        let at = self.slot.fault.load(Ordering::Acquire);
        (at != usize::MAX).then_some(at as u64)
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        // The slot is freed before the mapping goes (the map field is dropped after this), so
        // the handler never claims a page of a range reused for something else.
        self.slot.start.store(0, Ordering::Release);
        self.slot.end.store(0, Ordering::Release);
        self.slot.taken.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::Mapped;
    use std::io::Write;

    fn temp_file(name: &str, bytes: &[u8]) -> (std::path::PathBuf, std::fs::File) {
        let path =
            std::env::temp_dir().join(format!("charscope-mapped-{}-{name}", std::process::id()));
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(bytes).unwrap();
        (path.clone(), std::fs::File::open(&path).unwrap())
    }

    #[test]
    fn a_mapped_file_reads_as_its_bytes() {
        let bytes: Vec<u8> = (0..=255u8).cycle().take(100_000).collect();
        let (path, file) = temp_file("bytes", &bytes);
        if let Some(mapped) = Mapped::new(&file) {
            assert_eq!(mapped.bytes(), &bytes[..]);
            // Pages given back are read again, with the same bytes.
            mapped.release(10..50_000);
            assert_eq!(mapped.bytes(), &bytes[..]);
            assert_eq!(mapped.shrank_at(), None);
        }
        let (empty, file) = temp_file("empty", b"");
        assert!(Mapped::new(&file).is_none(), "an empty file is not mapped");
        for p in [path, empty] {
            std::fs::remove_file(p).unwrap();
        }
    }

    #[test]
    fn a_file_that_shrinks_while_mapped_is_noted_not_fatal() {
        let page = 4096 * 16;
        let (path, file) = temp_file("shrinks", &vec![b'a'; 4 * page]);
        let Some(mapped) = Mapped::new(&file) else {
            std::fs::remove_file(path).unwrap();
            return;
        };
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(page as u64)
            .unwrap();
        // Without the handler this read would kill the test process with SIGBUS.
        let after: u64 = mapped.bytes()[page..].iter().map(|&b| u64::from(b)).sum();
        assert_eq!(after, 0, "the lost pages read as zeros");
        let at = mapped.shrank_at().expect("the shrinking is noted");
        assert!((page as u64..page as u64 + 4096).contains(&at), "{at}");
        assert!(mapped.bytes()[..page].iter().all(|&b| b == b'a'));
        drop(mapped);
        std::fs::remove_file(path).unwrap();
    }
}
