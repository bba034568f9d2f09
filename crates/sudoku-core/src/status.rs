//! The status words of the output schema (`docs/schema.md`): what happened to one puzzle, in
//! every record of every front end (the command's JSON lines and TSV cells, the Python
//! package's values and exceptions).

use std::fmt;

use crate::Failure;

/// What happened to a puzzle: the `status` of every output record and the `code` of every
/// error object, one word each.
///
/// Each front end writes these words and no others; [`Status::ALL`] lists them, and
/// [`Failure::status`](crate::Failure::status) maps every failure to one.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Failure, Status};
/// assert_eq!(Status::BudgetExceeded.to_string(), "budget_exceeded");
/// assert_eq!(Failure::NOT_UNIQUE.status(), Status::Multiple);
/// assert_eq!("too_deep".parse::<Status>(), Ok(Status::TooDeep));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Status {
    /// Handled.
    Ok,
    /// Not a puzzle: a wrong length, a bad character, clashing givens.
    Invalid,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// No solution.
    None,
    /// The work needed more than its budget.
    BudgetExceeded,
    /// A stochastic solver used its steps without finding a solution.
    GaveUp,
    /// The logical solver finished the puzzle.
    Solved,
    /// The logical solver found no technique that applies.
    Stuck,
    /// Stopped at the first step that shows the puzzle is not a diamond or a pearl.
    NotWanted,
    /// Pair reduction needs more levels than allowed.
    TooDeep,
    /// The caller cancelled the work ([`Cancel`](crate::Cancel)) before it finished.
    Cancelled,
    /// A server is running as many requests as it allows and this one waited too long for a
    /// turn: try again later (`sudoku serve` answers it with HTTP 503).
    Busy,
}

impl Status {
    /// Every status word, in the order of the schema's table.
    pub const ALL: [Status; 13] = [
        Status::Ok,
        Status::Invalid,
        Status::Unique,
        Status::Multiple,
        Status::None,
        Status::BudgetExceeded,
        Status::GaveUp,
        Status::Solved,
        Status::Stuck,
        Status::NotWanted,
        Status::TooDeep,
        Status::Cancelled,
        Status::Busy,
    ];

    /// The word, as written in every output.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_core::Status::GaveUp.word(), "gave_up");
    /// ```
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Invalid => "invalid",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::BudgetExceeded => "budget_exceeded",
            Status::GaveUp => "gave_up",
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::NotWanted => "not_wanted",
            Status::TooDeep => "too_deep",
            Status::Cancelled => "cancelled",
            Status::Busy => "busy",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A word that is not a status.
///
/// # Examples
///
/// ```
/// let e = "fine".parse::<sudoku_core::Status>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown status \"fine\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown status {0:?}")]
pub struct ParseStatusError(pub String);

impl std::str::FromStr for Status {
    type Err = ParseStatusError;

    fn from_str(s: &str) -> Result<Status, ParseStatusError> {
        Status::ALL.into_iter().find(|st| st.word() == s).ok_or_else(|| ParseStatusError(s.into()))
    }
}

/// What went wrong with one puzzle, as every front end reports it: the schema's error object
/// `{"code": ..., "message": ...}`, the code a [`Status`] word and the message for people.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Failure, Problem, Status};
/// let p = Problem::from(Failure::NOT_UNIQUE);
/// assert_eq!((p.code, p.message.as_str()), (Status::Multiple, "the puzzle has more than one solution"));
/// assert_eq!(Problem::invalid("expected 81 cells, found 3").code, Status::Invalid);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Problem {
    /// The status word.
    pub code: Status,
    /// What went wrong, for people.
    pub message: String,
}

impl Problem {
    /// A problem with this code and message.
    #[must_use]
    pub fn new(code: Status, message: impl fmt::Display) -> Problem {
        Problem { code, message: message.to_string() }
    }

    /// Input that is not a puzzle (`invalid`), saying why.
    #[must_use]
    pub fn invalid(message: impl fmt::Display) -> Problem {
        Problem::new(Status::Invalid, message)
    }
}

impl From<Failure> for Problem {
    fn from(f: Failure) -> Problem {
        Problem::new(f.status(), f)
    }
}

impl From<&Failure> for Problem {
    fn from(f: &Failure) -> Problem {
        Problem::from(*f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_are_distinct() {
        for s in Status::ALL {
            assert_eq!(s.word().parse::<Status>(), Ok(s));
        }
        let mut words: Vec<_> = Status::ALL.iter().map(|s| s.word()).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), Status::ALL.len());
    }
}
