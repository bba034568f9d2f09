//! HoDoKu's text formats: its 81-character form with `+` before each placed digit (a given
//! has none), its library lines (`:code:candidates:grid:deleted:eliminations:placements:`,
//! the grid in the `+` form and the candidates deleted from those the digits leave, as
//! `<digit><row><column>` entries), and its pm grid (the pencil-mark grid it prints, one cell
//! a group of digits, `|` between boxes).

use std::fmt::Write as _;

use sudoku_core::{Cell, Digit, DigitSet, ParseGridError};

use crate::error::shorten;
use crate::text::lines;
use crate::{Format, FormatError, FormatErrorKind, Game, Item, Marks};

/// Reads every puzzle: one per `+`-form or library line, or one per pm grid.
pub(crate) fn read(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let mut out = Vec::new();
    let mut pm: Option<PmGrid> = None;
    for (line, text) in lines(bytes) {
        let text = match text {
            Ok(t) => t.trim(),
            Err(e) => {
                out.extend(pm.take().map(PmGrid::finish));
                out.push(Err(e));
                continue;
            }
        };
        if is_pm_border(text) {
            continue;
        }
        if text.starts_with('|') {
            let grid =
                pm.get_or_insert_with(|| PmGrid { start: line, cells: Vec::new(), error: None });
            grid.row(text, line);
            if grid.cells.len() >= 81 || grid.error.is_some() && grid.rows() >= 9 {
                out.extend(pm.take().map(PmGrid::finish));
            }
            continue;
        }
        out.extend(pm.take().map(PmGrid::finish));
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let result =
            if text.starts_with(':') { library(text, line) } else { plus_form(text, line, 0) };
        out.push(result.map(|game| Item { line, game }));
    }
    out.extend(pm.take().map(PmGrid::finish));
    out
}

/// The border lines of a pm grid: `.---.---.`, `:---+---:`, `'---'---'`.
fn is_pm_border(text: &str) -> bool {
    text.len() > 1
        && text.contains("--")
        && text.chars().all(|c| matches!(c, '.' | ':' | '\'' | '-' | '+' | ' '))
}

/// The `+` form: 81 cells, `+` before a placed digit; `column` is where `text` starts in its line.
fn plus_form(text: &str, line: usize, column: usize) -> Result<Game, FormatError> {
    let word = text.split_whitespace().next().unwrap_or("");
    let (mut givens, mut placed) = ([0u8; 81], [0u8; 81]);
    let mut n = 0;
    let mut plus = false;
    for (i, ch) in word.chars().enumerate() {
        if ch == '+' && !plus {
            plus = true;
            continue;
        }
        let Some(v) = crate::text::cell_value(ch).filter(|&v| !plus || v != 0) else {
            let e = ParseGridError::InvalidChar { ch, line, column: column + i + 1 };
            return Err(FormatError::at(line, e.into()));
        };
        if n < 81 {
            if plus { placed[n] = v } else { givens[n] = v }
        }
        plus = false;
        n += 1;
    }
    if n != 81 {
        return Err(FormatError::at(line, ParseGridError::WrongLength { len: n }.into()));
    }
    Game::from_cells(givens, placed).map_err(|k| FormatError::at(line, k))
}

/// A library line: its grid and the candidates it deletes; the technique fields are not kept.
fn library(text: &str, line: usize) -> Result<Game, FormatError> {
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() < 5 {
        let kind = FormatErrorKind::BadValue {
            found: shorten(text),
            expected: ":code:candidates:grid:deleted:eliminations:placements:",
        };
        return Err(FormatError::at(line, kind));
    }
    let grid_column = fields[..3].iter().map(|f| f.chars().count() + 1).sum::<usize>();
    let mut game = plus_form(fields[3], line, grid_column)
        .map_err(|e| FormatError { field: Some("grid".into()), ..e })?;
    let digits = game.digits();
    let defaults = Marks::defaults(&digits);
    let mut marks = defaults;
    let mut any = false;
    for entry in fields[4].split_whitespace() {
        let bad = || {
            let kind = FormatErrorKind::BadValue {
                found: shorten(entry),
                expected: "<digit><row><column> such as 436",
            };
            FormatError::field(line, "deleted", kind)
        };
        let b = entry.as_bytes();
        if b.len() != 3 || !b.iter().all(|c| (b'1'..=b'9').contains(c)) {
            return Err(bad());
        }
        let d = Digit::new(b[0] - b'0').expect("a digit");
        let cell = Cell::from_row_col(usize::from(b[1] - b'1'), usize::from(b[2] - b'1'));
        let mut set = marks.get(cell);
        if set.remove(d) {
            any = true;
        }
        marks.set(cell, set);
    }
    if any {
        game.marks = Some(marks);
    }
    Ok(game)
}

/// A pm grid being read.
struct PmGrid {
    start: usize,
    cells: Vec<DigitSet>,
    error: Option<FormatError>,
}

impl PmGrid {
    fn rows(&self) -> usize {
        self.cells.len() / 9
    }

