//! Hard Sudoku puzzles by Monte Carlo: any difficulty measure as the energy of any optimizer.
//!
//! [`PuzzleModel`] turns puzzles into a `tempering` model: the spins are the clues, the
//! energy is `H = -J U + h * clues` with `U` any [`Difficulty`](sudoku_metrics::Difficulty)
//! (every rating of the catalogue, [`sudoku_metrics::Rating`], or your own), and moves that
//! break uniqueness are rejected. Any optimizer of the `tempering` crate can run it.
//! [`Generation`] runs a start phase ([`Start`]: the paper's depth phase, or the best of many
//! random minimal puzzles) and then any optimizer ([`Search`]), with every parameter in
//! [`GeneratorConfig`] (each part, and the [`Preset`]s, read from and written as text), and
//! serialises whole for checkpoints; [`Portfolio`] runs several side by side, and
//! [`GenerationRun`] is a whole run as the front ends run one (start or resume, known puzzles,
//! a limit of time and steps, slices between checkpoints, the summary record). [`BandSearch`] makes puzzles of a chosen difficulty
//! instead of the hardest ([`BandSearch::puzzles`]: as many as you take, each with its rating,
//! [`BandPuzzle::hodoku`] or [`BandPuzzle::se`]). Their results are records ([`BestLine`], [`FindLine`], [`SummaryLine`],
//! [`BandLine`]) that serialise as the JSON lines of the `sudoku` command's schema.
//!
//! # Example
//!
//! ```
//! use sudoku_generate::{Generation, GeneratorConfig, Search, Start};
//! use tempering::Budget;
//!
//! // Hard for people (the default, by Sudoku Explainer's ER), deliberately short: the best of
//! // 20 random minimal puzzles, then 3 best-first expansions of their vicinity.
//! let config = GeneratorConfig::default().with_start(Start::random(20));
//! let mut generation = Generation::start(config, 7)?;
//! generation.run(&Budget::sweeps(3), &mut ());
//! let summary = generation.rate_summary();
//! assert!(sudoku_solve::solve(&summary.puzzle).unique().is_some());
//! assert!(summary.puzzle.is_solved_by(&summary.solution));
//! assert!(summary.se.is_some_and(|se| se.er >= 1.0));
//!
//! // Hard for backtracking: the paper's schedule with the average-width energy.
//! let config = GeneratorConfig::paper()
//!     .with_energy(GeneratorConfig::average_width().energy)
//!     .with_start(Start::depth(3))
//!     .with_search(Search::exchange(5))
//!     .with_sweeps_per_round(5);
//! let mut generation = Generation::start(config, 7)?;
//! generation.run(&Budget::sweeps(10), &mut ());
//! assert!(generation.rate_summary().average_width.is_some());
//! # Ok::<(), sudoku_generate::GenerateError>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod band;
mod checkpoint;
mod config;
mod energy;
mod generation;
mod known;
mod model;
mod needs;
mod observe;
mod portfolio;
mod record;
mod run;
mod search;
mod start;
mod summary;

pub use band::{
    Band, BandMiss, BandPuzzle, BandPuzzles, BandSearch, Bounds, ParseBandError, Symmetry,
    is_minimal, minimize, random_minimal, random_with_clues,
};
pub use checkpoint::{CHECKPOINT_FORMAT, CHECKPOINT_VERSION, Checkpoint, CheckpointError};
pub use config::{Adjustment, GeneratorConfig, ParseConfigError, Preset, Search};
pub use energy::Energy;
pub use generation::{GenerateError, Generation};
pub use known::KnownPuzzles;
pub use model::{Moves, PuzzleModel, PuzzleMove, PuzzleState};
pub use needs::{FirstUse, MAX_NEEDS, Need, Needs, ParseNeedError};
pub use portfolio::Portfolio;
pub use record::{
    BandLine, BestLine, BestNew, BestRecord, FindLine, Novelty, RoundRecord, SummaryLine,
};
pub use run::GenerationRun;
pub use start::Start;
pub use sudoku_logic::hodoku::Level;
/// HoDoKu's level and score ([`BandPuzzle::hodoku`]), Sudoku Explainer's ER/EP/ED
/// ([`BandPuzzle::se`]), and HoDoKu's levels ([`Bounds::Levels`]), from `sudoku-logic`.
pub use sudoku_logic::{HodokuRating, SeRating};
/// The catalogue's scales, the type of [`Energy::scale`].
pub use sudoku_metrics::Scale;
/// The catalogue's ratings ([`Band::rating`]) and their results in full
/// ([`BandPuzzle::value`]), from `sudoku-metrics`.
pub use sudoku_metrics::{Rating, RatingValue};
pub use summary::Summary;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
