//! Where techniques put what they find, and the small helpers they share.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, Grid, Unit};

use super::Step;

/// A basic technique's search over pencil marks.
pub(crate) type Producer = fn(&CandidateGrid, &mut Hints) -> ControlFlow<()>;

/// The steps a search found; with `first_only` the search stops at the first.
#[derive(Debug)]
pub(crate) struct Hints {
    pub(crate) steps: Vec<Step>,
    first_only: bool,
    /// The solution, when known: a technique may skip what cannot remove a false candidate.
    pub(crate) solution: Option<Grid>,
    /// By digit, the cells where the grid differs from one on which this technique found
    /// nothing (all cells when there is none): a pattern whose result depends only on
    /// candidates outside them finds nothing again, and may be skipped.
    pub(crate) changed: Lits,
}

/// Candidate sets by digit: bit `c` of `[d]` is candidate `d` in cell `c`.
pub(crate) type Lits = [u128; 9];

/// Every candidate of the grid.
pub(crate) const ALL_LITS: Lits = [CellSet::ALL.bits(); 9];

/// The candidates of `g`, by digit.
pub(crate) fn lits_of(g: &CandidateGrid) -> Lits {
    std::array::from_fn(|d| g.digit_cells(Digit::from_index(d)).bits())
}

impl Hints {
    pub(crate) fn first() -> Hints {
        Hints { steps: Vec::new(), first_only: true, solution: None, changed: ALL_LITS }
    }

    pub(crate) fn all() -> Hints {
        Hints { first_only: false, ..Hints::first() }
    }

    pub(crate) fn knowing(self, solution: Option<&Grid>) -> Hints {
        Hints { solution: solution.copied(), ..self }
    }

    /// The cells where some candidate changed (see [`Hints::changed`]).
    pub(crate) fn changed_cells(&self) -> CellSet {
        CellSet::from_bits(self.changed.iter().fold(0, |a, &m| a | m))
    }

    /// Whether digit `d`'s candidates changed anywhere.
    pub(crate) fn digit_changed(&self, d: Digit) -> bool {
        self.changed[d.index()] != 0
    }

    /// The digits whose candidates changed, as a mask (bit `d` for digit index `d`).
    pub(crate) fn changed_digits(&self) -> u16 {
        (0..9).filter(|&d| self.changed[d] != 0).fold(0, |m, d| m | 1 << d)
    }

