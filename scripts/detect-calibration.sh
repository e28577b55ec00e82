#!/usr/bin/env bash
# Fits the calibration of `charscope detect`'s confidence (CAL_SHARE, CAL_EVIDENCE, CAL_OFFSET in
# crates/charscope/src/detect/legacy.rs) on generated text, never on the measuring corpus: Faker's
# word lists, names and addresses in 35 locales (PyPI, pinned below) and the texts of
# ../shared/bench, in the legacy encodings of each language, as paragraphs, lines, 32 and 12
# bytes and single words. --table also prints the reliability table on that set.
#   scripts/detect-calibration.sh [--table]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${CHARSCOPE_CALIBRATION_VENV:-target/calib-venv}"
cargo build --release -q -p charscope-cli
cargo build --release -q -p charscope --example calibration_inputs
if ! "$venv/bin/python" -c 'import faker' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q faker==40.63.0
fi
exec "$venv/bin/python" scripts/detect_calibration.py target/detect-calibration \
  target/release/charscope target/release/examples/calibration_inputs "$@"
