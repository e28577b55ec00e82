#!/usr/bin/env bash
# Runs every fuzz target (or those named) for SECONDS each (default 60) and prints how many
# inputs each ran:
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Each run starts from the seeds kept in fuzz/seeds/TARGET; what it finds goes to
# fuzz/corpus/TARGET, which git ignores. The targets run with the address sanitizer: the library
# has unsafe SIMD blocks (crates/charscope/src/simd/) that read and write through raw pointers,
# so a read or write out of bounds must stop the run (simdutf's C++ is not instrumented; every
# buffer handed to it is sized by the Rust side, which is). Debug assertions are on too.
#
# Exits non-zero when a target fails to build, crashes or cannot run: CI runs
# `scripts/fuzz.sh 20`. Needs cargo-fuzz (`cargo install cargo-fuzz`, which scripts/ci.sh does);
# on a stable toolchain cargo-fuzz's nightly flags are unlocked with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^charscope-fuzz$')
fi
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O -a
failed=0
for target in "${targets[@]}"; do
  [ -d "seeds/$target" ] || { echo "$target: no seeds in fuzz/seeds/$target" >&2; failed=1; continue; }
  mkdir -p "corpus/$target"
  log=$(mktemp)
  if cargo fuzz run -O -a "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -max_len=512 -print_final_stats=1 >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$target: ${runs:-?} inputs in ${seconds} s"
  else
    echo "$target: FAILED" >&2
    grep -E "panicked|ERROR|SUMMARY|Test unit written|^error" "$log" | head -20 >&2 || tail -20 "$log" >&2
    failed=1
  fi
  rm -f "$log"
done
exit "$failed"
