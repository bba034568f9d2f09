//! Integration tests of sudoku-logic.

mod hodoku;
mod logic;
