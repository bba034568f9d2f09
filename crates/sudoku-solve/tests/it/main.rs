//! Integration tests of sudoku-solve.

mod data;
mod golden;
#[cfg(feature = "pair")]
mod pair;
mod props;
mod reference;
#[cfg(feature = "stochastic")]
mod stochastic;
