"""Sudoku Explainer ratings and more, from Rust, on all cores.

Puzzles are strings: 81 characters with ``.``, ``0`` or ``_`` for blanks (text after
whitespace ignored), or the 9-line block form. Results are plain Python values shaped as the
``sudoku`` command's JSON (``docs/schema.md``).

Functions ending in ``_many`` take any iterable of puzzles, release the GIL, run on all cores
(``threads=None``) or on ``threads`` workers, and return one result per puzzle in input order,
the same for any thread count. With ``errors="raise"`` (the default) the first puzzle that
fails (in input order) raises its exception, whose ``index`` is the puzzle's position; with
``errors="return"`` the exception object takes the puzzle's place in the list. Ctrl-C stops a
batch with ``KeyboardInterrupt`` once the puzzles in flight are done.

Exceptions carry the command's status word as ``code``: ``InvalidPuzzleError`` (``invalid``,
with ``line`` and ``column`` of a bad character), ``NoSolutionError`` (``none``),
``MultipleSolutionsError`` (``multiple``), ``BudgetExceededError`` (``budget_exceeded``); all
derive from ``SudokuError`` (a ``ValueError``).
"""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._errors import (
    BudgetExceededError as BudgetExceededError,
    InvalidPuzzleError as InvalidPuzzleError,
    MultipleSolutionsError as MultipleSolutionsError,
    NoSolutionError as NoSolutionError,
    SudokuError as SudokuError,
)

__version__: str

Puzzles = Iterable[str]
Metrics = Union[str, Sequence[str], None]

def parse(puzzle: str) -> str:
    """The puzzle in its 81-character form, ``.`` for blanks.

    Raises ``InvalidPuzzleError`` for text that is not a puzzle.

    >>> parse("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.. # a comment")
    '..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..'
    >>> parse("12x")
    Traceback (most recent call last):
    ...
    sudoku_rs._errors.InvalidPuzzleError: invalid character 'x' at line 1, column 3
    """

def canon(puzzle: str, *, rules: Optional[str] = None) -> Dict[str, Any]:
    """The canonical form of a puzzle (``sudoku canon --json``'s record): ``canonical`` (the
    minlex form), ``automorphisms``, and under ``rules`` (a rules spec) the form taken over the
    variant's own symmetries, with ``canonical_rules``: the form's rules (under jigsaw the
    layout moved with the puzzle). No solving: any grid has a form.

    Raises ``InvalidPuzzleError`` for text that is not a puzzle of the rules, ``ValueError`` for
    a spec that is not one.

    >>> x = "1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5...."
    >>> canon(x, rules="x") == canon(x[::-1], rules="x")  # the half turn keeps the diagonals
    True
    >>> canon(x, rules="x")["canonical_rules"], "canonical_rules" in canon(x)
    ('x', False)
    """

def check(puzzle: str, *, budget: int = 10_000_000, rules: Optional[str] = None) -> int:
    """The clue count of a proper puzzle: well-formed, with exactly one solution (``sudoku
    check``; the exact solver within ``budget`` search nodes).

    Raises ``InvalidPuzzleError`` (wrong length, bad character, clashing givens),
    ``MultipleSolutionsError``, ``NoSolutionError`` or ``BudgetExceededError``.

    Under ``rules`` (a rules spec, ``docs/variants.md``: ``"x"``, ``"windoku,anti-knight"``,
    ``"jigsaw:LAYOUT"``), the givens and the solutions are those of the variant; ``ValueError``
    for a spec that is not one.

    >>> check("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..")
    23
    """

def check_many(
    puzzles: Puzzles,
    *,
    budget: int = 10_000_000,
    threads: Optional[int] = None,
    rules: Optional[str] = None,
) -> List[Union[int, SudokuError]]:
    """Each puzzle's clue count, or the error saying what is wrong with it, as ``check``
    raises it (returned, never raised).

    >>> [type(x).__name__ for x in check_many(["." * 81, "x"])]
    ['MultipleSolutionsError', 'InvalidPuzzleError']
    """

