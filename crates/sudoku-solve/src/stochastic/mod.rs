//! Stochastic solvers: simulated annealing, harmony search and tabu search, behind one
//! [`Solver`] trait that the exact solver implements too.
//!
//! Every run is seeded (the same seed gives the same run) and limited by a budget of steps:
//! when they run out, the run ends as [`RunOutcome::GaveUp`] with the best cost it reached.

mod anneal;
mod filling;
mod harmony;
mod tabu;

use std::fmt;

use sudoku_core::{Failure, Grid};

pub use anneal::{Annealer, InitialTemperature, Reheat, Schedule};
pub use harmony::HarmonySearch;
pub use tabu::TabuSearch;

/// A way to solve a puzzle, run by run.
///
/// # Examples
///
/// Any solver, chosen at run time:
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Annealer, Exact, Solver, TabuSearch};
///
/// let puzzle: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let solvers: Vec<Box<dyn Solver>> =
///     vec![Box::new(Exact), Box::new(Annealer::default()), Box::new(TabuSearch::default())];
/// for solver in &solvers {
///     let run = solver.run(&puzzle, 7, 10_000_000)?;
///     let solution = run.solution().expect("an easy puzzle is solved");
///     assert!(puzzle.is_solved_by(&solution), "{}", solver.name());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Solver: Send + Sync + fmt::Debug {
    /// A short, stable name, as used on the command line (`sa`).
    fn name(&self) -> &str;

    /// One run on `puzzle` with random numbers drawn from `seed`, of at most `budget` steps.
    ///
    /// What a step is depends on the solver: a proposed swap (annealing), an improvisation
    /// (harmony search), an examined neighbourhood (tabu search), all counted as
    /// [`Work::SolverSteps`](sudoku_core::Work::SolverSteps); a search node
    /// ([`Work::SearchNodes`](sudoku_core::Work::SearchNodes)) for the exact solver. A run that
    /// uses its budget up ends as [`RunOutcome::GaveUp`]; a rating that needs the run to
    /// succeed reports it as a budget failure in the solver's unit.
    ///
    /// # Errors
    ///
    /// [`Failure`] when the givens break a rule or are found to have no solution before the
    /// run starts.
    fn run(&self, puzzle: &Grid, seed: u64, budget: u64) -> Result<Run, Failure>;
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn run(&self, puzzle: &Grid, seed: u64, budget: u64) -> Result<Run, Failure> {
        (**self).run(puzzle, seed, budget)
    }
}

/// One solver of the catalogue: its name, what it is, its default step budget on the command
/// line, and how to build it with its defaults.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{SOLVERS, Solver};
///
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let names: Vec<&str> = SOLVERS.iter().map(|e| e.name).collect();
/// assert_eq!(names, ["exact", "sa", "harmony", "tabu"]);
/// for entry in SOLVERS {
///     assert_eq!((entry.build)().name(), entry.name);
/// }
/// let exact = (SOLVERS[0].build)();
/// let run = exact.run(&puzzle, 1, SOLVERS[0].default_steps)?;
/// assert!(run.solution().is_some_and(|s| s.is_solved()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct SolverEntry {
    /// The command-line name (`sa`), also [`Solver::name`] of what it builds.
    pub name: &'static str,
    /// What it is, in a few words.
    pub about: &'static str,
    /// The command line's default step budget (see each solver for what a step is).
    pub default_steps: u64,
    /// The solver with its defaults.
    pub build: fn() -> Box<dyn Solver>,
}

/// Every solver behind [`Solver`], the exact one first: the table the command line reads.
pub const SOLVERS: [SolverEntry; 4] = [
    SolverEntry {
        name: "exact",
        about: "the exact solver (complete search, also proves uniqueness)",
        default_steps: crate::Query::DEFAULT_BUDGET,
        build: || Box::new(Exact),
    },
    SolverEntry {
        name: "sa",
        about: "simulated annealing (swaps)",
        default_steps: 100_000_000,
        build: || Box::new(Annealer::default()),
    },
    SolverEntry {
        name: "harmony",
        about: "harmony search (improvisations)",
        default_steps: 1_000_000,
        build: || Box::new(HarmonySearch::default()),
    },
    SolverEntry {
        name: "tabu",
        about: "tabu search (examined neighbourhoods)",
        default_steps: 1_000_000,
        build: || Box::new(TabuSearch::default()),
    },
];

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RunOutcome {
    /// A solution was found.
    Solved(Grid),
    /// The limits were reached first.
    GaveUp {
        /// The lowest cost reached (0 would be a solution).
        best_cost: u32,
        /// The filling with that cost: the givens kept, every other cell filled (rules broken).
        best_filling: [u8; 81],
    },
}

/// The result of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// How it ended.
    pub outcome: RunOutcome,
    /// Steps taken (to the solution, when solved).
    pub steps: u64,
}

impl Run {
    /// The solution, if the run found one.
    #[must_use]
    pub fn solution(&self) -> Option<Grid> {
        match self.outcome {
            RunOutcome::Solved(g) => Some(g),
            RunOutcome::GaveUp { .. } => None,
        }
    }

    /// The lowest cost reached: 0 when solved.
    #[must_use]
    pub fn best_cost(&self) -> u32 {
        match self.outcome {
            RunOutcome::Solved(_) => 0,
            RunOutcome::GaveUp { best_cost, .. } => best_cost,
        }
    }
}

/// The exact solver as a [`Solver`]: one deterministic depth-first search; a step is a
/// branching node. It ignores the seed. When it gives up, the "best filling" is the puzzle
/// itself and its cost the number of empty cells.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Exact, Solver};
/// let run = Exact.run(&Grid::EMPTY, 0, 1_000)?;
/// assert!(run.solution().is_some_and(|g| g.is_solved()));
/// # Ok::<(), sudoku_core::Failure>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Exact;

impl Solver for Exact {
    fn name(&self) -> &str {
        "exact"
    }
    fn run(&self, puzzle: &Grid, _seed: u64, budget: u64) -> Result<Run, Failure> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(Failure::from(c));
        }
        let found = crate::Query::new(puzzle).with_limit(1).with_budget(budget).search();
        match (found.first(), found.nodes()) {
            (Some(solution), steps) => Ok(Run { outcome: RunOutcome::Solved(solution), steps }),
            (None, steps) if steps >= budget => Ok(Run {
                outcome: RunOutcome::GaveUp {
                    best_cost: (81 - puzzle.clue_count()) as u32,
                    best_filling: puzzle.to_bytes(),
                },
                steps,
            }),
            (None, _) => Err(Failure::NO_SOLUTION),
        }
    }
}
