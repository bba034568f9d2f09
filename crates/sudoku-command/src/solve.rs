//! `sudoku solve`: solves every puzzle, in parallel, printing results in input order.

use std::io::Write;

use std::sync::Arc;

use clap::builder::{PossibleValue, PossibleValuesParser};
use serde::Serialize;
use sudoku_core::{Board, Rules};
use sudoku_solve::{Outcome, Query, RunOutcome, SOLVERS, Solver, solve};

use crate::Status;
use crate::batch::{Batch, BatchArgs, Layout};
use crate::input::Record;

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// The solver: exact (complete search, also proves uniqueness) or one of the stochastic
    /// local searches (simulated annealing, harmony search, tabu search).
    #[arg(long, default_value = "exact", value_parser = methods())]
    method: String,
    /// Seed of the stochastic methods (every puzzle is run with it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Count the solutions (up to --limit) instead of solving.
    #[arg(long, conflicts_with = "method")]
    count: bool,
    /// With --count: stop counting at this many solutions.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Per puzzle: search nodes of the exact solver (default 10,000,000: solvable puzzles need
    /// a few hundred, but a sparse grid without a solution can need millions); steps of a
    /// stochastic method (defaults: sa 100,000,000 swaps, tabu 1,000,000 steps, harmony
    /// 1,000,000 improvisations).
    #[arg(long)]
    budget: Option<u64>,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,
}

/// `--method`'s values: the solver table.
fn methods() -> PossibleValuesParser {
    PossibleValuesParser::new(SOLVERS.iter().map(|e| PossibleValue::new(e.name).help(e.about)))
}

/// The stochastic solver of `--method` and its default step budget; `None` for the exact
/// solver, which `solve` runs through its own API (counts, uniqueness, node budget).
fn stochastic(method: &str) -> Option<(Box<dyn Solver>, u64)> {
    SOLVERS
        .iter()
        .find(|e| e.name == method && e.name != "exact")
        .map(|e| ((e.build)(), e.default_steps))
}

#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: usize,
    puzzle: Option<String>,
    /// The rules (docs/variants.md), when not classic.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<Rules>,
    status: &'static str,
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_cost: Option<u32>,
    /// With --count: whether counting stopped at --limit (the count is then a lower bound).
    #[serde(skip_serializing_if = "Option::is_none")]
    capped: Option<bool>,
    error: Option<sudoku_core::Problem>,
}

/// The unique solution, searched without a budget (a puzzle's as `solve` finds it).
fn unique(board: &Board, rules: &Rules) -> Option<sudoku_core::Grid> {
    match board {
        Board::Givens(g) if rules.is_classic() => solve(g).unique(),
        _ => Query::of(board).with_rules(rules).with_budget(u64::MAX).unique().ok(),
    }
}

