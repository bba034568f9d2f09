//! A player's progress on a puzzle, checked against its unique solution: [`Progress`] (the
//! player's grid and the pencil marks crossed out) and its [`ProgressReport`].

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Candidate, Cell, CellSet, Digit, Failure, Grid, Status, Unit};

use crate::Query;

/// A player's progress on a puzzle: their grid (the givens and the digits entered so far,
/// clashes and all) and the pencil marks they crossed out on empty cells.
///
/// Parse the grid with [`FromStr`] (81 cells, `.`, `0` or `_` for blanks; whitespace
/// ignored; unlike a puzzle, entries may clash), add the crossed-out marks with
/// [`Progress::with_crossed_out`] ([`Progress::parse_crossed_out`] reads `A1<>5`), and ask
/// [`Progress::check`] whether the puzzle's solution can still be reached.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Progress, Query};
///
/// let puzzle: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// // The givens, a right 1 in B1 and a wrong 4 in C1.
/// let progress: Progress =
///     "814........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let progress = progress.with_crossed_out([Progress::parse_crossed_out("D1<>7")?]);
/// let report = progress.check(&puzzle, Query::DEFAULT_BUDGET)?;
/// assert!(!report.is_solvable());
/// assert_eq!(report.wrong()[0].to_string(), "C1=4");
/// assert_eq!(report.excluded()[0].to_string(), "D1=7");
/// assert_eq!(
///     report.message(),
///     "1 entries contradict the solution: C1=4; \
///      1 pencil marks cross out the solution's digit: D1<>7"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    entries: Grid,
    crossed_out: Vec<Candidate>,
}

/// What is wrong with the text of a player's progress.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseProgressError {
    /// A grid with other than 81 cells (whitespace aside).
    #[error("expected 81 cells, found {len}")]
    WrongLength {
        /// The cells found.
        len: usize,
    },
    /// A character that is neither a digit nor a blank (`.`, `0`, `_`).
    #[error("invalid character {ch:?} at cell {cell} (position {})", cell.index() + 1)]
    InvalidChar {
        /// The character.
        ch: char,
        /// Its cell.
        cell: Cell,
    },
    /// A crossed-out pencil mark that is not written `A1<>5`.
    #[error("not an elimination such as A1<>5: {text:?}")]
    NotAnElimination {
        /// The text.
        text: String,
    },
}

impl Progress {
    /// The progress of a player's grid (givens and entries), nothing crossed out.
    #[must_use]
    pub fn new(entries: Grid) -> Progress {
        Progress { entries, crossed_out: Vec::new() }
    }

    /// The same progress, with these pencil marks crossed out (on cells that are empty in the
    /// grid; marks on filled cells are not looked at).
    #[must_use]
    pub fn with_crossed_out(mut self, marks: impl IntoIterator<Item = Candidate>) -> Progress {
        self.crossed_out.extend(marks);
        self
    }

    /// The player's grid.
    #[must_use]
    pub fn entries(&self) -> &Grid {
        &self.entries
    }

    /// The pencil marks crossed out, in the order given.
    #[must_use]
    pub fn crossed_out(&self) -> &[Candidate] {
        &self.crossed_out
    }

    /// A crossed-out pencil mark as players and `Step`s write it: `A1<>5` (the cell, `<>`,
    /// the digit; whitespace around it ignored).
    ///
    /// # Errors
    ///
    /// [`ParseProgressError::NotAnElimination`] when the text is not so written.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_solve::{ParseProgressError, Progress};
    /// assert_eq!(Progress::parse_crossed_out(" B3<>4 ")?.to_string(), "B3=4");
    /// assert!(matches!(
    ///     Progress::parse_crossed_out("B3=4"),
    ///     Err(ParseProgressError::NotAnElimination { .. })
    /// ));
    /// # Ok::<(), ParseProgressError>(())
    /// ```
    pub fn parse_crossed_out(text: &str) -> Result<Candidate, ParseProgressError> {
        let bad = || ParseProgressError::NotAnElimination { text: text.to_string() };
        let (cell, digit) = text.trim().split_once("<>").ok_or_else(bad)?;
        let cell: Cell = cell.parse().map_err(|_| bad())?;
        let mut digits = digit.chars();
        match (digits.next().and_then(Digit::from_char), digits.next()) {
            (Some(d), None) => Ok(Candidate::new(cell, d)),
            _ => Err(bad()),
        }
    }

