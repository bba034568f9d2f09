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
const CELL_BITS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = 1 << i;
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

    /// Subtracts one from the candidate count of every cell of `cells`; returns those of them
    /// left with no candidate and those left with one.
    #[inline(always)]
    fn decrement(&mut self, cells: u128) -> (u128, u128) {
        let mut borrow = cells;
        for c in &mut self.count {
            *c ^= borrow;
            borrow &= *c; // the bit was 0 before the flip: the borrow goes on
        }
        let [c0, c1, c2, c3] = self.count;
        let low = cells & !(c1 | c2 | c3);
        (low & !c0, low & c0)
    }

    /// The cells of `cells` with exactly `n` (0 to 3) candidates.
    #[inline(always)]
    fn with_count(&self, cells: u128, n: u32) -> u128 {
        let [c0, c1, c2, c3] = self.count;
        let b0 = if n & 1 != 0 { c0 } else { !c0 };
        let b1 = if n & 2 != 0 { c1 } else { !c1 };
        cells & b0 & b1 & !(c2 | c3)
    }

    /// Places digit index `d` in the empty `cell` (the caller checks that it is a candidate),
    /// without propagating. Returns the cells it left with no candidate and those it left with
    /// one: a single can only appear, and a cell only run out of candidates, where one was lost.
    #[inline(always)]
    pub(crate) fn place(&mut self, cell: usize, d: usize) -> (u128, u128) {
        self.empty &= !CELL_BITS[cell];
        let lost = self.digit[d] & PEER_BITS[cell] & self.empty;
        self.digit[d] &= !PEER_BITS[cell];
        self.placed[d] |= CELL_UNITS[cell];
        self.decrement(lost)
    }

    /// Places digit index `d` in `cell` and propagates to a fixed point.
    #[inline]
    pub(crate) fn guess(&mut self, cell: usize, d: usize, mode: Propagation) -> State {
        let (zero, one) = self.place(cell, d);
        self.settle(zero, one, mode)
    }

    /// Propagates the board as it is (the root) to a fixed point.
    pub(crate) fn propagate(&mut self, mode: Propagation) -> State {
        self.settle(self.with_count(self.empty, 0), self.with_count(self.empty, 1), mode)
    }

    /// Propagates to a fixed point from the cells with no candidate and the naked singles
    /// that the last placements made, and classifies the result.
    #[inline(always)]
    fn settle(&mut self, zero: u128, singles: u128, mode: Propagation) -> State {
        if zero != 0 || !self.place_singles(singles) {
            return State::Dead;
        }
        loop {
            if self.empty == 0 {
                return State::Solved;
            }
            if mode == Propagation::NakedAndHiddenSingles {
                match self.hidden_singles() {
                    None => return State::Dead,
                    Some(None) => {}
                    Some(Some((zero, singles))) => {
                        if zero != 0 || !self.place_singles(singles) {
                            return State::Dead;
                        }
                        continue;
                    }
                }
            }
            let ties = match (self.with_count(self.empty, 2), self.with_count(self.empty, 3)) {
                (t, _) if t != 0 => t,
                (_, t) if t != 0 => t,
                _ => self.fewest_candidates_slow(),
            };
            return State::Open { ties };
        }
    }

    /// Places the naked singles `singles`, and those they force in turn, one at a time. False
    /// when some cell runs out of candidates (which is also how two singles needing one digit
    /// in a unit show: the second loses its only candidate).
    #[inline(always)]
    fn place_singles(&mut self, singles: u128) -> bool {
        let mut todo = singles & self.empty;
        while todo != 0 {
            let cell = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (zero, one) = self.place(cell, self.only_candidate(cell));
            if zero != 0 {
                return false;
            }
            todo |= one;
        }
        true
    }

    /// The digit index of a cell with exactly one candidate: bit `k` of the index is set when
    /// the cell is a candidate of a digit whose index has bit `k` set.
    #[inline(always)]
    fn only_candidate(&self, cell: usize) -> usize {
        let word = |x: u128| (x >> (cell & 64)) as u64;
        let d = |i: usize| word(self.digit[i]);
        let bits =
            [d(1) | d(3) | d(5) | d(7), d(2) | d(3) | d(6) | d(7), d(4) | d(5) | d(6) | d(7), d(8)];
        let shift = cell & 63;
        let mut index = 0;
        for (k, b) in bits.into_iter().enumerate() {
            index |= ((b >> shift) as usize & 1) << k;
        }
        index
    }

    /// Places every hidden single it finds; returns the cells those placements left with no
    /// candidate and with one (`None` inside when it placed nothing), or `None` if some unit
    /// cannot hold some digit.
    fn hidden_singles(&mut self) -> Option<Option<(u128, u128)>> {
        let mut made: Option<(u128, u128)> = None;
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
                    let (zero, one) = self.place(x.trailing_zeros() as usize, d);
                    let (z, o) = made.unwrap_or((0, 0));
                    made = Some((z | zero, o | one));
                }
            }
        }
        Some(made)
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

    /// Pencil marks the plain way: a candidate mask per cell, one single placed at a time.
    fn plain(cells: &mut [u16; 81], filled: &mut [bool; 81], mode: Propagation) -> State {
        'round: loop {
            for i in 0..81 {
                if !filled[i] && cells[i] == 0 {
                    return State::Dead;
                }
            }
            if let Some(i) = (0..81).find(|&i| !filled[i] && cells[i].count_ones() == 1) {
                plain_place(cells, filled, i, cells[i].trailing_zeros() as usize);
                continue;
            }
            if mode == Propagation::NakedAndHiddenSingles {
                for unit in sudoku_core::UNIT_CELLS {
                    for d in 0..9 {
                        let placed =
                            unit.iter().any(|c| filled[c.index()] && cells[c.index()] == 1 << d);
                        let spots: Vec<usize> = unit
                            .iter()
                            .map(|c| c.index())
                            .filter(|&i| !filled[i] && cells[i] & 1 << d != 0)
                            .collect();
                        match (placed, spots.len()) {
                            (false, 0) => return State::Dead,
                            (false, 1) => {
                                plain_place(cells, filled, spots[0], d);
                                continue 'round;
                            }
                            _ => {}
                        }
                    }
                }
            }
            let open = (0..81).filter(|&i| !filled[i]);
            let Some(fewest) = open.clone().map(|i| cells[i].count_ones()).min() else {
                return State::Solved;
            };
            let ties = open.filter(|&i| cells[i].count_ones() == fewest).fold(0, |t, i| t | 1 << i);
            return State::Open { ties };
        }
    }

    /// Fills `cell` with digit index `d` (its mask becomes that digit alone).
    fn plain_place(cells: &mut [u16; 81], filled: &mut [bool; 81], cell: usize, d: usize) {
        filled[cell] = true;
        cells[cell] = 1 << d;
        for p in PEERS[cell].iter() {
            cells[p.index()] &= !(1 << d);
        }
    }

    /// The same state: outcome, and when open the filled cells and every empty cell's marks.
    fn assert_same(m: &Marks, state: State, cells: &[u16; 81], filled: &[bool; 81], plain: State) {
        assert_eq!(state, plain);
        if let State::Open { .. } = state {
            for i in 0..81 {
                assert_eq!(m.empty() >> i & 1 == 0, filled[i], "cell {i} filled");
                if !filled[i] {
                    assert_eq!(m.candidates(i), cells[i], "cell {i} candidates");
                }
            }
        }
    }

    use proptest::prelude::Strategy;

    proptest::proptest! {
        /// Incremental propagation (counters, singles found where candidates were lost) reaches
        /// the same fixed point as the plain one, at the root and after a chain of guesses.
        #[test]
        fn propagation_agrees_with_the_plain_way(
            clues in proptest::collection::vec(0usize..81, 14..32),
            relabel in proptest::sample::subsequence((1..=9u8).collect::<Vec<_>>(), 9).prop_shuffle(),
            picks in proptest::collection::vec((0u32..81, 0u32..9), 1..6),
            hidden in proptest::bool::ANY,
        ) {
            let mode = if hidden { Propagation::NakedAndHiddenSingles } else { Propagation::NakedSingles };
            // Clues of one solution grid (relabelled), so they never clash.
            let solution = b"812753649943682175675491283154237896369845721287169534521974368438526917796318452";
            let mut g = Grid::EMPTY;
            for &i in &clues {
                let d = relabel[usize::from(solution[i] - b'1')];
                g.set(sudoku_core::Cell::new(i).unwrap(), sudoku_core::Digit::new(d));
            }
            let Some(mut m) = Marks::new(&g) else { return Ok(()) };
            let (mut cells, mut filled) = ([0x1ffu16; 81], [false; 81]);
            for (i, v) in g.to_bytes().into_iter().enumerate() {
                if v != 0 {
                    plain_place(&mut cells, &mut filled, i, v as usize - 1);
                }
            }
            let mut state = m.propagate(mode);
            let expected = plain(&mut cells, &mut filled, mode);
            assert_same(&m, state, &cells, &filled, expected);
            for (k, d) in picks {
                let State::Open { ties } = state else { break };
                let cell = nth_bit(ties, k % ties.count_ones());
                let cands = m.candidates(cell);
                let d = nth_bit(u128::from(cands), d % cands.count_ones());
                state = m.guess(cell, d, mode);
                plain_place(&mut cells, &mut filled, cell, d);
                let expected = plain(&mut cells, &mut filled, mode);
            assert_same(&m, state, &cells, &filled, expected);
            }
        }
    }
}
