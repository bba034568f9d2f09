//! Independent generations side by side: many short runs often beat one long one, and a
//! portfolio keeps every core busy even with a single-chain optimizer.

use std::sync::Arc;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sudoku_core::Grid;
use tempering::{Budget, Observer, StopReason};

use crate::{
    BestNew, BestRecord, GenerateError, Generation, GeneratorConfig, KnownPuzzles, Novelty,
    PuzzleState, Summary,
};

/// Generations with one configuration, run in parallel, their results merged and ranked. Run
/// 0 is the generation of `seed` itself, run `k` that of `tempering::child_seed(seed, k)`
/// (the children of a seed that its own generation does not draw from): every run depends on
/// its seed alone, so a portfolio's output is the same for any thread count, portfolios with
/// different seeds share no run, and a run is reproduced alone by its seed. It serialises
/// whole, for checkpoints.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{GeneratorConfig, Portfolio, Search, Start};
/// use tempering::Budget;
///
/// let config = GeneratorConfig::paper()
///     .with_energy(GeneratorConfig::average_width().energy)
///     .with_start(Start::depth(3))
///     .with_search(Search::exchange(2))
///     .with_sweeps_per_round(2);
/// let mut portfolio = Portfolio::start(config, 10, 3)?;
/// portfolio.run(&Budget::sweeps(4), &mut [(), (), ()]);
/// let seeds: Vec<u64> = portfolio.runs().iter().map(|g| g.seed()).collect();
/// assert_eq!(seeds, [10, tempering::child_seed(10, 1), tempering::child_seed(10, 2)]);
/// let best = portfolio.rate_summary();
/// assert!(portfolio.runs().iter().any(|g| g.seed() == best.seed));
/// # Ok::<(), sudoku_generate::GenerateError>(())
/// ```
#[derive(Debug, Serialize, Deserialize)]
pub struct Portfolio {
    runs: Vec<Generation>,
}

/// The seed of run `k` of the portfolio of `seed`: `seed` itself for the first, so a portfolio
/// of one run is the generation of `seed`, and its `k`-th child for the others.
fn run_seed(seed: u64, k: usize) -> u64 {
    match k {
        0 => seed,
        k => tempering::child_seed(seed, k as u64),
    }
}

impl Portfolio {
    /// Starts `runs` generations (at least one) in parallel: `seed`'s and those of its
    /// children 1, 2, ... (see [`Portfolio`]).
    ///
    /// # Errors
    ///
    /// [`GenerateError`] if the configuration is invalid.
    pub fn start(
        config: GeneratorConfig,
        seed: u64,
        runs: u32,
    ) -> Result<Portfolio, GenerateError> {
        let mut progress = vec![(); runs.max(1) as usize];
        Ok(Portfolio::start_until(config, seed, &mut progress)?.expect("never interrupted"))
    }

    /// As [`Portfolio::start`] with one run per observer (in run order), giving up with
    /// `Ok(None)` when a run's observer says stop during its start phase
    /// ([`Generation::start_until`]).
    ///
    /// # Errors
    ///
    /// [`GenerateError`] if the configuration is invalid.
    ///
    /// # Panics
    ///
    /// Panics if `observers` is empty.
    pub fn start_until<O: Observer<PuzzleState> + Send>(
        config: GeneratorConfig,
        seed: u64,
        observers: &mut [O],
    ) -> Result<Option<Portfolio>, GenerateError> {
        assert!(!observers.is_empty(), "a portfolio needs at least one run");
        let started: Vec<Result<Option<Generation>, GenerateError>> = observers
            .par_iter_mut()
            .enumerate()
            .map(|(k, p)| Generation::start_until(config, run_seed(seed, k), p))
            .collect();
        let mut out = Vec::with_capacity(started.len());
        for g in started {
            match g? {
                Some(g) => out.push(g),
                None => return Ok(None),
            }
        }
        Ok(Some(Portfolio { runs: out }))
    }

    /// Like [`Portfolio::start_until`], every run starting from the given `puzzles`
    /// ([`Generation::start_from`]; the runs start one after the other, each rating the
    /// puzzles in parallel).
    ///
    /// # Errors
    ///
    /// [`GenerateError`] if no puzzle has one solution or the configuration is invalid.
    ///
    /// # Panics
    ///
    /// Panics if `observers` is empty.
    pub fn start_from<O: Observer<PuzzleState>>(
        config: GeneratorConfig,
        seed: u64,
        puzzles: &[Grid],
        observers: &mut [O],
    ) -> Result<Option<Portfolio>, GenerateError> {
        assert!(!observers.is_empty(), "a portfolio needs at least one run");
        let mut out = Vec::with_capacity(observers.len());
        for (k, p) in observers.iter_mut().enumerate() {
            match Generation::start_from(config, run_seed(seed, k), puzzles, p)? {
                Some(g) => out.push(g),
                None => return Ok(None),
            }
        }
        Ok(Some(Portfolio { runs: out }))
    }

