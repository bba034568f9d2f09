//! Sudoku solvers.
//!
//! The exact solver ([`solve`], [`is_unique`], [`count_solutions`]) works on per-digit band
//! bitboards: for each digit and each band of three rows, a 27-bit mask of the cells that may
//! still hold it. Propagation applies naked and hidden singles and locked candidates (a digit
//! occupies one row-box segment per row and per box of a band, so its segment pattern must be a
//! 3x3 permutation); the search branches on a cell with the fewest candidates, a bivalue cell
//! when there is one. The state is 128 bytes, copied on branching: no allocation per node.
//!
//! [`random_solution`] draws a random complete grid from a seeded RNG.
//!
//! Two more solvers, each behind a default feature: `PairReduction` (feature `pair`) explains
//! a solution with the fewest levels of nested binary decisions, in a
//! hypothesis/disproof/proof chain whose every line can be replayed; `Annealer`, `TabuSearch`
//! and `HarmonySearch` (feature `stochastic`) are stochastic local search, behind one `Solver`
//! trait with the exact solver (`Exact`). The human-style logical solver (named techniques,
//! Sudoku Explainer ratings) is the crate `sudoku-logic`, built on this one.
//!
//! # Example
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_solve::{count_solutions, solve, CountLimits, Outcome};
//!
//! let puzzle: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let Outcome::Unique(solution) = solve(&puzzle) else { panic!("not unique") };
//! assert_eq!(
//!     solution.to_string(),
//!     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
//! );
//! // Counting is capped by a limit and bounded by a node budget.
//! let ten = count_solutions(&Grid::EMPTY, CountLimits::up_to(10).with_budget(1_000_000));
//! assert_eq!(ten.map(|n| (n.solutions, n.capped)), Ok((10, true)));
//! # Ok::<(), sudoku_core::ParseGridError>(())
//! ```
//!
//! # Crate features
//!
//! - `pair` (default): pair reduction (`PairReduction`, `Explanation` and its chain).
//! - `stochastic` (default): simulated annealing on the `tempering` engine, tabu and harmony
//!   search, and the `Solver` trait. It brings `tempering` (and `rayon`) and `rand_pcg`.
//! - `serde`: `Serialize`/`Deserialize` for the stochastic solvers' settings and pair
//!   reduction's chain.
//!
//! With `default-features = false` this is the exact solver alone, on `sudoku-core`, `rand`
//! (no OS entropy), `thiserror` and `wide`.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod board;
mod exact;
mod kernel;
#[cfg(feature = "pair")]
mod pair;
#[cfg(feature = "stochastic")]
mod stochastic;

pub use exact::{
    BudgetExceeded, Count, CountLimits, Outcome, count_solutions, count_solutions_with_kernel,
    count_with_kernel, first_solution, is_unique, random_solution, search_nodes, solve,
    solve_marks_within, solve_within,
};
#[doc(hidden)]
pub use kernel::SearchKernel;
#[cfg(feature = "pair")]
pub use pair::{ChainLine, Conclusion, Explanation, Marker, PairReduction, Statement};
#[cfg(feature = "stochastic")]
pub use stochastic::{
    Annealer, Exact, HarmonySearch, InitialTemperature, Limits, Reheat, Run, RunOutcome, SOLVERS,
    Schedule, Solver, SolverEntry, TabuSearch,
};

#[cfg(all(doctest, feature = "pair"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
