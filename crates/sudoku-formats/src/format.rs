//! The formats by name, what each holds, and which a file is in.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Cell, Grid};

use crate::{Game, Marks, Meta};

/// A puzzle file format.
///
/// | name | what it is | one puzzle per file |
/// |---|---|---|
/// | `sdk` | SadMan Sudoku: 9 rows, `.` for blanks, `#A`-style header lines | yes |
/// | `sdm` | SadMan multi-puzzle: one 81-character line per puzzle | no |
/// | `ss` | Simple Sudoku: 9 rows in 3x3 blocks with `|` and `-` separators | yes |
/// | `opensudoku` | OpenSudoku's XML: `<opensudoku>` with `<game data="..."/>` entries | no |
/// | `ipuz` | the ipuz JSON standard, kind `http://ipuz.org/sudoku#1` | yes |
/// | `hodoku` | HoDoKu's text: `+d` for placed digits, its library lines, its pm grid | no |
/// | `line` | 81 or 729 characters a line (and 9-line blocks), as every command reads | no |
/// | `json` | JSON lines with a `puzzle` field, as every command writes them | no |
///
/// # Examples
///
/// ```
/// use sudoku_formats::Format;
/// let f: Format = "opensudoku".parse()?;
/// assert_eq!(f, Format::OpenSudoku);
/// assert_eq!(f.to_string(), "opensudoku");
/// assert_eq!(Format::from_extension("IPUZ"), Some(Format::Ipuz));
/// assert_eq!(Format::from_path("collection.sdm"), Some(Format::Sdm));
/// # Ok::<(), sudoku_formats::UnknownFormat>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Format {
    /// SadMan Sudoku's `.sdk`.
    Sdk,
    /// SadMan Sudoku's multi-puzzle `.sdm`.
    Sdm,
    /// Simple Sudoku's `.ss`.
    Ss,
    /// OpenSudoku's XML (`.opensudoku`).
    OpenSudoku,
    /// The ipuz JSON standard (`.ipuz`).
    Ipuz,
    /// HoDoKu's text formats.
    Hodoku,
    /// 81 or 729 characters a line.
    Line,
    /// JSON lines as the `sudoku` command writes them.
    Json,
}

/// A format name that is none of [`Format::ALL`].
///
/// # Examples
///
/// ```
/// use sudoku_formats::Format;
/// let e = "pdf".parse::<Format>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown format \"pdf\": use sdk, sdm"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {0:?}: use {names}", names = Format::ALL.map(Format::name).join(", "))]
pub struct UnknownFormat(pub String);

impl Format {
    /// Every format, in the order of the table above.
    pub const ALL: [Format; 8] = [
        Format::Sdk,
        Format::Sdm,
        Format::Ss,
        Format::OpenSudoku,
        Format::Ipuz,
        Format::Hodoku,
        Format::Line,
        Format::Json,
    ];

