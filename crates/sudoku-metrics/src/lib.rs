//! Difficulty ratings of Sudoku puzzles, each behind one small trait, [`Difficulty`], so that any
//! of them can be the energy of an optimizer (the generator's Hamiltonian `H = -J U + h clues`).
//!
//! # Watanabe's metrics
//!
//! From H. Watanabe, "Difficult Sudoku puzzles created by replica exchange Monte Carlo" (2013),
//! with the exact semantics of the paper's published program:
//!
//! - **Pencil marks** are naked singles only: every cell with one candidate is filled, again and
//!   again, until none is left (one at a time, in row-major order, so two singles that need the
//!   same digit in one unit make a dead end). A branch is dead when an empty cell has no
//!   candidate. [`Propagation::NakedAndHiddenSingles`] adds hidden singles, as an option.
//! - The **branch cell** is the empty cell with the fewest candidates; every candidate is tried.
//! - [`NormalWidth`]: the number of nodes of the complete search tree (root, inner nodes, dead
//!   ends and solutions each count 1), ties broken by the first cell in row-major order. It
//!   also counts the solutions: the tree is exhaustive.
//! - [`AverageWidth`]: the same with ties broken uniformly at random at every node, averaged over
//!   N samples (the paper uses 100), with the standard error `sqrt((E[w^2] - E[w]^2) / N)`.
//! - [`DihedralWidth`]: the mean normal width over the 8 rotations and reflections, a width that
//!   does not depend on the puzzle's orientation.
//! - [`Depth`]: the fewest correct placements at branch cells, over every sequence of tie
//!   choices, before pencil marks finish the grid; 0 for a puzzle solved by pencil marks alone.
//!
//! Every search takes a budget and returns [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) instead of running
//! for hours (try the empty grid).
//!
//! # Example
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_metrics::{AverageWidth, Depth, NormalWidth};
//!
//! let inkala2010: Grid =
//!     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
//! assert_eq!(Depth::default().evaluate(&inkala2010)?, 5);
//! assert_eq!(NormalWidth::default().evaluate(&inkala2010)?.width, 173);
//! let avg = AverageWidth::default().evaluate(&inkala2010, 42)?; // 100 samples, seed 42
//! println!("average width {:.1} ± {:.1}", avg.mean, avg.stderr);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `serde`: `Serialize`/`Deserialize` for the metric settings and results.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod catalogue;
mod difficulty;
mod explainer;
mod human;
mod marks;
mod rating;
mod relaxation;
mod set;
mod stochastic;
mod watanabe;

pub use catalogue::{
    CATALOGUE, CatalogueEntry, Evaluate, EvaluateMarks, RatingKind, Samples, Scale, Scaled,
};
pub use difficulty::{Difficulty, PairReductionLevel};
pub use explainer::{SeRater, SeTiebreak};
pub use human::{
    HumanEffort, HumanModel, HumanRating, Pick, RefutationMax, RefutationSum, Scoring,
};
pub use marks::Propagation;
pub use rating::{ParseRatingError, Rating, RatingValue};
pub use relaxation::Relaxation;
pub use set::{RatingDefaults, RatingSet, Ratings};
pub use stochastic::{BacktrackSteps, HarmonyCost, SaSteps};
pub use watanabe::{
    AverageWidth, DEFAULT_DEPTH_BUDGET, DEFAULT_WIDTH_BUDGET, Depth, DihedralWidth, Mean,
    NormalWidth, Width,
};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
