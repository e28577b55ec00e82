#!/usr/bin/env python3
"""Scores ftfy on the generated set of scripts/repair-set.py, as the repair_set example scores
`charscope fix`: per script family, broken lines repaired exactly, one-word breaks repaired, clean
lines unchanged. ftfy.fix_encoding is used (ftfy's encoding repair alone: fix_text also changes
quotes, widths and line breaks, which this set does not ask for).

Usage: "$(scripts/ftfy-venv.sh)" scripts/repair-ftfy.py [target/repair-set/set.jsonl]
"""
import collections
import json
import sys

import ftfy

path = sys.argv[1] if len(sys.argv) > 1 else "target/repair-set/set.jsonl"
tally = collections.defaultdict(lambda: {"broken": [0, 0], "one-word": [0, 0], "clean": [0, 0]})
for line in open(path, encoding="utf-8"):
    case = json.loads(line)
    ok = ftfy.fix_encoding(case["input"]) == case["expected"]
    slot = tally[case["family"]][case["kind"]]
    slot[1] += 1
    slot[0] += ok
pct = lambda s: 100.0 * s[0] / s[1] if s[1] else 100.0
print(f"ftfy {ftfy.__version__} (fix_encoding)")
print(f"{'family':<12} {'broken':>16} {'one word':>16} {'clean':>16}")
for family, t in sorted(tally.items()):
    cells = " ".join(f"{t[k][0]:>6}/{t[k][1]:<4}{pct(t[k]):>5.1f}%" for k in ("broken", "one-word", "clean"))
    print(f"{family:<12} {cells}")