    /// Checks this progress against the unique solution of `puzzle`'s givens, found within
    /// `budget` search nodes: the entries that are not the solution's digit, the entries that
    /// clash by the rules, the givens changed or removed, and the crossed-out marks that are
    /// the solution's digit of their (empty) cell.
    ///
    /// # Errors
    ///
    /// The [`Failure`] of the puzzle when there is no solution to check against: clashing
    /// givens ([`FailureKind::Conflict`](sudoku_core::FailureKind::Conflict)), no solution,
    /// several, or `budget` exceeded.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Failure, Grid};
    /// use sudoku_solve::{Progress, Query};
    ///
    /// let puzzle: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// let report = Progress::new(puzzle).check(&puzzle, Query::DEFAULT_BUDGET)?;
    /// assert!(report.is_solvable());
    /// assert_eq!(report.message(), "no mistake so far: 21 of 81 cells filled");
    /// // The empty grid has no unique solution to check against.
    /// assert_eq!(Progress::new(Grid::EMPTY).check(&Grid::EMPTY, 1_000), Err(Failure::NOT_UNIQUE));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, puzzle: &Grid, budget: u64) -> Result<ProgressReport, Failure> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(c.into());
        }
        let solution = Query::new(puzzle).with_budget(budget).unique()?;
        Ok(self.check_against(puzzle, &solution))
    }

    /// The report of [`Progress::check`], against a known solution of `puzzle`.
    fn check_against(&self, puzzle: &Grid, solution: &Grid) -> ProgressReport {
        let progress = &self.entries;
        let entry = |c: Cell, g: &Grid| g.get(c).map(|d| Candidate::new(c, d));
        let mut wrong = Vec::new();
        let mut changed_givens = Vec::new();
        for c in Cell::all() {
            match (puzzle.get(c), progress.get(c)) {
                (Some(g), p) if p != Some(g) => changed_givens.extend(entry(c, puzzle)),
                (None, Some(d)) if solution.get(c) != Some(d) => wrong.extend(entry(c, progress)),
                _ => {}
            }
        }
        let clashes: Vec<Candidate> =
            clashing_cells(progress).iter().filter_map(|c| entry(c, progress)).collect();
        let mut excluded: Vec<Candidate> = self
            .crossed_out
            .iter()
            .copied()
            .filter(|m| {
                progress.get(m.cell()).is_none() && solution.get(m.cell()) == Some(m.digit())
            })
            .collect();
        // As they are written (`B3<>4`): by column letter, row, digit.
        excluded.sort_unstable_by_key(|m| (m.cell().col(), m.cell().row(), m.digit()));
        excluded.dedup();
        let mut report = ProgressReport {
            puzzle: *puzzle,
            status: Status::Ok,
            solvable: false,
            wrong,
            clashes,
            changed_givens,
            excluded,
            message: String::new(),
        };
        let mut parts = Vec::new();
        let joined = |list: &[Candidate], sep: &str| {
            list.iter().map(|m| format!("{}{sep}{}", m.cell(), m.digit())).collect::<Vec<_>>()
        };
        for (list, what, sep) in [
            (&report.changed_givens, "given(s) changed", "="),
            (&report.clashes, "entries clash by the rules", "="),
            (&report.wrong, "entries contradict the solution", "="),
            (&report.excluded, "pencil marks cross out the solution's digit", "<>"),
        ] {
            if !list.is_empty() {
                parts.push(format!("{} {what}: {}", list.len(), joined(list, sep).join(", ")));
            }
        }
        report.solvable = parts.is_empty();
        report.message = if report.solvable {
            format!("no mistake so far: {} of 81 cells filled", progress.clue_count())
        } else {
            parts.join("; ")
        };
        report
    }
}

