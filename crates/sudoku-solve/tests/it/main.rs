//! Integration tests of sudoku-solve.

mod data;
mod golden;
mod props;
mod reference;
#[cfg(feature = "stochastic")]
mod stochastic;
