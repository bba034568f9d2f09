//! Integration tests of sudoku-solve.

mod data;
mod props;
mod reference;
