//! One way to ask the exact solver: a [`Query`] (a grid or pencil marks, a solution limit, a
//! node budget) and its answer, [`Solutions`].

use std::fmt;

use sudoku_core::{Board, CandidateGrid, Cell, DigitSet, Failure, Grid, Rules, Work};

use crate::exact::{self, Outcome, Search, grid_of};
use crate::kernel::SearchKernel;
use crate::variant;

/// What a query searches: the solutions of a grid's givens, or of pencil marks.
#[derive(Clone, Copy, Debug)]
enum Input<'a> {
    Grid(&'a Grid),
    Marks(&'a CandidateGrid),
}

/// One question to the exact solver: the solutions of a grid (or of pencil marks), counted up to
/// a limit within a budget of search nodes.
///
/// Every budgeted use of the exact solver is one of three calls on a query (in the manner of
/// regex-automata's `Input`, and of tdoku's one solver call with its limit and its
/// out-parameters):
///
/// - [`Query::unique`]: the unique solution, or the [`Failure`] saying why there is none;
/// - [`Query::run`]: the [`Solutions`] (count, whether capped, nodes used, the first two), or
///   [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) when the budget
///   runs out before the count is settled;
/// - [`Query::search`]: the same search, never failing: an unsettled count is reported in the
///   [`Solutions`] (a lower bound, with the nodes used).
///
/// A budget is a count of [`Work::SearchNodes`] (branching points), [`Query::DEFAULT_BUDGET`]
/// unless set; the limit is [`Query::DEFAULT_LIMIT`] (two: enough to tell one solution from
/// several) unless set. [`solve`](crate::solve) is the one unbudgeted shortcut.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Failure, Grid};
/// use sudoku_solve::Query;
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let solution = Query::new(&puzzle).unique()?;
/// assert!(puzzle.is_solved_by(&solution));
///
/// // Counting is capped by the limit and bounded by the budget.
/// let ten = Query::new(&Grid::EMPTY).with_limit(10).with_budget(1_000_000).run()?;
/// assert_eq!((ten.count(), ten.is_capped()), (10, true));
/// assert_eq!(Query::new(&Grid::EMPTY).unique(), Err(Failure::NOT_UNIQUE));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[must_use]
pub struct Query<'a> {
    input: Input<'a>,
    limit: u64,
    budget: u64,
    kernel: Option<SearchKernel>,
    /// The rules, when a caller gave some that are not classic.
    rules: Option<&'a Rules>,
}

impl<'a> Query<'a> {
    /// The budget of a query that sets none: 10,000,000 search nodes. Puzzles with a solution
    /// need a few hundred at most; a sparse grid without a solution can need millions.
    pub const DEFAULT_BUDGET: u64 = 10_000_000;

    /// The limit of a query that sets none: two solutions, enough to tell one from several.
    pub const DEFAULT_LIMIT: u64 = 2;

    /// The solutions of a grid's givens. A grid whose givens break a rule has none.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Grid};
    /// use sudoku_solve::Query;
    /// // Two 1s in row 1.
    /// let mut clash = Grid::EMPTY;
    /// clash.set(Cell::new(0).unwrap(), Digit::new(1));
    /// clash.set(Cell::new(1).unwrap(), Digit::new(1));
    /// assert_eq!(Query::new(&clash).run()?.count(), 0);
    /// # Ok::<(), sudoku_core::Failure>(())
    /// ```
    pub fn new(puzzle: &'a Grid) -> Query<'a> {
        Query::with_input(Input::Grid(puzzle))
    }

    /// The solutions of pencil marks: each empty cell holds one of its candidates. Marks that
    /// cross out a solution digit of their grid can leave it with no solution; marks narrower
    /// than their grid can make a grid with several solutions unique.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, Failure, Grid};
    /// use sudoku_solve::Query;
    ///
    /// let puzzle: Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut marks = CandidateGrid::new(&puzzle).unwrap();
    /// let solution = Query::marks(&marks).unique()?;
    /// assert!(puzzle.is_solved_by(&solution));
    /// // Cross out B1's solution digit: nothing fits any more.
    /// let b1 = Cell::new(1).unwrap();
    /// marks.eliminate(b1, solution.get(b1).unwrap());
    /// assert_eq!(Query::marks(&marks).unique(), Err(Failure::NO_SOLUTION));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn marks(marks: &'a CandidateGrid) -> Query<'a> {
        Query::with_input(Input::Marks(marks))
    }

