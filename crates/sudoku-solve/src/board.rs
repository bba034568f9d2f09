//! The bitboard state of the exact solver and its constraint propagation.
//!
//! For every digit and band (three rows) a 27-bit mask holds the cells that may still hold the
//! digit; bit `r * 9 + c` is row `r` of the band, column `c`. A placed digit keeps its own bit,
//! so a solved cell has exactly one digit, and `unsolved` marks the cells not yet found solved.
//!
//! Inside a band, a digit occupies exactly one 3-cell segment (row x box) in each row and in
//! each box: its segment pattern is one of the six 3x3 permutation matrices. [`PERM_CELLS`]
//! keeps only the cells of the permutations that still fit, which performs pointing and
//! claiming (locked candidates) in one table look-up and detects empty rows and boxes.
//! Propagation is lazy (see [`Board`]); `docs/benchmarks.md` has the measurements behind it.
//!
//! This board is separate from [`sudoku_core::CandidateGrid`] (the board of the logical
//! techniques) for speed: band masks make a node cost a few table look-ups, and the state is
//! small enough to copy at every branch.

// Index loops over bands and digits mirror the bit arithmetic (`at(d, b)`) more plainly.
#![allow(clippy::needless_range_loop)]

use wide::u32x8;

use crate::kernel::{Kernel, Portable};

/// Bits of row `r` of a band.
const ROW_MASK: [u32; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
/// Bits of box `k` of a band.
const BOX_MASK: [u32; 3] = [0o7 * 0x40201, 0o70 * 0x40201, 0o700 * 0x40201];
/// Bits of column `c` of a band.
const COL_MASK: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 << c) | (1 << (9 + c)) | (1 << (18 + c));
        c += 1;
    }
    t
};
/// For bit `p` of a band: the other bits of its row, box and column within the band.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        t[p] = (ROW_MASK[r] | BOX_MASK[c / 3] | COL_MASK[c]) & !(1 << p);
        p += 1;
    }
    t
};
/// For a 9-bit segment occupancy (bit `r * 3 + k` is row `r`, box `k`): the union of the
/// permutation matrices inside it. Zero means the digit cannot be placed in the band.
const PERM_UNION: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut i = 0;
        while i < 6 {
            let p = PERMS[i];
            let m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if occ & m == m {
                t[occ] |= m as u16;
            }
            i += 1;
        }
        occ += 1;
    }
    t
};
/// A 9-bit segment mask spread over the 27 cells of the band.
const SEGMENT_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            if s & (1 << i) != 0 {
                t[s] |= 0b111 << ((i / 3) * 9 + (i % 3) * 3);
            }
            i += 1;
        }
        s += 1;
    }
    t
};
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];
/// For a `cand` index [`at`]`(d, b)`: `(d, b)`, by look-up instead of a division.
const DIGIT_BAND: [(u8, u8); 27] = {
    let mut t = [(0u8, 0u8); 27];
    let mut i = 0;
    while i < 27 {
        t[i] = ((i % 9) as u8, (i / 9) as u8);
        i += 1;
    }
    t
};
/// The `cand` index of digit index `d` in band `b`: band-major, so that a band's nine digit
/// masks are contiguous.
#[inline(always)]
const fn at(d: usize, b: usize) -> usize {
    b * 9 + d
}

/// Every cell of a band.
const FULL_BAND: u32 = (1 << 27) - 1;

/// For a 9-bit set of columns of a band: the columns that are the only one of their box (a
/// digit confined to one column of a box is pointing: it leaves that column in the other bands).
const LOCKED_COLUMNS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut c = 0;
    while c < 512 {
        let mut k = 0;
        while k < 3 {
            let g = (c >> (3 * k)) & 7;
            if g != 0 && g & (g - 1) == 0 {
                t[c] |= (g << (3 * k)) as u16;
            }
            k += 1;
        }
        c += 1;
    }
    t
};
/// For a 9-bit segment occupancy: the cells of the band the band rule still allows (zero: the
/// digit cannot be placed in the band). One look-up instead of two chained ones.
const PERM_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = SEGMENT_CELLS[PERM_UNION[s] as usize];
        s += 1;
    }
    t
};

/// `v` if it has at most one bit, else 0 (branch-free).
#[inline(always)]
const fn lone(v: u32) -> u32 {
    v & 0u32.wrapping_sub((v & v.wrapping_sub(1) == 0) as u32)
}

