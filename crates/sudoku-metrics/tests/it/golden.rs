//! Golden values of the seeded ratings (see sudoku-solve's tests/it/golden.rs for why): a
//! `rand` upgrade or a change in our sampling must show here, not silently in results.

use sudoku_metrics::{AverageWidth, Difficulty, HumanEffort, Relaxation};

use crate::{INKALA_2012, grid};

#[test]
fn seeded_ratings_are_pinned() {
    let p = grid(INKALA_2012);
    let avg = AverageWidth::default().with_samples(20).evaluate(&p, 7).unwrap();
    let effort = HumanEffort::default().rate(&p, 1).unwrap();
    let relaxation = Relaxation::default().with_samples(3).counts(&grid(crate::EASY), 5).unwrap();
    // Exact values, compared through their shortest round-trip text.
    let got = format!("{:?} {:?} {:?} {relaxation:?}", avg.mean, avg.stderr, effort);
    assert_eq!(got, GOLDEN);
}

const GOLDEN: &str = "2252.2 53.92112758464937 13878.716190055575 [4, 7, 2]";
