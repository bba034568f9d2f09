//! Reading many puzzles from a file, one result per puzzle.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::board::{is_marks_line, parse_board_line};
use crate::parse::{block_row_cells, is_block_row_with_typo};
use crate::{Board, Grid, ParseGridError};

/// Lines longer than this are reported as [`LineErrorKind::TooLong`] without being held in memory.
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// A puzzle read from a file, with the (1-based) line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The line the puzzle starts on.
    pub line: usize,
    /// The puzzle.
    pub grid: Grid,
}

/// A puzzle or pencil marks read from a file ([`BoardReader`]), with the (1-based) line it
/// starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The line it starts on.
    pub line: usize,
    /// The puzzle's givens, or the pencil marks.
    pub board: Board,
}

/// A puzzle that could not be read, with the (1-based) line it starts on.
///
/// # Examples
///
/// ```
/// use sudoku_core::PuzzleReader;
///
/// let text = "# comment\n12345\n";
/// let err = PuzzleReader::new(text.as_bytes()).next().unwrap().unwrap_err();
/// assert_eq!(err.line, 2);
/// assert_eq!(err.to_string(), "line 2: expected 81 cells, found 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct LineError {
    /// The line of the problem.
    pub line: usize,
    /// What is wrong.
    pub kind: LineErrorKind,
}

/// What is wrong with a line of a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineErrorKind {
    /// The text does not parse as a puzzle.
    #[error("{0}")]
    Parse(ParseGridError),
    /// The line is not valid UTF-8.
    #[error("invalid UTF-8 byte 0x{byte:02x} at column {column}")]
    InvalidUtf8 {
        /// The first invalid byte.
        byte: u8,
        /// Its 1-based byte column.
        column: usize,
    },
    /// The line is longer than [`MAX_LINE_LEN`] bytes.
    #[error("line is {len} bytes long, more than the {max} allowed", max = MAX_LINE_LEN)]
    TooLong {
        /// The line's length in bytes.
        len: usize,
    },
    /// A block-form puzzle that stops before its ninth row.
    #[error("block has only {rows} of 9 rows")]
    IncompleteBlock {
        /// The rows read.
        rows: usize,
    },
    /// Reading failed; nothing after this is read.
    #[error("read error: {message}")]
    Io {
        /// The kind of I/O error.
        kind: io::ErrorKind,
        /// Its message.
        message: String,
    },
}

/// Reads puzzles from a file: one per line in line form, or 9-line blocks.
///
/// Blank lines, lines starting with `#`, and separator lines (`---+---`) are skipped. Each puzzle
/// yields its own `Result`, so a bad puzzle never stops the ones after it. An I/O error is yielded
/// once and ends the iteration.
///
/// # Examples
///
/// ```
/// use sudoku_core::PuzzleReader;
///
/// let text = "# two good puzzles around a bad one
/// 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
/// 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x
/// 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
/// ";
/// let results: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
/// assert_eq!(results.len(), 3);
/// assert_eq!(results[0].as_ref().unwrap().line, 2);
/// assert_eq!(
///     results[1].as_ref().unwrap_err().to_string(),
///     "line 3: invalid character 'x' at line 3, column 81"
/// );
/// assert_eq!(results[2].as_ref().unwrap().line, 4);
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
    /// A block in progress.
    block: Option<Block>,
    pending: VecDeque<Result<Entry, LineError>>,
    done: bool,
    /// Whether a line whose first word has 729 characters is pencil marks ([`BoardReader`]).
    marks: bool,
    /// Variant rules the givens are checked under (`None`: classic).
    rules: Option<crate::Rules>,
}

/// The rows of a block read so far.
#[derive(Debug)]
struct Block {
    /// The line of its first row (the puzzle's line).
    start: usize,
    /// 9 cells per row read (a bad row counts as 9 empty cells).
    cells: Vec<u8>,
    /// The first bad row's problem: the block is reported once, with it, when complete.
    error: Option<ParseGridError>,
}

