#!/usr/bin/env python3
"""charscope in Python beside its peers, in one process: detect on the visible detection corpus
(../shared/testdata/detection) against chardet 7.7, charset-normalizer and faust-cchardet; fix
on the repair set (scripts/repair-set.py) against ftfy 6.3.1; and, with --spark, the Spark job's
throughput in files per second on local[2].

Method: every input is read into memory first; each round runs every tool once over all of it,
in an order that rotates from round to round (interleaved); the table gives each tool's median
wall-clock and CPU time (time.process_time: all of this process's threads) per round and each
peer's ratio to charscope's single-call loop (its time / charscope's, the range over the rounds:
above 1, charscope is faster). On a machine shared with other work the CPU ratios hold better
than the wall-clock ones. The `_many` rows are detect_many / fix_many (all cores).

Setup (a venv with the release wheel and the peers):
    scripts/python-bench.sh [--rounds N] [--spark FILES]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TESTDATA = os.environ.get("CHARSCOPE_TESTDATA", os.path.join(ROOT, "..", "shared", "testdata"))


def detection_corpus():
    index = json.load(open(os.path.join(TESTDATA, "detection", "index.json")))
    files = []
    for entry in index["files"]:
        with open(os.path.join(TESTDATA, "detection", entry["file"]), "rb") as f:
            files.append(f.read())
    return files


def repair_set():
    path = os.path.join(ROOT, "target", "repair-set", "set.jsonl")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "repair-set.py")], check=True, stdout=subprocess.DEVNULL)
    return [json.loads(line)["input"] for line in open(path, encoding="utf-8")]


def detectors():
    import chardet
    import charset_normalizer
    import charscope

    tools = {
        "charscope.detect": lambda files: [charscope.detect(b) for b in files],
        "charscope.detect_many": lambda files: charscope.detect_many(files),
        f"chardet {chardet.__version__}": lambda files: [chardet.detect(b) for b in files],
        f"charset-normalizer {charset_normalizer.__version__}": lambda files: [
            charset_normalizer.from_bytes(b).best() for b in files
        ],
    }
    try:
        import cchardet

        tools[f"faust-cchardet {cchardet.__version__}"] = lambda files: [cchardet.detect(b) for b in files]
    except ImportError:
        print("note: faust-cchardet is not installed; its row is left out", file=sys.stderr)
    return tools


def fixers():
    import ftfy
    import charscope

    version = getattr(ftfy, "__version__", "")
    return {
        "charscope.fix": lambda lines: [charscope.fix(t).text for t in lines],
        "charscope.fix_many": lambda lines: [r.text for r in charscope.fix_many(lines)],
        f"ftfy {version} fix_encoding".strip(): lambda lines: [ftfy.fix_encoding(t) for t in lines],
        f"ftfy {version} fix_text".strip(): lambda lines: [ftfy.fix_text(t) for t in lines],
    }


def measure(title, tools, data, rounds, base):
    names = list(tools)
    times = {n: [] for n in names}
    cpu = {n: [] for n in names}
    for name in names:  # a warm-up pass: models built, caches filled
        tools[name](data[:20])
    for r in range(rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for name in order:
            start, start_cpu = time.perf_counter(), time.process_time()
            tools[name](data)
            times[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
    print(f"\n{title}: {len(data)} inputs, {rounds} rounds; median wall and CPU seconds per round;")
    print(f"  each peer's time over {base}'s (range over the rounds; above 1: charscope is faster)")
    for name in names:
        line = f"  {name:34s} wall {statistics.median(times[name]):7.3f} s  cpu {statistics.median(cpu[name]):7.3f} s"
        if name != base:
            wall = [p / c for p, c in zip(times[name], times[base])]
            on_cpu = [p / c for p, c in zip(cpu[name], cpu[base])]
            line += f"   wall x{min(wall):.2f}-{max(wall):.2f}  cpu x{min(on_cpu):.2f}-{max(on_cpu):.2f}"
        print(line)


def spark(files, rounds):
    sys.path.insert(0, os.path.join(ROOT, "crates", "charscope-py", "tests"))
    import corpus

    with tempfile.TemporaryDirectory() as tmp:
        made = 0
        k = 0
        while made < files:
            made += len(corpus.write(os.path.join(tmp, "corpus", f"set{k}"), seed=k))
            k += 1
        print(f"\nspark: python -m charscope.spark --master local[2] over {made} files ({rounds} runs)")
        for r in range(rounds):
            out = os.path.join(tmp, f"out{r}.parquet")
            start = time.perf_counter()
            run = subprocess.run(
                [sys.executable, "-m", "charscope.spark", "--master", "local[2]", os.path.join(tmp, "corpus"), out],
                capture_output=True,
                text=True,
            )
            whole = time.perf_counter() - start
            line = [l for l in run.stderr.splitlines() if l.startswith("charscope.spark:")]
            print(f"  run {r + 1}: {line[-1] if line else run.stderr[-500:]}; {whole:.1f} s with the JVM's start"
                  f" ({made / whole:.1f} files/s)")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--spark", type=int, default=0, metavar="FILES", help="also time the Spark job over about FILES files")
    p.add_argument("--only", choices=["detect", "fix", "spark"])
    args = p.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs (the machine may be shared: see the ranges)")
    if args.only in (None, "detect"):
        measure("detect, the visible detection corpus", detectors(), detection_corpus(), args.rounds, "charscope.detect")
    if args.only in (None, "fix"):
        measure("fix, the repair set", fixers(), repair_set(), args.rounds, "charscope.fix")
    if args.spark and args.only in (None, "spark"):
        spark(args.spark, 2)


if __name__ == "__main__":
    main()
