#!/usr/bin/env bash
# The Python package's tests, as CI runs them: a fresh venv, `pip install crates/charscope-py`
# (the PEP 517 build: maturin compiles the extension), then pytest over crates/charscope-py/tests,
# the Spark job on local[2] included (PySpark from PyPI; Java 17 from Debian where `java` is
# missing). The JSON tests compare with the binary `cargo test` built (target/debug/charscope).
#
# The extension is built with the dev profile here (MATURIN_PEP517_ARGS): it reuses what
# `cargo test` compiled, where the release profile (fat LTO) would add minutes; the tests'
# inputs are small. pip's own cache (~/.cache/pip: PyPI's wheels, pyspark's built once) is kept
# between runs; the venv is not.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v java >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
venv=target/py-ci
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
MATURIN_PEP517_ARGS="${MATURIN_PEP517_ARGS:---profile dev}" "$venv/bin/pip" install -q crates/charscope-py
"$venv/bin/pip" install -q 'pytest>=7' 'pyarrow>=14' 'pyspark>=3.5' 'pandas>=1.5,<3'
[ -x target/debug/charscope ] || cargo build -q -p charscope-cli
cd crates/charscope-py
CHARSCOPE_REQUIRE_SPARK=1 CHARSCOPE_BIN="$PWD/../../target/debug/charscope" \
  "../../$venv/bin/python" -m pytest -q -p no:cacheprovider tests
