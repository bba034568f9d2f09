//! The next step on a grid, as one record: what `sudoku hint` and Python's `hint` answer.

use sudoku_core::{CandidateGrid, Problem, Status};

use crate::Step;

/// The next logical step on a grid (a puzzle, a player's progress, or pencil marks), or why
/// there is none: the record of `sudoku hint --json` (`{"grid", "status", "step"}`, with
/// `error` when the grid has no hint).
///
/// # Examples
///
/// ```
/// use sudoku_core::Status;
/// use sudoku_logic::{LogicalSolver, Technique};
///
/// let solver = LogicalSolver::default();
/// let puzzle =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let hint = solver.hint(&puzzle);
/// assert_eq!(hint.status(), Status::Ok);
/// assert_eq!(hint.step().map(|s| s.technique), Some(Technique::HiddenSingle));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Hint {
    /// The grid's pencil marks, if the text was a grid.
    pub marks: Option<CandidateGrid>,
    /// The step (`None` when the grid is complete or no technique applies), or why the grid
    /// has no hint: not a grid, no solution, several, or a budget that ran out.
    pub outcome: Result<Option<Step>, Problem>,
}

impl Hint {
    /// The record of a grid that could not be read: no marks, and `problem` (status
    /// `invalid`, say) as its outcome, as front ends answer text that is no grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Problem, Status};
    /// use sudoku_logic::Hint;
    /// let hint = Hint::unreadable(Problem::invalid(&"line 3: expected 81 cells, found 80"));
    /// assert_eq!((hint.status(), hint.marks, hint.step()), (Status::Invalid, None, None));
    /// ```
    #[must_use]
    pub fn unreadable(problem: Problem) -> Hint {
        Hint { marks: None, outcome: Err(problem) }
    }

    /// The status word: `ok` (a step), `solved` (the grid is complete), `stuck` (no technique
    /// applies), or the problem's code (`invalid`, `none`, `multiple`, `budget_exceeded`).
    #[must_use]
    pub fn status(&self) -> Status {
        match (&self.outcome, &self.marks) {
            (Ok(Some(_)), _) => Status::Ok,
            (Ok(None), Some(m)) if m.is_complete() => Status::Solved,
            (Ok(None), _) => Status::Stuck,
            (Err(p), _) => p.code,
        }
    }

    /// The step, if there is one.
    #[must_use]
    pub fn step(&self) -> Option<&Step> {
        self.outcome.as_ref().ok().and_then(Option::as_ref)
    }

    /// The step drawn on the grid's pencil marks as an SVG picture ([`crate::step_svg`]),
    /// titled with its difficulty and text, as `sudoku hint --svg` draws it.
    #[must_use]
    pub fn svg(&self) -> Option<String> {
        let (marks, step) = (self.marks.as_ref()?, self.step()?);
        Some(crate::step_svg(marks, step, &format!("{} {step}", step.rating_text())))
    }
}
