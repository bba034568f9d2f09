// Shared by the logical-solver targets: pencil marks from fuzz bytes, and the soundness check
// of a step against the solution.
use sudoku_core::{CandidateGrid, Cell, Digit, Grid};
use sudoku_logic::Step;

#[path = "grid.rs"]
mod grid;
pub use grid::grid_from;

/// A hard puzzle (ER 8.3) whose marks the third mode crosses out.
const HARD: &str =
    "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2.....3....5.....5...6..98.....5.";

/// Pencil marks from bytes. First byte mod 3: 0, the marks of a grid (see `grid_from`); 1, the
/// marks of a grid with candidates crossed out where the bits after its 82 bytes say (any
/// marks, mostly without a solution); 2, the marks of a hard puzzle with candidates crossed out
/// by the bits, solution digits only where the first byte is odd (progress a person could make,
/// or a slip).
#[allow(dead_code)]
pub fn marks_from(data: &[u8]) -> Option<CandidateGrid> {
    let (&mode, rest) = data.split_first()?;
    let bit = |bits: &[u8], i: usize| bits.get(i / 8).is_some_and(|m| m >> (i % 8) & 1 != 0);
    match mode % 3 {
        0 => CandidateGrid::new(&grid_from(rest)?).ok(),
        1 => {
            let grid = grid_from(rest)?;
            let bits = rest.get(82..).unwrap_or_default();
            let mut marks = CandidateGrid::from(&grid);
            for i in 0..729 {
                if bit(bits, i) {
                    marks.eliminate(Cell::new(i / 9)?, Digit::from_index(i % 9));
                }
            }
            Some(marks)
        }
        _ => {
            let puzzle: Grid = HARD.parse().ok()?;
            let solution = sudoku_solve::solve(&puzzle).unique()?;
            let mut marks = CandidateGrid::new(&puzzle).ok()?;
            let slips = mode % 2 == 1;
            for i in 0..729 {
                let (cell, digit) = (Cell::new(i / 9)?, Digit::from_index(i % 9));
                if bit(rest, i) && (slips || solution.get(cell) != Some(digit)) {
                    marks.eliminate(cell, digit);
                }
            }
            Some(marks)
        }
    }
}

/// A step may place only solution digits and cross out only other digits.
#[allow(dead_code)]
pub fn assert_sound(step: &Step, solution: &Grid) {
    for p in &step.placements {
        assert_eq!(solution.get(p.cell()), Some(p.digit()), "wrong placement: {step}");
    }
    for e in &step.eliminations {
        assert_ne!(solution.get(e.cell()), Some(e.digit()), "solution digit crossed out: {step}");
    }
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "empty step: {step}");
    let _ = step.to_string();
    for chain in &step.chains {
        let _ = chain.to_string();
    }
}
