//! A deliberately simple backtracking solver, used as the model the fast solver must agree with.

use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};

/// Counts solutions up to `limit` by plain backtracking on the empty cell with fewest candidates.
pub(crate) fn count(grid: &mut Grid, limit: u64) -> u64 {
    if grid.first_conflict().is_some() {
        return 0;
    }
    count_inner(grid, &[DigitSet::ALL; 81], limit)
}

/// Counts the solutions of pencil marks up to `limit`: each empty cell holds one of its
/// candidates.
pub(crate) fn count_marks(marks: &CandidateGrid, limit: u64) -> u64 {
    let mut grid = *marks.grid();
    if grid.first_conflict().is_some() {
        return 0;
    }
    let allowed: [DigitSet; 81] = std::array::from_fn(|i| {
        Cell::all().nth(i).map_or(DigitSet::EMPTY, |c| marks.candidates(c))
    });
    count_inner(&mut grid, &allowed, limit)
}

fn count_inner(grid: &mut Grid, allowed: &[DigitSet; 81], limit: u64) -> u64 {
    let mut best: Option<(Cell, sudoku_core::DigitSet)> = None;
    for cell in grid.empty_cells() {
        let c = grid.candidates(cell) & allowed[cell.index()];
        if best.is_none_or(|(_, b)| c.len() < b.len()) {
            best = Some((cell, c));
        }
    }
    let Some((cell, cands)) = best else { return 1 };
    let mut n = 0;
    for d in cands {
        grid.set(cell, Some(d));
        n += count_inner(grid, allowed, limit - n);
        grid.set(cell, None);
        if n >= limit {
            break;
        }
    }
    n
}
