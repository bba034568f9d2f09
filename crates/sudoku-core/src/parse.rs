//! Parsing grids from the line form and the block form.

use std::str::FromStr;

use crate::{Cell, Clash, Conflict, Grid, Rules};

/// Why text is not a valid grid. Positions are 1-based, as editors show them.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Grid, ParseGridError};
///
/// let err = "12x".parse::<Grid>().unwrap_err();
/// assert_eq!(err, ParseGridError::InvalidChar { ch: 'x', line: 1, column: 3 });
/// assert_eq!(err.to_string(), "invalid character 'x' at line 1, column 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGridError {
    /// There is no puzzle in the text.
    #[error("no puzzle found: the input is empty")]
    Empty,
    /// A line-form puzzle with other than 81 cells.
    #[error("expected 81 cells, found {len}")]
    WrongLength {
        /// The number of characters found.
        len: usize,
    },
    /// A character that is neither a digit, a blank (`.`, `0`, `_`) nor a block separator.
    #[error("invalid character {ch:?} at line {line}, column {column}")]
    InvalidChar {
        /// The character.
        ch: char,
        /// The line within the parsed text.
        line: usize,
        /// The column (in characters) within that line.
        column: usize,
    },
    /// A row of a block-form puzzle with other than 9 cells.
    #[error("block row at line {line} has {len} cells, expected 9")]
    WrongRowLength {
        /// The line within the parsed text.
        line: usize,
        /// The number of cells found.
        len: usize,
    },
    /// A block-form puzzle with other than 9 rows.
    #[error("block has {rows} rows, expected 9")]
    WrongRowCount {
        /// The number of rows found.
        rows: usize,
    },
    /// A byte above 9 in [`Grid::try_from_bytes`].
    #[error("invalid value {value} at cell {cell}: expected 0 to 9")]
    InvalidValue {
        /// The cell.
        cell: Cell,
        /// The value.
        value: u8,
    },
    /// Two givens with the same digit in one unit.
    #[error("conflicting givens: {0}")]
    Conflict(Conflict),
    /// Two givens that variant rules forbid together ([`Rules::parse_grid`]).
    #[error("conflicting givens: {0}")]
    Clash(Clash),
}

/// The grid of parsed cell values (each 0..=9), checked as classic Sudoku's givens when
/// `rules` is `None` ([`Grid::try_from_bytes`]), else under the rules.
pub(crate) fn grid_under(bytes: [u8; 81], rules: Option<&Rules>) -> Result<Grid, ParseGridError> {
    let Some(rules) = rules else { return Grid::try_from_bytes(bytes) };
    let mut grid = Grid::EMPTY;
    for (cell, &v) in Cell::all().zip(&bytes) {
        grid.set(cell, crate::Digit::new(v));
    }
    match rules.first_clash(&grid) {
        Some(c) => Err(ParseGridError::Clash(c)),
        None => Ok(grid),
    }
}

/// The value of a cell character: `Some(0)` for a blank, `Some(d)` for a digit.
pub(crate) fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        _ => None,
    }
}

/// Characters allowed between cells of a block row.
pub(crate) fn is_block_separator(ch: char) -> bool {
    matches!(ch, ' ' | '\t' | '|' | '-' | '+')
}

/// Parses one line form puzzle: the first whitespace-separated token must be 81 cells.
/// `line` is only used to label errors.
pub(crate) fn parse_line_form(text: &str, line: usize) -> Result<Grid, ParseGridError> {
    parse_line_form_under(text, line, None)
}

/// [`parse_line_form`], the givens checked under `rules` (`None`: classic).
pub(crate) fn parse_line_form_under(
    text: &str,
    line: usize,
    rules: Option<&Rules>,
) -> Result<Grid, ParseGridError> {
    let offset = text.len() - text.trim_start().len();
    let token = text.split_whitespace().next().ok_or(ParseGridError::Empty)?;
    let lead = text[..offset].chars().count();
    let mut bytes = [0u8; 81];
    let mut len = 0;
    for (i, ch) in token.chars().enumerate() {
        let v =
            cell_value(ch).ok_or(ParseGridError::InvalidChar { ch, line, column: lead + i + 1 })?;
        if len < 81 {
            bytes[len] = v;
        }
        len += 1;
    }
    if len != 81 {
        return Err(ParseGridError::WrongLength { len });
    }
    grid_under(bytes, rules)
}

/// The cell values of one block row, or `None` if the line has a character that is neither a
/// cell nor a separator (`Err` carries the offending character and column).
pub(crate) fn block_row_cells(text: &str) -> Result<Vec<u8>, (char, usize)> {
    let mut cells = Vec::with_capacity(9);
    for (i, ch) in text.chars().enumerate() {
        if let Some(v) = cell_value(ch) {
            cells.push(v);
        } else if !is_block_separator(ch) {
            return Err((ch, i + 1));
        }
    }
    Ok(cells)
}

/// Whether a line that failed as a block row at (`ch`, `column`) is still a block row with one
/// bad character or more: it would have 9 cells if every bad character were a cell.
pub(crate) fn is_block_row_with_typo(text: &str) -> bool {
    text.chars().filter(|&c| !is_block_separator(c)).count() == 9
}

