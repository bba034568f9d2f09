//! Reading puzzles from files or standard input, one result per puzzle.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::PathBuf;

use sudoku_core::{LineError, Puzzle, PuzzleReader};

/// Where a puzzle came from: a file name, or `-` for standard input.
pub(crate) type Source = String;

/// One puzzle, or the problem with it, and where it came from.
#[derive(Debug)]
pub(crate) struct Record {
    pub(crate) source: Source,
    pub(crate) result: Result<Puzzle, LineError>,
}

/// Reads every input in order (nothing or `-` is standard input). A file that cannot be opened
/// is reported through `on_open_error` and the others are still read.
pub(crate) fn read_all(
    inputs: &[PathBuf],
    mut on_record: impl FnMut(Record) -> io::Result<()>,
    mut on_open_error: impl FnMut(&str, &io::Error),
) -> io::Result<()> {
    let stdin_only = [PathBuf::from("-")];
    let inputs = if inputs.is_empty() { &stdin_only[..] } else { inputs };
    for path in inputs {
        let source = path.display().to_string();
        if source == "-" {
            for result in PuzzleReader::new(io::stdin().lock()) {
                on_record(Record { source: source.clone(), result })?;
            }
            continue;
        }
        match File::open(path) {
            Ok(file) => {
                for result in PuzzleReader::new(BufReader::new(file)) {
                    on_record(Record { source: source.clone(), result })?;
                }
            }
            Err(e) => on_open_error(&source, &e),
        }
    }
    Ok(())
}

/// Reads every input into memory, reporting unreadable files on stderr as `sudoku <command>:`.
/// Returns the records and whether some file could not be opened.
pub(crate) fn collect(inputs: &[PathBuf], command: &str) -> io::Result<(Vec<Record>, bool)> {
    let mut records = Vec::new();
    let mut unreadable = false;
    read_all(
        inputs,
        |r| {
            records.push(r);
            Ok(())
        },
        |source, e| {
            unreadable = true;
            eprintln!("sudoku {command}: {source}: {}", crate::error_chain(e));
        },
    )?;
    Ok((records, unreadable))
}
