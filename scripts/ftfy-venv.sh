#!/usr/bin/env bash
# Creates target/ftfy-venv with ftfy from PyPI (pinned), for comparing `charscope fix` with it:
# scripts/repair-ftfy.py (the generated set) and bench_fix in scripts/bench.sh (speed).
# Prints the venv's python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/ftfy-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import ftfy' 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q 'ftfy==6.3.1' >&2
fi
echo "$venv/bin/python"