/// The digits (9 bits) whose mask, among a band's nine, meets `cells`: one 8-lane compare and
/// sign-bit mask (`wide`) and a scalar test, where the compiler's own vectorisation unpacks
/// the bits one by one.
#[inline(always)]
fn digits_meeting(masks: &[u32; 9], cells: u32) -> u32 {
    let m = masks;
    let lanes = u32x8::new([m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]]);
    let missed = (lanes & u32x8::splat(cells)).simd_eq(u32x8::ZERO).to_bitmask()
        | u32::from(m[8] & cells == 0) << 8;
    !missed & 0x1ff
}

/// Clears `cells` from a band's nine digit masks; returns the digits that had any of them.
#[inline(always)]
fn clear_cells(masks: &mut [u32; 9], cells: u32) -> u32 {
    let hit = digits_meeting(masks, cells);
    for m in masks.iter_mut() {
        *m &= !cells;
    }
    hit
}

/// [`clear_cells`], and mask `k` set to `x` in the same vector store of the first eight masks
/// (see [`Kernel::CLEAR_AND_SET`]).
#[inline(always)]
fn clear_cells_and_set(masks: &mut [u32; 9], cells: u32, k: usize, x: u32) -> u32 {
    let hit = digits_meeting(masks, cells);
    for (j, m) in masks.iter_mut().enumerate() {
        *m = if j == k { x } else { *m & !cells };
    }
    hit
}

/// Solver state: candidates per digit and band, and the cells still unsolved.
///
/// Propagation is lazy, as in the JCZSolve family of solvers: placing a digit only narrows its
/// own digit-band mask; the update of that mask then finds the cell solved (alone in its row),
/// clears it from the other digits, and removes the digit's pointing columns from the other
/// bands. Every update is a handful of table look-ups and branch-free masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// `cand[at(d, b)]`: cells of band `b` that may hold digit index `d`.
    cand: [u32; 27],
    /// Digits (9 bits) whose masks were updated since the last column pass.
    col_dirty: u32,
    /// Cells of each band not yet known solved.
    unsolved: [u32; 3],
    /// The `cand` entries that may have changed since their last update.
    dirty: u32,
}

/// A cell to branch on: band, bit within it, and its candidate digits (9 bits).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Branch {
    pub(crate) band: usize,
    pub(crate) bit: u32,
    pub(crate) digits: u32,
}

impl Board {
    /// The board with every candidate open.
    pub(crate) const fn empty() -> Board {
        Board { cand: [FULL_BAND; 27], unsolved: [FULL_BAND; 3], dirty: 0, col_dirty: 0 }
    }

    /// The board of a puzzle given as 81 bytes (0 empty), or `None` if its givens contradict.
    #[inline(always)]
    pub(crate) fn from_bytes(cells: &[u8; 81]) -> Option<Board> {
        // Givens are placed in full here (the cell cleared from the other digits, the digit
        // from the cell's row, box and column), which spares the first propagation most of
        // its updates. What they rule out is gathered first and applied once per mask.
        let mut own = [0u32; 27];
        let mut ruled_out = [0u32; 27];
        let mut columns = [0u32; 9];
        let mut given = [0u32; 3];
        for (i, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (d, b, p) = (usize::from(v - 1) % 9, i / 27, i % 27);
            let (bit, col) = (1u32 << p, 1u32 << (p % 9));
            let j = at(d, b);
            if ruled_out[j] & bit != 0 || columns[d] & col != 0 {
                return None;
            }
            ruled_out[j] |= BAND_PEERS[p];
            columns[d] |= col;
            own[j] |= bit;
            given[b] |= bit;
        }
        let mut bd = Board::empty();
        for b in 0..3 {
            bd.unsolved[b] = FULL_BAND & !given[b];
            for d in 0..9 {
                let j = at(d, b);
                let out = ruled_out[j] | given[b] | (columns[d] * 0x40201);
                bd.cand[j] = (FULL_BAND & !out) | own[j];
            }
        }
        bd.dirty = (1 << 27) - 1;
        Some(bd)
    }

    /// The board of pencil marks: each cell's candidates as 9 bits (a placed cell has its
    /// digit alone), every cell unsolved so that propagation checks and places them all.
    pub(crate) fn from_candidates(cells: &[u16; 81]) -> Board {
        let mut bd = Board::empty();
        bd.cand = [0; 27];
        for (i, &set) in cells.iter().enumerate() {
            let (b, p) = (i / 27, i % 27);
            for d in 0..9 {
                if set & (1 << d) != 0 {
                    bd.cand[at(d, b)] |= 1 << p;
                }
            }
        }
        bd.dirty = (1 << 27) - 1;
        bd.col_dirty = 0x1ff;
        bd
    }

    /// The nine digit masks of band `b`.
    #[inline(always)]
    fn band(&self, b: usize) -> &[u32; 9] {
        self.cand[at(0, b)..at(0, b) + 9].try_into().expect("nine masks")
    }

