#!/usr/bin/env bash
# Evidence before change, measured: builds the calibration sets (scripts/repair-calibration.py:
# clean lines of many languages and scripts, and mojibake made from them), then scores
# `charscope fix` (the repair_eval example) and ftfy.fix_encoding on them side by side: clean
# lines changed per 10,000 (the goal: under 1) and broken lines repaired exactly, left alone or
# turned into another wrong text. Nothing here is a measuring corpus: wordfreq, CLDR (Babel),
# Faker and ../shared/bench.
#
# Usage: scripts/repair-check.sh [--show N]   (N failures of each sort printed for charscope)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/calibration-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import wordfreq, babel, faker, ftfy' 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q 'wordfreq==3.1.1' 'babel==2.19.0' 'faker==40.63.0' 'ftfy==6.3.1' >&2
fi
[ -f target/repair-cal/broken.jsonl ] || "$venv/bin/python" scripts/repair-calibration.py target/repair-cal
echo "== charscope fix"
cargo run -q --release -p charscope --example repair_eval -- target/repair-cal "$@"
echo "== ftfy.fix_encoding"
"$venv/bin/python" scripts/repair-eval-ftfy.py target/repair-cal
