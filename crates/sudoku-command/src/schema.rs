//! The envelope of every JSON line (see docs/schema.md): a library's record with its place
//! (source and line), and the record of a line that is not a puzzle or of a puzzle that could
//! not be handled. The records themselves are the libraries' `Serialize` types; this file only
//! places them.

use std::io::Write;

use serde::Serialize;
use sudoku_core::{Problem, Status};

/// A record with the place of its puzzle: `{"source", "line", ...the record's fields}`.
#[derive(Serialize)]
pub(crate) struct Placed<'a, T: Serialize> {
    pub(crate) source: &'a str,
    pub(crate) line: usize,
    #[serde(flatten)]
    pub(crate) record: &'a T,
}

/// A puzzle without a result: `{"puzzle", "status", "error"}`, `puzzle` null when the line is
/// not a puzzle.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Failed {
    pub(crate) puzzle: Option<String>,
    pub(crate) status: Status,
    pub(crate) error: Problem,
}

impl Failed {
    /// A puzzle that could not be handled.
    pub(crate) fn puzzle(puzzle: String, error: Problem) -> Failed {
        Failed { puzzle: Some(puzzle), status: error.code, error }
    }

    /// A line that is not a puzzle.
    pub(crate) fn invalid(message: &dyn std::fmt::Display) -> Failed {
        Failed { puzzle: None, status: Status::Invalid, error: Problem::invalid(message) }
    }
}

/// Writes a record as one JSON line with its keys in alphabetical order, as `explain`,
/// `rate`, `hint`, `generate` and `band` write theirs.
pub(crate) fn write_sorted(out: &mut dyn Write, record: &impl Serialize) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, &serde_json::to_value(record)?)?;
    writeln!(out)?;
    Ok(())
}