def check_progress(
    puzzle: str,
    progress: str,
    *,
    crossed_out: Sequence[str] = (),
    budget: int = 10_000_000,
) -> dict:
    """A player's progress checked against the puzzle's unique solution (``sudoku check
    --progress``, ``POST /api/check``): ``progress`` is their grid (81 cells, the givens and
    the digits entered so far, clashes and all), ``crossed_out`` the pencil marks they crossed
    out on empty cells (``"A1<>5"``). Returns the record: ``puzzle``, ``status``,
    ``solvable``, ``wrong``, ``clashes``, ``changed_givens``, ``excluded`` and ``message``.
    The GIL is released while the solution is searched.

    Raises ``InvalidPuzzleError`` (a puzzle or grid that cannot be read, clashing givens, a
    mark not written ``A1<>5``), ``MultipleSolutionsError``, ``NoSolutionError`` or
    ``BudgetExceededError`` when there is no solution to check against.

    >>> p = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    >>> r = check_progress(p, "814" + p[3:], crossed_out=["D1<>7"])
    >>> r["solvable"], r["wrong"], r["excluded"]
    (False, ['C1=4'], ['D1<>7'])
    """

def solve(puzzle: str, *, budget: int = 10_000_000, rules: Optional[str] = None) -> str:
    """The unique solution (exact solver, within ``budget`` search nodes); of pencil marks
    (729 characters, as ``hint`` takes them), the one solution that fits them.

    Raises ``NoSolutionError``, ``MultipleSolutionsError``, ``BudgetExceededError`` or
    ``InvalidPuzzleError``.

    ``rules`` is a rules spec as ``check`` takes it (``"x"``, ``"jigsaw:LAYOUT"``, ...).

    >>> solve("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")[:9]
    '827614935'
    >>> solve("1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5....", rules="x")[:9]
    '172396458'
    """

def solve_many(
    puzzles: Puzzles,
    *,
    budget: int = 10_000_000,
    threads: Optional[int] = None,
    errors: str = "raise",
    rules: Optional[str] = None,
) -> List[Union[str, SudokuError]]:
    """``solve`` of every puzzle, in input order, on all cores.

    >>> [type(x).__name__ for x in solve_many(["." * 81, "1" * 81], errors="return")]
    ['MultipleSolutionsError', 'InvalidPuzzleError']
    """

def count_solutions(
    puzzle: str, *, limit: int = 2, budget: int = 10_000_000, rules: Optional[str] = None
) -> Tuple[int, bool]:
    """``(count, capped)``: solutions counted up to ``limit`` (of pencil marks: the solutions
    that fit them); ``capped`` when counting stopped at the limit (the count is then a lower
    bound).

    ``rules`` is a rules spec as ``check`` takes it.

    >>> count_solutions("." * 81, limit=10)
    (10, True)
    >>> count_solutions("." * 81, limit=10, rules="windoku,anti-king")
    (10, True)
    """

def count_many(
    puzzles: Puzzles,
    *,
    limit: int = 2,
    budget: int = 10_000_000,
    threads: Optional[int] = None,
    errors: str = "raise",
    rules: Optional[str] = None,
) -> List[Union[Tuple[int, bool], SudokuError]]:
    """``count_solutions`` of every puzzle, in input order, on all cores."""

def ratings() -> List[str]:
    """The names of every rating of the catalogue, as ``rate`` takes them.

    >>> "se-rating" in ratings() and "average-width" in ratings()
    True
    """

