//! `generate_band` (puzzles in a difficulty band) and `generate` (the hard-puzzle search).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use sudoku_core::{Grid, Status};
use sudoku_generate::{
    Band, BandLine, BandSearch, Energy, GenerateError, GenerationRun, KnownPuzzles, Moves, Need,
    Needs, Preset, Search, Symmetry,
};
use tempering::{Observer, RoundInfo, StopReason, SweepInfo};

use crate::errors::Fail;
use crate::run::{Errors, interruptible, until_signal};

/// Puzzles ``first`` .. ``first + count - 1`` of ``seed``'s list of random minimal
/// puzzles whose rating lies in ``band`` (``"se-rating=4.0..5.0"``), as ``sudoku band``
/// makes them: dicts with ``puzzle``, ``index``, ``seed``, ``target``, the
/// rating's value, ``clues``, ``symmetry`` and ``tries``. The ``index``-th puzzle of a seed
/// is the same for any thread count. ``symmetry``: none, half-turn, quarter-turn, mirror or
/// diagonal. A puzzle not found within ``max_tries`` random puzzles is a
/// ``BudgetExceededError``.
///
/// >>> [p["se_rating"]["er"] <= 4.5 for p in generate_band("se-rating=2.0..4.5", 2, seed=7)]
/// [True, True]
///
/// ``needs=["hodoku:Skyscraper", "explainer:X-Wing"]`` keeps puzzles whose solving paths
/// take those techniques (``sudoku band --needs``; ``hardest=True``: the first as the hardest
/// step), each with ``first_use`` (``{"step", "marks"}``: the position just before it);
/// ``clues=(26, 30)`` draws puzzles of that many clues instead of minimal ones.
#[pyfunction]
#[pyo3(signature = (band, count = 1, *, seed = 1, first = 0, symmetry = "none",
    max_tries = 100_000, threads = None, errors = "raise", needs = Vec::new(), hardest = false,
    clues = None))]
#[allow(clippy::too_many_arguments)]
fn generate_band(
    py: Python<'_>,
    band: &str,
    count: u64,
    seed: u64,
    first: u64,
    symmetry: &str,
    max_tries: u64,
    threads: Option<usize>,
    errors: &str,
    needs: Vec<String>,
    hardest: bool,
    clues: Option<(u8, u8)>,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let band: Band = band.parse().map_err(|e| PyValueError::new_err(format!("{e}")))?;
    let symmetry: Symmetry = symmetry.parse().map_err(PyValueError::new_err)?;
    let needs: Vec<Need> = needs
        .iter()
        .map(|n| n.parse::<Need>())
        .collect::<Result<_, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let needs = Needs::of(&needs).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let search = BandSearch::new(band)
        .with_symmetry(symmetry)
        .with_max_tries(max_tries)
        .with_needs(needs.hardest(hardest));
    let search = match clues {
        Some((lo, hi)) if lo <= hi && (17..=80).contains(&lo) && hi <= 80 => {
            search.with_clues(lo, hi)
        }
        Some((lo, hi)) => {
            return Err(PyValueError::new_err(format!(
                "clues=({lo}, {hi}): a range of clue counts from 17 to 80, the first at most the second"
            )));
        }
        None => search,
    };
    let pool = crate::run::pool(threads)?;
    let stop = AtomicBool::new(false);
    let keep_going = || !stop.load(Ordering::Relaxed);
    let lines: Vec<BandLine> = interruptible(py, &stop, || {
        pool.install(|| {
            BandLine::find_range(&search, seed, first..first.saturating_add(count), &keep_going)
        })
    })?;
    let results = lines
        .into_iter()
        .map(|line| match line.error_message() {
            None => Ok(line),
            Some(message) => {
                let position = usize::try_from(line.index - first).unwrap_or(usize::MAX);
                Err(Fail::new(Status::BudgetExceeded.word(), message).at(position))
            }
        })
        .collect();
    errors.collect(py, results, |py, line| crate::record::to_py(py, &line))
}

/// Stops a run when asked (Ctrl-C) or at the deadline.
struct Watch<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
}

impl Watch<'_> {
    fn keep_going(&self) -> bool {
        !self.stop.load(Ordering::Relaxed) && self.deadline.is_none_or(|d| Instant::now() < d)
    }
}

