//! Integration tests of sudoku-logic.

mod cancel;
mod hodoku;
mod logic;
mod marks;
mod pair;