    /// Whether every cell is placed.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The digit values of a solved board, row-major.
    pub(crate) fn solution_bytes(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[at(d, b)];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    out[b * 27 + p] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
        out
    }

    /// Places digit `d` in band `b`, bit `p`; false if it is no longer a candidate there. Only
    /// the digit's own band mask changes here; [`Board::propagate`] does the rest.
    #[inline(always)]
    pub(crate) fn place(&mut self, d: usize, b: usize, p: u32) -> bool {
        let i = at(d, b);
        if self.cand[i] & (1 << p) == 0 {
            return false;
        }
        self.cand[i] &= !BAND_PEERS[p as usize];
        self.dirty |= 1 << i;
        true
    }

    /// Removes digit `d` from band `b`, bit `p`.
    #[inline(always)]
    pub(crate) fn eliminate(&mut self, d: usize, b: usize, p: u32) {
        self.cand[at(d, b)] &= !(1 << p);
        self.dirty |= 1 << at(d, b);
    }

    /// Updates every digit-band mask that changed, until none does: the band rule (locked
    /// candidates), pointing columns into the other bands, and cells found solved (alone in
    /// their row, which after the band rule covers hidden singles in rows and boxes) cleared
    /// from the other digits. False on a contradiction.
    ///
    /// Below the root, kernels with [`Kernel::BRANCH_FREE_CLEAR`] clear the solved cells
    /// without testing whether there are any: after a guess half the updates find some, a
    /// branch the CPU cannot predict (A/B, AVX2 build: deep searches 6 % faster on the hardest
    /// sets, 3 % on top1465; the first 8 nodes too, another 2-6 % on top1465). The `ROOT`
    /// propagation keeps the test: its givens are placed already and few of its updates find
    /// a solved cell (branch-free there: 4 % slower on 17-clue, 9 % on serg). Kernels with
    /// [`Kernel::CLEAR_AND_SET`] also write the updated mask in the same store.
    #[inline(always)]
    fn band_pass<K: Kernel, const ROOT: bool>(&mut self, kernel: K) -> bool {
        while self.dirty != 0 {
            let mut work = self.dirty;
            while work != 0 {
                let i = work.trailing_zeros() as usize;
                work &= work - 1;
                self.dirty &= !(1 << i);
                let x = self.cand[i];
                let segs = kernel.segments(x);
                let x = x & PERM_CELLS[(segs & 0x1ff) as usize];
                if x == 0 {
                    return false;
                }
                let (d, b) = (DIGIT_BAND[i].0 as usize, DIGIT_BAND[i].1 as usize);
                self.col_dirty |= 1 << d;
                // Pointing: a box of this band where the digit has one column left.
                let cols = (x | x >> 9 | x >> 18) & 0x1ff;
                let keep = !(u32::from(LOCKED_COLUMNS[cols as usize]) * 0x40201);
                let (o1, o2) = OTHER_BANDS[b];
                let (j1, j2) = (at(d, o1), at(d, o2));
                let (a1, a2) = (self.cand[j1], self.cand[j2]);
                self.cand[j1] = a1 & keep;
                self.cand[j2] = a2 & keep;
                self.dirty |=
                    (u32::from(a1 & !keep != 0) << j1) | (u32::from(a2 & !keep != 0) << j2);
                // Solved cells: alone in their row.
                let solved = lone(x & ROW_MASK[0]) | lone(x & ROW_MASK[1]) | lone(x & ROW_MASK[2]);
                let new = solved & self.unsolved[b];
                let base = at(0, b);
                if !ROOT && K::CLEAR_AND_SET {
                    self.unsolved[b] &= !new;
                    let band = (&mut self.cand[base..base + 9]).try_into().expect("nine masks");
                    self.dirty |= clear_cells_and_set(band, new, d, x) << base;
                    self.dirty &= !(1 << i);
                    continue;
                }
                if (!ROOT && K::BRANCH_FREE_CLEAR) || new != 0 {
                    self.unsolved[b] &= !new;
                    let band = (&mut self.cand[base..base + 9]).try_into().expect("nine masks");
                    self.dirty |= clear_cells(band, new) << base;
                    self.dirty &= !(1 << i);
                }
                self.cand[i] = x;
            }
        }
        true
    }

