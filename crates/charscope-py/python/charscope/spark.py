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
import fnmatch
import os
import re
import sys
import time
from typing import Iterator, List, Optional

__all__ = ["OPEN_COST", "SCHEMA", "main", "passed_over", "process_batches", "read_then_process", "run"]

#: The output's columns, in Spark's DDL.
SCHEMA = (
    "path string, encoding string, confidence double, language string, text string, "
    "fixed string, malformed_count long"
)

#: The bytes the command line tells Spark that opening a file costs, unless the session sets
#: ``spark.sql.files.openCostInBytes`` itself. Spark's default (4 MiB) suits files of megabytes;
#: a corpus of small files then gets a task for every 32 of them, and each task's set-up costs
#: more than charscope's work on its files. At 64 KiB, the 1,610 files of a few hundred bytes
#: that docs/PYTHON.md measures on ``local[2]`` are two tasks, not 51; large files still make
#: tasks of at most ``spark.sql.files.maxPartitionBytes``.
OPEN_COST = 64 * 1024


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


def read_then_process(batches: Iterator["pyarrow.RecordBatch"]) -> Iterator["pyarrow.RecordBatch"]:  # noqa: F821
    """The ``mapInArrow`` function for files Spark's sources pass over: batches of ``path``
    (``file:`` and a path of the machine) in; each file read whole, then as
    :func:`process_batches`."""
    import pyarrow as pa

    for batch in batches:
        paths = batch.column("path")
        content = pa.array([_read(p) for p in paths.to_pylist()], pa.binary())
        yield from process_batches([pa.RecordBatch.from_arrays([paths, content], names=["path", "content"])])


def _read(uri: str) -> bytes:
    with open(uri[len("file:") :], "rb") as f:
        return f.read()


def _skipped_name(name: str) -> bool:
    """Whether Spark's file sources pass over a file or directory of this name although it is
    not hidden: a leading underscore (a name with "=" aside, a partition's directory)."""
    return name.startswith("_") and "=" not in name


def passed_over(root: str, glob: Optional[str] = None) -> List[str]:
    """The files under ``root`` (a directory or a file of this machine) that Spark's
    ``binaryFile`` source does not read though they are data: a name, or a directory on the
    way, that starts with an underscore ("_notes.txt", "_archive/"). Hidden names (a leading
    dot) stay out, as Spark, ripgrep and the shell leave them out; so do empty files (Spark
    lists none) and names that ``glob`` does not match. Sorted."""

    def wanted(path: str, under: bool) -> bool:
        name = os.path.basename(path)
        if name.startswith(".") or name.endswith("._COPYING_") or (glob and not fnmatch.fnmatchcase(name, glob)):
            return False
        return (under or _skipped_name(name)) and os.path.getsize(path) > 0

    if os.path.isfile(root):
        return [root] if wanted(root, False) else []
    found = []
    for parent, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        under = any(_skipped_name(part) for part in os.path.relpath(parent, root).split(os.sep))
        found.extend(path for path in (os.path.join(parent, f) for f in files) if wanted(path, under))
    return sorted(found)


def _master(spark: "pyspark.sql.SparkSession") -> str:  # noqa: F821
    """The session's master URL; empty for a Spark Connect session, which has no SparkContext
    (and runs on a server, not here)."""
    try:
        return spark.sparkContext.master
    except Exception:  # PySpark raises its own error types for Connect sessions
        return ""


