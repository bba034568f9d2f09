#!/bin/bash
# Many independent generations on a Slurm cluster: one seed per array task. From any directory
# (results, checkpoints and logs go there):
#
#   sbatch --array=1-200 scripts/slurm-generate.sh                  # seeds 1..200, 23 h each
#   SUDOKU_TIME=6h sbatch --array=1-50 scripts/slurm-generate.sh
#   SUDOKU_STEPS=500 sbatch --array=1-8 scripts/slurm-generate.sh --start random:200
#   SUDOKU_START_FILE=top800.txt SUDOKU_TIME=15m \
#   SUDOKU_KNOWN="elevens-hardest.txt hardest-db-110626.csv puzzles5_forum_hardest_1905_11+" \
#       sbatch --array=1-8 scripts/slurm-generate.sh --search best-first --moves pattern --skip-known
#                                          # the vicinity of known puzzles, never restarting,
#                                          # the known ones left out
#
# With SUDOKU_KNOWN="FILE...", the files of known puzzles (`--known`: bests and finds say
# whether they are known; with --skip-known the search leaves them out), given again to a task
# that resumes. With SUDOKU_FIND_ABOVE=X, every puzzle a best-first task rates at X or above (in the energy's
# units: ER for the default) goes to results/finds-N.jsonl, one line per isomorphism class.
# With SUDOKU_START_FILE, task K of an array of N starts from lines K, K+N, K+2N... of that file
# (starts/seed-K.txt; the best-first search from given puzzles draws nothing at random, so the
# tasks need different starts, not only different seeds).
#
# Each task appends its bests to results/seed-N.jsonl as it finds them and checkpoints to
# checkpoints/seed-N.ckpt every 5 minutes and when it is stopped: a task that is preempted or
# requeued gets SIGTERM, saves its checkpoint, and resumes from it when it starts again.
# Arguments after the script's name go to `sudoku generate` (first start only). Merge with
# scripts/merge-results.sh. Any batch scheduler works the same way: run one seed per job.
#SBATCH --job-name=sudoku-generate
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=sudoku-generate-%A_%a.log
set -euo pipefail

SUDOKU=${SUDOKU:-sudoku}               # path to the binary (cargo install --path crates/sudoku-command)
PRESET=${SUDOKU_PRESET:-explainer}     # explainer (hard by ER), average-width, paper
EVERY=${SUDOKU_CHECKPOINT_EVERY:-5m}
SEED=${SLURM_ARRAY_TASK_ID:?run as a job array, e.g. sbatch --array=1-100}
THREADS=${SLURM_CPUS_PER_TASK:-1}
# A step limit makes the run exactly reproducible; a time limit leaves the scheduler's limit
# some slack for the summary.
if [ -n "${SUDOKU_STEPS:-}" ]; then LIMIT=(--steps "$SUDOKU_STEPS"); else LIMIT=(--time "${SUDOKU_TIME:-23h}"); fi
ENERGY=()
if [ -n "${SUDOKU_ENERGY:-}" ]; then ENERGY=(--energy "$SUDOKU_ENERGY"); fi

mkdir -p results checkpoints
FINDS=()
if [ -n "${SUDOKU_FIND_ABOVE:-}" ]; then
    FINDS=(--finds "results/finds-$SEED.jsonl" --find-above "$SUDOKU_FIND_ABOVE")
fi
KNOWN=()
if [ -n "${SUDOKU_KNOWN:-}" ]; then
    read -r -a KNOWN_FILES <<< "$SUDOKU_KNOWN"
    KNOWN=(--known "${KNOWN_FILES[@]}")
fi
START=()
if [ -n "${SUDOKU_START_FILE:-}" ]; then
    TASKS=${SLURM_ARRAY_TASK_COUNT:?SUDOKU_START_FILE needs a job array}
    mkdir -p starts
    awk -v k="$SEED" -v n="$TASKS" '(NR - k) % n == 0 && NR >= k' "$SUDOKU_START_FILE" > "starts/seed-$SEED.txt"
    START=(--start "file:starts/seed-$SEED.txt")
fi
OUT=results/seed-$SEED.jsonl
CKPT=checkpoints/seed-$SEED.ckpt
SUMMARY=results/seed-$SEED.summary.json

# exec: the signal Slurm sends goes straight to sudoku, which checkpoints and exits 143.
if [ -f "$CKPT" ]; then
    echo "seed $SEED: resuming from $CKPT (restart ${SLURM_RESTART_COUNT:-0})"
    exec "$SUDOKU" generate --resume "$CKPT" "${LIMIT[@]}" "${FINDS[@]}" "${KNOWN[@]}" --checkpoint "$CKPT" \
        --checkpoint-every "$EVERY" --threads "$THREADS" --json > "$SUMMARY"
fi
exec "$SUDOKU" generate --seed "$SEED" --preset "$PRESET" "${ENERGY[@]}" "${START[@]}" "${FINDS[@]}" "${KNOWN[@]}" "${LIMIT[@]}" --out "$OUT" \
    --checkpoint "$CKPT" --checkpoint-every "$EVERY" --threads "$THREADS" --json "$@" > "$SUMMARY"
