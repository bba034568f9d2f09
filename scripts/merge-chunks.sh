#!/bin/bash
# Merges the outputs of `sudoku rate|solve|check|explain --json --chunk K/N` (one file per chunk,
# chunk 1 first) back into input order: puzzle i of the input is record i / N of chunk i mod N + 1.
# A TSV header (rate without --json) is written once. Fails if a chunk is incomplete.
#
#   scripts/merge-chunks.sh rated/chunk-1.tsv rated/chunk-2.tsv ... > rated.tsv
#   scripts/merge-chunks.sh $(ls rated/chunk-*.tsv | sort -t- -k2 -n) > rated.tsv
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 CHUNK_1 ... CHUNK_N (in chunk order)" >&2; exit 2; }
header=0
case "$(head -n 1 "$1")" in source*) header=1 ;; esac
awk -v header="$header" 'BEGIN {
    n = ARGC - 1
    for (i = 1; i <= n; i++) {
        if (header && (getline line < ARGV[i]) > 0 && i == 1) print line
    }
    # Chunks hold records in turn, the first ones one more when the count does not divide:
    # once a chunk has ended, no later chunk may go on.
    done = 0
    while (!done) {
        for (i = 1; i <= n; i++) {
            if ((getline line < ARGV[i]) > 0) {
                if (done) { printf "merge-chunks: %s has more records than the chunks before it ended with: a chunk is incomplete\n", ARGV[i] > "/dev/stderr"; exit 1 }
                print line
            } else if (!done) {
                done = 1
                if (i == 1) break
            }
        }
    }
    for (i = 1; i <= n; i++) if ((getline line < ARGV[i]) > 0) { printf "merge-chunks: %s has records left after the others ended: a chunk is incomplete\n", ARGV[i] > "/dev/stderr"; exit 1 }
    exit 0
}' "$@"
