//! Integration tests of sudoku-solve.

mod data;
mod golden;
mod pair;
mod props;
mod reference;
mod stochastic;
