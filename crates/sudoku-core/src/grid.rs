//! The grid: 81 cells, each empty or holding a digit.

use std::fmt;

use crate::{Cell, CellSet, Digit, DigitSet, Unit};

/// A 9x9 grid: a puzzle (its givens) or a full solution.
///
/// A grid made by parsing never has two equal digits in one unit; one built cell by cell with
/// [`Grid::set`] may, and [`Grid::first_conflict`] finds them.
///
/// The line form (`Display`, `FromStr`) is 81 characters row-major with `.` for an empty cell;
/// `{:#}` prints the block form with box separators.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Digit, Grid};
///
/// let grid: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// assert_eq!(grid.clue_count(), 23);
/// assert_eq!(grid.get(Cell::new(2).unwrap()), Digit::new(5));
/// assert!(!grid.is_complete());
/// assert_eq!(grid.to_string().len(), 81);
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Grid {
    /// 0 = empty, else the digit.
    cells: [u8; 81],
}

/// Two givens with the same digit in one unit.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Digit, Grid};
///
/// let mut grid = Grid::EMPTY;
/// grid.set(Cell::new(0).unwrap(), Digit::new(5));
/// grid.set(Cell::new(5).unwrap(), Digit::new(5));
/// let c = grid.first_conflict().unwrap();
/// assert_eq!(c.to_string(), "digit 5 appears twice in row 1, at A1 and F1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The first cell holding it (row-major order).
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
    /// A unit that both cells share (row, then column, then box).
    pub unit: Unit,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} appears twice in {}, at {} and {}",
            self.digit, self.unit, self.first, self.second
        )
    }
}

/// Why a grid is not a solution of a puzzle.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Grid, SolutionError};
///
/// let puzzle = Grid::EMPTY;
/// assert!(matches!(puzzle.check_solution(&Grid::EMPTY), Err(SolutionError::Incomplete { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SolutionError {
    /// A cell of the candidate solution is empty.
    #[error("cell {cell} is empty")]
    Incomplete {
        /// The first empty cell.
        cell: Cell,
    },
    /// The candidate solution breaks a rule.
    #[error("{0}")]
    Conflict(Conflict),
    /// The candidate solution breaks a rule of a variant ([`Rules::check_solution`](crate::Rules::check_solution)).
    #[error("{0}")]
    Clash(crate::Clash),
    /// The candidate solution changes a given of the puzzle.
    #[error("cell {cell} holds {found} but the puzzle gives {given}")]
    ChangedGiven {
        /// The cell.
        cell: Cell,
        /// The puzzle's digit.
        given: Digit,
        /// The solution's digit.
        found: Digit,
    },
}

impl Default for Grid {
    fn default() -> Grid {
        Grid::EMPTY
    }
}

impl Grid {
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// The digit in `cell`, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Grid};
    /// assert_eq!(Grid::EMPTY.get(Cell::new(0).unwrap()), None);
    /// ```
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`. No rule is checked.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Grid};
    /// let mut g = Grid::EMPTY;
    /// let a1 = Cell::new(0).unwrap();
    /// g.set(a1, Digit::new(4));
    /// assert_eq!(g.get(a1), Digit::new(4));
    /// g.set(a1, None);
    /// assert_eq!(g, Grid::EMPTY);
    /// ```
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The grid as 81 bytes, row-major, 0 for an empty cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert_eq!(Grid::EMPTY.to_bytes(), [0; 81]);
    /// ```
    #[must_use]
    pub const fn to_bytes(&self) -> [u8; 81] {
        self.cells
    }

    /// Builds a grid from 81 bytes (0 empty, 1..=9 digits), checking values and rules.
    ///
    /// # Errors
    ///
    /// [`ParseGridError::InvalidValue`](crate::ParseGridError::InvalidValue) for a byte above 9,
    /// [`ParseGridError::Conflict`](crate::ParseGridError::Conflict) for a repeated digit in a unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let mut bytes = [0u8; 81];
    /// bytes[0] = 5;
    /// assert_eq!(Grid::try_from_bytes(bytes)?.clue_count(), 1);
    /// bytes[1] = 5;
    /// assert!(Grid::try_from_bytes(bytes).is_err());
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    pub fn try_from_bytes(bytes: [u8; 81]) -> Result<Grid, crate::ParseGridError> {
        if let Some(i) = bytes.iter().position(|&b| b > 9) {
            return Err(crate::ParseGridError::InvalidValue {
                cell: Cell::new(i).expect("index below 81"),
                value: bytes[i],
            });
        }
        let grid = Grid { cells: bytes };
        match grid.first_conflict() {
            Some(c) => Err(crate::ParseGridError::Conflict(c)),
            None => Ok(grid),
        }
    }

