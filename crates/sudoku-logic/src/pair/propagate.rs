//! Solving "in the normal manner": the techniques a pair-reduction solver allows between its
//! decisions. Each technique makes one pass over the candidates and says whether it changed
//! anything; [`Candidates::propagate`] runs them to a fixed point. Singles are pair
//! reduction's own (a cell with one candidate counts as solved, nothing is placed); locked
//! candidates and subsets are the logical solver's, every step of a pass applied at once.
//!
//! The order of the passes, and applying a pass's steps together, change the way but not the
//! end: every technique only removes candidates that no solution of the position holds, and
//! propagation stops at the largest position closed under all of them (or at a
//! contradiction), whichever order they run in.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid, UNIT_CELLS, Unit};

use crate::{Hints, locking, subsets};

/// What propagation came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    /// Every cell has one candidate and no rule is broken.
    Solved,
    /// A cell lost its last candidate, or a digit its last place in a unit.
    Contradiction,
    /// Neither.
    Unsolved,
}

/// One pass of a technique: `Err(())` on a contradiction, else whether it eliminated anything.
type Pass = Result<bool, ()>;

/// Candidate digits of every cell, on the shared [`CandidateGrid`]. Pair reduction never
/// places a digit: a cell with one candidate counts as solved, and every step only removes
/// candidates. Masks are read and written as `u16` (bit `d` for digit `d + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Candidates(pub(crate) CandidateGrid);

/// The cells of unit `u` as indices.
fn unit(u: usize) -> [usize; 9] {
    std::array::from_fn(|k| UNIT_CELLS[u][k].index())
}

fn cell(i: usize) -> Cell {
    Cell::new(i).expect("index below 81")
}

