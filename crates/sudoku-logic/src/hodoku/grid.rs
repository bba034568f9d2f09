//! The grid as HoDoKu's solver keeps it: values, candidates, how many cells of each unit still
//! hold each digit, and the two queues of pending singles. The queues decide which single
//! HoDoKu takes first, so they follow its events exactly: a naked single is queued when a cell
//! is left with one candidate, a hidden single when a unit is left with one place for a digit,
//! in the order the eliminations happen (HoDoKu 2.2.4's behaviour, from its documented
//! facts; our own code).

use std::collections::VecDeque;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, UNIT_CELLS, Unit};

/// The three units of each cell: row, column, box (HoDoKu's order), as unit indexes (core's
/// [`Cell::units`]).
pub(crate) const CELL_UNITS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let units = Cell::from_row_col(i / 9, i % 9).units();
        t[i] = [units[0].index() as u8, units[1].index() as u8, units[2].index() as u8];
        i += 1;
    }
    t
};

/// The number of bits of each 9-bit mask.
pub(crate) const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 1;
    while i < 512 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The cells of each unit as bits (rows 0-8, columns 9-17, boxes 18-26): core's
/// [`Unit::cell_set`].
pub(crate) const UNIT_BITS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        t[u] = Unit::ALL[u].cell_set().bits();
        u += 1;
    }
    t
};

/// The digits of a candidate mask (bit `d - 1` for digit `d`), ascending.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    let mut bits = mask & 0x1ff;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let d = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            d
        })
    })
}

/// The cells of a cell mask, ascending.
pub(crate) fn cells(mut bits: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            c
        })
    })
}

/// The 20 peers of a cell, as bits.
pub(crate) fn peers(cell: u8) -> u128 {
    Cell::new(usize::from(cell)).map_or(0, |c| c.peers().bits())
}

/// HoDoKu's grid state: core's [`CandidateGrid`] (values, candidates and, by digit, the
/// cells that hold it) and HoDoKu's events on top of it: by unit and digit, how many unsolved
/// cells still count the digit, and the two queues of pending singles. Forcing nets play
/// premises on copies of it, also into the contradictory states a false premise leads to.
#[derive(Debug)]
pub(crate) struct Grid {
    /// The values and candidates, in the workspace's vocabulary.
    marks: CandidateGrid,
    /// By unit and digit, the unsolved cells of the unit that hold the digit (HoDoKu's
    /// counts: a placed cell's digits leave them after its peers' eliminations).
    free: [[u8; 10]; 27],
    /// The cells given in the puzzle (placed cells are not givens).
    pub(crate) givens: u128,
    naked: VecDeque<(u8, u8)>,
    hidden: VecDeque<(u8, u8)>,
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid {
            marks: self.marks,
            free: self.free,
            givens: self.givens,
            naked: self.naked.clone(),
            hidden: self.hidden.clone(),
        }
    }

    /// Field by field, keeping the queues' buffers: forcing nets play every premise on a
    /// copy of one grid.
    fn clone_from(&mut self, source: &Grid) {
        self.marks = source.marks;
        self.free = source.free;
        self.givens = source.givens;
        self.naked.clone_from(&source.naked);
        self.hidden.clone_from(&source.hidden);
    }
}

/// Cell `i` (0-80).
#[inline]
fn cell(i: usize) -> Cell {
    Cell::new(i).unwrap_or(Cell::from_row_col(0, 0))
}

/// Digit `d` (1-9).
#[inline]
fn digit(d: u8) -> Digit {
    Digit::from_index(usize::from(d - 1))
}

impl Grid {
    /// The empty grid: every candidate everywhere.
    fn empty() -> Grid {
        Grid {
            marks: CandidateGrid::from(&sudoku_core::Grid::EMPTY),
            free: [[9; 10]; 27],
            givens: 0,
            naked: VecDeque::with_capacity(128),
            hidden: VecDeque::with_capacity(128),
        }
    }

    /// A puzzle as HoDoKu loads one: its givens placed in reading order.
    pub(crate) fn from_puzzle(puzzle: &sudoku_core::Grid) -> Grid {
        let mut g = Grid::empty();
        for cell in Cell::all() {
            if let Some(d) = puzzle.get(cell) {
                g.set_cell(cell.index() as u8, d.get());
                g.givens |= 1 << cell.index();
            }
        }
        g
    }

    /// Pencil marks as HoDoKu loads its library format: the placed digits (`givens` of them
    /// given, the rest placed) in reading order, then the candidates the marks lack removed
    /// in cell and digit order.
    pub(crate) fn from_marks(marks: &CandidateGrid, givens: CellSet) -> Grid {
        let mut g = Grid::empty();
        for cell in Cell::all() {
            if let Some(d) = marks.value(cell) {
                g.set_cell(cell.index() as u8, d.get());
            }
        }
        g.givens = givens.bits() & !g.unsolved_bits();
        for cell in Cell::all() {
            let i = cell.index() as u8;
            if g.value(usize::from(i)) == 0 {
                for d in digits(g.cands(usize::from(i)) & !u16::from(marks.candidates(cell))) {
                    g.del_candidate(i, d);
                }
            }
        }
        g
    }

    /// The pencil marks: values and candidates.
    pub(crate) fn marks(&self) -> &CandidateGrid {
        &self.marks
    }

