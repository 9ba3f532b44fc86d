#!/usr/bin/env python3
"""Times two commands in turn (A B A B ...) and prints the ratio A/B pair by pair.

    scripts/bench-pair.py [-n RUNS] --vs 'COMMAND B' -- COMMAND A ...

Each run is a whole process, start-up included: wall seconds from a monotonic clock around the
child, user and system seconds and peak memory from the kernel's accounting of the reaped child
(os.wait4). One warm-up pair is not counted. Pairing keeps the ratio meaningful on a machine whose
speed drifts: quote the median ratio; min and max show how noisy the run was. Output of both
commands is thrown away. Python's standard library only.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import time


def run(command):
    start = time.monotonic()
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss / 1024, "exit": child.returncode}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=5, help="counted pairs (default 5)")
    parser.add_argument("--vs", required=True, help="command B, split as a shell splits words")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- command A and its arguments")
    arguments = parser.parse_args()
    a = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    b = shlex.split(arguments.vs)
    if not a:
        parser.error("give command A after --")
    run(a), run(b)
    samples = [(run(a), run(b)) for _ in range(arguments.n)]

    def row(label, values, unit):
        print(f"{label:<14}{min(values):>10.3f}{statistics.median(values):>10.3f}{max(values):>10.3f}  {unit}")

    print(f"{'':<14}{'min':>10}{'median':>10}{'max':>10}  ({arguments.n} pairs)")
    for name, index in (("A", 0), ("B", 1)):
        row(f"{name} wall", [pair[index]["wall"] for pair in samples], "s")
        row(f"{name} cpu", [pair[index]["cpu"] for pair in samples], "s")
        row(f"{name} peak", [pair[index]["peak"] for pair in samples], "MiB")
    row("A/B wall", [pair[0]["wall"] / pair[1]["wall"] for pair in samples], "")
    exits = {(pair[0]["exit"], pair[1]["exit"]) for pair in samples}
    print(f"exit codes (A, B): {sorted(exits)}")


if __name__ == "__main__":
    main()
