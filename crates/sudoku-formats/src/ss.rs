//! Simple Sudoku's `.ss`: 9 rows of 3x3 blocks, `|` between blocks and a line of `-` between
//! bands, `.` for blanks; the framed form Simple Sudoku copies (`*-----------*`,
//! `|---+---+---|`) reads too.

use sudoku_core::ParseGridError;

use crate::sadman::row_cells;
use crate::text::lines;
use crate::{Format, FormatError, FormatErrorKind, Game, Item};

/// Whether a line is a frame or band separator: only `-`, `+`, `*`, `|` and spaces, with a `-`.
fn is_frame(text: &str) -> bool {
    text.contains('-') && text.chars().all(|c| matches!(c, '-' | '+' | '*' | '|' | ' ' | '\t'))
}

fn is_separator(c: char) -> bool {
    c == '|' || c.is_whitespace()
}

/// Reads one `.ss` puzzle. Text after the ninth row is ignored (Simple Sudoku's copy adds its
/// name and version), unless it is another row.
pub(crate) fn read(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let mut cells: Vec<u8> = Vec::with_capacity(81);
    let mut start = 0;
    for (line, text) in lines(bytes) {
        let text = match text {
            Ok(t) => t.trim(),
            Err(e) => return vec![Err(e)],
        };
        if text.is_empty() || is_frame(text) {
            continue;
        }
        let row = row_cells(text, line, is_separator);
        if cells.len() == 81 {
            if row.is_ok_and(|r| !r.is_empty()) {
                let kind = FormatErrorKind::TrailingText { format: Format::Ss };
                return vec![Err(FormatError::at(line, kind))];
            }
            continue;
        }
        let row = match row {
            Ok(r) => r,
            Err(e) => return vec![Err(e)],
        };
        if row.len() != 9 {
            let e = ParseGridError::WrongRowLength { line, len: row.len() };
            return vec![Err(FormatError::at(line, e.into()))];
        }
        if cells.is_empty() {
            start = line;
        }
        cells.extend(row);
    }
    if cells.is_empty() {
        return Vec::new();
    }
    if cells.len() < 81 {
        return vec![Err(FormatError::at(
            start,
            FormatErrorKind::IncompleteGrid { rows: cells.len() / 9 },
        ))];
    }
    let givens: [u8; 81] = cells.try_into().expect("81 cells");
    vec![
        Game::from_cells(givens, [0; 81])
            .map(|game| Item { line: start, game })
            .map_err(|k| FormatError::at(start, k)),
    ]
}

/// Writes one `.ss` puzzle: `..6|2..|.8.` rows, `-----------` between bands.
pub(crate) fn write(game: &Game) -> String {
    let line = game.givens.to_string();
    let mut out = String::new();
    for (r, row) in line.as_bytes().chunks(9).enumerate() {
        if r == 3 || r == 6 {
            out.push_str("-----------\n");
        }
        for (c, &b) in row.iter().enumerate() {
            if c == 3 || c == 6 {
                out.push('|');
            }
            out.push(b as char);
        }
        out.push('\n');
    }
    out
}
