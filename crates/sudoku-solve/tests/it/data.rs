//! Known puzzle sets: every solution valid, 17-clue puzzles unique, serg puzzles multiple.
//! The full sets in `../shared/data/bench` are used when present; the samples in `tests/data`
//! always are.

use std::path::{Path, PathBuf};

use sudoku_core::{Grid, PuzzleReader};
use sudoku_solve::{Outcome, Query, solve};

fn read(path: &Path) -> Vec<Grid> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PuzzleReader::new(std::io::BufReader::new(file))
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())).grid)
        .collect()
}

fn local(name: &str) -> Vec<Grid> {
    read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name))
}

/// The full shared set, or `None` (with a message) where `../shared` is absent.
fn shared(name: &str) -> Option<Vec<Grid>> {
    let path: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bench").join(name);
    if path.exists() {
        Some(read(&path))
    } else {
        eprintln!("skipping the full {name} set: {} is absent", path.display());
        None
    }
}

fn assert_all_unique(puzzles: &[Grid]) {
    assert!(!puzzles.is_empty());
    for p in puzzles {
        match solve(p) {
            Outcome::Unique(s) => assert!(p.is_solved_by(&s), "{p}: wrong solution {s}"),
            other => panic!("{p}: expected unique, got {other:?}"),
        }
    }
}

fn assert_all_multiple(puzzles: &[Grid]) {
    assert!(!puzzles.is_empty());
    for p in puzzles {
        match solve(p) {
            Outcome::Multiple(a, b) => {
                assert!(p.is_solved_by(&a) && p.is_solved_by(&b) && a != b, "{p}");
            }
            other => panic!("{p}: expected several solutions, got {other:?}"),
        }
    }
}

#[test]
fn top95_is_unique_and_correct() {
    let puzzles = local("top95.txt");
    assert_eq!(puzzles.len(), 95);
    assert_all_unique(&puzzles);
}

/// The 17-clue set: every puzzle unique (the full shared set every 10th in `cargo test`, all
/// of it in `cargo xtask oracle`).
#[test]
fn oracle_seventeen_clue_puzzles_are_unique() {
    let sample = local("17-clue-1000.txt");
    assert_eq!(sample.len(), 1000);
    assert!(sample.iter().all(|p| p.clue_count() == 17));
    assert_all_unique(&sample);
    if let Some(all) = shared("puzzles2_17_clue") {
        assert_eq!(all.len(), 49_158);
        let every = crate::sample_every(10);
        assert_all_unique(&all.into_iter().step_by(every).collect::<Vec<_>>());
    }
}

/// Serg's benchmark: every puzzle has several solutions (the full shared set every 10th in
/// `cargo test`, all of it in `cargo xtask oracle`).
#[test]
fn oracle_serg_puzzles_have_several_solutions() {
    assert_all_multiple(&local("serg-multi-1000.txt"));
    if let Some(all) = shared("puzzles7_serg_benchmark") {
        assert_eq!(all.len(), 10_000);
        let every = crate::sample_every(10);
        assert_all_multiple(&all.into_iter().step_by(every).collect::<Vec<_>>());
    }
}

#[test]
fn reference_counts() {
    let thirteen: Grid =
        "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
            .parse()
            .unwrap();
    let n = Query::new(&thirteen).with_limit(u64::MAX).with_budget(1_000_000).run();
    assert_eq!(n.map(|n| (n.count(), n.is_capped())), Ok((13, false)));
    let none: Grid =
        "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    assert_eq!(solve(&none), Outcome::None);
}