    /// The cells holding a digit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert!(Grid::EMPTY.filled_cells().is_empty());
    /// ```
    #[must_use]
    pub fn filled_cells(&self) -> CellSet {
        Cell::all().filter(|c| self.cells[c.index()] != 0).collect()
    }

    /// The empty cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert_eq!(Grid::EMPTY.empty_cells().len(), 81);
    /// ```
    #[must_use]
    pub fn empty_cells(&self) -> CellSet {
        self.filled_cells().complement()
    }

    /// The number of filled cells (clues, for a puzzle).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert_eq!(Grid::EMPTY.clue_count(), 0);
    /// ```
    #[must_use]
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert!(!Grid::EMPTY.is_complete());
    /// ```
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether the grid is complete and breaks no rule: a valid Sudoku solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let solved: Grid =
    ///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    ///         .parse()?;
    /// assert!(solved.is_solved());
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.first_conflict().is_none()
    }

    /// The first pair of equal digits in one unit, scanning units in [`Unit::ALL`] order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert_eq!(Grid::EMPTY.first_conflict(), None);
    /// ```
    #[must_use]
    pub fn first_conflict(&self) -> Option<Conflict> {
        // Fast path: one pass with a digit mask per unit; the detailed scan runs only when
        // some unit repeats a digit.
        let mut seen = [0u16; 27];
        let mut repeated = false;
        for (i, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u16 << v;
            let (r, c) = (i / 9, i % 9);
            let units = [r, 9 + c, 18 + r / 3 * 3 + c / 3];
            for u in units {
                repeated |= seen[u] & bit != 0;
                seen[u] |= bit;
            }
        }
        if !repeated {
            return None;
        }
        let mut found: Option<Conflict> = None;
        for unit in Unit::ALL {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for &cell in unit.cells() {
                let Some(d) = self.get(cell) else { continue };
                match seen[d.index()] {
                    Some(first) => {
                        let c = Conflict { digit: d, first, second: cell, unit };
                        // Report the earliest pair in row-major order.
                        if found.is_none_or(|f| (c.first, c.second) < (f.first, f.second)) {
                            found = Some(c);
                        }
                        break;
                    }
                    None => seen[d.index()] = Some(cell),
                }
            }
        }
        found
    }

    /// The candidates of `cell`: for an empty cell, the digits no peer holds; for a filled cell,
    /// its own digit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, DigitSet, Grid};
    /// assert_eq!(Grid::EMPTY.candidates(Cell::new(0).unwrap()), DigitSet::ALL);
    /// ```
    #[must_use]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        if let Some(d) = self.get(cell) {
            return DigitSet::single(d);
        }
        let mut used = DigitSet::EMPTY;
        for peer in cell.peers() {
            if let Some(d) = self.get(peer) {
                used.insert(d);
            }
        }
        used.complement()
    }

    /// The candidates of every cell, as [`Grid::candidates`] gives them.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{DigitSet, Grid};
    /// assert!(Grid::EMPTY.all_candidates().iter().all(|&s| s == DigitSet::ALL));
    /// ```
    #[must_use]
    pub fn all_candidates(&self) -> [DigitSet; 81] {
        let mut used = [DigitSet::EMPTY; 27];
        for cell in Cell::all() {
            if let Some(d) = self.get(cell) {
                for u in cell.units() {
                    used[u.index()].insert(d);
                }
            }
        }
        let mut out = [DigitSet::EMPTY; 81];
        for cell in Cell::all() {
            out[cell.index()] = match self.get(cell) {
                Some(d) => DigitSet::single(d),
                None => {
                    let [r, c, b] = cell.units().map(|u| used[u.index()]);
                    (r | c | b).complement()
                }
            };
        }
        out
    }

    /// Checks that `solution` is complete, valid and keeps every given of `self`.
    ///
    /// # Errors
    ///
    /// The first problem found, as a [`SolutionError`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let solution: Grid =
    ///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    ///         .parse()?;
    /// let puzzle: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    ///         .parse()?;
    /// assert!(puzzle.check_solution(&solution).is_ok());
    /// assert!(Grid::EMPTY.check_solution(&solution).is_ok());
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    pub fn check_solution(&self, solution: &Grid) -> Result<(), SolutionError> {
        if let Some(i) = solution.cells.iter().position(|&v| v == 0) {
            return Err(SolutionError::Incomplete { cell: Cell::new(i).expect("index below 81") });
        }
        if let Some(c) = solution.first_conflict() {
            return Err(SolutionError::Conflict(c));
        }
        for cell in Cell::all() {
            if let (Some(given), Some(found)) = (self.get(cell), solution.get(cell))
                && given != found
            {
                return Err(SolutionError::ChangedGiven { cell, given, found });
            }
        }
        Ok(())
    }

    /// Whether `solution` is a valid solution of this puzzle.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert!(!Grid::EMPTY.is_solved_by(&Grid::EMPTY));
    /// ```
    #[must_use]
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        self.check_solution(solution).is_ok()
    }

    /// A wrapper that displays the grid in block form, with box separators.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let text = Grid::EMPTY.pretty().to_string();
    /// assert_eq!(text.lines().count(), 11);
    /// assert_eq!(text.lines().next(), Some(". . . | . . . | . . ."));
    /// assert_eq!(text.parse::<Grid>()?, Grid::EMPTY);
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid(\"{self}\")")
    }
}

