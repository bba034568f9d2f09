//! Integration tests of sudoku-solve.

mod data;
mod golden;
mod props;
mod reference;
mod variants;

/// The oracle tier: `cargo xtask oracle` (CI runs it) sets `SUDOKU_ORACLE=full` and checks
/// every puzzle of the reference sets; `cargo test` checks every `every`-th, an
/// evenly spread sample of the same sets.
fn sample_every(every: usize) -> usize {
    if std::env::var_os("SUDOKU_ORACLE").is_some_and(|v| v == "full") { 1 } else { every }
}

#[cfg(feature = "stochastic")]
mod stochastic;