enum RawLine {
    Eof,
    Text,
    TooLong(usize),
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::PuzzleReader;
    /// assert_eq!(PuzzleReader::new(&b""[..]).count(), 0);
    /// ```
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            line: 0,
            buf: Vec::new(),
            block: None,
            pending: VecDeque::new(),
            done: false,
            marks: false,
            rules: None,
        }
    }

    /// Checks the givens under `rules` instead of classic Sudoku's ([`Rules::parse_grid`](crate::Rules::parse_grid)):
    /// a jigsaw puzzle may repeat a digit in a 3x3 box, and an X puzzle may not on a diagonal.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{PuzzleReader, Rules};
    /// let x: Rules = "x".parse()?;
    /// let text = format!("1{}1\n", ".".repeat(79));
    /// assert!(PuzzleReader::new(text.as_bytes()).next().unwrap().is_ok());
    /// assert!(PuzzleReader::new(text.as_bytes()).with_rules(&x).next().unwrap().is_err());
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn with_rules(self, rules: &crate::Rules) -> PuzzleReader<R> {
        PuzzleReader { rules: (!rules.is_classic()).then(|| rules.clone()), ..self }
    }

    /// Reads one line into `self.buf` (without its end), never holding more than
    /// [`MAX_LINE_LEN`] bytes of it.
    fn read_raw_line(&mut self) -> io::Result<RawLine> {
        self.buf.clear();
        let mut len = 0usize;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE_LEN.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            len += take;
            self.input.consume(if end { take + 1 } else { take });
            if end {
                break;
            }
        }
        if !any {
            return Ok(RawLine::Eof);
        }
        if self.buf.last() == Some(&b'\r') && len <= MAX_LINE_LEN {
            self.buf.pop();
            len -= 1;
        }
        Ok(if len > MAX_LINE_LEN { RawLine::TooLong(len) } else { RawLine::Text })
    }

    fn error(&self, line: usize, kind: LineErrorKind) -> Result<Entry, LineError> {
        Err(LineError { line, kind })
    }

    /// Ends a block in progress, queueing an error if it is incomplete.
    fn flush_block(&mut self) {
        if let Some(block) = self.block.take() {
            let kind = match block.error {
                Some(e) => LineErrorKind::Parse(e),
                None => LineErrorKind::IncompleteBlock { rows: block.cells.len() / 9 },
            };
            self.pending.push_back(self.error(block.start, kind));
        }
    }

    /// Reads lines until at least one result is queued or the input ends.
    fn fill(&mut self) {
        while self.pending.is_empty() && !self.done {
            let raw = match self.read_raw_line() {
                Ok(r) => r,
                Err(e) => {
                    self.flush_block();
                    let kind = LineErrorKind::Io { kind: e.kind(), message: e.to_string() };
                    self.pending.push_back(self.error(self.line + 1, kind));
                    self.done = true;
                    return;
                }
            };
            self.line += 1;
            match raw {
                RawLine::Eof => {
                    self.flush_block();
                    self.done = true;
                }
                RawLine::TooLong(len) => {
                    self.flush_block();
                    self.pending.push_back(self.error(self.line, LineErrorKind::TooLong { len }));
                }
                RawLine::Text => self.handle_line(),
            }
        }
    }

    fn handle_line(&mut self) {
        let line = self.line;
        let text = match std::str::from_utf8(&self.buf) {
            Ok(t) => t.to_owned(),
            Err(e) => {
                self.flush_block();
                let at = e.valid_up_to();
                let kind = LineErrorKind::InvalidUtf8 { byte: self.buf[at], column: at + 1 };
                self.pending.push_back(self.error(line, kind));
                return;
            }
        };
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            self.flush_block();
            return;
        }
        let first_token_len = trimmed.split_whitespace().next().map_or(0, |t| t.chars().count());
        let marks = self.marks && is_marks_line(&text);
        if first_token_len != 81 && !marks {
            match block_row_cells(&text) {
                Ok(cells) if cells.is_empty() => return, // separator line
                Ok(cells) if cells.len() == 9 => return self.push_block_row(line, Ok(&cells)),
                // A bad row inside a block spoils that block only, reported once.
                Ok(cells) if self.block.is_some() => {
                    let e = ParseGridError::WrongRowLength { line, len: cells.len() };
                    return self.push_block_row(line, Err(e));
                }
                Ok(cells) => {
                    let kind =
                        LineErrorKind::Parse(ParseGridError::WrongLength { len: cells.len() });
                    self.pending.push_back(self.error(line, kind));
                    return;
                }
                Err((ch, column)) if self.block.is_some() || is_block_row_with_typo(&text) => {
                    let e = ParseGridError::InvalidChar { ch, line, column };
                    return self.push_block_row(line, Err(e));
                }
                Err(_) => {}
            }
        }
        self.flush_block();
        let result = if marks {
            parse_board_line(&text, line)
        } else {
            crate::parse::parse_line_form_under(&text, line, self.rules.as_ref()).map(Board::Givens)
        };
        let result = result
            .map(|board| Entry { line, board })
            .map_err(|e| LineError { line, kind: LineErrorKind::Parse(e) });
        self.pending.push_back(result);
    }

    /// Adds a row (or a bad row) to the block in progress, starting one if needed.
    fn push_block_row(&mut self, line: usize, row: Result<&[u8], ParseGridError>) {
        let block = self.block.get_or_insert_with(|| Block {
            start: line,
            cells: Vec::with_capacity(81),
            error: None,
        });
        match row {
            Ok(cells) => block.cells.extend_from_slice(cells),
            Err(e) => {
                block.cells.extend_from_slice(&[0; 9]);
                block.error.get_or_insert(e);
            }
        }
        if block.cells.len() == 81 {
            let block = self.block.take().expect("a block in progress");
            let start = block.start;
            let result = match block.error {
                Some(e) => Err(LineError { line: start, kind: LineErrorKind::Parse(e) }),
                None => {
                    let mut bytes = [0u8; 81];
                    bytes.copy_from_slice(&block.cells);
                    crate::parse::grid_under(bytes, self.rules.as_ref())
                        .map(|grid| Entry { line: start, board: Board::Givens(grid) })
                        .map_err(|e| LineError { line: start, kind: LineErrorKind::Parse(e) })
                }
            };
            self.pending.push_back(result);
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.fill();
        // Without `marks`, every entry holds givens.
        self.pending.pop_front().map(|r| {
            let Entry { line, board } = r?;
            match board {
                Board::Givens(grid) => Ok(Puzzle { line, grid }),
                Board::Marks(_) => {
                    let kind = LineErrorKind::Parse(ParseGridError::WrongLength { len: 729 });
                    Err(LineError { line, kind })
                }
            }
        })
    }
}

