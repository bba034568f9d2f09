//! Sudoku puzzle files in the formats players move puzzles between apps with: SadMan
//! Sudoku's `.sdk` and `.sdm`, Simple Sudoku's `.ss`, OpenSudoku's XML, the ipuz JSON
//! standard, HoDoKu's text formats, and the workspace's own 81/729-character lines and JSON
//! records.
//!
//! - [`Format`]: the formats by name ([`FromStr`](std::str::FromStr) and `Display`), by file
//!   extension ([`Format::from_extension`]), and what each holds ([`Format::retain`]);
//! - [`read`]: every puzzle of a file as a [`Game`] (givens, placed digits, pencil marks,
//!   solution, [`Meta`]data) with its line, one result per puzzle, so a bad puzzle never
//!   loses the good ones; a [`FormatError`] names the line and field that is wrong;
//! - [`write()`]: games in a format ([`WriteError`] when a one-puzzle format gets several);
//! - [`Game::board`]: the [`Board`](sudoku_core::Board) every solver of the workspace takes.
//!
//! Nothing here panics on any input: every reader is tested on random bytes.
//!
//! # Example
//!
//! ```
//! use sudoku_formats::{Format, read, write};
//!
//! let sdm = "400000805030000000000700000020000060000080400000010000000603070500200000104000000\n";
//! let games: Vec<_> = read(sdm.as_bytes(), Format::Sdm).into_iter().map(|r| r.map(|i| i.game)).collect::<Result<_, _>>()?;
//! let ipuz = write(&games, Format::Ipuz)?;
//! assert!(ipuz.contains("\"kind\": [\"http://ipuz.org/sudoku#1\"]"));
//! let back = read(ipuz.as_bytes(), Format::Ipuz).remove(0)?.game;
//! assert_eq!(back, games[0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod error;
mod format;
mod game;
mod hodoku;
mod ipuz;
mod line;
mod opensudoku;
mod sadman;
mod ss;
mod text;

pub use error::{FormatError, FormatErrorKind, WriteError};
pub use format::{Format, UnknownFormat};
pub use game::{Game, Item, Marks, Meta};
pub use hodoku::pm_grid;

/// Reads every puzzle of `bytes` in `format`: one result per puzzle, in file order, each with
/// the line it starts on. A bad puzzle is an error naming its line (and field) and the others
/// are still read; an XML or JSON container that does not parse is one error. Empty input (or
/// only comments) gives no result.
///
/// # Examples
///
/// ```
/// use sudoku_formats::{Format, read};
/// let text = "400000805030000000000700000020000060000080400000010000000603070500200000104000000
/// 40000080503000000000070000002000006000008040000001000000060307050020000010400000x
/// 520006000000000701300000000000400800600000050000000000041800000000030020008700000
/// ";
/// let results = read(text.as_bytes(), Format::Sdm);
/// assert_eq!(results.len(), 3);
/// assert_eq!(results[1].as_ref().unwrap_err().to_string(), "line 2: invalid character 'x' at line 2, column 81");
/// assert_eq!(results[2].as_ref().unwrap().line, 3);
/// ```
#[must_use]
pub fn read(bytes: &[u8], format: Format) -> Vec<Result<Item, FormatError>> {
    match format {
        Format::Sdk => sadman::read_sdk(bytes),
        Format::Sdm => sadman::read_sdm(bytes),
        Format::Ss => ss::read(bytes),
        Format::OpenSudoku => opensudoku::read(bytes),
        Format::Ipuz => ipuz::read(bytes),
        Format::Hodoku => hodoku::read(bytes),
        Format::Line => line::read(bytes),
        Format::Json => line::read_json(bytes),
    }
}

/// Writes `games` in `format`, with what the format holds of each ([`Format::retain`]).
///
/// # Errors
///
/// [`WriteError::OnePuzzle`] when a format that holds one puzzle per file (`sdk`, `ss`,
/// `ipuz`) gets other than one game.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_formats::{Format, Game, write};
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let ss = write(&[Game::new(puzzle)], Format::Ss)?;
/// assert_eq!(ss.lines().next(), Some("4..|...|8.5"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(games: &[Game], format: Format) -> Result<String, WriteError> {
    if format.holds_one() && games.len() != 1 {
        return Err(WriteError::OnePuzzle { format, count: games.len() });
    }
    Ok(match format {
        Format::Sdk => sadman::write_sdk(&games[0]),
        Format::Sdm => sadman::write_sdm(games),
        Format::Ss => ss::write(&games[0]),
        Format::OpenSudoku => opensudoku::write(games),
        Format::Ipuz => ipuz::write(&games[0]),
        Format::Hodoku => hodoku::write(games),
        Format::Line => line::write(games),
        Format::Json => line::write_json(games),
    })
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