def rate(
    puzzle: str,
    metrics: Metrics = None,
    *,
    seed: int = 0,
    samples: int = 100,
    runs: int = 100,
    budget: Optional[int] = None,
    chain_budget: int = 20_000_000_000,
    hidden_singles: bool = False,
) -> dict:
    """Ratings of a puzzle, computed as ``sudoku rate`` computes them (same defaults, same
    values), as a dict keyed by rating name with ``_``.

    ``metrics`` is a comma-separated string or a list of names from ``ratings()``, each with
    its own parameters if needed (``"average-width:samples=20"``); ``se-rating`` by default.
    Values: ints (depth, widths, levels), floats, ``{"mean", "stderr", "samples"}``
    (average-width) or ``{"er", "ep", "ed"}`` (se-rating). ``seed`` seeds the random ratings;
    ``samples`` (average-width) and ``runs`` (stochastic solvers) fill in what a spec leaves
    out; ``budget`` is each rating's work budget in its own unit and the uniqueness check's;
    ``chain_budget`` bounds se-rating's chain searches. Pencil marks (729 characters, as
    ``hint`` takes them) have the logical solvers' ratings (``se-rating``, ``hodoku``,
    ``hodoku-score``); every other rating needs givens (``InvalidPuzzleError``).

    Raises the first rating's failure: ``MultipleSolutionsError`` or ``NoSolutionError``
    (every rating but the widths needs a unique solution), ``BudgetExceededError``,
    ``InvalidPuzzleError``; ``ValueError`` for an unknown rating.

    >>> p = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
    >>> rate(p, "se-rating,depth")
    {'se_rating': {'er': 4.2, 'ep': 1.2, 'ed': 1.2}, 'depth': 2}
    """

def rate_many(
    puzzles: Puzzles,
    metrics: Metrics = None,
    *,
    seed: int = 0,
    samples: int = 100,
    runs: int = 100,
    budget: Optional[int] = None,
    chain_budget: int = 20_000_000_000,
    hidden_singles: bool = False,
    threads: Optional[int] = None,
    errors: str = "raise",
) -> List[Union[dict, SudokuError]]:
    """``rate`` of every puzzle, in input order, on all cores. With ``errors="return"`` a
    puzzle that is not one is its ``InvalidPuzzleError``, and a rating that fails is its
    exception inside the puzzle's dict (the ``{"error": ...}`` of the command's JSON).

    >>> p = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
    >>> two = "8.7.149351.9.53784354789216912465378638927541475138629791542863243896157586371492"
    >>> r = rate_many([p, two], "se-rating,normal-width", errors="return")
    >>> r[0]["se_rating"]["er"], type(r[1]["se_rating"]).__name__, r[1]["normal_width"] > 0
    (4.2, 'MultipleSolutionsError', True)
    """

def se_rating(
    puzzle: str, *, chain_budget: int = 20_000_000_000, stop: Optional[str] = None
) -> Tuple[float, float, float]:
    """Sudoku Explainer's ``(ER, EP, ED)``: the hardest step, the hardest up to the first
    placement, the first step; 20.0 when no technique finishes (as Sudoku Explainer).

    ``stop="diamond"`` (``"pearl"``) stops at the first step that shows the puzzle is not a
    diamond (pearl), as ``serate --diamond`` (``--pearl``) and ``sudoku rate --diamond``
    (``--pearl``) do: ER is then 20.0 (and EP 0.0 if no digit was placed yet). Much faster
    when looking for diamonds or pearls among many puzzles.

    >>> p = "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3............."
    >>> se_rating(p), se_rating(p, stop="pearl"), se_rating(p, stop="diamond")
    ((4.5, 3.4, 2.6), (20.0, 3.4, 2.6), (20.0, 0.0, 2.6))

    >>> se_rating("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", chain_budget=10**5)
    Traceback (most recent call last):
    ...
    sudoku_rs._errors.BudgetExceededError: budget exceeded: more than 100000 chain potentials needed
    """

