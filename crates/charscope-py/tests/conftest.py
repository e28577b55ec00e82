"""Shared fixtures: the `charscope` binary the JSON tests compare with."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def _binary():
    given = os.environ.get("CHARSCOPE_BIN")
    if given:
        if not os.access(given, os.X_OK):
            raise RuntimeError(f"CHARSCOPE_BIN={given} is not an executable")
        return given
    for build in ("debug", "release"):
        path = os.path.join(ROOT, "target", build, "charscope")
        if os.access(path, os.X_OK):
            return path
    return shutil.which("charscope")


@pytest.fixture(scope="session")
def cli():
    """Runs `charscope ARGS --json` and returns its JSON lines, parsed."""
    import json

    binary = _binary()
    if binary is None:
        pytest.skip("no charscope binary: build it (cargo build) or set CHARSCOPE_BIN")

    def run(*args, stdin=None):
        out = subprocess.run(
            [binary, "--json", *args], input=stdin, capture_output=True, check=False
        )
        assert out.returncode in (0, 1), out.stderr.decode()
        return [json.loads(line) for line in out.stdout.decode().splitlines() if line.strip()]

    return run
