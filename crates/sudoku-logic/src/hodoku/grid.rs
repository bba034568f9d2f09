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

/// The position (0-8, in unit order) of each cell in its row, column and box.
const UNIT_POS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = [c as u8, r as u8, (r % 3 * 3 + c % 3) as u8];
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

/// HoDoKu's grid state.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    /// The digit of each cell, 0 if unsolved.
    pub(crate) values: [u8; 81],
    /// The candidates of each unsolved cell (bit `d - 1`); 0 for a solved cell.
    pub(crate) cands: [u16; 81],
    /// By digit (1..=9), the unsolved cells that hold it.
    pub(crate) places: [u128; 10],
    /// By unit and digit, the unsolved cells of the unit that hold the digit.
    free: [[u8; 10]; 27],
    /// By unit and digit, the positions (0-8, unit order) of the cells of the unit that hold
    /// the digit as a candidate (kept with `cands`).
    at: [[u16; 10]; 27],
    /// The cells given in the puzzle (placed cells are not givens).
    pub(crate) givens: u128,
    naked: VecDeque<(u8, u8)>,
    hidden: VecDeque<(u8, u8)>,
    unsolved: u8,
}

impl Grid {
    /// The empty grid: every candidate everywhere.
    fn empty() -> Grid {
        let mut places = [(1u128 << 81) - 1; 10];
        places[0] = 0;
        Grid {
            values: [0; 81],
            cands: [0x1ff; 81],
            places,
            free: [[9; 10]; 27],
            at: [[0x1ff; 10]; 27],
            givens: 0,
            naked: VecDeque::with_capacity(128),
            hidden: VecDeque::with_capacity(128),
            unsolved: 81,
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
            if g.values[usize::from(i)] == 0 {
                for d in digits(g.cands[usize::from(i)] & !u16::from(marks.candidates(cell))) {
                    g.del_candidate(i, d);
                }
            }
        }
        g
    }

    /// The unsolved cells.
    pub(crate) fn unsolved_bits(&self) -> u128 {
        cells_where(&self.values, |v| v == 0)
    }

    /// How many unsolved cells of `unit` hold `digit`.
    pub(crate) fn free(&self, unit: u8, digit: u8) -> u8 {
        self.free[usize::from(unit)][usize::from(digit)]
    }

    /// The positions (0-8, in unit order) of the cells of `unit` holding candidate `digit`.
    pub(crate) fn at(&self, unit: u8, digit: u8) -> u16 {
        self.at[usize::from(unit)][usize::from(digit)]
    }

    /// Whether `cell` holds candidate `digit`.
    pub(crate) fn has(&self, cell: u8, digit: u8) -> bool {
        self.cands[usize::from(cell)] >> (digit - 1) & 1 != 0
    }

    /// The pencil marks, in the workspace's vocabulary.
    pub(crate) fn marks(&self) -> CandidateGrid {
        let mut m = CandidateGrid::from(&sudoku_core::Grid::EMPTY);
        for cell in Cell::all() {
            let i = cell.index();
            match Digit::new(self.values[i]) {
                Some(d) => m.place(cell, d),
                None => {
                    for d in digits(!self.cands[i] & 0x1ff) {
                        m.eliminate(cell, Digit::new(d).expect("a digit"));
                    }
                }
            }
        }
        m
    }

    /// Queues the first cell of `unit` (in unit order) that holds `digit` as a hidden single.
    fn queue_hidden(&mut self, unit: u8, digit: u8) {
        let at = self.at[usize::from(unit)][usize::from(digit)];
        if at != 0 {
            let cell = UNIT_CELLS[usize::from(unit)][at.trailing_zeros() as usize].index() as u8;
            self.hidden.push_back((cell, digit));
        }
    }

    /// Clears cell `i`'s position in its units' position masks of `digit`.
    fn clear_at(&mut self, i: usize, digit: u8) {
        for (k, unit) in CELL_UNITS[i].into_iter().enumerate() {
            self.at[usize::from(unit)][usize::from(digit)] &= !(1 << UNIT_POS[i][k]);
        }
    }

    /// Removes candidate `digit` from `cell`; HoDoKu's events follow (a naked single queued
    /// when one candidate is left, the unit counts, hidden singles queued or dropped).
    /// Returns false if the cell is left without a candidate.
    pub(crate) fn del_candidate(&mut self, cell: u8, digit: u8) -> bool {
        let i = usize::from(cell);
        if !self.has(cell, digit) {
            return true;
        }
        self.cands[i] &= !(1 << (digit - 1));
        self.places[usize::from(digit)] &= !(1u128 << cell);
        self.clear_at(i, digit);
        if self.cands[i] == 0 {
            return false;
        }
        if self.cands[i] & (self.cands[i] - 1) == 0 {
            self.naked.push_back((cell, self.cands[i].trailing_zeros() as u8 + 1));
        }
        for unit in CELL_UNITS[i] {
            let n = &mut self.free[usize::from(unit)][usize::from(digit)];
            *n -= 1;
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

    /// Places `digit` in `cell`, as HoDoKu does: the digit leaves the peers (in ascending
    /// order), then the cell's old candidates leave its units' counts.
    pub(crate) fn set_cell(&mut self, cell: u8, digit: u8) {
        let i = usize::from(cell);
        if self.values[i] == digit {
            return;
        }
        self.values[i] = digit;
        let old = self.cands[i];
        self.cands[i] = 0;
        for d in digits(old) {
            self.places[usize::from(d)] &= !(1u128 << cell);
            self.clear_at(i, d);
        }
        self.unsolved -= 1;
        for peer in cells(peers(cell) & self.places[usize::from(digit)]) {
            self.del_candidate(peer, digit);
        }
        for d in digits(old) {
            for unit in CELL_UNITS[i] {
                let n = &mut self.free[usize::from(unit)][usize::from(d)];
                *n -= 1;
                if *n == 1 && d != digit {
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
            if self.values[usize::from(c)] == 0 {
                return Some((c, d));
            }
        }
        None
    }

    /// Takes the oldest pending hidden single whose cell is still unsolved; `None` (for this
    /// round) if that entry is no longer a hidden single in any of its units.
    pub(crate) fn take_hidden(&mut self) -> Option<(u8, u8)> {
        while let Some((c, d)) = self.hidden.pop_front() {
            if self.values[usize::from(c)] == 0 {
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

/// The cells whose value passes `f`.
fn cells_where(values: &[u8; 81], f: impl Fn(u8) -> bool) -> u128 {
    values.iter().enumerate().filter(|&(_, &v)| f(v)).fold(0, |a, (i, _)| a | 1 << i)
}
