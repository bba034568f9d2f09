//! The candidate grid: placed digits and the pencil marks of every empty cell, the one board
//! that every logical technique works on.

use std::fmt;

use crate::{Cell, CellSet, Conflict, Digit, DigitSet, Grid, ParseGridError, Unit};

/// How a unit's digits are placed in pencil marks ([`CandidateGrid::digit_places`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigitPlaces {
    /// The digits with at least one candidate cell in the unit.
    pub somewhere: DigitSet,
    /// The digits with exactly one.
    pub once: DigitSet,
}

/// A contradiction in pencil marks: no solution can fit them.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Contradiction, Digit, Unit};
/// // Digit 1 crossed out of every cell of row 1.
/// let mut text = "123456789".repeat(81);
/// for cell in 0..9 {
///     text.replace_range(cell * 9..cell * 9 + 1, ".");
/// }
/// let marks = CandidateGrid::from_pencil_marks(&text)?;
/// let one = Digit::new(1).unwrap();
/// assert_eq!(marks.first_contradiction(), Some(Contradiction::NoPlace { unit: Unit::Row(0), digit: one }));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two placed cells share a digit in a unit.
    #[error("{0}")]
    Clash(Conflict),
    /// An empty cell has no candidate left.
    #[error("cell {0} has no candidate left")]
    NoCandidate(Cell),
    /// A digit missing from a unit has no place left in it.
    #[error("digit {digit} has no place left in {unit}")]
    NoPlace {
        /// The unit.
        unit: Unit,
        /// The digit.
        digit: Digit,
    },
}

/// A grid with pencil marks: each cell holds a digit or a set of candidates.
///
/// Kept two ways at once, because techniques ask both questions: the candidates of a cell
/// ([`CandidateGrid::candidates`], per-cell [`DigitSet`]s) and the cells of a digit
/// ([`CandidateGrid::digit_cells`], per-digit [`CellSet`]s). [`CandidateGrid::place`] removes
/// the digit from the cell's peers, as a person crossing out pencil marks would;
/// [`CandidateGrid::eliminate`] removes one candidate. Nothing here guesses or checks the
/// solution: an eliminated solution digit is the caller's error.
///
/// (The exact solver and the Watanabe width search keep their own band and per-digit boards,
/// tuned for speed; everything that reasons like a person uses this type.)
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Cell, Digit, Grid, Unit};
///
/// let puzzle: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let mut marks = CandidateGrid::new(&puzzle).expect("no clashing givens");
/// let b1 = Cell::from_row_col(0, 1);
/// assert_eq!(marks.candidates(b1).to_string(), "1246");
///
/// let d1 = Digit::new(1).unwrap();
/// marks.eliminate(b1, d1);
/// assert!(!marks.digit_cells(d1).contains(b1));
/// marks.place(b1, Digit::new(2).unwrap());
/// assert_eq!(marks.value(b1), Digit::new(2));
/// assert!(marks.unit_positions(Unit::Row(0), Digit::new(2).unwrap()).is_empty());
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CandidateGrid {
    /// The placed digits.
    grid: Grid,
    /// Candidates of each empty cell; empty for a placed cell.
    cells: [DigitSet; 81],
    /// For each digit, the empty cells where it is a candidate.
    digits: [CellSet; 9],
    /// The cells without a digit.
    empty: CellSet,
}

