//! A whole generation run, as every front end runs one: a [`Portfolio`] started (from random
//! puzzles or given ones) or resumed, the known puzzles it reports on or leaves out, its limit
//! of time and steps, run in slices (a checkpoint or a progress line between two), and its
//! summary record.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_core::Grid;
use tempering::{Budget, Observer, StopReason};

use crate::{
    BestRecord, GenerateError, GeneratorConfig, KnownPuzzles, Portfolio, PuzzleState, Search,
    SummaryLine,
};

/// A generation run: the [`Portfolio`] and everything around it that is not input, output or
/// signals, so that the `sudoku generate` command, the Python package and any other front end
/// run the same thing (in the manner of argmin's `Executor`, which owns the loop).
///
/// [`GenerationRun::start`] starts one (or [`GenerationRun::resume`] a checkpoint's
/// portfolio); [`GenerationRun::with_known`] gives the known puzzles (reported on in the
/// summary; left out of a best-first search with `skip`); [`GenerationRun::with_limit`] the
/// wall-clock time (counted from the run's [`clock`](GenerationRun::with_clock), start phase
/// included) and the steps; [`GenerationRun::with_slices`] how long a slice lasts at most.
/// [`GenerationRun::run`] runs slice after slice, calling back after each (to write a
/// checkpoint, show progress, or stop on an error of the caller's); [`GenerationRun::summary`]
/// rates the best puzzle into the summary record.
///
/// Each run of the portfolio reports to its own observer (a `tempering` [`Observer`] of
/// [`PuzzleState`] and of [`BestRecord`]): progress at every sweep or round, each new best
/// as it is rated, and `keep_going` to stop.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use sudoku_generate::{GenerationRun, GeneratorConfig, Start};
/// use tempering::StopReason;
///
/// let config = GeneratorConfig::default().with_start(Start::random(10));
/// let run = GenerationRun::start(config, 3, None, &mut [(), ()])?.expect("not stopped");
/// let mut run = run.with_limit(None, Some(4)).with_slices(Duration::from_secs(30));
/// let mut slices = 0;
/// let reason = run.run(&mut [(), ()], |_| {
///     slices += 1;
///     Ok::<(), std::convert::Infallible>(())
/// })?;
/// assert_eq!((reason, slices), (StopReason::Sweeps, 1));
/// let line = run.summary(reason);
/// assert_eq!((line.runs, line.summary.steps), (2, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GenerationRun {
    portfolio: Portfolio,
    known: Option<Arc<KnownPuzzles>>,
    time: Option<Duration>,
    steps: Option<u64>,
    slice: Option<Duration>,
    clock: Instant,
}

impl GenerationRun {
    /// Starts `observers.len()` runs of `config` (at least one; [`Portfolio::start_until`]),
    /// from the `given` puzzles when there are some ([`Portfolio::start_from`]); `Ok(None)`
    /// when an observer said stop in the start phase. The run's clock starts now.
    ///
    /// # Errors
    ///
    /// [`GenerateError`] when the configuration is invalid, or no given puzzle has one
    /// solution.
    ///
    /// # Panics
    ///
    /// Panics if `observers` is empty.
    pub fn start<O: Observer<PuzzleState> + Send>(
        config: GeneratorConfig,
        seed: u64,
        given: Option<&[Grid]>,
        observers: &mut [O],
    ) -> Result<Option<GenerationRun>, GenerateError> {
        let clock = Instant::now();
        let started = match given {
            Some(puzzles) => Portfolio::start_from(config, seed, puzzles, observers)?,
            None => Portfolio::start_until(config, seed, observers)?,
        };
        Ok(started.map(|p| GenerationRun::resume(p).with_clock(clock)))
    }

    /// Goes on with a portfolio (a checkpoint's), no limit set, the clock starting now.
    #[must_use]
    pub fn resume(portfolio: Portfolio) -> GenerationRun {
        GenerationRun {
            portfolio,
            known: None,
            time: None,
            steps: None,
            slice: None,
            clock: Instant::now(),
        }
    }

    /// The instant the time limit counts from (by default when the run was started or
    /// resumed), such as when the front end began its work.
    #[must_use]
    pub fn with_clock(self, clock: Instant) -> GenerationRun {
        GenerationRun { clock, ..self }
    }

    /// At most `time` of wall-clock time from the clock, and at most `steps` steps of every run
    /// (counted since it began, across resumes). Neither: until an observer says stop, or a
    /// best-first search has nothing left.
    #[must_use]
    pub fn with_limit(self, time: Option<Duration>, steps: Option<u64>) -> GenerationRun {
        GenerationRun { time, steps, ..self }
    }

    /// Slices of at most `every` (no shorter than 10 ms): [`GenerationRun::run`] calls back
    /// after each. Without it a run is one slice.
    #[must_use]
    pub fn with_slices(self, every: Duration) -> GenerationRun {
        GenerationRun { slice: Some(every.max(Duration::from_millis(10))), ..self }
    }

