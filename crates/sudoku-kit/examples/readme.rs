//! A Sudoku puzzle solved, explained and rated, and three new ones: the libraries in one program.

use std::error::Error;
use std::io::Write;

use sudoku_kit::prelude::*;

/// Arto Inkala's puzzle of 2012, Sudoku Explainer's ER 10.7.
const INKALA_2012: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn main() -> Result<(), Box<dyn Error>> {
    let mut out = std::io::stdout().lock();
    let puzzle: Grid = INKALA_2012.parse()?;
    let solution = solve(&puzzle).unique().expect("one solution");
    writeln!(out, "puzzle   {puzzle}\nsolution {solution}")?;

    // Explained like a person would solve it, step by step, and rated as Sudoku Explainer rates it.
    let path = LogicalSolver::default().solve(&puzzle)?;
    assert_eq!((path.rating.to_string(), path.solution), ("10.7/10.7/9.7".into(), solution));
    writeln!(out, "Sudoku Explainer: ER/EP/ED {} in {} steps", path.rating, path.steps.len())?;

    // Explained by pair reduction: two levels of binary decisions, every line replayable.
    let explained = PairReduction::default().solve(&puzzle)?;
    assert_eq!((explained.level, explained.solution), (2, solution));
    writeln!(out, "pair reduction: level {}, {} lines", explained.level, explained.chain.len())?;

    // Solved by simulated annealing (seeded: the same seed gives the same run).
    let run = Annealer::default().run(&puzzle, 7, 100_000_000)?;
    assert_eq!(run.solution(), Some(solution));
    writeln!(out, "simulated annealing: solved in {} steps", run.steps)?;

    // Rated: hard for backtracking (average width) and for people (human effort).
    let width = AverageWidth::default().rate(&puzzle, 1)?;
    let effort = HumanEffort::default().rate(&puzzle, 1)?;
    assert!(width > 1000.0 && effort > 100.0);
    writeln!(out, "average width {width:.0}, human effort {effort:.0}")?;

    // Three puzzles HoDoKu grades Hard, as a puzzle app asks for them (seeded: the same seed
    // gives the same three; an error only if 100,000 random puzzles missed the band).
    for found in BandSearch::new("hodoku=hard".parse()?).puzzles(7).take(3) {
        let found = found?;
        let rating = found.hodoku().expect("a HoDoKu band is rated by HoDoKu");
        assert_eq!(rating.level, Level::Hard);
        writeln!(out, "HoDoKu {rating}: {}", found.puzzle)?;
    }
    Ok(())
}
