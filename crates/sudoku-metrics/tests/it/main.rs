//! Integration tests of sudoku-metrics.

mod budgets;
mod human;
mod reference;
mod stochastic;
