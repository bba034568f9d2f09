//! Reading puzzles, one result per puzzle, from what every subcommand accepts: puzzles given
//! as arguments, files, `-` (standard input), and the JSON lines the subcommands write (their
//! `puzzle` field), so that `sudoku generate ... | sudoku rate -` composes.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use sudoku_core::PuzzleReader;
use sudoku_core::{
    Board, BoardReader, Entry, LineError, LineErrorKind, MAX_LINE_LEN, Puzzle, Rules,
};
use sudoku_formats::{Format, FormatError};

/// Where a puzzle came from: a file name, `-` for standard input, `argN` for an argument.
pub(crate) type Source = String;

/// One puzzle (givens or pencil marks), or the problem with it, and where it came from.
#[derive(Debug)]
pub(crate) struct Record {
    pub(crate) source: Source,
    pub(crate) result: Result<Entry, InputError>,
    /// The record's own rules, when a JSON line's `rules` field names other rules than the
    /// command's (`--rules`): its puzzle was read under them, and they are the ones to use.
    pub(crate) rules: Option<Rules>,
}

/// A puzzle that could not be read, with the (1-based) line it starts on.
#[derive(Debug)]
pub(crate) struct InputError {
    pub(crate) line: usize,
    pub(crate) kind: InputErrorKind,
}

/// What is wrong with it: a line of the workspace's own forms, or an entry of another format
/// (`--from`, or a file's extension), with the field it names.
#[derive(Debug)]
pub(crate) enum InputErrorKind {
    Line(LineErrorKind),
    Format(FormatError),
    /// A JSON line's `rules` field that is not a rules spec.
    Rules(sudoku_core::RulesError),
    /// A JSON line's variant rules, given to a command that does not support them yet.
    Unsupported {
        what: &'static str,
        rules: Rules,
    },
}

impl std::fmt::Display for InputErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputErrorKind::Line(kind) => kind.fmt(f),
            InputErrorKind::Format(e) => f.write_str(&e.detail()),
            InputErrorKind::Rules(e) => write!(f, "field rules: {e}"),
            InputErrorKind::Unsupported { what, rules } => {
                write!(f, "{what} does not support variant rules yet (the record's rules {rules})")
            }
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl From<LineError> for InputError {
    fn from(e: LineError) -> InputError {
        InputError { line: e.line, kind: InputErrorKind::Line(e.kind) }
    }
}

impl From<FormatError> for InputError {
    fn from(e: FormatError) -> InputError {
        InputError { line: e.line, kind: InputErrorKind::Format(e) }
    }
}

/// What an input argument is.
#[derive(Debug, PartialEq, Eq)]
enum Arg<'a> {
    /// `-`: standard input.
    Stdin,
    /// A puzzle or pencil marks written on the command line (or text that cannot be a file
    /// name, read as one to say what is wrong with it).
    Text(&'a str),
    /// A file name.
    File(&'a str),
}

/// The longest file name (one path component) and path the system takes; longer text is
/// never a file name.
const NAME_MAX: usize = 255;
const PATH_MAX: usize = 4095;

/// Classifies an argument: an argument is a file only if it is not a grid, that is, 81 cells
/// or 729 pencil marks (whitespace aside) of the grid's characters (digits, `.`, `_`), and
/// only if it could name one: text too long for a file name never reaches the system as one,
/// and is read as a puzzle (whose error then says what is wrong). Text that is no file and
/// looks like a grid of the wrong length or with a stray character (at least 17 characters,
/// nearly all of them the grid's) is read as a puzzle too, so that its error names its length
/// or the character instead of a missing file.
fn classify(arg: &str) -> Arg<'_> {
    if arg == "-" {
        return Arg::Stdin;
    }
    let cells = arg.chars().filter(|c| !c.is_whitespace());
    let is_grid_char = |c: char| c.is_ascii_digit() || c == '.' || c == '_';
    let grid_chars = cells.clone().filter(|&c| is_grid_char(c)).count();
    let count = cells.count();
    if grid_chars == count && matches!(count, 81 | 729) {
        return Arg::Text(arg);
    }
    let fits = arg.len() <= PATH_MAX
        && !arg.contains('\0')
        && arg.split(std::path::MAIN_SEPARATOR).all(|part| part.len() <= NAME_MAX);
    if !fits {
        return Arg::Text(arg);
    }
    let looks_like_a_grid = count >= 17 && grid_chars * 10 >= count * 9;
    if looks_like_a_grid && !std::path::Path::new(arg).exists() {
        return Arg::Text(arg);
    }
    Arg::File(arg)
}