    /// The digit of cell `i`, 0 if unsolved.
    #[inline]
    pub(crate) fn value(&self, i: usize) -> u8 {
        self.marks.value(cell(i)).map_or(0, Digit::get)
    }

    /// The candidates of cell `i` (bit `d - 1`); 0 for a solved cell.
    #[inline]
    pub(crate) fn cands(&self, i: usize) -> u16 {
        self.marks.candidates(cell(i)).bits()
    }

    /// The unsolved cells that hold candidate `d` (1-9).
    #[inline]
    pub(crate) fn places(&self, d: usize) -> u128 {
        Digit::new(d as u8).map_or(0, |d| self.marks.digit_cells(d).bits())
    }

    /// The unsolved cells.
    pub(crate) fn unsolved_bits(&self) -> u128 {
        self.marks.empty_cells().bits()
    }

    /// How many unsolved cells of `unit` hold `digit`.
    pub(crate) fn free(&self, unit: u8, digit: u8) -> u8 {
        self.free[usize::from(unit)][usize::from(digit)]
    }

    /// The positions (0-8, in unit order) of the cells of `unit` holding candidate `digit`.
    pub(crate) fn at(&self, unit: u8, digit: u8) -> u16 {
        let here = self.places(usize::from(digit));
        UNIT_CELLS[usize::from(unit)]
            .iter()
            .enumerate()
            .filter(|&(_, c)| here >> c.index() & 1 != 0)
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Whether `cell` holds candidate `digit`.
    #[inline]
    pub(crate) fn has(&self, cell: u8, digit: u8) -> bool {
        self.cands(usize::from(cell)) >> (digit - 1) & 1 != 0
    }

    /// Queues the first cell of `unit` (in unit order: ascending) that holds `digit` as a
    /// hidden single.
    fn queue_hidden(&mut self, unit: u8, digit: u8) {
        let here = UNIT_BITS[usize::from(unit)] & self.places(usize::from(digit));
        if here != 0 {
            self.hidden.push_back((here.trailing_zeros() as u8, digit));
        }
    }

    /// Removes candidate `digit` from `cell`; HoDoKu's events follow (a naked single queued
    /// when one candidate is left, the unit counts, hidden singles queued or dropped).
    /// Returns false if the cell is left without a candidate.
    pub(crate) fn del_candidate(&mut self, cell_index: u8, digit_value: u8) -> bool {
        if !self.marks.eliminate(cell(usize::from(cell_index)), digit(digit_value)) {
            return true;
        }
        self.removed(cell_index, digit_value)
    }

    /// HoDoKu's events after `digit` left `cell`'s candidates; false if none is left.
    fn removed(&mut self, cell: u8, digit: u8) -> bool {
        let i = usize::from(cell);
        let left = self.cands(i);
        if left == 0 {
            return false;
        }
        if left & (left - 1) == 0 {
            self.naked.push_back((cell, left.trailing_zeros() as u8 + 1));
        }
        for unit in CELL_UNITS[i] {
            let n = &mut self.free[usize::from(unit)][usize::from(digit)];
            *n = n.saturating_sub(1);
            match *n {
                1 => self.queue_hidden(unit, digit),
                0 => {
                    let bits = UNIT_BITS[usize::from(unit)];
                    if let Some(k) =
                        self.hidden.iter().position(|&(c, d)| d == digit && bits >> c & 1 != 0)
                    {
                        self.hidden.remove(k);
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Places `digit` in `cell`, as HoDoKu does (also over a cell already set: the digit is
    /// replaced): the digit leaves the peers (in ascending order), then the cell's old
    /// candidates leave its units' counts.
    pub(crate) fn set_cell(&mut self, cell_index: u8, digit_value: u8) {
        let i = usize::from(cell_index);
        if self.value(i) == digit_value {
            return;
        }
        let old = self.cands(i);
        let seen = peers(cell_index) & self.places(usize::from(digit_value));
        self.marks.place(cell(i), digit(digit_value));
        for peer in cells(seen) {
            self.removed(peer, digit_value);
        }
        for d in digits(old) {
            for unit in CELL_UNITS[i] {
                let n = &mut self.free[usize::from(unit)][usize::from(d)];
                *n = n.saturating_sub(1);
                if *n == 1 && d != digit_value {
                    self.queue_hidden(unit, d);
                }
            }
        }
    }

    /// The pending naked singles, oldest first (entries for cells placed since are stale).
    pub(crate) fn naked_queue(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.naked.iter().copied()
    }

    /// Takes the oldest pending naked single whose cell is still unsolved.
    pub(crate) fn take_naked(&mut self) -> Option<(u8, u8)> {
        while let Some((c, d)) = self.naked.pop_front() {
            if self.value(usize::from(c)) == 0 {
                return Some((c, d));
            }
        }
        None
    }

    /// Takes the oldest pending hidden single whose cell is still unsolved; `None` (for this
    /// round) if that entry is no longer a hidden single in any of its units.
    pub(crate) fn take_hidden(&mut self) -> Option<(u8, u8)> {
        while let Some((c, d)) = self.hidden.pop_front() {
            if self.value(usize::from(c)) == 0 {
                let hidden = CELL_UNITS[usize::from(c)].iter().any(|&u| self.free(u, d) == 1);
                return hidden.then_some((c, d));
            }
        }
        None
    }

    /// The pending hidden singles, oldest first (stale entries included).
    pub(crate) fn hidden_queue(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.hidden.iter().copied()
    }
}
