"""python -m charscope.spark on local[2]: 161 files of seven families of languages in seven
legacy encodings, written by corpus.py, come back as Parquet whose text is right."""

import importlib
import os
import shutil
import subprocess
import sys

import pytest

import corpus

REQUIRED = os.environ.get("CHARSCOPE_REQUIRE_SPARK") == "1"


def _need(module):
    try:
        return importlib.import_module(module)
    except ImportError:
        if REQUIRED:
            raise
        pytest.skip(f"{module} is not installed")


def test_the_job_on_local_2(tmp_path):
    _need("pyspark")
    pq = _need("pyarrow.parquet")
    if shutil.which("java") is None:
        if REQUIRED:
            pytest.fail("java is not installed")
        pytest.skip("java is not installed")
    corpus_dir, out = tmp_path / "corpus", tmp_path / "out.parquet"
    texts = corpus.write(str(corpus_dir))
    assert len(texts) == 161
    # A file that is not text goes through too; an empty file Spark's file sources skip.
    (corpus_dir / "empty.txt").write_bytes(b"")
    (corpus_dir / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01")
    run = subprocess.run(
        [sys.executable, "-m", "charscope.spark", "--master", "local[2]", str(corpus_dir), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "162 files" in run.stderr
    table = pq.read_table(str(out))
    assert table.column_names == ["path", "encoding", "confidence", "language", "text", "fixed", "malformed_count"]
    rows = {r["path"].replace("file://", "").replace("file:", ""): r for r in table.to_pylist()}
    right = sum(1 for path, text in texts.items() if rows[path]["text"] == text)
    assert right >= 0.95 * len(texts), f"{right} of {len(texts)} texts right"
    for path, text in texts.items():
        family = os.path.basename(os.path.dirname(path))
        row = rows[path]
        assert row["malformed_count"] == 0 or row["text"] != text
        if row["text"] == text:
            assert row["fixed"] == text, (family, row["fixed"][:60])
    png = next(r for p, r in rows.items() if p.endswith("image.png"))
    assert png["encoding"] is None and png["malformed_count"] > 0
    # An existing output is refused, with a one-line reason.
    again = subprocess.run(
        [sys.executable, "-m", "charscope.spark", "--master", "local[2]", str(corpus_dir), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert again.returncode == 2 and "charscope.spark:" in again.stderr


def test_the_job_says_when_pyspark_is_missing_or_arguments_are_wrong():
    run = subprocess.run([sys.executable, "-m", "charscope.spark"], capture_output=True, text=True)
    assert run.returncode == 2 and "INPUT" in run.stderr
