//! Ratings asked for together, as `sudoku rate --metrics` and Python's `rate` ask for them: the
//! specs read with a front end's defaults, the uniqueness check first, one result per rating.

use sudoku_core::{Board, Cancel, CandidateGrid, Failure, FailureKind, Grid, Work};
use sudoku_logic::LogicalSolver;
use sudoku_solve::Query;

use crate::{ParseRatingError, Rating, RatingKind, RatingValue, Samples};

/// What fills in the parameters a rating spec leaves out: the options of `sudoku rate` and of
/// Python's `rate`.
///
/// # Examples
///
/// ```
/// use sudoku_metrics::RatingDefaults;
/// let d = RatingDefaults::default();
/// assert_eq!((d.samples, d.runs, d.budget), (100, 100, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingDefaults {
    /// Random tie-breaking samples (`average-width`).
    pub samples: u32,
    /// Runs of the randomised solvers (`sa-steps`, `harmony-cost`, `backtrack-steps`).
    pub runs: u32,
    /// Every rating's work budget in its own unit, and the uniqueness check's search nodes;
    /// `None` keeps each rating's own default (and 10,000,000 nodes for the check).
    pub budget: Option<u64>,
    /// `se-rating`'s chain potentials.
    pub chain_budget: u64,
    /// Hidden singles as well as naked singles between branchings (widths and depth).
    pub hidden_singles: bool,
}

impl Default for RatingDefaults {
    fn default() -> RatingDefaults {
        RatingDefaults {
            samples: 100,
            runs: 100,
            budget: None,
            chain_budget: LogicalSolver::default().ruleset.chain_budget,
            hidden_singles: false,
        }
    }
}

impl RatingDefaults {
    /// The node budget of the uniqueness check before rating, unless `budget` says otherwise.
    pub const CHECK_BUDGET: u64 = 10_000_000;

    /// `spec` with what it leaves out filled in.
    fn fill(&self, mut r: Rating) -> Rating {
        let e = r.kind.entry();
        let samples = match e.samples {
            Samples::TieBreaks => Some(self.samples),
            Samples::Runs => Some(self.runs),
            _ => None,
        };
        if let (None, Some(n)) = (r.samples, samples) {
            r = r.with_samples(n);
        }
        let budget =
            if e.unit == Work::ChainPotentials { Some(self.chain_budget) } else { self.budget };
        if let (None, Some(b)) = (r.budget, budget) {
            r = r.with_budget(b);
        }
        if self.hidden_singles {
            r = r.with_hidden_singles();
        }
        r
    }
}

/// Ratings asked for together: each spec with the defaults filled in, and the budget of the
/// uniqueness check that comes first.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{RatingDefaults, RatingSet};
///
/// let set = RatingSet::parse(&["se-rating", "depth"], &RatingDefaults::default())?;
/// assert_eq!(set.columns(), ["se_er", "se_ep", "se_ed", "depth"]);
/// let p: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let rated = set.evaluate(&p, 0);
/// assert_eq!(rated.cells(), ["4.2", "1.2", "1.2", "2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingSet {
    ratings: Vec<Rating>,
    check_budget: u64,
    cancel: Cancel,
}

impl RatingSet {
    /// Reads rating specs (`name[:key=value]...`, see [`Rating`]), filling in what each leaves
    /// out from `defaults`.
    ///
    /// # Errors
    ///
    /// A spec's [`ParseRatingError`]; [`ParseRatingError::Repeated`] for a rating asked for
    /// twice, [`ParseRatingError::Empty`] when there is none.
    pub fn parse<S: AsRef<str>>(
        specs: &[S],
        defaults: &RatingDefaults,
    ) -> Result<RatingSet, ParseRatingError> {
        let mut ratings: Vec<Rating> = Vec::with_capacity(specs.len());
        for spec in specs {
            let r: Rating = spec.as_ref().parse()?;
            if ratings.iter().any(|o| o.kind == r.kind) {
                return Err(ParseRatingError::Repeated(r.kind));
            }
            ratings.push(defaults.fill(r));
        }
        if ratings.is_empty() {
            return Err(ParseRatingError::Empty);
        }
        let check_budget = defaults.budget.unwrap_or(RatingDefaults::CHECK_BUDGET);
        Ok(RatingSet { ratings, check_budget, cancel: Cancel::never() })
    }

