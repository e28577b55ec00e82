#!/usr/bin/env python3
"""Puts files into the page cache afresh: drops each from the cache, then reads it back whole.

scripts/bench.sh runs this before every timed run (through scripts/rounds.py). Reading a file
that is already cached (`cat FILE`) keeps whatever the kernel's memory reclaim left of it: on
the benchmark machine a file partly evicted and read back in small pieces took twice as long to
read (dd: 12-15 ms for 100 MiB) as the same file read ahead from scratch (6 ms), and the state
changed from one run to the next. Every tool then reads the same file in the same state.

The drop is posix_fadvise(DONTNEED), what `dd iflag=nocache` does: it needs no root, and leaves
the rest of the page cache (other people's work on a shared machine) alone.
"""
import os
import sys


def recache(paths):
    """Drops each of `paths` from the page cache and reads it back whole."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            while os.read(fd, 1 << 20):
                pass
        finally:
            os.close(fd)


if __name__ == "__main__":
    recache(sys.argv[1:])