def se_rating_many(
    puzzles: Puzzles,
    *,
    chain_budget: int = 20_000_000_000,
    stop: Optional[str] = None,
    threads: Optional[int] = None,
    errors: str = "raise",
) -> List[Union[Tuple[float, float, float], SudokuError]]:
    """``se_rating`` of every puzzle, in input order, on all cores: the fast way to label a
    data set.

    >>> se_rating_many(["8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"])
    [(4.2, 1.2, 1.2)]
    """

def explain(
    puzzle: str,
    *,
    ruleset: str | None = None,
    style: str | None = None,
    budget: int = 50_000_000,
    chain_budget: int = 20_000_000_000,
) -> dict:
    """The puzzle solved step by step as Sudoku Explainer would (``sudoku explain --steps
    --json``): ``puzzle``, ``solution``, ``status`` (``solved``, ``stuck``,
    ``budget_exceeded``), ``se_rating`` and ``steps``, each step a dict with ``technique``,
    ``difficulty``, ``placements`` (``"E3=8"``), ``eliminations`` (``"A1<>5"``),
    ``pattern``, ``units``, ``chains`` (arrow notation) and ``text``. Pencil marks (729
    characters, as ``hint`` takes them) are solved from there, ``puzzle`` being the marks.

    >>> e = explain("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")
    >>> e["status"], e["steps"][0]["text"]
    ('solved', 'Hidden Single: 8 in box 2 => E3=8')
    >>> max(s["difficulty"] for s in e["steps"]) == e["se_rating"]["er"]
    True

    ``ruleset="hodoku"`` (or ``style="hodoku"``) solves with HoDoKu's techniques instead
    (``sudoku explain --steps --ruleset hodoku --json``): ``hodoku`` (``{"level", "score"}``) in place of ``se_rating``,
    each step with its ``score`` and HoDoKu's text.

    >>> explain("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2", ruleset="hodoku")["steps"][0]["text"]
    'Naked Single: r5c9=1'
    """

def explain_many(
    puzzles: Puzzles,
    *,
    ruleset: str | None = None,
    style: str | None = None,
    budget: int = 50_000_000,
    chain_budget: int = 20_000_000_000,
    threads: Optional[int] = None,
    errors: str = "raise",
) -> List[Union[dict, SudokuError]]:
    """``explain`` of every puzzle, in input order, on all cores."""

def hint(
    grid: str,
    *,
    ruleset: str | None = None,
    style: str | None = None,
    svg: bool = False,
    budget: int = 50_000_000,
    chain_budget: int = 20_000_000_000,
    detail: str = "full",
) -> dict:
    """The next step on a grid (a puzzle, your progress, or 729 pencil-mark characters), as
    ``sudoku hint --json``: ``{"grid", "status", "step"}``, status ``ok`` (with the step as in
    ``explain``), ``solved`` or ``stuck``. With ``svg=True`` a step comes with ``"svg"``, its
    picture as ``sudoku hint --svg`` draws it.

    Raises ``InvalidPuzzleError``, ``NoSolutionError``, ``MultipleSolutionsError`` or
    ``BudgetExceededError``.

    >>> hint("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")["step"]["technique"]
    'Hidden Single'

    ``ruleset="hodoku"`` (or ``style=``): HoDoKu's next step (``sudoku hint --ruleset hodoku``).
    ``detail=`` shows less of it (``sudoku hint --detail``): ``"technique"`` (its name only),
    ``"cells"`` (where: its units and cells), ``"result"`` (what it places or crosses out as
    well) or ``"full"`` (the default); below full, ``"detail"`` names the level and ``"step"``
    holds only those fields and a ``"text"`` that says no more.

    >>> hint("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2", detail="technique")["step"]
    {'technique': 'Hidden Single', 'text': 'Hidden Single'}
    """

class PuzzleFile:
    """The iterator ``iter_puzzles`` returns: ``(line, puzzle)`` pairs."""

    def __iter__(self) -> "PuzzleFile": ...
    def __next__(self) -> Tuple[int, Optional[str]]: ...

