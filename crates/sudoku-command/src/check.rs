//! `sudoku check`: reports whether every puzzle is well-formed.

use std::io::Write;

use serde::Serialize;
use sudoku_core::{Board, Problem};

use crate::Status;
use crate::batch::{Batch, BatchArgs, Layout};
use crate::input::Record;

#[derive(clap::Args, Debug)]
pub(crate) struct CheckArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: usize,
    puzzle: Option<String>,
    status: &'static str,
    clues: Option<usize>,
    error: Option<sudoku_core::Problem>,
}

/// A record of a puzzle or of pencil marks: well-formed, unless the marks contradict
/// themselves (a cell without a candidate, a digit without a place in a unit), as clashing
/// givens make a puzzle invalid.
fn check_record(Record { source, result }: Record) -> JsonRecord {
    match result {
        Ok(p) => {
            let contradiction = match &p.board {
                Board::Marks(m) => m.first_contradiction(),
                Board::Givens(_) => None,
            };
            JsonRecord {
                source,
                line: p.line,
                puzzle: Some(p.board.to_string()),
                status: if contradiction.is_some() { "invalid" } else { "ok" },
                clues: contradiction.is_none().then(|| p.board.grid().clue_count()),
                error: contradiction.map(Problem::invalid),
            }
        }
        Err(e) => JsonRecord {
            source,
            line: e.line,
            puzzle: None,
            status: "invalid",
            clues: None,
            error: Some(sudoku_core::Problem::invalid(&e.kind)),
        },
    }
}

pub(crate) fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let layout = if args.json {
        Layout::json()
    } else {
        let why = "check's text shows only the invalid lines; use --json";
        Layout { header: None, place: None, not_resumable: Some(why) }
    };
    let batch = Batch { args: &args.batch, command: "check", layout };
    let (mut ok, mut bad) = (0usize, 0usize);
    let status = batch.run(out, check_record, |out, rec| {
        let invalid = rec.status == "invalid";
        if invalid {
            bad += 1
        } else {
            ok += 1
        }
        if args.json {
            serde_json::to_writer(&mut *out, &rec)?;
            writeln!(out)?;
        } else if let Some(e) = &rec.error {
            let message = &e.message;
            writeln!(out, "{}:{}: invalid: {message}", rec.source, rec.line)?;
        }
        Ok(invalid)
    })?;
    if !args.json {
        eprintln!("checked {} puzzles: {ok} well-formed, {bad} invalid", ok + bad);
    }
    Ok(status)
}