impl Candidates {
    /// The candidates of a puzzle's givens (each given cell holds its digit only).
    pub(crate) fn from_givens(cells: &[u8; 81]) -> Candidates {
        let mut g = CandidateGrid::new(&Grid::EMPTY).expect("the empty grid is valid");
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                g.restrict(cell(i), DigitSet::from_bits(1 << (v - 1)));
            }
        }
        Candidates(g)
    }

    /// The candidate mask of cell `i`.
    pub(crate) fn get(&self, i: usize) -> u16 {
        self.0.candidates(cell(i)).bits()
    }

    /// Keeps only the candidates of `mask` in cell `i`.
    pub(crate) fn keep(&mut self, i: usize, mask: u16) {
        self.0.restrict(cell(i), DigitSet::from_bits(mask));
    }

    /// Every cell's candidate mask.
    fn masks(&self) -> impl Iterator<Item = u16> + '_ {
        (0..81).map(|i| self.get(i))
    }

    /// Bivalue cells and others: the number of cells with exactly two candidates.
    pub(crate) fn pairs(&self) -> usize {
        self.masks().filter(|m| m.count_ones() == 2).count()
    }

    /// The solved digits, if every cell has one candidate.
    pub(crate) fn solution(&self) -> Option<[u8; 81]> {
        self.masks()
            .all(|m| m.count_ones() == 1)
            .then(|| std::array::from_fn(|i| self.get(i).trailing_zeros() as u8 + 1))
    }

    /// Runs every technique to a fixed point.
    pub(crate) fn propagate(&mut self) -> Status {
        loop {
            let step = self
                .naked_singles()
                .and_then(|c| if c { Ok(true) } else { self.hidden_singles() })
                .and_then(|c| if c { Ok(true) } else { self.locked_candidates() })
                .and_then(|c| if c { Ok(true) } else { self.naked_subsets() })
                .and_then(|c| if c { Ok(true) } else { self.hidden_subsets() });
            match step {
                Err(()) => return Status::Contradiction,
                Ok(true) => {}
                Ok(false) => {
                    return if self.masks().all(|m| m.count_ones() == 1) {
                        Status::Solved
                    } else {
                        Status::Unsolved
                    };
                }
            }
        }
    }

    /// Removes `digits` from cell `i`; a contradiction if nothing is left.
    fn remove(&mut self, i: usize, digits: u16) -> Pass {
        let before = self.get(i);
        let after = before & !digits;
        self.keep(i, after);
        if after == 0 {
            return Err(());
        }
        Ok(after != before)
    }

    /// A solved cell's digit leaves every other cell of its units.
    pub(crate) fn naked_singles(&mut self) -> Pass {
        let mut changed = false;
        for u in 0..27 {
            let cells = unit(u);
            let mut seen = 0u16;
            for &i in &cells {
                let m = self.get(i);
                if m.count_ones() == 1 {
                    if seen & m != 0 {
                        return Err(());
                    }
                    seen |= m;
                }
            }
            for &i in &cells {
                if self.get(i).count_ones() > 1 {
                    changed |= self.remove(i, seen)?;
                }
            }
        }
        Ok(changed)
    }

    /// A digit with one place in a unit goes there.
    pub(crate) fn hidden_singles(&mut self) -> Pass {
        let mut changed = false;
        for u in 0..27 {
            let cells = unit(u);
            let places = self.0.digit_places(Unit::ALL[u]);
            if places.somewhere != DigitSet::ALL {
                return Err(());
            }
            let hidden = places.once.bits();
            for &i in &cells {
                let h = self.get(i) & hidden;
                if h != 0 && self.get(i) != h {
                    if h.count_ones() > 1 {
                        return Err(());
                    }
                    self.keep(i, h);
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Every step a technique of the logical solver finds at once (asked for all its steps,
    /// not the first), their eliminations applied together: the logical solver's locked
    /// candidates and subsets are the ones pair reduction uses. A contradiction if a cell
    /// loses its last candidate.
    fn apply_all(&mut self, find: impl Fn(&CandidateGrid, &mut Hints) -> ControlFlow<()>) -> Pass {
        let mut hints = Hints::all();
        let _ = find(&self.0, &mut hints);
        let mut changed = false;
        for step in &hints.steps {
            debug_assert!(step.placements.is_empty(), "{step}");
            for c in &step.eliminations {
                changed |= self.0.eliminate(c.cell(), c.digit());
                if self.0.candidates(c.cell()).is_empty() {
                    return Err(());
                }
            }
        }
        Ok(changed)
    }

    /// Pointing and claiming (the logical solver's [`locking`]): a digit confined to one
    /// box-line intersection within the box (or the line) leaves the rest of the line (or
    /// the box).
    pub(crate) fn locked_candidates(&mut self) -> Pass {
        self.apply_all(locking::locking)
    }

    /// Naked pairs, triples and quads (the logical solver's [`subsets::naked_sets`]): k
    /// cells of a unit whose candidates together are k digits; those digits leave the unit's
    /// other cells.
    pub(crate) fn naked_subsets(&mut self) -> Pass {
        self.apply_all(|g, hints| {
            for size in 2..=4 {
                subsets::naked_sets(g, size, hints)?;
            }
            ControlFlow::Continue(())
        })
    }

    /// Hidden pairs, triples and quads (the logical solver's [`subsets::hidden_sets`]): k
    /// digits whose places in a unit are k cells; those cells keep only those digits.
    pub(crate) fn hidden_subsets(&mut self) -> Pass {
        self.apply_all(|g, hints| {
            for size in 2..=4 {
                subsets::hidden_sets(g, size, false, hints)?;
            }
            ControlFlow::Continue(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cands(pairs: &[(usize, &[u8])]) -> Candidates {
        let mut c = Candidates::from_givens(&[0; 81]);
        for &(i, ds) in pairs {
            c.keep(i, ds.iter().fold(0, |m, d| m | 1 << (d - 1)));
        }
        c
    }

    fn digits(m: u16) -> Vec<u8> {
        (0..9).filter(|d| m >> d & 1 != 0).map(|d| d as u8 + 1).collect()
    }

    #[test]
    fn a_naked_single_leaves_its_peers() {
        let mut c = cands(&[(0, &[5])]);
        assert_eq!(c.naked_singles(), Ok(true));
        assert_eq!(digits(c.get(8)), [1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(digits(c.get(72)), [1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(digits(c.get(20)), [1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(c.get(40), DigitSet::ALL.bits());
        assert_eq!(c.naked_singles(), Ok(false));
        assert_eq!(cands(&[(0, &[5]), (1, &[5])]).naked_singles(), Err(()));
    }

    #[test]
    fn a_hidden_single_is_placed() {
        // Digit 7 only in cell 4 of row 1.
        let row: Vec<(usize, &[u8])> =
            (0..9).filter(|&i| i != 4).map(|i| (i, &[1u8, 2, 3, 4, 5, 6, 8, 9][..])).collect();
        let mut c = cands(&row);
        assert_eq!(c.hidden_singles(), Ok(true));
        assert_eq!(digits(c.get(4)), [7]);
        // A digit with no place at all is a contradiction.
        let mut none =
            cands(&(0..9).map(|i| (i, &[1u8, 2, 3, 4, 5, 6, 8, 9][..])).collect::<Vec<_>>());
        assert_eq!(none.hidden_singles(), Err(()));
    }

    #[test]
    fn pointing_and_claiming() {
        // In box 1, digit 4 only in row 1 (cells 0..3): remove 4 from the rest of row 1.
        let no4: &[u8] = &[1, 2, 3, 5, 6, 7, 8, 9];
        let mut c = cands(&[(9, no4), (10, no4), (11, no4), (18, no4), (19, no4), (20, no4)]);
        assert_eq!(c.locked_candidates(), Ok(true));
        assert!(c.get(5) >> 3 & 1 == 0 && c.get(80) >> 3 & 1 != 0);
        // In column A, digit 2 only in box 1 (cells 0, 9, 18): remove 2 from the rest of box 1.
        let no2: &[u8] = &[1, 3, 4, 5, 6, 7, 8, 9];
        let mut c = cands(&(3..9).map(|r| (r * 9, no2)).collect::<Vec<_>>());
        assert_eq!(c.locked_candidates(), Ok(true));
        assert!(c.get(1) >> 1 & 1 == 0 && c.get(10) >> 1 & 1 == 0 && c.get(0) >> 1 & 1 != 0);
    }

    #[test]
    fn naked_and_hidden_subsets() {
        // Naked pair {1,2} in cells 0 and 1 of row 1.
        let mut c = cands(&[(0, &[1, 2]), (1, &[1, 2])]);
        assert_eq!(c.naked_subsets(), Ok(true));
        assert_eq!(digits(c.get(2)), [3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(digits(c.get(0)), [1, 2]);
        // Three cells sharing two digits: a contradiction.
        assert_eq!(cands(&[(0, &[1, 2]), (1, &[1, 2]), (2, &[1, 2])]).naked_subsets(), Err(()));
        // Hidden pair: digits 8 and 9 only in cells 3 and 4 of row 1.
        let rest: Vec<(usize, &[u8])> = (0..9)
            .filter(|&i| i != 3 && i != 4)
            .map(|i| (i, &[1u8, 2, 3, 4, 5, 6, 7][..]))
            .collect();
        let mut c = cands(&rest);
        assert_eq!(c.hidden_subsets(), Ok(true));
        assert_eq!(digits(c.get(3)), [8, 9]);
        assert_eq!(digits(c.get(4)), [8, 9]);
    }

    #[test]
    fn propagation_solves_an_easy_puzzle() {
        let p: sudoku_core::Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let mut c = Candidates::from_givens(&p.to_bytes());
        assert_eq!(c.propagate(), Status::Solved);
        let s = sudoku_core::Grid::try_from_bytes(c.solution().unwrap()).unwrap();
        assert!(p.is_solved_by(&s));
    }
}

#[cfg(test)]
mod soundness {
    use rand::{RngExt, SeedableRng};

    use super::*;

    /// Propagation never removes a solution digit: from the givens, and from random positions
    /// that restrict cells to random candidate sets holding the solution digit.
    #[test]
    fn propagation_keeps_every_solution_digit() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for line in include_str!("../../tests/data/top95.txt").lines() {
            let p: sudoku_core::Grid = line.parse().unwrap();
            let solution = sudoku_solve::solve(&p).unique().unwrap().to_bytes();
            for trial in 0..20 {
                let mut c = Candidates::from_givens(&p.to_bytes());
                if trial > 0 {
                    for _ in 0..rng.random_range(1..12) {
                        let i = rng.random_range(0..81);
                        let keep = 1 << (solution[i] - 1);
                        c.keep(i, c.get(i) & (rng.random_range(0..0x200u16) | keep));
                    }
                }
                let status = c.propagate();
                assert_ne!(status, Status::Contradiction, "{line} trial {trial}");
                for (i, (m, &d)) in c.masks().zip(&solution).enumerate() {
                    assert!(m >> (d - 1) & 1 != 0, "{line} trial {trial}: cell {i} lost its digit");
                }
            }
        }
    }
}
