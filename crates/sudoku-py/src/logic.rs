//! `explain`, `explain_many` and `hint`: the logical solver's steps, as `sudoku explain
//! --steps --json` and `sudoku hint --json` write them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;
use sudoku_core::{Board, CandidateGrid, Grid};
use sudoku_logic::{
    Builtin, BuiltinRating, Detail, Hint, LogicalSolver, ParseDetailError, ParseRulesetError,
    RulesetName, Solver, SolvingPath,
};

use crate::errors::Fail;
use crate::record::to_py;
use crate::run::{Errors, batch, interruptible, strings};
use crate::{board_of, grid_of};

/// The solver of the ruleset `ruleset` names (`style`: its other name, as `--style` is
/// `--ruleset`'s; `explainer` when neither is given).
fn solver(
    ruleset: Option<&str>,
    style: Option<&str>,
    budget: u64,
    chain_budget: u64,
) -> PyResult<Solver<Builtin>> {
    let word = match (ruleset, style) {
        (Some(r), Some(s)) if !r.eq_ignore_ascii_case(s) => {
            return Err(PyValueError::new_err(format!(
                "ruleset={r:?} and style={s:?}: style is another name for ruleset; give one"
            )));
        }
        (r, s) => r.or(s).unwrap_or("explainer"),
    };
    let name: RulesetName =
        word.parse().map_err(|e: ParseRulesetError| PyValueError::new_err(e.to_string()))?;
    Ok(name.solver().with_budget(budget).with_chain_budget(chain_budget))
}

/// The path of a puzzle, or of pencil marks.
fn path(solver: &Solver<Builtin>, text: &str) -> Result<SolvingPath<BuiltinRating>, Fail> {
    solver.solve(&board_of(text)?).map_err(|e| Fail::failure(&e))
}

/// The puzzle solved step by step as Sudoku Explainer would (``sudoku explain --steps
/// --json``): ``puzzle``, ``solution``, ``status`` (``solved``, ``stuck``,
/// ``budget_exceeded``), ``se_rating`` and ``steps``, each step a dict with ``technique``,
/// ``difficulty``, ``placements`` (``"E3=8"``), ``eliminations`` (``"A1<>5"``),
/// ``pattern``, ``units``, ``chains`` (arrow notation) and ``text``. Pencil marks (729
/// characters, as ``hint`` takes them) are solved from there, ``puzzle`` being the marks.
///
/// >>> e = explain("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")
/// >>> e["status"], e["steps"][0]["text"]
/// ('solved', 'Hidden Single: 8 in box 2 => E3=8')
/// >>> max(s["difficulty"] for s in e["steps"]) == e["se_rating"]["er"]
/// True
///
/// ``ruleset="hodoku"`` (or ``style="hodoku"``) solves with HoDoKu's techniques instead
/// (``sudoku explain --steps --ruleset hodoku --json``): ``hodoku`` (``{"level", "score"}``) in place of ``se_rating``,
/// each step with its ``score`` and HoDoKu's text.
///
/// >>> explain("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2", ruleset="hodoku")["steps"][0]["text"]
/// 'Naked Single: r5c9=1'
#[pyfunction]
#[pyo3(signature = (puzzle, *, ruleset = None, style = None, budget = LogicalSolver::default().budget,
    chain_budget = LogicalSolver::default().ruleset.chain_budget))]
fn explain(
    py: Python<'_>,
    puzzle: &str,
    ruleset: Option<&str>,
    style: Option<&str>,
    budget: u64,
    chain_budget: u64,
) -> PyResult<Py<PyAny>> {
    let solver = solver(ruleset, style, budget, chain_budget)?;
    let texts = [puzzle.to_string()];
    let mut results = batch(py, Some(1), &texts, |_, t| path(&solver, t))?;
    match results.pop() {
        Some(Ok(path)) => to_py(py, &path),
        Some(Err(mut f)) => {
            f.index = None;
            Err(f.into_err(py))
        }
        None => unreachable!("one puzzle in, one result out"),
    }
}

/// ``explain`` of every puzzle, in input order, on all cores.
#[pyfunction]
#[pyo3(signature = (puzzles, *, ruleset = None, style = None, budget = LogicalSolver::default().budget,
    chain_budget = LogicalSolver::default().ruleset.chain_budget, threads = None, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
fn explain_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    ruleset: Option<&str>,
    style: Option<&str>,
    budget: u64,
    chain_budget: u64,
    threads: Option<usize>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let solver = solver(ruleset, style, budget, chain_budget)?;
    let texts = strings(puzzles)?;
    let results = batch(py, threads, &texts, |_, t| path(&solver, t))?;
    errors.collect(py, results, |py, p| to_py(py, &p))
}