/// The grid of a player's progress: 81 cells (whitespace aside), `.`, `0` or `_` for blanks;
/// digits may clash (the check names the clashes).
impl FromStr for Progress {
    type Err = ParseProgressError;

    fn from_str(text: &str) -> Result<Progress, ParseProgressError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 81 {
            return Err(ParseProgressError::WrongLength { len: chars.len() });
        }
        let mut g = Grid::EMPTY;
        for (cell, &ch) in Cell::all().zip(&chars) {
            match ch {
                '.' | '0' | '_' => {}
                _ => match Digit::from_char(ch) {
                    Some(d) => g.set(cell, Some(d)),
                    None => return Err(ParseProgressError::InvalidChar { ch, cell }),
                },
            }
        }
        Ok(Progress::new(g))
    }
}

/// Every cell that shares its digit with another in a unit.
fn clashing_cells(g: &Grid) -> CellSet {
    let mut cells = CellSet::EMPTY;
    for unit in Unit::ALL {
        let placed: Vec<(Cell, Digit)> =
            unit.cells().iter().filter_map(|&c| g.get(c).map(|d| (c, d))).collect();
        for &(c, d) in &placed {
            if placed.iter().any(|&(o, e)| o != c && e == d) {
                cells.insert(c);
            }
        }
    }
    cells
}

/// Whether a player's progress can still reach the puzzle's solution, and what stands in the
/// way: entries that differ from the solution, entries that clash by the rules, givens that
/// were changed, and pencil marks that cross out a cell's solution digit.
///
/// With the feature `serde` it serialises as the schema's record (`docs/schema.md`):
/// `{"puzzle", "status": "ok", "solvable", "wrong", "clashes", "changed_givens", "excluded",
/// "message"}`, the lists as strings (`C4=5`; `B3<>4` for `excluded`). Its [`Display`] is
/// [`ProgressReport::message`].
///
/// [`Display`]: fmt::Display
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProgressReport {
    puzzle: Grid,
    status: Status,
    solvable: bool,
    #[cfg_attr(feature = "serde", serde(serialize_with = "placements"))]
    wrong: Vec<Candidate>,
    #[cfg_attr(feature = "serde", serde(serialize_with = "placements"))]
    clashes: Vec<Candidate>,
    #[cfg_attr(feature = "serde", serde(serialize_with = "placements"))]
    changed_givens: Vec<Candidate>,
    #[cfg_attr(feature = "serde", serde(serialize_with = "eliminations"))]
    excluded: Vec<Candidate>,
    message: String,
}

impl ProgressReport {
    /// The puzzle's givens.
    #[must_use]
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The schema's status word: always [`Status::Ok`] (a puzzle without a solution to check
    /// against is a [`Failure`] instead).
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Nothing stands in the way of the solution: the lists are all empty.
    #[must_use]
    pub fn is_solvable(&self) -> bool {
        self.solvable
    }

    /// The entries (on cells without a given) that are not the solution's digit, in cell order.
    #[must_use]
    pub fn wrong(&self) -> &[Candidate] {
        &self.wrong
    }

    /// The digits (givens and entries) that repeat a digit in a row, column or box: every
    /// cell involved, in cell order.
    #[must_use]
    pub fn clashes(&self) -> &[Candidate] {
        &self.clashes
    }

    /// The givens that the progress changes or removes (the given's digit), in cell order.
    #[must_use]
    pub fn changed_givens(&self) -> &[Candidate] {
        &self.changed_givens
    }

    /// The crossed-out pencil marks of empty cells that are the solution's digit, each once,
    /// ordered as written (`B3<>4`: column letter, row, digit).
    #[must_use]
    pub fn excluded(&self) -> &[Candidate] {
        &self.excluded
    }

