#!/usr/bin/env python3
"""Puts files into the page cache afresh: drops each from the cache, then reads it back whole.

scripts/bench.sh runs this before every timed run. Reading a file that is already cached
(`cat FILE`) keeps whatever the kernel's memory reclaim left of it: on the benchmark machine a
file partly evicted and read back in small pieces took twice as long to read (dd: 12-15 ms
for 100 MiB) as the same file read ahead from scratch (6 ms), and the state changed from one
run to the next. Every tool then reads the same file in the same state.
"""
import os
import sys

for path in sys.argv[1:]:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        while os.read(fd, 1 << 20):
            pass
    finally:
        os.close(fd)
