// The crate documentation is the README, whose example needs every part; a build without them
// gets a summary instead (`cargo test --no-default-features` runs the crate's doctests too).
#![cfg_attr(feature = "generate", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "generate"),
    doc = "The sudoku crates in one dependency, one module per crate (`core` always, the others \
           behind features of their names) and a `prelude`. This build leaves some parts out: \
           the default features give all of them, and the crate's README and example."
)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

/// Digits, cells, candidates, grids, parsing and printing, symmetry transforms, canonical
/// forms and the one failure type: the crate `sudoku-core`, always present.
pub mod core {
    #[doc(inline)]
    pub use sudoku_core::*;
}

/// The exact solver (solve, count, uniqueness, node budgets) and random complete grids; with
/// the feature `stochastic`, simulated annealing, tabu and harmony search: the crate
/// `sudoku-solve`.
#[cfg(feature = "solve")]
pub mod solve {
    #[doc(inline)]
    pub use sudoku_solve::*;
}

/// Human-style solving: Sudoku Explainer's and HoDoKu's techniques and ratings, hints, pair
/// reduction: the crate `sudoku-logic`.
#[cfg(feature = "logic")]
pub mod logic {
    #[doc(inline)]
    pub use sudoku_logic::*;
}

/// Difficulty ratings behind one `Difficulty` trait, and the catalogue of them by name: the
/// crate `sudoku-metrics`.
#[cfg(feature = "metrics")]
pub mod metrics {
    #[doc(inline)]
    pub use sudoku_metrics::*;
}

/// Generic Metropolis, annealing, replica exchange and best-first search, with budgets and
/// checkpoints: the crate `tempering`.
#[cfg(feature = "tempering")]
pub mod tempering {
    #[doc(inline)]
    pub use ::tempering::*;
}

/// Hard puzzles by Monte Carlo, and puzzles of a chosen difficulty band: the crate
/// `sudoku-generate`.
#[cfg(feature = "generate")]
pub mod generate {
    #[doc(inline)]
    pub use sudoku_generate::*;
}

/// The most used items of every part that is built, for `use sudoku_kit::prelude::*;`.
///
/// # Examples
///
/// ```
/// use sudoku_kit::prelude::*;
///
/// let puzzle: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// assert_eq!(puzzle.clue_count(), 23);
/// # #[cfg(feature = "logic")] {
/// let solution = solve(&puzzle).unique().expect("one solution");
/// let path = HodokuSolver::default().solve(&puzzle)?;
/// assert_eq!(path.solution, solution);
/// assert!(path.rating.level >= Level::Easy);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod prelude {
    #[doc(no_inline)]
    pub use sudoku_core::{Cancel, Cell, Digit, Failure, FailureKind, Grid, Transform};

    #[cfg(feature = "solve")]
    #[doc(no_inline)]
    pub use sudoku_solve::{Query, random_solution, solve};

    #[cfg(feature = "stochastic")]
    #[doc(no_inline)]
    pub use sudoku_solve::{Annealer, Solver};

    pub use sudoku_logic::hodoku::Level;
    #[cfg(feature = "logic")]
    #[doc(no_inline)]
    pub use sudoku_logic::{
        HodokuRating, HodokuSolver, LogicalSolver, PairReduction, SeRating, SolvingPath,
    };

    #[cfg(feature = "metrics")]
    #[doc(no_inline)]
    pub use sudoku_metrics::{AverageWidth, Difficulty, HumanEffort, Rating, RatingValue, SeRater};

    #[cfg(feature = "tempering")]
    #[doc(no_inline)]
    pub use ::tempering::Budget;

    #[cfg(feature = "generate")]
    #[doc(no_inline)]
    pub use sudoku_generate::{
        Band, BandPuzzle, BandSearch, Generation, GeneratorConfig, Symmetry,
    };
}
