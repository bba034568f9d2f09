//! `sudoku check`: reports whether every puzzle is a proper one: well-formed, and with
//! exactly one solution (pencil marks: without contradiction, and fitting one solution).

use std::io::Write;

use serde::Serialize;
use sudoku_core::{Board, Problem, Status as Word};
use sudoku_solve::{Outcome, Query};

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
    /// Search nodes of the exact solver per puzzle to tell one solution from none or several
    /// (solvable puzzles need a few hundred; past it the puzzle is `budget_exceeded`).
    #[arg(long, default_value_t = Query::DEFAULT_BUDGET)]
    budget: u64,
}

#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: usize,
    puzzle: Option<String>,
    status: Word,
    clues: Option<usize>,
    error: Option<sudoku_core::Problem>,
}

/// A record of a puzzle or of pencil marks: `unique` when it has exactly one solution;
/// `multiple` or `none` (pencil marks that contradict themselves, a cell without a candidate
/// or a digit without a place in a unit, are `invalid`, as clashing givens make a puzzle
/// invalid), or `budget_exceeded` when `budget` search nodes did not tell.
fn check_record(budget: u64, Record { source, result }: Record) -> JsonRecord {
    let p = match result {
        Ok(p) => p,
        Err(e) => {
            return JsonRecord {
                source,
                line: e.line,
                puzzle: None,
                status: Word::Invalid,
                clues: None,
                error: Some(Problem::invalid(&e.kind)),
            };
        }
    };
    let contradiction = match &p.board {
        Board::Marks(m) => m.first_contradiction().map(Problem::invalid),
        Board::Givens(_) => None,
    };
    let error = contradiction.or_else(|| {
        let solutions = sudoku_solve::Query::of(&p.board).with_budget(budget).search();
        match solutions.outcome() {
            Some(Outcome::Unique(_)) => None,
            Some(Outcome::Multiple(..)) => {
                Some(Problem::new(Word::Multiple, "the puzzle has two or more solutions"))
            }
            Some(_) => Some(Problem::new(Word::None, "the puzzle has no solution")),
            None => Some(Problem::new(Word::BudgetExceeded, solutions)),
        }
    });
    JsonRecord {
        source,
        line: p.line,
        puzzle: Some(p.board.to_string()),
        status: error.as_ref().map_or(Word::Unique, |e| e.code),
        clues: Some(p.board.grid().clue_count()),
        error,
    }
}

pub(crate) fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let layout = if args.json {
        Layout::json()
    } else {
        let why = "check's text shows only the puzzles that are not proper; use --json";
        Layout { header: None, place: None, not_resumable: Some(why) }
    };
    let batch = Batch { args: &args.batch, command: "check", layout };
    // How many puzzles had each status check gives, best first.
    const WORDS: [Word; 5] =
        [Word::Unique, Word::Multiple, Word::None, Word::Invalid, Word::BudgetExceeded];
    let mut counts = [0usize; WORDS.len()];
    let budget = args.budget;
    let status = batch.run(
        out,
        move |r| check_record(budget, r),
        |out, rec| {
            if let Some(k) = WORDS.iter().position(|&w| w == rec.status) {
                counts[k] += 1;
            }
            if args.json {
                serde_json::to_writer(&mut *out, &rec)?;
                writeln!(out)?;
            } else if let Some(e) = &rec.error {
                let (code, message) = (e.code.word(), &e.message);
                writeln!(out, "{}:{}: {code}: {message}", rec.source, rec.line)?;
            }
            Ok(rec.status != Word::Unique)
        },
    )?;
    if !args.json {
        let total: usize = counts.iter().sum();
        let parts: Vec<String> = WORDS
            .iter()
            .zip(counts)
            .filter(|&(&w, n)| n > 0 || w == Word::Unique)
            .map(|(w, n)| format!("{n} {}", w.word().replace('_', " ")))
            .collect();
        eprintln!("checked {total} puzzles: {}", parts.join(", "));
    }
    Ok(status)
}
