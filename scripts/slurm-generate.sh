#!/bin/bash
# Many independent generations on a Slurm cluster: one seed per array task.
#
#   sbatch --array=1-200 scripts/slurm-generate.sh          # seeds 1..200
#   SUDOKU_TIME=6h sbatch --array=1-50 scripts/slurm-generate.sh
#
# Each task appends its bests to results/seed-N.jsonl as it finds them and checkpoints to
# checkpoints/seed-N.ckpt every 5 minutes. A task that is preempted or requeued resumes from
# its checkpoint (records past the checkpoint are dropped and found again). Merge with
# scripts/merge-results.sh. Any batch scheduler works the same way: run one seed per job.
#SBATCH --job-name=sudoku-generate
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --output=logs/generate-%A_%a.log
set -euo pipefail

SUDOKU=${SUDOKU:-sudoku}               # path to the binary (cargo install --path crates/sudoku-cli)
TIME=${SUDOKU_TIME:-23h}               # leave the scheduler's limit some slack for the summary
PRESET=${SUDOKU_PRESET:-explainer}    # explainer (hard by ER), average-width, paper
ENERGY_ARGS=()
if [ -n "${SUDOKU_ENERGY:-}" ]; then ENERGY_ARGS=(--energy "$SUDOKU_ENERGY"); fi
SEED=${SLURM_ARRAY_TASK_ID:?run as a job array, e.g. sbatch --array=1-100}
THREADS=${SLURM_CPUS_PER_TASK:-1}

mkdir -p results checkpoints logs
OUT=results/seed-$SEED.jsonl
CKPT=checkpoints/seed-$SEED.ckpt
SUMMARY=results/seed-$SEED.summary.json

if [ -f "$CKPT" ]; then
    echo "seed $SEED: resuming from $CKPT"
    "$SUDOKU" generate --resume "$CKPT" --time "$TIME" --out "$OUT" --checkpoint "$CKPT" \
        --checkpoint-every 5m --threads "$THREADS" --no-progress --json > "$SUMMARY"
else
    "$SUDOKU" generate --seed "$SEED" --preset "$PRESET" "${ENERGY_ARGS[@]}" --time "$TIME" --out "$OUT" \
        --checkpoint "$CKPT" --checkpoint-every 5m --threads "$THREADS" --no-progress --json \
        > "$SUMMARY"
fi