    /// The stack rule, the column twin of the band rule: within a stack a digit occupies one
    /// column per band and one band per column, a 3x3 permutation. (Hidden singles in columns
    /// follow from it and the band rule: same search nodes without their own test.) Returns
    /// `None` on a contradiction, else whether anything changed.
    #[inline(always)]
    fn column_pass(&mut self) -> Option<bool> {
        let mut changed = false;
        let mut digits = std::mem::take(&mut self.col_dirty);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // Columns of each band that may hold the digit.
            let any = [0, 1, 2].map(|b| {
                let x = self.cand[at(d, b)];
                (x | x >> 9 | x >> 18) & 0x1ff
            });
            // Segment (band b, column j of the stack) is bit b * 3 + j.
            for s in 0..3 {
                let sh = 3 * s;
                let occ = ((any[0] >> sh) & 7)
                    | (((any[1] >> sh) & 7) << 3)
                    | (((any[2] >> sh) & 7) << 6);
                let allowed = PERM_UNION[occ as usize] as u32;
                if allowed == 0 {
                    return None;
                }
                let mut gone = occ & !allowed;
                while gone != 0 {
                    let i = gone.trailing_zeros() as usize;
                    let (b, c) = (i / 3, sh + i % 3);
                    self.cand[at(d, b)] &= !COL_MASK[c];
                    self.dirty |= 1 << at(d, b);
                    changed = true;
                    gone &= gone - 1;
                }
            }
        }
        Some(changed)
    }

    /// Naked singles: cells with one candidate left. `None` on a cell with none.
    #[inline(always)]
    fn naked_pass(&mut self) -> Option<bool> {
        let mut placed = false;
        for b in 0..3 {
            let (mut ones, mut twos) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[at(d, b)];
                twos |= ones & x;
                ones |= x;
            }
            let uns = self.unsolved[b];
            if uns & !ones != 0 {
                return None;
            }
            let mut singles = uns & !twos;
            while singles != 0 {
                let p = singles.trailing_zeros();
                let bit = 1 << p;
                let d = digits_meeting(self.band(b), bit).trailing_zeros() as usize;
                if d == 32 || !self.place(d, b, p) {
                    return None;
                }
                placed = true;
                singles &= singles - 1;
            }
        }
        Some(placed)
    }

    /// Propagates to a fixed point. False on a contradiction.
    #[inline(always)]
    pub(crate) fn propagate(&mut self) -> bool {
        self.propagate_with(Portable, true)
    }

    /// [`Board::propagate`], with the column pass only if `columns`.
    #[inline(always)]
    pub(crate) fn propagate_with<K: Kernel>(&mut self, kernel: K, columns: bool) -> bool {
        if columns {
            self.propagate_inner::<K, true, false>(kernel)
        } else {
            self.propagate_inner::<K, false, false>(kernel)
        }
    }

    /// The propagation of a search's root board: no column pass, and the solved-cell test kept
    /// (see [`Board::band_pass`]).
    #[inline(always)]
    pub(crate) fn propagate_root<K: Kernel>(&mut self, kernel: K) -> bool {
        self.propagate_inner::<K, false, true>(kernel)
    }

    /// [`Board::propagate_with`], with `columns` known at compile time.
    #[inline(always)]
    fn propagate_inner<K: Kernel, const COLUMNS: bool, const ROOT: bool>(
        &mut self,
        kernel: K,
    ) -> bool {
        let columns = COLUMNS;
        loop {
            if !self.band_pass::<K, ROOT>(kernel) {
                return false;
            }
            match self.naked_pass() {
                None => return false,
                Some(true) => continue,
                Some(false) if !columns => return true,
                Some(false) => {}
            }
            match self.column_pass() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// An unsolved cell with the fewest candidates. If `scored`, among (up to 8) bivalue cells
    /// the one whose two digits have the most other places in the cell's row, box and column
    /// (each branch then eliminates the most); else the first bivalue cell.
    #[inline(always)]
    pub(crate) fn branch(&self, scored: bool) -> Branch {
        // Bit-sliced candidate counts per band: cells with at least two, three, four digits.
        let mut twos = [0u32; 3];
        let mut threes = [0u32; 3];
        let mut fours = [0u32; 3];
        for b in 0..3 {
            let (mut o, mut t2, mut t3, mut t4) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[at(d, b)];
                t4 |= t3 & x;
                t3 |= t2 & x;
                t2 |= o & x;
                o |= x;
            }
            twos[b] = t2 & self.unsolved[b];
            threes[b] = t3;
            fours[b] = t4;
        }
        if !scored {
            for b in 0..3 {
                let bivalue = twos[b] & !threes[b];
                if bivalue != 0 {
                    let bit = bivalue.trailing_zeros();
                    return Branch { band: b, bit, digits: self.digits_at(b, bit) };
                }
            }
        }
        let mut best_bivalue: Option<(u32, usize, u32, u32)> = None;
        // Scoring every bivalue cell costs more than the nodes it saves: 8 is the measured best
        // (callgrind, hardest-1106 set: 1.86e9 instructions against 1.94e9 for all and 2.11e9
        // for 4).
        let mut n = 0;
        for b in 0..3 {
            let mut bivalue = twos[b] & !threes[b];
            while bivalue != 0 && n < 8 {
                n += 1;
                let p = bivalue.trailing_zeros();
                bivalue &= bivalue - 1;
                let digits = self.digits_at(b, p);
                let col = COL_MASK[p as usize % 9];
                let unit = ROW_MASK[p as usize / 9] | BOX_MASK[p as usize % 9 / 3] | col;
                let (o1, o2) = OTHER_BANDS[b];
                let mut score = 0;
                let mut ds = digits;
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    score += (self.cand[at(d, b)] & unit).count_ones()
                        // The other bands' column bits side by side (column c and c + 1
                        // positions), so one count covers both.
                        + ((self.cand[at(d, o1)] & col) | (self.cand[at(d, o2)] & col) << 1)
                            .count_ones();
                    ds &= ds - 1;
                }
                if best_bivalue.is_none_or(|(s, ..)| score > s) {
                    best_bivalue = Some((score, b, p, digits));
                }
            }
        }
        if let Some((_, band, bit, digits)) = best_bivalue {
            return Branch { band, bit, digits };
        }
        // No bivalue cell: the first cell with three candidates, else the first with the fewest.
        for b in 0..3 {
            let tri = twos[b] & threes[b] & !fours[b];
            if tri != 0 {
                let bit = tri.trailing_zeros();
                return Branch { band: b, bit, digits: self.digits_at(b, bit) };
            }
        }
        let mut best: Option<(u32, usize, u32)> = None;
        for b in 0..3 {
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let p = rest.trailing_zeros();
                let n = self.digits_at(b, p).count_ones();
                if best.is_none_or(|(m, _, _)| n < m) {
                    best = Some((n, b, p));
                }
                rest &= rest - 1;
            }
        }
        let (_, band, bit) = best.expect("branch() needs an unsolved board");
        Branch { band, bit, digits: self.digits_at(band, bit) }
    }

    /// The candidate digits (9 bits) of band `b`, bit `p`.
    #[inline(always)]
    pub(crate) fn digits_at(&self, b: usize, p: u32) -> u32 {
        digits_meeting(self.band(b), 1 << p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        assert_eq!(BOX_MASK[0] | BOX_MASK[1] | BOX_MASK[2], FULL_BAND);
        assert_eq!(BOX_MASK[1].count_ones(), 9);
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 4 + 2);
        assert_eq!(PERM_UNION[0x1ff], 0x1ff);
        // A digit confined to box 0 in row 0 must leave box 0 in the other rows (claiming).
        let occ = 0b111_111_001;
        assert_eq!(PERM_UNION[occ], 0b110_110_001);
        assert_eq!(PERM_UNION[0b111_111_000], 0);
    }

    /// Band masks: empty, one cell, or any (misses are the interesting case).
    fn sparse_or_dense() -> impl proptest::strategy::Strategy<Value = u32> {
        use proptest::prelude::*;
        prop_oneof![Just(0u32), (0u32..27).prop_map(|p| 1 << p), 0u32..(1 << 27)]
    }

    proptest::proptest! {
        /// The 8-lane compare agrees with testing the nine masks one by one.
        #[test]
        fn digits_meeting_agrees_with_the_plain_loop(
            masks in proptest::array::uniform9(sparse_or_dense()),
            cells in sparse_or_dense(),
        ) {
            let plain = (0..9).filter(|&d| masks[d] & cells != 0).fold(0, |m, d| m | 1 << d);
            proptest::prop_assert_eq!(digits_meeting(&masks, cells), plain);
            let mut cleared = masks;
            proptest::prop_assert_eq!(clear_cells(&mut cleared, cells), plain);
            proptest::prop_assert!((0..9).all(|d| cleared[d] == masks[d] & !cells));
        }
    }

    #[test]
    fn board_is_small_enough_to_copy_per_node() {
        // The crate docs quote this size.
        assert_eq!(std::mem::size_of::<Board>(), 128);
    }

    #[test]
    fn solves_an_easy_puzzle_by_propagation() {
        let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let bytes: Vec<u8> = p.bytes().map(|c| if c == b'.' { 0 } else { c - b'0' }).collect();
        let mut b = Board::from_bytes(&bytes.try_into().unwrap()).unwrap();
        assert!(b.propagate());
        assert!(b.is_solved());
    }
}