fn solve_record(args: &SolveArgs, rec: Record) -> JsonRecord {
    let mut out = JsonRecord {
        source: rec.source,
        line: 0,
        puzzle: None,
        rules: None,
        status: "invalid",
        solution: None,
        count: None,
        steps: None,
        best_cost: None,
        capped: None,
        error: None,
    };
    let p = match rec.result {
        Ok(p) => p,
        Err(e) => {
            out.line = e.line;
            out.error = Some(sudoku_core::Problem::invalid(&e.kind));
            return out;
        }
    };
    out.line = p.line;
    out.puzzle = Some(p.board.to_string());
    let rules = rec.rules.as_ref().unwrap_or(&args.batch.rules);
    if !rules.is_classic() && stochastic(&args.method).is_some() {
        // Only a JSON line's own rules get here: `--rules` was refused before any reading.
        let what = "a stochastic solver (--method)";
        let e = crate::input::InputErrorKind::Unsupported { what, rules: rules.clone() };
        out.error = Some(sudoku_core::Problem::invalid(&e));
        return out;
    }
    if !rules.is_classic() {
        out.rules = Some(rules.clone());
    }
    if let Some((solver, default_steps)) = stochastic(&args.method) {
        let grid = match p.board.givens_for("a stochastic solver") {
            Ok(g) => g,
            Err(f) => {
                out.error = Some(f.into());
                return out;
            }
        };
        match solver.run(grid, args.seed, args.budget.unwrap_or(default_steps)) {
            Ok(run) => {
                out.steps = Some(run.steps);
                match run.outcome {
                    RunOutcome::Solved(s) => {
                        // A local search finds a solution, not all: the exact solver says
                        // whether it is the only one (microseconds).
                        out.status = match solve(grid) {
                            Outcome::Unique(_) => "unique",
                            _ => "multiple",
                        };
                        out.solution = Some(s.to_string());
                    }
                    RunOutcome::GaveUp { best_cost, .. } => {
                        out.status = "gave_up";
                        out.best_cost = Some(best_cost);
                    }
                    _ => out.status = "gave_up",
                }
            }
            Err(e) => {
                out.status = "none";
                out.error = Some(sudoku_core::Problem::new(sudoku_core::Status::None, e));
            }
        }
        return out;
    }
    if args.count {
        let count = Query::of(&p.board)
            .with_rules(rules)
            .with_limit(args.limit)
            .with_budget(args.budget.unwrap_or(Query::DEFAULT_BUDGET))
            .search();
        out.count = Some(count.count());
        if !count.is_settled() {
            // The count found so far, and the nodes used, in the message.
            out.status = "budget_exceeded";
            out.error = Some(sudoku_core::Problem::new(sudoku_core::Status::BudgetExceeded, count));
            return out;
        }
        out.capped = Some(count.is_capped());
        out.status = match count.count() {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        if count.count() == 1 {
            // One solution below the limit is the unique one; at a limit of 1, only a second
            // search says whether it is.
            let unique = if count.is_capped() { unique(&p.board, rules) } else { count.first() };
            out.solution = unique.map(|s| s.to_string());
        }
        return out;
    }
    let solutions = Query::of(&p.board)
        .with_rules(rules)
        .with_budget(args.budget.unwrap_or(Query::DEFAULT_BUDGET))
        .search();
    match solutions.outcome() {
        Some(Outcome::Unique(s)) => {
            out.status = "unique";
            out.solution = Some(s.to_string());
        }
        Some(Outcome::Multiple(..)) => out.status = "multiple",
        Some(_) => out.status = "none",
        None => {
            out.status = "budget_exceeded";
            out.error =
                Some(sudoku_core::Problem::new(sudoku_core::Status::BudgetExceeded, solutions));
        }
    }
    out
}

fn text_line(r: &JsonRecord, counting: bool) -> String {
    let message = r.error.as_ref().map(|e| e.message.as_str());
    match (r.status, &r.solution, message) {
        ("invalid", _, Some(e)) => format!("{}:{}: invalid: {e}", r.source, r.line),
        ("budget_exceeded", _, Some(e)) => format!("{}:{}: {e}", r.source, r.line),
        ("gave_up", _, _) => format!(
            "gave_up: best cost {} after {} steps",
            r.best_cost.unwrap_or(0),
            r.steps.unwrap_or(0)
        ),
        (_, _, _) if counting => {
            // A capped count is a lower bound: `5+`.
            let n = r.count.unwrap_or(0);
            let n = if r.capped == Some(true) { format!("{n}+") } else { n.to_string() };
            match r.solution.as_deref() {
                Some(s) => format!("{n} {s}"),
                None => n,
            }
        }
        (_, Some(s), _) => s.clone(),
        (status, _, _) => status.to_string(),
    }
}

/// Whether a puzzle got what `solve` was asked (docs/schema.md, "Exit status"): its one
/// solution, or with `--count` its count (none and several are answers then); anything else
/// (not a puzzle, no solution or several, a budget run out, a stochastic solver that gave up)
/// makes the exit status 1.
fn answered(status: &str, counting: bool) -> bool {
    match status {
        "unique" => true,
        "multiple" | "none" => counting,
        _ => false,
    }
}

pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if stochastic(&args.method).is_some() {
        args.batch.rules.require_classic("a stochastic solver (--method)")?;
    }
    // Text has one line per puzzle too, but only invalid lines name their place.
    let layout = if args.json {
        Layout::json()
    } else {
        Layout { header: None, place: None, not_resumable: None }
    };
    let batch = Batch { args: &args.batch, command: "solve", layout };
    let shared = Arc::new(args.clone());
    batch.run(
        out,
        move |r| solve_record(&shared, r),
        |out, r| {
            if args.json {
                serde_json::to_writer(&mut *out, &r)?;
                writeln!(out)?;
            } else {
                writeln!(out, "{}", text_line(&r, args.count))?;
            }
            Ok(!answered(r.status, args.count))
        },
    )
}
