//! `rate`, `rate_many`, `se_rating`, `se_rating_many`: the catalogue's ratings, computed as
//! `sudoku rate` computes them (same defaults, same uniqueness check first, same values).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sudoku_logic::{EarlyStop, LogicalSolver};
use sudoku_metrics::{RatingDefaults, RatingSet, RatingValue, Ratings};

use crate::board_of;
use crate::errors::Fail;
use crate::record::to_py;
use crate::run::{Errors, batch, strings};

/// What to rate and how: the ratings with the command's defaults filled in, and the seed.
struct Settings {
    set: RatingSet,
    seed: u64,
}

/// The options of `sudoku rate` that fill in what a rating spec leaves out.
fn settings(specs: &[String], defaults: &RatingDefaults, seed: u64) -> PyResult<Settings> {
    let set =
        RatingSet::parse(specs, defaults).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Settings { set, seed })
}

/// Rating names from a string (comma-separated) or a sequence of strings.
fn specs(metrics: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(metrics) = metrics else { return Ok(vec!["se-rating".into()]) };
    if metrics.is_instance_of::<PyString>() {
        let s: String = metrics.extract()?;
        return Ok(s.split(',').map(|m| m.trim().to_string()).collect());
    }
    strings(metrics)
}

/// Parses and rates (the uniqueness check first, as `sudoku rate`); in `Errors::Raise` mode
/// the first failed rating fails the puzzle.
fn rate_text(settings: &Settings, text: &str, errors: Errors) -> Result<Ratings, Fail> {
    let rated = settings.set.evaluate_board(&board_of(text)?, settings.seed);
    match rated.first_failure() {
        Some(f) if errors == Errors::Raise => Err(Fail::failure(&f)),
        _ => Ok(rated),
    }
}

/// A puzzle's ratings as a dict keyed by rating (`se_rating`, `average_width`, ...), each value
/// the record's; a failed rating's value is its exception (only in `errors="return"` mode).
fn rated_dict(py: Python<'_>, rated: Ratings) -> PyResult<Py<PyAny>> {
    let d = PyDict::new(py);
    for (kind, v) in &rated.0 {
        match v {
            Ok(v) => d.set_item(kind.key(), to_py(py, v)?)?,
            Err(f) => d.set_item(kind.key(), Fail::failure(f).exception(py)?)?,
        }
    }
    Ok(d.into_any().unbind())
}

/// Ratings of a puzzle, computed as ``sudoku rate`` computes them (same defaults, same
/// values), as a dict keyed by rating name with ``_``.
///
/// ``metrics`` is a comma-separated string or a list of names from ``ratings()``, each with
/// its own parameters if needed (``"average-width:samples=20"``); ``se-rating`` by default.
/// Values: ints (depth, widths, levels), floats, ``{"mean", "stderr", "samples"}``
/// (average-width) or ``{"er", "ep", "ed"}`` (se-rating). ``seed`` seeds the random ratings;
/// ``samples`` (average-width) and ``runs`` (stochastic solvers) fill in what a spec leaves
/// out; ``budget`` is each rating's work budget in its own unit and the uniqueness check's;
/// ``chain_budget`` bounds se-rating's chain searches. Pencil marks (729 characters, as
/// ``hint`` takes them) have the logical solvers' ratings (``se-rating``, ``hodoku``,
/// ``hodoku-score``); every other rating needs givens (``InvalidPuzzleError``).
///
/// Raises the first rating's failure: ``MultipleSolutionsError`` or ``NoSolutionError``
/// (every rating but the widths needs a unique solution), ``BudgetExceededError``,
/// ``InvalidPuzzleError``; ``ValueError`` for an unknown rating.
///
/// >>> p = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
/// >>> rate(p, "se-rating,depth")
/// {'se_rating': {'er': 4.2, 'ep': 1.2, 'ed': 1.2}, 'depth': 2}
#[pyfunction]
#[pyo3(signature = (puzzle, metrics = None, *, seed = 0, samples = 100, runs = 100,
    budget = None, chain_budget = LogicalSolver::default().ruleset.chain_budget, hidden_singles = false))]
#[allow(clippy::too_many_arguments)]
fn rate(
    py: Python<'_>,
    puzzle: &str,
    metrics: Option<&Bound<'_, PyAny>>,
    seed: u64,
    samples: u32,
    runs: u32,
    budget: Option<u64>,
    chain_budget: u64,
    hidden_singles: bool,
) -> PyResult<Py<PyAny>> {
    let defaults = RatingDefaults { samples, runs, budget, chain_budget, hidden_singles };
    let settings = settings(&specs(metrics)?, &defaults, seed)?;
    let texts = [puzzle.to_string()];
    let mut results = batch(py, Some(1), &texts, |_, t| rate_text(&settings, t, Errors::Raise))?;
    match results.pop() {
        Some(Ok(rated)) => rated_dict(py, rated),
        Some(Err(mut f)) => {
            f.index = None;
            Err(f.into_err(py))
        }
        None => unreachable!("one puzzle in, one result out"),
    }
}

