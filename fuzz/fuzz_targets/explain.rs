#![no_main]
//! Explaining: pair reduction on any grid with a budget; every line of a chain replays.

use libfuzzer_sys::fuzz_target;
use sudoku_logic::PairReduction;

#[path = "grid.rs"]
mod grid;

fuzz_target!(|data: &[u8]| {
    let Some(p) = grid::grid_from(data) else { return };
    if let Ok(e) = (PairReduction { max_level: 3, budget: 2_000 }).solve(&p) {
        assert!(p.is_solved_by(&e.solution));
        for line in &e.chain {
            assert!(line.check(&p), "{line}");
        }
    }
});
