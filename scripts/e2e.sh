#!/usr/bin/env bash
# End-to-end tests of the web page in Debian's headless Chromium, driven by npm's playwright-core:
# once against `charscope serve`, once against the static build. Installs both when missing.
# Screenshots land in target/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
cargo build -q -p charscope-cli
echo "==> the page served by charscope serve"
CHARSCOPE_BIN="$PWD/target/debug/charscope" node --test tests/e2e/
# The same suite against the page with no server: the API in a Web Worker (WebAssembly),
# served by Python's plain static file server.
echo "==> the static build (scripts/build-static.sh)"
bash scripts/build-static.sh
CHARSCOPE_E2E=static node --test tests/e2e/