/// The 81-character line form with `.` for empty cells; `{:#}` gives the block form.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return fmt::Display::fmt(&Pretty(self), f);
        }
        let mut s = [b'.'; 81];
        for (c, &v) in s.iter_mut().zip(&self.cells) {
            if v != 0 {
                *c = b'0' + v;
            }
        }
        f.write_str(std::str::from_utf8(&s).expect("ASCII"))
    }
}

/// Block-form display of a [`Grid`], made by [`Grid::pretty`].
#[derive(Debug, Clone, Copy)]
pub struct Pretty<'a>(&'a Grid);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9 {
            if row == 3 || row == 6 {
                writeln!(f, "------+-------+------")?;
            }
            for col in 0..9 {
                if col == 3 || col == 6 {
                    f.write_str(" |")?;
                }
                if col > 0 {
                    f.write_str(" ")?;
                }
                match self.0.get(Cell::from_row_col(row, col)) {
                    Some(d) => write!(f, "{d}")?,
                    None => f.write_str(".")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl From<Grid> for String {
    fn from(g: Grid) -> String {
        g.to_string()
    }
}

impl TryFrom<String> for Grid {
    type Error = crate::ParseGridError;
    fn try_from(s: String) -> Result<Grid, crate::ParseGridError> {
        s.parse()
    }
}

impl TryFrom<&str> for Grid {
    type Error = crate::ParseGridError;
    fn try_from(s: &str) -> Result<Grid, crate::ParseGridError> {
        s.parse()
    }
}

impl std::ops::Index<Cell> for Grid {
    type Output = u8;
    /// The cell's value as a byte, 0 for empty.
    fn index(&self, cell: Cell) -> &u8 {
        &self.cells[cell.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    #[test]
    fn conflicts_are_found_in_each_kind_of_unit() {
        let mut g = Grid::EMPTY;
        g.set(Cell::from_row_col(0, 0), Digit::new(1));
        g.set(Cell::from_row_col(8, 0), Digit::new(1));
        assert_eq!(g.first_conflict().map(|c| c.unit), Some(Unit::Col(0)));
        let mut g = Grid::EMPTY;
        g.set(Cell::from_row_col(0, 0), Digit::new(1));
        g.set(Cell::from_row_col(2, 2), Digit::new(1));
        let c = g.first_conflict().unwrap();
        assert_eq!(
            (c.unit, c.first.to_string(), c.second.to_string()),
            (Unit::Box(0), "A1".into(), "C3".into())
        );
    }

    #[test]
    fn candidates_agree_with_all_candidates() {
        let g: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let all = g.all_candidates();
        for c in Cell::all() {
            assert_eq!(all[c.index()], g.candidates(c), "{c}");
        }
    }

    #[test]
    fn solution_errors_name_the_problem() {
        let s: Grid = SOLVED.parse().unwrap();
        let mut puzzle = Grid::EMPTY;
        puzzle.set(Cell::new(0).unwrap(), Digit::new(1));
        assert_eq!(
            puzzle.check_solution(&s).unwrap_err().to_string(),
            "cell A1 holds 8 but the puzzle gives 1"
        );
        let mut broken = s;
        broken.set(Cell::new(0).unwrap(), Digit::new(9));
        assert!(matches!(Grid::EMPTY.check_solution(&broken), Err(SolutionError::Conflict(_))));
    }
}
