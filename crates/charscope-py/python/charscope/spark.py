"""``python -m charscope.spark [--master URL] INPUT OUTPUT``: every file under INPUT detected,
decoded and repaired on Spark, written to OUTPUT as Parquet.

Spark's ``binaryFile`` source reads each file whole; ``mapInArrow`` hands batches of them to
:mod:`charscope.arrow`, which works on the Arrow buffers on all cores of each executor. Columns:
``path``, ``encoding``, ``confidence``, ``language``, ``text`` (decoded with the detected
encoding, one U+FFFD per malformed sequence), ``fixed`` (``text`` with its mojibake repaired)
and ``malformed_count``.

Locally: ``python -m charscope.spark --master 'local[4]' corpus/ out.parquet``. On a cluster,
``spark-submit`` runs this file (``charscope/spark.py`` in site-packages) with the executors'
Python holding charscope and pyarrow: the wheel installed on every node, or a packed venv
shipped with ``--archives``; see docs/PYTHON.md.
"""

import argparse
import os
import re
import sys
import time
from typing import Iterator, List, Optional

__all__ = ["SCHEMA", "main", "process_batches", "run"]

#: The output's columns, in Spark's DDL.
SCHEMA = (
    "path string, encoding string, confidence double, language string, text string, "
    "fixed string, malformed_count long"
)


def process_batches(batches: Iterator["pyarrow.RecordBatch"]) -> Iterator["pyarrow.RecordBatch"]:  # noqa: F821
    """The ``mapInArrow`` function: batches of ``path, content`` in, batches of :data:`SCHEMA`
    out. Runs on the executors."""
    import pyarrow as pa

    # Absolute: spark-submit runs this file as a script, and the executors import charscope.
    from charscope import arrow

    for batch in batches:
        content = batch.column("content")
        detected = arrow.detect(content)
        decoded = arrow.decode(content, detected.field("encoding"))
        text = decoded.field("text")
        yield pa.RecordBatch.from_arrays(
            [
                batch.column("path"),
                detected.field("encoding"),
                detected.field("confidence"),
                detected.field("language"),
                text,
                arrow.fix(text),
                decoded.field("malformed_count"),
            ],
            names=["path", "encoding", "confidence", "language", "text", "fixed", "malformed_count"],
        )


def run(spark: "pyspark.sql.SparkSession", input_path: str, output: str, *, glob: Optional[str] = None, mode: str = "error") -> int:  # noqa: F821
    """Runs the job in ``spark``: reads every file under ``input_path`` (recursively; only the
    names that match ``glob``, if given), writes Parquet to ``output`` (``mode``: Spark's save
    mode, "error" refuses an existing output). Returns how many files were written."""
    reader = spark.read.format("binaryFile").option("recursiveFileLookup", "true")
    if glob:
        reader = reader.option("pathGlobFilter", glob)
    files = reader.load(input_path).select("path", "content")
    out = files.mapInArrow(process_batches, SCHEMA)
    out.write.mode(mode).parquet(output)
    return spark.read.parquet(output).count()


def _arguments(argv: Optional[List[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m charscope.spark",
        description="Detect, decode and repair every file under INPUT on Spark; write Parquet "
        "(path, encoding, confidence, language, text, fixed, malformed_count) to OUTPUT.",
        epilog="example: python -m charscope.spark --master 'local[2]' corpus/ out.parquet",
    )
    p.add_argument("input", metavar="INPUT", help="a file or directory (read recursively); any path Spark reads")
    p.add_argument("output", metavar="OUTPUT", help="the Parquet directory to write")
    p.add_argument("--master", help="Spark master URL (default: spark-submit's, or local[*])")
    p.add_argument("--glob", help="only file names matching this pattern (Spark's pathGlobFilter), e.g. '*.txt'")
    p.add_argument("--overwrite", action="store_true", help="replace OUTPUT if it exists")
    p.add_argument(
        "--batch-rows",
        type=int,
        default=256,
        help="files per Arrow batch (spark.sql.execution.arrow.maxRecordsPerBatch; default 256)",
    )
    return p.parse_args(argv)


def _reason(e: BaseException) -> str:
    """The line of a Spark error that says what went wrong: the Python exception a worker
    raised, if any, else the first line."""
    lines = [line.strip() for line in str(e).strip().splitlines() if line.strip()]
    for line in reversed(lines):
        if re.match(r"^[A-Za-z_.]*(Error|Exception): ", line):
            return line
    return lines[0] if lines else type(e).__name__


def main(argv: Optional[List[str]] = None) -> int:
    """The command line; returns the exit code."""
    args = _arguments(argv)
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        print("charscope.spark: PySpark is not installed: pip install 'charscope[spark]'", file=sys.stderr)
        return 2
    if args.master is None or args.master.startswith("local"):
        # Local workers run this interpreter (where charscope and pyarrow are), unless told
        # otherwise; under spark-submit the cluster's setting stands.
        if "PYSPARK_PYTHON" not in os.environ and "PYSPARK_GATEWAY_PORT" not in os.environ:
            os.environ["PYSPARK_PYTHON"] = sys.executable
    builder = SparkSession.builder.appName("charscope")
    if args.master:
        builder = builder.master(args.master)
    builder = builder.config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch_rows))
    builder = builder.config("spark.ui.showConsoleProgress", "false")
    spark = builder.getOrCreate()
    try:
        started = time.perf_counter()
        count = run(spark, args.input, args.output, glob=args.glob, mode="overwrite" if args.overwrite else "error")
        took = time.perf_counter() - started
    except Exception as e:  # Spark's own errors are long traces: one line says what
        print(f"charscope.spark: {_reason(e)}", file=sys.stderr)
        return 2
    finally:
        spark.stop()
    rate = count / took if took > 0 else float("inf")
    print(f"charscope.spark: {count} files -> {args.output} in {took:.1f} s ({rate:.1f} files/s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
