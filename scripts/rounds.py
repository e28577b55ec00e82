#!/usr/bin/env python3
"""Times commands against a reference with issue 33's method, and prints their ratios as ranges
over rounds.

    scripts/rounds.py [--rounds 3] [--runs 10] [--recache FILE...] --ref LABEL \\
        LABEL 'CMD' [LABEL 'CMD'...]

- Before every timed run, of every command, each FILE is dropped from the page cache
  (posix_fadvise DONTNEED, what `dd iflag=nocache` does) and read back whole
  (scripts/recache.py): every run starts from the same cache, read ahead from scratch.
- The commands run in turn, one run of each, in an order that alternates; a round is RUNS such
  turns (after one turn of warm-up), so that a machine whose speed drifts over seconds, or that
  other work shares, slows them all alike.
- Each command runs without a shell, its output to /dev/null. Wall time and CPU time (user +
  system, of the command and its threads) are both kept: on a shared machine the CPU time is
  the steadier figure.

Prints, per command, its median in each round (wall and CPU time) and the range over the
rounds of its ratio to the reference (its time divided by the reference's: below 1 is faster),
in wall and CPU time, and in wall time the other way round (how many times faster than the
command the reference is). --each-round prints each round as it ends; with --json FILE, the
figures go to FILE too.
"""
import argparse
import json
import os
import shlex
import shutil
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recache import recache  # noqa: E402


def timed(argv, devnull):
    """One run of `argv`: (wall ms, CPU ms, exit status)."""
    quiet = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=quiet)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter_ns() - start) / 1e6
    return wall, (usage.ru_utime + usage.ru_stime) * 1e3, os.waitstatus_to_exitcode(status)


def one_round(commands, runs, files, devnull):
    """Each command's runs in turn: a list of (wall, cpu) per command, and the exit statuses."""
    times = [[] for _ in commands]
    statuses = [set() for _ in commands]
    for k in range(runs + 1):
        order = list(range(len(commands)))
        if k % 2:
            order.reverse()
        for i in order:
            recache(files)
            wall, cpu, status = timed(commands[i], devnull)
            statuses[i].add(status)
            if k > 0:
                times[i].append((wall, cpu))
    return times, statuses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--recache", nargs="*", default=[], metavar="FILE")
    parser.add_argument("--ref", required=True, help="the label whose time the ratios divide")
    parser.add_argument("--title", default="")
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--each-round", action="store_true", help="print every round's medians")
    parser.add_argument("pairs", nargs="+", metavar="LABEL CMD")
    args = parser.parse_args()
    if len(args.pairs) % 2:
        parser.error("commands come as LABEL 'CMD' pairs")
    labels = args.pairs[0::2]
    commands = [shlex.split(c) for c in args.pairs[1::2]]
    if args.ref not in labels:
        parser.error(f"--ref {args.ref} is not one of the labels")
    ref = labels.index(args.ref)
    for label, argv in zip(labels, commands):
        if not argv or not shutil.which(argv[0]):
            parser.error(f"{label}: no such program: {argv[0] if argv else '(empty command)'}")
    devnull = os.open(os.devnull, os.O_WRONLY)
    if args.title:
        print(args.title)
    rounds = []
    for r in range(args.rounds):
        times, statuses = one_round(commands, args.runs, args.recache, devnull)
        rounds.append({
            "wall": [statistics.median(w for w, _ in t) for t in times],
            "cpu": [statistics.median(c for _, c in t) for t in times],
            "status": [sorted(s) for s in statuses],
        })
        if args.each_round:
            print_round(r, labels, ref, rounds[-1])
    print_ranges(labels, ref, rounds)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"title": args.title, "labels": labels, "ref": args.ref, "rounds": rounds}, out)


def print_round(r, labels, ref, figures):
    """One round's medians, and each command's ratio to the reference."""
    width = max(len(label) for label in labels)
    walls, cpus = figures["wall"], figures["cpu"]
    for i, label in enumerate(labels):
        ratio = f"  / {labels[ref]} {walls[i] / walls[ref]:5.2f} wall, {cpus[i] / cpus[ref]:5.2f} cpu"
        print(f"  round {r + 1}  {label:<{width}}  wall {walls[i]:8.1f} ms  cpu {cpus[i]:8.1f} ms"
              f"{ratio if i != ref else ''}")


def print_ranges(labels, ref, rounds):
    """Per command: its median in each round, and the range of its ratio to the reference."""
    width = max(len(label) for label in labels)
    cols = max(8 * len(rounds) - 1, 18)
    print(f"  {'':<{width}}  {'wall ms, each round':<{cols}}  {'cpu ms, each round':<{cols}}"
          f"  / {labels[ref]}, range over the rounds")
    for i, label in enumerate(labels):
        walls = " ".join(f"{x['wall'][i]:7.1f}" for x in rounds)
        cpus = " ".join(f"{x['cpu'][i]:7.1f}" for x in rounds)
        line = f"  {label:<{width}}  {walls:<{cols}}  {cpus:<{cols}}"
        if i != ref:
            wall = [x["wall"][i] / x["wall"][ref] for x in rounds]
            cpu = [x["cpu"][i] / x["cpu"][ref] for x in rounds]
            line += (f"  wall {min(wall):.2f}-{max(wall):.2f}, cpu {min(cpu):.2f}-{max(cpu):.2f}"
                     f"  ({labels[ref]} / {label}: {1 / max(wall):.1f}-{1 / min(wall):.1f}x)")
        failed = sorted({s for x in rounds for s in x["status"][i]} - {0})
        if failed:
            line += f"  (exit {','.join(map(str, failed))})"
        print(line)

if __name__ == "__main__":
    main()
