//! Digits 1..=9 and sets of them.

use std::fmt;
use std::num::NonZeroU8;

/// A Sudoku digit, 1 to 9.
///
/// # Examples
///
/// ```
/// use sudoku_core::Digit;
///
/// let d = Digit::new(7).unwrap();
/// assert_eq!(d.get(), 7);
/// assert_eq!(d.index(), 6);
/// assert_eq!(Digit::from_index(6), d);
/// assert!(Digit::new(0).is_none() && Digit::new(10).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// All nine digits in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::ALL.len(), 9);
    /// assert_eq!(Digit::ALL[8].get(), 9);
    /// ```
    pub const ALL: [Digit; 9] = {
        let mut all = [Digit(NonZeroU8::MIN); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Digit::from_index(i);
            i += 1;
        }
        all
    };

    /// The digit `value`, or `None` unless `1 <= value <= 9`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::new(3).map(Digit::get), Some(3));
    /// assert_eq!(Digit::new(0), None);
    /// ```
    #[must_use]
    pub const fn new(value: u8) -> Option<Digit> {
        match NonZeroU8::new(value) {
            Some(v) if value <= 9 => Some(Digit(v)),
            _ => None,
        }
    }

    /// The digit with zero-based index `index` (0 is digit 1).
    ///
    /// # Panics
    ///
    /// Panics if `index >= 9`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::from_index(0).get(), 1);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize) -> Digit {
        assert!(index < 9, "digit index out of range");
        match NonZeroU8::new(index as u8 + 1) {
            Some(v) => Digit(v),
            None => unreachable!(),
        }
    }

    /// The digit's value, 1 to 9.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::from_index(4).get(), 5);
    /// ```
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The zero-based index, 0 to 8.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::new(9).unwrap().index(), 8);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The digit as the character `'1'`..`'9'`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::new(2).unwrap().to_char(), '2');
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'0' + self.0.get()) as char
    }

    /// Parses `'1'`..`'9'`; anything else is `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::from_char('4').map(Digit::get), Some(4));
    /// assert_eq!(Digit::from_char('0'), None);
    /// ```
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Digit> {
        match ch {
            '1'..='9' => Digit::new(ch as u8 - b'0'),
            _ => None,
        }
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digit({})", self.get())
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl From<Digit> for u8 {
    fn from(d: Digit) -> u8 {
        d.get()
    }
}

/// A set of digits as a 9-bit mask (bit `i` is digit `i + 1`).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Digit, DigitSet};
///
/// let mut set = DigitSet::EMPTY;
/// set.insert(Digit::new(3).unwrap());
/// set.insert(Digit::new(8).unwrap());
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), [3, 8]);
/// assert_eq!(DigitSet::ALL.difference(set).len(), 7);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u16", into = "u16")
)]
pub struct DigitSet(u16);

/// Serialized as its bit mask (bit `d - 1` for digit `d`).
impl From<DigitSet> for u16 {
    fn from(s: DigitSet) -> u16 {
        s.0
    }
}

/// A mask with bits above the ninth is not a digit set.
impl TryFrom<u16> for DigitSet {
    type Error = InvalidDigitSet;
    fn try_from(bits: u16) -> Result<DigitSet, InvalidDigitSet> {
        if bits > 0x1ff { Err(InvalidDigitSet(bits)) } else { Ok(DigitSet(bits)) }
    }
}