/// The error of an input file that cannot be opened; a missing file also says what a puzzle
/// argument would have been (an argument that is neither is most often a mistyped puzzle).
fn open_error(e: io::Error) -> io::Error {
    if e.kind() != io::ErrorKind::NotFound {
        return e;
    }
    io::Error::new(
        io::ErrorKind::NotFound,
        "no such file, nor a puzzle (81 cells) or pencil marks (729 characters)",
    )
}

/// An argument's puzzle or pencil marks, on its line 1; givens checked under `rules`.
fn read_arg(text: &str, rules: &Rules) -> Result<Entry, InputError> {
    let marks = text.chars().filter(|c| !c.is_whitespace()).count() == 729;
    let board = if rules.is_classic() || marks {
        text.parse::<Board>()
    } else {
        rules.parse_grid(text).map(Board::Givens)
    };
    board
        .map(|board| Entry { line: 1, board })
        .map_err(|e| InputError { line: 1, kind: InputErrorKind::Line(LineErrorKind::Parse(e)) })
}

/// The format an input is read in by `sudoku_formats` instead of the line reader: `--from`,
/// else a file's extension, and neither `line` nor `json`, which the line reader reads (both,
/// mixed, as it always has).
fn other_format(from: Option<Format>, path: Option<&str>) -> Option<Format> {
    from.or_else(|| path.and_then(Format::from_path))
        .filter(|f| !matches!(f, Format::Line | Format::Json))
}

impl Record {
    /// The record, or its error when its own rules (a JSON line's `rules` field) are a
    /// variant's and `what` does not support variant rules yet.
    pub(crate) fn refusing_variants(self, what: &'static str) -> Record {
        let (_, line) = self.place();
        match self.rules {
            Some(rules) if !rules.is_classic() => {
                let kind = InputErrorKind::Unsupported { what, rules };
                Record { result: Err(InputError { line, kind }), rules: None, ..self }
            }
            rules => Record { rules, ..self },
        }
    }

    /// The record's source and line number, which name it in every output.
    pub(crate) fn place(&self) -> (Source, usize) {
        let line = match &self.result {
            Ok(p) => p.line,
            Err(e) => e.line,
        };
        (self.source.clone(), line)
    }
}

/// The entry, or the error of its givens' first clash under variant `rules` (what the line
/// reader says of a line: the formats read givens under classic rules).
fn clash_free(entry: Entry, rules: &Rules) -> Result<Entry, InputError> {
    let clash = match &entry.board {
        Board::Givens(grid) if !rules.is_classic() => rules.first_clash(grid),
        _ => None,
    };
    match clash {
        None => Ok(entry),
        Some(c) => Err(InputError {
            line: entry.line,
            kind: InputErrorKind::Line(LineErrorKind::Parse(sudoku_core::ParseGridError::Clash(c))),
        }),
    }
}

/// Reads every input in order (nothing is standard input), adding the bytes read to `bytes`.
/// Files and standard input are read in `from` if it is given, else in the format of their
/// extension (`.sdk`, `.sdm`, `.ss`, `.opensudoku`, `.ipuz`), else line by line, givens
/// checked under `rules` (the other formats read givens under classic rules; a clash under
/// variant rules is then the entry's error).
/// A file that cannot be read (missing, a directory, no permission) is reported through
/// `on_open_error` and the others are still read; an error from `on_record` stops the reading.
pub(crate) fn read_all(
    inputs: &[String],
    from: Option<Format>,
    rules: &Rules,
    bytes: &AtomicU64,
    mut on_record: impl FnMut(Record) -> io::Result<()>,
    on_open_error: impl FnMut(&str, &io::Error),
) -> io::Result<()> {
    let reading = Reading { inputs, from, rules, bytes, extras: false };
    read_each(&reading, |record, _| on_record(record), on_open_error)
}

