//! Sudoku Explainer's ratings (ER/EP/ED) from the logical solver.

use sudoku_core::Grid;
use sudoku_solve::{LogicError, LogicalSolver, PathEnd, SeRating};

use crate::{Difficulty, MetricError, Work};

/// `se-rating`: Sudoku Explainer 1.2.1's ER (the hardest step of its solving path), computed by
/// [`LogicalSolver`]; [`SeRater::evaluate`] gives EP and ED as well.
///
/// A puzzle that needs techniques beyond this solver's (chains, from ER 6.5 up) is
/// [`MetricError::NeedsChains`], never a wrong number.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, MetricError, SeRater};
///
/// // Its hardest step is an XY-wing: Sudoku Explainer rates it 4.2.
/// let xwing: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// assert_eq!(SeRater::default().rate(&xwing, 0)?, 4.2);
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// assert!(matches!(SeRater::default().rate(&inkala2012, 0), Err(MetricError::NeedsChains)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeRater(pub LogicalSolver);

impl SeRater {
    /// The ratings and how the path ended: with [`PathEnd::NeedsChains`] the ratings are lower
    /// bounds (the path so far).
    ///
    /// # Errors
    ///
    /// [`MetricError::NoSolution`], [`MetricError::NotUnique`], or
    /// [`MetricError::BudgetExceeded`] from the uniqueness check.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::SeRater;
    /// use sudoku_solve::PathEnd;
    /// // Inkala 2010: singles, a hidden pair (3.4), then chains are needed.
    /// let inkala2010: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let (partial, end) = SeRater::default().evaluate(&inkala2010)?;
    /// assert_eq!(end, PathEnd::NeedsChains);
    /// assert_eq!((partial.er, partial.ep, partial.ed), (3.4, 1.2, 1.2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self, puzzle: &Grid) -> Result<(SeRating, PathEnd), MetricError> {
        match self.0.solve(puzzle) {
            Ok(path) => Ok((path.rating, path.end)),
            Err(LogicError::NotUnique) => Err(MetricError::NotUnique),
            Err(LogicError::BudgetExceeded { nodes }) => {
                Err(MetricError::BudgetExceeded { limit: nodes, unit: Work::SearchNodes })
            }
            Err(LogicError::Conflict(c)) => Err(MetricError::Conflict(c)),
            Err(_) => Err(MetricError::NoSolution),
        }
    }
}

impl Difficulty for SeRater {
    fn name(&self) -> &str {
        "se-rating"
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, MetricError> {
        match self.evaluate(puzzle)? {
            (r, PathEnd::Solved) => Ok(r.er),
            _ => Err(MetricError::NeedsChains),
        }
    }
}
