#!/usr/bin/env python3
"""Batch rating from Python against the `sudoku` command: puzzles per second, side by side.

Rates one file with Sudoku Explainer's rating, alternating the command
(`sudoku rate --metrics se-rating --threads T FILE`, its TSV to /dev/null) and Python (a fresh
interpreter: `sudoku_rs.read_puzzles`, then `sudoku_rs.rate_many(puzzles, "se-rating",
threads=T)`; and `se_rating_many`, which returns tuples), ROUNDS times each, and compares the
medians. Each run is a new process in a new session (so that Linux's autogroup scheduling gives
every run the same share of a busy machine) and is timed from outside, start-up and reading the
file included. Exits 1 when Python's `rate_many` is more than 10 % below the command.

    python benches/python/throughput.py --cli target/release/sudoku [--threads 0] [--rounds 5] [FILE]

Needs sudoku_rs installed in the interpreter that runs it (`pip install ./crates/sudoku-py`).
Default FILE: testdata/top1465.txt. --threads 0 is every core, for both.
"""

import argparse
import json
import os
import pathlib
import platform
import resource
import statistics
import subprocess
import sys
import time

import sudoku_rs

ROOT = pathlib.Path(__file__).resolve().parents[2]

PYTHON_RUN = """
import sys, sudoku_rs
path, threads, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
puzzles = [p for _, p in sudoku_rs.read_puzzles(path)]
if how == "rate_many":
    sudoku_rs.rate_many(puzzles, "se-rating", threads=threads)
else:
    sudoku_rs.se_rating_many(puzzles, threads=threads)
"""


def cpu_name() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def timed(cmd):
    """Wall-clock and CPU (user + system, all threads) seconds of a command run in a session
    of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, start_new_session=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=str(ROOT / "testdata" / "top1465.txt"))
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "sudoku"))
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--tolerance", type=float, default=0.10)
    args = ap.parse_args()

    threads = args.threads or os.cpu_count()
    puzzles = [p for _, p in sudoku_rs.read_puzzles(args.file)]
    n = len(puzzles)
    cli_cmd = [args.cli, "rate", "--metrics", "se-rating", "--threads", str(threads), "--no-progress"]

    # Same answers first: the comparison is of equal work.
    out = subprocess.run(cli_cmd + ["--json", args.file], check=True, capture_output=True, text=True).stdout
    expected = [tuple(json.loads(l)["se_rating"][k] for k in ("er", "ep", "ed")) for l in out.splitlines()]
    if sudoku_rs.se_rating_many(puzzles, threads=threads) != expected:
        print("different ratings from Python and the command", file=sys.stderr)
        return 1

    runs = {
        "cli": cli_cmd + ["-o", os.devnull, args.file],
        "rate_many": [sys.executable, "-c", PYTHON_RUN, args.file, str(threads), "rate_many"],
        "se_rating_many": [sys.executable, "-c", PYTHON_RUN, args.file, str(threads), "se_rating_many"],
    }
    times = {k: [] for k in runs}
    cpu = {k: [] for k in runs}
    for _ in range(args.rounds):
        for k, cmd in runs.items():
            wall, used = timed(cmd)
            times[k].append(wall)
            cpu[k].append(used)
    rate = {k: n / statistics.median(v) for k, v in times.items()}
    per_cpu = {k: n / statistics.median(v) for k, v in cpu.items()}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"file {args.file}: {n} puzzles; threads {threads}; CPU {cpu_name()} ({os.cpu_count()} logical);"
          f" {args.rounds} rounds, alternating, medians; load average {load:.1f} at the end")
    for k in runs:
        spread = ", ".join(f"{n / t:.0f}" for t in times[k])
        print(f"  {k:15} {rate[k]:8.0f} puzzles/s   (rounds: {spread}); {per_cpu[k]:.0f} puzzles per CPU second")
    ratio = rate["rate_many"] / rate["cli"]
    print(f"  rate_many / cli = {ratio:.3f}; se_rating_many / cli = {rate['se_rating_many'] / rate['cli']:.3f};"
          f" per CPU second: rate_many / cli = {per_cpu['rate_many'] / per_cpu['cli']:.3f}")
    if ratio < 1 - args.tolerance:
        print(f"Python's batch rating is more than {args.tolerance:.0%} below the command", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