/// The error of a digit-set mask with bits above the ninth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid digit set mask {0:#x}: only bits 0-8 may be set")]
pub struct InvalidDigitSet(pub u16);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set with the given bits; bits above the ninth are dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::from_bits(0b101).len(), 2);
    /// assert_eq!(DigitSet::from_bits(0xffff), DigitSet::ALL);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The underlying bits (bit `i` is digit `i + 1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, DigitSet};
    /// assert_eq!(DigitSet::single(Digit::new(2).unwrap()).bits(), 0b10);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `d`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, DigitSet};
    /// let d = Digit::new(5).unwrap();
    /// assert!(DigitSet::single(d).contains(d));
    /// ```
    #[must_use]
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }

    /// Whether `d` is in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, DigitSet};
    /// assert!(DigitSet::ALL.contains(Digit::new(9).unwrap()));
    /// ```
    #[must_use]
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// Adds `d`; returns whether it was absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, DigitSet};
    /// let mut s = DigitSet::EMPTY;
    /// assert!(s.insert(Digit::new(1).unwrap()));
    /// assert!(!s.insert(Digit::new(1).unwrap()));
    /// ```
    pub fn insert(&mut self, d: Digit) -> bool {
        let absent = !self.contains(d);
        self.0 |= 1 << d.index();
        absent
    }

    /// Removes `d`; returns whether it was present.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, DigitSet};
    /// let mut s = DigitSet::ALL;
    /// assert!(s.remove(Digit::new(1).unwrap()));
    /// assert_eq!(s.len(), 8);
    /// ```
    pub fn remove(&mut self, d: Digit) -> bool {
        let present = self.contains(d);
        self.0 &= !(1 << d.index());
        present
    }

    /// The number of digits in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::ALL.len(), 9);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert!(DigitSet::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit of a one-element set, else `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Digit, DigitSet};
    /// let d = Digit::new(6).unwrap();
    /// assert_eq!(DigitSet::single(d).as_single(), Some(d));
    /// assert_eq!(DigitSet::ALL.as_single(), None);
    /// ```
    #[must_use]
    pub const fn as_single(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(Digit::from_index(self.0.trailing_zeros() as usize))
        } else {
            None
        }
    }

    /// The smallest digit in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{DigitSet};
    /// assert_eq!(DigitSet::from_bits(0b1100).first().map(|d| d.get()), Some(3));
    /// ```
    #[must_use]
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 { None } else { Some(Digit::from_index(self.0.trailing_zeros() as usize)) }
    }

    /// Digits in either set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::from_bits(1).union(DigitSet::from_bits(2)).bits(), 3);
    /// ```
    #[must_use]
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits in both sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::from_bits(3).intersection(DigitSet::from_bits(6)).bits(), 2);
    /// ```
    #[must_use]
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits in `self` but not in `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::from_bits(3).difference(DigitSet::from_bits(6)).bits(), 1);
    /// ```
    #[must_use]
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::EMPTY.complement(), DigitSet::ALL);
    /// ```
    #[must_use]
    pub const fn complement(self) -> DigitSet {
        DigitSet(!self.0 & 0x1ff)
    }

    /// Iterates over the digits in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::DigitSet;
    /// assert_eq!(DigitSet::from_bits(0b110).iter().count(), 2);
    /// ```
    #[must_use]
    pub const fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Digit::get)).finish()
    }
}

/// Writes the digits with no separator, as pencil marks are usually shown: `{1, 5, 9}` is `159`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;
    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        self.intersection(rhs)
    }
}

/// Iterator over a [`DigitSet`], smallest digit first.
#[derive(Clone, Debug)]
pub struct DigitSetIter(u16);

impl Iterator for DigitSetIter {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Digit::from_index(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_round_trips_through_char_and_index() {
        for i in 0..9 {
            let d = Digit::from_index(i);
            assert_eq!(Digit::from_char(d.to_char()), Some(d));
            assert_eq!(d.index(), i);
        }
    }

    #[test]
    fn single_detection() {
        assert_eq!(DigitSet::EMPTY.as_single(), None);
        assert_eq!(DigitSet::from_bits(0b1_0000_0000).as_single(), Digit::new(9));
        assert_eq!(DigitSet::from_bits(0b11).as_single(), None);
    }

    #[test]
    fn display_lists_digits() {
        assert_eq!(DigitSet::from_bits(0b1_0001_0001).to_string(), "159");
        assert_eq!(format!("{:?}", DigitSet::from_bits(0b11)), "{1, 2}");
    }
}
