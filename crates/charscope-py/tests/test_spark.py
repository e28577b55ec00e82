"""python -m charscope.spark on local[2]: 161 files of seven families of languages in seven
legacy encodings, written by corpus.py, come back as Parquet whose text is right."""

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

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
    # Names that Spark's sources pass over for their leading underscore are read all the same;
    # a hidden file stays out.
    some_path, some_text = next(iter(texts.items()))
    (corpus_dir / "_archive").mkdir()
    some_bytes = Path(some_path).read_bytes()
    for name in ("_notes.txt", "_archive/old.txt", ".hidden.txt"):
        (corpus_dir / name).write_bytes(some_bytes)
    run = subprocess.run(
        [sys.executable, "-m", "charscope.spark", "--master", "local[2]", str(corpus_dir), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "164 files" in run.stderr
    # The versions the `spark` extra pins run without PySpark's warnings (pandas 3 gets one).
    assert "Warning:" not in run.stderr, run.stderr[-3000:]
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
    for name in ("_notes.txt", "_archive/old.txt"):
        assert rows[str(corpus_dir / name)]["text"] == rows[some_path]["text"] == some_text, name
    assert str(corpus_dir / ".hidden.txt") not in rows
    png = next(r for p, r in rows.items() if p.endswith("image.png"))
    assert png["encoding"] is None and png["malformed_count"] > 0
    # Small files are packed a task a core, give or take one (charscope.spark.OPEN_COST), and
    # the two files Spark passes over are one more task: with Spark's own cost of opening a
    # file, these would be seven tasks, and seven Parquet parts.
    parts = list(out.glob("part-*.parquet"))
    assert 1 <= len(parts) <= 4, [p.name for p in parts]
    # An existing output is refused, with a one-line reason.
    again = subprocess.run(
        [sys.executable, "-m", "charscope.spark", "--master", "local[2]", str(corpus_dir), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert again.returncode == 2 and "charscope.spark:" in again.stderr
    assert "exists (--overwrite replaces it)" in again.stderr
    # Said before Spark starts: one line, no page of Java trace.
    assert again.stderr.strip().count("\n") == 0, again.stderr[-3000:]


def test_the_job_says_when_pyspark_is_missing_or_arguments_are_wrong(tmp_path):
    run = subprocess.run([sys.executable, "-m", "charscope.spark"], capture_output=True, text=True)
    assert run.returncode == 2 and "INPUT" in run.stderr
    # A local run's missing INPUT is one line, before Spark (or its absence) is looked at.
    missing = tmp_path / "no-such-corpus"
    for given in (str(missing), "file://" + str(missing)):
        run = subprocess.run(
            [sys.executable, "-m", "charscope.spark", "--master", "local[2]", given, str(tmp_path / "out")],
            capture_output=True,
            text=True,
        )
        assert run.returncode == 2, run.stderr
        assert run.stderr == f"charscope.spark: INPUT {given}: no such file or directory\n"


def test_the_files_spark_passes_over_are_listed(tmp_path):
    from charscope.spark import passed_over

    for name in ("a.txt", "_b.txt", ".c.txt", "_empty.txt", "_d.html", "_e.txt._COPYING_",
                 "_old/f.txt", "_old/.g.txt", ".git/_h.txt", "year=2024/i.txt", "_part=1/j.txt", "k/_l.txt"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"" if "empty" in name else b"caf\xe9")
    got = [os.path.relpath(p, tmp_path) for p in passed_over(str(tmp_path))]
    assert got == ["_b.txt", "_d.html", "_old/f.txt", "k/_l.txt"]
    assert [os.path.relpath(p, tmp_path) for p in passed_over(str(tmp_path), "*.txt")] == ["_b.txt", "_old/f.txt", "k/_l.txt"]
    # A file given alone.
    assert passed_over(str(tmp_path / "_b.txt")) == [str(tmp_path / "_b.txt")]
    assert passed_over(str(tmp_path / "a.txt")) == []
