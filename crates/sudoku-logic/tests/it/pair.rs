//! The pair-reduction solver: correct solutions, levels, and a chain whose every line replays.

use std::path::Path;

use sudoku_core::{Failure, Grid, PuzzleReader, Work};
use sudoku_logic::{Conclusion, Marker, PairReduction};

const INKALA_2012: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn top95() -> Vec<Grid> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/top95.txt");
    PuzzleReader::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()))
        .map(|r| r.unwrap().grid)
        .collect()
}

/// Every line's claim holds when replayed; the chain starts with STA and ends with PRF => SOL.
fn assert_chain_replays(puzzle: &Grid, e: &sudoku_logic::Explanation) {
    assert_eq!(e.chain.first().map(|l| l.marker), Some(Marker::Sta));
    let last = e.chain.last().unwrap();
    assert_eq!((last.marker, last.conclusion), (Marker::Prf, Conclusion::Solution));
    for line in &e.chain {
        assert!(line.check(puzzle), "{puzzle}: line does not replay: {line}");
        assert!(line.depth() <= e.level as usize, "{line} deeper than level {}", e.level);
    }
}

#[test]
fn inkala_2012_needs_at_most_two_levels() {
    let p: Grid = INKALA_2012.parse().unwrap();
    let e = PairReduction::default().solve(&p).unwrap();
    assert!(e.level <= 2, "level {}", e.level);
    assert!(p.is_solved_by(&e.solution));
    assert_chain_replays(&p, &e);
    // The seed's chain starts with the same hypothesis.
    assert_eq!(e.chain[1].to_string(), "HYP # I8: 3,9");
}

#[test]
fn every_top95_puzzle_is_solved_correctly_with_a_replayable_chain() {
    let mut levels = [0usize; 6];
    for p in top95() {
        let e = PairReduction::default().solve(&p).unwrap_or_else(|err| panic!("{p}: {err}"));
        assert!(p.is_solved_by(&e.solution), "{p}");
        assert_chain_replays(&p, &e);
        levels[e.level as usize] += 1;
    }
    eprintln!("top95 levels 0..5: {levels:?}");
}

#[test]
fn easy_puzzles_are_level_zero_and_bad_ones_are_errors() {
    let easy: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let e = PairReduction::default().solve(&easy).unwrap();
    assert_eq!(e.level, 0);
    assert_eq!(e.chain.len(), 2);
    assert_eq!(PairReduction::default().solve(&Grid::EMPTY), Err(Failure::NOT_UNIQUE));
    let dead: Grid =
        "12345678.........9..............................................................."
            .parse()
            .unwrap();
    assert_eq!(PairReduction::default().solve(&dead), Err(Failure::NO_SOLUTION));
    let p: Grid = INKALA_2012.parse().unwrap();
    // 148 decision branches needed; the uniqueness check fits in 100 search nodes, not in 10.
    let tight = PairReduction { budget: 100, ..PairReduction::default() };
    assert_eq!(tight.solve(&p), Err(Failure::budget_exceeded(100, Work::DecisionBranches)));
    let tighter = PairReduction { budget: 10, ..PairReduction::default() };
    assert_eq!(tighter.solve(&p), Err(Failure::budget_exceeded(10, Work::SearchNodes)));
    // The uniqueness check runs first within the same budget; its overrun is in search nodes.
    let hard_dead: Grid =
        "24......56...7....5..............256.7........3.................................."
            .parse()
            .unwrap();
    let check = PairReduction { budget: 1000, ..PairReduction::default() };
    assert_eq!(check.solve(&hard_dead), Err(Failure::budget_exceeded(1000, Work::SearchNodes)));
    let shallow = PairReduction { max_level: 1, ..PairReduction::default() };
    assert_eq!(shallow.solve(&p), Err(Failure::too_deep(1)));
}
