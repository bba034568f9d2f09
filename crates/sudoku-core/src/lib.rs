//! Sudoku building blocks: digits, cells, candidate bitsets, grids, parsing, printing and
//! symmetry transforms.
//!
//! - [`Digit`] (1..=9) and [`DigitSet`] (a 9-bit set, for candidates);
//! - [`Cell`] (0..81, named `A1`..`I9`), [`CellSet`] (an 81-bit set) and [`Unit`] (row, column,
//!   box), with constant tables of units and peers;
//! - [`Grid`]: a puzzle or a solution, with candidates, rule checks and solution checks;
//! - [`CandidateGrid`]: placed digits and pencil marks, the board of every logical technique;
//! - [`Board`]: what a puzzle line holds, givens or 729 characters of pencil marks, and
//!   [`BoardReader`], which reads files of both;
//! - parsing from the 81-character line form or the 9-line block form ([`ParseGridError`] says
//!   what is wrong and where), and [`PuzzleReader`] for files with one result per puzzle;
//! - [`Transform`]: the symmetries that keep a puzzle valid, composable and invertible;
//! - [`Rules`]: the houses and constraints of a board, classic or a variant (X, windoku,
//!   jigsaw, anti-knight, anti-king, non-consecutive, disjoint groups), parsed from a rules spec
//!   such as `windoku,anti-knight`;
//! - [`Failure`]: why a solver or a rating of any crate could not answer (no solution, several,
//!   budget exceeded, ...), the [`Meter`] that counts work against a budget, and the
//!   [`Cancel`] token that stops long work from another thread.
//!
//! # Example
//!
//! ```
//! use sudoku_core::{Cell, Grid};
//!
//! let puzzle: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let b1 = Cell::from_row_col(0, 1);
//! assert_eq!(puzzle.candidates(b1).to_string(), "1246");
//! println!("{:#}", puzzle); // block form
//! # Ok::<(), sudoku_core::ParseGridError>(())
//! ```
//!
//! # Crate features
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Grid`], as its 81-character line form, and
//!   for [`Status`] as its word, [`Problem`] as the schema's error object and [`Rules`] as
//!   its spec.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod board;
mod cancel;
mod candidate;
mod candidates;
pub mod canon;
mod cell;
mod digit;
mod failure;
mod grid;
mod parse;
mod reader;
mod rules;
mod status;
pub mod symmetry;
mod transform;

pub use board::{AsBoard, Board};
pub use cancel::Cancel;
pub use candidate::{Candidate, CandidateSet};
pub use candidates::{CandidateGrid, Contradiction, DigitPlaces, ParseMarksError};
pub use canon::Canonical;
pub use cell::{Cell, CellSet, CellSetIter, PEERS, ParseCellError, UNIT_CELLS, Unit};
pub use digit::{Digit, DigitSet, DigitSetIter, InvalidDigitSet};
pub use failure::{Failure, FailureKind, Meter, Work};
pub use grid::{Conflict, Grid, Pretty, SolutionError};
pub use parse::ParseGridError;
pub use reader::{
    BoardReader, Entry, LineError, LineErrorKind, MAX_LINE_LEN, Puzzle, PuzzleReader,
};
pub use rules::{Clash, ClashKind, House, Rule, Rules, RulesError, UnsupportedRules};
pub use status::{ParseStatusError, Problem, Status};
pub use transform::{Transform, TransformError};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
