#!/bin/bash
# The cluster route on a real Slurm: installs and starts a single-node Slurm on localhost
# (Debian's slurm-wlm and munge; run as root, as CI does), submits both job arrays from a fresh
# directory (generation, one seed per task; rating a file, one chunk per task), requeues a
# running task of each, and checks that the merged results are complete and equal to a run on
# one machine.
#
#   scripts/slurm-check.sh            # or: cargo xtask slurm-check
#
# Everything Slurm keeps (configuration, state, logs) lives in a temporary directory; the
# daemons are stopped at the end.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/sudoku-slurm.XXXXXX)
say() { echo "[slurm-check $(date +%T)] $*"; }
fail() { say "FAILED: $*"; exit 1; }

if [ "$(id -u)" != 0 ]; then
    echo "slurm-check needs root (it installs and starts Slurm's daemons)" >&2
    exit 2
fi
if ! command -v jq >/dev/null; then
    say "installing jq (merge-results.sh)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null || {
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
    }
fi
say "building the sudoku binary"
(cd "$REPO" && cargo build --release -q -p sudoku-command)
export SUDOKU="$REPO/target/release/sudoku"

# --- a single-node Slurm on localhost -------------------------------------------------------
cleanup() {
    local rc=$?
    "$REPO/scripts/local-slurm.sh" down "$WORK"
    if [ $rc -ne 0 ]; then
        say "Slurm logs in $WORK/log; job logs in $WORK/jobs"
        tail -n 20 "$WORK/log/"*.log "$WORK/jobs/"*.log 2>/dev/null || true
    fi
}
trap cleanup EXIT
"$REPO/scripts/local-slurm.sh" up "$WORK"
export SLURM_CONF="$WORK/etc/slurm.conf"
CPUS=$(nproc)