def iter_puzzles(
    path: Any, *, chunk: Optional[Tuple[int, int]] = None, invalid: str = "raise"
) -> PuzzleFile:
    """The puzzles of a file as ``(line, puzzle)`` pairs, read lazily as the ``sudoku``
    command reads files (one per line, text after whitespace ignored, 9-line blocks, ``#``
    comments, blank lines skipped).

    ``chunk=(k, n)`` keeps records k, k+n, k+2n, ... (from 1, lines that are not puzzles
    counted too), exactly as ``sudoku rate --chunk K/N`` does, so a file splits over the jobs
    of a cluster the same way. A line that is not a puzzle raises ``InvalidPuzzleError`` with
    its ``line`` (``invalid="raise"``), is left out (``"skip"``) or comes as
    ``(line, None)`` (``"keep"``).
    """

def step_svg(
    puzzle: str,
    step: Optional[int] = None,
    *,
    ruleset: str | None = None,
    style: str | None = None,
    budget: int = 50_000_000,
    chain_budget: int = 20_000_000_000,
) -> str:
    """The picture (an SVG document) of step ``step`` (from 1; by default the hardest, the one
    that sets ER) of the puzzle's path, drawn on the pencil marks it applies to, as ``sudoku
    explain --steps --svg FILE [--step N]`` draws it. ``IndexError`` for a step past the path.

    >>> svg = step_svg("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")
    >>> svg.startswith("<svg") and "XY-Wing" in svg
    True
    """

def read_games(text: str, format: str, *, invalid: str = "raise") -> List[Dict[str, Any]]:
    r"""The puzzles of a text in a format (``sdk``, ``sdm``, ``ss``, ``opensudoku``, ``ipuz``,
    ``hodoku``, ``line``, ``json``), one dict each: ``line``, ``puzzle`` (what every function
    takes), ``givens``, ``placed``, ``marks``, ``solution`` and the file's metadata. A bad entry
    raises ``InvalidPuzzleError`` naming its line and field (``invalid="raise"``), is left out
    (``"skip"``) or comes as ``{"line", "puzzle": None, "error": message}`` (``"keep"``).

    >>> games = read_games("#ABob\n" + "4.....8.5\n" + ".........\n" * 8, "sdk")
    >>> games[0]["author"], games[0]["givens"][:9], games[0]["marks"]
    ('Bob', '4.....8.5', None)
    """

def convert(text: str, to: str, *, format: Optional[str] = None) -> str:
    r"""The puzzles of ``text`` written in format ``to``, read in ``format`` (guessed from the
    text's first characters when ``None``), keeping what ``to`` holds, as ``sudoku convert``
    does. A bad entry raises ``InvalidPuzzleError`` naming its line and field; several puzzles
    for a one-puzzle format (``sdk``, ``ss``, ``ipuz``) raise ``ValueError``.

    >>> print(convert("4+9" + "." * 79, "opensudoku", format="hodoku").splitlines()[3].strip()[:33])
    <game data="version: 3&#10;4|0|0|
    """

def read_puzzles(
    path: Any,
    *,
    chunk: Optional[Tuple[int, int]] = None,
    invalid: str = "raise",
    format: Optional[str] = None,
) -> List[Tuple[int, Optional[str]]]:
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

def rate_file(
    path: Any,
    out: Any,
    metrics: Metrics = None,
    *,
    chunk: Optional[Tuple[int, int]] = None,
    threads: Optional[int] = None,
    batch: int = 10_000,
    **options: Any,
) -> int:
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