/// Pencil marks from 81 cells or 729 pencil-mark characters, as `sudoku hint` reads them.
fn marks_of(text: &str) -> Result<CandidateGrid, Fail> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match text.chars().count() {
        729 => CandidateGrid::from_pencil_marks(&text).map_err(|e| Fail::parse(&e)),
        81 => {
            let grid: Grid = grid_of(&text)?;
            CandidateGrid::new(&grid).map_err(|c| Fail::new("invalid", c.to_string()))
        }
        n => Err(Fail::new("invalid", format!("expected 81 cells or 729 pencil marks, found {n}"))),
    }
}

/// The next step on a grid (a puzzle, your progress, or 729 pencil-mark characters), as
/// ``sudoku hint --json``: ``{"grid", "status", "step"}``, status ``ok`` (with the step as in
/// ``explain``), ``solved`` or ``stuck``. With ``svg=True`` a step comes with ``"svg"``, its
/// picture as ``sudoku hint --svg`` draws it.
///
/// Raises ``InvalidPuzzleError``, ``NoSolutionError``, ``MultipleSolutionsError`` or
/// ``BudgetExceededError``.
///
/// >>> hint("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")["step"]["technique"]
/// 'Hidden Single'
///
/// ``ruleset="hodoku"`` (or ``style=``): HoDoKu's next step (``sudoku hint --ruleset hodoku``).
/// ``detail=`` shows less of it (``sudoku hint --detail``): ``"technique"`` (its name only),
/// ``"cells"`` (where: its units and cells), ``"result"`` (what it places or crosses out as
/// well) or ``"full"`` (the default); below full, ``"detail"`` names the level and ``"step"``
/// holds only those fields and a ``"text"`` that says no more.
///
/// >>> hint("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2", detail="technique")["step"]
/// {'technique': 'Hidden Single', 'text': 'Hidden Single'}
#[pyfunction]
#[pyo3(signature = (grid, *, ruleset = None, style = None, svg = false,
    budget = LogicalSolver::default().budget,
    chain_budget = LogicalSolver::default().ruleset.chain_budget, detail = "full"))]
#[allow(clippy::too_many_arguments)]
fn hint(
    py: Python<'_>,
    grid: &str,
    ruleset: Option<&str>,
    style: Option<&str>,
    svg: bool,
    budget: u64,
    chain_budget: u64,
    detail: &str,
) -> PyResult<Py<PyAny>> {
    let detail: Detail = detail
        .parse()
        .map_err(|e: ParseDetailError| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let solver = solver(ruleset, style, budget, chain_budget)?;
    let text = grid.to_string();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let found = interruptible(py, &stop, || {
        marks_of(&text).map(|marks| solver.hint(&Board::Marks(marks)).with_detail(detail))
    })?;
    let hint = found.map_err(|f| f.into_err(py))?;
    if let Err(problem) = &hint.outcome {
        return Err(Fail::problem(problem).into_err(py));
    }
    let svg = if svg { hint.svg() } else { None };
    to_py(py, &WithSvg { hint: &hint, svg })
}

/// A hint with its picture, when asked for (`svg=True`).
#[derive(Serialize)]
struct WithSvg<'a> {
    #[serde(flatten)]
    hint: &'a Hint,
    #[serde(skip_serializing_if = "Option::is_none")]
    svg: Option<String>,
}

/// The picture (an SVG document) of step ``step`` (from 1; by default the hardest, the one
/// that sets ER) of the puzzle's path, drawn on the pencil marks it applies to, as ``sudoku
/// explain --steps --svg FILE [--step N]`` draws it. ``IndexError`` for a step past the path.
///
/// >>> svg = step_svg("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2")
/// >>> svg.startswith("<svg") and "XY-Wing" in svg
/// True
#[pyfunction]
#[pyo3(signature = (puzzle, step = None, *, ruleset = None, style = None,
    budget = LogicalSolver::default().budget,
    chain_budget = LogicalSolver::default().ruleset.chain_budget))]
fn step_svg(
    py: Python<'_>,
    puzzle: &str,
    step: Option<usize>,
    ruleset: Option<&str>,
    style: Option<&str>,
    budget: u64,
    chain_budget: u64,
) -> PyResult<String> {
    let solver = solver(ruleset, style, budget, chain_budget)?;
    let texts = [puzzle.to_string()];
    let path = match batch(py, Some(1), &texts, |_, t| path(&solver, t))?.pop() {
        Some(Ok(path)) => path,
        Some(Err(mut f)) => {
            f.index = None;
            return Err(f.into_err(py));
        }
        None => unreachable!("one puzzle in, one result out"),
    };
    path.step_svg(step).ok_or_else(|| {
        let (n, len) = (step.unwrap_or(0), path.steps.len());
        pyo3::exceptions::PyIndexError::new_err(format!("step {n}: the path has {len} steps"))
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(step_svg, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(explain_many, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    Ok(())
}