    /// A query of a board: [`Query::new`] of its givens, or [`Query::marks`] of its pencil
    /// marks.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Board;
    /// use sudoku_solve::Query;
    /// let puzzle: Board =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let marks = Board::Marks(puzzle.to_marks());
    /// assert_eq!(Query::of(&puzzle).unique()?, Query::of(&marks).unique()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(board: &'a Board) -> Query<'a> {
        match board {
            Board::Givens(g) => Query::new(g),
            Board::Marks(m) => Query::marks(m),
        }
    }

    fn with_input(input: Input<'a>) -> Query<'a> {
        Query {
            input,
            limit: Query::DEFAULT_LIMIT,
            budget: Query::DEFAULT_BUDGET,
            kernel: None,
            rules: None,
        }
    }

    /// Stops counting at `limit` solutions (the count is then capped: there may be more). A
    /// limit of 1 asks for any one solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_solve::Query;
    /// let any = Query::new(&Grid::EMPTY).with_limit(1).run()?;
    /// assert!(any.is_capped() && any.first().is_some_and(|g| g.is_solved()));
    /// # Ok::<(), sudoku_core::Failure>(())
    /// ```
    pub fn with_limit(self, limit: u64) -> Query<'a> {
        Query { limit, ..self }
    }

    /// Allows `nodes` search nodes (branching points); `u64::MAX` for no budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Failure, Grid, Work};
    /// use sudoku_solve::Query;
    ///
    /// // Ten givens, no solution, and a long search to prove it.
    /// let dead: Grid =
    ///     "24......56...7....5..............256.7........3..................................".parse()?;
    /// let e = Query::new(&dead).with_budget(1_000).unique().unwrap_err();
    /// assert_eq!(e, Failure::budget_exceeded(1_000, Work::SearchNodes));
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    pub fn with_budget(self, nodes: u64) -> Query<'a> {
        Query { budget: nodes, ..self }
    }

    /// Solves under `rules` (a variant: X, windoku, jigsaw, anti-knight, ...) instead of
    /// classic Sudoku's. Classic rules change nothing (the classic search runs); other rules
    /// run a search of their own (see `docs/variants.md`), which counts search nodes against
    /// the budget in the same way. Givens (or placed pencil marks) that clash under the rules
    /// leave no solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Grid, Rules};
    /// use sudoku_solve::Query;
    ///
    /// // An X-Sudoku (ER 9.3): unique under its rules, not as a classic puzzle.
    /// let puzzle: Grid =
    ///     "1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5....".parse()?;
    /// let x: Rules = "x".parse()?;
    /// let solution = Query::new(&puzzle).with_rules(&x).unique()?;
    /// assert_eq!(x.check_solution(&puzzle, &solution), Ok(()));
    /// assert!(Query::new(&puzzle).unique().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_rules(self, rules: &'a Rules) -> Query<'a> {
        Query { rules: (!rules.is_classic()).then_some(rules), ..self }
    }

    /// Runs the search in one build of the exact search instead of the fastest this CPU
    /// supports: for the tests, benchmarks and fuzz target that compare the builds (all visit
    /// the same nodes and find the same solutions).
    ///
    /// The query panics when it runs if the running CPU does not support `kernel` (see
    /// [`SearchKernel::is_available`]).
    #[doc(hidden)]
    pub fn with_kernel(self, kernel: SearchKernel) -> Query<'a> {
        Query { kernel: Some(kernel), ..self }
    }

    /// Searches as far as the limit and the budget allow, and never fails: when the budget runs
    /// out first, the [`Solutions`] are not settled ([`Solutions::is_settled`]) and their count
    /// is a lower bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_solve::Query;
    ///
    /// let some = Query::new(&Grid::EMPTY).with_limit(1_000_000).with_budget(100).search();
    /// assert!(!some.is_settled() && some.count() > 0 && some.nodes() == 100);
    /// assert_eq!(
    ///     some.to_string(),
    ///     format!("budget exceeded: 100 search nodes used, {} solutions found so far", some.count())
    /// );
    /// ```
    #[must_use]
    #[inline]
    pub fn search(&self) -> Solutions {
        // The search runs in the answer it fills: no copy of its boards afterwards.
        let mut solutions = Solutions { search: Search::new(self.limit, self.budget) };
        let s = &mut solutions.search;
        if let Some(rules) = self.rules {
            variant::start(s, &self.input_cells(), rules);
            return solutions;
        }
        match self.input {
            Input::Grid(grid) => match self.kernel {
                None => exact::start_best(s, &grid.to_bytes()),
                Some(k) => exact::start(s, &grid.to_bytes(), k),
            },
            Input::Marks(marks) => {
                let mut cells = [0u16; 81];
                for (cell, set) in Cell::all().zip(&mut cells) {
                    *set =
                        marks.value(cell).map_or(marks.candidates(cell), DigitSet::single).into();
                }
                exact::start_marks(s, &cells, self.kernel.unwrap_or_else(SearchKernel::best));
            }
        }
        solutions
    }

    /// Each cell's candidates as nine bits (a given or a placed mark: its digit alone).
    fn input_cells(&self) -> [u16; 81] {
        let mut cells = [0u16; 81];
        for (cell, set) in Cell::all().zip(&mut cells) {
            *set = match self.input {
                Input::Grid(grid) => grid.get(cell).map_or(DigitSet::ALL, DigitSet::single),
                Input::Marks(marks) => {
                    marks.value(cell).map_or(marks.candidates(cell), DigitSet::single)
                }
            }
            .into();
        }
        cells
    }

    /// Counts the solutions up to the limit.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) in
    /// [`Work::SearchNodes`] when the budget runs out before the count is settled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_solve::Query;
    ///
    /// let thirteen: Grid =
    ///     "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let all = Query::new(&thirteen).with_limit(100).run()?;
    /// assert_eq!((all.count(), all.is_capped()), (13, false));
    /// let some = Query::new(&thirteen).with_limit(5).run()?;
    /// assert_eq!((some.count(), some.is_capped()), (5, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn run(&self) -> Result<Solutions, Failure> {
        let solutions = self.search();
        if solutions.is_settled() {
            Ok(solutions)
        } else {
            Err(Failure::budget_exceeded(self.budget, Work::SearchNodes))
        }
    }

    /// The unique solution, or why there is none: the helper every crate calls before it
    /// reasons towards a solution. It counts to two whatever the query's limit.
    ///
    /// # Errors
    ///
    /// [`Failure::NO_SOLUTION`] (givens that break a rule included), [`Failure::NOT_UNIQUE`],
    /// or [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) in
    /// [`Work::SearchNodes`] when the budget runs out first.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Failure, Grid};
    /// use sudoku_solve::Query;
    ///
    /// let none: Grid =
    ///     "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// assert_eq!(Query::new(&none).unique(), Err(Failure::NO_SOLUTION));
    /// assert_eq!(Query::new(&Grid::EMPTY).unique(), Err(Failure::NOT_UNIQUE));
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    pub fn unique(&self) -> Result<Grid, Failure> {
        let solutions = self.with_limit(2).run()?;
        match solutions.search.first {
            [Some(one), None] => Ok(grid_of(&one)),
            [None, _] => Err(Failure::NO_SOLUTION),
            [Some(_), Some(_)] => Err(Failure::NOT_UNIQUE),
        }
    }
}

