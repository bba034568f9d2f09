//! What a ruleset is to the solver: its techniques in order, its rating, its notation. The
//! one solver ([`Solver`](crate::Solver)) owns the loop, the uniqueness check, the budgets,
//! cancelling, hints and paths; a ruleset says which step comes next and what a path is worth.

use sudoku_core::{Board, Cancel, CandidateGrid, Failure, Grid};

use crate::{PathEnd, PathRating, Step};

/// A set of techniques asked in an order, with a rating of the paths they take: Sudoku
/// Explainer's ([`Explainer`](crate::explainer::Explainer)), HoDoKu's
/// ([`Hodoku`](crate::hodoku::Hodoku)), either by name ([`Builtin`](crate::Builtin)), or
/// one of yours, assembled from the shared finders
/// ([`explainer::Finder`](crate::explainer::Finder)). [`Solver`](crate::Solver) runs any of
/// them the same way.
///
/// A ruleset starts a [`Walk`] for each solve (or hint): the walk keeps what the search
/// learns between steps (caches, chain budgets, the tally of the rating).
///
/// # Examples
///
/// Singles only, each scored 1, the path rated by its number of steps:
///
/// ```
/// use std::fmt;
/// use sudoku_core::{Board, Cancel, CandidateGrid, Grid};
/// use sudoku_logic::explainer::Finder;
/// use sudoku_logic::{Halt, PathEnd, PathRating, Ruleset, Solver, Step, Technique, Verdict, Walk};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Steps(u32);
/// impl fmt::Display for Steps {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{} steps", self.0) }
/// }
/// impl PathRating for Steps {
///     fn key(&self) -> &'static str { "steps" }
///     fn label(&self) -> &'static str { "steps" }
/// }
///
/// struct Singles;
/// struct SinglesWalk(u32);
/// impl Ruleset for Singles {
///     type Rating = Steps;
///     type Walk<'a> = SinglesWalk;
///     fn name(&self) -> &str { "singles" }
///     fn walk(&self, _: &Board, _: &Grid, _: &Cancel) -> SinglesWalk { SinglesWalk(0) }
/// }
/// impl Walk for SinglesWalk {
///     type Rating = Steps;
///     fn next(&mut self, marks: &CandidateGrid) -> Result<Option<Step>, Halt> {
///         let finders = [Technique::HiddenSingle, Technique::NakedSingle].map(Finder::of);
///         Ok(finders.iter().flatten().find_map(|f| f.first(marks)))
///     }
///     fn take(&mut self, _: &Step) -> Verdict { self.0 += 1; Verdict::Go }
///     fn finish(self, _: PathEnd, _: &CandidateGrid) -> Steps { Steps(self.0) }
/// }
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let path = Solver::new(Singles).solve(&puzzle)?;
/// assert!(path.is_solved());
/// assert_eq!(path.rating, Steps(path.steps.len() as u32));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Ruleset {
    /// The rating of a whole path.
    type Rating: PathRating;
    /// One solve's search.
    type Walk<'a>: Walk<Rating = Self::Rating>
    where
        Self: 'a;

    /// The ruleset's name (`explainer`, `hodoku`, or yours).
    fn name(&self) -> &str;

    /// Starts a search on `board` (a puzzle's givens, or pencil marks), whose unique
    /// `solution` the solver has checked. `cancel` is the solver's token: a long search asks
    /// it and stops with [`Halt::OutOfBudget`] or [`Halt::Failed`].
    fn walk<'a>(&'a self, board: &Board, solution: &'a Grid, cancel: &Cancel) -> Self::Walk<'a>;

    /// Every step the ruleset's first group of techniques that finds any finds on `marks`
    /// (a hint list). By default the next step alone, for rulesets whose finders report one.
    ///
    /// # Errors
    ///
    /// As [`Walk::next`].
    fn all_steps(
        &self,
        marks: &CandidateGrid,
        solution: &Grid,
        cancel: &Cancel,
    ) -> Result<Vec<Step>, Halt> {
        let mut walk = self.walk(&Board::Marks(*marks), solution, cancel);
        Ok(walk.next(marks)?.into_iter().collect())
    }
}

/// One solve's search under a ruleset: asked for the next step on the current marks, told
/// which step was taken, and asked for the rating at the end.
pub trait Walk {
    /// The rating of a whole path.
    type Rating;

    /// The step the ruleset takes next on `marks` (the marks the path has reached); `None`
    /// when none of its techniques applies.
    ///
    /// # Errors
    ///
    /// [`Halt::OutOfBudget`] when a search ran out of its budget (or noticed the token was
    /// cancelled): the path ends there, rated so far; [`Halt::Failed`] to end the solve with
    /// that failure.
    fn next(&mut self, marks: &CandidateGrid) -> Result<Option<Step>, Halt>;

    /// Tallies the step [`Walk::next`] just gave, before the solver applies it to the marks:
    /// whether it is taken, taken as the last, or refused (it then is not on the path).
    fn take(&mut self, step: &Step) -> Verdict;

    /// The rating of the path, which ended so on `last`.
    fn finish(self, end: PathEnd, last: &CandidateGrid) -> Self::Rating;

    /// The chain potentials the searches visited, and the budget they had, where the
    /// ruleset counts them (`(0, 0)` by default).
    fn work(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// Why a search stopped without a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// A search ran out of its budget, or saw the token cancelled: a path ends here (rated
    /// so far, [`PathEnd::BudgetExceeded`]), a single step reports the failure (the
    /// cancellation when the token was cancelled).
    OutOfBudget(Failure),
    /// The solve ends with this failure.
    Failed(Failure),
}

impl From<Failure> for Halt {
    fn from(f: Failure) -> Halt {
        Halt::Failed(f)
    }
}

/// What a ruleset makes of the step it found, as the path tallies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Taken; the path goes on.
    Go,
    /// Taken, and the path ends after it.
    Last(PathEnd),
    /// Not taken: the path ends before it.
    Refuse(PathEnd),
}
