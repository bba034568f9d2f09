//! Both logical solvers from pencil marks: a puzzle's own marks take the puzzle's path (the
//! same steps and ratings), and marks a player narrowed or broke get their path or failure.

use std::path::Path;

use sudoku_core::{CandidateGrid, Cell, DigitSet, Failure, FailureKind, Grid};
use sudoku_logic::{HodokuSolver, LogicalSolver};

/// A sample of the test data: every 50th puzzle of the Sudoku Explainer oracle set (singles to
/// chains) and every 19th of top95 (the hard end).
fn sample() -> Vec<Grid> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut puzzles = Vec::new();
    for (name, every) in [("se-rated.txt", 50), ("top95.txt", 19)] {
        let text = std::fs::read_to_string(dir.join(name)).expect("test data");
        let lines = text.lines().filter(|l| !l.starts_with('#')).step_by(every);
        puzzles.extend(lines.filter_map(|l| l.get(..81)?.parse::<Grid>().ok()));
    }
    assert!(puzzles.len() > 55, "{}", puzzles.len());
    puzzles
}

#[test]
fn a_puzzles_own_marks_take_the_puzzles_path_in_both_rulesets() {
    // A modest chain budget keeps the hardest short: the paths must agree up to there too.
    let explainer = LogicalSolver::default().with_chain_budget(2_000_000);
    let hodoku = HodokuSolver::default();
    for p in &sample() {
        let marks = CandidateGrid::new(p).expect("no clash");
        let (a, b) =
            (explainer.solve(p).expect("unique"), explainer.solve_marks(&marks).expect("unique"));
        assert_eq!(
            (&a.steps, a.rating, a.end, a.solution),
            (&b.steps, b.rating, b.end, b.solution),
            "{p}"
        );
        assert_eq!((a.last, a.potentials), (b.last, b.potentials), "{p}");
        assert_eq!((a.marks, b.marks, b.puzzle), (None, Some(marks), *p), "{p}");
        assert_eq!((a.start(), b.start()), (marks, marks), "{p}");
        let (a, b) =
            (hodoku.solve(p).expect("unique"), hodoku.solve_marks(&marks).expect("unique"));
        assert_eq!((&a.steps, a.rating, a.end, a.last), (&b.steps, b.rating, b.end, b.last), "{p}");
    }
}

#[test]
fn narrowed_marks_get_a_path_from_there_and_broken_marks_their_failure() {
    let p: Grid =
        "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
            .parse()
            .expect("puzzle");
    let solution = LogicalSolver::default().solve(&p).expect("unique").solution;
    let mut marks = CandidateGrid::new(&p).expect("no clash");
    // A player crossed out every wrong candidate of B1 and of A2.
    for cell in [Cell::from_row_col(0, 1), Cell::from_row_col(1, 0)] {
        marks.restrict(cell, DigitSet::single(solution.get(cell).expect("solved")));
    }
    let path = LogicalSolver::default().solve_marks(&marks).expect("unique");
    assert!(path.is_solved() && path.solution == solution);
    assert_eq!(path.puzzle_text(), marks.pencil_marks());
    let path = HodokuSolver::default().solve_marks(&marks).expect("unique");
    assert!(path.is_solved() && path.solution == solution);

    // B1's solution digit crossed out: no solution, and the cell is named.
    let b1 = Cell::from_row_col(0, 1);
    let mut broken = CandidateGrid::new(&p).expect("no clash");
    let digit = solution.get(b1).expect("solved");
    broken.eliminate(b1, digit);
    let excluded = Failure::new(FailureKind::ExcludedSolution { cell: b1, digit });
    assert_eq!(LogicalSolver::default().solve_marks(&broken), Err(excluded));
    assert_eq!(HodokuSolver::default().solve_marks(&broken), Err(excluded));
    // The empty grid's marks: several solutions.
    let empty = CandidateGrid::new(&Grid::EMPTY).expect("empty");
    assert_eq!(LogicalSolver::default().solve_marks(&empty), Err(Failure::NOT_UNIQUE));
}
