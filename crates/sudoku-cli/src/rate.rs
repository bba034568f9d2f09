//! `sudoku rate`: difficulty ratings of every puzzle, as a TSV table or JSON lines.

use std::io::Write;

use anyhow::bail;
use serde_json::{Map, Value, json};
use sudoku_core::{Failure, Grid};
use sudoku_metrics::{Rating, RatingKind};
use sudoku_solve::solve_within;

use crate::batch::{Batch, BatchArgs, Layout, tsv_place};
use sudoku_logic::{EarlyStop, LogicalSolver};

use crate::input::Record;
use crate::serate::{self, Format};
use crate::{Status, schema};

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct RateArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Comma-separated ratings: depth, normal-width, average-width (Watanabe); sa-steps,
    /// harmony-cost, backtrack-steps (median over --runs randomized solver runs);
    /// refutation-max, refutation-sum, human-effort (the human-solver model, mean over 30 runs);
    /// relaxation (mean log10 solution count, capped at 1,000, with 45 of the 810 constraints
    /// removed; 20 samples); pair-reduction-level; se-rating (Sudoku Explainer's ER/EP/ED from
    /// the logical solver, whole scale: JSON {"er","ep","ed"}, TSV columns se_er, se_ep,
    /// se_ed; 20.0 when no technique finishes, as Sudoku Explainer). Each may carry its own
    /// parameters, name:key=value... (samples, budget, singles=hidden; docs/schema.md), which
    /// take precedence over the flags below.
    #[arg(long, value_delimiter = ',', default_value = "depth,normal-width,average-width")]
    metrics: Vec<String>,
    /// Random tie-breaking samples of average-width.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    samples: u32,
    /// Runs of sa-steps, harmony-cost and backtrack-steps.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// Seed of the random ratings; every puzzle is rated with this same seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The work each rating may do per puzzle before giving up, in its own unit (named in its
    /// budget_exceeded message): search nodes for the widths, the uniqueness check and
    /// relaxation (per sample); states for depth; model steps for the
    /// human-model ratings; decision branches for pair-reduction-level; per run, solver steps
    /// (annealing swaps, harmony improvisations) for sa-steps and harmony-cost and values tried
    /// for backtrack-steps. Without it every rating keeps its own default (50,000,000 for the
    /// widths and relaxation, 5,000,000 for depth, 20,000,000 swaps for sa-steps).
    #[arg(long)]
    budget: Option<u64>,
    /// Potentials (chain nodes) se-rating's chain searches may visit per puzzle (its budget).
    #[arg(long, default_value_t = sudoku_logic::LogicalSolver::default().chain_budget)]
    chain_budget: u64,
    /// Use hidden singles as well as naked singles between branchings (not the reference).
    #[arg(long)]
    hidden_singles: bool,
    /// Print one JSON object per puzzle instead of a TSV table.
    #[arg(long)]
    json: bool,
    /// Sudoku Explainer's `serate` output: one line per puzzle in this format (Sudoku
    /// Explainer's ratings; serate's conversions: %g the puzzle, %r ER, %p EP, %d ED, %e the
    /// time it took, %n its ordinal from 1, %% a %). A line that is not a puzzle is not
    /// written (its message goes to stderr); a puzzle that cannot be rated is written with
    /// 0.0 ratings. Default with --diamond or --pearl: serate's %r/%p/%d.
    #[arg(long, short = 'f', value_name = "FORMAT", conflicts_with_all = ["json", "metrics"])]
    format: Option<String>,
    /// serate's --diamond: stop rating a puzzle at the first step harder than ED, once ED is
    /// known (the puzzle is not a diamond); ER is then written 20.0 (and EP 0.0 if no digit
    /// was placed yet).
    #[arg(long, short = 'd', conflicts_with_all = ["json", "metrics", "pearl"])]
    diamond: bool,
    /// serate's --pearl: stop rating a puzzle at the first step harder than EP, once EP is
    /// known (the puzzle is not a pearl); ER is then written 20.0.
    #[arg(long, short = 'p', conflicts_with_all = ["json", "metrics"])]
    pearl: bool,
    /// serate's --input=FILE: a file of puzzles, read as an input argument is.
    #[arg(long, short = 'i', value_name = "FILE")]
    input: Vec<String>,
    /// serate's --output=FILE: the same as --out.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    output: Option<std::path::PathBuf>,
}