    /// Adds a row (`| 19 7 169 | 2 156 3 | ...`); a bad row spoils the grid, reported once.
    fn row(&mut self, text: &str, line: usize) {
        let mut cells = Vec::with_capacity(9);
        let mut column = 0;
        for word in text.split(|c: char| c == '|' || c.is_whitespace()) {
            column += word.chars().count() + 1;
            if word.is_empty() {
                continue;
            }
            let mut set = DigitSet::EMPTY;
            for ch in word.chars() {
                match Digit::from_char(ch) {
                    Some(d) => {
                        set.insert(d);
                    }
                    None => {
                        let e = ParseGridError::InvalidChar {
                            ch,
                            line,
                            column: column - word.chars().count(),
                        };
                        self.error.get_or_insert(FormatError::at(line, e.into()));
                    }
                }
            }
            cells.push(set);
        }
        if cells.len() != 9 {
            let e = ParseGridError::WrongRowLength { line, len: cells.len() };
            self.error.get_or_insert(FormatError::at(line, e.into()));
            cells.resize(9, DigitSet::EMPTY);
        }
        self.cells.extend(cells);
    }

    /// The grid: cells with one digit are givens (a pm grid does not tell a given from a
    /// placed digit or a last candidate), the others keep their marks.
    fn finish(self) -> Result<Item, FormatError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.cells.len() < 81 {
            return Err(FormatError::at(
                self.start,
                FormatErrorKind::IncompleteGrid { rows: self.rows() },
            ));
        }
        let mut givens = [0u8; 81];
        let mut marks = Marks::EMPTY;
        for (i, set) in self.cells.iter().enumerate() {
            match set.as_single() {
                Some(d) => givens[i] = d.get(),
                None => marks.set(Cell::new(i).expect("a cell"), *set),
            }
        }
        let mut game =
            Game::from_cells(givens, [0; 81]).map_err(|k| FormatError::at(self.start, k))?;
        if Cell::all().any(|c| !marks.get(c).is_empty()) {
            game.marks = Some(marks);
        }
        Ok(Item { line: self.start, game })
    }
}

/// The `+` form of a game's digits.
fn plus(game: &Game) -> String {
    let mut out = String::with_capacity(100);
    for cell in Cell::all() {
        match (game.givens.get(cell), game.placed.get(cell)) {
            (Some(d), _) => out.push(d.to_char()),
            (None, Some(d)) => {
                out.push('+');
                out.push(d.to_char());
            }
            (None, None) => out.push('.'),
        }
    }
    out
}

/// Writes one line per game: with pencil marks, a library line (`:0000:x:grid:deleted:::`,
/// as HoDoKu copies a puzzle without a step), else the `+` form.
pub(crate) fn write(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        let game = Format::Hodoku.retain(game);
        match &game.marks {
            None => out.push_str(&plus(&game)),
            Some(marks) => {
                let defaults = Marks::defaults(&game.digits());
                let mut deleted = Vec::new();
                for cell in Cell::all() {
                    for d in defaults.get(cell).difference(marks.get(cell)) {
                        deleted.push(format!("{}{}{}", d.get(), cell.row() + 1, cell.col() + 1));
                    }
                }
                let _ = write!(out, ":0000:x:{}:{}:::", plus(&game), deleted.join(" "));
            }
        }
        out.push('\n');
    }
    out
}

/// HoDoKu's pm grid of a game: every cell's candidates (a digit alone where the grid has
/// one), columns as wide as their widest cell, boxes framed as HoDoKu prints them.
///
/// Read back ([`Format::Hodoku`]), a cell with one digit is a given: the pm grid does not tell
/// givens, placed digits and last candidates apart.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_formats::{Format, Game, pm_grid, read};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let text = pm_grid(&Game::new(puzzle));
/// assert!(text.starts_with(".---"));
/// let back = read(text.as_bytes(), Format::Hodoku).remove(0).unwrap().game;
/// assert_eq!(back.givens, puzzle);
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[must_use]
pub fn pm_grid(game: &Game) -> String {
    let digits = game.digits();
    let marks = game.marks.unwrap_or_else(|| Marks::defaults(&digits));
    let texts: Vec<String> = Cell::all()
        .map(|c| match digits.get(c) {
            Some(d) => d.to_string(),
            None => marks.get(c).to_string(),
        })
        .collect();
    let widths: Vec<usize> =
        (0..9).map(|c| (0..9).map(|r| texts[r * 9 + c].len()).max().unwrap_or(1).max(1)).collect();
    let border = |left: char, mid: char, right: char| {
        let mut s = String::new();
        s.push(left);
        for b in 0..3 {
            let w: usize = widths[b * 3..b * 3 + 3].iter().map(|w| w + 2).sum::<usize>() + 1;
            s.push_str(&"-".repeat(w));
            s.push(if b < 2 { mid } else { right });
        }
        s.push('\n');
        s
    };
    let mut out = border('.', '.', '.');
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for c in 0..9 {
            let _ = write!(out, " {:<w$} ", texts[r * 9 + c], w = widths[c]);
            if c % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}