    /// The format's name, as [`FromStr`] reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_formats::Format;
    /// assert_eq!(Format::Hodoku.name(), "hodoku");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Sdk => "sdk",
            Format::Sdm => "sdm",
            Format::Ss => "ss",
            Format::OpenSudoku => "opensudoku",
            Format::Ipuz => "ipuz",
            Format::Hodoku => "hodoku",
            Format::Line => "line",
            Format::Json => "json",
        }
    }

    /// The format of a file extension (without the dot, any case): `sdk`, `sdm`, `ss`,
    /// `opensudoku`, `ipuz`, `json` and `jsonl`, `txt`; HoDoKu's text has no extension of its
    /// own.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_formats::Format;
    /// assert_eq!(Format::from_extension("jsonl"), Some(Format::Json));
    /// assert_eq!(Format::from_extension("hsol"), None);
    /// ```
    #[must_use]
    pub fn from_extension(extension: &str) -> Option<Format> {
        Some(match extension.to_ascii_lowercase().as_str() {
            "sdk" => Format::Sdk,
            "sdm" => Format::Sdm,
            "ss" => Format::Ss,
            "opensudoku" => Format::OpenSudoku,
            "ipuz" => Format::Ipuz,
            "json" | "jsonl" => Format::Json,
            "txt" => Format::Line,
            _ => return None,
        })
    }

    /// The format of a file by its extension ([`Format::from_extension`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_formats::Format;
    /// assert_eq!(Format::from_path("dir/puzzle.SS"), Some(Format::Ss));
    /// assert_eq!(Format::from_path("README"), None);
    /// ```
    #[must_use]
    pub fn from_path(path: impl AsRef<std::path::Path>) -> Option<Format> {
        Format::from_extension(path.as_ref().extension()?.to_str()?)
    }

    /// Whether a file of this format holds one puzzle (`sdk`, `ss`, `ipuz`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_formats::Format;
    /// assert!(Format::Ipuz.holds_one() && !Format::Sdm.holds_one());
    /// ```
    #[must_use]
    pub const fn holds_one(self) -> bool {
        matches!(self, Format::Sdk | Format::Ss | Format::Ipuz)
    }

    /// A guess at the format of a text by its first characters: `<` is OpenSudoku's XML, a
    /// JSON object naming ipuz is ipuz and any other `{` JSON lines, HoDoKu's library lines
    /// (`:`), pm grids (`.---`) and a first line with `+d` digits are HoDoKu's, and anything
    /// else is lines.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_formats::Format;
    /// assert_eq!(Format::guess(b"<?xml version=\"1.0\"?><opensudoku/>"), Format::OpenSudoku);
    /// assert_eq!(Format::guess(b"{\"puzzle\":null}"), Format::Json);
    /// assert_eq!(Format::guess(b"4.....8.5.3.."), Format::Line);
    /// assert_eq!(Format::guess(b"------+------+------\n"), Format::Line);
    /// assert_eq!(Format::guess(b"4+9....8.5.3.."), Format::Hodoku);
    /// ```
    #[must_use]
    pub fn guess(text: &[u8]) -> Format {
        let head = &text[..text.len().min(4096)];
        let head = String::from_utf8_lossy(head);
        let start = head.trim_start_matches('\u{feff}').trim_start();
        let first_line = start.lines().next().unwrap_or("");
        if start.starts_with('<') {
            Format::OpenSudoku
        } else if start.starts_with('{') {
            if head.contains("ipuz.org") { Format::Ipuz } else { Format::Json }
        } else if start.starts_with(':')
            || start.starts_with(".--")
            || first_line.as_bytes().windows(2).any(|w| w[0] == b'+' && w[1].is_ascii_digit())
        {
            Format::Hodoku
        } else {
            Format::Line
        }
    }

    /// What of `game` this format holds: writing `game` and reading it back gives exactly
    /// this (the tests check it for every format).
    ///
    /// - `sdk`: the givens and the SadMan header fields (author, description, comment, date,
    ///   source, level, URL);
    /// - `sdm`, `ss`: the givens;
    /// - `opensudoku`: givens, placed digits, pencil marks (notes) on empty cells, the title
    ///   (as the folder's name) and the comment (the game's note);
    /// - `ipuz`: everything: givens, placed digits and marks (`saved`), the solution, and
    ///   every field of [`Meta`];
    /// - `hodoku`: givens, placed digits, and pencil marks as far as they are among the
    ///   candidates the digits leave (HoDoKu writes the candidates deleted from those);
    /// - `line`, `json`: the givens; with marks, the 729-character form, in which every digit
    ///   and every cell with one mark is read back as a given, and the other cells keep their
    ///   marks less the digits of their peers.
    ///
    /// Marks that are all empty, or (HoDoKu) no more than the digits leave anyway, are the same
    /// as no marks.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Grid};
    /// use sudoku_formats::{Format, Game};
    /// let mut game = Game::new(Grid::EMPTY);
    /// game.placed.set(Cell::new(0).unwrap(), Digit::new(5));
    /// game.meta.title = Some("t".into());
    /// assert_eq!(Format::Sdm.retain(&game), Game::new(Grid::EMPTY));
    /// assert_eq!(Format::Ipuz.retain(&game), game);
    /// ```
    #[must_use]
    pub fn retain(self, game: &Game) -> Game {
        let digits = game.digits();
        let marks =
            game.marks.filter(|m| digits.empty_cells().iter().any(|c| !m.get(c).is_empty()));
        let clear = |m: Marks| {
            let mut out = Marks::EMPTY;
            for cell in digits.empty_cells() {
                out.set(cell, m.get(cell));
            }
            out
        };
        let marks = marks.map(clear);
        match self {
            Format::Sdk => Game {
                meta: Meta {
                    author: game.meta.author.clone(),
                    description: game.meta.description.clone(),
                    comment: game.meta.comment.clone(),
                    date: game.meta.date.clone(),
                    source: game.meta.source.clone(),
                    difficulty: game.meta.difficulty.clone(),
                    url: game.meta.url.clone(),
                    ..Meta::default()
                },
                ..Game::new(game.givens)
            }
            .map_meta(one_line),
            Format::Sdm | Format::Ss => Game::new(game.givens),
            Format::OpenSudoku => Game {
                placed: game.placed,
                marks,
                meta: Meta {
                    title: game.meta.title.clone().filter(|t| !t.is_empty()),
                    comment: game.meta.comment.clone().filter(|t| !t.is_empty()),
                    ..Meta::default()
                },
                ..Game::new(game.givens)
            },
            Format::Ipuz => Game { marks, ..game.clone() },
            Format::Hodoku => {
                let defaults = Marks::defaults(&digits);
                let marks = marks.map(|m| {
                    let mut out = Marks::EMPTY;
                    for cell in digits.empty_cells() {
                        out.set(cell, m.get(cell).intersection(defaults.get(cell)));
                    }
                    out
                });
                Game {
                    placed: game.placed,
                    marks: marks.filter(|m| *m != defaults),
                    ..Game::new(game.givens)
                }
            }
            Format::Line | Format::Json => match marks {
                None => Game::new(game.givens),
                Some(m) => line_marks(&digits, &m),
            },
        }
    }
}

