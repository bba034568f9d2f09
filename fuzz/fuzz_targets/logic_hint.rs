#![no_main]
//! `hint` on grids and pencil marks (any marks: progress, slips, contradictions): a typed error
//! or a sound step, never a panic or a hang; the hint list agrees.

use libfuzzer_sys::fuzz_target;
use sudoku_logic::LogicalSolver;
use sudoku_solve::Query;

#[path = "logic.rs"]
mod logic;

fuzz_target!(|data: &[u8]| {
    let Some(marks) = logic::marks_from(data) else { return };
    let solver = LogicalSolver::default().with_budget(20_000).with_chain_budget(100_000);
    let next = solver.next_step(&marks);
    let solution = match Query::marks(&marks).with_budget(20_000).unique() {
        Ok(s) if !marks.is_broken() => s,
        _ => {
            assert!(next.is_err(), "a hint without one solution: {marks:?}");
            return;
        }
    };
    let Ok(Some(step)) = next else { return };
    logic::assert_sound(&step, &solution);
    if let Ok(all) = solver.all_steps(&marks) {
        for s in &all {
            logic::assert_sound(s, &solution);
        }
        assert!(all.iter().any(|s| s.technique == step.technique), "{step}");
    }
});
