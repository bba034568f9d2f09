//! Cells, sets of cells, units (rows, columns, boxes) and peers.

use std::fmt;

/// One of the 81 cells, numbered 0..81 row-major.
///
/// In human-facing text a cell is named `<column letter><row number>`: columns `A`..`I` left to
/// right, rows `1`..`9` top to bottom, so `A1` is the top-left cell and `I9` the bottom-right.
///
/// # Examples
///
/// ```
/// use sudoku_core::Cell;
///
/// let c = Cell::from_row_col(1, 7);
/// assert_eq!(c.index(), 16);
/// assert_eq!((c.row(), c.col(), c.box_()), (1, 7, 2));
/// assert_eq!(c.to_string(), "H2");
/// assert_eq!("H2".parse::<Cell>(), Ok(c));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Cell(u8);

/// Serialized by name (`"A1"`).
impl From<Cell> for String {
    fn from(c: Cell) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Cell {
    type Error = ParseCellError;
    fn try_from(s: String) -> Result<Cell, ParseCellError> {
        s.parse()
    }
}

impl Cell {
    /// The cell with row-major index `index`, or `None` unless `index < 81`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::new(80).map(|c| c.to_string()), Some("I9".to_string()));
    /// assert_eq!(Cell::new(81), None);
    /// ```
    #[must_use]
    pub const fn new(index: usize) -> Option<Cell> {
        if index < 81 { Some(Cell(index as u8)) } else { None }
    }

    /// The cell at zero-based `row` and `col`.
    ///
    /// # Panics
    ///
    /// Panics if `row >= 9` or `col >= 9`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::from_row_col(8, 8).index(), 80);
    /// ```
    #[must_use]
    pub const fn from_row_col(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9, "row or column out of range");
        Cell((row * 9 + col) as u8)
    }

    /// The row-major index, 0..81.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::from_row_col(2, 3).index(), 21);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The zero-based row, 0..9 (row 0 is named `1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::new(40).unwrap().row(), 4);
    /// ```
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The zero-based column, 0..9 (column 0 is named `A`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::new(40).unwrap().col(), 4);
    /// ```
    #[must_use]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// The zero-based box, 0..9, numbered row-major (box 0 is top-left, box 8 bottom-right).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::from_row_col(4, 7).box_(), 5);
    /// ```
    #[must_use]
    pub const fn box_(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// The 20 cells that share a row, column or box with this one.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// let a1 = Cell::new(0).unwrap();
    /// assert_eq!(a1.peers().len(), 20);
    /// assert!(!a1.peers().contains(a1));
    /// ```
    #[must_use]
    pub const fn peers(self) -> CellSet {
        PEERS[self.0 as usize]
    }

    /// The cell's row, column and box.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Unit};
    /// let c = Cell::from_row_col(4, 7);
    /// assert_eq!(c.units(), [Unit::Row(4), Unit::Col(7), Unit::Box(5)]);
    /// ```
    #[must_use]
    pub const fn units(self) -> [Unit; 3] {
        [Unit::Row(self.row() as u8), Unit::Col(self.col() as u8), Unit::Box(self.box_() as u8)]
    }

    /// Iterates over all 81 cells in row-major order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// assert_eq!(Cell::all().count(), 81);
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..81u8).map(Cell)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({self})")
    }
}

/// The cell's name, `A1`..`I9`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col() as u8) as char, self.row() + 1)
    }
}

/// The error of parsing a cell name such as `A1`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid cell name {0:?}: expected a column A-I and a row 1-9, such as A1")]
pub struct ParseCellError(pub String);

impl std::str::FromStr for Cell {
    type Err = ParseCellError;
    /// Parses `A1`..`I9` (the column letter may be lower case).
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let col = b[0].to_ascii_uppercase().wrapping_sub(b'A');
            let row = b[1].wrapping_sub(b'1');
            if col < 9 && row < 9 {
                return Ok(Cell::from_row_col(row as usize, col as usize));
            }
        }
        Err(ParseCellError(s.to_string()))
    }
}

