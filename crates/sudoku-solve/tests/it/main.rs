//! Integration tests of sudoku-solve.

mod data;
mod pair;
mod props;
mod reference;
mod stochastic;
