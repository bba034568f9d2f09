//! Ratings from randomized solvers (Krivanek's thesis): the median effort of annealing, harmony
//! search and random-tie backtracking over many seeded runs.

use rand::{Rng, RngExt};
use rayon::prelude::*;
use sudoku_core::{Failure, FailureKind, Grid, Work};
use sudoku_solve::{Annealer, HarmonySearch, Solver};
use tempering::{child_seed, stream};

use crate::Difficulty;

/// The median (mean of the two middle values for an even count) of non-empty `values`.
pub(crate) fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

/// Both ways a run cannot start (clashing givens, a dead end found by propagation) mean the
/// puzzle has no solution.
fn solve_error(e: Failure) -> Failure {
    match e.kind() {
        FailureKind::Conflict(_) => e,
        _ => Failure::NO_SOLUTION,
    }
}

/// `sa-steps`: the median number of swaps simulated annealing needs to solve the puzzle, over
/// `runs` seeded runs (thesis: Spearman 0.38 / 0.39 with human times).
///
/// The annealer is the thesis's ([`Annealer::krivanek`]: `T0 = 40`, `alpha = 0.99995` per swap,
/// no propagation). A run that reaches `max_steps` counts as `max_steps`; when more than half
/// do, the median is unknown and the rating is [`FailureKind::BudgetExceeded`].
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, SaSteps};
///
/// let easy: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let steps = SaSteps::default().with_runs(10).rate(&easy, 1)?;
/// assert!(steps > 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SaSteps {
    /// Runs per rating (the thesis uses 100).
    pub runs: u32,
    /// Swaps one run may take.
    pub max_steps: u64,
    /// The annealer.
    pub annealer: Annealer,
}

impl Default for SaSteps {
    fn default() -> SaSteps {
        SaSteps { runs: 100, max_steps: 20_000_000, annealer: Annealer::krivanek() }
    }
}

impl SaSteps {
    /// Sets the number of runs.
    #[must_use]
    pub fn with_runs(self, runs: u32) -> SaSteps {
        SaSteps { runs, ..self }
    }
}

/// The median steps over seeded runs of `solver`, censored at `max_steps`.
fn median_steps(
    solver: &(impl Solver + ?Sized),
    puzzle: &Grid,
    seed: u64,
    runs: u32,
    max_steps: u64,
) -> Result<f64, Failure> {
    // Run `i` is seeded by the `i`-th child of `seed`: independent of the thread that runs it.
    let steps: Vec<f64> = (0..u64::from(runs.max(1)))
        .into_par_iter()
        .map(|i| {
            let run = solver.run(puzzle, child_seed(seed, i), max_steps).map_err(solve_error)?;
            Ok(if run.solution().is_some() { run.steps as f64 } else { f64::INFINITY })
        })
        .collect::<Result<_, Failure>>()?;
    let m = median(steps);
    if m.is_finite() { Ok(m) } else { Err(Failure::budget_exceeded(max_steps, Work::SolverSteps)) }
}

impl Difficulty for SaSteps {
    fn name(&self) -> &str {
        crate::RatingKind::SaSteps.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        median_steps(&self.annealer, puzzle, seed, self.runs, self.max_steps)
    }
}

/// `harmony-cost`: the median, over `runs` seeded runs, of the best cost in harmony memory after
/// `improvisations` improvisations (thesis: 10,000 improvisations, 100 runs; Spearman 0.18 /
/// 0.22). The cost counts the digits missing from rows, columns and boxes.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, HarmonyCost};
///
/// let solved: Grid =
///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452".parse()?;
/// assert_eq!(HarmonyCost::default().with_runs(3).rate(&solved, 0)?, 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HarmonyCost {
    /// Runs per rating.
    pub runs: u32,
    /// Improvisations per run.
    pub improvisations: u64,
    /// The search's settings.
    pub search: HarmonySearch,
}

impl Default for HarmonyCost {
    fn default() -> HarmonyCost {
        HarmonyCost { runs: 100, improvisations: 10_000, search: HarmonySearch::default() }
    }
}

impl HarmonyCost {
    /// Sets the number of runs.
    #[must_use]
    pub fn with_runs(self, runs: u32) -> HarmonyCost {
        HarmonyCost { runs, ..self }
    }
}

