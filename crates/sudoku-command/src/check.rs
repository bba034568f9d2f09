//! `sudoku check`: reports whether every puzzle is well-formed.

use std::io::Write;

use serde::Serialize;

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

fn check_record(Record { source, result }: Record) -> JsonRecord {
    match result {
        Ok(p) => JsonRecord {
            source,
            line: p.line,
            puzzle: Some(p.grid.to_string()),
            status: "ok",
            clues: Some(p.grid.clue_count()),
            error: None,
        },
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
