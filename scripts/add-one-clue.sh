#!/bin/bash
# Every puzzle with one clue more than a given unique puzzle: its solution's digit placed in
# each empty cell in turn, one puzzle per line (a 17-clue puzzle gives 64). Starts for
# `sudoku generate --start file:PATH` that reach the puzzles next to known ones with one clue
# more, which the vicinity's moves (exchanges and removals) never add. Lines that are not
# unique puzzles (several solutions, none, not a puzzle) give nothing.
#
#   scripts/add-one-clue.sh [PUZZLES...] > starts.txt
#
# PUZZLES are files of puzzles (81 characters per line; `#` comments), standard input by
# default. Needs the sudoku binary ($SUDOKU, or sudoku on the PATH).
#
# The widest known puzzles by Watanabe's average width are among the 17-clue census; the
# 18-clue puzzles next to them reach past 500,000 (docs/generator.md):
#   sudoku rate --metrics average-width:samples=8 --json puzzles2_17_clue |
#       jq -rs 'sort_by(-.average_width.mean) | .[:20][] | .puzzle' > top17.txt
#   scripts/add-one-clue.sh top17.txt > starts.txt
#   sudoku generate --preset average-width --start file:starts.txt --time 45m
set -euo pipefail
SUDOKU=${SUDOKU:-sudoku}
"$SUDOKU" solve --json --no-progress "${@:--}" |
    jq -r 'select(.status == "unique") | "\(.puzzle) \(.solution)"' |
    awk '{
        for (i = 1; i <= 81; i++)
            if (substr($1, i, 1) == ".")
                print substr($1, 1, i - 1) substr($2, i, 1) substr($1, i + 1)
    }'