/// The ratings asked for, with the command's flags filling in what a spec leaves out.
fn ratings(args: &RateArgs) -> anyhow::Result<Vec<Rating>> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for m in &args.metrics {
        let mut r: Rating = m.parse()?;
        if seen.contains(&r.kind) {
            bail!("{} is asked for twice: its JSON key and TSV columns would clash", r.kind);
        }
        seen.push(r.kind);
        let runs = match r.kind {
            RatingKind::AverageWidth => Some(args.samples),
            RatingKind::SaSteps | RatingKind::HarmonyCost | RatingKind::BacktrackSteps => {
                Some(args.runs)
            }
            _ => None,
        };
        if let (None, Some(n)) = (r.samples, runs) {
            r = r.with_samples(n);
        }
        let budget = match r.kind {
            RatingKind::SeRating => Some(args.chain_budget),
            _ => args.budget,
        };
        if let (None, Some(b)) = (r.budget, budget) {
            r = r.with_budget(b);
        }
        if args.hidden_singles {
            r = r.with_hidden_singles();
        }
        out.push(r);
    }
    Ok(out)
}

/// One rating's result, as a JSON value: the number (or object), or
/// `{"error": {"code", "message"}}`. `solutions` is the puzzle's solution count (at most 2),
/// if it could be found within the budget.
fn rate_one(rating: &Rating, seed: u64, puzzle: &Grid, solutions: Option<u64>) -> Value {
    let refused = match solutions {
        Some(0) => Some(Failure::NO_SOLUTION),
        Some(n) if n > 1 => Some(Failure::NOT_UNIQUE),
        _ => None,
    };
    if let Some(e) = refused.filter(|_| !rating.kind.any_solutions()) {
        return json!({"error": schema::failure(&e)});
    }
    match rating.evaluate(puzzle, seed) {
        Ok(v) => schema::rating_value(&v),
        Err(e) => json!({"error": schema::failure(&e)}),
    }
}

/// The TSV columns of a rating.
fn columns(kind: RatingKind) -> Vec<String> {
    match kind {
        RatingKind::AverageWidth => vec!["average_width".into(), "average_width_stderr".into()],
        RatingKind::SeRating => vec!["se_er".into(), "se_ep".into(), "se_ed".into()],
        other => vec![key(other)],
    }
}

/// A rating's JSON key.
fn key(kind: RatingKind) -> String {
    kind.name().replace('-', "_")
}

/// The TSV cells of a rating's result: one per column, the error code in each when there is
/// no value.
fn cells(kind: RatingKind, v: &Value) -> Vec<String> {
    let n = columns(kind).len();
    if let Some(code) = v.get("error").and_then(|e| e["code"].as_str()) {
        return vec![code.to_string(); n];
    }
    match kind {
        RatingKind::AverageWidth => vec![
            format!("{:.2}", v["mean"].as_f64().unwrap_or(f64::NAN)),
            format!("{:.2}", v["stderr"].as_f64().unwrap_or(f64::NAN)),
        ],
        RatingKind::SeRating => ["er", "ep", "ed"].iter().map(|k| v[k].to_string()).collect(),
        _ => vec![v.to_string()],
    }
}

/// One puzzle's row: source, line, puzzle, status and each rating's value (or error).
fn rate_record(ratings: &[Rating], seed: u64, budget: u64, r: Record) -> Map<String, Value> {
    let mut row = Map::new();
    row.insert("source".into(), json!(r.source));
    match r.result {
        Ok(p) => {
            row.insert("line".into(), json!(p.line));
            row.insert("puzzle".into(), json!(p.grid.to_string()));
            row.insert("status".into(), json!("ok"));
            let solutions = solve_within(&p.grid, budget).ok().map(|o| o.count_capped());
            for r in ratings {
                row.insert(key(r.kind), rate_one(r, seed, &p.grid, solutions));
            }
        }
        Err(e) => {
            row.insert("line".into(), json!(e.line));
            row.insert("puzzle".into(), Value::Null);
            row.insert("status".into(), json!("invalid"));
            row.insert("error".into(), schema::error("invalid", &e.kind));
        }
    }
    row
}

