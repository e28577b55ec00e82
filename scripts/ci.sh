#!/usr/bin/env bash
# The whole test suite, as CI runs it. Installs what it needs on a fresh machine.
# Needs ../shared/testdata beside the repository (or CHARSCOPE_TESTDATA pointing at it).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "a C++ compiler (the simdutf crate builds the simdutf library)"
command -v c++ >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq g++ >/dev/null; }

step "tools the dump tests compare against (hexdump, xxd, od, busybox, hexyl)"
bash scripts/install-dump-tools.sh

step "generated tables are up to date (regenerated from their pinned sources)"
python3 scripts/gen-language-model.py --check

step "no circle of imports between files (scripts/import-cycles.allow lists those still tolerated)"
python3 scripts/import-cycles.py --self-test

step "no function over the house length (80 lines, tests and generated tables aside)"
python3 scripts/long-functions.py

step "formatting"
cargo fmt --all -- --check

step "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "tests (unit, integration, doc)"
cargo test --workspace --locked

step "the tests again with every fast path off (CHARSCOPE_SIMD=off: as on a processor without AVX2)"
CHARSCOPE_SIMD=off cargo test --workspace --locked

step "Python: a fresh venv, pip install crates/charscope-py, pytest (the Spark job on local[2] too)"
bash scripts/python-tests.sh

step "the library's unit tests without its native feature (the portable paths WebAssembly takes)"
cargo test -p charscope --no-default-features --lib --locked

step "fuzz targets: each runs 20 s from its seeds, with the address sanitizer (scripts/fuzz.sh)"
if [ -f fuzz/Cargo.toml ]; then
  cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null
  command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
  bash scripts/fuzz.sh 20
fi

if [ -x scripts/e2e.sh ]; then
  step "browser end-to-end tests (charscope serve, then the static build)"
  scripts/e2e.sh
fi

step "done"
