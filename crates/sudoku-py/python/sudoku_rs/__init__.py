"""Sudoku Explainer ratings and more, from Rust, on all cores.

Puzzles are strings: 81 characters with ``.``, ``0`` or ``_`` for blanks (or the 9-line block
form). Results are plain Python values shaped as the ``sudoku`` command's JSON. Functions
ending in ``_many`` take a sequence of puzzles, release the GIL, run on all cores (or
``threads``) and return one result per puzzle in input order, the same for any thread count.

>>> import sudoku_rs
>>> p = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
>>> sudoku_rs.se_rating(p)
(4.2, 1.2, 1.2)
>>> sudoku_rs.rate_many([p, p], "se-rating")[1]["se_rating"]
{'er': 4.2, 'ep': 1.2, 'ed': 1.2}
"""

import pathlib

from ._errors import (
    BudgetExceededError,
    InvalidPuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    SudokuError,
)
from ._sudoku_rs import (
    __version__,
    canon,
    check,
    check_many,
    check_progress,
    convert,
    count_many,
    count_solutions,
    explain,
    explain_many,
    generate,
    generate_band,
    hint,
    parse,
    ratings,
    rate,
    rate_many,
    read_games,
    iter_puzzles,
    se_rating,
    se_rating_many,
    solve,
    solve_many,
    step_svg,
)



def read_puzzles(path, *, chunk=None, invalid="raise", format=None):
    r"""The puzzles of a file as a list of ``(line, puzzle)`` pairs: ``list(iter_puzzles(...))``;
    with ``format`` (``sdk``, ``sdm``, ``ss``, ``opensudoku``, ``ipuz``, ``hodoku``, ``line``,
    ``json``), the file read in that format, each puzzle as ``read_games`` gives its
    ``puzzle`` (``chunk`` and ``invalid`` as without it).

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
    >>> _ = f.write_text("# two puzzles\n" + "." * 81 + "\nnot a puzzle\n" + "1" + "." * 80 + "\n")
    >>> [line for line, _ in read_puzzles(f, invalid="skip")]
    [2, 4]
    >>> read_puzzles(f, chunk=(2, 3), invalid="keep")
    [(3, None)]
    """
    if format is None:
        return list(iter_puzzles(path, chunk=chunk, invalid=invalid))
    k, n = chunk if chunk is not None else (1, 1)
    if not 1 <= k <= n:
        raise ValueError(f"invalid chunk ({k}, {n}): use (k, n) with 1 <= k <= n")
    if invalid not in ("raise", "skip", "keep"):
        raise ValueError(f'invalid must be "raise", "skip" or "keep", not {invalid!r}')
    text = pathlib.Path(path).read_text(encoding="utf-8")
    pairs = []
    for game in read_games(text, format, invalid="keep")[k - 1 :: n]:
        if game["puzzle"] is None:
            if invalid == "raise":
                raise InvalidPuzzleError(game["error"], "invalid", None, game["line"], None)
            if invalid == "skip":
                continue
        pairs.append((game["line"], game["puzzle"]))
    return pairs


def _columns(key):
    if key == "se_rating":
        return ["se_er", "se_ep", "se_ed"]
    if key == "average_width":
        return ["average_width", "average_width_stderr"]
    return [key]


def _cells(key, value):
    if isinstance(value, SudokuError):
        return [value.code] * len(_columns(key))
    if key == "se_rating":
        return [repr(value[k]) for k in ("er", "ep", "ed")]
    if key == "average_width":
        return [f"{value['mean']:.2f}", f"{value['stderr']:.2f}"]
    return [repr(value)]


def rate_file(path, out, metrics=None, *, chunk=None, threads=None, batch=10_000, **options):
    r"""Rates every puzzle of a file into ``out`` (a path) as ``sudoku rate`` writes its TSV.

    The same header and rows (``source``, ``line``, ``puzzle``, then each rating's columns;
    an invalid line has an empty puzzle and ``invalid`` in every rating column), so that the
    outputs of ``chunk=(k, n)`` merge back in input order with ``scripts/merge-chunks.sh``
    just as those of ``sudoku rate --chunk K/N`` do. Reads and rates ``batch`` puzzles at a
    time on all cores (or ``threads``); ``options`` are ``rate_many``'s (``seed``,
    ``samples``, ``budget``, ``chain_budget``, ...). Returns the number of rows written.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "p.txt").write_text("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2\n")
    >>> rate_file(d / "p.txt", d / "rated.tsv")
    1
    >>> print((d / "rated.tsv").read_text().splitlines()[1].split("\t")[3:])
    ['4.2', '1.2', '1.2']
    """
    import itertools
    import os

    specs = metrics.split(",") if isinstance(metrics, str) else list(metrics or ["se-rating"])
    keys = [s.split(":")[0].strip().replace("-", "_") for s in specs]
    source = os.fspath(path)
    written = 0
    records = iter_puzzles(path, chunk=chunk, invalid="keep")
    with open(out, "w") as f:
        f.write("\t".join(["source", "line", "puzzle"] + [c for k in keys for c in _columns(k)]) + "\n")
        while True:
            part = list(itertools.islice(records, batch))
            if not part:
                return written
            valid = [p for _, p in part if p is not None]
            rated = iter(rate_many(valid, specs, threads=threads, errors="return", **options))
            for line, puzzle in part:
                if puzzle is None:
                    cells = ["invalid"] * sum(len(_columns(k)) for k in keys)
                else:
                    row = next(rated)
                    cells = [c for k in keys for c in _cells(k, row[k])]
                f.write("\t".join([source, str(line), puzzle or ""] + cells) + "\n")
                written += 1


__all__ = [
    "__version__",
    "BudgetExceededError",
    "InvalidPuzzleError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "SudokuError",
    "canon",
    "check",
    "check_many",
    "check_progress",
    "convert",
    "count_many",
    "count_solutions",
    "explain",
    "explain_many",
    "generate",
    "generate_band",
    "hint",
    "parse",
    "ratings",
    "rate",
    "rate_many",
    "iter_puzzles",
    "rate_file",
    "read_games",
    "read_puzzles",
    "se_rating",
    "se_rating_many",
    "solve",
    "solve_many",
    "step_svg",
]
