#!/bin/bash
# Merges the results of many generations (results/seed-*.jsonl, one JSON object per line:
# seed, step, puzzle, energy, clues, depth, widths) into one file, and lists the best puzzles.
# With --finds files (results/finds-N.jsonl, from SUDOKU_FIND_ABOVE), also merges them into
# results/finds.jsonl and counts the puzzles found by isomorphism class: across tasks, one class
# is counted once, and with --known, the new classes are listed by U (for the ER energy: ER).
#
#   scripts/merge-results.sh [RESULTS_DIR] [TOP]
#
# Needs jq, and the sudoku binary ($SUDOKU, or sudoku on the PATH) for the finds. The energies
# of runs with the same --energy compare directly (lower is harder); to compare across
# energies, re-rate: jq -r .puzzle merged.jsonl | sort -u | sudoku rate
set -euo pipefail
DIR=${1:-results}
TOP=${2:-10}
SUDOKU=${SUDOKU:-sudoku}
cat "$DIR"/seed-*.jsonl > "$DIR/merged.jsonl"
echo "$(wc -l < "$DIR/merged.jsonl") records from $(ls "$DIR"/seed-*.jsonl | wc -l) runs in $DIR/merged.jsonl"
jq -s --argjson top "$TOP" 'unique_by(.puzzle) | sort_by(.energy) | .[:$top] | .[] |
    "\(.energy)\tseed \(.seed)\tstep \(.step)\tclues \(.clues)\tER \(.se_rating.er // "-")\t\(.puzzle)"' -r "$DIR/merged.jsonl"

compgen -G "$DIR/finds-[0-9]*.jsonl" >/dev/null || exit 0
# Highest U first, so the first of a class kept is its best-rated line.
jq -s -c 'sort_by(-.u) | .[]' "$DIR"/finds-[0-9]*.jsonl > "$DIR/finds.jsonl"
"$SUDOKU" canon --json --no-progress "$DIR/finds.jsonl" |
    jq -s -c --slurpfile finds "$DIR/finds.jsonl" '
        [range(length) as $i | $finds[$i] + {canonical: .[$i].canonical}] | unique_by(.canonical)
        | sort_by(-.u) | .[]' > "$DIR/finds-classes.jsonl"
echo "$(wc -l < "$DIR/finds.jsonl") finds from $(ls "$DIR"/finds-[0-9]*.jsonl | wc -l) runs: $(wc -l < "$DIR/finds-classes.jsonl") classes in $DIR/finds-classes.jsonl"
echo "classes by U (to 0.1) and whether known:"
jq -r '"\((.u + 1e-9) * 10 | floor / 10)\t\(if .known == null then "-" elif .known then "known" else "new" end)"' \
    "$DIR/finds-classes.jsonl" | sort -k1,1nr -k2 | uniq -c
echo "new classes, highest U first (at most $TOP):"
jq -r 'select(.known == false) | "\(.u * 1000 | round / 1000)\tseed \(.seed)\tstep \(.step)\t\(.elapsed_s | floor) s\t\(.puzzle)"' \
    "$DIR/finds-classes.jsonl" | head -n "$TOP"