/// Writes a row as JSON or as a TSV line; returns whether the puzzle was invalid.
fn write_row(
    out: &mut dyn Write,
    ratings: &[Rating],
    row: &Map<String, Value>,
    json: bool,
) -> anyhow::Result<bool> {
    let bad = row["status"] == "invalid";
    if json {
        serde_json::to_writer(&mut *out, row)?;
        writeln!(out)?;
        return Ok(bad);
    }
    let source = row["source"].as_str().unwrap_or("-");
    let mut line = vec![source.to_string(), row["line"].to_string()];
    line.push(row["puzzle"].as_str().unwrap_or("").to_string());
    for r in ratings {
        if bad {
            line.extend(vec!["invalid".to_string(); columns(r.kind).len()]);
        } else {
            line.extend(cells(r.kind, &row[&key(r.kind)]));
        }
    }
    if bad {
        let message = row["error"]["message"].as_str().unwrap_or("");
        eprintln!("sudoku rate: {source}:{}: invalid: {message}", row["line"]);
    }
    writeln!(out, "{}", line.join("\t"))?;
    Ok(bad)
}

/// `--format`, `--diamond`, `--pearl`: serate's output, one line per puzzle (see
/// [`crate::serate`]).
fn run_serate(args: &RateArgs, batch: &BatchArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let format = Format::parse(args.format.as_deref().unwrap_or(serate::DEFAULT_FORMAT))?;
    let stop = match (args.diamond, args.pearl) {
        (true, _) => EarlyStop::NotDiamond,
        (_, true) => EarlyStop::NotPearl,
        _ => EarlyStop::Never,
    };
    let mut solver =
        LogicalSolver::default().with_chain_budget(args.chain_budget).with_early_stop(stop);
    if let Some(b) = args.budget {
        solver = solver.with_budget(b);
    }
    let layout = Layout {
        header: None,
        place: None,
        not_resumable: Some("--format writes no line for a line that is not a puzzle"),
    };
    let batch = Batch { args: batch, command: "rate", layout };
    let mut ordinal = 0u64;
    batch.run(
        out,
        move |r: Record| {
            let place = r.place();
            (place, r.result.map(|p| serate::rate(&solver, p.grid)))
        },
        |out, ((source, line), row)| match row {
            Ok(row) => {
                ordinal += 1;
                if let Some((code, message)) = &row.failure {
                    eprintln!("sudoku rate: {source}:{line}: {code}: {message}");
                }
                writeln!(out, "{}", format.line(&row, ordinal))?;
                Ok(false)
            }
            Err(e) => {
                eprintln!("sudoku rate: {source}:{line}: invalid: {}", e.kind);
                Ok(true)
            }
        },
    )
}

pub(crate) fn run(args: &RateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut batch_args = args.batch.clone();
    batch_args.inputs.extend(args.input.iter().cloned());
    if let Some(path) = &args.output {
        batch_args.out = Some(path.clone());
    }
    if args.format.is_some() || args.diamond || args.pearl {
        return run_serate(args, &batch_args, out);
    }
    let args = &RateArgs { batch: batch_args, ..args.clone() };
    let ratings = ratings(args)?;
    let layout = if args.json {
        Layout::json()
    } else {
        let mut header = vec!["source".to_string(), "line".into(), "puzzle".into()];
        for r in &ratings {
            header.extend(columns(r.kind));
        }
        Layout { header: Some(header.join("\t")), place: Some(tsv_place), not_resumable: None }
    };
    let batch = Batch { args: &args.batch, command: "rate", layout };
    let (seed, budget) = (args.seed, args.budget.unwrap_or(10_000_000));
    let shared = ratings.clone();
    batch.run(
        out,
        move |r| rate_record(&shared, seed, budget, r),
        |out, row| write_row(out, &ratings, &row, args.json),
    )
}
