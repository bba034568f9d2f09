//! The ipuz JSON standard, Sudoku kind (`http://ipuz.org/sudoku#1`): the fields every ipuz file
//! needs (`version`, `kind`), the one the Sudoku kind needs (`puzzle`, rows of givens: a
//! digit, `0` or the `empty` value for a blank, or `{"given": digit}`), and the optional
//! `saved` (the player's digits, and lists of candidates for pencil marks), `solution`,
//! `charset` (the nine symbols of the digits), and the metadata fields.

use std::fmt::Write as _;

use serde_json::Value;
use sudoku_core::{Cell, Digit, DigitSet, Grid};

use crate::error::shorten;
use crate::text::{line_of_key, whole};
use crate::{Format, FormatError, FormatErrorKind, Game, Item, Marks};

/// The version this crate writes.
pub(crate) const VERSION: &str = "http://ipuz.org/v2";
/// The kind this crate writes.
pub(crate) const KIND: &str = "http://ipuz.org/sudoku#1";

/// The metadata fields of ipuz and where they go.
const META: [(&str, crate::game::MetaField); 9] = [
    ("title", |m| &mut m.title),
    ("author", |m| &mut m.author),
    ("copyright", |m| &mut m.copyright),
    ("publisher", |m| &mut m.source),
    ("date", |m| &mut m.date),
    ("difficulty", |m| &mut m.difficulty),
    ("intro", |m| &mut m.description),
    ("notes", |m| &mut m.comment),
    ("url", |m| &mut m.url),
];

/// Reads one ipuz puzzle (JSON, or JSONP: `ipuz({...})`).
pub(crate) fn read(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let text = match whole(bytes) {
        Ok(t) => t,
        Err(e) => return vec![Err(e)],
    };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Vec::new();
    }
    let body = match (trimmed.ends_with(')'), trimmed.find('('), trimmed.rfind(')')) {
        (true, Some(open), Some(close)) if open < close && !trimmed.starts_with('{') => {
            &trimmed[open + 1..close]
        }
        _ => text,
    };
    let value: Value = match serde_json::from_str(body) {
        Ok(v) => v,
        Err(e) => {
            let kind = FormatErrorKind::Syntax { what: "JSON", message: e.to_string() };
            return vec![Err(FormatError::at(e.line().max(1), kind))];
        }
    };
    vec![read_value(text, &value).map(|game| Item { line: 1, game })]
}

/// The cells of a grid field: 9 rows of 9 values.
fn rows<'a>(text: &str, name: &str, value: &'a Value) -> Result<Vec<&'a Value>, FormatError> {
    let bad = || {
        let kind = FormatErrorKind::BadValue {
            found: shorten(&value.to_string()),
            expected: "9 rows of 9 cells",
        };
        FormatError::field(line_of_key(text, name), name, kind)
    };
    let rows = value.as_array().filter(|r| r.len() == 9).ok_or_else(bad)?;
    let mut cells = Vec::with_capacity(81);
    for row in rows {
        let row = row.as_array().filter(|r| r.len() == 9).ok_or_else(bad)?;
        cells.extend(row.iter());
    }
    Ok(cells)
}

/// How a file spells its digits and blanks.
struct Symbols {
    charset: Vec<char>,
    empty: Value,
}

impl Symbols {
    /// A cell's value: `Some(0)` for a blank, `Some(d)` for a digit, `None` if it is neither.
    fn value(&self, v: &Value, key: &str) -> Option<u8> {
        if *v == self.empty {
            return Some(0);
        }
        match v {
            Value::Null => Some(0),
            Value::Number(n) => n.as_u64().filter(|&n| n <= 9).map(|n| n as u8),
            Value::String(s) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (None, _) => Some(0),
                    (Some(c), None) => match self.charset.iter().position(|&d| d == c) {
                        Some(i) => Some(i as u8 + 1),
                        None => matches!(c, '0' | '.' | '_' | ' ').then_some(0),
                    },
                    _ => None,
                }
            }
            Value::Object(o) => match o.get(key) {
                Some(inner) => self.value(inner, key),
                None => Some(0),
            },
            _ => None,
        }
    }
}

