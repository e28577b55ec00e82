#!/usr/bin/env bash
# The reliability table of `charscope detect` (issue 28): answers grouped by stated confidence,
# and the share right in each group, on the detection corpus (../shared/testdata/detection, or
# $CHARSCOPE_TESTDATA/detection) and on short slices of it (the first line that holds a byte
# above 7F, and its first 32 bytes). The corpus measures; nothing is fitted on it (the
# calibration comes from generated text: scripts/detect-calibration.sh).
#   scripts/detect-reliability.sh
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${CHARSCOPE_TESTDATA:-../shared/testdata}/detection"
cargo build --release -q -p charscope-cli
exec python3 scripts/detect_reliability.py "$corpus" target/release/charscope target/detect-reliability