    /// Records a step; breaks when only the first was wanted.
    pub(crate) fn add(&mut self, mut step: Step) -> ControlFlow<()> {
        step.eliminations.sort();
        step.eliminations.dedup();
        self.steps.push(step);
        if self.first_only { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

/// Calls `f` with every `k`-subset of `0..n` (n at most 81) until it breaks, in Sudoku
/// Explainer's order: by increasing bitmask (colexicographic: {0,1}, {0,2}, {1,2}, {0,3}, ...).
pub(crate) fn for_each_combination(
    n: usize,
    k: usize,
    mut f: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 {
        return f(&[]);
    }
    if k > n || n > 81 {
        return ControlFlow::Continue(());
    }
    let mut mask: u128 = (1 << k) - 1;
    let mut idx = [0usize; 81];
    while mask < 1 << n {
        let mut m = mask;
        for slot in idx.iter_mut().take(k) {
            *slot = m.trailing_zeros() as usize;
            m &= m - 1;
        }
        f(&idx[..k])?;
        // Gosper's hack: the next larger mask with k bits (dividing by the lowest bit as a
        // shift: 128-bit division is a library call).
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        mask = ripple | ((mask ^ ripple) >> (2 + low.trailing_zeros()));
    }
    ControlFlow::Continue(())
}

/// The three units of `cell` in Sudoku Explainer's "region type" order: box, row, column.
pub(crate) fn units_of(cell: Cell) -> [Unit; 3] {
    UNITS[cell.index()]
}

/// The cells of [`units_of`], as bitsets.
pub(crate) fn unit_bits_of(cell: Cell) -> [u128; 3] {
    UNIT_BITS[cell.index()]
}

/// Whether `bits` has exactly two bits set; [`more_than_two`] whether more. Hot screens ask
/// these instead of counting bits: without the POPCNT instruction (not in the baseline x86-64
/// target) a count is a dozen instructions.
#[inline]
pub(crate) fn exactly_two(bits: u128) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Whether `bits` has more than two bits set (see [`exactly_two`]).
#[inline]
pub(crate) fn more_than_two(bits: u128) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest & rest.wrapping_sub(1) != 0
}

/// [`units_of`] of every cell.
const UNITS: [[Unit; 3]; 81] = {
    let mut t = [[Unit::Box(0); 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = [Unit::Box((r / 3 * 3 + c / 3) as u8), Unit::Row(r as u8), Unit::Col(c as u8)];
        i += 1;
    }
    t
};

/// [`unit_bits_of`] of every cell.
const UNIT_BITS: [[u128; 3]; 81] = {
    let mut t = [[0; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let mut k = 0;
        while k < 3 {
            t[i][k] = UNITS[i][k].cell_set().bits();
            k += 1;
        }
        i += 1;
    }
    t
};

/// The peers of `cell` in Sudoku Explainer's house order: its box, then the rest of its row,
/// then the rest of its column.
pub(crate) fn house(cell: Cell) -> [Cell; 20] {
    HOUSES[cell.index()]
}

/// The cells of `set` (peers of `cell`) in [`house`] order, from bitsets.
pub(crate) fn in_house_order(cell: Cell, set: CellSet) -> impl Iterator<Item = Cell> {
    let [in_box, in_row, in_col] = unit_bits_of(cell);
    let set = set.bits();
    [set & in_box, set & in_row & !in_box, set & in_col & !in_box]
        .into_iter()
        .flat_map(|m| CellSet::from_bits(m).iter())
}

/// Some of one cell's 20 peers, in the order they were pushed, without allocation.
#[derive(Clone, Copy)]
pub(crate) struct PeerList {
    cells: [Cell; 20],
    len: usize,
}

impl PeerList {
    /// The empty list (`filler` only fills the unused slots).
    pub(crate) fn new(filler: Cell) -> PeerList {
        PeerList { cells: [filler; 20], len: 0 }
    }

    pub(crate) fn push(&mut self, c: Cell) {
        self.cells[self.len] = c;
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[Cell] {
        &self.cells[..self.len]
    }
}

/// [`house`] of every cell.
const HOUSES: [[Cell; 20]; 81] = {
    let Some(first) = Cell::new(0) else { panic!("cell 0 exists") };
    let mut t = [[first; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let units = [
            Unit::Box((r / 3 * 3 + c / 3) as u8).index(),
            Unit::Row(r as u8).index(),
            Unit::Col(c as u8).index(),
        ];
        let mut seen = 1u128 << i;
        let (mut n, mut k) = (0, 0);
        while k < 3 {
            let mut j = 0;
            while j < 9 {
                let cell = sudoku_core::UNIT_CELLS[units[k]][j];
                if seen & 1 << cell.index() == 0 {
                    seen |= 1 << cell.index();
                    t[i][n] = cell;
                    n += 1;
                }
                j += 1;
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// How many empty cells `unit` has.
pub(crate) fn empty_in(g: &CandidateGrid, unit: Unit) -> usize {
    g.empty_cells().intersection(unit.cell_set()).len()
}

/// The cells that see some cell of `cells`.
pub(crate) fn seen_by(cells: u128) -> u128 {
    let (mut m, mut out) = (cells, 0u128);
    while m != 0 {
        out |= Cell::new(m.trailing_zeros() as usize).expect("cell").peers().bits();
        m &= m - 1;
    }
    out
}

/// The cells that see every cell of `cells` (none of `cells` itself).
pub(crate) fn common_peers(cells: CellSet) -> CellSet {
    let mut common = CellSet::ALL;
    for c in cells {
        common = common.intersection(c.peers());
    }
    common.difference(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_bits_and_more_agree_with_a_count() {
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        let mut samples: Vec<u128> = vec![0, 1, 3, 1 << 127 | 1, 1 << 127 | 1 << 64 | 1, u128::MAX];
        for _ in 0..2000 {
            // A few bits of a scrambled word, from one to all.
            x = x.rotate_left(29).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
            samples.push(x & x.rotate_left(7) & x.rotate_left(19) & x.rotate_left(41));
            samples.push(x);
        }
        for bits in samples {
            assert_eq!(exactly_two(bits), bits.count_ones() == 2, "{bits:b}");
            assert_eq!(more_than_two(bits), bits.count_ones() > 2, "{bits:b}");
        }
    }

    #[test]
    fn combinations_are_enumerated_in_order() {
        let mut seen = Vec::new();
        let _ = for_each_combination(4, 2, |c| {
            seen.push(c.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]);
        let mut n = 0;
        let _ = for_each_combination(9, 4, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(n, 126);
    }

    #[test]
    fn houses_are_the_peers_box_then_row_then_column() {
        for cell in Cell::all() {
            let mut expected = Vec::new();
            for u in units_of(cell) {
                for &c in u.cells() {
                    if c != cell && !expected.contains(&c) {
                        expected.push(c);
                    }
                }
            }
            assert_eq!(house(cell).to_vec(), expected, "{cell}");
            assert_eq!(house(cell).iter().copied().collect::<CellSet>(), cell.peers());
        }
    }
}
