#!/usr/bin/env bash
# Writes target/static/: the page with no server. index.html, its scripts and styles, worker.js,
# and charscope's API compiled to WebAssembly (crates/charscope-wasm, through wasm-bindgen),
# which worker.js runs in a Web Worker. Serve the folder from any static host (or
# `python3 -m http.server -d target/static`); nothing is fetched from elsewhere.
# Installs the wasm32 target and wasm-bindgen-cli (at Cargo.lock's version) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/static

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  # Not --locked: the CLI's own lock file may name crates the registry index here lacks.
  cargo install wasm-bindgen-cli --version "$version"
fi

# The release profile without debug information: 3.4 MB of WebAssembly, not 12.
CARGO_PROFILE_RELEASE_DEBUG=false \
  cargo build -p charscope-wasm --release --target wasm32-unknown-unknown --locked
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
  target/wasm32-unknown-unknown/release/charscope_wasm.wasm
cargo run -q -p charscope-web --example static-site --locked -- "$out"

total=$(find "$out" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
packed=$(find "$out" -type f -exec sh -c 'gzip -9 -c "$1" | wc -c' _ {} \; | awk '{ s += $1 } END { print s }')
printf 'target/static: %s files, %s bytes, %s bytes gzipped (-9, each file)\n' \
  "$(find "$out" -type f | wc -l)" "$total" "$packed"
