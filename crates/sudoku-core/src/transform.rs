//! Validity-preserving symmetries of the grid: relabelling digits, transposing, and permuting
//! rows within bands, bands, columns within stacks and stacks.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::{Cell, Digit, Grid};

/// A symmetry of Sudoku: it maps every valid puzzle to a valid puzzle with as many solutions.
///
/// Transforms compose with [`Transform::then`] and undo with [`Transform::inverse`]. Internally a
/// transform is a cell permutation plus a digit relabelling, so composition is exact.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Grid, Transform};
///
/// let puzzle: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let t = Transform::transpose().then(&Transform::try_permute_bands([2, 0, 1])?);
/// let moved = t.apply(&puzzle);
/// assert_ne!(moved, puzzle);
/// assert_eq!(moved.clue_count(), puzzle.clue_count());
/// assert_eq!(t.inverse().apply(&moved), puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Transform {
    /// `cells[i]` is the source cell whose content lands in cell `i`.
    cells: [u8; 81],
    /// `digits[d]` is the new index of digit index `d`.
    digits: [u8; 9],
}

/// A permutation given to a [`Transform`] constructor is not valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum TransformError {
    /// The values are not a permutation of `0..n`.
    #[error("not a permutation of 0..{n}")]
    NotAPermutation {
        /// The size expected.
        n: usize,
    },
    /// A row or column permutation that splits a band or stack.
    #[error("the permutation moves a line out of its band or stack")]
    BreaksBand,
}

const fn is_permutation<const N: usize>(p: &[usize; N]) -> bool {
    let mut seen = [false; N];
    let mut i = 0;
    while i < N {
        if p[i] >= N || seen[p[i]] {
            return false;
        }
        seen[p[i]] = true;
        i += 1;
    }
    true
}

impl Default for Transform {
    fn default() -> Transform {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = {
        let mut cells = [0u8; 81];
        let mut i = 0;
        while i < 81 {
            cells[i] = i as u8;
            i += 1;
        }
        Transform { cells, digits: [0, 1, 2, 3, 4, 5, 6, 7, 8] }
    };

    /// A transform from its cell sources (`cells[i]` is the cell whose content lands in `i`,
    /// a permutation) and its relabelling (`digits[d]` is digit index `d`'s new index).
    pub(crate) const fn from_parts(cells: [u8; 81], digits: [u8; 9]) -> Transform {
        Transform { cells, digits }
    }

    /// The cell sources: entry `i` is the index of the cell whose content lands in cell `i`.
    pub(crate) const fn cell_sources(&self) -> [u8; 81] {
        self.cells
    }

    fn from_cell_map(f: impl Fn(usize, usize) -> (usize, usize)) -> Transform {
        let mut cells = [0u8; 81];
        for (i, slot) in cells.iter_mut().enumerate() {
            let (r, c) = f(i / 9, i % 9);
            *slot = (r * 9 + c) as u8;
        }
        Transform { cells, digits: Transform::IDENTITY.digits }
    }

    /// Mirrors the grid in its main diagonal: row `r` becomes column `r`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Grid, Transform};
    /// let mut g = Grid::EMPTY;
    /// g.set(Cell::from_row_col(0, 5), Digit::new(1));
    /// let t = Transform::transpose().apply(&g);
    /// assert_eq!(t.get(Cell::from_row_col(5, 0)), Digit::new(1));
    /// ```
    #[must_use]
    pub fn transpose() -> Transform {
        Transform::from_cell_map(|r, c| (c, r))
    }

    /// Renames digit `d` to `map[d.index()]`.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] if two digits map to the same one.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, Transform};
    /// let swap12 = [2, 1, 3, 4, 5, 6, 7, 8, 9].map(|v| Digit::new(v).unwrap());
    /// assert!(Transform::try_relabel(swap12).is_ok());
    /// let bad = [1; 9].map(|v| Digit::new(v).unwrap());
    /// assert!(Transform::try_relabel(bad).is_err());
    /// ```
    pub fn try_relabel(map: [Digit; 9]) -> Result<Transform, TransformError> {
        if !is_permutation(&map.map(Digit::index)) {
            return Err(TransformError::NotAPermutation { n: 9 });
        }
        Ok(Transform { cells: Transform::IDENTITY.cells, digits: map.map(|d| d.index() as u8) })
    }

    /// Moves row `perm[r]` to row `r`. Rows may only move within their band; use
    /// [`Transform::try_permute_bands`] to move bands.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] or [`TransformError::BreaksBand`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Transform;
    /// assert!(Transform::try_permute_rows([1, 0, 2, 3, 4, 5, 8, 7, 6]).is_ok());
    /// assert!(Transform::try_permute_rows([3, 1, 2, 0, 4, 5, 6, 7, 8]).is_err());
    /// ```
    pub fn try_permute_rows(perm: [usize; 9]) -> Result<Transform, TransformError> {
        check_line_permutation(&perm)?;
        Ok(Transform::from_cell_map(|r, c| (perm[r], c)))
    }

    /// Moves column `perm[c]` to column `c`, within stacks.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] or [`TransformError::BreaksBand`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Transform;
    /// assert!(Transform::try_permute_cols([0, 2, 1, 3, 4, 5, 6, 7, 8]).is_ok());
    /// ```
    pub fn try_permute_cols(perm: [usize; 9]) -> Result<Transform, TransformError> {
        check_line_permutation(&perm)?;
        Ok(Transform::from_cell_map(|r, c| (r, perm[c])))
    }

    /// Moves band `perm[b]` (three rows) to band `b`.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] if `perm` is not a permutation of `0..3`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Transform;
    /// assert!(Transform::try_permute_bands([2, 1, 0]).is_ok());
    /// assert!(Transform::try_permute_bands([0, 0, 1]).is_err());
    /// ```
    pub fn try_permute_bands(perm: [usize; 3]) -> Result<Transform, TransformError> {
        if !is_permutation(&perm) {
            return Err(TransformError::NotAPermutation { n: 3 });
        }
        Ok(Transform::from_cell_map(|r, c| (perm[r / 3] * 3 + r % 3, c)))
    }

    /// Moves stack `perm[s]` (three columns) to stack `s`.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] if `perm` is not a permutation of `0..3`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Transform;
    /// assert!(Transform::try_permute_stacks([1, 2, 0]).is_ok());
    /// ```
    pub fn try_permute_stacks(perm: [usize; 3]) -> Result<Transform, TransformError> {
        if !is_permutation(&perm) {
            return Err(TransformError::NotAPermutation { n: 3 });
        }
        Ok(Transform::from_cell_map(|r, c| (r, perm[c / 3] * 3 + c % 3)))
    }

    /// A transform drawn uniformly from the whole symmetry group (2 x 6^8 x 9! elements).
    ///
    /// # Examples
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::{Grid, Transform};
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    /// let t = Transform::random(&mut rng);
    /// let solved: Grid =
    ///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    ///         .parse()?;
    /// assert!(t.apply(&solved).is_solved());
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Transform {
        let lines = |rng: &mut R| {
            let mut blocks = [0usize, 1, 2];
            blocks.shuffle(rng);
            let mut perm = [0usize; 9];
            for (b, &src) in blocks.iter().enumerate() {
                let mut inner = [0usize, 1, 2];
                inner.shuffle(rng);
                for (k, &i) in inner.iter().enumerate() {
                    perm[b * 3 + k] = src * 3 + i;
                }
            }
            perm
        };
        let rows = lines(rng);
        let cols = lines(rng);
        let transpose = rng.random_bool(0.5);
        let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
        digits.shuffle(rng);
        let mut t = Transform::from_cell_map(|r, c| (rows[r], cols[c]));
        if transpose {
            t = Transform::transpose().then(&t);
        }
        t.digits = digits;
        t
    }

    /// The transform that applies `self`, then `next`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Transform;
    /// let t = Transform::transpose();
    /// assert_eq!(t.then(&t), Transform::IDENTITY);
    /// ```
    #[must_use]
    pub fn then(&self, next: &Transform) -> Transform {
        Transform {
            cells: next.cells.map(|i| self.cells[i as usize]),
            digits: self.digits.map(|d| next.digits[d as usize]),
        }
    }

    /// The transform that undoes `self`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Transform;
    /// let t = Transform::try_permute_stacks([1, 2, 0])?;
    /// assert_eq!(t.then(&t.inverse()), Transform::IDENTITY);
    /// # Ok::<(), sudoku_core::TransformError>(())
    /// ```
    #[must_use]
    pub fn inverse(&self) -> Transform {
        let mut inv = Transform::IDENTITY;
        for (i, &src) in self.cells.iter().enumerate() {
            inv.cells[src as usize] = i as u8;
        }
        for (d, &to) in self.digits.iter().enumerate() {
            inv.digits[to as usize] = d as u8;
        }
        inv
    }

    /// Applies the transform to a grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Grid, Transform};
    /// assert_eq!(Transform::transpose().apply(&Grid::EMPTY), Grid::EMPTY);
    /// ```
    #[must_use]
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut out = Grid::EMPTY;
        for cell in Cell::all() {
            let src = Cell::new(self.cells[cell.index()] as usize).expect("cell index below 81");
            out.set(cell, grid.get(src).map(|d| self.apply_digit(d)));
        }
        out
    }

