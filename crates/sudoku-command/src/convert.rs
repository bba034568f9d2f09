//! `sudoku convert`: puzzles from one file format to another (`sudoku_formats`), each bad
//! entry reported with its file, line and field while the good ones are written.

use std::io::{Read, Write};
use std::path::PathBuf;

use anyhow::Context as _;
use sudoku_formats::{Format, Game};

use crate::Status;

#[derive(clap::Args, Debug)]
pub(crate) struct ConvertArgs {
    /// The file to convert; `-` or nothing reads standard input.
    file: Option<String>,
    /// Its format: sdk, sdm, ss, opensudoku, ipuz, hodoku, line or json (default: by the file's
    /// extension, else guessed from its first characters).
    #[arg(long, value_name = "FORMAT")]
    from: Option<Format>,
    /// The format to write (default: by --out's extension, else line).
    #[arg(long, value_name = "FORMAT")]
    to: Option<Format>,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

/// Reads the file, reports each entry that is not a puzzle on stderr (`FILE:LINE: field F:
/// ...`), and writes the others in `--to`: exit status 1 if some entry was bad, 2 if nothing
/// could be written (an unreadable file, several puzzles for a one-puzzle format).
pub(crate) fn run(args: &ConvertArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let source = args.file.clone().unwrap_or_else(|| "-".to_string());
    let to =
        args.to.or_else(|| args.out.as_ref().and_then(Format::from_path)).unwrap_or(Format::Line);
    if let Some(path) = &args.out {
        crate::check_output_path(path)?;
    }
    let mut bytes = Vec::new();
    if source == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).context("cannot read standard input")?;
    } else {
        bytes = std::fs::read(&source).with_context(|| format!("cannot read {source}"))?;
    }
    let from = args
        .from
        .or_else(|| (source != "-").then(|| Format::from_path(&source)).flatten())
        .unwrap_or_else(|| Format::guess(&bytes));
    let mut games: Vec<Game> = Vec::new();
    let mut invalid = false;
    for result in sudoku_formats::read(&bytes, from) {
        match result {
            Ok(item) => games.push(item.game),
            Err(e) => {
                invalid = true;
                eprintln!("sudoku convert: {source}:{}: {}", e.line, e.detail());
            }
        }
    }
    if games.is_empty() && !invalid {
        eprintln!("sudoku convert: no puzzles in the input ({from})");
        return Ok(Status::Invalid);
    }
    if games.is_empty() {
        return Ok(Status::Invalid);
    }
    let text = sudoku_formats::write(&games, to)?;
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out.write_all(text.as_bytes())?,
    }
    Ok(Status::of(false, invalid))
}
