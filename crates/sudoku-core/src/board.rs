//! What a puzzle line or argument holds: a puzzle's givens, or pencil marks.

use std::fmt;
use std::str::FromStr;

use crate::parse::parse_line_form;
use crate::{CandidateGrid, Failure, FailureKind, Grid, ParseGridError};

/// A puzzle as it is read: its givens (81 cells), or pencil marks (729 characters, nine per
/// cell, as [`CandidateGrid::from_pencil_marks`] reads them), the two inputs every command of
/// the `sudoku` tool takes. Solvers that reason on pencil marks (the exact solver's
/// `Query::marks`, the logical solvers' `solve_marks`) take either; what needs givens (a
/// canonical form, the backtracking ratings) says so with [`Board::givens_for`].
///
/// # Examples
///
/// ```
/// use sudoku_core::{Board, Cell};
///
/// let puzzle: Board =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert!(matches!(puzzle, Board::Givens(_)));
/// assert_eq!(puzzle.grid().clue_count(), 17);
///
/// let marks: Board = "123456789".repeat(81).parse()?;
/// assert_eq!(marks.to_marks().candidates(Cell::new(0).unwrap()).len(), 9);
/// assert_eq!(marks.to_string().len(), 729);
/// assert_eq!(
///     marks.givens_for("canon").unwrap_err().to_string(),
///     "canon needs givens, not pencil marks"
/// );
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[expect(
    clippy::large_enum_variant,
    reason = "a board is read, handled and dropped one per puzzle: a copy, not an allocation"
)]
pub enum Board {
    /// A puzzle's givens.
    Givens(Grid),
    /// Pencil marks: placed digits and the candidates of every other cell.
    Marks(CandidateGrid),
}

impl Board {
    /// The givens, or the placed digits of the pencil marks.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Board, Grid};
    /// assert_eq!(Board::Givens(Grid::EMPTY).grid(), &Grid::EMPTY);
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        match self {
            Board::Givens(g) => g,
            Board::Marks(m) => m.grid(),
        }
    }

    /// The pencil marks: the givens' own (every digit a candidate where no peer holds it;
    /// clashing givens are placed as they are), or the marks themselves.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Board, Grid};
    /// assert_eq!(Board::Givens(Grid::EMPTY).to_marks().candidate_count(), 729);
    /// ```
    #[must_use]
    pub fn to_marks(&self) -> CandidateGrid {
        match self {
            Board::Givens(g) => CandidateGrid::from(g),
            Board::Marks(m) => *m,
        }
    }

    /// The givens, or [`FailureKind::NeedsGivens`] naming `what` needs them (a command, a
    /// rating) for pencil marks.
    ///
    /// # Errors
    ///
    /// [`FailureKind::NeedsGivens`] (status `invalid`) for pencil marks.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Board, CandidateGrid, Grid, Status};
    /// assert_eq!(Board::Givens(Grid::EMPTY).givens_for("canon"), Ok(&Grid::EMPTY));
    /// let marks = Board::Marks(CandidateGrid::new(&Grid::EMPTY).unwrap());
    /// assert_eq!(marks.givens_for("depth").unwrap_err().status(), Status::Invalid);
    /// ```
    pub fn givens_for(&self, what: &'static str) -> Result<&Grid, Failure> {
        match self {
            Board::Givens(g) => Ok(g),
            Board::Marks(_) => Err(Failure::new(FailureKind::NeedsGivens { what })),
        }
    }
}

impl From<Grid> for Board {
    fn from(grid: Grid) -> Board {
        Board::Givens(grid)
    }
}

impl From<CandidateGrid> for Board {
    fn from(marks: CandidateGrid) -> Board {
        Board::Marks(marks)
    }
}

