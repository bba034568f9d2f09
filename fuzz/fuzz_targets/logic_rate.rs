#![no_main]
//! `rate --metrics se-rating`: Sudoku Explainer's ER/EP/ED on any grid with small budgets: a
//! value on the scale or a typed error, never a panic or a hang; the same as the solver's path.

use libfuzzer_sys::fuzz_target;
use sudoku_logic::{LogicalSolver, PathEnd};
use sudoku_metrics::{Difficulty, SeRater};

#[path = "logic.rs"]
mod logic;

fuzz_target!(|data: &[u8]| {
    let Some(p) = logic::grid_from(data) else { return };
    let solver = LogicalSolver::default().with_budget(20_000).with_chain_budget(200_000);
    let rated = SeRater(solver.clone()).rate(&p, 0);
    match solver.solve(&p) {
        Ok(path) if path.end != PathEnd::BudgetExceeded => {
            let er = rated.expect("a rating where the path ends");
            // A complete grid needs no step: ER 0.
            assert!((1.0..=20.0).contains(&er) || er == 0.0 && p.is_complete(), "{er}");
            assert_eq!(er, path.rating.er);
        }
        _ => assert!(rated.is_err()),
    }
});
