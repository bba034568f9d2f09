//! The built-in rulesets by name: what a front end's `--ruleset` flag, keyword or JSON field
//! chooses, and the one place that chooses between them.

use std::fmt;

use sudoku_core::{Board, Cancel, CandidateGrid, Grid};

use crate::explainer::{Explainer, ExplainerWalk};
use crate::hodoku::{Hodoku, HodokuWalk};
use crate::{Halt, HodokuRating, PathEnd, PathRating, Ruleset, SeRating, Solver, Step, Verdict};

/// Which built-in ruleset explains and rates: Sudoku Explainer's techniques and ER/EP/ED
/// ([`Explainer`]) or HoDoKu's techniques, level and score ([`Hodoku`]).
///
/// # Examples
///
/// ```
/// use sudoku_logic::RulesetName;
/// assert_eq!("hodoku".parse::<RulesetName>(), Ok(RulesetName::Hodoku));
/// assert_eq!(RulesetName::Explainer.to_string(), "explainer");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RulesetName {
    /// Sudoku Explainer 1.2.1's techniques, order and ratings.
    #[default]
    Explainer,
    /// HoDoKu 2.2.4's default techniques, order, score and level.
    Hodoku,
}

impl RulesetName {
    /// Both rulesets.
    pub const ALL: [RulesetName; 2] = [RulesetName::Explainer, RulesetName::Hodoku];

    /// The ruleset's name: `explainer` or `hodoku`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RulesetName::Explainer => "explainer",
            RulesetName::Hodoku => "hodoku",
        }
    }

    /// The ruleset of that name, with its defaults.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::{Ruleset, RulesetName};
    /// assert_eq!(RulesetName::Hodoku.ruleset().name(), "hodoku");
    /// ```
    #[must_use]
    pub fn ruleset(self) -> Builtin {
        match self {
            RulesetName::Explainer => Builtin::Explainer(Explainer::default()),
            RulesetName::Hodoku => Builtin::Hodoku(Hodoku::default()),
        }
    }

    /// A solver of that ruleset with its defaults: [`Solver::new`] of
    /// [`RulesetName::ruleset`].
    #[must_use]
    pub fn solver(self) -> Solver<Builtin> {
        Solver::new(self.ruleset())
    }
}

impl fmt::Display for RulesetName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a ruleset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {0:?}: expected explainer or hodoku")]
pub struct ParseRulesetError(pub String);

impl std::str::FromStr for RulesetName {
    type Err = ParseRulesetError;

    fn from_str(s: &str) -> Result<RulesetName, ParseRulesetError> {
        RulesetName::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseRulesetError(s.to_string()))
    }
}

/// A built-in ruleset, chosen when the program runs: `Solver<Builtin>` solves, steps and
/// hints with either, and its paths carry either rating ([`BuiltinRating`]), so a front end
/// builds one solver from a [`RulesetName`] and never asks which again.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::{BuiltinRating, RulesetName};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let path = RulesetName::Hodoku.solver().with_chain_budget(1000).solve(&puzzle)?;
/// assert!(matches!(path.rating, BuiltinRating::Hodoku(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Builtin {
    /// Sudoku Explainer's.
    Explainer(Explainer),
    /// HoDoKu's.
    Hodoku(Hodoku),
}

impl Default for Builtin {
    fn default() -> Builtin {
        RulesetName::default().ruleset()
    }
}

impl Solver<Builtin> {
    /// Sets the potential budget of the chain searches, for the rulesets that have one
    /// (Sudoku Explainer's; HoDoKu's searches are bounded by their own sizes).
    #[must_use]
    pub fn with_chain_budget(self, chain_budget: u64) -> Solver<Builtin> {
        let ruleset = match self.ruleset {
            Builtin::Explainer(e) => Builtin::Explainer(e.with_chain_budget(chain_budget)),
            other => other,
        };
        Solver { ruleset, ..self }
    }
}

/// A path's rating by a built-in ruleset: it serializes and reads as the ruleset's own.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
#[non_exhaustive]
pub enum BuiltinRating {
    /// Sudoku Explainer's ER/EP/ED.
    Explainer(SeRating),
    /// HoDoKu's level and score.
    Hodoku(HodokuRating),
}

impl fmt::Display for BuiltinRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuiltinRating::Explainer(r) => r.fmt(f),
            BuiltinRating::Hodoku(r) => r.fmt(f),
        }
    }
}

impl PathRating for BuiltinRating {
    fn key(&self) -> &'static str {
        match self {
            BuiltinRating::Explainer(r) => r.key(),
            BuiltinRating::Hodoku(r) => r.key(),
        }
    }

    fn label(&self) -> &'static str {
        match self {
            BuiltinRating::Explainer(r) => r.label(),
            BuiltinRating::Hodoku(r) => r.label(),
        }
    }
}

/// One solve under a built-in ruleset.
#[derive(Debug)]
#[non_exhaustive]
#[expect(
    clippy::large_enum_variant,
    reason = "one walk per solve or hint, on the solve's stack, as the ruleset's own would be"
)]
pub enum BuiltinWalk<'a> {
    /// Sudoku Explainer's.
    Explainer(ExplainerWalk),
    /// HoDoKu's.
    Hodoku(HodokuWalk<'a>),
}

impl Ruleset for Builtin {
    type Rating = BuiltinRating;
    type Walk<'a> = BuiltinWalk<'a>;

    fn name(&self) -> &str {
        match self {
            Builtin::Explainer(r) => r.name(),
            Builtin::Hodoku(r) => r.name(),
        }
    }

    fn walk<'a>(&'a self, board: &Board, solution: &'a Grid, cancel: &Cancel) -> BuiltinWalk<'a> {
        match self {
            Builtin::Explainer(r) => BuiltinWalk::Explainer(r.walk(board, solution, cancel)),
            Builtin::Hodoku(r) => BuiltinWalk::Hodoku(r.walk(board, solution, cancel)),
        }
    }

    fn all_steps(
        &self,
        marks: &CandidateGrid,
        solution: &Grid,
        cancel: &Cancel,
    ) -> Result<Vec<Step>, Halt> {
        match self {
            Builtin::Explainer(r) => r.all_steps(marks, solution, cancel),
            Builtin::Hodoku(r) => r.all_steps(marks, solution, cancel),
        }
    }
}

impl crate::Walk for BuiltinWalk<'_> {
    type Rating = BuiltinRating;

    fn next(&mut self, marks: &CandidateGrid) -> Result<Option<Step>, Halt> {
        match self {
            BuiltinWalk::Explainer(w) => w.next(marks),
            BuiltinWalk::Hodoku(w) => w.next(marks),
        }
    }

    fn take(&mut self, step: &Step) -> Verdict {
        match self {
            BuiltinWalk::Explainer(w) => w.take(step),
            BuiltinWalk::Hodoku(w) => w.take(step),
        }
    }

    fn finish(self, end: PathEnd, last: &CandidateGrid) -> BuiltinRating {
        match self {
            BuiltinWalk::Explainer(w) => BuiltinRating::Explainer(w.finish(end, last)),
            BuiltinWalk::Hodoku(w) => BuiltinRating::Hodoku(w.finish(end, last)),
        }
    }

    fn work(&self) -> (u64, u64) {
        match self {
            BuiltinWalk::Explainer(w) => w.work(),
            BuiltinWalk::Hodoku(w) => w.work(),
        }
    }
}
