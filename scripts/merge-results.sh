#!/bin/bash
# Merges the results of many generations (results/seed-*.jsonl, one JSON object per line:
# seed, step, puzzle, energy, clues, depth, widths) into one file, and lists the best puzzles.
#
#   scripts/merge-results.sh [RESULTS_DIR] [TOP]
#
# Needs jq. The energies of runs with the same --energy compare directly (lower is harder);
# to compare across energies, re-rate: jq -r .puzzle merged.jsonl | sort -u | sudoku rate
set -euo pipefail
DIR=${1:-results}
TOP=${2:-10}
cat "$DIR"/seed-*.jsonl > "$DIR/merged.jsonl"
echo "$(wc -l < "$DIR/merged.jsonl") records from $(ls "$DIR"/seed-*.jsonl | wc -l) runs in $DIR/merged.jsonl"
jq -s --argjson top "$TOP" 'unique_by(.puzzle) | sort_by(.energy) | .[:$top] | .[] |
    "\(.energy)\tseed \(.seed)\tstep \(.step)\tclues \(.clues)\tER \(.se_rating.er // "-")\t\(.puzzle)"' -r "$DIR/merged.jsonl"
