//! Pencil marks: candidates as one 81-bit board per digit, propagated by naked singles (and, as
//! an option, hidden singles), and the choice of the branch cell.
//!
//! The width search keeps this board of its own instead of [`sudoku_core::CandidateGrid`]: it is
//! copied at every one of millions of search nodes, and the per-cell half of the shared type
//! would double that cost while the search never asks for a cell's candidates.

use sudoku_core::{Grid, PEERS};

/// Cells of every unit as 81-bit masks, in [`Unit::ALL`] order.
const UNIT_BITS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let cells = sudoku_core::UNIT_CELLS[u];
        let mut j = 0;
        while j < 9 {
            t[u] |= 1 << cells[j].index();
            j += 1;
        }
        u += 1;
    }
    t
};
/// For every cell, its row, column and box as a 27-bit unit mask.
const CELL_UNITS: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = (1 << r) | (1 << (9 + c)) | (1 << (18 + r / 3 * 3 + c / 3));
        i += 1;
    }
    t
};
const PEER_BITS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = PEERS[i].bits();
        i += 1;
    }
    t
};
const ALL_CELLS: u128 = (1 << 81) - 1;

/// The deduction used between branchings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Propagation {
    /// Naked singles only: the reference semantics of the Watanabe metrics.
    #[default]
    NakedSingles,
    /// Naked and hidden singles (the paper's Fig. 5 puzzle then needs no guessing at all).
    NakedAndHiddenSingles,
}

/// Pencil-mark state of a puzzle.
///
/// Every empty cell's candidate count is kept as a bit-sliced binary counter and decremented
/// where a placement removes candidates, so a propagation round finds its singles in a few word
/// operations instead of recounting nine digit boards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Marks {
    /// `digit[d]`: cells where digit index `d` is still a candidate; exact for empty cells,
    /// meaningless for filled ones (always read together with `empty`).
    digit: [u128; 9],
    /// Empty cells.
    empty: u128,
    /// `count[k]`: bit `k` of every empty cell's number of candidates.
    count: [u128; 4],
    /// `placed[d]`: units (27-bit mask) where digit `d` is placed; used by hidden singles.
    placed: [u32; 9],
}

/// What propagation reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Some empty cell has no candidate, or a unit cannot hold some digit.
    Dead,
    /// Every cell is filled.
    Solved,
    /// Stuck: branching is needed. The cells tied for fewest candidates.
    Open { ties: u128 },
}

impl Marks {
    /// The marks of a puzzle before any propagation, or `None` if its givens conflict.
    pub(crate) fn new(puzzle: &Grid) -> Option<Marks> {
        let mut m = Marks {
            digit: [ALL_CELLS; 9],
            empty: ALL_CELLS,
            count: [ALL_CELLS, 0, 0, ALL_CELLS], // 9 = 0b1001
            placed: [0; 9],
        };
        for (i, v) in puzzle.to_bytes().into_iter().enumerate() {
            if v != 0 {
                if m.digit[v as usize - 1] & m.empty & (1 << i) == 0 {
                    return None;
                }
                m.place(i, v as usize - 1);
            }
        }
        Some(m)
    }

    /// The empty cells (a state key: with only forced and correct placements, the filled set
    /// determines the whole state).
    #[inline]
    pub(crate) fn empty(&self) -> u128 {
        self.empty
    }

    /// The candidate digits (9 bits) of an empty `cell`.
    #[inline]
    pub(crate) fn candidates(&self, cell: usize) -> u16 {
        // One 64-bit word per digit rather than 128-bit shifts.
        let (half, shift) = if cell < 64 { (0, cell) } else { (64, cell - 64) };
        let mut m = 0u16;
        for d in 0..9 {
            m |= ((((self.digit[d] >> half) as u64 >> shift) & 1) as u16) << d;
        }
        m
    }

    /// Subtracts one from the candidate count of every cell of `cells`.
    #[inline(always)]
    fn decrement(&mut self, cells: u128) {
        let mut borrow = cells;
        for c in &mut self.count {
            *c ^= borrow;
            borrow &= *c; // the bit was 0 before the flip: the borrow goes on
        }
    }

    /// Places digit index `d` in the empty `cell`. The caller checks that it is a candidate.
    #[inline(always)]
    pub(crate) fn place(&mut self, cell: usize, d: usize) {
        self.empty &= !(1u128 << cell);
        let lost = self.digit[d] & PEER_BITS[cell] & self.empty;
        self.digit[d] &= !PEER_BITS[cell];
        self.decrement(lost);
        self.placed[d] |= CELL_UNITS[cell];
    }