/// What an input says of a puzzle besides the puzzle: the other fields of its JSON line (such
/// as the ratings `rate --json` and `band` write), or the metadata of a format's entry (title,
/// difficulty). `sudoku print` labels its puzzles with them.
#[derive(Debug, Default)]
pub(crate) struct Extras {
    /// The JSON object the puzzle's line holds, if it is one.
    pub(crate) json: Option<serde_json::Map<String, serde_json::Value>>,
    /// The entry's metadata, in a format that has some.
    pub(crate) meta: Option<sudoku_formats::Meta>,
}

/// [`read_all`], each record with its [`Extras`].
pub(crate) fn read_all_with_extras(
    inputs: &[String],
    from: Option<Format>,
    rules: &Rules,
    on_record: impl FnMut(Record, Extras) -> io::Result<()>,
    on_open_error: impl FnMut(&str, &io::Error),
) -> io::Result<()> {
    let bytes = AtomicU64::new(0);
    let reading = Reading { inputs, from, rules, bytes: &bytes, extras: true };
    read_each(&reading, on_record, on_open_error)
}

/// What to read and how: the inputs, their format, the rules of their givens, the counter
/// of bytes read, and whether to keep each record's [`Extras`].
struct Reading<'a> {
    inputs: &'a [String],
    from: Option<Format>,
    rules: &'a Rules,
    bytes: &'a AtomicU64,
    extras: bool,
}

/// Reads every input in order, as [`read_all`] says, with each record's [`Extras`] when
/// `reading.extras` (else empty ones).
fn read_each(
    reading: &Reading<'_>,
    mut on_record: impl FnMut(Record, Extras) -> io::Result<()>,
    mut on_open_error: impl FnMut(&str, &io::Error),
) -> io::Result<()> {
    let Reading { inputs, from, rules, bytes, extras } = *reading;
    let stdin_only = ["-".to_string()];
    let inputs = if inputs.is_empty() { &stdin_only[..] } else { inputs };
    for (k, arg) in inputs.iter().enumerate() {
        let (file, format): (Box<dyn Read>, _) = match classify(arg) {
            Arg::Text(text) => {
                let source = format!("arg{}", k + 1);
                let result = read_arg(text, rules);
                on_record(Record { source, result, rules: None }, Extras::default())?;
                continue;
            }
            Arg::Stdin => (Box::new(io::stdin().lock()), other_format(from, None)),
            Arg::File(path) => match open(path) {
                Ok(file) => (Box::new(file), other_format(from, Some(path))),
                Err(e) => {
                    on_open_error(arg, &open_error(e));
                    continue;
                }
            },
        };
        let mut counted = BufReader::new(Counting { inner: file, bytes });
        if let Some(format) = format {
            let mut text = Vec::new();
            if let Err(e) = counted.read_to_end(&mut text) {
                on_open_error(arg, &e);
                continue;
            }
            for item in sudoku_formats::read(&text, format) {
                let mut extra = Extras::default();
                let result = item.map_err(InputError::from).and_then(|i| {
                    if extras {
                        extra.meta = Some(i.game.meta.clone());
                    }
                    clash_free(Entry { line: i.line, board: i.game.board() }, rules)
                });
                on_record(Record { source: arg.clone(), result, rules: None }, extra)?;
            }
            continue;
        }
        let objects = extras.then(Objects::default);
        let specs = Specs::default();
        let reader = JsonPuzzles {
            objects: objects.clone(),
            specs: specs.clone(),
            ..JsonPuzzles::new(counted)
        };
        for result in BoardReader::new(reader).with_rules(rules) {
            let result = result.map_err(InputError::from);
            let line = match &result {
                Ok(entry) => entry.line,
                Err(e) => e.line,
            };
            let json = objects.as_ref().and_then(|o| o.take(line));
            let (result, own) = match specs.take(line) {
                Some(spec) => under_own_rules(line, &spec, rules, result),
                None => (result, None),
            };
            let record = Record { source: arg.clone(), result, rules: own };
            on_record(record, Extras { json, meta: None })?;
        }
    }
    Ok(())
}

