//! Sudoku Explainer's ratings (ER/EP/ED) from the logical solver.

use sudoku_core::{CandidateGrid, Failure, FailureKind, Grid, Work};
use sudoku_logic::{LogicalSolver, PathEnd, SeRating, SolvingPath};

use crate::Difficulty;

/// `se-rating`: Sudoku Explainer 1.2.1's ER (the hardest step of its solving path), computed by
/// [`LogicalSolver`]; [`SeRater::evaluate`] gives EP and ED as well.
///
/// The whole scale, up to nested forcing chains (the hardest known puzzles rate 11.9); a
/// puzzle no technique finishes rates 20.0, as in Sudoku Explainer. Chain searches are
/// bounded by the solver's `chain_budget`: past it, [`FailureKind::BudgetExceeded`].
///
/// # Examples
///
/// ```
/// use sudoku_core::{FailureKind, Grid};
/// use sudoku_metrics::{Difficulty, SeRater};
///
/// // Its hardest step is an XY-wing: Sudoku Explainer rates it 4.2.
/// let xy_wing: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// assert_eq!(SeRater::default().rate(&xy_wing, 0)?, 4.2);
/// // Too small a chain budget for a puzzle that needs chains: a clear outcome, no number.
/// let inkala2010: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let tight = SeRater(sudoku_logic::LogicalSolver::default().with_chain_budget(100));
/// assert!(tight.rate(&inkala2010, 0).is_err_and(|e| matches!(e.kind(), FailureKind::BudgetExceeded { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeRater(pub LogicalSolver);

impl SeRater {
    /// The ratings and how the path ended: with [`PathEnd::BudgetExceeded`] the ratings are
    /// lower bounds (the path so far).
    ///
    /// # Errors
    ///
    /// [`FailureKind::NoSolution`], [`FailureKind::NotUnique`], or
    /// [`FailureKind::BudgetExceeded`] from the uniqueness check.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::SeRater;
    /// use sudoku_logic::PathEnd;
    /// // Solved with chains; serate rates it 7.3/1.2/1.2 too.
    /// let puzzle: Grid =
    ///     "..5..43.....63...8.9.....7..28..7...56.8.........5........76.2..86.1..9.7.9...5..".parse()?;
    /// let (rating, end) = SeRater::default().evaluate(&puzzle)?;
    /// assert_eq!(end, PathEnd::Solved);
    /// assert_eq!(rating.to_string(), "7.3/1.2/1.2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self, puzzle: &Grid) -> Result<(SeRating, PathEnd), Failure> {
        self.path(puzzle).map(|p| (p.rating, p.end))
    }

    fn path(&self, puzzle: &Grid) -> Result<SolvingPath, Failure> {
        // Marks that contradict themselves (a cell without candidates) are a grid without a
        // solution here: the puzzle has no pencil marks of its own.
        self.0.solve(puzzle).map_err(|e| match e.kind() {
            FailureKind::Contradiction(_) | FailureKind::ExcludedSolution { .. } => {
                Failure::NO_SOLUTION
            }
            _ => e,
        })
    }
}

/// How `se-rating` breaks ties between puzzles of one ER when it is a number to optimise: ER
/// has plateaus (every puzzle solved by the same hardest technique rates the same), which leave
/// a Monte Carlo search no slope. A tie-break adds less than 0.1, so it never outweighs one
/// step of ER.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum SeTiebreak {
    /// ER alone.
    #[default]
    None,
    /// ER, then EP, then ED: `ER + (EP + ED / 100) / 200`.
    EpEd,
    /// ER, then the work of the whole path: `ER + 0.09 W / (W + 100)`, where `W` sums the
    /// difficulties of the steps that are not singles.
    Work,
}

impl SeTiebreak {
    /// Every tie-break.
    pub const ALL: [SeTiebreak; 3] = [SeTiebreak::None, SeTiebreak::EpEd, SeTiebreak::Work];

    /// Its name in a rating spec (`se-rating:tiebreak=ep-ed`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SeTiebreak::None => "none",
            SeTiebreak::EpEd => "ep-ed",
            SeTiebreak::Work => "work",
        }
    }
}

impl SeRater {
    /// ER/EP/ED and the number `tiebreak` makes of them.
    ///
    /// # Errors
    ///
    /// As [`SeRater::evaluate`], and [`FailureKind::BudgetExceeded`] when the chain budget runs
    /// out.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::{SeRater, SeTiebreak};
    /// let xy_wing: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let (se, x) = SeRater::default().score(&xy_wing, SeTiebreak::EpEd)?;
    /// assert_eq!((se.er, se.ep, se.ed), (4.2, 1.2, 1.2));
    /// assert!(x > 4.2 && x < 4.3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn score(&self, puzzle: &Grid, tiebreak: SeTiebreak) -> Result<(SeRating, f64), Failure> {
        self.score_path(&self.path(puzzle)?, tiebreak)
    }

    /// [`SeRater::score`] of pencil marks, from the logical solver's path from them
    /// ([`LogicalSolver::solve_marks`]).
    pub(crate) fn score_marks(
        &self,
        marks: &CandidateGrid,
        tiebreak: SeTiebreak,
    ) -> Result<(SeRating, f64), Failure> {
        self.score_path(&self.0.solve_marks(marks)?, tiebreak)
    }

    fn score_path(
        &self,
        path: &SolvingPath,
        tiebreak: SeTiebreak,
    ) -> Result<(SeRating, f64), Failure> {
        if path.end == PathEnd::BudgetExceeded {
            return Err(Failure::budget_exceeded(
                self.0.ruleset.chain_budget,
                Work::ChainPotentials,
            ));
        }
        let r = path.rating;
        let x = match tiebreak {
            SeTiebreak::None => r.er,
            SeTiebreak::EpEd => r.er + (r.ep + r.ed / 100.0) / 200.0,
            SeTiebreak::Work => {
                let single = sudoku_logic::Technique::NakedSingle.base_difficulty();
                let w: f64 = path.steps.iter().map(|s| s.difficulty).filter(|&d| d > single).sum();
                r.er + 0.09 * w / (w + 100.0)
            }
        };
        Ok((r, x))
    }
}

impl Difficulty for SeRater {
    fn name(&self) -> &str {
        crate::RatingKind::SeRating.name()
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, Failure> {
        match self.evaluate(puzzle)? {
            (_, PathEnd::BudgetExceeded) => {
                Err(Failure::budget_exceeded(self.0.ruleset.chain_budget, Work::ChainPotentials))
            }
            (r, _) => Ok(r.er),
        }
    }
}
