//! Python bindings of the workspace: the extension module `sudoku_rs._sudoku_rs` of the
//! Python package `sudoku-rs` (built by maturin, `pip install ./crates/sudoku-py`).
//!
//! Every function takes puzzles as strings (81 characters, `.`, `0` or `_` for blanks, or the
//! 9-line block form) and returns plain Python values shaped as the `sudoku` command's JSON
//! (`docs/schema.md`). Batch functions (`*_many`) release the GIL, work on a rayon pool (all
//! cores unless `threads` says otherwise) and return results in input order, the same for any
//! thread count. Failures raise typed exceptions whose `code` is the schema's status word.
//! The Python API is documented in `python/sudoku_rs/__init__.pyi`.

mod errors;
mod formats;
mod generate;
mod logic;
mod rate;
mod record;
mod run;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_core::{Board, CandidateGrid, Failure, Grid, PuzzleReader, Rules};
use sudoku_solve::{Outcome, Progress, Query};

use crate::errors::Fail;
use crate::run::{Errors, batch, strings};

/// The exact solver's default node budget (the `sudoku` command's `--budget` for solve).
pub(crate) const SOLVE_BUDGET: u64 = Query::DEFAULT_BUDGET;

/// Parses a puzzle as the `sudoku` command reads a file's line (or 9-line block): text after
/// the 81 cells and whitespace is ignored; `Fail` carries the command's code (`invalid`), its
/// message and the position.
pub(crate) fn grid_of(text: &str) -> Result<Grid, Fail> {
    grid_under(text, None)
}

/// [`grid_of`], the givens checked under `rules` (`None`: classic Sudoku's).
fn grid_under(text: &str, rules: Option<&Rules>) -> Result<Grid, Fail> {
    if rules.is_none()
        && text.len() == 81
        && let Ok(grid) = text.parse::<Grid>()
    {
        return Ok(grid);
    }
    let records = PuzzleReader::new(text.as_bytes());
    let mut records = match rules {
        Some(r) => records.with_rules(r),
        None => records,
    };
    match records.next() {
        Some(Ok(p)) if records.next().is_none() => Ok(p.grid),
        Some(Ok(_)) => Err(Fail::new("invalid", "expected one puzzle, found several")),
        Some(Err(e)) => Err(Fail::line(&e)),
        None => Err(Fail::parse(&sudoku_core::ParseGridError::Empty)),
    }
}

/// A puzzle, or 729 characters of pencil marks (nine per cell, whitespace ignored) as ``hint``
/// reads them: what `solve`, `count_solutions`, `explain` and `rate` take, as the `sudoku`
/// command does.
pub(crate) fn board_of(text: &str) -> Result<Board, Fail> {
    board_under(text, None)
}

/// [`board_of`], givens checked under `rules` (`None`: classic Sudoku's).
fn board_under(text: &str, rules: Option<&Rules>) -> Result<Board, Fail> {
    if text.chars().filter(|c| !c.is_whitespace()).count() == 729 {
        let marks = CandidateGrid::from_pencil_marks(text).map_err(|e| Fail::parse(&e))?;
        return Ok(Board::Marks(marks));
    }
    grid_under(text, rules).map(Board::Givens)
}

/// The `rules=` keyword: a rules spec (``"windoku,anti-knight"``, ``"jigsaw:LAYOUT"``; ``None``
/// or ``"classic"`` for classic Sudoku), `None` when classic. Raises ``ValueError`` for a
/// spec that is not one.
fn rules_of(spec: Option<&str>) -> PyResult<Option<Rules>> {
    let Some(spec) = spec else { return Ok(None) };
    let rules: Rules =
        spec.parse().map_err(|e: sudoku_core::RulesError| PyValueError::new_err(e.to_string()))?;
    Ok((!rules.is_classic()).then_some(rules))
}

/// The puzzle in its 81-character form, ``.`` for blanks.
///
/// Raises ``InvalidPuzzleError`` for text that is not a puzzle.
///
/// >>> parse("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.. # a comment")
/// '..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..'
/// >>> parse("12x")
/// Traceback (most recent call last):
/// ...
/// sudoku_rs._errors.InvalidPuzzleError: invalid character 'x' at line 1, column 3
#[pyfunction]
fn parse(py: Python<'_>, puzzle: &str) -> PyResult<String> {
    grid_of(puzzle).map(|g| g.to_string()).map_err(|f| f.into_err(py))
}

