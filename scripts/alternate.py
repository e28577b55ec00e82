#!/usr/bin/env python3
"""Times commands in turn, one run of each per round, so that a machine whose speed drifts over
seconds (this one does: see README, Speed) slows them all alike; hyperfine runs all the runs of
one command before the next.

    scripts/alternate.py ROUNDS 'CMD A' 'CMD B' ...

Each command runs without a shell, its output to /dev/null. Three rounds of warm-up are left
out. Prints, per command, the 25th percentile and the median of wall time and the median of CPU
time (user + system, of the command and its threads).
"""
import os
import shlex
import sys
import time


def main() -> None:
    rounds = int(sys.argv[1])
    commands = [shlex.split(c) for c in sys.argv[2:]]
    devnull = os.open(os.devnull, os.O_WRONLY)
    quiet = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    times = [[] for _ in commands]
    for k in range(rounds + 3):
        # Each round in the other order, so that none always follows the same one.
        order = list(range(len(commands)))
        if k % 2:
            order.reverse()
        for i in order:
            start = time.perf_counter_ns()
            pid = os.posix_spawnp(commands[i][0], commands[i], os.environ, file_actions=quiet)
            _, _, usage = os.wait4(pid, 0)
            wall = (time.perf_counter_ns() - start) / 1e6
            if k >= 3:
                times[i].append((wall, (usage.ru_utime + usage.ru_stime) * 1e3))
    for command, runs in zip(sys.argv[2:], times):
        walls = sorted(w for w, _ in runs)
        cpus = sorted(c for _, c in runs)
        at = lambda values, q: values[int(q * (len(values) - 1))]
        print(f"  wall {at(walls, 0.25):7.2f} / {at(walls, 0.5):7.2f} ms (p25 / median)"
              f"  cpu {at(cpus, 0.5):7.2f} ms  {command}")


if __name__ == "__main__":
    main()