/// A row, column or box; the index is zero-based.
///
/// # Examples
///
/// ```
/// use sudoku_core::Unit;
///
/// assert_eq!(Unit::ALL.len(), 27);
/// let cells: Vec<String> = Unit::Box(0).cells().iter().map(|c| c.to_string()).collect();
/// assert_eq!(cells, ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]);
/// assert_eq!(Unit::Col(3).to_string(), "column D");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Row 0..9, top to bottom.
    Row(u8),
    /// Column 0..9, left to right.
    Col(u8),
    /// Box 0..9, row-major.
    Box(u8),
}

impl Unit {
    /// All 27 units: rows 0..9, then columns 0..9, then boxes 0..9.
    pub const ALL: [Unit; 27] = {
        let mut all = [Unit::Row(0); 27];
        let mut i = 0;
        while i < 9 {
            all[i] = Unit::Row(i as u8);
            all[9 + i] = Unit::Col(i as u8);
            all[18 + i] = Unit::Box(i as u8);
            i += 1;
        }
        all
    };

    /// All 27 units in Sudoku Explainer's region order: boxes 0..9, then columns 0..9, then
    /// rows 0..9 (the order its techniques search, and so the order that decides which of
    /// two equal hints comes first).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::EXPLAINER_ORDER[0], Unit::Box(0));
    /// assert_eq!(Unit::EXPLAINER_ORDER[9], Unit::Col(0));
    /// assert_eq!(Unit::EXPLAINER_ORDER[26], Unit::Row(8));
    /// ```
    pub const EXPLAINER_ORDER: [Unit; 27] = {
        let mut t = [Unit::Box(0); 27];
        let mut i = 0;
        while i < 9 {
            t[i] = Unit::Box(i as u8);
            t[9 + i] = Unit::Col(i as u8);
            t[18 + i] = Unit::Row(i as u8);
            i += 1;
        }
        t
    };

    /// Position in [`Unit::ALL`], 0..27.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Box(2).index(), 20);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Unit::Row(i) => i as usize,
            Unit::Col(i) => 9 + i as usize,
            Unit::Box(i) => 18 + i as usize,
        }
    }

    /// The nine cells of the unit, in row-major order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Row(1).cells()[0].index(), 9);
    /// ```
    #[must_use]
    pub const fn cells(self) -> &'static [Cell; 9] {
        &UNIT_CELLS[self.index()]
    }

    /// The unit's cells as a set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Col(0).cell_set().len(), 9);
    /// ```
    #[must_use]
    pub const fn cell_set(self) -> CellSet {
        UNIT_SETS[self.index()]
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", (b'A' + i) as char),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// A set of cells as an 81-bit mask (bit `i` is cell `i`).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Unit};
///
/// let row = Unit::Row(0).cell_set();
/// let col = Unit::Col(0).cell_set();
/// let both = row.intersection(col);
/// assert_eq!(both.len(), 1);
/// assert_eq!(both.first(), Cell::new(0));
/// assert_eq!(row.union(col).len(), 17);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u128);

const ALL_CELL_BITS: u128 = (1u128 << 81) - 1;

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(ALL_CELL_BITS);

    /// The set with the given bits; bits above the 81st are dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::CellSet;
    /// assert_eq!(CellSet::from_bits(u128::MAX), CellSet::ALL);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ALL_CELL_BITS)
    }

    /// The underlying bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::CellSet;
    /// assert_eq!(CellSet::EMPTY.bits(), 0);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `cell`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, CellSet};
    /// assert_eq!(CellSet::single(Cell::new(5).unwrap()).len(), 1);
    /// ```
    #[must_use]
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1 << cell.0)
    }

    /// Whether `cell` is in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, CellSet};
    /// assert!(CellSet::ALL.contains(Cell::new(80).unwrap()));
    /// ```
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1 << cell.0) != 0
    }

    /// Adds `cell`; returns whether it was absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, CellSet};
    /// let mut s = CellSet::EMPTY;
    /// assert!(s.insert(Cell::new(3).unwrap()));
    /// ```
    pub fn insert(&mut self, cell: Cell) -> bool {
        let absent = !self.contains(cell);
        self.0 |= 1 << cell.0;
        absent
    }

    /// Removes `cell`; returns whether it was present.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, CellSet};
    /// let mut s = CellSet::ALL;
    /// assert!(s.remove(Cell::new(3).unwrap()));
    /// assert_eq!(s.len(), 80);
    /// ```
    pub fn remove(&mut self, cell: Cell) -> bool {
        let present = self.contains(cell);
        self.0 &= !(1 << cell.0);
        present
    }

    /// The number of cells in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::CellSet;
    /// assert_eq!(CellSet::ALL.len(), 81);
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
    /// use sudoku_core::CellSet;
    /// assert!(CellSet::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Row(2).cell_set().first().map(|c| c.index()), Some(18));
    /// ```
    #[must_use]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 { None } else { Some(Cell(self.0.trailing_zeros() as u8)) }
    }

    /// The only cell of a one-element set, else `None` (cheaper than `len() == 1`: no
    /// population count).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, CellSet, Unit};
    /// let c = Cell::new(40).unwrap();
    /// assert_eq!(CellSet::single(c).as_single(), Some(c));
    /// assert_eq!(Unit::Row(0).cell_set().as_single(), None);
    /// assert_eq!(CellSet::EMPTY.as_single(), None);
    /// ```
    #[must_use]
    pub const fn as_single(self) -> Option<Cell> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(Cell(self.0.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// Cells in either set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Row(0).cell_set().union(Unit::Row(1).cell_set()).len(), 18);
    /// ```
    #[must_use]
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// Cells in both sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Row(0).cell_set().intersection(Unit::Box(0).cell_set()).len(), 3);
    /// ```
    #[must_use]
    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// Cells in `self` but not in `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Unit;
    /// assert_eq!(Unit::Row(0).cell_set().difference(Unit::Box(0).cell_set()).len(), 6);
    /// ```
    #[must_use]
    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// The cells not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::CellSet;
    /// assert_eq!(CellSet::EMPTY.complement(), CellSet::ALL);
    /// ```
    #[must_use]
    pub const fn complement(self) -> CellSet {
        CellSet(!self.0 & ALL_CELL_BITS)
    }

    /// Iterates over the cells in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::CellSet;
    /// assert_eq!(CellSet::ALL.iter().last().map(|c| c.index()), Some(80));
    /// ```
    #[must_use]
    pub const fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| format!("{c}"))).finish()
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// Iterator over a [`CellSet`], lowest cell first.
#[derive(Clone, Debug)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