/// The answer to a [`Query`]: how many solutions the search found (up to the limit), whether
/// it stopped at the limit, the search nodes it used, and the first two solutions.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Outcome, Query};
///
/// let puzzle: Grid =
///     "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let s = Query::new(&puzzle).with_limit(100).run()?;
/// assert_eq!((s.count(), s.is_capped(), s.to_string()), (13, false, "13".to_string()));
/// let (a, b) = (s.first().unwrap(), s.second().unwrap());
/// assert!(a != b && puzzle.is_solved_by(&a) && puzzle.is_solved_by(&b));
/// assert_eq!(s.outcome(), Some(Outcome::Multiple(a, b)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Solutions {
    /// The search that found them, with its first two solved boards (made grids only when
    /// asked for).
    search: Search,
}

impl Solutions {
    /// The solutions found, at most the limit.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.search.found.min(self.search.limit)
    }

    /// Whether counting stopped at the limit: the true count is at least [`Solutions::count`].
    #[must_use]
    pub fn is_capped(&self) -> bool {
        self.search.found >= self.search.limit
    }

    /// Whether the count is settled: always, unless [`Query::search`] ran out of budget first
    /// (the count is then a lower bound).
    #[must_use]
    pub fn is_settled(&self) -> bool {
        !self.search.out_of_budget || self.is_capped()
    }

    /// The search nodes (branching points) used: how much guessing the exact solver needed.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// The first solution found, if any.
    #[must_use]
    pub fn first(&self) -> Option<Grid> {
        self.search.first[0].as_ref().map(grid_of)
    }

    /// The second solution found, if any (with a limit of two or more).
    #[must_use]
    pub fn second(&self) -> Option<Grid> {
        self.search.first[1].as_ref().map(grid_of)
    }

    /// The solutions as an [`Outcome`] (none, one, several), when the count tells: `None` when
    /// a limit of 1 or a budget that ran out stopped the count at one solution or none.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_solve::{Outcome, Query};
    /// let any = Query::new(&Grid::EMPTY).with_limit(1).run()?;
    /// assert_eq!(any.outcome(), None);
    /// let two = Query::new(&Grid::EMPTY).run()?;
    /// assert!(matches!(two.outcome(), Some(Outcome::Multiple(..))));
    /// # Ok::<(), sudoku_core::Failure>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.search.first {
            [Some(a), Some(b)] => Some(Outcome::Multiple(grid_of(&a), grid_of(&b))),
            _ if self.is_capped() || !self.is_settled() => None,
            [Some(a), None] => Some(Outcome::Unique(grid_of(&a))),
            [None, _] => Some(Outcome::None),
        }
    }
}