impl Difficulty for HarmonyCost {
    fn name(&self) -> &str {
        crate::RatingKind::HarmonyCost.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        let costs: Vec<f64> = (0..u64::from(self.runs.max(1)))
            .into_par_iter()
            .map(|i| {
                self.search
                    .run(puzzle, child_seed(seed, i), self.improvisations)
                    .map(|r| f64::from(r.best_cost()))
                    .map_err(solve_error)
            })
            .collect::<Result<_, _>>()?;
        Ok(median(costs))
    }
}

/// `backtrack-steps`: the median, over `runs` seeded runs, of the values a plain backtracking
/// search tries before it finds a solution (thesis: Spearman 0.16 / 0.25). No deduction: the
/// search picks a cell with the fewest candidates (ties at random) and tries its candidates in
/// increasing order, counting every value placed.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{BacktrackSteps, Difficulty};
///
/// let inkala2010: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let steps = BacktrackSteps::default().rate(&inkala2010, 1)?;
/// assert!(steps >= 58.0); // at least one value per empty cell
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BacktrackSteps {
    /// Runs per rating.
    pub runs: u32,
    /// Values one run may try.
    pub max_steps: u64,
}

impl Default for BacktrackSteps {
    fn default() -> BacktrackSteps {
        BacktrackSteps { runs: 100, max_steps: 10_000_000 }
    }
}

impl BacktrackSteps {
    /// Sets the number of runs.
    #[must_use]
    pub fn with_runs(self, runs: u32) -> BacktrackSteps {
        BacktrackSteps { runs, ..self }
    }
}

/// Backtracking over bitmask candidates; `steps` counts the values placed.
struct Backtrack<R> {
    cells: [u8; 81],
    used: [u16; 27],
    steps: u64,
    max_steps: u64,
    rng: R,
}

impl<R: Rng> Backtrack<R> {
    fn units(i: usize) -> [usize; 3] {
        [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
    }

    fn allowed(&self, i: usize) -> u16 {
        let [r, c, b] = Self::units(i);
        0x1ff & !(self.used[r] | self.used[c] | self.used[b])
    }

    /// `Some(true)` when solved, `Some(false)` on a dead end, `None` when out of steps.
    fn search(&mut self) -> Option<bool> {
        let (mut pick, mut fewest, mut ties) = (None, u32::MAX, 0u32);
        for i in 0..81 {
            if self.cells[i] != 0 {
                continue;
            }
            let n = self.allowed(i).count_ones();
            if n < fewest {
                (fewest, ties) = (n, 0);
            }
            if n == fewest {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    pick = Some(i);
                }
            }
        }
        let Some(i) = pick else { return Some(true) };
        let mut allowed = self.allowed(i);
        while allowed != 0 {
            let d = allowed.trailing_zeros() as u8;
            allowed &= allowed - 1;
            if self.steps >= self.max_steps {
                return None;
            }
            self.steps += 1;
            self.set(i, d + 1);
            match self.search() {
                Some(false) => self.clear(i),
                done => return done,
            }
        }
        Some(false)
    }

    fn set(&mut self, i: usize, v: u8) {
        self.cells[i] = v;
        for u in Self::units(i) {
            self.used[u] |= 1 << (v - 1);
        }
    }

    fn clear(&mut self, i: usize) {
        let v = self.cells[i];
        self.cells[i] = 0;
        for u in Self::units(i) {
            self.used[u] &= !(1 << (v - 1));
        }
    }
}

impl Difficulty for BacktrackSteps {
    fn name(&self) -> &str {
        crate::RatingKind::BacktrackSteps.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(Failure::from(c));
        }
        let steps: Vec<f64> = (0..u64::from(self.runs.max(1)))
            .into_par_iter()
            .map(|i| {
                let mut bt = Backtrack {
                    cells: [0; 81],
                    used: [0; 27],
                    steps: 0,
                    max_steps: self.max_steps,
                    rng: stream(seed, i),
                };
                for (i, v) in puzzle.to_bytes().into_iter().enumerate() {
                    if v != 0 {
                        bt.set(i, v);
                    }
                }
                match bt.search() {
                    Some(true) => Ok(bt.steps as f64),
                    Some(false) => Err(Failure::NO_SOLUTION),
                    None => Ok(f64::INFINITY),
                }
            })
            .collect::<Result<_, _>>()?;
        let m = median(steps);
        if m.is_finite() {
            Ok(m)
        } else {
            Err(Failure::budget_exceeded(self.max_steps, Work::ValuesTried))
        }
    }
}