/// What a solver takes as a board: a [`Grid`] (a puzzle's givens), a [`CandidateGrid`]
/// (pencil marks) or a [`Board`] (either), so that `solve(&puzzle)`, `solve(&marks)` and
/// `solve(&board)` all read as they are.
///
/// # Examples
///
/// ```
/// use sudoku_core::{AsBoard, Board, CandidateGrid, Grid};
/// fn clues(board: &impl AsBoard) -> usize {
///     board.as_board().grid().clue_count()
/// }
/// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
/// assert_eq!((clues(&Grid::EMPTY), clues(&marks), clues(&Board::Marks(marks))), (0, 0, 0));
/// ```
pub trait AsBoard {
    /// The board: givens, or pencil marks.
    fn as_board(&self) -> Board;
}

impl AsBoard for Grid {
    fn as_board(&self) -> Board {
        Board::Givens(*self)
    }
}

impl AsBoard for CandidateGrid {
    fn as_board(&self) -> Board {
        Board::Marks(*self)
    }
}

impl AsBoard for Board {
    fn as_board(&self) -> Board {
        *self
    }
}

/// The 81-character form of givens, the 729-character form of pencil marks.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Givens(g) => fmt::Display::fmt(g, f),
            Board::Marks(m) => f.write_str(&m.pencil_marks()),
        }
    }
}

/// Reads 729 characters of pencil marks (whitespace ignored, as [`CandidateGrid`]'s
/// `FromStr` reads them), and any other text as a [`Grid`] (the line or the block form).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Board, ParseGridError};
/// let mut text = "123456789".repeat(81);
/// text.replace_range(10..11, "x");
/// assert_eq!(
///     text.parse::<Board>(),
///     Err(ParseGridError::InvalidChar { ch: 'x', line: 1, column: 11 })
/// );
/// ```
impl FromStr for Board {
    type Err = ParseGridError;

    fn from_str(text: &str) -> Result<Board, ParseGridError> {
        if text.chars().filter(|c| !c.is_whitespace()).count() == 729 {
            return CandidateGrid::from_pencil_marks(text).map(Board::Marks);
        }
        text.parse().map(Board::Givens)
    }
}

/// Whether a line holds pencil marks: its first word has 729 characters.
pub(crate) fn is_marks_line(text: &str) -> bool {
    text.split_whitespace().next().is_some_and(|t| t.chars().count() == 729)
}

/// The pencil marks of a line whose first word has 729 characters (text after it is ignored,
/// as after an 81-character puzzle); `None` for any other line. Errors name `line` and the
/// column in the line.
pub(crate) fn parse_marks_line(
    text: &str,
    line: usize,
) -> Option<Result<CandidateGrid, ParseGridError>> {
    if !is_marks_line(text) {
        return None;
    }
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let token = text.split_whitespace().next()?;
    Some(CandidateGrid::from_pencil_marks(token).map_err(|e| match e {
        ParseGridError::InvalidChar { ch, column, .. } => {
            ParseGridError::InvalidChar { ch, line, column: lead + column }
        }
        other => other,
    }))
}

/// Reads one line as a board: pencil marks or the line form of a puzzle.
pub(crate) fn parse_board_line(text: &str, line: usize) -> Result<Board, ParseGridError> {
    match parse_marks_line(text, line) {
        Some(marks) => marks.map(Board::Marks),
        None => parse_line_form(text, line).map(Board::Givens),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn marks_and_givens_read_back_as_written() {
        let givens: Board = P.parse().unwrap();
        assert_eq!(givens.to_string(), P);
        let marks = Board::Marks(givens.to_marks());
        assert_eq!(marks.to_string().parse::<Board>(), Ok(marks));
        let spaced: Vec<String> = marks
            .to_string()
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        assert_eq!(spaced.join(" ").parse::<Board>(), Ok(marks));
        assert_eq!(parse_board_line(&format!("  {marks}  # note"), 3), Ok(marks));
        assert_eq!(marks.grid(), givens.grid());
    }

    #[test]
    fn a_bad_mark_names_its_line_and_column() {
        let mut text = format!("  {}", "123456789".repeat(81));
        text.replace_range(5..6, "9");
        assert_eq!(
            parse_board_line(&text, 7),
            Err(ParseGridError::InvalidChar { ch: '9', line: 7, column: 6 })
        );
    }
}
