//! `generate_band` (puzzles in a difficulty band) and `generate` (the hard-puzzle search).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::Status;
use sudoku_generate::{
    Band, BandLine, BandSearch, Energy, Generation, Preset, Start, SummaryLine, Symmetry,
};
use tempering::{Budget, KeepGoing, Observer, RoundInfo, StopReason, SweepInfo};

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
#[pyfunction]
#[pyo3(signature = (band, count = 1, *, seed = 1, first = 0, symmetry = "none",
    max_tries = 100_000, threads = None, errors = "raise"))]
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
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::parse(errors)?;
    let band: Band = band.parse().map_err(|e| PyValueError::new_err(format!("{e}")))?;
    let symmetry: Symmetry = symmetry.parse().map_err(PyValueError::new_err)?;
    let search = BandSearch::new(band).with_symmetry(symmetry).with_max_tries(max_tries);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| PyValueError::new_err(format!("cannot start worker threads: {e}")))?;
    let stop = AtomicBool::new(false);
    let lines: Vec<BandLine> = interruptible(py, &stop, || {
        use rayon::prelude::*;
        pool.install(|| {
            (first..first.saturating_add(count))
                .into_par_iter()
                .map(|i| {
                    if stop.load(Ordering::Relaxed) {
                        return BandLine::new(&search, seed, i, None);
                    }
                    BandLine::find(&search, seed, i)
                })
                .collect()
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
/// included) or ``steps`` sweeps. ``preset``: explainer, average-width or paper; ``start``:
/// how many random minimal puzzles the search starts from (2,000 in the explainer preset,
/// of at most 22 clues: the preset's clue limit stays).
///
/// Ctrl-C stops the search and returns the best puzzle so far with ``stop_reason``
/// ``"interrupted"`` (``KeyboardInterrupt`` only if no puzzle was rated yet). Returns the
/// summary of ``sudoku generate --json``: ``puzzle``, ``solution``, ``clues``, ``minimal``,
/// ``se_rating``, ``depth``, ``normal_width``, ``average_width``, ``energy``,
/// ``best_energy``, ``steps``, ``depth_steps``, ``restarts``, ``seed``, ``runs`` (1),
/// ``energy_kind``, ``energy_settings``, ``status``, ``stop_reason`` (``time_limit``, ``step_limit``,
/// ``interrupted``, ``exhausted``).
///
/// >>> g = generate(steps=2, start=20, seed=3)
/// >>> g["stop_reason"], g["se_rating"]["er"] >= 1.0
/// ('step_limit', True)
#[pyfunction]
#[pyo3(signature = (*, seconds = None, steps = None, seed = 1, preset = "explainer",
    energy = None, start = None))]
fn generate(
    py: Python<'_>,
    seconds: Option<f64>,
    steps: Option<u64>,
    seed: u64,
    preset: &str,
    energy: Option<&str>,
    start: Option<u32>,
) -> PyResult<Py<PyAny>> {
    let mut config =
        preset.parse::<Preset>().map_err(|e| PyValueError::new_err(e.to_string()))?.config();
    if let Some(spec) = energy {
        let e: Energy = spec.parse().map_err(|e| PyValueError::new_err(format!("{e}")))?;
        config.energy = e;
    }
    match start {
        Some(0) => return Err(PyValueError::new_err("start must be at least 1")),
        // The count changes, the preset's clue limit stays.
        Some(count) => {
            config.start = match config.start {
                Start::BestOfRandom { max_clues, .. } => Start::BestOfRandom { count, max_clues },
                _ => Start::random(count),
            }
        }
        None => {}
    }
    let time = match seconds {
        Some(s) if s.is_finite() && s >= 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => return Err(PyValueError::new_err(format!("invalid seconds {s}"))),
        None => None,
    };
    if time.is_none() && steps.is_none() {
        return Err(PyValueError::new_err("give a limit: seconds=... or steps=..."));
    }
    let energy = config.energy;
    let stop = AtomicBool::new(false);
    let (outcome, signal) = until_signal(py, &stop, || {
        let started = Instant::now();
        let mut watch = Watch { stop: &stop, deadline: time.map(|t| started + t) };
        let generation =
            Generation::start_until(config, seed, &mut KeepGoing(|| watch.keep_going()))
                .map_err(|e| Fail::new("error", e.to_string()))?;
        let Some(mut generation) = generation else { return Ok(None) };
        let budget = Budget {
            max_sweeps: steps,
            max_time: time.map(|t| t.saturating_sub(started.elapsed())),
            target_energy: None,
        };
        let reason = generation.run(&budget, &mut watch);
        Ok(Some((generation.rate_summary(), reason)))
    });
    let outcome = outcome.map_err(|f: Fail| f.into_err(py))?;
    let Some((s, reason)) = outcome else {
        return Err(signal.unwrap_or_else(|| {
            Fail::new("budget_exceeded", "the start phase did not finish within the time limit")
                .into_err(py)
        }));
    };
    let reason = if signal.is_some() { StopReason::Stopped } else { reason };
    crate::record::to_py(py, &SummaryLine::new(s, energy, 1, reason))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate_band, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
