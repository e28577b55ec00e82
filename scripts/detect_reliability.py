#!/usr/bin/env python3
"""The reliability table of charscope detect: its answers grouped by stated confidence, and the
share of each group that was right, on the detection corpus (../shared/testdata/detection) and on
short slices of it: the first line that holds a byte above 7F (a first line of plain ASCII is
ASCII to every detector) and the first 32 bytes of that line.

Run through scripts/detect-reliability.sh, which builds charscope.

Counting rule (the one of detect_accuracy.py): an answer is right when it decodes the bytes to
the same text as the expected charset. Answers without an encoding (binary, unknown) are counted
apart. A group holds when its share right is within 10 points of its mean stated confidence.

Usage: detect_reliability.py CORPUS_DIR CHARSCOPE_BIN OUT_DIR
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from detect_accuracy import py_codec  # noqa: E402

# Groups of stated confidence; 1.0 is the structural "certain".
GROUPS = [(0.0, 0.5), (0.5, 0.75), (0.75, 0.9), (0.9, 0.97), (0.97, 0.9995), (0.9995, 1.01)]


def decoded(data, name, path, binary):
    codec = py_codec(name)
    if codec:
        try:
            return data.decode(codec, errors="replace").lstrip("\ufeff")
        except Exception:
            return None
    r = subprocess.run([binary, "decode", "--from", name, path], capture_output=True)
    if r.returncode == 2:
        return None
    return r.stdout.decode("utf-8").lstrip("\ufeff")


def same_text(data, answer, expected, path, binary):
    """Whether reading `data` as `answer` gives the text that `expected` gives."""
    if not answer:
        return False
    want = decoded(data, expected, path, binary)
    got = decoded(data, answer, path, binary)
    return want is not None and got == want


def reliability_table(title, judged):
    """judged: [(detection JSON, right?)]. One row per group of stated confidence."""
    lines = [
        "%s: answers by stated confidence" % title,
        "| stated confidence | answers | mean stated | share right | gap (points) | ±1 s.e. |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    named = [(d, ok) for d, ok in judged if d["encoding"]]
    for lo, hi in GROUPS:
        inside = [(d["confidence"], ok) for d, ok in named if lo <= d["confidence"] < hi]
        if not inside:
            continue
        stated = sum(c for c, _ in inside) / len(inside)
        right = sum(ok for _, ok in inside) / len(inside)
        label = "1 (certain)" if lo >= 0.9995 else "%.2f-%.2f" % (lo, min(hi, 1.0))
        gap = 100 * (right - stated)
        # The binomial standard error of the share at the stated confidence: a group of a few
        # answers cannot show a gap of 10 points either way.
        se = 100 * (stated * (1 - stated) / len(inside)) ** 0.5
        lines.append("| %s | %d | %.0f%% | %.0f%% | %+.0f%s | %.0f |" % (
            label, len(inside), 100 * stated, 100 * right, gap, "" if abs(gap) <= 10 else " (over 10)", se))
    uncertain = [(d, ok) for d, ok in named if d.get("status") == "uncertain"]
    lines.append("")
    lines.append("%d answers, %d right; %d said uncertain (%d of them right); %d without an encoding" % (
        len(named), sum(ok for _, ok in named), len(uncertain), sum(ok for _, ok in uncertain),
        len(judged) - len(named)))
    return "\n".join(lines)


def first_high_line(data):
    for line in data.split(b"\n"):
        if any(b >= 0x80 for b in line):
            return line
    return None


def detect_all(binary, paths):
    out = {}
    for i in range(0, len(paths), 400):
        r = subprocess.run([binary, "--json", "detect"] + paths[i:i + 400], capture_output=True, check=True)
        for line in r.stdout.decode().splitlines():
            d = json.loads(line)
            out[d["file"]] = d
    return out


def main():
    corpus, binary, out_dir = sys.argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    index = json.load(open(os.path.join(corpus, "index.json")))
    cases = {"whole files": [], "first line with a byte above 7F": [], "its first 32 bytes": []}
    for n, f in enumerate(index["files"]):
        path = os.path.join(corpus, f["file"])
        data = open(path, "rb").read()
        cases["whole files"].append((path, data, f["expected_charset"]))
        line = first_high_line(data)
        if line is None:
            continue
        for cut, piece in (("first line with a byte above 7F", line), ("its first 32 bytes", line[:32])):
            p = os.path.join(out_dir, "%04d-%s.bin" % (n, cut.split()[1]))
            open(p, "wb").write(piece)
            cases[cut].append((p, piece, f["expected_charset"]))
    for title, items in cases.items():
        got = detect_all(binary, [p for p, _, _ in items])
        judged = [(got[p], same_text(data, got[p]["encoding"], exp, p, binary)) for p, data, exp in items]
        print(reliability_table(title, judged))
        print()


if __name__ == "__main__":
    main()
