//! Error conversions keep their meaning: a broken rule is not "no solution", a level limit is
//! not a budget.

use sudoku_core::{Cell, Digit, Failure, FailureKind, Grid};
use sudoku_logic::PairReduction;
use sudoku_metrics::{Difficulty, PairReductionLevel, SaSteps, SeRater};

const INKALA_2012: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn clashing() -> Grid {
    let mut g = Grid::EMPTY;
    g.set(Cell::new(0).unwrap(), Digit::new(5));
    g.set(Cell::new(1).unwrap(), Digit::new(5));
    g
}

#[test]
fn clashing_givens_are_a_conflict_not_no_solution() {
    let sa = SaSteps::default().with_runs(1);
    assert!(sa.rate(&clashing(), 0).is_err_and(|e| matches!(e.kind(), FailureKind::Conflict(_))));
    assert!(
        SeRater::default()
            .rate(&clashing(), 0)
            .is_err_and(|e| matches!(e.kind(), FailureKind::Conflict(_)))
    );
}

#[test]
fn a_level_limit_is_too_deep_not_a_budget() {
    let p: Grid = INKALA_2012.parse().unwrap();
    let shallow = PairReductionLevel(PairReduction { max_level: 1, ..PairReduction::default() });
    assert_eq!(shallow.rate(&p, 0), Err(Failure::too_deep(1)));
}