def run(spark: "pyspark.sql.SparkSession", input_path: str, output: str, *, glob: Optional[str] = None, mode: str = "error") -> int:  # noqa: F821
    """Runs the job in ``spark``: reads every file under ``input_path`` (recursively; only the
    names that match ``glob``, if given), writes Parquet to ``output`` (``mode``: Spark's save
    mode, "error" refuses an existing output). Returns how many files were written.

    On a local master, the files Spark's sources pass over for a leading underscore
    (:func:`passed_over`) are read too, by the job's Python workers."""
    reader = spark.read.format("binaryFile").option("recursiveFileLookup", "true")
    if glob:
        reader = reader.option("pathGlobFilter", glob)
    from pyspark.sql import Observation
    from pyspark.sql import functions as F

    files = reader.load(input_path).select("path", "content")
    out = files.mapInArrow(process_batches, SCHEMA)
    root = _local_path(input_path)
    if _master(spark).startswith("local") and root is not None and os.path.exists(root):
        extra = [("file:" + os.path.abspath(p),) for p in passed_over(root, glob)]
        if extra:
            # A task for every 256 files, at most one a core (most corpora have a few).
            tasks = max(1, min(spark.sparkContext.defaultParallelism, len(extra) // 256))
            paths = spark.createDataFrame(spark.sparkContext.parallelize(extra, tasks), "path string")
            out = out.unionByName(paths.mapInArrow(read_then_process, SCHEMA))
    # The rows are counted as they are written (not by reading the output back: a second job).
    written = Observation("charscope")
    out = out.observe(written, F.count(F.lit(1)).alias("files"))
    out.write.mode(mode).parquet(output)
    return int(written.get["files"])


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


def _local_path(path: str) -> Optional[str]:
    """``path`` as a path of this machine, if it names one (no URI scheme, or ``file:``) without
    a glob pattern; else None (Spark resolves it)."""
    if path.startswith("file:"):
        path = re.sub(r"^file:(//)?", "", path)
    elif re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", path):
        return None
    return None if re.search(r"[*?\[{]", path) else path


def _local_run(args: argparse.Namespace) -> bool:
    """Whether the job runs on this machine, started from here (not by spark-submit, whose
    settings stand)."""
    local = args.master is None or args.master.startswith("local")
    return local and "PYSPARK_GATEWAY_PORT" not in os.environ


def _local_problem(args: argparse.Namespace) -> Optional[str]:
    """What is wrong with INPUT or OUTPUT on this machine, said before Spark starts (which takes
    seconds, and says it in a page of Java trace): only for a local run, whose paths are this
    machine's."""
    if not _local_run(args):
        return None
    source, target = _local_path(args.input), _local_path(args.output)
    if source is not None and not os.path.exists(source):
        return f"INPUT {args.input}: no such file or directory"
    if target is not None and os.path.exists(target) and not args.overwrite:
        return f"OUTPUT {args.output} exists (--overwrite replaces it)"
    return None


def _configure(spark: "pyspark.sql.SparkSession", local: bool) -> None:  # noqa: F821
    """Sets what the job chooses of Spark's settings, where the session does not set its own
    (spark-submit's ``--conf`` wins): :data:`OPEN_COST`; and on a local run, files listed by the
    driver however many directories they are in (past 32, Spark lists them in a job of its own:
    2.3 s more for the 93 directories of the detection corpus, on one machine), and only
    Spark's errors logged. Nothing for a Spark Connect session (no SparkContext here)."""
    if not _master(spark):
        return
    if local:
        # Spark's warnings on a local run are about Spark, not the files: errors still show.
        spark.sparkContext.setLogLevel("ERROR")
    own = spark.sparkContext.getConf()
    settings = {"spark.sql.files.openCostInBytes": str(OPEN_COST)}
    if local:
        settings["spark.sql.sources.parallelPartitionDiscovery.threshold"] = str(2**31 - 1)
    for key, value in settings.items():
        if not own.contains(key):
            spark.conf.set(key, value)


def main(argv: Optional[List[str]] = None) -> int:
    """The command line; returns the exit code."""
    args = _arguments(argv)
    problem = _local_problem(args)
    if problem:
        print(f"charscope.spark: {problem}", file=sys.stderr)
        return 2
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        print("charscope.spark: PySpark is not installed: pip install 'charscope[spark]'", file=sys.stderr)
        return 2
    local = _local_run(args)
    if local and "PYSPARK_PYTHON" not in os.environ:
        # Local workers run this interpreter (where charscope and pyarrow are), unless told
        # otherwise.
        os.environ["PYSPARK_PYTHON"] = sys.executable
    builder = SparkSession.builder.appName("charscope")
    if args.master:
        builder = builder.master(args.master)
    builder = builder.config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch_rows))
    builder = builder.config("spark.ui.showConsoleProgress", "false")
    spark = builder.getOrCreate()
    _configure(spark, local)
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