def generate_band(
    band: str,
    count: int = 1,
    *,
    seed: int = 1,
    first: int = 0,
    symmetry: str = "none",
    max_tries: int = 100_000,
    threads: Optional[int] = None,
    errors: str = "raise",
    needs: List[str] = [],
    hardest: bool = False,
    clues: Optional[Tuple[int, int]] = None,
) -> List[Union[dict, SudokuError]]:
    """Puzzles ``first`` .. ``first + count - 1`` of ``seed``'s list of random minimal
    puzzles whose rating lies in ``band`` (``"se-rating=4.0..5.0"``), as ``sudoku band``
    makes them: dicts with ``puzzle``, ``index``, ``seed``, ``target``, the
    rating's value, ``clues``, ``symmetry`` and ``tries``. The ``index``-th puzzle of a seed
    is the same for any thread count. ``symmetry``: none, half-turn, quarter-turn, mirror or
    diagonal. A puzzle not found within ``max_tries`` random puzzles is a
    ``BudgetExceededError``.

    >>> [p["se_rating"]["er"] <= 4.5 for p in generate_band("se-rating=2.0..4.5", 2, seed=7)]
    [True, True]

    ``needs=["hodoku:Skyscraper", "explainer:X-Wing"]`` keeps puzzles whose solving paths
    take those techniques (``sudoku band --needs``; ``hardest=True``: the first as the hardest
    step), each with ``first_use`` (``{"step", "marks"}``: the position just before it);
    ``clues=(26, 30)`` draws puzzles of that many clues instead of minimal ones.
    """

def generate(
    *,
    seconds: Optional[float] = None,
    steps: Optional[int] = None,
    seed: int = 1,
    preset: str = "explainer",
    energy: Optional[str] = None,
    start: Union[int, Sequence[str], None] = None,
    moves: Optional[str] = None,
    search: Optional[str] = None,
    runs: int = 1,
    known: Optional[Sequence[str]] = None,
    skip_known: bool = False,
    threads: Optional[int] = None,
) -> dict:
    """Searches for a puzzle hard for people (by Sudoku Explainer's ER, or any rating as
    ``energy``), as ``sudoku generate`` does, for ``seconds`` of wall-clock time (start phase
    included) or ``steps`` sweeps. ``preset``: explainer, average-width or paper. ``start``:
    how many random minimal puzzles the search starts from (2,000 in the explainer preset,
    of at most 22 clues: the preset's clue limit stays), or a list of puzzles to start from
    (the vicinity of known hard puzzles, as ``--start file:``). ``moves`` and ``search`` as
    ``--moves`` and ``--search`` (``"pattern"``, ``"best-first:400"``); ``runs`` independent
    runs side by side (``--runs``). ``known``: puzzles known already (``--known``): the
    summary then says whether its puzzle is isomorphic to one (``known``) and gives the best
    new puzzle (``best_new``); with ``skip_known`` a best-first search leaves them out
    (``--skip-known``). The result depends on the seed alone, not on ``threads``.

    Ctrl-C stops the search and returns the best puzzle so far with ``stop_reason``
    ``"interrupted"`` (``KeyboardInterrupt`` only if no puzzle was rated yet). Returns the
    summary of ``sudoku generate --json``: ``puzzle``, ``solution``, ``clues``, ``minimal``,
    ``se_rating``, ``depth``, ``normal_width``, ``average_width``, ``energy``,
    ``best_energy``, ``steps``, ``depth_steps``, ``restarts``, ``seed``, ``runs``,
    ``energy_kind``, ``energy_settings``, ``status``, ``stop_reason`` (``time_limit``, ``step_limit``,
    ``interrupted``, ``exhausted``), and with ``known`` also ``known`` and ``best_new``. A
    puzzle of ``start`` or ``known`` that is not one raises ``InvalidPuzzleError`` with its
    ``index``; settings that do not fit together raise ``ValueError``.

    >>> g = generate(steps=2, start=20, seed=3)
    >>> g["stop_reason"], g["se_rating"]["er"] >= 1.0
    ('step_limit', True)
    >>> xy = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
    >>> g = generate(steps=1, start=[xy], known=[xy], skip_known=True)
    >>> g["known"], g["best_new"]["puzzle"] == g["puzzle"] != xy
    (False, True)
    """
