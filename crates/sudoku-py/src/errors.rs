//! Failures as Python exceptions: the classes live in `sudoku_rs._errors` (Python, so that
//! they carry their attributes and pickle); each has the schema's `code` and, where there is
//! one, the position: `index` in a batch's input, `line` and `column` in the text.

use pyo3::prelude::*;
use sudoku_core::{Failure, LineError, LineErrorKind, ParseGridError, Problem};

/// A puzzle that could not be handled, as the `sudoku` command reports it in JSON: the status
/// word (`invalid`, `none`, `multiple`, `budget_exceeded`, `too_deep`), the message, and
/// where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fail {
    pub(crate) code: &'static str,
    pub(crate) message: String,
    pub(crate) index: Option<usize>,
    pub(crate) line: Option<usize>,
    pub(crate) column: Option<usize>,
}

impl Fail {
    /// A failure with a code and a message, and no position.
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Fail {
        Fail { code, message: message.into(), index: None, line: None, column: None }
    }

    /// Text that is not a puzzle: `invalid`, with the line and column of a bad character.
    pub(crate) fn parse(e: &ParseGridError) -> Fail {
        let mut f = Fail::new("invalid", e.to_string());
        if let ParseGridError::InvalidChar { line, column, .. } = *e {
            (f.line, f.column) = (Some(line), Some(column));
        }
        f
    }

    /// A solver's or a rating's failure: its schema code and message, as the command's.
    pub(crate) fn failure(e: &Failure) -> Fail {
        Fail::new(e.code(), e.to_string())
    }

    /// A record's problem: its code and message.
    pub(crate) fn problem(p: &Problem) -> Fail {
        Fail::new(p.code.word(), p.message.clone())
    }

    /// A line of a file that is not a puzzle: `invalid` at that line.
    pub(crate) fn line(e: &LineError) -> Fail {
        let mut f = match &e.kind {
            LineErrorKind::Parse(p) => Fail::parse(p),
            other => Fail::new("invalid", other.to_string()),
        };
        f.line = Some(e.line);
        f
    }

    /// The same failure, at `index` of a batch's input.
    pub(crate) fn at(mut self, index: usize) -> Fail {
        self.index = Some(index);
        self
    }

    /// The exception instance (not raised).
    pub(crate) fn exception<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let class = py.import("sudoku_rs._errors")?.getattr(class_name(self.code))?;
        class.call1((&self.message, self.code, self.index, self.line, self.column))
    }

    /// The exception, to raise.
    pub(crate) fn into_err(self, py: Python<'_>) -> PyErr {
        match self.exception(py) {
            Ok(e) => PyErr::from_value(e),
            Err(e) => e,
        }
    }
}

/// The exception class of a status word.
fn class_name(code: &str) -> &'static str {
    match code {
        "invalid" => "InvalidPuzzleError",
        "none" => "NoSolutionError",
        "multiple" => "MultipleSolutionsError",
        "budget_exceeded" => "BudgetExceededError",
        _ => "SudokuError",
    }
}
