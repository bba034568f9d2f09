//! Hard Sudoku puzzles by Monte Carlo: any difficulty measure as the energy of any optimizer.
//!
//! [`PuzzleModel`] turns a solution grid into a `tempering` model: the spins are the clues, the
//! energy is `H = -J U + h * clues` with `U` any [`Difficulty`](sudoku_metrics::Difficulty), and
//! removals that break uniqueness are rejected. Any optimizer of the `tempering` crate can run
//! it. [`Generation`] runs the schedule of Watanabe's paper (a depth phase by Metropolis, then a
//! width phase by replica exchange with adaptive temperatures) with every parameter in
//! [`GeneratorConfig`], and serialises whole for checkpoints.
//!
//! # Example
//!
//! ```
//! use sudoku_generate::{Generation, GeneratorConfig};
//! use tempering::Budget;
//!
//! // A short run: a small depth target and 2 rounds of 5 replicas.
//! let config = GeneratorConfig { depth_target: 3, replicas: 5, sweeps_per_round: 5, ..GeneratorConfig::default() };
//! let mut generation = Generation::start(config, 7)?;
//! generation.run(&Budget::sweeps(10), &mut ());
//! let summary = generation.summary();
//! assert!(sudoku_solve::is_unique(&summary.puzzle));
//! assert!(summary.puzzle.is_solved_by(&summary.solution));
//! # Ok::<(), tempering::ConfigError>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod generation;
mod model;

pub use generation::{
    Adjustment, BestRecord, Energy, Generation, GeneratorConfig, Progress, RoundRecord, Scale,
    Summary,
};
pub use model::{Moves, PuzzleModel, PuzzleMove, PuzzleState};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