impl CandidateGrid {
    /// The pencil marks of a puzzle: its givens placed, every other digit a candidate where no
    /// peer holds it.
    ///
    /// # Errors
    ///
    /// The first [`Conflict`] if two givens share a digit in a unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert_eq!(marks.candidate_count(), 729);
    /// ```
    pub fn new(puzzle: &Grid) -> Result<CandidateGrid, Conflict> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(c);
        }
        let mut marks = CandidateGrid::full();
        for cell in Cell::all() {
            if let Some(d) = puzzle.get(cell) {
                marks.place(cell, d);
            }
        }
        Ok(marks)
    }

    /// The empty grid with every candidate.
    fn full() -> CandidateGrid {
        CandidateGrid {
            grid: Grid::EMPTY,
            cells: [DigitSet::ALL; 81],
            digits: [CellSet::ALL; 9],
            empty: CellSet::ALL,
        }
    }

    /// Reads the 729-character pencil-mark form (as tdoku and Sudoku Explainer's `serate`
    /// write it): nine characters per cell, row-major, the `k`-th showing digit `k` if it is a
    /// candidate and `.` or `0` if not; whitespace is ignored. A cell with one candidate is
    /// taken as placed.
    ///
    /// # Errors
    ///
    /// [`ParseGridError::WrongLength`] unless there are 729 marks,
    /// [`ParseGridError::InvalidChar`] for a character that is neither its position's digit
    /// nor a blank, [`ParseGridError::Conflict`] for two placed cells with one digit in a unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell};
    /// let mut text = "123456789".repeat(81);
    /// text.replace_range(0..9, "1.3......");
    /// let marks = CandidateGrid::from_pencil_marks(&text)?;
    /// assert_eq!(marks.candidates(Cell::new(0).unwrap()).to_string(), "13");
    /// assert!(CandidateGrid::from_pencil_marks("12").is_err());
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    pub fn from_pencil_marks(text: &str) -> Result<CandidateGrid, ParseGridError> {
        let mut sets = [DigitSet::EMPTY; 81];
        let mut n = 0usize;
        for (line_no, line) in text.lines().enumerate() {
            for (col, ch) in line.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                if n < 729 {
                    let expected = Digit::from_index(n % 9);
                    if ch == expected.to_char() {
                        sets[n / 9].insert(expected);
                    } else if ch != '.' && ch != '0' {
                        return Err(ParseGridError::InvalidChar {
                            ch,
                            line: line_no + 1,
                            column: col + 1,
                        });
                    }
                }
                n += 1;
            }
        }
        if n != 729 {
            return Err(ParseGridError::WrongLength { len: n });
        }
        let mut placed = Grid::EMPTY;
        for cell in Cell::all() {
            placed.set(cell, sets[cell.index()].as_single());
        }
        if let Some(c) = placed.first_conflict() {
            return Err(ParseGridError::Conflict(c));
        }
        let mut marks = CandidateGrid::full();
        for cell in Cell::all() {
            match placed.get(cell) {
                Some(d) => marks.place(cell, d),
                None => {
                    for d in sets[cell.index()].complement() {
                        marks.eliminate(cell, d);
                    }
                }
            }
        }
        Ok(marks)
    }

    /// The digit placed in `cell`, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Grid};
    /// assert_eq!(CandidateGrid::new(&Grid::EMPTY).unwrap().value(Cell::new(0).unwrap()), None);
    /// ```
    #[must_use]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.grid.get(cell)
    }

    /// The candidates of `cell` (empty once a digit is placed there).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};
    /// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert_eq!(marks.candidates(Cell::new(0).unwrap()), DigitSet::ALL);
    /// ```
    #[must_use]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cells[cell.index()]
    }

    /// The empty cells where `digit` is a candidate.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Digit, Grid};
    /// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert_eq!(marks.digit_cells(Digit::new(7).unwrap()).len(), 81);
    /// ```
    #[must_use]
    pub fn digit_cells(&self, digit: Digit) -> CellSet {
        self.digits[digit.index()]
    }

    /// The cells of `unit` where `digit` is a candidate.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Digit, Grid, Unit};
    /// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert_eq!(marks.unit_positions(Unit::Box(4), Digit::new(1).unwrap()).len(), 9);
    /// ```
    #[must_use]
    pub fn unit_positions(&self, unit: Unit, digit: Digit) -> CellSet {
        self.digits[digit.index()].intersection(unit.cell_set())
    }

    /// Which digits have a candidate cell in `unit`, and which exactly one: the test behind
    /// hidden singles (a digit with one place goes there) and behind "a digit without a
    /// place" contradictions. One pass over the unit's nine candidate sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Digit, DigitSet, Grid, Unit};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// let places = marks.digit_places(Unit::Row(0));
    /// assert_eq!((places.somewhere, places.once), (DigitSet::ALL, DigitSet::EMPTY));
    /// // 5 leaves every cell of row 1 but A1: its one place.
    /// let five = Digit::new(5).unwrap();
    /// for col in 1..9 {
    ///     marks.eliminate(Cell::from_row_col(0, col), five);
    /// }
    /// assert_eq!(marks.digit_places(Unit::Row(0)).once, DigitSet::single(five));
    /// ```
    #[must_use]
    pub fn digit_places(&self, unit: Unit) -> DigitPlaces {
        let (mut once, mut twice) = (0u16, 0u16);
        for &c in unit.cells() {
            let m = self.cells[c.index()].bits();
            twice |= once & m;
            once |= m;
        }
        DigitPlaces {
            somewhere: DigitSet::from_bits(once),
            once: DigitSet::from_bits(once & !twice),
        }
    }

    /// The naked singles: each empty cell with exactly one candidate, and that digit, in
    /// row-major order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Digit, DigitSet, Grid};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// let (b2, seven) = (Cell::from_row_col(1, 1), Digit::new(7).unwrap());
    /// marks.restrict(b2, DigitSet::single(seven));
    /// assert_eq!(marks.naked_singles().collect::<Vec<_>>(), vec![(b2, seven)]);
    /// ```
    pub fn naked_singles(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.empty.iter().filter_map(|c| self.cells[c.index()].as_single().map(|d| (c, d)))
    }

    /// The cells without a digit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// assert_eq!(CandidateGrid::new(&Grid::EMPTY).unwrap().empty_cells().len(), 81);
    /// ```
    #[must_use]
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// The placed digits as a grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// assert_eq!(CandidateGrid::new(&Grid::EMPTY).unwrap().grid(), &Grid::EMPTY);
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The number of pencil marks left in empty cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// assert_eq!(CandidateGrid::new(&Grid::EMPTY).unwrap().candidate_count(), 729);
    /// ```
    #[must_use]
    pub fn candidate_count(&self) -> usize {
        self.digits.iter().map(|s| s.len()).sum()
    }

    /// Whether every cell holds a digit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// assert!(!CandidateGrid::new(&Grid::EMPTY).unwrap().is_complete());
    /// ```
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.empty.is_empty()
    }

    /// Puts `digit` in `cell` and crosses it out of the cell's peers. The cell's own other
    /// candidates go with it. No rule is checked: placing a digit a peer already holds is the
    /// caller's error (see [`CandidateGrid::is_broken`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Digit, Grid};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// let five = Digit::new(5).unwrap();
    /// marks.place(Cell::new(0).unwrap(), five);
    /// assert_eq!(marks.digit_cells(five).len(), 81 - 21);
    /// ```
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.grid.set(cell, Some(digit));
        self.empty.remove(cell);
        for d in self.cells[cell.index()] {
            self.digits[d.index()].remove(cell);
        }
        self.cells[cell.index()] = DigitSet::EMPTY;
        let peers = self.digits[digit.index()].intersection(cell.peers());
        for p in peers {
            self.cells[p.index()].remove(digit);
        }
        self.digits[digit.index()] = self.digits[digit.index()].difference(peers);
    }

    /// Removes the candidate `digit` from `cell`; returns whether it was there.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Digit, Grid};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// let (a1, one) = (Cell::new(0).unwrap(), Digit::new(1).unwrap());
    /// assert!(marks.eliminate(a1, one));
    /// assert!(!marks.eliminate(a1, one));
    /// ```
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        self.digits[digit.index()].remove(cell);
        self.cells[cell.index()].remove(digit)
    }

    /// Keeps only `keep` among the candidates of `cell`; returns whether any was removed.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// let a1 = Cell::new(0).unwrap();
    /// assert!(marks.restrict(a1, DigitSet::from_bits(0b11)));
    /// assert_eq!(marks.candidates(a1).to_string(), "12");
    /// ```
    pub fn restrict(&mut self, cell: Cell, keep: DigitSet) -> bool {
        let gone = self.cells[cell.index()].difference(keep);
        for d in gone {
            self.eliminate(cell, d);
        }
        !gone.is_empty()
    }

    /// Whether the marks show a contradiction: an empty cell without candidates, a unit where
    /// a missing digit has no place, or two equal placed digits in a unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert!(!marks.is_broken());
    /// marks.restrict(Cell::new(0).unwrap(), DigitSet::EMPTY);
    /// assert!(marks.is_broken());
    /// ```
    #[must_use]
    pub fn is_broken(&self) -> bool {
        self.first_contradiction().is_some()
    }

    /// The first contradiction the marks show, if any: two equal placed digits in a unit
    /// (units in [`Unit::ALL`] order), else an empty cell without candidates (row-major), else
    /// a unit where a missing digit has no place left.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Contradiction, DigitSet, Grid};
    /// let mut marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert_eq!(marks.first_contradiction(), None);
    /// let c5: Cell = "C5".parse().unwrap();
    /// marks.restrict(c5, DigitSet::EMPTY);
    /// assert_eq!(marks.first_contradiction(), Some(Contradiction::NoCandidate(c5)));
    /// assert_eq!(
    ///     marks.first_contradiction().unwrap().to_string(),
    ///     "cell C5 has no candidate left"
    /// );
    /// ```
    #[must_use]
    pub fn first_contradiction(&self) -> Option<Contradiction> {
        if let Some(c) = self.grid.first_conflict() {
            return Some(Contradiction::Clash(c));
        }
        if let Some(cell) = self.empty.iter().find(|c| self.cells[c.index()].is_empty()) {
            return Some(Contradiction::NoCandidate(cell));
        }
        for unit in Unit::ALL {
            let placed: DigitSet = unit.cells().iter().filter_map(|&c| self.grid.get(c)).collect();
            let placeable = self.digit_places(unit).somewhere.union(placed);
            if let Some(digit) = placeable.complement().first() {
                return Some(Contradiction::NoPlace { unit, digit });
            }
        }
        None
    }

    /// The 729-character pencil-mark form read by [`CandidateGrid::from_pencil_marks`]; a
    /// placed cell shows its digit alone.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// let text = marks.pencil_marks();
    /// assert_eq!(text.len(), 729);
    /// assert_eq!(CandidateGrid::from_pencil_marks(&text).unwrap(), marks);
    /// ```
    #[must_use]
    pub fn pencil_marks(&self) -> String {
        let mut s = String::with_capacity(729);
        for cell in Cell::all() {
            let set = self.value(cell).map_or(self.candidates(cell), DigitSet::single);
            for d in Digit::ALL {
                s.push(if set.contains(d) { d.to_char() } else { '.' });
            }
        }
        s
    }
}