/// The canonical form of a puzzle (``sudoku canon --json``'s record): ``canonical`` (the
/// minlex form), ``automorphisms``, and under ``rules`` (a rules spec) the form taken over the
/// variant's own symmetries, with ``canonical_rules``: the form's rules (under jigsaw the
/// layout moved with the puzzle). No solving: any grid has a form.
///
/// Raises ``InvalidPuzzleError`` for text that is not a puzzle of the rules, ``ValueError`` for
/// a spec that is not one.
///
/// >>> x = "1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5...."
/// >>> canon(x, rules="x") == canon(x[::-1], rules="x")  # the half turn keeps the diagonals
/// True
/// >>> canon(x, rules="x")["canonical_rules"], "canonical_rules" in canon(x)
/// ('x', False)
#[pyfunction]
#[pyo3(signature = (puzzle, *, rules = None))]
fn canon(py: Python<'_>, puzzle: &str, rules: Option<&str>) -> PyResult<Py<PyAny>> {
    let rules = rules_of(rules)?;
    let grid = grid_under(puzzle, rules.as_ref()).map_err(|f| f.into_err(py))?;
    let rules = rules.unwrap_or_default();
    let form = rules.canonical(&grid);
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("canonical", form.grid.to_string())?;
    dict.set_item("automorphisms", form.automorphisms)?;
    let moved = rules.transformed(&form.transform);
    if !moved.is_classic() {
        dict.set_item("canonical_rules", moved.to_string())?;
    }
    Ok(dict.into_any().unbind())
}

/// The clue count of a proper puzzle: well-formed, with exactly one solution (``sudoku
/// check``; the exact solver within ``budget`` search nodes).
///
/// Raises ``InvalidPuzzleError`` (wrong length, bad character, clashing givens),
/// ``MultipleSolutionsError``, ``NoSolutionError`` or ``BudgetExceededError``.
///
/// Under ``rules`` (a rules spec, ``docs/variants.md``: ``"x"``, ``"windoku,anti-knight"``,
/// ``"jigsaw:LAYOUT"``), the givens and the solutions are those of the variant; ``ValueError``
/// for a spec that is not one.
///
/// >>> check("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..")
/// 23
#[pyfunction]
#[pyo3(signature = (puzzle, *, budget = SOLVE_BUDGET, rules = None))]
fn check(py: Python<'_>, puzzle: &str, budget: u64, rules: Option<&str>) -> PyResult<usize> {
    let rules = rules_of(rules)?;
    let text = puzzle.to_string();
    py.detach(move || checked(&text, budget, rules.as_ref())).map_err(|f| f.into_err(py))
}

/// The clue count of a puzzle with one solution, or why it has none.
fn checked(text: &str, budget: u64, rules: Option<&Rules>) -> Result<usize, Fail> {
    let clues = grid_under(text, rules)?.clue_count();
    solution(text, budget, rules).map(|_| clues)
}

/// Each puzzle's clue count, or the error saying what is wrong with it, as ``check``
/// raises it (returned, never raised).
///
/// >>> [type(x).__name__ for x in check_many(["." * 81, "x"])]
/// ['MultipleSolutionsError', 'InvalidPuzzleError']
#[pyfunction]
#[pyo3(signature = (puzzles, *, budget = SOLVE_BUDGET, threads = None, rules = None))]
fn check_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    budget: u64,
    threads: Option<usize>,
    rules: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    let rules = rules_of(rules)?;
    let texts = strings(puzzles)?;
    let results = batch(py, threads, &texts, |_, t| checked(t, budget, rules.as_ref()))?;
    Errors::Return.collect(py, results, |py, n| Ok(n.into_pyobject(py)?.into_any().unbind()))
}

/// A player's progress checked against the puzzle's unique solution (``sudoku check
/// --progress``, ``POST /api/check``): ``progress`` is their grid (81 cells, the givens and
/// the digits entered so far, clashes and all), ``crossed_out`` the pencil marks they crossed
/// out on empty cells (``"A1<>5"``). Returns the record: ``puzzle``, ``status``,
/// ``solvable``, ``wrong``, ``clashes``, ``changed_givens``, ``excluded`` and ``message``.
/// The GIL is released while the solution is searched.
///
/// Raises ``InvalidPuzzleError`` (a puzzle or grid that cannot be read, clashing givens, a
/// mark not written ``A1<>5``), ``MultipleSolutionsError``, ``NoSolutionError`` or
/// ``BudgetExceededError`` when there is no solution to check against.
///
/// >>> p = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
/// >>> r = check_progress(p, "814" + p[3:], crossed_out=["D1<>7"])
/// >>> r["solvable"], r["wrong"], r["excluded"]
/// (False, ['C1=4'], ['D1<>7'])
#[pyfunction]
#[pyo3(signature = (puzzle, progress, *, crossed_out = Vec::new(), budget = SOLVE_BUDGET))]
fn check_progress(
    py: Python<'_>,
    puzzle: &str,
    progress: &str,
    crossed_out: Vec<String>,
    budget: u64,
) -> PyResult<Py<PyAny>> {
    let invalid = |e: sudoku_solve::ParseProgressError| Fail::new("invalid", e.to_string());
    let puzzle = grid_of(puzzle).map_err(|f| f.into_err(py))?;
    let progress: Progress = progress.parse().map_err(|e| invalid(e).into_err(py))?;
    let crossed: Vec<_> = crossed_out
        .iter()
        .map(|m| Progress::parse_crossed_out(m))
        .collect::<Result<_, _>>()
        .map_err(|e| invalid(e).into_err(py))?;
    let progress = progress.with_crossed_out(crossed);
    let report = py
        .detach(move || progress.check(&puzzle, budget))
        .map_err(|f| Fail::failure(&f).into_err(py))?;
    record::to_py(py, &report)
}

