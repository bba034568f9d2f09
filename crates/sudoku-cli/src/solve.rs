//! `sudoku solve`: solves every puzzle, in parallel, printing results in input order.

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;
use sudoku_solve::{Outcome, count_solutions, solve};

use crate::input::{Record, collect};
use crate::{Status, thread_pool};

#[derive(clap::Args, Debug)]
pub(crate) struct SolveArgs {
    /// Puzzle files, one puzzle per line or 9-line blocks; `-` or nothing reads standard input.
    inputs: Vec<PathBuf>,
    /// Count the solutions (up to --limit) instead of solving.
    #[arg(long)]
    count: bool,
    /// With --count: stop counting at this many solutions.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// With --count: give up after this many search nodes per puzzle.
    #[arg(long, default_value_t = 10_000_000)]
    budget: u64,
    /// Worker threads (0: one per core). Output is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
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
    solution: Option<String>,
    count: Option<u64>,
    error: Option<String>,
}

fn solve_record(args: &SolveArgs, rec: Record) -> JsonRecord {
    let mut out = JsonRecord {
        source: rec.source,
        line: 0,
        puzzle: None,
        status: "invalid",
        solution: None,
        count: None,
        error: None,
    };
    let p = match rec.result {
        Ok(p) => p,
        Err(e) => {
            out.line = e.line;
            out.error = Some(e.kind.to_string());
            return out;
        }
    };
    out.line = p.line;
    out.puzzle = Some(p.grid.to_string());
    if args.count {
        match count_solutions(&p.grid, args.limit, args.budget) {
            Ok(n) => {
                out.count = Some(n);
                out.status = match n {
                    0 => "none",
                    1 => "unique",
                    _ => "multiple",
                };
                if n == 1 {
                    out.solution = solve(&p.grid).unique().map(|s| s.to_string());
                }
            }
            Err(e) => {
                out.status = "budget_exceeded";
                out.count = Some(e.solutions_found);
                out.error = Some(e.to_string());
            }
        }
        return out;
    }
    match solve(&p.grid) {
        Outcome::Unique(s) => {
            out.status = "unique";
            out.solution = Some(s.to_string());
        }
        Outcome::Multiple(..) => out.status = "multiple",
        _ => out.status = "none",
    }
    out
}

fn text_line(r: &JsonRecord, counting: bool) -> String {
    match (r.status, &r.solution, &r.error) {
        ("invalid", _, Some(e)) => format!("{}:{}: invalid: {e}", r.source, r.line),
        ("budget_exceeded", _, Some(e)) => format!("{}:{}: {e}", r.source, r.line),
        (_, _, _) if counting => {
            let n = r.count.unwrap_or(0);
            match r.solution.as_deref() {
                Some(s) => format!("{n} {s}"),
                None => n.to_string(),
            }
        }
        (_, Some(s), _) => s.clone(),
        (status, _, _) => status.to_string(),
    }
}

pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let (records, unreadable) = collect(&args.inputs, "solve")?;
    let results: Vec<JsonRecord> = thread_pool(args.threads)?
        .install(|| records.into_par_iter().map(|r| solve_record(args, r)).collect());
    let mut invalid = false;
    for r in &results {
        invalid |= r.status == "invalid";
        if args.json {
            serde_json::to_writer(&mut *out, r)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", text_line(r, args.count))?;
        }
    }
    Ok(Status::of(unreadable, invalid))
}
