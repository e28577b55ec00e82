#!/usr/bin/env python3
"""Every endpoint of `charscope serve` on its worst inputs: time, answer size, server memory.

Starts a fresh server for each case (`--bin`, default target/release/charscope), sends the case
the way the page sends it, and prints one line per case: the status, the wall time, the answer's
size and the server's peak resident memory (sampled every 20 ms from /proc), and what the answer
says it cut. After each case the server must still serve the page. Timings depend on the
machine: run it on a quiet one, and say when it was shared.

    cargo build --release -p charscope-cli && scripts/api-bounds.py
    scripts/api-bounds.py --only fix --sizes 300000,1000000,2700000
"""

import argparse
import json
import os
import random
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Peak(threading.Thread):
    """The highest resident memory of a process while it runs."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, 0, threading.Event()

    def run(self):
        while not self.done.is_set():
            self.peak = max(self.peak, rss_kib(self.pid))
            time.sleep(0.02)

    def stop(self):
        self.done.set()
        self.join()
        return self.peak


def post(url, body):
    data = json.dumps(body, ensure_ascii=False).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def random_hex(n, seed=30):
    rng = random.Random(seed)
    return rng.randbytes(n).hex(" ").upper()


def cases(sizes):
    """(endpoint, name, body): the page's requests on random bytes and other worst cases."""
    for n in sizes:
        hexed = random_hex(n)
        page = {"input": hexed, "mode": "auto", "format": "auto", "word_order": "auto"}
        yield "fix", f"{n:,} random bytes as hex", {**page, "encoding": "auto", "limit": 2001}
        yield "inspect", f"{n:,} random bytes as hex", {**page, "encoding": "auto", "limit": 500}
        yield "compare", f"{n:,} random bytes as hex", {**page, "limit": 121}
        yield "detect", f"{n:,} random bytes as hex", {**page, "encoding": "auto"}
        yield "scan", f"{n:,} random bytes as hex", {**page, "encoding": "auto"}
    mojibake = "Le cafÃ© est fermÃ© aujourdâ€™hui, dÃ©solÃ©. " * 24000
    yield "fix", f"one line of mojibake, {len(mojibake.encode()):,} bytes", {"input": mojibake, "mode": "text", "limit": 2001}
    marks = "e\u0301\u0302\u0303" * 700000
    yield "inspect", f"combining marks, {len(marks.encode()):,} bytes", {"input": marks, "mode": "text", "limit": 500}
    hidden = "a\u200b\u202e" * 1000000
    yield "scan", f"zero-width spaces and overrides, {len(hidden.encode()):,} bytes", {"input": hidden, "mode": "text"}
    wide = "日" * 2700000
    yield "encode", f"{len(wide):,} characters windows-1252 cannot write", {"text": wide, "encoding": "windows-1252", "limit": 5000}
    yield "url", "8 KiB of %25", {"input": "%25" * 2730}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default="target/release/charscope")
    parser.add_argument("--sizes", default="300000,1000000,2700000",
                        help="random input sizes in bytes, comma-separated")
    parser.add_argument("--only", help="run only this endpoint's cases")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    print(f"{args.bin}; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for endpoint, name, body in cases(sizes):
        if args.only and endpoint != args.only:
            continue
        run(args.bin, endpoint, name, body)


def run(binary, endpoint, name, body):
    """One case on a fresh server: its line, then a check that the page is still served."""
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        peak = Peak(server.pid)
        peak.start()
        started = time.perf_counter()
        status, answer = post(url + "api/" + endpoint, body)
        took = time.perf_counter() - started
        top = peak.stop()
        if status == 200:
            said = "; ".join(c["message"] for c in json.loads(answer).get("cuts") or [])
        else:
            said = json.loads(answer).get("error", "")
        with urllib.request.urlopen(url, timeout=30) as response:
            page = "page served" if response.status == 200 else f"page: {response.status}"
        print(f"/api/{endpoint:8} {name:48} {status} {took:6.2f} s {len(answer):>9,} B "
              f"peak {top / 1024:4.0f} MiB, {page}  {said[:80]}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