/// The unique solution, or the reason there is none.
fn solution(text: &str, budget: u64, rules: Option<&Rules>) -> Result<Grid, Fail> {
    let board = board_under(text, rules)?;
    // Searched rather than `Query::unique`: an overrun's message gives the nodes used and the
    // solutions found so far.
    let query = Query::of(&board).with_budget(budget);
    let solutions = match rules {
        Some(r) => query.with_rules(r).search(),
        None => query.search(),
    };
    match solutions.outcome() {
        Some(Outcome::Unique(s)) => Ok(s),
        Some(Outcome::None) => Err(Fail::failure(&Failure::NO_SOLUTION)),
        Some(_) => Err(Fail::failure(&Failure::NOT_UNIQUE)),
        None => Err(Fail::new("budget_exceeded", solutions.to_string())),
    }
}

/// The unique solution (exact solver, within ``budget`` search nodes); of pencil marks
/// (729 characters, as ``hint`` takes them), the one solution that fits them.
///
/// Raises ``NoSolutionError``, ``MultipleSolutionsError``, ``BudgetExceededError`` or
/// ``InvalidPuzzleError``.
///
/// ``rules`` is a rules spec as ``check`` takes it (``"x"``, ``"jigsaw:LAYOUT"``, ...).
///
/// >>> solve("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")[:9]
/// '827614935'
/// >>> solve("1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5....", rules="x")[:9]
/// '172396458'
#[pyfunction]
#[pyo3(signature = (puzzle, *, budget = SOLVE_BUDGET, rules = None))]
fn solve(py: Python<'_>, puzzle: &str, budget: u64, rules: Option<&str>) -> PyResult<String> {
    let rules = rules_of(rules)?;
    let text = puzzle.to_string();
    py.detach(move || solution(&text, budget, rules.as_ref()))
        .map(|g| g.to_string())
        .map_err(|f| f.into_err(py))
}

/// ``solve`` of every puzzle, in input order, on all cores.
///
/// >>> [type(x).__name__ for x in solve_many(["." * 81, "1" * 81], errors="return")]
/// ['MultipleSolutionsError', 'InvalidPuzzleError']
#[pyfunction]
#[pyo3(signature = (puzzles, *, budget = SOLVE_BUDGET, threads = None, errors = "raise", rules = None))]
fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    budget: u64,
    threads: Option<usize>,
    errors: &str,
    rules: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let rules = rules_of(rules)?;
    let texts = strings(puzzles)?;
    let results = batch(py, threads, &texts, |_, t| solution(t, budget, rules.as_ref()))?;
    errors.collect(py, results, |py, g| Ok(PyString::new(py, &g.to_string()).into_any().unbind()))
}

/// Counts solutions up to `limit`.
fn count(text: &str, limit: u64, budget: u64, rules: Option<&Rules>) -> Result<(u64, bool), Fail> {
    let board = board_under(text, rules)?;
    let query = Query::of(&board).with_limit(limit).with_budget(budget);
    let solutions = match rules {
        Some(r) => query.with_rules(r).search(),
        None => query.search(),
    };
    if solutions.is_settled() {
        Ok((solutions.count(), solutions.is_capped()))
    } else {
        Err(Fail::new("budget_exceeded", solutions.to_string()))
    }
}

/// ``(count, capped)``: solutions counted up to ``limit`` (of pencil marks: the solutions
/// that fit them); ``capped`` when counting stopped at the limit (the count is then a lower
/// bound).
///
/// ``rules`` is a rules spec as ``check`` takes it.
///
/// >>> count_solutions("." * 81, limit=10)
/// (10, True)
/// >>> count_solutions("." * 81, limit=10, rules="windoku,anti-king")
/// (10, True)
#[pyfunction(name = "count_solutions")]
#[pyo3(signature = (puzzle, *, limit = 2, budget = SOLVE_BUDGET, rules = None))]
fn count_solutions_py(
    py: Python<'_>,
    puzzle: &str,
    limit: u64,
    budget: u64,
    rules: Option<&str>,
) -> PyResult<(u64, bool)> {
    let rules = rules_of(rules)?;
    let text = puzzle.to_string();
    py.detach(move || count(&text, limit, budget, rules.as_ref())).map_err(|f| f.into_err(py))
}

