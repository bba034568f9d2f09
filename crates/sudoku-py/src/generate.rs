//! `generate_band` (puzzles in a difficulty band) and `generate` (the hard-puzzle search).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_generate::{
    Band, BandSearch, BestRecord, Energy, Generation, GeneratorConfig, Progress, RoundRecord,
    Start, Symmetry,
};
use tempering::Budget;

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
    let found: Vec<_> = interruptible(py, &stop, || {
        use rayon::prelude::*;
        pool.install(|| {
            (first..first.saturating_add(count))
                .into_par_iter()
                .map(|i| {
                    if stop.load(Ordering::Relaxed) {
                        return (i, None);
                    }
                    (i, search.find(seed, i))
                })
                .collect()
        })
    })?;
    let results = found
        .into_iter()
        .map(|(i, f)| {
            f.map(|p| (i, p)).ok_or_else(|| {
                let message = format!(
                    "no puzzle in {band} among {max_tries} random minimal puzzles (index {i})"
                );
                let position = usize::try_from(i - first).unwrap_or(usize::MAX);
                Fail::new("budget_exceeded", message).at(position)
            })
        })
        .collect();
    errors.collect(py, results, |py, (i, p)| {
        let d = PyDict::new(py);
        d.set_item("status", "ok")?;
        d.set_item("puzzle", p.puzzle.to_string())?;
        d.set_item("index", i)?;
        d.set_item("seed", seed)?;
        d.set_item("target", band.to_string())?;
        let key = band.rating.kind.name().replace('-', "_");
        d.set_item(key, crate::record::to_py(py, &p.value)?)?;
        d.set_item("clues", p.puzzle.clue_count())?;
        d.set_item("symmetry", symmetry.name())?;
        d.set_item("tries", p.tries)?;
        Ok(d.into_any().unbind())
    })
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

impl Progress for Watch<'_> {
    fn on_round(&mut self, _: &RoundRecord, _: Option<&BestRecord>) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }

    fn keep_going(&mut self) -> bool {
        Watch::keep_going(self)
    }
}

/// Searches for a puzzle hard for people (by Sudoku Explainer's ER, or any rating as
/// ``energy``), as ``sudoku generate`` does, for ``seconds`` of wall-clock time (start phase
/// included) or ``steps`` sweeps. ``preset``: explainer, average-width or paper; ``start``:
/// how many random minimal puzzles the search starts from (2,000 in the explainer preset).
///
/// Ctrl-C stops the search and returns the best puzzle so far with ``stop_reason``
/// ``"interrupted"`` (``KeyboardInterrupt`` only if no puzzle was rated yet). Returns the
/// summary of ``sudoku generate --json``: ``puzzle``, ``solution``, ``clues``, ``minimal``,
/// ``se_rating``, ``depth``, ``normal_width``, ``average_width``, ``energy``,
/// ``best_energy``, ``steps``, ``seed``, ``energy_kind``, ``energy_settings``,
/// ``stop_reason`` (``time_limit``, ``step_limit``, ``interrupted``, ``exhausted``).
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
    let mut config = match preset {
        "explainer" => GeneratorConfig::explainer(),
        "average-width" => GeneratorConfig::average_width(),
        "paper" => GeneratorConfig::paper(),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown preset {other:?}; use explainer, average-width or paper"
            )));
        }
    };
    if let Some(spec) = energy {
        let e: Energy = spec.parse().map_err(|e| PyValueError::new_err(format!("{e}")))?;
        config.energy = e;
    }
    match start {
        Some(0) => return Err(PyValueError::new_err("start must be at least 1")),
        Some(n) => config.start = Start::BestOfRandom(n),
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
        let watch = Watch { stop: &stop, deadline: time.map(|t| started + t) };
        let generation = Generation::start_until(config, seed, &mut || watch.keep_going())
            .map_err(|e| Fail::new("error", e.to_string()))?;
        let Some(mut generation) = generation else { return Ok(None) };
        let budget = Budget {
            max_sweeps: steps,
            max_time: time.map(|t| t.saturating_sub(started.elapsed())),
            target_energy: None,
        };
        let mut watch = watch;
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
    let d = PyDict::new(py);
    d.set_item("status", "ok")?;
    d.set_item("puzzle", s.puzzle.to_string())?;
    d.set_item("solution", s.solution.to_string())?;
    d.set_item("clues", s.clues)?;
    d.set_item("minimal", s.minimal)?;
    if let Some(se) = s.se {
        let r = PyDict::new(py);
        r.set_item("er", se.er)?;
        r.set_item("ep", se.ep)?;
        r.set_item("ed", se.ed)?;
        d.set_item("se_rating", r)?;
    } else {
        d.set_item("se_rating", py.None())?;
    }
    d.set_item("depth", s.depth)?;
    d.set_item("normal_width", s.normal_width)?;
    match s.average_width {
        Some(m) => {
            let a = PyDict::new(py);
            a.set_item("mean", m.mean)?;
            a.set_item("stderr", m.stderr)?;
            a.set_item("samples", m.samples)?;
            d.set_item("average_width", a)?;
        }
        None => d.set_item("average_width", py.None())?,
    }
    d.set_item("energy", s.energy)?;
    d.set_item("best_energy", s.best_energy)?;
    d.set_item("steps", s.steps)?;
    d.set_item("seed", s.seed)?;
    d.set_item("energy_kind", energy.rating.kind.name())?;
    d.set_item("energy_settings", energy.to_string())?;
    let reason =
        if signal.is_some() { "interrupted" } else { sudoku_generate::stop_status(reason) };
    d.set_item("stop_reason", reason)?;
    Ok(d.into_any().unbind())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate_band, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
