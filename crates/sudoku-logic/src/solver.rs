//! The one logical solver: any [`Ruleset`], one loop.

use sudoku_core::{AsBoard, Board, Cancel, CandidateGrid, Failure, FailureKind, Grid, Problem};
use sudoku_solve::Query;

use crate::{Halt, Hint, PathEnd, Ruleset, SolvingPath, Step, Verdict, Walk};

/// A logical solver: a [`Ruleset`]'s techniques asked in its order, the first step found
/// applied, and the search started again, until the grid is solved or no technique applies.
/// The solver owns what every ruleset shares: the check that the grid has one solution
/// (within `budget` search nodes: every technique assumes it), cancelling, paths, steps and
/// hints. [`LogicalSolver`](crate::LogicalSolver) is Sudoku Explainer's,
/// [`HodokuSolver`](crate::HodokuSolver) HoDoKu's, `Solver<Builtin>` either by name.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Board, Grid};
/// use sudoku_logic::{RulesetName, Solver};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// for name in RulesetName::ALL {
///     let solver = Solver::new(name.ruleset());
///     let path = solver.solve(&puzzle)?;
///     assert!(path.is_solved());
///     println!("{name}: {}", path.rating); // explainer: 7.3/1.2/1.2, hodoku: Hard (330)
///     assert!(solver.hint(&Board::Givens(puzzle)).step().is_some());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solver<R> {
    /// The ruleset: its techniques, order and rating.
    pub ruleset: R,
    /// Search nodes allowed for the uniqueness check.
    pub budget: u64,
    /// The token that stops the work ([`Cancel::never`]): asked between steps, between
    /// techniques, and inside long searches.
    pub cancel: Cancel,
}

/// The uniqueness check's default node budget.
const BUDGET: u64 = 50_000_000;

impl<R: Default> Default for Solver<R> {
    fn default() -> Solver<R> {
        Solver::new(R::default())
    }
}

impl<R> Solver<R> {
    /// A solver with `ruleset`, the default budget and no cancelling.
    #[must_use]
    pub fn new(ruleset: R) -> Solver<R> {
        Solver { ruleset, budget: BUDGET, cancel: Cancel::never() }
    }

    /// Sets the node budget of the uniqueness check.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::LogicalSolver;
    /// assert_eq!(LogicalSolver::default().with_budget(1000).budget, 1000);
    /// ```
    #[must_use]
    pub fn with_budget(self, budget: u64) -> Solver<R> {
        Solver { budget, ..self }
    }

    /// Stops solves, steps and hints once `cancel` is cancelled (from another thread): they
    /// return [`FailureKind::Cancelled`] at the solver's next check, between steps and
    /// techniques and inside the long searches (every thousand chain potentials for Sudoku
    /// Explainer's: a few milliseconds at most). The uniqueness check before them is bounded
    /// by [`Solver::budget`] instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure, Grid};
    /// use sudoku_logic::{HodokuSolver, LogicalSolver};
    /// let inkala2012: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// let cancel = Cancel::new();
    /// let solver = LogicalSolver::default().with_cancel(cancel.clone());
    /// let hodoku = HodokuSolver::default().with_cancel(cancel.clone());
    /// assert!(hodoku.solve(&inkala2012).is_ok());
    /// cancel.cancel(); // as another thread would, while the solve runs
    /// assert_eq!(solver.solve(&inkala2012), Err(Failure::CANCELLED));
    /// assert_eq!(hodoku.solve(&inkala2012), Err(Failure::CANCELLED));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cancel(self, cancel: Cancel) -> Solver<R> {
        Solver { cancel, ..self }
    }

    /// The unique solution of pencil marks, or why there is none to reason towards: marks that
    /// contradict themselves or exclude every solution, several solutions, or a check beyond
    /// `budget` search nodes. Every technique assumes one solution, and without one the chain
    /// searches grow without end (the empty grid would run for hours).
    pub(crate) fn solution_of(&self, marks: &CandidateGrid) -> Result<Grid, Failure> {
        if let Some(c) = marks.first_contradiction() {
            return Err(c.into());
        }
        match Query::marks(marks).with_budget(self.budget).unique() {
            Err(f) if f == Failure::NO_SOLUTION => {
                // Name the cell when the placed digits alone have one solution.
                let placed = match Query::new(marks.grid()).with_budget(self.budget).unique() {
                    Err(f) if f.is_budget_exceeded() => return Err(f),
                    placed => placed.ok(),
                };
                let excluded = placed.and_then(|s| {
                    marks.empty_cells().iter().find_map(|cell| {
                        let digit = s.get(cell)?;
                        (!marks.candidates(cell).contains(digit))
                            .then_some(Failure::new(FailureKind::ExcludedSolution { cell, digit }))
                    })
                });
                Err(excluded.unwrap_or(Failure::NO_SOLUTION))
            }
            other => other,
        }
    }

    /// What a single step's search that ran out reports: the cancellation if the token was
    /// cancelled, else the budget that ran out.
    fn halted(&self, halt: Halt) -> Failure {
        match halt {
            Halt::OutOfBudget(_) if self.cancel.is_cancelled() => Failure::CANCELLED,
            Halt::OutOfBudget(f) | Halt::Failed(f) => f,
        }
    }
}

