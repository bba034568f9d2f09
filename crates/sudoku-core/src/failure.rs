//! Why a solver or a rating could not answer: one error type for every crate of the workspace.
//!
//! A [`Failure`] holds a [`FailureKind`] (in the style of `regex-automata`'s `MatchError`):
//! the kind says what went wrong, [`Failure::code`] gives the schema's status word for it, and
//! a [`Meter`] counts work against a budget and fails with the budget and its [`Work`] unit.

use std::fmt;

use crate::{Cell, Conflict, Contradiction, Digit, Status};

/// Why a solver or a rating could not answer a puzzle.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Failure, FailureKind, Work};
///
/// let e = Failure::budget_exceeded(1_000, Work::SearchNodes);
/// assert_eq!(e.kind(), &FailureKind::BudgetExceeded { limit: 1_000, unit: Work::SearchNodes });
/// assert_eq!(e.code(), "budget_exceeded");
/// assert_eq!(e.to_string(), "budget exceeded: more than 1000 search nodes needed");
/// assert_eq!(Failure::from(FailureKind::NotUnique).code(), "multiple");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind}")]
pub struct Failure {
    kind: FailureKind,
}

/// What went wrong, the kind of a [`Failure`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum FailureKind {
    /// Two givens share a digit in a unit: the puzzle breaks a rule (not the same as having no
    /// solution, which is a property of a well-formed puzzle).
    #[error("clashing givens: {0}")]
    Conflict(Conflict),
    /// The pencil marks contradict themselves: a cell or a unit without a place for a digit.
    #[error("no solution: {0}")]
    Contradiction(Contradiction),
    /// The placed digits have one solution, but the pencil marks cross out its digit in a cell.
    #[error("no solution: the pencil marks of {cell} exclude its solution digit {digit}")]
    ExcludedSolution {
        /// The cell.
        cell: Cell,
        /// The solution's digit there.
        digit: Digit,
    },
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The answer needs a unique solution and the puzzle has several.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// The work needed more than its budget allows.
    #[error("budget exceeded: more than {limit} {unit} needed")]
    BudgetExceeded {
        /// The budget that ran out.
        limit: u64,
        /// What the budget counts.
        unit: Work,
    },
    /// A method with levels (pair reduction) found none conclusive up to its limit.
    #[error("not decided within {levels} levels")]
    TooDeep {
        /// The deepest level tried.
        levels: u32,
    },
    /// The caller stopped the work through its [`Cancel`](crate::Cancel) token.
    #[error("cancelled")]
    Cancelled,
    /// Pencil marks were given to something that needs a puzzle's givens: a canonical form,
    /// a rating of the backtracking search or the human model, a stochastic solver
    /// ([`Board::givens_for`](crate::Board::givens_for)).
    #[error("{what} needs givens, not pencil marks")]
    NeedsGivens {
        /// What needs them: a command (`canon`) or a rating (`depth`).
        what: &'static str,
    },
}

impl Failure {
    /// The puzzle has no solution.
    pub const NO_SOLUTION: Failure = Failure::new(FailureKind::NoSolution);

    /// The puzzle has more than one solution.
    pub const NOT_UNIQUE: Failure = Failure::new(FailureKind::NotUnique);

    /// The work was cancelled ([`Cancel`](crate::Cancel)).
    pub const CANCELLED: Failure = Failure::new(FailureKind::Cancelled);

    /// A failure of this kind.
    #[must_use]
    pub const fn new(kind: FailureKind) -> Failure {
        Failure { kind }
    }

    /// The budget `limit`, counted in `unit`, ran out.
    #[must_use]
    pub const fn budget_exceeded(limit: u64, unit: Work) -> Failure {
        Failure::new(FailureKind::BudgetExceeded { limit, unit })
    }

    /// No level up to `levels` was conclusive.
    #[must_use]
    pub const fn too_deep(levels: u32) -> Failure {
        Failure::new(FailureKind::TooDeep { levels })
    }

    /// What went wrong.
    #[must_use]
    pub const fn kind(&self) -> &FailureKind {
        &self.kind
    }