/// What the search came to, in words: the count (`13`), `10+` when capped at the limit, or,
/// when the budget ran out first, `budget exceeded: 100 search nodes used, 3 solutions found so
/// far`.
impl fmt::Display for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_settled() {
            return write!(
                f,
                "budget exceeded: {} search nodes used, {} solutions found so far",
                self.nodes(),
                self.count()
            );
        }
        write!(f, "{}{}", self.count(), if self.is_capped() { "+" } else { "" })
    }
}

/// The count, the nodes and the solutions (the boards are shown as grids).
impl fmt::Debug for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("count", &self.count())
            .field("capped", &self.is_capped())
            .field("settled", &self.is_settled())
            .field("nodes", &self.nodes())
            .field("budget", &self.search.budget)
            .field("first", &self.first())
            .field("second", &self.second())
            .finish()
    }
}

/// Two answers are equal when their counts, nodes, budgets and solutions are.
impl PartialEq for Solutions {
    fn eq(&self, other: &Solutions) -> bool {
        let key =
            |s: &Solutions| (s.count(), s.is_capped(), s.is_settled(), s.nodes(), s.search.budget);
        key(self) == key(other) && (self.first(), self.second()) == (other.first(), other.second())
    }
}

impl Eq for Solutions {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_grid_runs_out_of_budget() {
        let q = Query::new(&Grid::EMPTY).with_limit(u64::MAX).with_budget(10_000);
        assert_eq!(q.run(), Err(Failure::budget_exceeded(10_000, Work::SearchNodes)));
        let partial = q.search();
        assert!(!partial.is_settled() && partial.count() > 0 && !partial.is_capped());
        assert_eq!(partial.nodes(), 10_000);
        let n = Query::new(&Grid::EMPTY).with_limit(1000).with_budget(u64::MAX).run().unwrap();
        assert_eq!((n.count(), n.is_capped(), n.to_string()), (1000, true, "1000+".into()));
    }

    #[test]
    fn a_count_at_the_limit_is_settled_even_out_of_budget() {
        // Limit 0: capped at once, whatever the budget.
        let zero = Query::new(&Grid::EMPTY).with_limit(0).with_budget(0).run().unwrap();
        assert_eq!((zero.count(), zero.is_capped()), (0, true));
    }

    #[test]
    fn unique_counts_to_two_whatever_the_limit() {
        assert_eq!(Query::new(&Grid::EMPTY).with_limit(1).unique(), Err(Failure::NOT_UNIQUE));
    }
}
