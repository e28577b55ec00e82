#!/usr/bin/env bash
# Accuracy of `charscope detect` beside chardet 7.7, charset-normalizer, uchardet and chardetng on
# the detection corpus (../shared/testdata/detection, or $CHARSCOPE_TESTDATA/detection).
# The corpus is for measuring: nothing in charscope is derived from it (the confidence is
# calibrated on generated text, scripts/detect-calibration.sh).
#   scripts/detect-accuracy.sh [--failures] [--only charscope,chardet]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${CHARSCOPE_TESTDATA:-../shared/testdata}/detection"
venv="${CHARSCOPE_PEER_VENV:-target/peer-venv}"

cargo build --release -q -p charscope-cli
cargo build --release -q -p charscope --example chardetng_guess
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q chardet==7.7.0 charset-normalizer==3.5.2
fi
if ! command -v uchardet >/dev/null; then
  echo "note: uchardet not installed (Debian: apt-get install uchardet); its row is left out" >&2
fi
exec "$venv/bin/python" scripts/detect_accuracy.py "$corpus" target/release/charscope \
  target/release/examples/chardetng_guess "$@"