    /// Stops [`RatingSet::evaluate`] once `cancel` is cancelled (from another thread): the
    /// ratings not finished then say [`FailureKind::Cancelled`](sudoku_core::FailureKind::Cancelled)
    /// ([`Rating::evaluate_cancellable`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure, Grid};
    /// use sudoku_metrics::{RatingDefaults, RatingSet};
    /// let cancel = Cancel::new();
    /// let set = RatingSet::parse(&["se-rating", "hodoku"], &RatingDefaults::default())?
    ///     .with_cancel(cancel.clone());
    /// cancel.cancel();
    /// let p: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// assert_eq!(set.evaluate(&p, 0).first_failure(), Some(Failure::CANCELLED));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cancel(self, cancel: Cancel) -> RatingSet {
        RatingSet { cancel, ..self }
    }

    /// The ratings, in the order asked.
    #[must_use]
    pub fn ratings(&self) -> &[Rating] {
        &self.ratings
    }

    /// The TSV columns of every rating, in order.
    #[must_use]
    pub fn columns(&self) -> Vec<&'static str> {
        self.ratings.iter().flat_map(|r| r.kind.entry().columns.iter().copied()).collect()
    }

    /// Rates `puzzle` with every rating and `seed`: the solutions are counted first (up to
    /// two, within the check budget), and a rating that needs one solution says at once that
    /// there are none or several.
    #[must_use]
    pub fn evaluate(&self, puzzle: &Grid, seed: u64) -> Ratings {
        let counted = Query::new(puzzle).with_budget(self.check_budget).unique();
        self.rate_each(counted, |_| true, |r| r.evaluate_cancellable(puzzle, seed, &self.cancel))
    }

    /// Each rating's value by `rate`, after the solutions were `counted`: no solution or
    /// several refuses at once every rating that needs one solution and `takes` the input; a
    /// count beyond its budget leaves the question to each rating.
    fn rate_each(
        &self,
        counted: Result<Grid, Failure>,
        takes: impl Fn(&Rating) -> bool,
        rate: impl Fn(&Rating) -> Result<RatingValue, Failure>,
    ) -> Ratings {
        let refused = counted.err().filter(|f| !f.is_budget_exceeded());
        let values = self
            .ratings
            .iter()
            .map(|r| {
                let value = match refused {
                    Some(f) if !r.kind.any_solutions() && takes(r) => Err(f),
                    _ => rate(r),
                };
                (r.kind, value)
            })
            .collect();
        Ratings(values)
    }

    /// Rates pencil marks with every rating that reasons on marks (`se-rating`, `hodoku`,
    /// `hodoku-score`: [`RatingKind::takes_marks`]); every other rating says
    /// [`FailureKind::NeedsGivens`] (status `invalid`). The marks' solutions are counted first,
    /// as a puzzle's are.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_metrics::{RatingDefaults, RatingSet};
    ///
    /// let set = RatingSet::parse(&["se-rating", "depth"], &RatingDefaults::default())?;
    /// let p: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let rated = set.evaluate_marks(&CandidateGrid::new(&p).unwrap());
    /// assert_eq!(rated.cells(), ["4.2", "1.2", "1.2", "invalid"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn evaluate_marks(&self, marks: &CandidateGrid) -> Ratings {
        let counted = Query::marks(marks).with_budget(self.check_budget).unique();
        self.rate_each(
            counted,
            |r| r.kind.takes_marks(),
            |r| {
                if r.kind.takes_marks() {
                    r.evaluate_marks(marks, &self.cancel)
                } else {
                    Err(FailureKind::NeedsGivens { what: r.kind.name() }.into())
                }
            },
        )
    }

    /// [`RatingSet::evaluate`] of givens, [`RatingSet::evaluate_marks`] of pencil marks.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Board;
    /// use sudoku_metrics::{RatingDefaults, RatingSet};
    /// let set = RatingSet::parse(&["se-rating"], &RatingDefaults::default())?;
    /// let p: Board =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let marks = Board::Marks(p.to_marks());
    /// assert_eq!(set.evaluate_board(&p, 0), set.evaluate_board(&marks, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn evaluate_board(&self, board: &Board, seed: u64) -> Ratings {
        match board {
            Board::Givens(g) => self.evaluate(g, seed),
            Board::Marks(m) => self.evaluate_marks(m),
        }
    }
}

/// A puzzle's ratings, in the order asked: each a value or why there is none. With the
/// `serde` feature it serializes as a map from each rating's key to its value (or
/// `{"error": {"code", "message"}}`), the fields of `sudoku rate --json`'s lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings(pub Vec<(RatingKind, Result<RatingValue, Failure>)>);

impl Ratings {
    /// The TSV cells, one per column: the value's, or the failure's code in each of the
    /// rating's columns.
    #[must_use]
    pub fn cells(&self) -> Vec<String> {
        let mut cells = Vec::new();
        for (kind, value) in &self.0 {
            match value {
                Ok(v) => cells.extend(v.cells()),
                Err(e) => cells.extend(kind.entry().columns.iter().map(|_| e.code().to_string())),
            }
        }
        cells
    }

    /// The first rating that failed, if any.
    #[must_use]
    pub fn first_failure(&self) -> Option<Failure> {
        self.0.iter().find_map(|(_, v)| v.err())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Ratings {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        /// A rating that failed: `{"error": {"code", "message"}}`.
        #[derive(serde::Serialize)]
        struct Failed {
            error: sudoku_core::Problem,
        }

        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (kind, value) in &self.0 {
            match value {
                Ok(v) => map.serialize_entry(&kind.key(), v)?,
                Err(e) => map.serialize_entry(&kind.key(), &Failed { error: e.into() })?,
            }
        }
        map.end()
    }
}
