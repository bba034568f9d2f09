//! Puzzle file formats (`sudoku-formats`): `read_games` and `convert`, as `sudoku convert` and
//! `--from` read and write them.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_formats::{Format, FormatError, Game, read, write};

use crate::errors::Fail;

/// A format by name, or `ValueError` listing the names.
fn format_of(name: &str) -> PyResult<Format> {
    name.parse().map_err(|e: sudoku_formats::UnknownFormat| {
        pyo3::exceptions::PyValueError::new_err(e.to_string())
    })
}

/// A bad entry: `InvalidPuzzleError` at its line, with the field it names in the message.
fn fail(e: &FormatError) -> Fail {
    let mut f = Fail::new("invalid", e.detail());
    f.line = Some(e.line);
    f
}

/// A game as a dict: its `line`, `puzzle` (the board every function takes: 729 characters with
/// pencil marks, else 81 with every digit), `givens`, `placed`, `marks` (729 characters or
/// `None`), `solution` (or `None`) and the metadata fields the file has.
fn game_dict<'py>(py: Python<'py>, line: usize, game: &Game) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("line", line)?;
    d.set_item("puzzle", game.board().to_string())?;
    d.set_item("givens", game.givens.to_string())?;
    d.set_item("placed", game.placed.to_string())?;
    d.set_item("marks", game.marks.map(|_| game.board().to_string()))?;
    d.set_item("solution", game.solution.map(|s| s.to_string()))?;
    let m = &game.meta;
    for (key, value) in [
        ("title", &m.title),
        ("author", &m.author),
        ("description", &m.description),
        ("comment", &m.comment),
        ("date", &m.date),
        ("source", &m.source),
        ("difficulty", &m.difficulty),
        ("url", &m.url),
        ("copyright", &m.copyright),
    ] {
        if let Some(v) = value {
            d.set_item(key, v)?;
        }
    }
    Ok(d)
}

/// The puzzles of a text in a format (``sdk``, ``sdm``, ``ss``, ``opensudoku``, ``ipuz``,
/// ``hodoku``, ``line``, ``json``), one dict each: ``line``, ``puzzle`` (what every function
/// takes), ``givens``, ``placed``, ``marks``, ``solution`` and the file's metadata. A bad entry
/// raises ``InvalidPuzzleError`` naming its line and field (``invalid="raise"``), is left out
/// (``"skip"``) or comes as ``{"line", "puzzle": None, "error": message}`` (``"keep"``).
///
/// >>> games = read_games("#ABob\n" + "4.....8.5\n" + ".........\n" * 8, "sdk")
/// >>> games[0]["author"], games[0]["givens"][:9], games[0]["marks"]
/// ('Bob', '4.....8.5', None)
#[pyfunction]
#[pyo3(signature = (text, format, *, invalid = "raise"))]
fn read_games(
    py: Python<'_>,
    text: &str,
    format: &str,
    invalid: &str,
) -> PyResult<Vec<Py<PyDict>>> {
    let format = format_of(format)?;
    if !matches!(invalid, "raise" | "skip" | "keep") {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "invalid must be \"raise\", \"skip\" or \"keep\", not {invalid:?}"
        )));
    }
    let mut out = Vec::new();
    for result in read(text.as_bytes(), format) {
        match result {
            Ok(item) => out.push(game_dict(py, item.line, &item.game)?.unbind()),
            Err(e) if invalid == "raise" => return Err(fail(&e).into_err(py)),
            Err(_) if invalid == "skip" => {}
            Err(e) => {
                let d = PyDict::new(py);
                d.set_item("line", e.line)?;
                d.set_item("puzzle", py.None())?;
                d.set_item("error", e.detail())?;
                out.push(d.unbind());
            }
        }
    }
    Ok(out)
}

/// The puzzles of ``text`` written in format ``to``, read in ``format`` (guessed from the
/// text's first characters when ``None``), keeping what ``to`` holds, as ``sudoku convert``
/// does. A bad entry raises ``InvalidPuzzleError`` naming its line and field; several puzzles
/// for a one-puzzle format (``sdk``, ``ss``, ``ipuz``) raise ``ValueError``.
///
/// >>> print(convert("4+9" + "." * 79, "opensudoku", format="hodoku").splitlines()[3].strip()[:33])
/// <game data="version: 3&#10;4|0|0|
#[pyfunction]
#[pyo3(signature = (text, to, *, format = None))]
fn convert(py: Python<'_>, text: &str, to: &str, format: Option<&str>) -> PyResult<String> {
    let to = format_of(to)?;
    let from = match format {
        Some(name) => format_of(name)?,
        None => Format::guess(text.as_bytes()),
    };
    let mut games = Vec::new();
    for result in read(text.as_bytes(), from) {
        games.push(result.map_err(|e| fail(&e).into_err(py))?.game);
    }
    write(&games, to).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
