//! `sudoku check`: reports whether every puzzle is a proper one: well-formed, and with
//! exactly one solution (pencil marks: without contradiction, and fitting one solution);
//! with `--progress`, whether a player's grid can still reach the puzzle's solution.

use std::io::Write;
use std::sync::atomic::AtomicU64;

use anyhow::Context as _;
use serde::Serialize;
use sudoku_core::{Board, Problem, Rules, Status as Word};
use sudoku_solve::{Outcome, Progress, ProgressReport, Query};

use crate::Status;
use crate::batch::{Batch, BatchArgs, Layout};
use crate::input::Record;
use crate::schema::{Failed, Placed};

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
    /// A player's grid for the one puzzle given (81 cells: its givens and the digits entered
    /// so far, clashes and all): instead of checking the puzzle, say whether this progress can
    /// still reach its solution, naming the wrong and clashing entries, the givens changed and
    /// the crossed-out solution digits. Exit status 0 when nothing stands in the way, else 1.
    #[arg(long, value_name = "GRID", conflicts_with_all = ["out", "resume", "chunk"])]
    progress: Option<String>,
    /// With --progress: pencil marks crossed out on its empty cells, such as A1<>5
    /// (comma-separated, or the option repeated).
    #[arg(long, value_name = "MARKS", requires = "progress", value_delimiter = ',')]
    crossed_out: Vec<String>,
}

#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: usize,
    puzzle: Option<String>,
    /// The rules (docs/variants.md), when not classic.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<Rules>,
    status: Word,
    clues: Option<usize>,
    error: Option<sudoku_core::Problem>,
}

/// A record of a puzzle or of pencil marks: `unique` when it has exactly one solution;
/// `multiple` or `none` (pencil marks that contradict themselves, a cell without a candidate
/// or a digit without a place in a unit, are `invalid`, as clashing givens make a puzzle
/// invalid), or `budget_exceeded` when `budget` search nodes did not tell.
/// Under `rules`: givens that clash under them are `invalid` (the reader says so), and the
/// solutions counted are theirs.
fn check_record(budget: u64, rules: &Rules, record: Record) -> JsonRecord {
    let Record { source, result, rules: own } = record;
    let rules = own.as_ref().unwrap_or(rules);
    let shown = (!rules.is_classic()).then(|| rules.clone());
    let p = match result {
        Ok(p) => p,
        Err(e) => {
            return JsonRecord {
                source,
                line: e.line,
                puzzle: None,
                rules: shown,
                status: Word::Invalid,
                clues: None,
                error: Some(Problem::invalid(&e.kind)),
            };
        }
    };
    // The contradictions of pencil marks are found in classic units, which a jigsaw layout
    // does not have (its solver's count says `none` instead).
    let contradiction = match &p.board {
        Board::Marks(m) if rules.layout().is_none() => {
            m.first_contradiction().map(Problem::invalid)
        }
        _ => None,
    };
    let error = contradiction.or_else(|| {
        let solutions =
            sudoku_solve::Query::of(&p.board).with_rules(rules).with_budget(budget).search();
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
        rules: shown,
        status: error.as_ref().map_or(Word::Unique, |e| e.code),
        clues: Some(p.board.grid().clue_count()),
        error,
    }
}

/// `check --progress`: the one puzzle of the inputs, and the player's grid checked against its
/// solution ([`Progress::check`]): the report as text (its message) or as a JSON line.
fn run_progress(args: &CheckArgs, grid: &str, out: &mut dyn Write) -> anyhow::Result<Status> {
    args.batch.rules.require_classic("check --progress")?;
    let progress: Progress = grid.parse().context("--progress")?;
    let crossed: Vec<_> = args
        .crossed_out
        .iter()
        .map(|m| Progress::parse_crossed_out(m))
        .collect::<Result<_, _>>()
        .context("--crossed-out")?;
    let progress = progress.with_crossed_out(crossed);
    let mut records = Vec::new();
    let mut unreadable = None;
    crate::input::read_all(
        &args.batch.inputs,
        args.batch.from,
        &args.batch.rules,
        &AtomicU64::new(0),
        |r| {
            records.push(r.refusing_variants("check --progress"));
            Ok(())
        },
        |arg, e| unreadable = Some(anyhow::anyhow!("cannot read {arg}: {e}")),
    )?;
    if let Some(e) = unreadable {
        return Err(e);
    }
    let [record] = <[Record; 1]>::try_from(records).map_err(|r| {
        anyhow::anyhow!("--progress checks one puzzle, and the inputs hold {}", r.len())
    })?;
    let (source, line) = record.place();
    let report = match record.result {
        Err(e) => Err(Failed::invalid(&e.kind)),
        Ok(p) => match p.board.givens_for("check --progress") {
            Err(f) => Err(Failed::puzzle(p.board.to_string(), f.into())),
            Ok(puzzle) => progress
                .check(puzzle, args.budget)
                .map_err(|f| Failed::puzzle(puzzle.to_string(), f.into())),
        },
    };
    let solvable = report.as_ref().is_ok_and(ProgressReport::is_solvable);
    match (&report, args.json) {
        (Ok(r), true) => {
            serde_json::to_writer(&mut *out, &Placed { source: &source, line, record: r })?
        }
        (Err(f), true) => {
            serde_json::to_writer(&mut *out, &Placed { source: &source, line, record: f })?
        }
        (Ok(r), false) => write!(out, "{source}:{line}: {r}")?,
        (Err(f), false) => {
            write!(out, "{source}:{line}: {}: {}", f.error.code.word(), f.error.message)?;
        }
    }
    writeln!(out)?;
    Ok(if solvable { Status::Ok } else { Status::Invalid })
}

pub(crate) fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if let Some(grid) = &args.progress {
        return run_progress(args, grid, out);
    }
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
    let rules = args.batch.rules.clone();
    let status = batch.run(
        out,
        move |r| check_record(budget, &rules, r),
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