    /// Runs every generation under `budget` (sweeps counted per generation since it began),
    /// each reporting to its own observer (one per run, in run order; see
    /// [`Generation::run`]). Returns why the first run stopped: with a sweep or time budget
    /// every run stops for the same reason.
    ///
    /// # Panics
    ///
    /// Panics if `observers` does not hold one observer per run.
    pub fn run<O>(&mut self, budget: &Budget, observers: &mut [O]) -> StopReason
    where
        O: Observer<PuzzleState> + Observer<BestRecord> + Send,
    {
        assert_eq!(observers.len(), self.runs.len(), "one observer per run");
        let reasons: Vec<StopReason> = self
            .runs
            .par_iter_mut()
            .zip(observers.par_iter_mut())
            .map(|(g, p)| g.run(budget, p))
            .collect();
        if reasons.contains(&StopReason::Stopped) { StopReason::Stopped } else { reasons[0] }
    }

    /// The generations, in run order.
    #[must_use]
    pub fn runs(&self) -> &[Generation] {
        &self.runs
    }

    /// [`Generation::skip_known`] for every run.
    ///
    /// # Errors
    ///
    /// The first run's [`GenerateError`], if any.
    pub fn skip_known(&mut self, known: &Arc<KnownPuzzles>) -> Result<(), GenerateError> {
        self.runs.iter_mut().try_for_each(|g| g.skip_known(Arc::clone(known)))
    }

    /// Whether the runs leave known puzzles out ([`Generation::skips_known`]).
    #[must_use]
    pub fn skips_known(&self) -> bool {
        self.runs.iter().any(Generation::skips_known)
    }

    /// Sweeps done by the run that did fewest.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.runs.iter().map(Generation::steps).min().unwrap_or(0)
    }

    /// Every run's summary, in run order (rated in parallel; see
    /// [`Generation::rate_summary`]).
    #[must_use]
    pub fn rate_summaries(&self) -> Vec<Summary> {
        self.runs.par_iter().map(Generation::rate_summary).collect()
    }

    /// The best run's summary: with an energy for people the lowest energy, otherwise the
    /// highest average width; ties go to the earlier run.
    #[must_use]
    pub fn rate_summary(&self) -> Summary {
        let for_people = self.runs[0].config().energy.is_for_people();
        let key = |s: &Summary| {
            if for_people {
                -s.energy
            } else {
                s.average_width.map_or(f64::NEG_INFINITY, |m| m.mean)
            }
        };
        self.rate_summaries()
            .into_iter()
            .reduce(|best, s| if key(&s) > key(&best) { s } else { best })
            .expect("a portfolio has a run")
    }

    /// Whether `puzzle` (the summary's) is isomorphic to a `known` one, and the lowest-energy
    /// best of any run that is not (ties go to the earlier run), with its run's seed.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{GeneratorConfig, KnownPuzzles, Portfolio, Start};
    /// use tempering::Budget;
    ///
    /// let config = GeneratorConfig::default().with_start(Start::random(5));
    /// let mut portfolio = Portfolio::start(config, 3, 2)?;
    /// portfolio.run(&Budget::sweeps(2), &mut [(), ()]);
    /// let best = portfolio.rate_summary();
    /// let nothing = portfolio.novelty(&best.puzzle, &KnownPuzzles::new());
    /// assert!(!nothing.known && nothing.best_new.is_some());
    /// // With every run's bests known, there is no best new puzzle.
    /// let bests = portfolio.runs().iter().flat_map(|g| g.bests().iter().map(|b| b.puzzle));
    /// let novelty = portfolio.novelty(&best.puzzle, &KnownPuzzles::from_puzzles(bests));
    /// assert!(novelty.known && novelty.best_new.is_none());
    /// # Ok::<(), sudoku_generate::GenerateError>(())
    /// ```
    #[must_use]
    pub fn novelty(&self, puzzle: &Grid, known: &KnownPuzzles) -> Novelty {
        let best_new = self
            .runs
            .iter()
            .flat_map(|g| g.bests().iter().map(move |b| (g.seed(), b)))
            .filter(|(_, b)| !known.contains(&b.puzzle))
            .min_by(|a, b| a.1.energy.total_cmp(&b.1.energy))
            .map(|(seed, b)| BestNew::new(b.clone(), seed));
        Novelty::new(known.contains(puzzle), best_new)
    }
}