/// Why text is neither a grid nor pencil marks ([`CandidateGrid`]'s [`FromStr`](std::str::FromStr)).
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, ParseMarksError};
/// let e = "123".parse::<CandidateGrid>().unwrap_err();
/// assert_eq!(e, ParseMarksError::Length(3));
/// assert_eq!(e.to_string(), "expected 81 cells or 729 pencil marks, found 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMarksError {
    /// Neither 81 cells nor 729 pencil marks (whitespace aside).
    #[error("expected 81 cells or 729 pencil marks, found {0}")]
    Length(usize),
    /// A bad character, or (in the 729-character form) two placed cells with one digit in a
    /// unit.
    #[error(transparent)]
    Parse(#[from] ParseGridError),
    /// Two givens with one digit in a unit (the 81-character form).
    #[error("{0}")]
    Conflict(Conflict),
}

/// Reads a grid as every command takes one: 81 characters (givens or progress, `.`, `0` or
/// `_` for blanks) or the 729-character pencil-mark form
/// ([`CandidateGrid::from_pencil_marks`]); whitespace is ignored.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Cell};
/// let given: CandidateGrid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(given.grid().clue_count(), 17);
/// let marks: CandidateGrid = "123456789".repeat(81).parse()?;
/// assert_eq!(marks.candidates(Cell::new(0).unwrap()).len(), 9);
/// # Ok::<(), sudoku_core::ParseMarksError>(())
/// ```
impl std::str::FromStr for CandidateGrid {
    type Err = ParseMarksError;

