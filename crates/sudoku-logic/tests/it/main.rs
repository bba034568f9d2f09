//! Integration tests of sudoku-logic.

mod logic;
