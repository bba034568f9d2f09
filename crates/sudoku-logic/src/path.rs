//! A solve's record: the path of steps, how it ended, and its rating by either ruleset.

use std::fmt;

use sudoku_core::{CandidateGrid, Failure, Grid, Status};

use crate::{HodokuRating, Step, Technique};

/// Sudoku Explainer's three ratings of a puzzle, each on its 1.0 to 20.0 scale.
///
/// - `er` (rating): the hardest step on the solving path;
/// - `ep` (pearl): the hardest step up to the first placement;
/// - `ed` (diamond): the difficulty of the first step.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::LogicalSolver;
///
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let path = LogicalSolver::default().solve(&puzzle)?;
/// assert!(path.is_solved());
/// assert!(path.rating.ed <= path.rating.ep && path.rating.ep <= path.rating.er);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeRating {
    /// ER: the hardest step of the path.
    pub er: f64,
    /// EP: the hardest step up to and including the first placement.
    pub ep: f64,
    /// ED: the first step's difficulty.
    pub ed: f64,
}

impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }
}

/// How a logical solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PathEnd {
    /// Every cell is placed.
    Solved,
    /// No technique applies any more, not even the deepest nested chains; Sudoku Explainer
    /// rates such a puzzle 20.0, and so does this solver.
    Stuck,
    /// The chain searches ran out of their budget; the rating is that of the path so far
    /// (a lower bound).
    BudgetExceeded,
    /// Stopped at the first step that shows the puzzle is not a diamond or not a pearl
    /// ([`Explainer::early_stop`](crate::Explainer::early_stop)): ER is 20.0, as Sudoku Explainer's `serate --diamond`
    /// and `--pearl` write it, EP and ED are those of the path so far (EP 0.0 if no digit was
    /// placed), and the step is not on the path.
    NotWanted,
}

impl PathEnd {
    /// The schema's status word of a path that ended so: `solved`, `stuck`,
    /// `budget_exceeded` or `not_wanted`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Status;
    /// use sudoku_logic::PathEnd;
    /// assert_eq!(PathEnd::NotWanted.status(), Status::NotWanted);
    /// ```
    #[must_use]
    pub const fn status(self) -> Status {
        match self {
            PathEnd::Solved => Status::Solved,
            PathEnd::Stuck => Status::Stuck,
            PathEnd::BudgetExceeded => Status::BudgetExceeded,
            PathEnd::NotWanted => Status::NotWanted,
        }
    }
}

/// A puzzle solved step by step.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::{LogicalSolver, PathEnd};
///
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let path = LogicalSolver::default().solve(&puzzle)?;
/// assert_eq!(path.end, PathEnd::Solved);
/// for step in &path.steps {
///     println!("{:.1} {step}", step.difficulty);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SolvingPath<R = SeRating> {
    /// The puzzle: its givens, or the placed digits of the pencil marks the path started from.
    pub puzzle: Grid,
    /// The pencil marks the path started from, when it started from pencil marks
    /// ([`LogicalSolver::solve_marks`](crate::LogicalSolver::solve_marks)); `None` for a
    /// puzzle ([`SolvingPath::start`] gives its own marks).
    pub marks: Option<CandidateGrid>,
    /// Its unique solution.
    pub solution: Grid,
    /// The steps, in the order applied.
    pub steps: Vec<Step>,
    /// The path's rating: ER/EP/ED for Sudoku Explainer's ruleset (a lower bound when the
    /// path ends in [`PathEnd::BudgetExceeded`]), level and score for HoDoKu's.
    pub rating: R,
    /// How the path ended.
    pub end: PathEnd,
    /// The pencil marks where the path ended.
    pub last: CandidateGrid,
    /// The potentials (chain nodes) the chain searches visited: the work counted against
    /// [`Explainer::chain_budget`](crate::Explainer::chain_budget).
    pub potentials: u64,
    /// The chain budget the solve had ([`Explainer::chain_budget`](crate::Explainer::chain_budget)): what ran out when
    /// the path ends in [`PathEnd::BudgetExceeded`].
    pub chain_budget: u64,
}

/// A ruleset's rating of a whole path: [`SeRating`] (Sudoku Explainer's ER/EP/ED),
/// [`HodokuRating`] (HoDoKu's level and score), either ([`crate::BuiltinRating`]), or yours.
pub trait PathRating: Copy + fmt::Debug + fmt::Display + PartialEq {
    /// The rating's key in the path's record (`se_rating`, `hodoku`).
    fn key(&self) -> &'static str;
    /// What the rating is called in text (`ER/EP/ED`, `HoDoKu`).
    fn label(&self) -> &'static str;
}

impl PathRating for SeRating {
    fn key(&self) -> &'static str {
        "se_rating"
    }

    fn label(&self) -> &'static str {
        "ER/EP/ED"
    }
}

