//! Where cells lie, as bits, for the pattern, wing, uniqueness, coloring and Sue de Coq
//! searches: row, column and box of a cell, the 20 peers of each cell as one table, the cells
//! of a bit set counted.

use sudoku_core::PEERS;

use super::grid::{CELL_UNITS, UNIT_BITS};

/// The row of a cell (0-8).
pub(crate) const fn row(c: u8) -> u8 {
    c / 9
}

/// The column of a cell (0-8).
pub(crate) const fn col(c: u8) -> u8 {
    c % 9
}

/// The box of a cell (0-8, row-major).
pub(crate) const fn boxn(c: u8) -> u8 {
    CELL_UNITS[c as usize][2] - 18
}

/// The cells of row `r` as bits.
pub(crate) const fn row_bits(r: u8) -> u128 {
    UNIT_BITS[r as usize]
}

/// The cells of column `c` as bits.
pub(crate) const fn col_bits(c: u8) -> u128 {
    UNIT_BITS[9 + c as usize]
}

/// The cells of box `b` as bits.
pub(crate) const fn box_bits(b: u8) -> u128 {
    UNIT_BITS[18 + b as usize]
}

/// The 20 peers of each cell (HoDoKu's buddies: a cell is not its own): core's [`PEERS`].
pub(crate) const BUDDIES: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = PEERS[c].bits();
        c += 1;
    }
    t
};

/// The peers of `c` as bits.
pub(crate) const fn buddies(c: u8) -> u128 {
    BUDDIES[c as usize]
}

/// Whether cells `a` and `b` see each other.
pub(crate) const fn sees(a: u8, b: u8) -> bool {
    BUDDIES[a as usize] >> b & 1 != 0
}

/// How many cells a bit set holds.
pub(crate) const fn count(bits: u128) -> u32 {
    bits.count_ones()
}

/// The lowest cell of a non-empty bit set.
pub(crate) const fn first(bits: u128) -> u8 {
    bits.trailing_zeros() as u8
}

/// The one-cell bit set.
pub(crate) const fn bit(c: u8) -> u128 {
    1u128 << c
}

/// The grid of a regression-library line, for tests.
#[cfg(test)]
pub(crate) fn case_grid(line: &str) -> super::grid::Grid {
    line.parse::<super::LibraryCase>().expect("a library case").grid()
}