/// ``rate`` of every puzzle, in input order, on all cores. With ``errors="return"`` a
/// puzzle that is not one is its ``InvalidPuzzleError``, and a rating that fails is its
/// exception inside the puzzle's dict (the ``{"error": ...}`` of the command's JSON).
///
/// >>> p = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
/// >>> two = "8.7.149351.9.53784354789216912465378638927541475138629791542863243896157586371492"
/// >>> r = rate_many([p, two], "se-rating,normal-width", errors="return")
/// >>> r[0]["se_rating"]["er"], type(r[1]["se_rating"]).__name__, r[1]["normal_width"] > 0
/// (4.2, 'MultipleSolutionsError', True)
#[pyfunction]
#[pyo3(signature = (puzzles, metrics = None, *, seed = 0, samples = 100, runs = 100,
    budget = None, chain_budget = LogicalSolver::default().ruleset.chain_budget, hidden_singles = false,
    threads = None, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
fn rate_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    metrics: Option<&Bound<'_, PyAny>>,
    seed: u64,
    samples: u32,
    runs: u32,
    budget: Option<u64>,
    chain_budget: u64,
    hidden_singles: bool,
    threads: Option<usize>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let defaults = RatingDefaults { samples, runs, budget, chain_budget, hidden_singles };
    let settings = settings(&specs(metrics)?, &defaults, seed)?;
    let texts = strings(puzzles)?;
    let results = batch(py, threads, &texts, |_, t| rate_text(&settings, t, errors))?;
    errors.collect(py, results, rated_dict)
}

/// How `se_rating` rates: through the catalogue (as `sudoku rate --metrics se-rating`), or
/// with an early stop (as `sudoku rate --diamond` or `--pearl`).
enum Se {
    Catalogue(Settings),
    Early(LogicalSolver),
}

fn se_how(chain_budget: u64, stop: Option<&str>) -> PyResult<Se> {
    let early = match stop {
        None => {
            let defaults = RatingDefaults { chain_budget, ..RatingDefaults::default() };
            return Ok(Se::Catalogue(settings(&["se-rating".into()], &defaults, 0)?));
        }
        Some("diamond") => EarlyStop::NotDiamond,
        Some("pearl") => EarlyStop::NotPearl,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "stop must be None, \"diamond\" or \"pearl\", not {other:?}"
            )));
        }
    };
    Ok(Se::Early(LogicalSolver::default().with_chain_budget(chain_budget).with_early_stop(early)))
}

/// ER/EP/ED of a puzzle.
fn se_tuple(text: &str, how: &Se) -> Result<(f64, f64, f64), Fail> {
    match how {
        Se::Catalogue(settings) => match rate_text(settings, text, Errors::Raise)?.0.pop() {
            Some((_, Ok(RatingValue::Se(r, _)))) => Ok((r.er, r.ep, r.ed)),
            Some((_, Err(f))) => Err(Fail::failure(&f)),
            _ => unreachable!("se-rating gives ER/EP/ED"),
        },
        Se::Early(solver) => {
            let path = solver.solve(&board_of(text)?).map_err(|e| Fail::failure(&e))?;
            Ok((path.rating.er, path.rating.ep, path.rating.ed))
        }
    }
}

/// Sudoku Explainer's ``(ER, EP, ED)``: the hardest step, the hardest up to the first
/// placement, the first step; 20.0 when no technique finishes (as Sudoku Explainer).
///
/// ``stop="diamond"`` (``"pearl"``) stops at the first step that shows the puzzle is not a
/// diamond (pearl), as ``serate --diamond`` (``--pearl``) and ``sudoku rate --diamond``
/// (``--pearl``) do: ER is then 20.0 (and EP 0.0 if no digit was placed yet). Much faster
/// when looking for diamonds or pearls among many puzzles.
///
/// >>> p = "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3............."
/// >>> se_rating(p), se_rating(p, stop="pearl"), se_rating(p, stop="diamond")
/// ((4.5, 3.4, 2.6), (20.0, 3.4, 2.6), (20.0, 0.0, 2.6))
///
/// >>> se_rating("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", chain_budget=10**5)
/// Traceback (most recent call last):
/// ...
/// sudoku_rs._errors.BudgetExceededError: budget exceeded: more than 100000 chain potentials needed
#[pyfunction]
#[pyo3(signature = (puzzle, *, chain_budget = LogicalSolver::default().ruleset.chain_budget,
    stop = None))]
fn se_rating(
    py: Python<'_>,
    puzzle: &str,
    chain_budget: u64,
    stop: Option<&str>,
) -> PyResult<(f64, f64, f64)> {
    let how = se_how(chain_budget, stop)?;
    let texts = [puzzle.to_string()];
    let mut results = batch(py, Some(1), &texts, |_, t| se_tuple(t, &how))?;
    match results.pop() {
        Some(Ok(t)) => Ok(t),
        Some(Err(mut f)) => {
            f.index = None;
            Err(f.into_err(py))
        }
        None => unreachable!("one puzzle in, one result out"),
    }
}

/// ``se_rating`` of every puzzle, in input order, on all cores: the fast way to label a
/// data set.
///
/// >>> se_rating_many(["8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"])
/// [(4.2, 1.2, 1.2)]
#[pyfunction]
#[pyo3(signature = (puzzles, *, chain_budget = LogicalSolver::default().ruleset.chain_budget,
    stop = None, threads = None, errors = "raise"))]
fn se_rating_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    chain_budget: u64,
    stop: Option<&str>,
    threads: Option<usize>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let how = se_how(chain_budget, stop)?;
    let texts = strings(puzzles)?;
    let results = batch(py, threads, &texts, |_, t| se_tuple(t, &how))?;
    errors.collect(py, results, |py, t| Ok(t.into_pyobject(py)?.into_any().unbind()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(se_rating, m)?)?;
    m.add_function(wrap_pyfunction!(se_rating_many, m)?)?;
    Ok(())
}