/// ``count_solutions`` of every puzzle, in input order, on all cores.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit = 2, budget = SOLVE_BUDGET, threads = None, errors = "raise", rules = None))]
fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: u64,
    budget: u64,
    threads: Option<usize>,
    errors: &str,
    rules: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let rules = rules_of(rules)?;
    let texts = strings(puzzles)?;
    let results = batch(py, threads, &texts, |_, t| count(t, limit, budget, rules.as_ref()))?;
    errors.collect(py, results, |py, c| Ok(c.into_pyobject(py)?.into_any().unbind()))
}

/// What a file reader does with a line that is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Invalid {
    Raise,
    Skip,
    Keep,
}

/// The puzzles of a file, read lazily: the iterator `iter_puzzles` returns.
#[pyclass(module = "sudoku_rs")]
struct PuzzleFile {
    records: PuzzleReader<std::io::BufReader<std::fs::File>>,
    /// Records read so far, invalid ones included (what `--chunk` counts).
    seen: u64,
    chunk: (u64, u64),
    invalid: Invalid,
}

#[pymethods]
impl PuzzleFile {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>) -> PyResult<Option<(usize, Option<String>)>> {
        let py = slf.py();
        let (k, n) = slf.chunk;
        loop {
            let Some(record) = slf.records.next() else { return Ok(None) };
            slf.seen += 1;
            if (slf.seen - 1) % n != k - 1 {
                continue;
            }
            match record {
                Ok(p) => return Ok(Some((p.line, Some(p.grid.to_string())))),
                Err(e) if matches!(e.kind, sudoku_core::LineErrorKind::Io { .. }) => {
                    return Err(Fail::line(&e).into_err(py));
                }
                Err(e) => match slf.invalid {
                    Invalid::Raise => return Err(Fail::line(&e).into_err(py)),
                    Invalid::Skip => {}
                    Invalid::Keep => return Ok(Some((e.line, None))),
                },
            }
        }
    }
}

/// The puzzles of a file as ``(line, puzzle)`` pairs, read lazily as the ``sudoku``
/// command reads files (one per line, text after whitespace ignored, 9-line blocks, ``#``
/// comments, blank lines skipped).
///
/// ``chunk=(k, n)`` keeps records k, k+n, k+2n, ... (from 1, lines that are not puzzles
/// counted too), exactly as ``sudoku rate --chunk K/N`` does, so a file splits over the jobs
/// of a cluster the same way. A line that is not a puzzle raises ``InvalidPuzzleError`` with
/// its ``line`` (``invalid="raise"``), is left out (``"skip"``) or comes as
/// ``(line, None)`` (``"keep"``).
#[pyfunction]
#[pyo3(signature = (path, *, chunk = None, invalid = "raise"))]
fn iter_puzzles(
    path: std::path::PathBuf,
    chunk: Option<(u64, u64)>,
    invalid: &str,
) -> PyResult<PuzzleFile> {
    let (k, n) = chunk.unwrap_or((1, 1));
    if k == 0 || k > n {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "invalid chunk ({k}, {n}): use (k, n) with 1 <= k <= n"
        )));
    }
    let invalid = match invalid {
        "raise" => Invalid::Raise,
        "skip" => Invalid::Skip,
        "keep" => Invalid::Keep,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "invalid must be \"raise\", \"skip\" or \"keep\", not {other:?}"
            )));
        }
    };
    if path.is_dir() {
        return Err(pyo3::exceptions::PyIsADirectoryError::new_err(format!(
            "{} is a directory, not a file",
            path.display()
        )));
    }
    let file = std::fs::File::open(&path)?;
    let records = PuzzleReader::new(std::io::BufReader::new(file));
    Ok(PuzzleFile { records, seen: 0, chunk: (k, n), invalid })
}

/// The names of every rating of the catalogue, as ``rate`` takes them.
///
/// >>> "se-rating" in ratings() and "average-width" in ratings()
/// True
#[pyfunction]
fn ratings() -> Vec<&'static str> {
    sudoku_metrics::RatingKind::ALL.iter().map(|k| k.name()).collect()
}

/// The extension module.
#[pymodule]
fn _sudoku_rs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(check_progress, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_solutions_py, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(iter_puzzles, m)?)?;
    m.add_class::<PuzzleFile>()?;
    m.add_function(wrap_pyfunction!(ratings, m)?)?;
    rate::register(m)?;
    logic::register(m)?;
    formats::register(m)?;
    generate::register(m)?;
    Ok(())
}