    /// The known puzzles: the summary says whether its puzzle is one of them and names the
    /// best new puzzle ([`Portfolio::novelty`]). With `skip`, or when the portfolio left them
    /// out before (a resumed run), a best-first search leaves them out
    /// ([`Portfolio::skip_known`]).
    ///
    /// # Errors
    ///
    /// [`GenerateError::SkipNeedsBestFirst`] when `skip` is asked of another search,
    /// [`GenerateError::KnownNeeded`] when the portfolio leaves known puzzles out and `known`
    /// is `None`, [`GenerateError::KnownChanged`] when they are not the ones it left out.
    pub fn with_known(
        mut self,
        known: Option<Arc<KnownPuzzles>>,
        skip: bool,
    ) -> Result<GenerationRun, GenerateError> {
        if skip || self.portfolio.skips_known() {
            let Some(known) = &known else { return Err(GenerateError::KnownNeeded) };
            self.portfolio.skip_known(known)?;
        }
        self.known = known;
        Ok(self)
    }

    /// Refuses to leave known puzzles out of `search` unless it is a best-first search (before
    /// any work: [`GenerationRun::with_known`] says the same once the run has started).
    ///
    /// # Errors
    ///
    /// [`GenerateError::SkipNeedsBestFirst`].
    pub fn check_skip(search: Search, skip: bool) -> Result<(), GenerateError> {
        if skip && !matches!(search, Search::BestFirst { .. }) {
            return Err(GenerateError::SkipNeedsBestFirst(search));
        }
        Ok(())
    }

    /// The portfolio.
    #[must_use]
    pub fn portfolio(&self) -> &Portfolio {
        &self.portfolio
    }

    /// The known puzzles given.
    #[must_use]
    pub fn known(&self) -> Option<&Arc<KnownPuzzles>> {
        self.known.as_ref()
    }

    /// The instant the time limit counts from.
    #[must_use]
    pub fn clock(&self) -> Instant {
        self.clock
    }

    /// Runs slice after slice until the limit, an observer's stop or the end of the search;
    /// after each slice `after_slice` hears the portfolio (an error of its stops the run and
    /// is returned). Returns why the run stopped: [`StopReason::Time`] once the time limit
    /// is reached, whatever stopped the last slice.
    ///
    /// # Errors
    ///
    /// The first error of `after_slice`.
    ///
    /// # Panics
    ///
    /// Panics if `observers` does not hold one observer per run.
    pub fn run<O, E>(
        &mut self,
        observers: &mut [O],
        mut after_slice: impl FnMut(&Portfolio) -> Result<(), E>,
    ) -> Result<StopReason, E>
    where
        O: Observer<PuzzleState> + Observer<BestRecord> + Send,
    {
        loop {
            let remaining = self.time.map(|t| t.saturating_sub(self.clock.elapsed()));
            let slice = match (remaining, self.slice) {
                (Some(r), Some(every)) => Some(r.min(every)),
                (r, every) => r.or(every),
            };
            let budget = Budget { max_sweeps: self.steps, max_time: slice, target_energy: None };
            let reason = self.portfolio.run(&budget, observers);
            after_slice(&self.portfolio)?;
            let out_of_time = self.time.is_some_and(|t| self.clock.elapsed() >= t);
            if reason != StopReason::Time || out_of_time {
                return Ok(if out_of_time { StopReason::Time } else { reason });
            }
        }
    }

    /// The summary record of the run stopped for `reason`: the best run's puzzle rated
    /// ([`Portfolio::rate_summary`]), with the energy, the number of runs and, with known
    /// puzzles, its novelty.
    #[must_use]
    pub fn summary(&self, reason: StopReason) -> SummaryLine {
        let summary = self.portfolio.rate_summary();
        let energy = self.portfolio.runs()[0].config().energy;
        let novelty = self.known.as_ref().map(|k| self.portfolio.novelty(&summary.puzzle, k));
        SummaryLine::new(summary, energy, self.portfolio.runs().len(), reason).with_novelty(novelty)
    }

    /// The portfolio, to checkpoint or look into once the run is over.
    #[must_use]
    pub fn into_portfolio(self) -> Portfolio {
        self.portfolio
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Start;

    #[test]
    fn a_run_is_its_portfolio_run_in_slices() {
        let config = GeneratorConfig::default().with_start(Start::random(8));
        let mut run = GenerationRun::start(config, 5, None, &mut [()])
            .unwrap()
            .unwrap()
            .with_limit(None, Some(3));
        let reason = run.run(&mut [()], |_| Ok::<_, ()>(())).unwrap();
        assert_eq!(reason, StopReason::Sweeps);
        // The same as the portfolio alone.
        let mut alone = Portfolio::start(config, 5, 1).unwrap();
        alone.run(&Budget::sweeps(3), &mut [()]);
        assert_eq!(run.summary(reason).summary.puzzle, alone.rate_summary().puzzle);
        // An error after a slice stops the run.
        let mut run = GenerationRun::resume(alone).with_limit(None, Some(5));
        assert_eq!(run.run(&mut [()], |_| Err("full disk")), Err("full disk"));
    }

    #[test]
    fn known_puzzles_are_checked() {
        let config = GeneratorConfig::paper().with_start(Start::depth(2));
        assert!(matches!(
            GenerationRun::check_skip(config.search, true),
            Err(GenerateError::SkipNeedsBestFirst(_))
        ));
        let config = GeneratorConfig::default().with_start(Start::random(4));
        let run = GenerationRun::start(config, 1, None, &mut [()]).unwrap().unwrap();
        let known = Arc::new(KnownPuzzles::new());
        let run = run.with_known(Some(known), true).unwrap();
        assert!(run.portfolio().skips_known());
        // Resumed, it needs them again.
        let again = GenerationRun::resume(run.into_portfolio());
        assert!(matches!(again.with_known(None, false), Err(GenerateError::KnownNeeded)));
    }
}
