#![no_main]
//! Solving: the exact solver and the local searches on any grid, with budgets; every solution
//! they return must solve the puzzle.

use libfuzzer_sys::fuzz_target;
use sudoku_solve::{Annealer, Exact, Outcome, Query, SearchKernel, Solver, TabuSearch, solve};

#[path = "grid.rs"]
mod grid;

fuzz_target!(|data: &[u8]| {
    let Some(p) = grid::grid_from(data) else { return };
    match solve(&p) {
        Outcome::Unique(s) => assert!(p.is_solved_by(&s)),
        Outcome::Multiple(a, b) => assert!(a != b && p.is_solved_by(&a) && p.is_solved_by(&b)),
        _ => {}
    }
    let query = Query::new(&p).with_limit(5).with_budget(10_000);
    let count = query.search();
    for s in [count.first(), count.second()].into_iter().flatten() {
        assert!(p.is_solved_by(&s));
    }
    // Every build of the search this CPU runs (portable, AVX2, AVX-512) visits the same nodes.
    for kernel in SearchKernel::available() {
        assert_eq!(query.with_kernel(kernel).search(), count, "kernel {}", kernel.name());
    }
    let solvers: [&dyn Solver; 3] = [&Exact, &Annealer::default(), &TabuSearch::default()];
    for s in solvers {
        if let Ok(run) = s.run(&p, 1, 5_000) {
            if let Some(sol) = run.solution() {
                assert!(p.is_solved_by(&sol), "{} returned a wrong solution", s.name());
            }
        }
    }
});