/// A JSON line's puzzle under the line's own `rules` field: as read (under the command's
/// rules) when they are the same, else read again under them, with them; an error when the
/// field is not a spec.
fn under_own_rules(
    line: usize,
    (spec, puzzle): &(String, String),
    rules: &Rules,
    read: Result<Entry, InputError>,
) -> (Result<Entry, InputError>, Option<Rules>) {
    match spec.parse::<Rules>() {
        Err(e) => (Err(InputError { line, kind: InputErrorKind::Rules(e) }), None),
        Ok(own) if own == *rules => (read, None),
        Ok(own) => {
            let again = read_arg(puzzle, &own)
                .map(|entry| Entry { line, ..entry })
                .map_err(|e| InputError { line, ..e });
            (again, Some(own))
        }
    }
}

/// The puzzles of a text, read as every subcommand reads a file: 81-character lines, 9-line
/// blocks and JSON lines (`sudoku serve`'s page opens files with it; it plays puzzles, so a
/// line of pencil marks is not one here).
pub(crate) fn read_text(text: &[u8]) -> impl Iterator<Item = Result<Puzzle, LineError>> + '_ {
    PuzzleReader::new(JsonPuzzles::new(text))
}

/// A reader that adds what it reads to a counter (the progress of a batch).
struct Counting<'a, R> {
    inner: R,
    bytes: &'a AtomicU64,
}

impl<R: Read> Read for Counting<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Opens a file for reading; a directory is an error here, not at the first read.
fn open(path: &str) -> io::Result<File> {
    if std::path::Path::new(path).is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory, not a file"));
    }
    File::open(path)
}

/// A reader that turns each JSON-object line (`{...}`, as the subcommands write them) into
/// its `puzzle` field, line for line, so line numbers stay right. A record without a puzzle (an
/// upstream error) becomes a comment; a malformed object is left as it is and reported by the
/// puzzle reader at its line.
struct JsonPuzzles<R> {
    inner: R,
    line: Vec<u8>,
    pos: usize,
    /// Whether the next chunk read starts a line (long lines arrive in several chunks).
    at_line_start: bool,
    /// The lines started so far.
    lines: usize,
    /// Where to keep each object read, by its line, if anywhere.
    objects: Option<Objects>,
    /// The `rules` fields of the objects read, by line.
    specs: Specs,
}

/// The `rules` field of each JSON line that has one, by line, with the line's puzzle, until
/// their records take them.
#[derive(Clone, Debug, Default)]
struct Specs(Rc<RefCell<BTreeMap<usize, (String, String)>>>);

impl Specs {
    /// The spec and puzzle of `line`, if it had a `rules` field; those of the lines before it
    /// are dropped.
    fn take(&self, line: usize) -> Option<(String, String)> {
        let mut map = self.0.borrow_mut();
        let found = map.remove(&line);
        *map = map.split_off(&line);
        found
    }
}

/// The JSON objects a [`JsonPuzzles`] read, by line, until their records take them.
#[derive(Clone, Debug, Default)]
struct Objects(Rc<RefCell<BTreeMap<usize, serde_json::Map<String, serde_json::Value>>>>);

impl Objects {
    /// The object of `line`, if it was one; the objects of the lines before it are dropped
    /// (their records are gone).
    fn take(&self, line: usize) -> Option<serde_json::Map<String, serde_json::Value>> {
        let mut map = self.0.borrow_mut();
        let found = map.remove(&line);
        *map = map.split_off(&line);
        found
    }
}

