#!/usr/bin/env python3
"""Scores ftfy.fix_encoding on the calibration sets of scripts/repair-calibration.py, as the
repair_eval example scores `charscope fix`: clean lines changed (per 10,000), and broken lines
repaired exactly, left as they were, or changed into another wrong text.

Usage: python3 scripts/repair-eval-ftfy.py [DIR]   (DIR defaults to target/repair-cal; needs
       ftfy, see scripts/repair-check.sh)
"""
import json
import os
import sys
import time

import ftfy

d = sys.argv[1] if len(sys.argv) > 1 else os.path.join("target", "repair-cal")
clean = [json.loads(l)["text"] for l in open(os.path.join(d, "clean.jsonl"), encoding="utf-8")]
start = time.process_time()
changed = sum(ftfy.fix_encoding(t) != t for t in clean)
secs = time.process_time() - start
print(f"ftfy {ftfy.__version__} clean: {changed} of {len(clean)} changed "
      f"({1e4 * changed / len(clean):.2f} per 10,000) in {secs:.1f} s")
broken = [json.loads(l) for l in open(os.path.join(d, "broken.jsonl"), encoding="utf-8")]
exact = left = wrong = 0
start = time.process_time()
for case in broken:
    got = ftfy.fix_encoding(case["input"])
    if got == case["expected"]:
        exact += 1
    elif got == case["input"]:
        left += 1
    else:
        wrong += 1
secs = time.process_time() - start
print(f"ftfy broken: {len(broken)} lines in {secs:.1f} s: {exact} exact, {left} left as they "
      f"were, {wrong} changed wrongly")
