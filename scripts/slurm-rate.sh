#!/bin/bash
# Rates a large file on a Slurm cluster, one chunk per array task, resumable, merged in input
# order. From any directory (the log files go there):
#
#   sbatch --array=1-20 scripts/slurm-rate.sh puzzles.txt              # se-rating, TSV
#   sbatch --array=1-20 scripts/slurm-rate.sh puzzles.txt --metrics se-rating,depth --json
#   scripts/merge-chunks.sh $(ls rated/chunk-*.tsv | sort -t- -k2 -n) > rated.tsv
#
# Task K of N rates puzzles K, K+N, K+2N... (`--chunk K/N`: hard puzzles listed together
# spread over the tasks) into rated/chunk-K.tsv (.jsonl with --json), writing each row as it
# is done. A task that is preempted or requeued gets SIGTERM, keeps every finished row, and
# resumes after them. Any batch scheduler works the same way: one chunk per job.
#SBATCH --job-name=sudoku-rate
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=sudoku-rate-%A_%a.log
set -euo pipefail

SUDOKU=${SUDOKU:-sudoku}               # path to the binary (cargo install --path crates/sudoku-command)
OUTDIR=${SUDOKU_OUTDIR:-rated}
INPUT=${1:?usage: sbatch --array=1-N slurm-rate.sh PUZZLES [sudoku rate options]}
shift
K=${SLURM_ARRAY_TASK_ID:?run as a job array, e.g. sbatch --array=1-20}
N=${SLURM_ARRAY_TASK_MAX:?run as a job array, e.g. sbatch --array=1-20}
THREADS=${SLURM_CPUS_PER_TASK:-1}
ARGS=("$@")
[ ${#ARGS[@]} -gt 0 ] || ARGS=(--metrics se-rating)
EXT=tsv
for a in "${ARGS[@]}"; do [ "$a" = --json ] && EXT=jsonl; done

mkdir -p "$OUTDIR"
echo "chunk $K of $N of $INPUT (restart $((${SLURM_RESTART_COUNT:-0})))"
# exec: the signal Slurm sends goes straight to sudoku, which flushes and exits 143.
exec "$SUDOKU" rate "$INPUT" --chunk "$K/$N" --threads "$THREADS" \
    --out "$OUTDIR/chunk-$K.$EXT" --resume --progress-every "${SUDOKU_PROGRESS_EVERY:-1m}" "${ARGS[@]}"
