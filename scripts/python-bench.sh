#!/usr/bin/env bash
# charscope in Python beside chardet 7.7, charset-normalizer, faust-cchardet and ftfy 6.3.1, in
# one process (scripts/python-bench.py says how it measures). Builds the release wheel (fat
# LTO: a few minutes) into target/wheels and a venv with it and the peers in target/py-bench.
#   scripts/python-bench.sh [--rounds N] [--spark FILES] [--only detect|fix|spark]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/py-bench
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q 'chardet==7.7.0' 'charset-normalizer==3.5.3' 'faust-cchardet==3.2.0' 'ftfy==6.3.1'
"$venv/bin/pip" wheel -q --no-deps crates/charscope-py -w target/wheels
"$venv/bin/pip" install -q --force-reinstall --no-deps target/wheels/charscope-*.whl
if [[ " $* " == *" --spark "* ]]; then
  "$venv/bin/pip" install -q 'pyspark>=3.5' pyarrow 'pandas<3'
fi
exec "$venv/bin/python" scripts/python-bench.py "$@"
