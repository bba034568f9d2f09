//! The small trait every rating implements, so any of them can be the energy of an optimizer.

use std::fmt;

use sudoku_core::Grid;

use crate::{AverageWidth, Depth, DihedralWidth, NormalWidth};

/// Why a puzzle could not be rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum MetricError {
    /// The rating needed more work than its budget allows.
    #[error("budget exceeded: more than {limit} {unit} needed")]
    BudgetExceeded {
        /// The budget that ran out.
        limit: u64,
        /// What the budget counts.
        unit: Work,
    },
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The rating needs a unique solution and the puzzle has several.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// Two givens share a digit in a unit: the puzzle breaks a rule (not the same as having no
    /// solution, which is a property of a well-formed puzzle).
    #[error("clashing givens: {0}")]
    Conflict(sudoku_core::Conflict),
    /// A rating with levels (pair reduction) found none conclusive up to its limit.
    #[error("not decided within {levels} levels")]
    TooDeep {
        /// The deepest level tried.
        levels: u32,
    },
}

/// What a rating's budget counts.
///
/// # Examples
///
/// ```
/// use sudoku_metrics::{MetricError, Work};
/// let e = MetricError::BudgetExceeded { limit: 1000, unit: Work::SolverSteps };
/// assert_eq!(e.to_string(), "budget exceeded: more than 1000 solver steps (swaps, moves or improvisations) needed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Work {
    /// Nodes of a backtracking search.
    SearchNodes,
    /// States visited (the depth search).
    States,
    /// Steps of the human-solver model.
    ModelSteps,
    /// Steps of a stochastic solver: annealing swaps, tabu moves, harmony improvisations.
    SolverSteps,
    /// Values tried by the randomised backtracker.
    ValuesTried,
    /// Decision branches of pair reduction.
    DecisionBranches,
    /// Potentials propagated by the logical solver's chain searches.
    ChainPotentials,
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Work::SearchNodes => "search nodes",
            Work::States => "states",
            Work::ModelSteps => "model steps",
            Work::SolverSteps => "solver steps (swaps, moves or improvisations)",
            Work::ValuesTried => "values tried",
            Work::DecisionBranches => "decision branches",
            Work::ChainPotentials => "chain potentials",
        })
    }
}

/// A difficulty measure of a puzzle: larger is harder.
///
/// Ratings that draw random numbers derive every draw from `seed`, so a rating is a pure
/// function of the puzzle and the seed. The trait is object safe: a `Box<dyn Difficulty>` can be
/// chosen at run time (by name, on a command line) and used as the energy of an optimizer.
///
/// # Examples
///
/// A rating of your own, used next to the built-in ones:
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Depth, Difficulty, Ln, MetricError, NormalWidth};
///
/// /// Fewer clues, harder (a weak rating, but a rating).
/// #[derive(Debug)]
/// struct MissingClues;
///
/// impl Difficulty for MissingClues {
///     fn name(&self) -> &str {
///         "missing-clues"
///     }
///     fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, MetricError> {
///         Ok((81 - puzzle.clue_count()) as f64)
///     }
/// }
///
/// let ratings: Vec<Box<dyn Difficulty>> =
///     vec![Box::new(MissingClues), Box::new(Depth::default()), Box::new(Ln(NormalWidth::default()))];
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let values: Vec<f64> = ratings.iter().map(|r| r.rate(&inkala2012, 0)).collect::<Result<_, _>>()?;
/// assert_eq!(values[0], 60.0);
/// assert_eq!(values[1], 8.0);
/// assert!((values[2] - 3599f64.ln()).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Difficulty: Send + Sync + fmt::Debug {
    /// A short, stable name, as used on the command line and in JSON (`normal-width`).
    fn name(&self) -> &str;

    /// Rates `puzzle`.
    ///
    /// # Errors
    ///
    /// A [`MetricError`] when the puzzle cannot be rated within budget, or the rating needs a
    /// unique solution and the puzzle does not have one.
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, MetricError>;
}

impl<D: Difficulty + ?Sized> Difficulty for &D {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, MetricError> {
        (**self).rate(puzzle, seed)
    }
}

impl<D: Difficulty + ?Sized> Difficulty for Box<D> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, MetricError> {
        (**self).rate(puzzle, seed)
    }
}

/// The natural logarithm of another rating: widths grow exponentially, so `ln(width)` is the
/// width-phase energy of the Watanabe generator.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, Ln, NormalWidth};
/// let solved: Grid =
///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452".parse()?;
/// assert_eq!(Ln(NormalWidth::default()).rate(&solved, 0)?, 0.0);
/// assert_eq!(Ln(NormalWidth::default()).name(), "normal-width");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ln<D>(pub D);

impl<D: Difficulty> Difficulty for Ln<D> {
    /// The rating's own name: a scale is not a new rating.
    fn name(&self) -> &str {
        self.0.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, MetricError> {
        self.0.rate(puzzle, seed).map(f64::ln)
    }
}

impl Difficulty for NormalWidth {
    fn name(&self) -> &str {
        "normal-width"
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, MetricError> {
        self.evaluate(puzzle).map(|w| w.width as f64)
    }
}

impl Difficulty for AverageWidth {
    fn name(&self) -> &str {
        "average-width"
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, MetricError> {
        self.evaluate(puzzle, seed).map(|m| m.mean)
    }
}

impl Difficulty for Depth {
    fn name(&self) -> &str {
        "depth"
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, MetricError> {
        self.evaluate(puzzle).map(f64::from)
    }
}

impl Difficulty for DihedralWidth {
    fn name(&self) -> &str {
        "dihedral-width"
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, MetricError> {
        self.evaluate(puzzle)
    }
}

/// `pair-reduction-level`: the level the pair-reduction solver needs (0: propagation alone;
/// 1: decisions; 2 and up: nested hypotheses). See [`sudoku_solve::PairReduction`].
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, PairReductionLevel};
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// assert_eq!(PairReductionLevel::default().rate(&inkala2012, 0)?, 2.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairReductionLevel(pub sudoku_solve::PairReduction);

impl Difficulty for PairReductionLevel {
    fn name(&self) -> &str {
        "pair-reduction-level"
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, MetricError> {
        use sudoku_solve::ExplainError;
        match self.0.solve(puzzle) {
            Ok(e) => Ok(f64::from(e.level)),
            Err(ExplainError::NoSolution) => Err(MetricError::NoSolution),
            Err(ExplainError::NotUnique) => Err(MetricError::NotUnique),
            Err(ExplainError::BudgetExceeded { branches }) => {
                Err(MetricError::BudgetExceeded { limit: branches, unit: Work::DecisionBranches })
            }
            Err(ExplainError::TooDeep { levels }) => Err(MetricError::TooDeep { levels }),
            Err(_) => Err(MetricError::BudgetExceeded {
                limit: self.0.budget,
                unit: Work::DecisionBranches,
            }),
        }
    }
}
