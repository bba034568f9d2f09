#!/bin/bash
# The exact-solver race (../shared/tools/solver-race) as an AVX2-only machine runs it, on any
# AVX-512 CPU: ours capped at the AVX2 build (SUDOKU_BENCH_KERNEL=avx2, read by `cargo xtask
# bench solve`) against a tdoku benchmark binary that holds no AVX-512 instruction. This script
# builds no peer: TDOKU_BENCH_V3 names tdoku's own `run_benchmark`, built by hand outside this
# repository with tdoku's own build files for x86-64-v3 (see ../shared/tools/README.md); the
# native race uses the one solver-race finds (TDOKU_BENCH or its default place). The `sudoku`
# crate is the same baseline x86-64 build in both races. Run from the project root; ROUNDS
# rounds (default 3), each one native race then one AVX2-only race, with the time and load
# average before each (docs/benchmarks.md); DATASETs as for solver-race.
#
#   TDOKU_BENCH_V3=~/.cache/sudoku-peers-x86-64-v3/tdoku-run_benchmark scripts/solver-race-avx2.sh [ROUNDS [DATASET...]]
set -euo pipefail
rounds=${1:-3}
shift $(($# > 0 ? 1 : 0))
tools=$(cd ../shared/tools && pwd)
v3=${TDOKU_BENCH_V3:-}
if [ -z "$v3" ] || [ ! -x "$v3" ]; then
  echo "solver-race-avx2: set TDOKU_BENCH_V3 to a tdoku run_benchmark built by hand for x86-64-v3 (tdoku's own build files; nothing here builds it)" >&2
  exit 2
fi
for r in $(seq 1 "$rounds"); do
  echo "== native round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  "$tools/solver-race" "$@"
  echo "== avx2-only round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  SUDOKU_BENCH_KERNEL=avx2 TDOKU_BENCH=$v3 "$tools/solver-race" "$@"
done
