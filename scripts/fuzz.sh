#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) and prints how many inputs each ran.
# Needs cargo-fuzz (`cargo install cargo-fuzz`). On a stable toolchain cargo-fuzz's nightly
# flags are unlocked with RUSTC_BOOTSTRAP=1, and the sanitizer is off (-s none): the code under
# test forbids unsafe, so the checks that matter are the targets' own assertions.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
for target in decode_utf8 decode_utf16 decode_utf32 decode_legacy decode_beyond_whatwg parse_dump; do
  mkdir -p "corpus/$target"
  RUSTC_BOOTSTRAP=1 cargo fuzz run -O -s none "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -max_len=512 -print_final_stats=1 2>&1 \
    | grep -E "stat::number_of_executed_units|Done [0-9]+ runs|ERROR|panicked" \
    | sed "s/^/$target: /"
done
