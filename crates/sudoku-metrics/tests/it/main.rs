//! Integration tests of sudoku-metrics.

mod budgets;
mod reference;