    /// Whether a larger budget might give an answer (every other kind is a property of the
    /// puzzle).
    #[must_use]
    pub const fn is_budget_exceeded(&self) -> bool {
        matches!(self.kind, FailureKind::BudgetExceeded { .. })
    }

    /// The status word of the output schema (`docs/schema.md`): `invalid` (givens that
    /// break a rule, pencil marks where givens are needed), `none` (no solution; contradicting pencil marks included), `multiple`,
    /// `budget_exceeded`, `too_deep` or `cancelled`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Failure, FailureKind, Status};
    /// assert_eq!(Failure::from(FailureKind::NoSolution).status(), Status::None);
    /// assert_eq!(Failure::from(FailureKind::TooDeep { levels: 3 }).status(), Status::TooDeep);
    /// ```
    #[must_use]
    pub const fn status(&self) -> Status {
        match self.kind {
            FailureKind::Conflict(_) | FailureKind::NeedsGivens { .. } => Status::Invalid,
            FailureKind::Contradiction(_)
            | FailureKind::ExcludedSolution { .. }
            | FailureKind::NoSolution => Status::None,
            FailureKind::NotUnique => Status::Multiple,
            FailureKind::BudgetExceeded { .. } => Status::BudgetExceeded,
            FailureKind::TooDeep { .. } => Status::TooDeep,
            FailureKind::Cancelled => Status::Cancelled,
        }
    }

    /// [`Failure::status`] as its word: the `code` of the schema's error objects.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Failure, FailureKind};
    /// assert_eq!(Failure::from(FailureKind::NoSolution).code(), "none");
    /// ```
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.status().word()
    }
}

impl From<FailureKind> for Failure {
    fn from(kind: FailureKind) -> Failure {
        Failure::new(kind)
    }
}

impl From<Conflict> for Failure {
    fn from(conflict: Conflict) -> Failure {
        Failure::new(FailureKind::Conflict(conflict))
    }
}

impl From<Contradiction> for Failure {
    /// Clashing placed digits are a [`FailureKind::Conflict`] (a rule broken); every other
    /// contradiction is a [`FailureKind::Contradiction`].
    fn from(contradiction: Contradiction) -> Failure {
        match contradiction {
            Contradiction::Clash(conflict) => Failure::from(conflict),
            other => Failure::new(FailureKind::Contradiction(other)),
        }
    }
}

/// What a budget counts.
///
/// # Examples
///
/// ```
/// use sudoku_core::Work;
/// assert_eq!(Work::ChainPotentials.to_string(), "chain potentials");
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
    /// Seconds of wall-clock time (a server's time limit per request).
    Seconds,
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
            Work::Seconds => "seconds",
        })
    }
}

/// Work counted against a budget: every "count, compare to the limit" of the workspace.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Meter, Work};
///
/// let mut meter = Meter::new(10, Work::States);
/// assert!(meter.charge(10).is_ok());
/// let e = meter.charge(1).unwrap_err();
/// assert_eq!(e.to_string(), "budget exceeded: more than 10 states needed");
/// assert_eq!(meter.used(), 11);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meter {
    limit: u64,
    used: u64,
    unit: Work,
}

impl Meter {
    /// A meter allowing `limit` units of `unit`.
    #[must_use]
    pub const fn new(limit: u64, unit: Work) -> Meter {
        Meter { limit, used: 0, unit }
    }

    /// Counts `n` more units; fails once more than the limit have been counted.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`] with the limit and the unit.
    #[inline]
    pub fn charge(&mut self, n: u64) -> Result<(), Failure> {
        self.used = self.used.saturating_add(n);
        if self.used > self.limit { Err(self.exceeded()) } else { Ok(()) }
    }

    /// The failure this meter reports when its budget runs out.
    #[must_use]
    pub const fn exceeded(&self) -> Failure {
        Failure::budget_exceeded(self.limit, self.unit)
    }

    /// The units counted so far.
    #[must_use]
    pub const fn used(&self) -> u64 {
        self.used
    }

    /// The budget.
    #[must_use]
    pub const fn limit(&self) -> u64 {
        self.limit
    }

    /// What the budget counts.
    #[must_use]
    pub const fn unit(&self) -> Work {
        self.unit
    }
}