pub(crate) fn parse_block_form(text: &str, rules: Option<&Rules>) -> Result<Grid, ParseGridError> {
    let mut bytes = [0u8; 81];
    let mut rows = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let cells = block_row_cells(line).map_err(|(ch, column)| ParseGridError::InvalidChar {
            ch,
            line: i + 1,
            column,
        })?;
        if cells.is_empty() {
            continue; // a separator line such as ------+-------+------
        }
        if cells.len() != 9 {
            return Err(ParseGridError::WrongRowLength { line: i + 1, len: cells.len() });
        }
        if rows < 9 {
            bytes[rows * 9..rows * 9 + 9].copy_from_slice(&cells);
        }
        rows += 1;
    }
    if rows != 9 {
        return Err(ParseGridError::WrongRowCount { rows });
    }
    grid_under(bytes, rules)
}

/// Parses the line form (81 characters; `.`, `0` or `_` for a blank; text after whitespace is
/// ignored) or, when the text has several non-blank lines, the block form (9 rows of 9 cells,
/// with spaces and `|`, `-`, `+` separators allowed). CRLF line ends are accepted.
///
/// # Errors
///
/// A [`ParseGridError`] naming what is wrong and where.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
///
/// let line: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... top95 #1"
///     .parse()?;
/// let block: Grid = "
/// 4 . . | . . . | 8 . 5
/// . 3 . | . . . | . . .
/// . . . | 7 . . | . . .
/// ------+-------+------
/// . 2 . | . . . | . 6 .
/// . . . | . 8 . | 4 . .
/// . . . | . 1 . | . . .
/// ------+-------+------
/// . . . | 6 . 3 | . 7 .
/// 5 . . | 2 . . | . . .
/// 1 . 4 | . . . | . . .
/// ".parse()?;
/// assert_eq!(line, block);
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
impl FromStr for Grid {
    type Err = ParseGridError;

    fn from_str(s: &str) -> Result<Grid, ParseGridError> {
        let mut content = s.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let Some((first_index, first)) = content.next() else {
            return Err(ParseGridError::Empty);
        };
        if content.next().is_none() {
            return parse_line_form(first.trim_end_matches('\r'), first_index + 1);
        }
        parse_block_form(s, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Digit, Unit};

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn blanks_may_be_dot_zero_or_underscore() {
        let zeros = P.replace('.', "0");
        let unders = P.replace('.', "_");
        let g: Grid = P.parse().unwrap();
        assert_eq!(zeros.parse::<Grid>().unwrap(), g);
        assert_eq!(unders.parse::<Grid>().unwrap(), g);
        assert_eq!(g.to_string(), P);
    }

    #[test]
    fn crlf_and_trailing_text_are_accepted() {
        let g: Grid = format!("{P}\r\n").parse().unwrap();
        assert_eq!(g.to_string(), P);
        let g: Grid = format!("  {P}\t3.5 rating").parse().unwrap();
        assert_eq!(g.to_string(), P);
    }

    #[test]
    fn wrong_lengths_report_the_length() {
        assert_eq!(P[..80].parse::<Grid>(), Err(ParseGridError::WrongLength { len: 80 }));
        assert_eq!(format!("{P}1").parse::<Grid>(), Err(ParseGridError::WrongLength { len: 82 }));
        assert_eq!("".parse::<Grid>(), Err(ParseGridError::Empty));
        assert_eq!(" \n\r\n".parse::<Grid>(), Err(ParseGridError::Empty));
    }

    #[test]
    fn invalid_characters_report_character_and_column() {
        let bad = format!("{}x{}", &P[..10], &P[11..]);
        assert_eq!(
            bad.parse::<Grid>(),
            Err(ParseGridError::InvalidChar { ch: 'x', line: 1, column: 11 })
        );
        let bad = format!("  é{}", &P[1..]);
        assert_eq!(
            bad.parse::<Grid>(),
            Err(ParseGridError::InvalidChar { ch: 'é', line: 1, column: 3 })
        );
    }

    #[test]
    fn conflicting_givens_name_both_cells() {
        let bad = format!("44{}", &P[2..]);
        let err = bad.parse::<Grid>().unwrap_err();
        assert_eq!(
            err,
            ParseGridError::Conflict(Conflict {
                digit: Digit::new(4).unwrap(),
                first: Cell::new(0).unwrap(),
                second: Cell::new(1).unwrap(),
                unit: Unit::Row(0),
            })
        );
        assert_eq!(
            err.to_string(),
            "conflicting givens: digit 4 appears twice in row 1, at A1 and B1"
        );
    }

    #[test]
    fn block_form_errors() {
        let g: Grid = P.parse().unwrap();
        let block = g.pretty().to_string();
        let short: String = block.lines().take(10).map(|l| format!("{l}\n")).collect();
        assert_eq!(short.parse::<Grid>(), Err(ParseGridError::WrongRowCount { rows: 8 }));
        let bad_row = block.replacen("4 . . | . . . | 8 . 5", "4 . . | . . . | 8 .", 1);
        assert_eq!(
            bad_row.parse::<Grid>(),
            Err(ParseGridError::WrongRowLength { line: 1, len: 8 })
        );
        let bad_char = block.replacen(". 3 .", ". 3 ?", 1);
        assert_eq!(
            bad_char.parse::<Grid>(),
            Err(ParseGridError::InvalidChar { ch: '?', line: 2, column: 5 })
        );
        let compact: String = P
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\r\n", std::str::from_utf8(r).unwrap()))
            .collect();
        assert_eq!(compact.parse::<Grid>(), Ok(g));
    }
}
