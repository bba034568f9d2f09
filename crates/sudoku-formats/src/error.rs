//! Why a puzzle could not be read or written.

use sudoku_core::ParseGridError;

use crate::Format;

/// A puzzle that could not be read: the (1-based) line of the problem, the field of the format
/// that is wrong when the format has fields (`data`, `puzzle`, `saved[3][4]`), and what is wrong.
///
/// # Examples
///
/// ```
/// use sudoku_formats::{Format, read};
/// let text = r#"<opensudoku><game data="123"/></opensudoku>"#;
/// let err = read(text.as_bytes(), Format::OpenSudoku).remove(0).unwrap_err();
/// assert_eq!(err.line, 1);
/// assert_eq!(err.field.as_deref(), Some("data"));
/// assert_eq!(err.to_string(), "line 1, field data: expected 81 cells, found 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {kind}", field.as_ref().map(|f| format!(", field {f}")).unwrap_or_default())]
#[non_exhaustive]
pub struct FormatError {
    /// The line of the problem.
    pub line: usize,
    /// The field, attribute or section that is wrong, where the format has them.
    pub field: Option<String>,
    /// What is wrong.
    pub kind: FormatErrorKind,
}

impl FormatError {
    /// An error at `line`, in no particular field.
    pub(crate) fn at(line: usize, kind: FormatErrorKind) -> FormatError {
        FormatError { line, field: None, kind }
    }

    /// An error at `line` in `field`.
    pub(crate) fn field(
        line: usize,
        field: impl Into<String>,
        kind: FormatErrorKind,
    ) -> FormatError {
        FormatError { line, field: Some(field.into()), kind }
    }

    /// What is wrong, with its field but without the line (`field data: expected 81 cells`),
    /// for messages that name the line themselves.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_formats::{Format, read};
    /// let err = read(&b"12\n"[..], Format::Sdm).remove(0).unwrap_err();
    /// assert_eq!(err.detail(), "expected 81 cells, found 2");
    /// ```
    #[must_use]
    pub fn detail(&self) -> String {
        match &self.field {
            Some(f) => format!("field {f}: {}", self.kind),
            None => self.kind.to_string(),
        }
    }
}

/// What is wrong with a puzzle in a file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatErrorKind {
    /// The cells do not make a grid: a count, a character, or two equal digits in a unit.
    #[error("{0}")]
    Grid(ParseGridError),
    /// The text is not valid UTF-8.
    #[error("invalid UTF-8 byte 0x{byte:02x} at column {column}")]
    InvalidUtf8 {
        /// The first invalid byte.
        byte: u8,
        /// Its 1-based byte column in the line.
        column: usize,
    },
    /// The XML or JSON container does not parse.
    #[error("not well-formed {what}: {message}")]
    Syntax {
        /// `XML` or `JSON`.
        what: &'static str,
        /// The parser's message.
        message: String,
    },
    /// A field the format requires is missing.
    #[error("missing (required by {format})")]
    Missing {
        /// The format.
        format: Format,
    },
    /// A field holds a value the format does not allow.
    #[error("{found}: expected {expected}")]
    BadValue {
        /// What was found (shortened).
        found: String,
        /// What the format takes there.
        expected: &'static str,
    },
    /// A pencil mark that is not one of the digits.
    #[error("bad pencil mark {found:?}: expected digits 1 to 9")]
    BadMark {
        /// The text found.
        found: String,
    },
    /// A placed digit on a given.
    #[error("cell {cell} is a given and a placed digit")]
    PlacedOnGiven {
        /// The cell (`A1`..`I9`).
        cell: sudoku_core::Cell,
    },
    /// Something after the one puzzle a single-puzzle format holds.
    #[error("text after the puzzle ({format} holds one puzzle)")]
    TrailingText {
        /// The format.
        format: Format,
    },
    /// A grid that stops before its ninth row.
    #[error("grid has only {rows} of 9 rows")]
    IncompleteGrid {
        /// The rows read.
        rows: usize,
    },
    /// The input holds no puzzle where the format needs one (an empty `.sdk`, `.ss` or `.ipuz`).
    #[error("no puzzle in the input")]
    NoPuzzle,
}

impl From<ParseGridError> for FormatErrorKind {
    fn from(e: ParseGridError) -> FormatErrorKind {
        FormatErrorKind::Grid(e)
    }
}

/// Why puzzles could not be written in a format.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_formats::{Format, Game, WriteError, write};
/// let two = [Game::new(Grid::EMPTY), Game::new(Grid::EMPTY)];
/// assert_eq!(write(&two, Format::Sdk), Err(WriteError::OnePuzzle { format: Format::Sdk, count: 2 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The format holds one puzzle per file, and there are more (or none).
    #[error("{format} holds one puzzle per file, and there are {count}")]
    OnePuzzle {
        /// The format.
        format: Format,
        /// The puzzles to write.
        count: usize,
    },
}

/// A value shortened for a message (at most 40 characters).
pub(crate) fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send_sync<T: Send + Sync + 'static>() {}

    #[test]
    fn errors_are_send_and_sync() {
        send_sync::<FormatError>();
        send_sync::<WriteError>();
    }
}