fn read_value(text: &str, value: &Value) -> Result<Game, FormatError> {
    let Some(obj) = value.as_object() else {
        let kind = FormatErrorKind::BadValue {
            found: shorten(&value.to_string()),
            expected: "a JSON object",
        };
        return Err(FormatError::at(1, kind));
    };
    let missing =
        |name: &str| FormatError::field(1, name, FormatErrorKind::Missing { format: Format::Ipuz });
    let bad = |name: &str, found: &Value, expected| {
        let kind = FormatErrorKind::BadValue { found: shorten(&found.to_string()), expected };
        FormatError::field(line_of_key(text, name), name, kind)
    };
    let version = obj.get("version").ok_or_else(|| missing("version"))?;
    if !version.as_str().is_some_and(|v| v.starts_with("http://ipuz.org/v")) {
        return Err(bad("version", version, "an ipuz version such as \"http://ipuz.org/v2\""));
    }
    let kind = obj.get("kind").ok_or_else(|| missing("kind"))?;
    let sudoku = kind.as_array().is_some_and(|ks| {
        ks.iter().any(|k| k.as_str().is_some_and(|k| k.starts_with("http://ipuz.org/sudoku")))
    });
    if !sudoku {
        return Err(bad("kind", kind, "a list naming \"http://ipuz.org/sudoku#1\""));
    }
    let charset = match obj.get("charset") {
        None => "123456789".chars().collect(),
        Some(Value::String(s)) if s.chars().count() == 9 => s.chars().collect(),
        Some(other) => return Err(bad("charset", other, "a string of 9 symbols")),
    };
    let symbols = Symbols { charset, empty: obj.get("empty").cloned().unwrap_or(Value::from(0)) };
    let puzzle = obj.get("puzzle").ok_or_else(|| missing("puzzle"))?;
    let cells = rows(text, "puzzle", puzzle)?;
    let mut givens = [0u8; 81];
    for (i, v) in cells.iter().enumerate() {
        givens[i] = symbols.value(v, "given").ok_or_else(|| {
            let field = format!("puzzle[{}][{}]", i / 9, i % 9);
            let kind = FormatErrorKind::BadValue {
                found: shorten(&v.to_string()),
                expected: "a digit, 0 or the empty value",
            };
            FormatError::field(line_of_key(text, "puzzle"), field, kind)
        })?;
    }
    let mut placed = [0u8; 81];
    let mut marks: Option<Marks> = None;
    if let Some(saved) = obj.get("saved") {
        let cells = rows(text, "saved", saved)?;
        let mut m = Marks::EMPTY;
        let mut any_list = false;
        for (i, v) in cells.iter().enumerate() {
            let cell_err = |found: &Value, expected| {
                let field = format!("saved[{}][{}]", i / 9, i % 9);
                let kind =
                    FormatErrorKind::BadValue { found: shorten(&found.to_string()), expected };
                FormatError::field(line_of_key(text, "saved"), field, kind)
            };
            if let Value::Array(list) = v {
                let mut set = DigitSet::EMPTY;
                for mark in list {
                    match symbols.value(mark, "value").and_then(Digit::new) {
                        Some(d) => {
                            set.insert(d);
                        }
                        None => return Err(cell_err(mark, "a candidate digit")),
                    }
                }
                if givens[i] == 0 {
                    m.set(Cell::new(i).expect("a cell"), set);
                    any_list = true;
                }
                continue;
            }
            let d = symbols
                .value(v, "value")
                .ok_or_else(|| cell_err(v, "a digit, 0, or a list of candidates"))?;
            if givens[i] == 0 {
                placed[i] = d;
            } else if d != 0 && d != givens[i] {
                return Err(cell_err(v, "the given's own digit on a given"));
            }
        }
        marks = any_list.then_some(m);
    }
    let mut game = Game::from_cells(givens, placed)
        .map_err(|k| FormatError::field(line_of_key(text, "puzzle"), "puzzle", k))?;
    game.marks = marks;
    if let Some(solution) = obj.get("solution") {
        let cells = rows(text, "solution", solution)?;
        let mut values = [0u8; 81];
        for (i, v) in cells.iter().enumerate() {
            values[i] =
                symbols.value(v, "value").ok_or_else(|| bad("solution", v, "a digit or 0"))?;
        }
        let grid = Grid::try_from_bytes(values)
            .map_err(|e| FormatError::field(line_of_key(text, "solution"), "solution", e.into()))?;
        game.solution = Some(grid);
    }
    for (name, field) in META {
        match obj.get(name) {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) => *field(&mut game.meta) = Some(s.clone()),
            Some(other) => return Err(bad(name, other, "a string")),
        }
    }
    Ok(game)
}

/// A grid as ipuz rows: each cell through `cell`.
fn grid_rows(out: &mut String, name: &str, cell: impl Fn(Cell) -> Value) {
    let _ = writeln!(out, "  \"{name}\": [");
    for r in 0..9 {
        let row: Vec<Value> = (0..9).map(|c| cell(Cell::from_row_col(r, c))).collect();
        let comma = if r < 8 { "," } else { "" };
        let _ = writeln!(out, "    {}{comma}", Value::Array(row));
    }
    out.push_str("  ],\n");
}

/// Writes one puzzle as an ipuz file of the Sudoku kind.
pub(crate) fn write(game: &Game) -> String {
    let game = Format::Ipuz.retain(game);
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"version\": {},", Value::from(VERSION));
    let _ = writeln!(out, "  \"kind\": [{}],", Value::from(KIND));
    let mut meta = game.meta.clone();
    for (name, field) in META {
        if let Some(s) = field(&mut meta) {
            let _ = writeln!(out, "  \"{name}\": {},", Value::from(s.as_str()));
        }
    }
    out.push_str("  \"charset\": \"123456789\",\n  \"displaycharset\": true,\n  \"boxes\": true,\n  \"empty\": 0,\n");
    let digit = |d: Option<Digit>| Value::from(d.map_or(0, Digit::get));
    grid_rows(&mut out, "puzzle", |c| digit(game.givens.get(c)));
    if !game.placed.filled_cells().is_empty() || game.marks.is_some() {
        let all = game.digits();
        grid_rows(&mut out, "saved", |c| match (all.get(c), &game.marks) {
            (Some(d), _) => Value::from(d.get()),
            (None, Some(m)) => {
                Value::Array(m.get(c).iter().map(|d| Value::from(d.get())).collect())
            }
            (None, None) => Value::from(0),
        });
    }
    if let Some(solution) = &game.solution {
        grid_rows(&mut out, "solution", |c| digit(solution.get(c)));
    }
    // The last field ends without a comma.
    let end = out.trim_end_matches(['\n', ',']).len();
    out.truncate(end);
    out.push_str("\n}\n");
    out
}
