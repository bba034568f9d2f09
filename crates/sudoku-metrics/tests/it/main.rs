//! Integration tests of sudoku-metrics.

mod budgets;
mod catalogue;
mod errors;
mod golden;
mod human;
mod reference;
mod stochastic;

/// The oracle tier: `cargo xtask oracle` (CI runs it) sets `SUDOKU_ORACLE=full` and checks
/// every puzzle of the reference sets; `cargo test` checks every `every`-th, an
/// evenly spread sample of the same sets (here: of the samples of a rating).
fn sample_every(every: usize) -> usize {
    if std::env::var_os("SUDOKU_ORACLE").is_some_and(|v| v == "full") { 1 } else { every }
}

/// Sudoku Explainer 1.2: singles solve it.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Inkala's 2012 "world's hardest".
const INKALA_2012: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn grid(s: &str) -> sudoku_core::Grid {
    s.parse().expect("a valid puzzle")
}

/// Runs `f` on a pool of `threads` threads.
fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool").install(f)
}
