//! The workspace's own forms: 81 or 729 characters a line (and 9-line blocks), read as every
//! command reads a file ([`sudoku_core::BoardReader`]), and JSON lines whose `puzzle` field
//! holds one of those (the records every command writes).

use sudoku_core::{Board, BoardReader, LineErrorKind};

use crate::text::lines;
use crate::{Format, FormatError, FormatErrorKind, Game, Item};

/// Reads 81- and 729-character lines and 9-line blocks, as every command does.
pub(crate) fn read(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    BoardReader::new(bytes)
        .map(|r| match r {
            Ok(entry) => Ok(Item { line: entry.line, game: Game::from(entry.board) }),
            Err(e) => Err(FormatError::at(e.line, kind(e.kind))),
        })
        .collect()
}

fn kind(kind: LineErrorKind) -> FormatErrorKind {
    match kind {
        LineErrorKind::Parse(e) => FormatErrorKind::Grid(e),
        LineErrorKind::InvalidUtf8 { byte, column } => {
            FormatErrorKind::InvalidUtf8 { byte, column }
        }
        LineErrorKind::IncompleteBlock { rows } => FormatErrorKind::IncompleteGrid { rows },
        other => FormatErrorKind::BadValue { found: other.to_string(), expected: "a puzzle line" },
    }
}

/// A game's line: 81 characters, or with pencil marks 729.
pub(crate) fn board_text(game: &Game, format: Format) -> String {
    format.retain(game).board().to_string()
}

/// Writes one line per game.
pub(crate) fn write(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        out.push_str(&board_text(game, Format::Line));
        out.push('\n');
    }
    out
}

/// Reads JSON lines: each object's `puzzle` (81 or 729 characters); a record without one (an
/// invalid line upstream: `"puzzle": null`) is skipped, as every command skips it.
pub(crate) fn read_json(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let mut out = Vec::new();
    for (line, text) in lines(bytes) {
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                out.push(Err(e));
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let kind = FormatErrorKind::Syntax { what: "JSON", message: e.to_string() };
                out.push(Err(FormatError::at(line, kind)));
                continue;
            }
        };
        let puzzle = match value.get("puzzle") {
            Some(serde_json::Value::String(p)) => p.clone(),
            Some(serde_json::Value::Null) | None if value.is_object() => continue,
            other => {
                let kind = FormatErrorKind::BadValue {
                    found: crate::error::shorten(&other.unwrap_or(&value).to_string()),
                    expected: "a record with a puzzle of 81 or 729 characters",
                };
                out.push(Err(FormatError::field(line, "puzzle", kind)));
                continue;
            }
        };
        let result = puzzle
            .parse::<Board>()
            .map(|board| Item { line, game: Game::from(board) })
            .map_err(|e| FormatError::field(line, "puzzle", e.into()));
        out.push(result);
    }
    out
}

/// Writes one `{"puzzle": ...}` line per game.
pub(crate) fn write_json(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        let record = serde_json::json!({ "puzzle": board_text(game, Format::Json) });
        out.push_str(&record.to_string());
        out.push('\n');
    }
    out
}
