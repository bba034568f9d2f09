#![no_main]
//! HoDoKu's ruleset (`hint --style hodoku`, `explain --steps --style hodoku`, `rate --metrics
//! hodoku`): pencil marks to `HodokuSolver::next_step` and `hint`, and grids to `solve`, with
//! a node budget: a typed error whenever the marks or grid do not have exactly one solution,
//! else sound steps (never a panic or a hang), a path that replays to the solution, and a score
//! that is the sum of its steps' within the level's limit.

use libfuzzer_sys::fuzz_target;
use sudoku_core::CandidateGrid;
use sudoku_logic::{HodokuSolver, PathEnd, Technique, apply};
use sudoku_solve::Query;

#[path = "logic.rs"]
mod logic;

fuzz_target!(|data: &[u8]| {
    let solver = HodokuSolver::default().with_budget(20_000);
    // The next step on any marks, and the hint record of the same marks.
    if let Some(marks) = logic::marks_from(data) {
        let next = solver.next_step(&marks);
        let hint = solver.hint(&sudoku_core::Board::Marks(marks.clone()));
        match Query::marks(&marks).with_budget(20_000).unique() {
            Ok(solution) if !marks.is_broken() => {
                if let Ok(Some(step)) = &next {
                    logic::assert_sound(step, &solution);
                    assert_eq!(hint.step(), Some(step), "the hint is the next step");
                    let _ = hint.svg();
                }
            }
            _ => assert!(next.is_err(), "a HoDoKu step without one solution: {marks:?}"),
        }
    }
    // The whole path on a grid: every step sound, the marks never broken, the rating HoDoKu's
    // sum and level.
    let Some(p) = logic::grid_from(data.get(1..).unwrap_or_default()) else { return };
    let Ok(path) = solver.solve(&p) else { return };
    assert!(p.is_solved_by(&path.solution));
    let mut marks = CandidateGrid::new(&p).expect("a solvable puzzle has no clash");
    let mut score = 0u32;
    for step in &path.steps {
        logic::assert_sound(step, &path.solution);
        apply(&mut marks, step);
        assert!(!marks.is_broken(), "{step}");
        assert!(matches!(step.technique, Technique::Hodoku(_)), "{step}");
        // A step scores as the row that found it (its difficulty).
        score += step.difficulty as u32;
    }
    assert_eq!(path.end, PathEnd::Solved, "HoDoKu's brute force always finishes");
    assert_eq!(marks.grid(), &path.solution);
    assert_eq!(path.rating.score, score);
    let level = path.rating.level;
    assert!(level.max_score().is_none_or(|max| score <= max), "{}", path.rating);
});