    fn from_str(text: &str) -> Result<CandidateGrid, ParseMarksError> {
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        match text.chars().count() {
            729 => Ok(CandidateGrid::from_pencil_marks(&text)?),
            81 => CandidateGrid::new(&text.parse::<Grid>()?).map_err(ParseMarksError::Conflict),
            n => Err(ParseMarksError::Length(n)),
        }
    }
}

impl fmt::Debug for CandidateGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CandidateGrid({})", self.pencil_marks())
    }
}

impl From<&Grid> for CandidateGrid {
    /// As [`CandidateGrid::new`], except that clashing givens are placed as they are (the marks
    /// are then [broken](CandidateGrid::is_broken)).
    fn from(puzzle: &Grid) -> CandidateGrid {
        let mut marks = CandidateGrid::full();
        for cell in Cell::all() {
            if let Some(d) = puzzle.get(cell) {
                marks.place(cell, d);
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_agree_with_grid_candidates() {
        let puzzle: Grid =
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
                .parse()
                .unwrap();
        let marks = CandidateGrid::new(&puzzle).unwrap();
        for cell in Cell::all() {
            if puzzle.get(cell).is_none() {
                assert_eq!(marks.candidates(cell), puzzle.candidates(cell), "{cell}");
                for d in Digit::ALL {
                    assert_eq!(
                        marks.digit_cells(d).contains(cell),
                        puzzle.candidates(cell).contains(d)
                    );
                }
            } else {
                assert!(marks.candidates(cell).is_empty());
            }
        }
        assert!(!marks.is_broken());
        assert_eq!(CandidateGrid::from_pencil_marks(&marks.pencil_marks()).unwrap(), marks);
    }

    #[test]
    fn clashing_givens_are_refused() {
        let mut g = Grid::EMPTY;
        g.set(Cell::new(0).unwrap(), Digit::new(3));
        g.set(Cell::new(80).unwrap(), Digit::new(3));
        assert!(CandidateGrid::new(&g).is_ok());
        g.set(Cell::new(8).unwrap(), Digit::new(3));
        assert!(CandidateGrid::new(&g).is_err());
        assert!(CandidateGrid::from(&g).is_broken());
    }

    #[test]
    fn pencil_marks_report_bad_characters() {
        let mut text = "123456789".repeat(81);
        text.replace_range(10..11, "x");
        match CandidateGrid::from_pencil_marks(&text) {
            Err(ParseGridError::InvalidChar { ch: 'x', line: 1, column: 11 }) => {}
            other => panic!("{other:?}"),
        }
        // A digit out of its position is an error, not a silent mark.
        let mut text = "123456789".repeat(81);
        text.replace_range(0..1, "2");
        assert!(CandidateGrid::from_pencil_marks(&text).is_err());
    }
}