    /// Propagates to a fixed point and classifies the result.
    #[inline]
    pub(crate) fn propagate(&mut self, mode: Propagation) -> State {
        loop {
            let [c0, c1, c2, c3] = self.count;
            let (e, high) = (self.empty, c2 | c3);
            if e & !(c0 | c1 | high) != 0 {
                return State::Dead;
            }
            let singles = e & c0 & !c1 & !high;
            if singles == 0 {
                if e == 0 {
                    return State::Solved;
                }
                if mode == Propagation::NakedAndHiddenSingles {
                    match self.hidden_singles() {
                        None => return State::Dead,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                let ties = match (e & c1 & !c0 & !high, e & c1 & c0 & !high) {
                    (t, _) if t != 0 => t,
                    (_, t) if t != 0 => t,
                    _ => self.fewest_candidates_slow(),
                };
                return State::Open { ties };
            }
            if !self.place_singles(singles, mode == Propagation::NakedAndHiddenSingles) {
                return State::Dead;
            }
        }
    }

    /// Places every naked single at once, digit by digit. Placing them one at a time would hit
    /// a dead end exactly when two singles need the same digit in one unit, so that is checked.
    #[inline]
    fn place_singles(&mut self, singles: u128, track_units: bool) -> bool {
        self.empty &= !singles;
        for d in 0..9 {
            let mut cells = singles & self.digit[d];
            if cells == 0 {
                continue;
            }
            let own = cells;
            let mut peers = 0u128;
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                peers |= PEER_BITS[cell];
                if track_units {
                    self.placed[d] |= CELL_UNITS[cell];
                }
            }
            if own & peers != 0 {
                return false;
            }
            let lost = self.digit[d] & peers & self.empty;
            self.digit[d] &= !peers;
            self.decrement(lost);
        }
        true
    }

    /// Places every hidden single it finds; `None` if some unit cannot hold some digit.
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut placed_any = false;
        for d in 0..9 {
            for (u, &unit) in UNIT_BITS.iter().enumerate() {
                if self.placed[d] & (1 << u) != 0 {
                    continue;
                }
                let x = self.digit[d] & self.empty & unit;
                if x == 0 {
                    return None;
                }
                if x & (x - 1) == 0 {
                    self.place(x.trailing_zeros() as usize, d);
                    placed_any = true;
                }
            }
        }
        Some(placed_any)
    }

    /// Empty cells with the fewest candidates, by counting (when every cell has 5 or more).
    fn fewest_candidates_slow(&self) -> u128 {
        let mut best = u32::MAX;
        let mut ties = 0u128;
        let mut rest = self.empty;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = self.candidates(cell).count_ones();
            if n < best {
                best = n;
                ties = 0;
            }
            if n == best {
                ties |= 1 << cell;
            }
        }
        ties
    }
}

/// The `k`-th (0-based) set bit of `x`.
#[inline]
pub(crate) fn nth_bit(mut x: u128, k: u32) -> usize {
    for _ in 0..k {
        x &= x - 1;
    }
    x.trailing_zeros() as usize
}

/// The unit masks, for tests.
#[cfg(test)]
pub(crate) fn unit_bits(u: sudoku_core::Unit) -> u128 {
    UNIT_BITS[u.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Cell, Unit};

    #[test]
    fn tables_agree_with_core() {
        for u in Unit::ALL {
            assert_eq!(unit_bits(u), u.cell_set().bits());
        }
        for c in Cell::all() {
            assert_eq!(CELL_UNITS[c.index()].count_ones(), 3);
        }
    }

    #[test]
    fn singles_only_puzzle_is_solved_without_branching() {
        let p: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let mut m = Marks::new(&p).unwrap();
        assert_eq!(m.propagate(Propagation::NakedSingles), State::Solved);
    }

    #[test]
    fn ties_are_the_cells_with_fewest_candidates() {
        let p: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let mut m = Marks::new(&p).unwrap();
        let State::Open { ties } = m.propagate(Propagation::NakedSingles) else {
            panic!("should be open")
        };
        let n = m.candidates(ties.trailing_zeros() as usize).count_ones();
        let mut rest = m.empty();
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let k = m.candidates(c).count_ones();
            assert!(k >= n);
            assert_eq!(k == n, ties & (1 << c) != 0);
        }
    }
}