impl<S> Observer<S> for Watch<'_> {
    fn on_sweep(&mut self, _: &SweepInfo<'_, S>) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }

    fn on_round(&mut self, _: &RoundInfo<'_, S>) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }

    fn keep_going(&mut self) -> bool {
        Watch::keep_going(self)
    }
}

/// Searches for a puzzle hard for people (by Sudoku Explainer's ER, or any rating as
/// ``energy``), as ``sudoku generate`` does, for ``seconds`` of wall-clock time (start phase
/// included) or ``steps`` sweeps. ``preset``: explainer, average-width or paper. ``start``:
/// how many random minimal puzzles the search starts from (2,000 in the explainer preset,
/// of at most 22 clues: the preset's clue limit stays), or a list of puzzles to start from
/// (the vicinity of known hard puzzles, as ``--start file:``). ``moves`` and ``search`` as
/// ``--moves`` and ``--search`` (``"pattern"``, ``"best-first:400"``); ``runs`` independent
/// runs side by side (``--runs``). ``known``: puzzles known already (``--known``): the
/// summary then says whether its puzzle is isomorphic to one (``known``) and gives the best
/// new puzzle (``best_new``); with ``skip_known`` a best-first search leaves them out
/// (``--skip-known``). The result depends on the seed alone, not on ``threads``.
///
/// Ctrl-C stops the search and returns the best puzzle so far with ``stop_reason``
/// ``"interrupted"`` (``KeyboardInterrupt`` only if no puzzle was rated yet). Returns the
/// summary of ``sudoku generate --json``: ``puzzle``, ``solution``, ``clues``, ``minimal``,
/// ``se_rating``, ``depth``, ``normal_width``, ``average_width``, ``energy``,
/// ``best_energy``, ``steps``, ``depth_steps``, ``restarts``, ``seed``, ``runs``,
/// ``energy_kind``, ``energy_settings``, ``status``, ``stop_reason`` (``time_limit``, ``step_limit``,
/// ``interrupted``, ``exhausted``), and with ``known`` also ``known`` and ``best_new``. A
/// puzzle of ``start`` or ``known`` that is not one raises ``InvalidPuzzleError`` with its
/// ``index``; settings that do not fit together raise ``ValueError``.
///
/// >>> g = generate(steps=2, start=20, seed=3)
/// >>> g["stop_reason"], g["se_rating"]["er"] >= 1.0
/// ('step_limit', True)
/// >>> xy = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
/// >>> g = generate(steps=1, start=[xy], known=[xy], skip_known=True)
/// >>> g["known"], g["best_new"]["puzzle"] == g["puzzle"] != xy
/// (False, True)
#[pyfunction]
#[pyo3(signature = (*, seconds = None, steps = None, seed = 1, preset = "explainer",
    energy = None, start = None, moves = None, search = None, runs = 1, known = None,
    skip_known = false, threads = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    seconds: Option<f64>,
    steps: Option<u64>,
    seed: u64,
    preset: &str,
    energy: Option<&str>,
    start: Option<&Bound<'_, PyAny>>,
    moves: Option<&str>,
    search: Option<&str>,
    runs: usize,
    known: Option<&Bound<'_, PyAny>>,
    skip_known: bool,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let value = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
    let mut config = preset.parse::<Preset>().map_err(|e| value(&e))?.config();
    if let Some(spec) = energy {
        config.energy = spec.parse::<Energy>().map_err(|e| value(&e))?;
    }
    if let Some(spec) = moves {
        config.moves = spec.parse::<Moves>().map_err(|e| value(&e))?;
    }
    if let Some(spec) = search {
        config.search = spec.parse::<Search>().map_err(|e| value(&e))?;
    }
    let given = match start {
        None => None,
        Some(s) if s.is_instance_of::<PyInt>() => match s.extract::<u32>() {
            // The count changes, the preset's clue limit stays.
            Ok(count @ 1..) => {
                config.start = config.start.with_count(count);
                None
            }
            _ => {
                return Err(PyValueError::new_err(
                    "start must be a count from 1 or a list of puzzles",
                ));
            }
        },
        Some(s) => Some(puzzles_of(py, s, "start must be a count or a list of puzzle strings")?),
    };
    let known = match known {
        None if skip_known => {
            return Err(PyValueError::new_err(
                "skip_known leaves the known puzzles out: give them as known=[...]",
            ));
        }
        None => None,
        Some(list) => Some(Arc::new(KnownPuzzles::from_puzzles(puzzles_of(
            py,
            list,
            "known must be a list of puzzle strings",
        )?))),
    };
    if runs == 0 {
        return Err(PyValueError::new_err("runs must be at least 1"));
    }
    GenerationRun::check_skip(config.search, skip_known).map_err(|e| value(&e))?;
    let time = match seconds {
        Some(s) if s.is_finite() && s >= 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => return Err(PyValueError::new_err(format!("invalid seconds {s}"))),
        None => None,
    };
    if time.is_none() && steps.is_none() {
        return Err(PyValueError::new_err("give a limit: seconds=... or steps=..."));
    }
    let pool = crate::run::pool(threads)?;
    let stop = AtomicBool::new(false);
    let (outcome, signal) = until_signal(py, &stop, || {
        pool.install(|| {
            let clock = Instant::now();
            let deadline = time.map(|t| clock + t);
            let mut watches: Vec<Watch<'_>> =
                (0..runs).map(|_| Watch { stop: &stop, deadline }).collect();
            let fail = |e: GenerateError| Fail::new("error", e.to_string());
            let started =
                GenerationRun::start(config, seed, given.as_deref(), &mut watches).map_err(fail)?;
            let Some(run) = started else { return Ok(None) };
            let mut run = run
                .with_clock(clock)
                .with_limit(time, steps)
                .with_known(known, skip_known)
                .map_err(fail)?;
            let reason = run.run(&mut watches, |_| Ok::<(), Fail>(()))?;
            Ok(Some(run.summary(reason)))
        })
    });
    let outcome = outcome.map_err(|f: Fail| f.into_err(py))?;
    let Some(line) = outcome else {
        return Err(signal.unwrap_or_else(|| {
            Fail::new("budget_exceeded", "the start phase did not finish within the time limit")
                .into_err(py)
        }));
    };
    let mut line = line;
    if signal.is_some() {
        line.stop = StopReason::Stopped;
    }
    crate::record::to_py(py, &line)
}

/// The puzzles of a list (``start``, ``known``): a text that is not one is its
/// ``InvalidPuzzleError`` at its index.
fn puzzles_of(py: Python<'_>, list: &Bound<'_, PyAny>, expected: &str) -> PyResult<Vec<Grid>> {
    let texts: Vec<String> =
        list.extract().map_err(|_| PyTypeError::new_err(expected.to_string()))?;
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| crate::grid_of(t).map_err(|f| f.at(i).into_err(py)))
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate_band, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
