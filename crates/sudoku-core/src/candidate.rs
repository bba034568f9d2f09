//! One candidate (a digit in a cell) and sets of them: the vocabulary the logical solver's
//! chains, its hints and the pair reduction share.

use std::fmt;

use crate::{Cell, Digit};

/// A candidate: digit `digit` in cell `cell`, numbered `cell * 9 + digit index` (0 to 728),
/// the order of [`Candidate::index`] (row-major cells, digits within a cell).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Candidate, Cell, Digit};
/// let c = Candidate::new(Cell::from_row_col(2, 3), Digit::new(7).unwrap());
/// assert_eq!(c.to_string(), "D3=7");
/// assert_eq!((c.cell(), c.digit().get()), (Cell::from_row_col(2, 3), 7));
/// assert_eq!(c.index(), 21 * 9 + 6);
/// assert_eq!(Candidate::from_index(c.index()), Some(c));
/// assert_eq!(Candidate::from_index(729), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate(u16);

impl Candidate {
    /// Every candidate of a grid.
    pub const COUNT: usize = 729;

    /// Digit `digit` in cell `cell`.
    #[must_use]
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate((cell.index() * 9 + digit.index()) as u16)
    }

    /// The candidate numbered `index`, if below 729.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Candidate> {
        if index < Candidate::COUNT { Some(Candidate(index as u16)) } else { None }
    }

    /// Its cell.
    #[must_use]
    pub const fn cell(self) -> Cell {
        match Cell::new(self.0 as usize / 9) {
            Some(cell) => cell,
            None => unreachable!(),
        }
    }

    /// Its digit.
    #[must_use]
    pub const fn digit(self) -> Digit {
        Digit::from_index(self.0 as usize % 9)
    }

    /// Its number, `cell * 9 + digit index`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// `D3=7`: the cell, then the digit.
impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell(), self.digit())
    }
}

/// A set of candidates: 729 bits, by [`Candidate::index`]; iterates in that order.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Candidate, CandidateSet};
/// let a = Candidate::from_index(5).unwrap();
/// let b = Candidate::from_index(700).unwrap();
/// let mut set = CandidateSet::EMPTY;
/// assert!(set.insert(b) && set.insert(a) && !set.insert(a));
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(a));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]);
/// assert!(set.remove(a) && !set.contains(a));
/// assert_eq!(set.intersection(&CandidateSet::ALL), set);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CandidateSet([u64; 12]);

impl CandidateSet {
    /// The empty set.
    pub const EMPTY: CandidateSet = CandidateSet([0; 12]);

    /// All 729 candidates.
    pub const ALL: CandidateSet = {
        let mut words = [u64::MAX; 12];
        words[11] = (1 << (Candidate::COUNT - 11 * 64)) - 1;
        CandidateSet(words)
    };

    /// Whether `c` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(&self, c: Candidate) -> bool {
        self.0[c.index() / 64] >> (c.index() % 64) & 1 != 0
    }

    /// Adds `c`; whether it was not in.
    #[inline]
    pub fn insert(&mut self, c: Candidate) -> bool {
        let (word, bit) = (&mut self.0[c.index() / 64], 1 << (c.index() % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Removes `c`; whether it was in.
    #[inline]
    pub fn remove(&mut self, c: Candidate) -> bool {
        let (word, bit) = (&mut self.0[c.index() / 64], 1 << (c.index() % 64));
        let was = *word & bit != 0;
        *word &= !bit;
        was
    }

    /// How many candidates are in.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The candidates in both sets.
    #[must_use]
    pub fn intersection(&self, other: &CandidateSet) -> CandidateSet {
        CandidateSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The candidates in either set.
    #[must_use]
    pub fn union(&self, other: &CandidateSet) -> CandidateSet {
        CandidateSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The candidates in order of [`Candidate::index`].
    pub fn iter(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    Candidate((i * 64 + bit) as u16)
                })
            })
        })
    }
}

impl fmt::Debug for CandidateSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.to_string())).finish()
    }
}

impl FromIterator<Candidate> for CandidateSet {
    fn from_iter<I: IntoIterator<Item = Candidate>>(iter: I) -> CandidateSet {
        let mut set = CandidateSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_candidate_round_trips_and_all_holds_exactly_them() {
        let all: Vec<Candidate> = CandidateSet::ALL.iter().collect();
        assert_eq!(all.len(), Candidate::COUNT);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Candidate::new(c.cell(), c.digit()), *c);
        }
        let collected: CandidateSet = all.into_iter().collect();
        assert_eq!(collected, CandidateSet::ALL);
        assert_eq!(CandidateSet::ALL.union(&CandidateSet::EMPTY), CandidateSet::ALL);
        assert!(CandidateSet::EMPTY.is_empty());
    }
}
