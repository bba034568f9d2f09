#![no_main]
//! Solving: the exact solver and the local searches on any grid, with budgets; every solution
//! they return must solve the puzzle.

use libfuzzer_sys::fuzz_target;
use sudoku_solve::{
    Annealer, CountLimits, Exact, Limits, Outcome, SearchKernel, Solver, TabuSearch,
    count_solutions, solve,
};

#[path = "grid.rs"]
mod grid;

fuzz_target!(|data: &[u8]| {
    let Some(p) = grid::grid_from(data) else { return };
    match solve(&p) {
        Outcome::Unique(s) => assert!(p.is_solved_by(&s)),
        Outcome::Multiple(a, b) => assert!(a != b && p.is_solved_by(&a) && p.is_solved_by(&b)),
        _ => {}
    }
    let limits = CountLimits::up_to(5).with_budget(10_000);
    let count = count_solutions(&p, limits);
    // Every build of the search this CPU runs (portable, AVX2, AVX-512) visits the same nodes.
    let portable = sudoku_solve::count_with_kernel(&p, limits, SearchKernel::Portable);
    assert_eq!(portable.0, count);
    for kernel in SearchKernel::available() {
        let other = sudoku_solve::count_with_kernel(&p, limits, kernel);
        assert_eq!(other, portable, "kernel {}", kernel.name());
        assert_eq!(sudoku_solve::count_solutions_with_kernel(&p, limits, kernel), count);
    }
    let solvers: [&dyn Solver; 3] = [&Exact, &Annealer::default(), &TabuSearch::default()];
    for s in solvers {
        if let Ok(run) = s.run(&p, 1, &Limits::steps(5_000)) {
            if let Some(sol) = run.solution() {
                assert!(p.is_solved_by(&sol), "{} returned a wrong solution", s.name());
            }
        }
    }
});