impl PathRating for HodokuRating {
    fn key(&self) -> &'static str {
        "hodoku"
    }

    fn label(&self) -> &'static str {
        "HoDoKu"
    }
}

impl<R> SolvingPath<R> {
    /// The pencil marks the path started from: those it was given, or the puzzle's own.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let path = LogicalSolver::default().solve(&puzzle)?;
    /// assert_eq!(path.start(), CandidateGrid::new(&puzzle).unwrap());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> CandidateGrid {
        self.marks.unwrap_or_else(|| CandidateGrid::from(&self.puzzle))
    }

    /// The puzzle as the path's record writes it: the 81 characters of its givens, or the
    /// 729 characters of the pencil marks it started from.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let solver = LogicalSolver::default();
    /// assert_eq!(solver.solve(&puzzle)?.puzzle_text().len(), 81);
    /// let marks = CandidateGrid::new(&puzzle).unwrap();
    /// assert_eq!(solver.solve_marks(&marks)?.puzzle_text(), marks.pencil_marks());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn puzzle_text(&self) -> String {
        match &self.marks {
            Some(m) => m.pencil_marks(),
            None => self.puzzle.to_string(),
        }
    }

    /// How many steps of each technique the path takes, in the order of their first use: the
    /// per-technique counts puzzle producers print beside a puzzle (qqwing's `--stats`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::{LogicalSolver, Technique};
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let path = LogicalSolver::default().solve(&puzzle)?;
    /// let counts = path.technique_counts();
    /// assert_eq!(counts[0].0, Technique::HiddenSingle);
    /// assert_eq!(counts.iter().map(|&(_, n)| n).sum::<usize>(), path.steps.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn technique_counts(&self) -> Vec<(Technique, usize)> {
        let mut counts: Vec<(Technique, usize)> = Vec::new();
        for step in &self.steps {
            match counts.iter_mut().find(|(t, _)| *t == step.technique) {
                Some((_, n)) => *n += 1,
                None => counts.push((step.technique, 1)),
            }
        }
        counts
    }

    /// The index of the path's hardest step (the first of the hardest): the one that sets
    /// its rating. `None` for a path without steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let path = LogicalSolver::default().solve(&puzzle)?;
    /// let hardest = path.hardest_step().unwrap();
    /// assert_eq!(path.steps[hardest].difficulty, path.rating.er);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hardest_step(&self) -> Option<usize> {
        self.steps
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.difficulty.total_cmp(&b.1.difficulty).then(b.0.cmp(&a.0)))
            .map(|(i, _)| i)
    }

    /// The pencil marks before step `index` (the marks the path started from, with the
    /// steps before it applied); past the end, the marks where the path ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let path = LogicalSolver::default().solve(&puzzle)?;
    /// assert_eq!(path.marks_before(0), path.start());
    /// assert_eq!(path.marks_before(path.steps.len()), path.last);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn marks_before(&self, index: usize) -> CandidateGrid {
        let mut marks = self.start();
        for s in &self.steps[..index.min(self.steps.len())] {
            crate::apply(&mut marks, s);
        }
        marks
    }

    /// Step `step` of the path (1 is the first; by default the hardest, the one that sets
    /// the rating) drawn on the marks it applies to ([`crate::step_svg`]), titled `step N:
    /// <difficulty or score> <step>`, as `sudoku explain --steps --svg` draws it. `None`
    /// when the path has no such step.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let path = LogicalSolver::default().solve(&puzzle)?;
    /// assert!(path.step_svg(None).is_some_and(|svg| svg.contains("XY-Wing")));
    /// assert!(path.step_svg(Some(path.steps.len() + 1)).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn step_svg(&self, step: Option<usize>) -> Option<String> {
        let index = match step {
            None => self.hardest_step()?,
            Some(n) => n.checked_sub(1)?,
        };
        let s = self.steps.get(index)?;
        let title = format!("step {}: {} {s}", index + 1, s.rating_text());
        Some(crate::step_svg(&self.marks_before(index), s, &title))
    }

    /// Whether the techniques solved the puzzle.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::LogicalSolver;
    /// let solved: Grid =
    ///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse()?;
    /// assert!(LogicalSolver::default().solve(&solved)?.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.end == PathEnd::Solved
    }

    /// Why the path stopped short: the chain budget that ran out, when it ends in
    /// [`PathEnd::BudgetExceeded`] (its steps and rating are then the path so far).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Failure, Grid, Work};
    /// use sudoku_logic::LogicalSolver;
    /// let inkala2012: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// let path = LogicalSolver::default().with_chain_budget(1000).solve(&inkala2012)?;
    /// assert_eq!(path.failure(), Some(Failure::budget_exceeded(1000, Work::ChainPotentials)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn failure(&self) -> Option<Failure> {
        (self.end == PathEnd::BudgetExceeded).then_some(Failure::budget_exceeded(
            self.chain_budget,
            sudoku_core::Work::ChainPotentials,
        ))
    }
}
