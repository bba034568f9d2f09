//! The stochastic solvers: valid solutions, reproducible runs, honest "gave up" results.

use sudoku_core::{Failure, FailureKind, Grid};
use sudoku_solve::{Annealer, Exact, HarmonySearch, RunOutcome, Solver, TabuSearch};

const INKALA_2010: &str =
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const GOLDEN_NUGGET: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

fn grid(s: &str) -> Grid {
    s.parse().expect("a valid puzzle")
}

fn solvers() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(Exact),
        Box::new(Annealer::default()),
        Box::new(Annealer::krivanek()),
        Box::new(TabuSearch::default()),
        Box::new(HarmonySearch::default()),
    ]
}

#[test]
fn local_search_solves_hard_puzzles_correctly() {
    for s in [INKALA_2010, GOLDEN_NUGGET] {
        let p = grid(s);
        let solvers: [Box<dyn Solver>; 2] =
            [Box::new(Annealer::default()), Box::new(TabuSearch::default())];
        for solver in solvers {
            let run = solver.run(&p, 11, 50_000_000).unwrap();
            let solution =
                run.solution().unwrap_or_else(|| panic!("{} gave up on {s}", solver.name()));
            assert!(p.is_solved_by(&solution), "{}: wrong solution", solver.name());
            assert!(run.steps > 0);
        }
    }
}

#[test]
fn the_thesis_annealer_solves_an_easy_puzzle_without_help() {
    let p = grid(EASY);
    let run = Annealer::krivanek().run(&p, 2, 20_000_000).unwrap();
    assert!(run.solution().is_some_and(|s| p.is_solved_by(&s)));
    // Without propagation the search has work to do.
    assert!(run.steps > 100, "{} steps", run.steps);
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let p = grid(INKALA_2010);
    for solver in solvers() {
        let budget = 3_000;
        let a = solver.run(&p, 5, budget).unwrap();
        let b = solver.run(&p, 5, budget).unwrap();
        assert_eq!(a, b, "{}", solver.name());
    }
}

#[test]
fn a_spent_budget_gives_up_with_the_best_filling() {
    let p = grid(GOLDEN_NUGGET);
    for solver in solvers() {
        let run = solver.run(&p, 3, 20).unwrap();
        assert!(run.steps <= 20, "{}", solver.name());
        let RunOutcome::GaveUp { best_cost, best_filling } = run.outcome else {
            panic!("{} solved the golden nugget in 20 steps", solver.name())
        };
        assert!(best_cost > 0);
        assert_eq!(run.best_cost(), best_cost);
        for (i, &g) in p.to_bytes().iter().enumerate() {
            if g != 0 {
                assert_eq!(best_filling[i], g, "{} changed a given", solver.name());
            }
        }
    }
}

#[test]
fn box_search_fillings_keep_boxes_whole() {
    let p = grid(GOLDEN_NUGGET);
    let solvers: [Box<dyn Solver>; 3] = [
        Box::new(Annealer::default()),
        Box::new(Annealer::krivanek()),
        Box::new(TabuSearch::default()),
    ];
    for solver in solvers {
        let run = solver.run(&p, 9, 500).unwrap();
        let RunOutcome::GaveUp { best_filling, best_cost } = run.outcome else { continue };
        let mut missing = 0;
        for unit in 0..18 {
            let present = sudoku_core::UNIT_CELLS[unit]
                .iter()
                .fold(0u16, |m, c| m | 1 << best_filling[c.index()]);
            missing += 9 - (present >> 1).count_ones();
        }
        for unit in 18..27 {
            let present = sudoku_core::UNIT_CELLS[unit]
                .iter()
                .fold(0u16, |m, c| m | 1 << best_filling[c.index()]);
            assert_eq!(present, 0x3fe, "{}: box {} is not a permutation", solver.name(), unit - 18);
        }
        assert_eq!(
            missing,
            best_cost,
            "{}: cost is the digits missing from rows and columns",
            solver.name()
        );
    }
}

#[test]
fn harmony_memory_only_improves() {
    let p = grid(EASY);
    let h = HarmonySearch::default();
    let mut last = u32::MAX;
    for steps in [0, 100, 1_000, 5_000] {
        let cost = h.run(&p, 4, steps).unwrap().best_cost();
        assert!(cost <= last, "best cost rose from {last} to {cost} at {steps} improvisations");
        last = cost;
    }
    assert!(last < 60, "best cost {last}");
}

#[test]
fn bad_givens_are_errors_not_runs() {
    let mut clash = Grid::EMPTY;
    let five = sudoku_core::Digit::new(5);
    clash.set("A1".parse().unwrap(), five);
    clash.set("A2".parse().unwrap(), five);
    for solver in solvers() {
        assert!(
            solver.run(&clash, 0, 100).is_err_and(|e| matches!(e.kind(), FailureKind::Conflict(_))),
            "{}",
            solver.name()
        );
    }
    // Row 1 needs a 9 that column 9 already holds: propagation proves it dead.
    let dead =
        grid("12345678.........9...............................................................");
    for solver in
        [Box::new(Annealer::default()) as Box<dyn Solver>, Box::new(TabuSearch::default())]
    {
        assert_eq!(solver.run(&dead, 0, 100), Err(Failure::NO_SOLUTION), "{}", solver.name());
    }
    assert_eq!(Exact.run(&dead, 0, 100), Err(Failure::NO_SOLUTION));
}
