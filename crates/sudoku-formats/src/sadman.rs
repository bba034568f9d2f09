//! SadMan Sudoku's `.sdk` (one puzzle: 9 rows, `#A`-style header lines) and `.sdm` (one
//! 81-character line per puzzle).

use std::fmt::Write as _;

use sudoku_core::ParseGridError;

use crate::text::{cell_value, lines};
use crate::{Format, FormatError, FormatErrorKind, Game, Item, Meta};

/// The header codes of a `.sdk` file and the fields they fill, in the order they are written.
const HEADER: [(char, crate::game::MetaField); 7] = [
    ('A', |m| &mut m.author),
    ('D', |m| &mut m.description),
    ('C', |m| &mut m.comment),
    ('B', |m| &mut m.date),
    ('S', |m| &mut m.source),
    ('L', |m| &mut m.difficulty),
    ('U', |m| &mut m.url),
];

/// The cell values of a row of `width` cells, or the error naming its line and column.
pub(crate) fn row_cells(
    text: &str,
    line: usize,
    skip: fn(char) -> bool,
) -> Result<Vec<u8>, FormatError> {
    let mut cells = Vec::with_capacity(9);
    for (i, ch) in text.chars().enumerate() {
        if let Some(v) = cell_value(ch) {
            cells.push(v);
        } else if !skip(ch) {
            let e = ParseGridError::InvalidChar { ch, line, column: i + 1 };
            return Err(FormatError::at(line, e.into()));
        }
    }
    Ok(cells)
}

/// Reads a `.sdk` file: its header lines, then 9 rows of 9 cells (or one of 81); a `[Puzzle]`
/// section header is allowed, and SadMan's other sections (`[State]` and the like) are skipped.
pub(crate) fn read_sdk(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let mut meta = Meta::default();
    let mut cells: Vec<u8> = Vec::with_capacity(81);
    let mut start = 0;
    let mut skipping = false;
    for (line, text) in lines(bytes) {
        let text = match text {
            Ok(t) => t.trim(),
            Err(e) => return vec![Err(e)],
        };
        if text.is_empty() {
            continue;
        }
        if let Some(header) = text.strip_prefix('#') {
            let mut chars = header.chars();
            if let Some(code) = chars.next()
                && let Some((_, field)) =
                    HEADER.iter().find(|(c, _)| *c == code.to_ascii_uppercase())
            {
                *field(&mut meta) = crate::format::one_line(chars.as_str().to_string());
            }
            continue;
        }
        if text.starts_with('[') && text.ends_with(']') {
            skipping = !text[1..text.len() - 1].trim().eq_ignore_ascii_case("puzzle");
            continue;
        }
        if skipping {
            continue;
        }
        if cells.len() == 81 {
            return vec![Err(FormatError::at(
                line,
                FormatErrorKind::TrailingText { format: Format::Sdk },
            ))];
        }
        let row = match row_cells(text, line, char::is_whitespace) {
            Ok(r) => r,
            Err(e) => return vec![Err(e)],
        };
        if cells.is_empty() {
            start = line;
        }
        if row.len() != 9 && !(row.len() == 81 && cells.is_empty()) {
            let e = ParseGridError::WrongRowLength { line, len: row.len() };
            return vec![Err(FormatError::at(line, e.into()))];
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
    let result = Game::from_cells(givens, [0; 81])
        .map(|game| Item { line: start, game: Game { meta, ..game } })
        .map_err(|kind| FormatError::at(start, kind));
    vec![result]
}

/// Writes one `.sdk` puzzle: its header lines, then its 9 rows with `.` for blanks.
pub(crate) fn write_sdk(game: &Game) -> String {
    let game = Format::Sdk.retain(game);
    let mut out = String::new();
    let mut meta = game.meta.clone();
    for (code, field) in HEADER {
        if let Some(value) = field(&mut meta) {
            let _ = writeln!(out, "#{code}{value}");
        }
    }
    let line = game.givens.to_string();
    for row in line.as_bytes().chunks(9) {
        out.push_str(std::str::from_utf8(row).expect("ASCII"));
        out.push('\n');
    }
    out
}

/// Reads a `.sdm` file: one puzzle per line (its first word, 81 cells); blank lines and `#`
/// comments are skipped.
pub(crate) fn read_sdm(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let mut out = Vec::new();
    for (line, text) in lines(bytes) {
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                out.push(Err(e));
                continue;
            }
        };
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        out.push(read_81(text, line).map(|game| Item { line, game }));
    }
    out
}

/// The first word of `text` as 81 cells.
fn read_81(text: &str, line: usize) -> Result<Game, FormatError> {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let word = text.split_whitespace().next().unwrap_or("");
    let mut cells = [0u8; 81];
    let mut n = 0;
    for (i, ch) in word.chars().enumerate() {
        let Some(v) = cell_value(ch) else {
            let e = ParseGridError::InvalidChar { ch, line, column: lead + i + 1 };
            return Err(FormatError::at(line, e.into()));
        };
        if n < 81 {
            cells[n] = v;
        }
        n += 1;
    }
    if n != 81 {
        return Err(FormatError::at(line, ParseGridError::WrongLength { len: n }.into()));
    }
    Game::from_cells(cells, [0; 81]).map_err(|kind| FormatError::at(line, kind))
}

/// Writes `.sdm` lines: each puzzle's givens, `0` for blanks (as SadMan and OpenSudoku's
/// importer read them).
pub(crate) fn write_sdm(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        for c in game.givens.to_string().chars() {
            out.push(if c == '.' { '0' } else { c });
        }
        out.push('\n');
    }
    out
}
