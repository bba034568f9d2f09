//! Simulated annealing on box permutations (Lewis), run on the `tempering` annealing optimizer.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Failure, Grid};
use tempering::{Annealing, Budget, Cooling, Model, Observer, StopReason, SweepInfo};

use super::filling::{Filling, Prepared};
use super::{Run, Solver};

/// Where the temperature starts (and returns to on a reheat).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum InitialTemperature {
    /// A fixed temperature.
    Fixed(f64),
    /// The standard deviation of the cost along a random walk of this many swaps from the
    /// starting filling (Lewis).
    CostDeviation {
        /// Swaps in the walk.
        walk: u32,
    },
}

/// When the temperature goes back to its starting value.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reheat {
    /// When the temperature falls below this.
    Below(f64),
    /// After this many Markov chains without a new lowest cost.
    AfterStaleChains(u64),
}

/// An annealing schedule: start, cooling factor, when to cool, when to reheat.
///
/// The presets are the schedules of the sources (see `SPEC.md` section 3).
///
/// # Examples
///
/// ```
/// use sudoku_solve::{Reheat, Schedule};
/// let s = Schedule::krivanek();
/// assert_eq!(s.alpha, 0.99995);
/// assert!(!s.cool_per_chain);
/// assert_eq!(Schedule::lewis().reheat, Reheat::AfterStaleChains(20));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Schedule {
    /// The starting temperature.
    pub initial: InitialTemperature,
    /// `T <- alpha T` at each cooling.
    pub alpha: f64,
    /// Cool after each Markov chain of `A^2` swaps (`A` free cells) rather than after each swap.
    pub cool_per_chain: bool,
    /// When to reheat.
    pub reheat: Reheat,
}

impl Schedule {
    /// Lewis (2007): `T0` the cost's standard deviation over a 200-swap walk, `alpha = 0.99`
    /// per chain of `A^2` swaps, reheat after 20 chains without improvement.
    #[must_use]
    pub fn lewis() -> Schedule {
        Schedule {
            initial: InitialTemperature::CostDeviation { walk: 200 },
            alpha: 0.99,
            cool_per_chain: true,
            reheat: Reheat::AfterStaleChains(20),
        }
    }

    /// Canas Herrera et al. (2014): `T0 = 4 / ln 5` (20 % of the worst swaps, cost +4, rejected),
    /// `alpha = 0.9` per chain of `A^2` swaps (they found 0.8..0.95 best), back to `T0` after 25
    /// chains (they saw no gain beyond 25).
    #[must_use]
    pub fn canas_herrera() -> Schedule {
        let t0 = 4.0 / 5f64.ln();
        Schedule {
            initial: InitialTemperature::Fixed(t0),
            alpha: 0.9,
            cool_per_chain: true,
            reheat: Reheat::Below(t0 * 0.9f64.powi(25) * 0.999),
        }
    }

    /// Ours, for solving: `T0 = 0.6`, `alpha = 0.999999` per swap, reheat below 0.3. Swaps
    /// that raise the cost by 1 are accepted 19 % to 4 % of the time; a cycle is 693,000 swaps.
    /// Chosen by measurement on top95 (`docs/benchmarks.md`).
    #[must_use]
    pub fn low_temperature() -> Schedule {
        Schedule {
            initial: InitialTemperature::Fixed(0.6),
            alpha: 0.999_999,
            cool_per_chain: false,
            reheat: Reheat::Below(0.3),
        }
    }

    /// Krivanek (2011), the schedule behind the `sa-steps` metric: `T0 = 40`, `alpha = 0.99995`
    /// per swap, reheat below `t_min = 0.1` (the thesis gives no value; at 0.1 a +1 swap is
    /// accepted once in 22,000).
    #[must_use]
    pub fn krivanek() -> Schedule {
        Schedule {
            initial: InitialTemperature::Fixed(40.0),
            alpha: 0.99995,
            cool_per_chain: false,
            reheat: Reheat::Below(0.1),
        }
    }
}

/// Simulated annealing (Lewis): every box holds a permutation of its missing digits, a move
/// swaps two free cells of one box, the cost is the number of digits missing from rows and
/// columns. A step is a proposed swap.
///
/// Options beyond the sources, on by default for solving, off in [`Annealer::krivanek`] (the
/// configuration of the `sa-steps` rating): `propagate` fixes naked and hidden singles before
/// the search, `restrict` keeps every digit in a cell its fixed peers allow (fillings and swaps
/// both), `restart` starts every cycle from a new random filling.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Annealer, Solver};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let run = Annealer::default().run(&puzzle, 1, 50_000_000)?;
/// let solution = run.solution().expect("solved within the limit");
/// assert!(puzzle.is_solved_by(&solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Annealer {
    /// The temperature schedule.
    pub schedule: Schedule,
    /// Fix naked and hidden singles first.
    pub propagate: bool,
    /// Keep each digit among the cell's allowed digits.
    pub restrict: bool,
    /// Start each reheat from a new random filling rather than the current one. Restricted
    /// swaps alone cannot reach every restricted filling (some need a 3-cycle), so restarts
    /// keep the search from being trapped.
    pub restart: bool,
}

