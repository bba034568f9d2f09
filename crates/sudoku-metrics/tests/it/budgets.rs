//! Every search stops at its budget with a clear outcome, and sampling is thread-independent.

use crate::with_threads;
use sudoku_core::{Failure, Grid, Work};
use sudoku_metrics::{AverageWidth, Depth, NormalWidth, Propagation};

/// A 17-clue puzzle whose naked-singles tree has 306,068 nodes.
const SEVENTEEN: &str =
    ".................1..2..3.4........5.....1.....1.67...4.....82...3......646..5....";
const NO_SOLUTION: &str =
    "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn empty_grid_stops_at_the_budget() {
    let e = Grid::EMPTY;
    assert_eq!(
        NormalWidth::default().with_budget(5_000).evaluate(&e),
        Err(Failure::budget_exceeded(5_000, Work::SearchNodes))
    );
    assert_eq!(
        AverageWidth::default().with_samples(4).with_budget(5_000).evaluate(&e, 0),
        Err(Failure::budget_exceeded(5_000, Work::SearchNodes))
    );
    assert_eq!(Depth::default().evaluate(&e), Err(Failure::NOT_UNIQUE));
}

#[test]
fn seventeen_clue_puzzle_with_naked_singles_only_stops_at_the_budget() {
    let p: Grid = SEVENTEEN.parse().unwrap();
    let nw = NormalWidth::default().with_budget(100_000);
    assert_eq!(nw.evaluate(&p), Err(Failure::budget_exceeded(100_000, Work::SearchNodes)));
    // Hidden singles shrink the tree a lot; the full tree then fits in a modest budget.
    let hidden = nw
        .with_budget(10_000_000)
        .with_propagation(Propagation::NakedAndHiddenSingles)
        .evaluate(&p)
        .unwrap();
    assert_eq!(hidden.solutions, 1);
    assert_eq!(
        Depth::default().with_budget(50).evaluate(&p),
        Err(Failure::budget_exceeded(50, Work::States))
    );
}

#[test]
fn depth_reports_an_overrun_of_its_uniqueness_check_in_search_nodes() {
    let hard_dead: Grid =
        "24......56...7....5..............256.7........3.................................."
            .parse()
            .unwrap();
    assert_eq!(
        Depth::default().with_budget(1000).evaluate(&hard_dead),
        Err(Failure::budget_exceeded(1000, Work::SearchNodes))
    );
}

#[test]
fn puzzle_without_solution_has_a_width_and_stops_at_a_small_budget() {
    let p: Grid = NO_SOLUTION.parse().unwrap();
    assert_eq!(NormalWidth::default().evaluate(&p).map(|w| (w.width, w.solutions)), Ok((773, 0)));
    assert_eq!(
        NormalWidth::default().with_budget(772).evaluate(&p),
        Err(Failure::budget_exceeded(772, Work::SearchNodes))
    );
    assert_eq!(NormalWidth::default().with_budget(773).evaluate(&p).map(|w| w.width), Ok(773));
}

#[test]
fn hidden_singles_solve_the_fig5_puzzle_without_guessing() {
    let fig5: Grid =
        ".61..7..3.92..3..............853..........5.45....8....4......1...16.8..6........"
            .parse()
            .unwrap();
    let d = Depth::default().with_propagation(Propagation::NakedAndHiddenSingles);
    assert_eq!(d.evaluate(&fig5), Ok(0));
    assert_eq!(Depth::default().evaluate(&fig5), Ok(10));
}

#[test]
fn average_width_does_not_depend_on_the_thread_count() {
    let p: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let a = AverageWidth::default().with_samples(30);
    let run = |threads| with_threads(threads, || a.sample_widths(&p, 99));
    let one = run(1).unwrap();
    assert_eq!(one, run(2).unwrap());
    assert_eq!(one, run(5).unwrap());
    assert_eq!(one.len(), 30);
}