# Waits until a line matching $2 appears in file $1 (at most $3 seconds).
wait_for_line() {
    for _ in $(seq "$(( $3 * 5 ))"); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.2
    done
    fail "no line matching '$2' in $1 after $3 s"
}
# Waits until job $1 has left the queue (at most $2 seconds).
wait_done() {
    for _ in $(seq "$2"); do
        [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
        sleep 1
    done
    squeue -j "$1"
    fail "job $1 still queued after $2 s"
}
# Requeues task $1 as a preemption does: Slurm sends SIGTERM, the task saves its work and exits.
# The task is held until slurmd has seen its batch step end (released any earlier, Slurm can
# launch it on a node still tearing the old step down and it fails), then starts at once
# (Slurm would hold a requeued job back for about two minutes).
requeue() {
    local raw done_before
    raw=$(squeue -h -j "$1" -o %A)
    done_before=$(grep -c "\[$raw.batch\] done with job" "$WORK/log/slurmd.log" || true)
    scontrol requeuehold "$1"
    for _ in $(seq 300); do
        [ "$(grep -c "\[$raw.batch\] done with job" "$WORK/log/slurmd.log" || true)" -gt "$done_before" ] \
            && [ "$(squeue -h -j "$1" -o %T 2>/dev/null)" = PENDING ] && break
        sleep 0.2
    done
    [ "$(squeue -h -j "$1" -o %T 2>/dev/null)" = PENDING ] || fail "task $1 is not pending after its requeue"
    scontrol release "$1"
    scontrol update JobId="$1" StartTime=now
}
# The exit codes of the tasks of job $1 (kept MinJobAge seconds), one per line.
exit_codes() { scontrol show job "$1" | sed -n 's/.*ExitCode=\([0-9:]*\).*/\1/p'; }

mkdir -p "$WORK/jobs"
cd "$WORK/jobs"   # a fresh directory: nothing made by hand

# --- generation: one seed per task, a requeued task resumes from its signal ----------------
STEPS=24
GEN_ARGS=(--start random:40)
ABOVE=8.0   # the finds: every puzzle rated ER 8.0 or more, one per class
say "generation: sbatch --array=1-2, SUDOKU_STEPS=$STEPS, SUDOKU_FIND_ABOVE=$ABOVE, ${GEN_ARGS[*]}"
GEN=$(SUDOKU_STEPS=$STEPS SUDOKU_CHECKPOINT_EVERY=1s SUDOKU_FIND_ABOVE=$ABOVE \
    sbatch --parsable --cpus-per-task=1 --array=1-2 "$REPO/scripts/slurm-generate.sh" "${GEN_ARGS[@]}")
say "job $GEN submitted"

# --- rating: one chunk per task, a requeued task resumes after its last row ----------------
INPUT="$REPO/testdata/top1465.txt"
say "rating: sbatch --array=1-3 on $(wc -l < "$INPUT") puzzles of top1465, se-rating"
RATE=$(SUDOKU_PROGRESS_EVERY=0.5s sbatch --parsable --cpus-per-task=1 --array=1-3 \
    "$REPO/scripts/slurm-rate.sh" "$INPUT" --metrics se-rating)
say "job $RATE submitted"

# Requeue each array's first task once it is at work (a progress line in its log).
wait_for_line "sudoku-generate-${GEN}_1.log" "\] step " 120
say "requeue ${GEN}_1 (at: $(grep '\] step ' "sudoku-generate-${GEN}_1.log" | tail -n 1))"
requeue "${GEN}_1"
wait_for_line "sudoku-rate-${RATE}_1.log" "puzzles in" 120
say "requeue ${RATE}_1 (at: $(grep 'puzzles in' "sudoku-rate-${RATE}_1.log" | tail -n 1))"
requeue "${RATE}_1"

wait_done "$GEN" 300
wait_done "$RATE" 300
say "all tasks done; exit codes: generate $(exit_codes "$GEN" | tr '\n' ' '), rate $(exit_codes "$RATE" | tr '\n' ' ')"

# --- checks -----------------------------------------------------------------------------------
grep -q "interrupted" "sudoku-generate-${GEN}_1.log" || fail "the requeued generation was not stopped by its signal"
grep -q "resuming from" "sudoku-generate-${GEN}_1.log" || fail "the requeued generation did not resume"
grep -q "interrupted after" "sudoku-rate-${RATE}_1.log" || fail "the requeued rating was not stopped by its signal"
grep -q "resuming after" "sudoku-rate-${RATE}_1.log" || fail "the requeued rating did not resume"
[ "$(exit_codes "$GEN" | sort -u)" = "0:0" ] || fail "a generation task failed"
[ "$(exit_codes "$RATE" | sort -u)" = "0:0" ] || fail "a rating task failed"

# Times differ from run to run; everything else must be equal.
untimed() { sed -e 's/"elapsed_s":[-0-9.e+]*,\{0,1\}//g' -e 's/"seconds":[-0-9.e+]*,\{0,1\}//g' "$@"; }
for seed in 1 2; do
    "$SUDOKU" generate --seed "$seed" --steps "$STEPS" --threads 1 --no-progress --json \
        --out "$WORK/local-$seed.jsonl" --finds "$WORK/local-finds-$seed.jsonl" --find-above "$ABOVE" \
        "${GEN_ARGS[@]}" > "$WORK/local-$seed.summary.json" 2>/dev/null
    cmp -s <(untimed "$WORK/local-$seed.summary.json") <(untimed "results/seed-$seed.summary.json") \
        || fail "seed $seed: the summary differs from a run on one machine"
    cmp -s <(untimed "$WORK/local-$seed.jsonl") <(untimed "results/seed-$seed.jsonl") \
        || fail "seed $seed: the bests differ from a run on one machine"
    # The requeued task rated some puzzles twice (after its last checkpoint); none is written twice.
    cmp -s <(untimed "$WORK/local-finds-$seed.jsonl") <(untimed "results/finds-$seed.jsonl") \
        || fail "seed $seed: the finds differ from a run on one machine"
    say "seed $seed: summary, $(wc -l < "results/seed-$seed.jsonl") bests and $(wc -l < "results/finds-$seed.jsonl") finds equal to a run on one machine ($(grep -o '"er":[0-9.]*' "results/seed-$seed.summary.json" | head -n 1))"
done
[ -s results/finds-1.jsonl ] || fail "no puzzle of ER $ABOVE or more in the finds of seed 1"
merged=$("$REPO/scripts/merge-results.sh" results 3)
classes=$(cat "$WORK"/local-finds-*.jsonl | "$SUDOKU" canon --dedup --no-progress 2>/dev/null | wc -l)
grep -q " finds from 2 runs: $classes classes" <<< "$merged" \
    || fail "merge-results.sh does not count the $classes classes of the finds: $merged"
say "merge-results.sh: $(grep ' finds from ' <<< "$merged")"

"$REPO/scripts/merge-chunks.sh" rated/chunk-1.tsv rated/chunk-2.tsv rated/chunk-3.tsv > rated.tsv
"$SUDOKU" rate "$INPUT" --metrics se-rating --threads "$CPUS" --no-progress > "$WORK/local.tsv"
cmp -s rated.tsv "$WORK/local.tsv" || fail "the merged ratings differ from a run on one machine"
say "rating: $(($(wc -l < rated.tsv) - 1)) rows merged from 3 chunks, equal to a run on one machine"
say "PASSED"
