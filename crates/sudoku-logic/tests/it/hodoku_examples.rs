//! HoDoKu's pinned examples ([`Row::example`]): each gives its step, exactly, and every row of
//! the step table that this solver searches has one, so that a technique added without an
//! example fails here.

use sudoku_core::Grid;
use sudoku_logic::hodoku::{LibraryCase, Row, STEP_TABLE};
use sudoku_logic::{HodokuTechnique as T, Step, Technique};

/// The optional rows (off in HoDoKu's default) no example was found for yet: searched, but
/// never the first step of their search on the positions tried (the development puzzles'
/// HoDoKu paths and the regression library).
const NO_EXAMPLE_YET: &[T] = &[];

/// The example's step, found by its solver.
fn found(row: &Row) -> Option<Step> {
    let example = row.example()?;
    let solver = example.solver();
    if example.index == 0 {
        return solver.hint(&example.grid.parse().expect("a grid")).step().cloned();
    }
    let puzzle: Grid = example.grid.parse().expect("a puzzle");
    let path = solver.solve(&puzzle).expect("one solution");
    path.steps.get(example.index).cloned()
}

#[test]
fn every_hodoku_example_gives_its_step() {
    let mut checked = 0;
    for row in STEP_TABLE {
        let Some(example) = row.example() else { continue };
        let step = found(row).unwrap_or_else(|| panic!("{}: no step", row.technique));
        assert_eq!(step.to_string(), example.step, "{}", row.technique);
        // The row's own step (a fish row may report another kind of fish; not these), scored
        // as the row.
        let Technique::Hodoku(t) = step.technique else { panic!("{step}: not HoDoKu's") };
        assert_eq!(t.row().technique, row.technique, "{step}");
        assert!((step.difficulty - f64::from(row.score)).abs() < 1e-9, "{step}");
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{step}");
        // Optional rows' examples hold for the row alone; default rows' for the default solver
        // (but for those never next on the positions searched).
        assert!(example.alone || row.enabled, "{}", row.technique);
        checked += 1;
    }
    assert!(checked >= 58, "{checked} examples");
}

#[test]
fn every_searched_row_has_an_example() {
    let missing: Vec<T> = STEP_TABLE
        .iter()
        .filter(|r| r.searched() && r.example().is_none())
        // Giving up happens only when brute force cannot place: never with one solution.
        .filter(|r| r.technique != T::GiveUp)
        .map(|r| r.technique)
        .collect();
    assert_eq!(missing, NO_EXAMPLE_YET, "rows without an example");
    // The default rows all have one.
    for row in STEP_TABLE.iter().filter(|r| r.enabled && r.technique != T::GiveUp) {
        assert!(row.example().is_some(), "{} has no example", row.technique);
    }
}

/// The rows said not to be searched find nothing, even where HoDoKu's templates do.
#[test]
fn the_rows_not_searched_find_nothing() {
    let line = ":1201:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8:::914 929 932 943 958 966 981 995:";
    let case: LibraryCase = line.parse().expect("a library case");
    for row in STEP_TABLE.iter().filter(|r| !r.searched()) {
        let mut solver = sudoku_logic::HodokuSolver::default();
        solver.ruleset.rows = vec![*row];
        assert_eq!(solver.next_step(&case.marks), Ok(None), "{}", row.technique);
    }
}