impl Game {
    /// The game with every metadata field passed through `f`.
    fn map_meta(mut self, f: fn(String) -> Option<String>) -> Game {
        let m = &mut self.meta;
        for field in [
            &mut m.title,
            &mut m.author,
            &mut m.description,
            &mut m.comment,
            &mut m.date,
            &mut m.source,
            &mut m.difficulty,
            &mut m.url,
            &mut m.copyright,
        ] {
            *field = field.take().and_then(f);
        }
        self
    }
}

/// A header field as a one-line format keeps it: line breaks become spaces, the ends are
/// trimmed, and an empty field is no field.
pub(crate) fn one_line(text: String) -> Option<String> {
    let joined = text.split(['\n', '\r']).collect::<Vec<_>>().join(" ");
    let trimmed = joined.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// What the 729-character form keeps of `digits` and `marks`: every digit and every cell with
/// one mark become givens, and the other cells keep their marks less their peers' digits.
fn line_marks(digits: &Grid, marks: &Marks) -> Game {
    // What is printed is read back as it stands: a cell left with one mark once its peers'
    // digits are gone prints as that digit, a given. Repeat until none is left.
    let mut givens = *digits;
    let mut out = Marks::EMPTY;
    loop {
        let mut changed = false;
        for cell in givens.empty_cells() {
            let mut set = marks.get(cell);
            for peer in cell.peers() {
                if let Some(d) = givens.get(peer) {
                    set.remove(d);
                }
            }
            out.set(cell, set);
            if let Some(d) = set.as_single() {
                givens.set(cell, Some(d));
                out.set(cell, sudoku_core::DigitSet::EMPTY);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let any = Cell::all().any(|c| !out.get(c).is_empty());
    Game { marks: any.then_some(out), ..Game::new(givens) }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        let lower = name.to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.name() == lower)
            .ok_or_else(|| UnknownFormat(name.to_string()))
    }
}
