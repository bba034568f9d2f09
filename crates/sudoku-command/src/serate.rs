//! `sudoku rate --format FMT`, `--diamond`, `--pearl`: Sudoku Explainer's `serate` command
//! line, so that a script that calls `serate` works by changing the command.
//!
//! The conversions are serate's: `%g` the puzzle (81 characters, `.` for blanks; pencil marks
//! as their 729 characters), `%r` ER,
//! `%p` EP, `%d` ED, `%e` the time the puzzle took (serate's form: `0.15s`, `2m05s`, `1h05m`,
//! `2d03h`), `%n` the puzzle's ordinal from 1, `%%` a `%`. With `--diamond` (`--pearl`) the
//! rating stops at the first step harder than ED (EP) once that is known, as serate's does
//! ([`sudoku_logic::EarlyStop`]): the puzzle is not a diamond (pearl), and ER is written 20.0,
//! with EP 0.0 if no digit was placed yet. A puzzle that cannot be rated (several solutions, none, over budget) is written
//! with 0.0 ratings, serate's "processing error", and the reason goes to stderr; a line that
//! is not a puzzle is not written (serate skips it), only reported on stderr.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use sudoku_core::Board;
use sudoku_logic::{LogicalSolver, SeRating};

use crate::template::{self, Piece};

/// A conversion of serate's `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    Grid,
    Er,
    Ep,
    Ed,
    Elapsed,
    Ordinal,
}

/// serate's conversions.
const FIELDS: [(char, Field); 6] = [
    ('g', Field::Grid),
    ('r', Field::Er),
    ('p', Field::Ep),
    ('d', Field::Ed),
    ('e', Field::Elapsed),
    ('n', Field::Ordinal),
];

/// A parsed `--format`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Format(Vec<Piece<Field>>);

/// serate's default format.
pub(crate) const DEFAULT_FORMAT: &str = "%r/%p/%d";

impl Format {
    /// Reads a format; an unknown conversion or a lone `%` at the end is an error.
    pub(crate) fn parse(s: &str) -> anyhow::Result<Format> {
        template::parse(s, &FIELDS).map(Format)
    }

    /// The line of a rated puzzle (without the newline).
    pub(crate) fn line(&self, row: &Row, ordinal: u64) -> String {
        let mut out = String::new();
        let r = row.rating.unwrap_or_default();
        for piece in &self.0 {
            let _ = match piece {
                Piece::Text(t) => write!(out, "{t}"),
                Piece::Field(Field::Grid) => write!(out, "{}", row.puzzle),
                Piece::Field(Field::Er) => write!(out, "{:.1}", r.er),
                Piece::Field(Field::Ep) => write!(out, "{:.1}", r.ep),
                Piece::Field(Field::Ed) => write!(out, "{:.1}", r.ed),
                Piece::Field(Field::Elapsed) => write!(out, "{}", elapsed(row.elapsed)),
                Piece::Field(Field::Ordinal) => write!(out, "{ordinal}"),
            };
        }
        out
    }
}

/// A duration as serate writes it: seconds with hundredths under a minute (`0.15s`), then
/// minutes and seconds (`2m05s`), hours and minutes (`1h05m`), days and hours (`2d03h`).
pub(crate) fn elapsed(d: Duration) -> String {
    let hundredths = d.as_millis() / 10;
    let s = hundredths / 100;
    match s {
        0..60 => format!("{s}.{:02}s", hundredths % 100),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        3600..86400 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        _ => format!("{}d{:02}h", s / 86400, s % 86400 / 3600),
    }
}

/// A rated puzzle: the puzzle, ER/EP/ED (`None` if it could not be rated, with the reason:
/// its code and message), and the time it took.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub(crate) puzzle: Board,
    pub(crate) rating: Option<SeRating>,
    pub(crate) failure: Option<(&'static str, String)>,
    pub(crate) elapsed: Duration,
}

/// Rates a puzzle as serate does: the whole path, or until the puzzle is known not to be a
/// diamond or a pearl (`solver`'s [`EarlyStop`](sudoku_logic::EarlyStop); ER is then 20.0).
pub(crate) fn rate(solver: &LogicalSolver, puzzle: Board) -> Row {
    let started = Instant::now();
    let path = solver.solve(&puzzle);
    let (rating, failure) = match path {
        Ok(path) => (Some(path.rating), None),
        Err(e) => (None, Some((e.code(), e.to_string()))),
    };
    Row { puzzle, rating, failure, elapsed: started.elapsed() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_read_serate_conversions() {
        let f = Format::parse("%n %g %r/%p/%d %e 100%%").expect("valid");
        let row = Row {
            puzzle:
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                    .parse()
                    .expect("puzzle"),
            rating: Some(SeRating { er: 7.1, ep: 1.2, ed: 1.2 }),
            failure: None,
            elapsed: Duration::from_millis(1234),
        };
        assert_eq!(
            f.line(&row, 3),
            "3 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 7.1/1.2/1.2 1.23s 100%"
        );
        assert!(Format::parse("%x").is_err());
        assert!(Format::parse("50%").is_err());
        assert_eq!(Format::parse(DEFAULT_FORMAT).expect("valid").0.len(), 5);
    }

    #[test]
    fn elapsed_times_read_as_serate_writes_them() {
        let ms = Duration::from_millis;
        assert_eq!(elapsed(ms(150)), "0.15s");
        assert_eq!(elapsed(ms(59_999)), "59.99s");
        assert_eq!(elapsed(ms(125_000)), "2m05s");
        assert_eq!(elapsed(ms(3_900_000)), "1h05m");
        assert_eq!(elapsed(ms(183_600_000)), "2d03h");
    }

    /// Ratings measured with serate 1.2.1.3 (`--diamond`, `--pearl` and neither) on puzzles
    /// that are a diamond, a pearl and neither.
    #[test]
    fn early_stops_give_serate_ratings() {
        use sudoku_logic::EarlyStop;
        let solver = LogicalSolver::default();
        let cases = [
            // puzzle, whole path, --diamond, --pearl
            (
                "....41...9..5...81.7...96.....4.....3..6..14..8.1....3......83579.........2....1.",
                "2.6/2.6/2.6",
                "2.6/2.6/2.6",
                "2.6/2.6/2.6",
            ),
            (
                "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7",
                "2.8/2.8/2.6",
                "20.0/0.0/2.6",
                "2.8/2.8/2.6",
            ),
            (
                "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3.............",
                "4.5/3.4/2.6",
                "20.0/0.0/2.6",
                "20.0/3.4/2.6",
            ),
            (
                ".1.....8..738.1..6.8539...1....78.6....1.9...138..2......2..4.9.6...7.2..........",
                "2.3/1.2/1.2",
                "20.0/1.2/1.2",
                "20.0/1.2/1.2",
            ),
        ];
        for (p, whole, diamond, pearl) in cases {
            let grid: Board = p.parse().expect("puzzle");
            let got = |stop| {
                let solver = solver.clone().with_early_stop(stop);
                rate(&solver, grid).rating.expect("rated").to_string()
            };
            assert_eq!(got(EarlyStop::Never), whole, "{p}");
            assert_eq!(got(EarlyStop::NotDiamond), diamond, "{p}");
            assert_eq!(got(EarlyStop::NotPearl), pearl, "{p}");
        }
    }
}