/// The cells of every unit, in [`Unit::ALL`] order.
pub const UNIT_CELLS: [[Cell; 9]; 27] = {
    let mut t = [[Cell(0); 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = Cell((i * 9 + j) as u8);
            t[9 + i][j] = Cell((j * 9 + i) as u8);
            t[18 + i][j] = Cell(((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8);
            j += 1;
        }
        i += 1;
    }
    t
};

const UNIT_SETS: [CellSet; 27] = {
    let mut t = [CellSet(0); 27];
    let mut u = 0;
    while u < 27 {
        let mut j = 0;
        while j < 9 {
            t[u].0 |= 1 << UNIT_CELLS[u][j].0;
            j += 1;
        }
        u += 1;
    }
    t
};

/// The peers of every cell: the 20 other cells of its row, column and box.
pub const PEERS: [CellSet; 81] = {
    let mut t = [CellSet(0); 81];
    let mut i = 0;
    while i < 81 {
        let c = Cell(i as u8);
        let bits = UNIT_SETS[c.row()].0 | UNIT_SETS[9 + c.col()].0 | UNIT_SETS[18 + c.box_()].0;
        t[i] = CellSet(bits & !(1 << i));
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_exactly_three_units() {
        for c in Cell::all() {
            let n = Unit::ALL.iter().filter(|u| u.cell_set().contains(c)).count();
            assert_eq!(n, 3, "{c}");
            for u in c.units() {
                assert!(u.cell_set().contains(c));
            }
        }
    }

    #[test]
    fn peers_are_symmetric() {
        for a in Cell::all() {
            for b in a.peers() {
                assert!(b.peers().contains(a));
            }
        }
    }

    #[test]
    fn cell_names_round_trip() {
        for c in Cell::all() {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        assert!("J1".parse::<Cell>().is_err());
        assert!("A0".parse::<Cell>().is_err());
        assert!("A10".parse::<Cell>().is_err());
        assert_eq!("b3".parse::<Cell>(), Ok(Cell::from_row_col(2, 1)));
    }
}
