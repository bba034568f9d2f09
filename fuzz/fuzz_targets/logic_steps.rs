#![no_main]
//! `explain --steps`: the logical solver's whole path on any grid, with small budgets: a typed
//! error or a path whose every step is sound, whose marks always keep the solution, and whose
//! ratings are consistent.

use libfuzzer_sys::fuzz_target;
use sudoku_core::CandidateGrid;
use sudoku_logic::{LogicalSolver, PathEnd, apply};

#[path = "logic.rs"]
mod logic;

fuzz_target!(|data: &[u8]| {
    let Some(p) = logic::grid_from(data) else { return };
    let solver = LogicalSolver::default().with_budget(20_000).with_chain_budget(200_000);
    let Ok(path) = solver.solve(&p) else { return };
    assert!(p.is_solved_by(&path.solution));
    let mut marks = CandidateGrid::new(&p).expect("a solvable puzzle has no clash");
    for step in &path.steps {
        logic::assert_sound(step, &path.solution);
        apply(&mut marks, step);
        assert!(!marks.is_broken(), "{step}");
    }
    assert_eq!(marks, path.last);
    let r = path.rating;
    match path.end {
        PathEnd::Solved => {
            assert_eq!(marks.grid(), &path.solution);
            assert!(r.ed <= r.ep && r.ep <= r.er, "{r}");
        }
        PathEnd::Stuck => assert_eq!(r.er, 20.0),
        _ => assert!(path.potentials > 200_000),
    }
});
