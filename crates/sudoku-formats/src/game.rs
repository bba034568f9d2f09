//! What a puzzle file holds: givens, placed digits, pencil marks, a solution and metadata.

use sudoku_core::{Board, CandidateGrid, Cell, DigitSet, Grid};

use crate::FormatErrorKind;

/// The pencil marks of a grid: one set of candidates per cell, as written in the file (no rule
/// is applied: a mark a peer's digit rules out stays). Cells that hold a digit keep an empty set.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, DigitSet};
/// use sudoku_formats::Marks;
///
/// let mut marks = Marks::EMPTY;
/// let a1 = Cell::new(0).unwrap();
/// marks.set(a1, DigitSet::from_bits(0b101));
/// assert_eq!(marks.get(a1).to_string(), "13");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marks([DigitSet; 81]);

impl Marks {
    /// No candidate anywhere.
    pub const EMPTY: Marks = Marks([DigitSet::EMPTY; 81]);

    /// The candidates of `cell`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// use sudoku_formats::Marks;
    /// assert!(Marks::EMPTY.get(Cell::new(80).unwrap()).is_empty());
    /// ```
    #[must_use]
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.0[cell.index()]
    }

    /// Sets the candidates of `cell`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, DigitSet};
    /// use sudoku_formats::Marks;
    /// let mut marks = Marks::EMPTY;
    /// marks.set(Cell::new(3).unwrap(), DigitSet::ALL);
    /// assert_eq!(marks.get(Cell::new(3).unwrap()).len(), 9);
    /// ```
    pub fn set(&mut self, cell: Cell, candidates: DigitSet) {
        self.0[cell.index()] = candidates;
    }

    /// The candidates of the empty cells of `marks` (its placed cells get none).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_formats::Marks;
    /// let marks = CandidateGrid::new(&Grid::EMPTY).unwrap();
    /// assert_eq!(Marks::of(&marks).get(sudoku_core::Cell::new(0).unwrap()).len(), 9);
    /// ```
    #[must_use]
    pub fn of(marks: &CandidateGrid) -> Marks {
        let mut out = Marks::EMPTY;
        for cell in Cell::all() {
            out.set(cell, marks.candidates(cell));
        }
        out
    }

    /// The candidates a grid leaves each empty cell (digits no peer holds); none for filled
    /// cells. HoDoKu's library format writes marks as the candidates deleted from these.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Grid};
    /// use sudoku_formats::Marks;
    /// let marks = Marks::defaults(&Grid::EMPTY);
    /// assert_eq!(marks.get(Cell::new(40).unwrap()).len(), 9);
    /// ```
    #[must_use]
    pub fn defaults(grid: &Grid) -> Marks {
        let mut out = Marks::EMPTY;
        for cell in grid.empty_cells() {
            out.set(cell, grid.candidates(cell));
        }
        out
    }
}

/// Titles and other text a puzzle file may carry; each format holds some of these fields
/// ([`Format::retain`](crate::Format::retain) says which) and drops the others.
///
/// # Examples
///
/// ```
/// use sudoku_formats::Meta;
/// let mut meta = Meta::default();
/// meta.title = Some("Easy 1".into());
/// assert!(meta.author.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Meta {
    /// The puzzle's title (ipuz `title`, OpenSudoku's folder name).
    pub title: Option<String>,
    /// Who made it (SadMan `#A`, ipuz `author`).
    pub author: Option<String>,
    /// A description (SadMan `#D`, ipuz `intro`).
    pub description: Option<String>,
    /// A comment (SadMan `#C`, ipuz `notes`, OpenSudoku's game note).
    pub comment: Option<String>,
    /// When it was published (SadMan `#B`, ipuz `date`).
    pub date: Option<String>,
    /// Where it was published (SadMan `#S`, ipuz `publisher`).
    pub source: Option<String>,
    /// Its difficulty as the file names it (SadMan `#L`, ipuz `difficulty`).
    pub difficulty: Option<String>,
    /// A web address (SadMan `#U`, ipuz `url`).
    pub url: Option<String>,
    /// Its copyright line (ipuz `copyright`).
    pub copyright: Option<String>,
}

/// A field of [`Meta`], as the formats' tables name them.
pub(crate) type MetaField = fn(&mut Meta) -> &mut Option<String>;

