//! `sudoku check`: reports whether every puzzle is well-formed.

use std::io::Write;

use serde::Serialize;

use crate::input::{Record, read_all};
use crate::{Status, error_chain};

#[derive(clap::Args, Debug)]
pub(crate) struct CheckArgs {
    /// Puzzles (81 characters) or files of puzzles: one per line, 9-line blocks, or the JSON
    /// lines other subcommands write; `-` or nothing reads standard input.
    inputs: Vec<String>,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    source: &'a str,
    line: usize,
    puzzle: Option<String>,
    status: &'static str,
    clues: Option<usize>,
    error: Option<serde_json::Value>,
}

pub(crate) fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let (mut ok, mut bad) = (0usize, 0usize);
    let mut unreadable = false;
    read_all(
        &args.inputs,
        |Record { source, result }| {
            let (line, rec) = match &result {
                Ok(p) => {
                    ok += 1;
                    let rec = JsonRecord {
                        source: &source,
                        line: p.line,
                        puzzle: Some(p.grid.to_string()),
                        status: "ok",
                        clues: Some(p.grid.clue_count()),
                        error: None,
                    };
                    (p.line, rec)
                }
                Err(e) => {
                    bad += 1;
                    let rec = JsonRecord {
                        source: &source,
                        line: e.line,
                        puzzle: None,
                        status: "invalid",
                        clues: None,
                        error: Some(crate::schema::error("invalid", &e.kind)),
                    };
                    (e.line, rec)
                }
            };
            if args.json {
                serde_json::to_writer(&mut *out, &rec)?;
                writeln!(out)
            } else if let Err(e) = &result {
                writeln!(out, "{source}:{line}: invalid: {}", e.kind)
            } else {
                Ok(())
            }
        },
        |source, e| {
            unreadable = true;
            eprintln!("sudoku check: {source}: {}", error_chain(e));
        },
    )?;
    if !args.json {
        eprintln!("checked {} puzzles: {ok} well-formed, {bad} invalid", ok + bad);
    }
    Ok(Status::of(unreadable, bad > 0))
}