impl<R: BufRead> JsonPuzzles<R> {
    fn new(inner: R) -> JsonPuzzles<R> {
        JsonPuzzles {
            inner,
            line: Vec::new(),
            pos: 0,
            at_line_start: true,
            lines: 0,
            objects: None,
            specs: Specs::default(),
        }
    }

    fn refill(&mut self) -> io::Result<()> {
        self.line.clear();
        self.pos = 0;
        let limit = MAX_LINE_LEN as u64 + 2;
        (&mut self.inner).take(limit).read_until(b'\n', &mut self.line)?;
        let starts = self.at_line_start;
        if starts {
            self.lines += 1;
        }
        let whole = self.line.last() == Some(&b'\n') || (self.line.len() as u64) < limit;
        self.at_line_start = self.line.last() == Some(&b'\n');
        let object =
            starts && whole && self.line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
        if object && let Ok(serde_json::Value::Object(o)) = serde_json::from_slice(&self.line) {
            let replacement = match o.get("puzzle") {
                Some(serde_json::Value::String(p)) => p.clone(),
                _ => "# a record without a puzzle".to_string(),
            };
            if let Some(serde_json::Value::String(spec)) = o.get("rules") {
                self.specs.0.borrow_mut().insert(self.lines, (spec.clone(), replacement.clone()));
            }
            if let Some(objects) = &self.objects {
                objects.0.borrow_mut().insert(self.lines, o);
            }
            self.line = replacement.into_bytes();
            self.line.push(b'\n');
        }
        Ok(())
    }
}

impl<R: BufRead> Read for JsonPuzzles<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for JsonPuzzles<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.line.len() {
            self.refill()?;
        }
        Ok(&self.line[self.pos..])
    }

    fn consume(&mut self, amount: usize) {
        self.pos += amount;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn json_lines_give_their_puzzles_and_keep_line_numbers() {
        let input = format!(
            "{P}\n{{\"puzzle\":\"{P}\",\"status\":\"unique\"}}\n{{\"puzzle\":null,\"status\":\"invalid\"}}\n{{broken\n{P}\n"
        );
        let results: Vec<_> = PuzzleReader::new(JsonPuzzles::new(input.as_bytes())).collect();
        assert_eq!(results.len(), 4, "{results:?}");
        assert_eq!(results[1].as_ref().map(|p| p.line).ok(), Some(2));
        assert_eq!(results[2].as_ref().map_err(|e| e.line).err(), Some(4));
        assert_eq!(results[3].as_ref().map(|p| p.line).ok(), Some(5));
    }

    #[test]
    fn arguments_that_read_as_puzzles_are_puzzles() {
        assert_eq!(classify(P), Arg::Text(P));
        assert_eq!(classify("-"), Arg::Stdin);
        assert_eq!(classify("puzzles.txt"), Arg::File("puzzles.txt"));
        // Pencil marks, whitespace aside; and text too long to name a file.
        let marks = "123456789 ".repeat(81);
        assert_eq!(classify(&marks), Arg::Text(&marks));
        let long = "x".repeat(300);
        assert_eq!(classify(&long), Arg::Text(&long));
        // Text that is no file but nearly a grid is a puzzle, whose error says what is wrong.
        let one_more = format!("{P}1");
        assert_eq!(classify(&one_more), Arg::Text(&one_more));
        let e = read_arg(&one_more, &Rules::classic()).unwrap_err();
        assert_eq!(e.to_string(), "line 1: expected 81 cells, found 82");
        let typo = format!("x{}", &P[1..]);
        assert_eq!(classify(&typo), Arg::Text(&typo));
        assert_eq!(classify("12x4"), Arg::File("12x4"));
        assert_eq!(classify("2024-01-01.txt"), Arg::File("2024-01-01.txt"));
        assert!(matches!(
            read_arg(&marks, &Rules::classic()),
            Ok(Entry { line: 1, board: Board::Marks(_) })
        ));
        let e = read_arg(&"1".repeat(300), &Rules::classic()).unwrap_err();
        assert_eq!(e.to_string(), "line 1: expected 81 cells, found 300");
    }
}
