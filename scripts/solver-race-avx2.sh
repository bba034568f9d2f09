#!/bin/bash
# The exact-solver race (../shared/tools/solver-race) as an AVX2-only machine runs it, on any
# AVX-512 CPU: ours capped at the AVX2 build (SUDOKU_BENCH_KERNEL=avx2, read by `cargo xtask
# bench solve`) against tdoku built with -march=x86-64-v3 (no AVX-512 instruction), in a peer
# cache of its own so that the -march=native tdoku of the plain race stays as it is. The
# `sudoku` crate is the same baseline x86-64 build in both races. Run from the project root;
# ROUNDS rounds (default 3), each one native race then one AVX2-only race, with the time and
# load average before each (docs/benchmarks.md, issue 36); DATASETs as for solver-race.
#
#   scripts/solver-race-avx2.sh [ROUNDS [DATASET...]]
#   scripts/solver-race-avx2.sh 3 > race.txt
set -euo pipefail
rounds=${1:-3}
shift $(($# > 0 ? 1 : 0))
tools=$(cd ../shared/tools && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}
v3=$cache/sudoku-peers-x86-64-v3
mkdir -p "$v3/sudoku-peers"
if [ ! -x "$v3/sudoku-peers/tdoku-bench" ]; then
  (cd "$tools/tdoku-bench" && g++ -O3 -march=x86-64-v3 -std=c++17 \
    -o "$v3/sudoku-peers/tdoku-bench" bench.cc solver_dpll_triad_simd.cc util.cc)
fi
for r in $(seq 1 "$rounds"); do
  echo "== native round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  "$tools/solver-race" "$@"
  echo "== avx2-only round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  SUDOKU_BENCH_KERNEL=avx2 XDG_CACHE_HOME=$v3 "$tools/solver-race" "$@"
done
