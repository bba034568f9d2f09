//! A ruleset of your own: singles, locked candidates and subsets only, each with a score of
//! your choosing, assembled from Sudoku Explainer's finders and run by the same solver as
//! the built-in rulesets (paths, hints, budgets, cancelling come with it).
//!
//! `cargo run -p sudoku-logic --example custom_ruleset [PUZZLE...]` prints each puzzle's
//! path length, its score (the sum of the steps' scores) and its hardest technique, or
//! where the ruleset gets stuck.
#![allow(clippy::print_stdout, reason = "an example program prints its results")]

use std::fmt;

use sudoku_core::{Board, Cancel, CandidateGrid, Grid};
use sudoku_logic::explainer::Finder;
use sudoku_logic::{Halt, PathEnd, PathRating, Ruleset, Solver, Step, Technique, Verdict, Walk};

/// The techniques, easiest first, with my scores.
const MINE: [(Technique, u32); 8] = [
    (Technique::HiddenSingle, 1),
    (Technique::NakedSingle, 2),
    (Technique::Pointing, 4),
    (Technique::NakedPair, 6),
    (Technique::HiddenPair, 7),
    (Technique::NakedTriple, 9),
    (Technique::HiddenTriple, 10),
    (Technique::NakedQuad, 14),
];

/// My rating: the sum of the step scores, and the hardest step's score.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Score {
    total: u32,
    hardest: u32,
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "score {} (hardest {})", self.total, self.hardest)
    }
}

impl PathRating for Score {
    fn key(&self) -> &'static str {
        "my_score"
    }

    fn label(&self) -> &'static str {
        "my score"
    }
}

/// The ruleset: my techniques' searches in my order.
struct Simple {
    finders: Vec<(Finder, u32)>,
}

impl Simple {
    fn new() -> Simple {
        let finders = MINE
            .iter()
            .map(|&(t, score)| (Finder::of(t).expect("a basic technique"), score))
            .collect();
        Simple { finders }
    }
}

/// One solve: the score so far, and the score of the step just found.
struct SimpleWalk<'a> {
    finders: &'a [(Finder, u32)],
    found: u32,
    score: Score,
}

impl Ruleset for Simple {
    type Rating = Score;
    type Walk<'a> = SimpleWalk<'a>;

    fn name(&self) -> &str {
        "simple"
    }

    fn walk<'a>(&'a self, _: &Board, _: &Grid, _: &Cancel) -> SimpleWalk<'a> {
        SimpleWalk { finders: &self.finders, found: 0, score: Score { total: 0, hardest: 0 } }
    }
}

impl Walk for SimpleWalk<'_> {
    type Rating = Score;

    fn next(&mut self, marks: &CandidateGrid) -> Result<Option<Step>, Halt> {
        for &(finder, score) in self.finders {
            if let Some(mut step) = finder.first(marks) {
                self.found = score;
                step.difficulty = f64::from(score);
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    fn take(&mut self, _: &Step) -> Verdict {
        self.score.total += self.found;
        self.score.hardest = self.score.hardest.max(self.found);
        Verdict::Go
    }

    fn finish(self, _: PathEnd, _: &CandidateGrid) -> Score {
        self.score
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut puzzles: Vec<String> = std::env::args().skip(1).collect();
    if puzzles.is_empty() {
        puzzles = [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2",
        ]
        .map(String::from)
        .to_vec();
    }
    let solver = Solver::new(Simple::new());
    for text in &puzzles {
        let board: Board = text.parse()?;
        let path = solver.solve(&board)?;
        let hardest = path.hardest_step().map(|i| path.steps[i].technique.to_string());
        match path.end {
            PathEnd::Solved => println!(
                "{text}: solved in {} steps, {}, hardest {}",
                path.steps.len(),
                path.rating,
                hardest.unwrap_or_default()
            ),
            _ => println!(
                "{text}: stuck after {} steps ({} candidates left), {}",
                path.steps.len(),
                path.last.candidate_count(),
                path.rating
            ),
        }
        // The same solver gives hints on the way.
        if let Some(step) = solver.hint(&board).step() {
            println!("  first hint: {step}");
        }
    }
    Ok(())
}