    /// Where the transform moves `cell`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Transform};
    /// let b1 = Cell::from_row_col(0, 1);
    /// assert_eq!(Transform::transpose().apply_cell(b1), Cell::from_row_col(1, 0));
    /// ```
    #[must_use]
    pub fn apply_cell(&self, cell: Cell) -> Cell {
        let i = self.cells.iter().position(|&s| s as usize == cell.index()).expect("a permutation");
        Cell::new(i).expect("cell index below 81")
    }

    /// What the transform renames `digit` to.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, Transform};
    /// let d = Digit::new(3).unwrap();
    /// assert_eq!(Transform::IDENTITY.apply_digit(d), d);
    /// ```
    #[must_use]
    pub fn apply_digit(&self, digit: Digit) -> Digit {
        Digit::from_index(self.digits[digit.index()] as usize)
    }
}

fn check_line_permutation(perm: &[usize; 9]) -> Result<(), TransformError> {
    if !is_permutation(perm) {
        return Err(TransformError::NotAPermutation { n: 9 });
    }
    if (0..9).any(|i| perm[i] / 3 != i / 3) {
        return Err(TransformError::BreaksBand);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_transforms_keep_solutions_valid_and_invert() {
        let solved: Grid =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
                .parse()
                .unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        for _ in 0..200 {
            let t = Transform::random(&mut rng);
            let out = t.apply(&solved);
            assert!(out.is_solved());
            assert_eq!(t.inverse().apply(&out), solved);
        }
    }

    #[test]
    fn apply_cell_agrees_with_apply() {
        let t = Transform::try_permute_rows([2, 0, 1, 3, 4, 5, 6, 7, 8])
            .unwrap()
            .then(&Transform::transpose());
        let mut g = Grid::EMPTY;
        let c = Cell::from_row_col(0, 4);
        g.set(c, Digit::new(9));
        let moved = t.apply_cell(c);
        assert_eq!(t.apply(&g).get(moved), Digit::new(9));
    }
}