impl<R: BufRead> std::iter::FusedIterator for PuzzleReader<R> {}

/// Reads puzzles and pencil marks from a file: as [`PuzzleReader`] reads puzzles, and a line
/// whose first word has 729 characters is pencil marks
/// ([`CandidateGrid::from_pencil_marks`](crate::CandidateGrid::from_pencil_marks); text after
/// it is ignored, as after an 81-character puzzle). A bad mark is reported with its line and
/// column, and the lines after it are still read.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Board, BoardReader};
///
/// let marks = "123456789".repeat(81);
/// let mut bad = marks.clone();
/// bad.replace_range(3..4, "x");
/// let text = format!(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n{marks}\n{bad}\n"
/// );
/// let results: Vec<_> = BoardReader::new(text.as_bytes()).collect();
/// assert!(matches!(results[0], Ok(e) if e.line == 1 && matches!(e.board, Board::Givens(_))));
/// assert!(matches!(results[1], Ok(e) if e.line == 2 && matches!(e.board, Board::Marks(_))));
/// assert_eq!(
///     results[2].as_ref().unwrap_err().to_string(),
///     "line 3: invalid character 'x' at line 3, column 4"
/// );
/// ```
#[derive(Debug)]
pub struct BoardReader<R>(PuzzleReader<R>);

impl<R: BufRead> BoardReader<R> {
    /// A reader over `input`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::BoardReader;
    /// assert_eq!(BoardReader::new(&b"# nothing"[..]).count(), 0);
    /// ```
    pub fn new(input: R) -> BoardReader<R> {
        BoardReader(PuzzleReader { marks: true, ..PuzzleReader::new(input) })
    }

    /// Checks the givens under `rules` ([`PuzzleReader::with_rules`]); pencil marks are read
    /// as they are.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{BoardReader, Rules};
    /// let x: Rules = "x".parse()?;
    /// let text = format!("1{}1\n", ".".repeat(79));
    /// assert!(BoardReader::new(text.as_bytes()).with_rules(&x).next().unwrap().is_err());
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn with_rules(self, rules: &crate::Rules) -> BoardReader<R> {
        BoardReader(self.0.with_rules(rules))
    }
}

impl<R: BufRead> Iterator for BoardReader<R> {
    type Item = Result<Entry, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.fill();
        self.0.pending.pop_front()
    }
}