impl Default for Annealer {
    /// The [`Schedule::low_temperature`] schedule with propagation, restricted swaps and
    /// restarts: the fastest configuration measured (`docs/benchmarks.md`).
    fn default() -> Annealer {
        Annealer {
            schedule: Schedule::low_temperature(),
            propagate: true,
            restrict: true,
            restart: true,
        }
    }
}

impl Annealer {
    /// The thesis's annealer, as the sources ran it: Krivanek's schedule, no propagation, no
    /// restriction.
    #[must_use]
    pub fn krivanek() -> Annealer {
        Annealer {
            schedule: Schedule::krivanek(),
            propagate: false,
            restrict: false,
            restart: false,
        }
    }
}

/// The annealing problem for `tempering`.
struct Swaps<'a>(&'a Prepared);

/// A swap of two cells' digits, with its cached cost change.
#[derive(Clone, Copy, Debug)]
struct Swap {
    a: u8,
    b: u8,
    delta: i32,
}

impl Model for Swaps<'_> {
    type State = Filling;
    type Move = Swap;

    fn energy(&self, state: &Filling) -> f64 {
        f64::from(state.cost)
    }

    fn propose<R: Rng + ?Sized>(&self, state: &Filling, _: u32, rng: &mut R) -> Option<Swap> {
        // Restricted swaps are redrawn a few times before the step is given up as rejected.
        for _ in 0..16 {
            let (a, b) = self.0.random_pair(rng);
            if self.0.swap_allowed(&state.cells, a, b) {
                return Some(Swap { a: a as u8, b: b as u8, delta: 0 });
            }
        }
        None
    }

    fn delta(&self, state: &Filling, _: f64, mv: &mut Swap) -> f64 {
        mv.delta = state.swap_delta(mv.a as usize, mv.b as usize);
        f64::from(mv.delta)
    }

    fn apply(&self, state: &mut Filling, mv: Swap) {
        state.swap(mv.a as usize, mv.b as usize, mv.delta);
    }
}

impl Solver for Annealer {
    fn name(&self) -> &str {
        "sa"
    }

    fn run(&self, puzzle: &Grid, seed: u64, steps: u64) -> Result<Run, Failure> {
        let prep = Prepared::new(puzzle, self.propagate, self.restrict)?;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let start = prep.fill(&mut rng)?;
        if start.cost == 0 || prep.movable.is_empty() {
            return Ok(start.run(0));
        }
        let model = Swaps(&prep);
        let t0 = match self.schedule.initial {
            InitialTemperature::Fixed(t) => t,
            InitialTemperature::CostDeviation { walk } => {
                cost_deviation(&model, &start, walk, &mut rng)
            }
        };
        let free = prep.fixed.iter().filter(|&&v| v == 0).count() as u64;
        let mut annealing = Annealing::new(t0, self.schedule.alpha);
        if self.schedule.cool_per_chain {
            annealing = annealing.with_cooling(Cooling::PerChain(free * free));
        }
        annealing = match self.schedule.reheat {
            Reheat::Below(t) => annealing.with_reheat_below(t),
            Reheat::AfterStaleChains(n) => annealing.with_reheat_after_stale(n),
        };
        let (mut used, mut best, mut state) = (0, start.clone(), start);
        loop {
            let budget = Budget::sweeps(steps - used).with_target(0.0);
            let mut cycle = CycleEnd { restart: self.restart, last_beta: 0.0 };
            let report = annealing.run(&model, state, &mut rng, &budget, &mut cycle);
            used += report.proposed;
            if report.best.cost < best.cost {
                best = report.best;
            }
            if best.cost == 0 || report.stop != StopReason::Stopped {
                return Ok(best.run(used));
            }
            state = prep.fill(&mut rng)?;
        }
    }
}

/// Ends an annealing run at its first reheat, when each reheat is to restart from a new filling.
struct CycleEnd {
    restart: bool,
    last_beta: f64,
}

impl Observer<Filling> for CycleEnd {
    fn on_sweep(&mut self, info: &SweepInfo<'_, Filling>) -> bool {
        let reheated = info.beta < self.last_beta;
        self.last_beta = info.beta;
        !(self.restart && reheated)
    }
}

/// The standard deviation of the cost along a random walk (every swap accepted), at least 0.5.
fn cost_deviation<R: Rng + ?Sized>(
    model: &Swaps<'_>,
    start: &Filling,
    walk: u32,
    rng: &mut R,
) -> f64 {
    let mut f = start.clone();
    let (mut sum, mut sum_sq) = (0.0, 0.0);
    for _ in 0..walk {
        if let Some(mut mv) = model.propose(&f, 0, rng) {
            model.delta(&f, 0.0, &mut mv);
            model.apply(&mut f, mv);
        }
        let c = f64::from(f.cost);
        sum += c;
        sum_sq += c * c;
    }
    let n = f64::from(walk.max(1));
    let var = (sum_sq / n - (sum / n).powi(2)).max(0.0);
    var.sqrt().max(0.5)
}
