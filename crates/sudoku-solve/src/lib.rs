//! Sudoku solvers.
//!
//! The exact solver works on per-digit band bitboards: for each digit and each band of three
//! rows, a 27-bit mask of the cells that may still hold it. Propagation applies naked and
//! hidden singles and locked candidates (a digit occupies one row-box segment per row and per
//! box of a band, so its segment pattern must be a 3x3 permutation); the search branches on a
//! cell with the fewest candidates, a bivalue cell when there is one. The state is 128 bytes,
//! copied on branching: no allocation per node.
//!
//! Every question to it is a [`Query`]: a grid ([`Query::new`]) or pencil marks
//! ([`Query::marks`]), a solution limit ([`Query::with_limit`], two by default) and a budget
//! of search nodes ([`Query::with_budget`], [`Query::DEFAULT_BUDGET`] by default). Ask for the
//! unique solution ([`Query::unique`], failing with a [`sudoku_core::Failure`]), or for the
//! [`Solutions`] (count, whether capped, nodes used, the first two). [`solve`] is the one
//! unbudgeted shortcut, for puzzles known to be well-formed; [`random_solution`] draws a random
//! complete grid from a seeded RNG. [`Progress`] checks a player's grid (and the pencil marks
//! crossed out) against a puzzle's unique solution: its [`ProgressReport`] names the wrong
//! entries, the clashes, the givens changed and the solution digits crossed out.
//!
//! Behind the feature `stochastic` (off by default): `Annealer`, `TabuSearch` and
//! `HarmonySearch`, stochastic local search behind one `Solver` trait with the exact solver
//! (`Exact`), and their table `SOLVERS`. The human-style logical solver (named techniques,
//! Sudoku Explainer ratings) and pair reduction (nested binary decisions with a replayable
//! proof chain) are the crate `sudoku-logic`, built on this one.
//!
//! # Example
//!
//! ```
//! use sudoku_core::{Failure, Grid};
//! use sudoku_solve::{Outcome, Query, solve};
//!
//! let puzzle: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let Outcome::Unique(solution) = solve(&puzzle) else { panic!("not unique") };
//! assert_eq!(
//!     solution.to_string(),
//!     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
//! );
//! assert_eq!(Query::new(&puzzle).unique(), Ok(solution));
//! // Counting is capped by a limit and bounded by a node budget.
//! let ten = Query::new(&Grid::EMPTY).with_limit(10).with_budget(1_000_000).run()?;
//! assert_eq!((ten.count(), ten.is_capped()), (10, true));
//! assert_eq!(Query::new(&Grid::EMPTY).unique(), Err(Failure::NOT_UNIQUE));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! None by default: the crate is the exact solver alone, on `sudoku-core`, `rand` (no OS
//! entropy) and `wide`.
//!
//! - `stochastic`: simulated annealing on the `tempering` engine, tabu and harmony search,
//!   the `Solver` trait and `SOLVERS`. It brings `tempering` (and `rayon`) and `rand_pcg`.
//! - `serde`: `Serialize`/`Deserialize` for the stochastic solvers' settings, and `Serialize`
//!   for [`ProgressReport`] (the schema's record).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod board;
mod exact;
mod kernel;
mod progress;
mod query;
#[cfg(feature = "stochastic")]
mod stochastic;
mod variant;

pub use exact::{Outcome, random_solution, solve};
#[doc(hidden)]
pub use kernel::SearchKernel;
pub use progress::{ParseProgressError, Progress, ProgressReport};
pub use query::{Query, Solutions};
#[cfg(feature = "stochastic")]
pub use stochastic::{
    Annealer, Exact, HarmonySearch, InitialTemperature, Reheat, Run, RunOutcome, SOLVERS, Schedule,
    Solver, SolverEntry, TabuSearch,
};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