    /// What is wrong, in words (`1 entries contradict the solution: C1=2`), or
    /// `no mistake so far: N of 81 cells filled`.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ProgressReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(feature = "serde")]
fn placements<S: serde::Serializer>(list: &[Candidate], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(list.iter().map(ToString::to_string))
}

#[cfg(feature = "serde")]
fn eliminations<S: serde::Serializer>(list: &[Candidate], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(list.iter().map(|m| format!("{}<>{}", m.cell(), m.digit())))
}

#[cfg(test)]
mod tests {
    use sudoku_core::FailureKind;

    use super::*;

    const PUZZLE: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    const SOLUTION: &str =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    fn puzzle() -> Grid {
        PUZZLE.parse().unwrap()
    }

    fn with(cells: &[(usize, char)]) -> Progress {
        let mut text: Vec<char> = PUZZLE.chars().collect();
        for &(i, ch) in cells {
            text[i] = ch;
        }
        text.into_iter().collect::<String>().parse().unwrap()
    }

    fn names(list: &[Candidate]) -> Vec<String> {
        list.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn the_solution_is_solvable() {
        let report = SOLUTION.parse::<Progress>().unwrap().check(&puzzle(), 1_000_000).unwrap();
        assert!(report.is_solvable());
        assert_eq!(report.message(), "no mistake so far: 81 of 81 cells filled");
        assert_eq!(report.status(), Status::Ok);
        assert_eq!(report.puzzle(), &puzzle());
    }

    #[test]
    fn wrong_clashing_and_changed() {
        // B1: 1 (right), C1: 8 (wrong, and clashing with the given 8 in A1).
        let report = with(&[(1, '1'), (2, '8')]).check(&puzzle(), 1_000_000).unwrap();
        assert_eq!(names(report.wrong()), ["C1=8"]);
        // C1 also shares its column with the given 8 in C8.
        assert_eq!(names(report.clashes()), ["A1=8", "C1=8", "C8=8"]);
        assert!(report.changed_givens().is_empty());
        let report = with(&[(0, '.'), (10, '4')]).check(&puzzle(), 1_000_000).unwrap();
        assert_eq!(names(report.changed_givens()), ["A1=8"]);
        assert!(report.wrong().is_empty());
        assert_eq!(
            report.message(),
            "1 given(s) changed: A1=8",
            "a right entry is no mistake; a removed given is"
        );
    }

    #[test]
    fn crossed_out_solution_digits_sorted_once() {
        let marks = ["D1<>7", "B2<>4", "D1<>7", "A2<>1", "A2<>9"]
            .map(|m| Progress::parse_crossed_out(m).unwrap());
        let report =
            Progress::new(puzzle()).with_crossed_out(marks).check(&puzzle(), 1_000_000).unwrap();
        // A2's solution is 9 and B2's 4, D1's 7; A2<>1 is no mistake.
        assert_eq!(names(report.excluded()), ["A2=9", "B2=4", "D1=7"]);
        assert_eq!(
            report.to_string(),
            "3 pencil marks cross out the solution's digit: A2<>9, B2<>4, D1<>7"
        );
    }

    #[test]
    fn failures_of_the_puzzle() {
        let clash: Grid = format!("88{}", &PUZZLE[2..]).parse::<Progress>().unwrap().entries;
        let e = Progress::new(clash).check(&clash, 1_000).unwrap_err();
        assert!(matches!(e.kind(), FailureKind::Conflict(_)));
        let e = Progress::new(Grid::EMPTY).check(&Grid::EMPTY, 1_000_000).unwrap_err();
        assert_eq!(e, Failure::NOT_UNIQUE);
    }

    #[test]
    fn parse_errors() {
        assert_eq!("123".parse::<Progress>(), Err(ParseProgressError::WrongLength { len: 3 }));
        let e = format!("x{}", &PUZZLE[1..]).parse::<Progress>().unwrap_err();
        assert_eq!(e.to_string(), "invalid character 'x' at cell A1 (position 1)");
        for bad in ["A1<>", "A1<>10", "Z9<>1", "A1=5"] {
            assert!(Progress::parse_crossed_out(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn errors_are_send_sync() {
        fn is<T: Send + Sync + 'static>() {}
        is::<ParseProgressError>();
    }
}