impl<R: Ruleset> Solver<R> {
    /// Solves a puzzle (its givens) or pencil marks step by step, and rates the path. From
    /// marks, the path's [`SolvingPath::marks`] are the marks it started from, and a
    /// puzzle's own marks take the puzzle's path.
    ///
    /// # Errors
    ///
    /// [`Failure`] if the givens clash, the puzzle has no or several solutions, or checking
    /// that exceeds the budget; for marks, [`FailureKind::Conflict`] or
    /// [`FailureKind::Contradiction`] for marks that contradict themselves,
    /// [`FailureKind::ExcludedSolution`] or [`FailureKind::NoSolution`] when no solution
    /// fits them; [`FailureKind::Cancelled`] once the solver's token is cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Board, CandidateGrid, Cell, DigitSet, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let solver = LogicalSolver::default();
    /// let path = solver.solve(&puzzle)?;
    /// assert_eq!(path.last.grid(), &path.solution);
    /// // The puzzle's own marks: the puzzle's path.
    /// let mut marks = CandidateGrid::new(&puzzle).unwrap();
    /// let from_marks = solver.solve(&marks)?;
    /// assert_eq!((&from_marks.steps, from_marks.rating), (&path.steps, path.rating));
    /// // Marks a player narrowed: a path from there.
    /// let b1 = Cell::from_row_col(0, 1);
    /// marks.restrict(b1, DigitSet::single(path.solution.get(b1).unwrap()));
    /// assert!(solver.solve(&Board::Marks(marks))?.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, board: &impl AsBoard) -> Result<SolvingPath<R::Rating>, Failure> {
        self.cancel.check()?;
        let board = board.as_board();
        let (marks, solution) = match &board {
            Board::Givens(g) => {
                let marks = CandidateGrid::new(g).map_err(Failure::from)?;
                (marks, Query::new(g).with_budget(self.budget).unique()?)
            }
            Board::Marks(m) => (*m, self.solution_of(m)?),
        };
        let mut path = self.walk(&board, marks, solution)?;
        if let Board::Marks(m) = board {
            path.marks = Some(m);
        }
        Ok(path)
    }

    /// Solves pencil marks step by step: [`Solver::solve`] of the marks.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    pub fn solve_marks(&self, marks: &CandidateGrid) -> Result<SolvingPath<R::Rating>, Failure> {
        self.solve(marks)
    }

    /// The path from `marks`, whose unique solution is known.
    fn walk(
        &self,
        board: &Board,
        mut marks: CandidateGrid,
        solution: Grid,
    ) -> Result<SolvingPath<R::Rating>, Failure> {
        let mut walk = self.ruleset.walk(board, &solution, &self.cancel);
        // Most steps place a digit: one slot per empty cell avoids regrowing.
        let mut steps = Vec::with_capacity(marks.empty_cells().len() + 16);
        let mut end = PathEnd::Solved;
        while !marks.is_complete() {
            let step = match walk.next(&marks) {
                Ok(Some(step)) => step,
                Ok(None) => {
                    end = PathEnd::Stuck;
                    break;
                }
                Err(Halt::OutOfBudget(_)) => {
                    self.cancel.check()?;
                    end = PathEnd::BudgetExceeded;
                    break;
                }
                Err(Halt::Failed(f)) => return Err(f),
            };
            let verdict = walk.take(&step);
            if let Verdict::Refuse(e) = verdict {
                end = e;
                break;
            }
            crate::apply(&mut marks, &step);
            steps.push(step);
            if let Verdict::Last(e) = verdict {
                end = e;
                break;
            }
        }
        let (potentials, chain_budget) = walk.work();
        Ok(SolvingPath {
            puzzle: *board.grid(),
            marks: None,
            solution,
            steps,
            rating: walk.finish(end, &marks),
            end,
            last: marks,
            potentials,
            chain_budget,
        })
    }

    /// The step the ruleset takes next on `marks`: the first found, asking its techniques
    /// in its order. `None` when none applies or the grid is complete.
    ///
    /// The marks must lead to exactly one solution, checked first within `budget` search
    /// nodes, as [`Solver::solve`] checks a puzzle.
    ///
    /// # Errors
    ///
    /// [`FailureKind::Conflict`] or [`FailureKind::Contradiction`] for marks that contradict
    /// themselves, [`FailureKind::ExcludedSolution`] or [`FailureKind::NoSolution`] when no
    /// solution fits them, [`FailureKind::NotUnique`] when several do,
    /// [`FailureKind::BudgetExceeded`] when checking that needs more than `budget` search
    /// nodes or when the ruleset's searches run out of their own budget (Sudoku Explainer's
    /// chain budget), [`FailureKind::Cancelled`] once the token is cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::{LogicalSolver, Technique};
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap())?;
    /// assert_eq!(step.map(|s| s.technique), Some(Technique::HiddenSingle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_step(&self, marks: &CandidateGrid) -> Result<Option<Step>, Failure> {
        self.cancel.check()?;
        let solution = self.solution_of(marks)?;
        if marks.is_complete() {
            return Ok(None);
        }
        let mut walk = self.ruleset.walk(&Board::Marks(*marks), &solution, &self.cancel);
        walk.next(marks).map_err(|h| self.halted(h))
    }

    /// Every step the ruleset's first group of techniques that finds any finds on `marks`
    /// (a hint list): for Sudoku Explainer's, all steps of the basic techniques (up to
    /// aligned pair exclusion), or when there are none all steps of the first chaining
    /// family that finds any; for HoDoKu's, whose finders report one step, the next step.
    ///
    /// # Errors
    ///
    /// As [`Solver::next_step`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let steps = LogicalSolver::default().all_steps(&CandidateGrid::new(&puzzle).unwrap())?;
    /// assert!(steps.len() > 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_steps(&self, marks: &CandidateGrid) -> Result<Vec<Step>, Failure> {
        self.cancel.check()?;
        let solution = self.solution_of(marks)?;
        self.ruleset.all_steps(marks, &solution, &self.cancel).map_err(|h| self.halted(h))
    }

    /// The next step on a grid (a puzzle, a player's progress, or pencil marks) as one
    /// record: [`Solver::next_step`] on its marks, or why there is none. The grid is checked
    /// first (one solution within [`Solver::budget`] search nodes), so no grid makes the
    /// searches run long.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Board, Status};
    /// use sudoku_logic::{HodokuSolver, LogicalSolver};
    /// let puzzle: Board =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let hint = HodokuSolver::default().hint(&puzzle);
    /// assert_eq!(hint.status(), Status::Ok);
    /// assert_eq!(hint.step().map(ToString::to_string).as_deref(), Some("Naked Single: r5c9=1"));
    /// let several = LogicalSolver::default().hint(&".".repeat(81).parse()?);
    /// assert_eq!(several.status(), Status::Multiple);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hint(&self, board: &Board) -> Hint {
        let marks = board.to_marks();
        let outcome = self.next_step(&marks).map_err(Problem::from);
        Hint { marks: Some(marks), outcome, detail: crate::Detail::Full }
    }
}
