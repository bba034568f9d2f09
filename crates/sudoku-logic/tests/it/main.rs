//! Integration tests of sudoku-logic.

mod cancel;
mod hodoku;
mod hodoku_examples;
mod logic;
mod marks;
mod pair;