impl<R: BufRead> std::iter::FusedIterator for BoardReader<R> {}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(bytes: &[u8]) -> Vec<Result<Puzzle, LineError>> {
        PuzzleReader::new(bytes).collect()
    }

    #[test]
    fn blocks_and_lines_mix() {
        let g: Grid = P.parse().unwrap();
        let text = format!("{P}\n\n{}\n{P}\r\n", g.pretty());
        let r = read(text.as_bytes());
        assert_eq!(r.len(), 3);
        assert_eq!(r.iter().map(|x| x.as_ref().unwrap().line).collect::<Vec<_>>(), [1, 3, 15]);
        assert!(r.iter().all(|x| x.as_ref().unwrap().grid == g));
    }

    #[test]
    fn incomplete_block_is_reported_and_reading_goes_on() {
        let text = format!("123456789\n.........\n\n{P}\n");
        let r = read(text.as_bytes());
        assert_eq!(
            r[0],
            Err(LineError { line: 1, kind: LineErrorKind::IncompleteBlock { rows: 2 } })
        );
        assert_eq!(r[1].as_ref().unwrap().line, 4);
        assert_eq!(r.len(), 2);
    }

    #[test]
    fn binary_garbage_and_long_lines_do_not_stop_reading() {
        let mut bytes = vec![0xff, 0xfe, 0x00, b'\n'];
        bytes.extend(std::iter::repeat_n(b'1', MAX_LINE_LEN * 3));
        bytes.push(b'\n');
        bytes.extend_from_slice(P.as_bytes());
        let r = read(&bytes);
        assert_eq!(r.len(), 3);
        assert_eq!(
            r[0],
            Err(LineError { line: 1, kind: LineErrorKind::InvalidUtf8 { byte: 0xff, column: 1 } })
        );
        assert_eq!(
            r[1],
            Err(LineError { line: 2, kind: LineErrorKind::TooLong { len: MAX_LINE_LEN * 3 } })
        );
        assert_eq!(r[2].as_ref().unwrap().line, 3);
    }

    #[test]
    fn marks_lines_are_marks_to_a_board_reader_only() {
        let g: Grid = P.parse().unwrap();
        let marks = crate::CandidateGrid::new(&g).unwrap().pencil_marks();
        let mut bad = marks.clone();
        bad.replace_range(700..701, "x");
        let text = format!("{marks}  # a note\n{bad}\n{P}\n");
        let boards: Vec<_> = BoardReader::new(text.as_bytes()).collect();
        assert_eq!(boards.len(), 3);
        assert!(
            matches!(boards[0], Ok(Entry { line: 1, board: Board::Marks(m) }) if m.grid() == &g)
        );
        let e = ParseGridError::InvalidChar { ch: 'x', line: 2, column: 701 };
        assert_eq!(boards[1], Err(LineError { line: 2, kind: LineErrorKind::Parse(e) }));
        assert_eq!(boards[2], Ok(Entry { line: 3, board: Board::Givens(g) }));
        // A puzzle reader reads no marks, as before.
        let puzzles = read(text.as_bytes());
        let e = ParseGridError::WrongLength { len: 729 };
        assert_eq!(puzzles[0], Err(LineError { line: 1, kind: LineErrorKind::Parse(e) }));
        assert_eq!(puzzles[2], Ok(Puzzle { line: 3, grid: g }));
    }

    #[test]
    fn short_lines_report_their_length() {
        let r = read(b"12.4\n");
        assert_eq!(
            r,
            [Err(LineError {
                line: 1,
                kind: LineErrorKind::Parse(ParseGridError::WrongLength { len: 4 })
            })]
        );
    }

    struct FailAfter<'a>(&'a [u8]);
    impl io::Read for FailAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn io_error_is_yielded_once_after_good_puzzles() {
        let text = format!("{P}\n");
        let r: Vec<_> = PuzzleReader::new(io::BufReader::new(FailAfter(text.as_bytes()))).collect();
        assert_eq!(r.len(), 2);
        assert!(r[0].is_ok());
        assert!(matches!(&r[1], Err(LineError { line: 2, kind: LineErrorKind::Io { .. } })));
    }

    #[test]
    fn one_typo_in_a_block_is_one_error_naming_row_column_and_character() {
        let g: Grid = P.parse().unwrap();
        let pretty = g.pretty().to_string();
        for row in [0usize, 4, 8] {
            // Replace the first cell character of the row-th block row with 'x'.
            let lines: Vec<String> = pretty
                .lines()
                .filter(|l| !l.contains('-'))
                .enumerate()
                .map(|(k, l)| {
                    if k == row {
                        let at = l.find(|c: char| c == '.' || c.is_ascii_digit()).unwrap();
                        format!("{}x{}", &l[..at], &l[at + 1..])
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            let text = format!("{}\n{P}\n", lines.join("\n"));
            let results = read(text.as_bytes());
            assert_eq!(results.len(), 2, "row {row}: {results:?}");
            let e = results[0].as_ref().unwrap_err();
            assert_eq!(e.line, 1);
            assert_eq!(
                e.to_string(),
                format!("line 1: invalid character 'x' at line {}, column 1", row + 1)
            );
            assert_eq!(results[1].as_ref().unwrap().line, 10);
        }
    }
}
