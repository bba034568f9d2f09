//! The solvers' cancellation hook: a token cancelled from another thread stops a solve within
//! milliseconds, with `FailureKind::Cancelled`; an untouched token changes nothing.

use std::time::{Duration, Instant};

use sudoku_core::{Cancel, CandidateGrid, Failure, Grid};
use sudoku_logic::{HodokuSolver, LogicalSolver};

/// Rated 11.3 by Sudoku Explainer: a whole path takes a good part of a second.
const ELEVEN: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
const XY_WING: &str =
    "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2";

fn grid(s: &str) -> Grid {
    s.parse().expect("a puzzle")
}

#[test]
fn a_token_cancelled_mid_solve_stops_the_logical_solver() {
    let puzzle = grid(ELEVEN);
    let whole = Instant::now();
    let path = LogicalSolver::default().solve(&puzzle).expect("unique");
    let whole = whole.elapsed();
    assert!(path.is_solved());
    let cancel = Cancel::new();
    let solver = LogicalSolver::default().with_cancel(cancel.clone());
    let after = whole / 10;
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(after);
        cancel.cancel();
        Instant::now()
    });
    let result = solver.solve(&puzzle);
    let stopped = Instant::now();
    let cancelled_at = canceller.join().expect("the canceller");
    assert_eq!(result, Err(Failure::CANCELLED), "the solve took {whole:?} whole");
    // It stops at its next check: well before the solve would have ended.
    let late = stopped.saturating_duration_since(cancelled_at);
    assert!(late < Duration::from_millis(100).max(whole / 4), "{late:?} after the cancel");
}

#[test]
fn a_cancelled_token_stops_steps_hints_and_hodoku() {
    let cancel = Cancel::new();
    cancel.cancel();
    let marks = CandidateGrid::new(&grid(XY_WING)).expect("no clash");
    let solver = LogicalSolver::default().with_cancel(cancel.clone());
    assert_eq!(solver.next_step(&marks), Err(Failure::CANCELLED));
    assert_eq!(solver.all_steps(&marks), Err(Failure::CANCELLED));
    assert_eq!(
        solver.hint(&XY_WING.parse().expect("a grid")).status(),
        sudoku_core::Status::Cancelled
    );
    let hodoku = HodokuSolver::default().with_cancel(cancel);
    assert_eq!(hodoku.next_step(&marks), Err(Failure::CANCELLED));
    assert_eq!(hodoku.solve(&grid(XY_WING)), Err(Failure::CANCELLED));
    assert_eq!(
        hodoku.hint(&XY_WING.parse().expect("a grid")).status(),
        sudoku_core::Status::Cancelled
    );
}

#[test]
fn an_untouched_token_changes_nothing() {
    let puzzle = grid(ELEVEN);
    let plain = LogicalSolver::default().solve(&puzzle).expect("unique");
    let watched =
        LogicalSolver::default().with_cancel(Cancel::new()).solve(&puzzle).expect("unique");
    assert_eq!(plain, watched);
    let plain = HodokuSolver::default().solve(&puzzle).expect("unique");
    let watched =
        HodokuSolver::default().with_cancel(Cancel::new()).solve(&puzzle).expect("unique");
    assert_eq!(plain, watched);
}
