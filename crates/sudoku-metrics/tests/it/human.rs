//! The human-solver model and constraint relaxation.

use sudoku_core::{Failure, Grid, Work};
use sudoku_metrics::{
    Difficulty, HumanEffort, HumanModel, RefutationMax, RefutationSum, Relaxation, Scoring,
};

use crate::{EASY, INKALA_2012, grid, with_threads};

#[test]
fn singles_puzzles_need_no_refutation_and_hard_ones_do() {
    let m = HumanModel::default().with_runs(4);
    let easy = m.evaluate(&grid(EASY), 1).unwrap();
    assert!(easy.refutations.abs() + easy.refutation_sum.abs() + easy.refutation_max.abs() < 1e-12);
    // One term per filled cell, each at most (empty cells) / 0.1: a naked single at worst.
    let empty = (81 - grid(EASY).clue_count()) as f64;
    assert!(easy.effort > 0.0 && easy.effort <= 10.0 * empty * empty, "{}", easy.effort);
    let hard = m.evaluate(&grid(INKALA_2012), 1).unwrap();
    assert!(hard.refutations >= 1.0);
    assert!(hard.refutation_sum >= hard.refutation_max);
    assert!(hard.effort > easy.effort);
    let per_cell = m.with_scoring(Scoring::PerCell).evaluate(&grid(INKALA_2012), 1).unwrap();
    assert!(per_cell.refutation_sum > 0.0);
}

#[test]
fn human_ratings_are_seeded_and_thread_independent() {
    let p = grid(INKALA_2012);
    let ratings: [Box<dyn Difficulty>; 4] = [
        Box::new(RefutationSum(HumanModel::default().with_runs(5))),
        Box::new(RefutationMax(HumanModel::default().with_runs(5))),
        Box::new(HumanEffort(HumanModel::default().with_runs(5))),
        Box::new(Relaxation::default().with_samples(5)),
    ];
    for r in ratings {
        let with = |threads| with_threads(threads, || r.rate(&p, 3));
        let (one, two) = (with(1), with(2));
        assert_eq!(one.map(f64::to_bits), two.map(f64::to_bits), "{}", r.name());
    }
}

#[test]
fn the_model_needs_one_solution_and_respects_its_budget() {
    let m = HumanModel::default().with_runs(2);
    assert_eq!(m.evaluate(&Grid::EMPTY, 0), Err(Failure::NOT_UNIQUE));
    let dead =
        grid("12345678.........9...............................................................");
    assert_eq!(m.evaluate(&dead, 0), Err(Failure::NO_SOLUTION));
    let tight = HumanModel { budget: 100, ..m };
    assert_eq!(
        tight.evaluate(&grid(INKALA_2012), 0),
        Err(Failure::budget_exceeded(100, Work::ModelSteps))
    );
}

#[test]
fn relaxation_grows_with_the_constraints_removed() {
    let p = grid(EASY);
    let few = Relaxation { removed: 10, samples: 10, ..Relaxation::default() }.rate(&p, 5).unwrap();
    let many =
        Relaxation { removed: 150, samples: 10, ..Relaxation::default() }.rate(&p, 5).unwrap();
    assert!(many > few, "{few} -> {many}");
    let none = Relaxation { removed: 0, samples: 3, ..Relaxation::default() };
    assert!(none.rate(&p, 5).unwrap().abs() < 1e-12);
    let tight = Relaxation { removed: 200, samples: 3, budget: 10, ..Relaxation::default() };
    assert_eq!(
        tight.rate(&grid(INKALA_2012), 5),
        Err(Failure::budget_exceeded(10, Work::SearchNodes))
    );
}