/// A puzzle as a file holds it: the givens, the digits placed since (a game in progress),
/// pencil marks, the solution, and metadata. Givens and placed digits never share a cell, and
/// together they form a [`Grid`] without clashes.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Board, Grid};
/// use sudoku_formats::Game;
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let game = Game::new(puzzle);
/// assert_eq!(game.board(), Board::Givens(puzzle));
/// assert_eq!(game.digits(), puzzle);
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Game {
    /// The puzzle's givens.
    pub givens: Grid,
    /// Digits placed by the player or a solver (none where a given is).
    pub placed: Grid,
    /// Pencil marks, if the file has any.
    pub marks: Option<Marks>,
    /// The solution, if the file has one.
    pub solution: Option<Grid>,
    /// Title, author and the like.
    pub meta: Meta,
}

impl Game {
    /// A puzzle with these givens and nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_formats::Game;
    /// assert!(Game::new(Grid::EMPTY).marks.is_none());
    /// ```
    #[must_use]
    pub fn new(givens: Grid) -> Game {
        Game { givens, placed: Grid::EMPTY, marks: None, solution: None, meta: Meta::default() }
    }

    /// Every digit in the grid: the givens and the placed digits.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_formats::Game;
    /// assert_eq!(Game::new(Grid::EMPTY).digits(), Grid::EMPTY);
    /// ```
    #[must_use]
    pub fn digits(&self) -> Grid {
        let mut grid = self.givens;
        for cell in self.placed.filled_cells() {
            grid.set(cell, self.placed.get(cell));
        }
        grid
    }

    /// The board every command of the workspace takes: with pencil marks, the marks (every
    /// digit placed, each empty cell keeping its marks less the digits its peers hold); else
    /// the grid's digits as givens.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Board, Cell, DigitSet, Grid};
    /// use sudoku_formats::{Game, Marks};
    ///
    /// let mut game = Game::new(Grid::EMPTY);
    /// let mut marks = Marks::defaults(&Grid::EMPTY);
    /// marks.set(Cell::new(0).unwrap(), DigitSet::from_bits(0b11));
    /// game.marks = Some(marks);
    /// let Board::Marks(board) = game.board() else { panic!("marks") };
    /// assert_eq!(board.candidates(Cell::new(0).unwrap()).to_string(), "12");
    /// ```
    #[must_use]
    pub fn board(&self) -> Board {
        let digits = self.digits();
        match &self.marks {
            None => Board::Givens(digits),
            Some(marks) => {
                let mut board = CandidateGrid::from(&digits);
                for cell in digits.empty_cells() {
                    board.restrict(cell, marks.get(cell));
                }
                Board::Marks(board)
            }
        }
    }
}

impl Game {
    /// A game of givens and placed digits given as cell values (0 for none), checked: no
    /// placed digit on a given, no two equal digits in a unit.
    pub(crate) fn from_cells(givens: [u8; 81], placed: [u8; 81]) -> Result<Game, FormatErrorKind> {
        let mut all = givens;
        for (i, &p) in placed.iter().enumerate() {
            if p != 0 {
                if givens[i] != 0 {
                    let cell = Cell::new(i).expect("a cell");
                    return Err(FormatErrorKind::PlacedOnGiven { cell });
                }
                all[i] = p;
            }
        }
        Grid::try_from_bytes(all)?;
        Ok(Game {
            placed: Grid::try_from_bytes(placed)?,
            ..Game::new(Grid::try_from_bytes(givens)?)
        })
    }
}

impl From<Board> for Game {
    /// Givens as they are; pencil marks as their placed digits (taken as givens: the board
    /// does not tell them apart) and the candidates of the other cells.
    fn from(board: Board) -> Game {
        match board {
            Board::Givens(grid) => Game::new(grid),
            Board::Marks(marks) => {
                Game { marks: Some(Marks::of(&marks)), ..Game::new(*marks.grid()) }
            }
        }
    }
}

/// One puzzle read from a file, with the (1-based) line it starts on.
///
/// # Examples
///
/// ```
/// use sudoku_formats::{Format, read};
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
/// let item = read(text.as_bytes(), Format::Sdm).remove(0)?;
/// assert_eq!((item.line, item.game.givens.clue_count()), (1, 17));
/// # Ok::<(), sudoku_formats::FormatError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// The line the puzzle starts on.
    pub line: usize,
    /// The puzzle.
    pub game: Game,
}
