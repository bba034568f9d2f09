#![no_main]
//! Rating: every rating on any grid, with small budgets: a value or a typed error, never a
//! panic or a hang.

use libfuzzer_sys::fuzz_target;
use sudoku_metrics::{
    AverageWidth, BacktrackSteps, Depth, Difficulty, HumanEffort, HumanModel, NormalWidth,
    PairReductionLevel, Relaxation,
};
use sudoku_logic::PairReduction;

#[path = "grid.rs"]
mod grid;

fuzz_target!(|data: &[u8]| {
    let Some(p) = grid::grid_from(data) else { return };
    let ratings: Vec<Box<dyn Difficulty>> = vec![
        Box::new(Depth::default().with_budget(2_000)),
        Box::new(NormalWidth::default().with_budget(2_000)),
        Box::new(AverageWidth::default().with_samples(2).with_budget(2_000)),
        Box::new(BacktrackSteps { runs: 2, max_steps: 2_000 }),
        Box::new(HumanEffort(HumanModel { runs: 1, budget: 20_000, ..HumanModel::default() })),
        Box::new(Relaxation { samples: 2, budget: 2_000, ..Relaxation::default() }),
        Box::new(PairReductionLevel(PairReduction { max_level: 2, budget: 500 })),
    ];
    for r in &ratings {
        if let Ok(v) = r.rate(&p, 3) {
            assert!(v.is_finite() && v >= 0.0, "{}: {v}", r.name());
        }
    }
});
