//! The randomized-solver ratings: order, determinism across thread counts, errors.

use sudoku_core::{Failure, FailureKind, Grid, Work};
use sudoku_metrics::{BacktrackSteps, Difficulty, HarmonyCost, SaSteps};

use crate::{EASY, INKALA_2012, grid, with_threads};

fn ratings() -> Vec<Box<dyn Difficulty>> {
    vec![
        Box::new(SaSteps::default().with_runs(9)),
        Box::new(HarmonyCost { improvisations: 2_000, ..HarmonyCost::default() }.with_runs(9)),
        Box::new(BacktrackSteps::default().with_runs(9)),
    ]
}

#[test]
fn ratings_do_not_depend_on_the_thread_count() {
    let p = grid(EASY);
    for r in ratings() {
        let with = |threads| with_threads(threads, || r.rate(&p, 17));
        let one = with(1).unwrap();
        assert_eq!(one.to_bits(), with(3).unwrap().to_bits(), "{}", r.name());
        assert_eq!(one.to_bits(), r.rate(&p, 17).unwrap().to_bits(), "{}", r.name());
    }
}

#[test]
fn a_hard_puzzle_takes_more_backtracking_and_keeps_a_higher_harmony_cost() {
    let (easy, hard) = (grid(EASY), grid(INKALA_2012));
    let bt = BacktrackSteps::default().with_runs(21);
    assert!(bt.rate(&hard, 1).unwrap() > 10.0 * bt.rate(&easy, 1).unwrap());
    let hc = HarmonyCost { improvisations: 3_000, ..HarmonyCost::default() }.with_runs(9);
    assert!(hc.rate(&hard, 1).unwrap() > hc.rate(&easy, 1).unwrap());
}

#[test]
fn censored_medians_are_budget_errors() {
    let hard = grid(INKALA_2012);
    let sa = SaSteps { max_steps: 1_000, ..SaSteps::default() }.with_runs(5);
    assert_eq!(sa.rate(&hard, 0), Err(Failure::budget_exceeded(1_000, Work::SolverSteps)));
    let bt = BacktrackSteps { max_steps: 50, ..BacktrackSteps::default() }.with_runs(5);
    assert_eq!(bt.rate(&hard, 0), Err(Failure::budget_exceeded(50, Work::ValuesTried)));
}

#[test]
fn impossible_puzzles_are_errors() {
    // Row 1 needs a 9 that column 9 already holds.
    let dead =
        grid("12345678.........9...............................................................");
    assert_eq!(BacktrackSteps::default().with_runs(3).rate(&dead, 0), Err(Failure::NO_SOLUTION));
    let mut clash = Grid::EMPTY;
    clash.set("A1".parse().unwrap(), sudoku_core::Digit::new(3));
    clash.set("B1".parse().unwrap(), sudoku_core::Digit::new(3));
    // Clashing givens break a rule: that is a conflict, not "no solution".
    for r in ratings() {
        assert!(
            r.rate(&clash, 0).is_err_and(|e| matches!(e.kind(), FailureKind::Conflict(_))),
            "{}",
            r.name()
        );
    }
}
