//! `sudoku rate`: difficulty ratings of every puzzle, as a TSV table or JSON lines.

use std::io::Write;

use anyhow::bail;
use rayon::prelude::*;
use serde_json::{Map, Value, json};
use sudoku_core::Grid;
use sudoku_metrics::{
    AverageWidth, BacktrackSteps, Depth, Difficulty, HarmonyCost, HumanEffort, HumanModel,
    MetricError, NormalWidth, PairReductionLevel, Pick, Propagation, RefutationMax, RefutationSum,
    Relaxation, SaSteps,
};
use sudoku_solve::{PairReduction, solve_within};

use crate::input::collect;
use crate::{Status, schema, thread_pool};

/// The ratings `sudoku rate` knows, by their command-line names.
const METRICS: &[&str] = &[
    "depth",
    "normal-width",
    "average-width",
    "sa-steps",
    "harmony-cost",
    "backtrack-steps",
    "refutation-max",
    "refutation-sum",
    "human-effort",
    "relaxation",
    "pair-reduction-level",
    "se-rating",
];

#[derive(clap::Args, Debug)]
pub(crate) struct RateArgs {
    /// Puzzles (81 characters) or files of puzzles: one per line, 9-line blocks, or the JSON
    /// lines other subcommands write; `-` or nothing reads standard input.
    inputs: Vec<String>,
    /// Comma-separated ratings: depth, normal-width, average-width (Watanabe); sa-steps,
    /// harmony-cost, backtrack-steps (median over --runs randomized solver runs);
    /// refutation-max, refutation-sum, human-effort (the human-solver model, mean over 30 runs);
    /// relaxation (mean log10 solution count, capped at 1,000, with 45 of the 810 constraints
    /// removed; 20 samples); pair-reduction-level; se-rating (Sudoku Explainer's ER/EP/ED from
    /// the logical solver, whole scale: JSON {"er","ep","ed"}, TSV columns se_er, se_ep,
    /// se_ed; 20.0 when no technique finishes, as Sudoku Explainer).
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
    /// budget_exceeded message): search nodes for the widths, the uniqueness check,
    /// se-rating's check and relaxation (per sample); states for depth; model steps for the
    /// human-model ratings; decision branches for pair-reduction-level; per run, solver steps
    /// (annealing swaps, harmony improvisations) for sa-steps and harmony-cost and values tried
    /// for backtrack-steps. Without it every rating keeps its own default (50,000,000 for the
    /// widths and relaxation, 5,000,000 for depth, 20,000,000 swaps for sa-steps).
    #[arg(long)]
    budget: Option<u64>,
    /// Potentials (chain nodes) se-rating's chain searches may visit per puzzle.
    #[arg(long, default_value_t = sudoku_solve::LogicalSolver::default().chain_budget)]
    chain_budget: u64,
    /// Use hidden singles as well as naked singles between branchings (not the reference).
    #[arg(long)]
    hidden_singles: bool,
    /// Worker threads (0: one per core). Output is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print one JSON object per puzzle instead of a TSV table.
    #[arg(long)]
    json: bool,
}

/// The ratings that are defined for a puzzle with several solutions, or none: the widths count
/// the search tree whatever it holds. Every other rating needs exactly one solution and says
/// `multiple` or `none` at once, before any work.
const ANY_SOLUTIONS: &[&str] = &["normal-width", "average-width"];

/// One rating's result, as a JSON value: the number (or object), or
/// `{"error": {"code", "message"}}`. `solutions` is the puzzle's solution count (at most 2),
/// if it could be found within the budget.
fn rate_one(args: &RateArgs, metric: &str, puzzle: &Grid, solutions: Option<u64>) -> Value {
    let refused = match solutions {
        Some(0) => Some(MetricError::NoSolution),
        Some(n) if n > 1 => Some(MetricError::NotUnique),
        _ => None,
    };
    if let Some(e) = refused.filter(|_| !ANY_SOLUTIONS.contains(&metric)) {
        return json!({"error": schema::error(schema::metric_code(&e), &e)});
    }
    let propagation = if args.hidden_singles {
        Propagation::NakedAndHiddenSingles
    } else {
        Propagation::NakedSingles
    };
    let result: Result<Value, MetricError> = match metric {
        "depth" => Depth::default()
            .with_budget(args.budget.unwrap_or(sudoku_metrics::DEFAULT_DEPTH_BUDGET))
            .with_propagation(propagation)
            .evaluate(puzzle)
            .map(|d| json!(d)),
        "normal-width" => NormalWidth::default()
            .with_budget(args.budget.unwrap_or(sudoku_metrics::DEFAULT_WIDTH_BUDGET))
            .with_propagation(propagation)
            .evaluate(puzzle)
            .map(|w| json!(w.width)),
        "average-width" => AverageWidth::default()
            .with_samples(args.samples)
            .with_budget(args.budget.unwrap_or(sudoku_metrics::DEFAULT_WIDTH_BUDGET))
            .with_propagation(propagation)
            .evaluate(puzzle, args.seed)
            .map(|m| json!({"mean": m.mean, "stderr": m.stderr, "samples": m.samples})),
        "se-rating" => {
            let rater = sudoku_metrics::SeRater(
                sudoku_solve::LogicalSolver::default().with_chain_budget(args.chain_budget),
            );
            rater.evaluate(puzzle).and_then(|(r, end)| match end {
                sudoku_solve::PathEnd::BudgetExceeded => Err(MetricError::BudgetExceeded {
                    limit: rater.0.chain_budget,
                    unit: sudoku_metrics::Work::ChainPotentials,
                }),
                _ => Ok(json!({"er": r.er, "ep": r.ep, "ed": r.ed})),
            })
        }
        // A level is a whole number: printed as one.
        "pair-reduction-level" => {
            other_rating(args, metric).rate(puzzle, args.seed).map(|v| json!(v as u64))
        }
        other => other_rating(args, other).rate(puzzle, args.seed).map(|v| json!(v)),
    };
    result.unwrap_or_else(|e| json!({"error": schema::error(schema::metric_code(&e), &e)}))
}

/// The ratings that give one number, with `--runs` and `--budget` applied.
fn other_rating(args: &RateArgs, name: &str) -> Box<dyn Difficulty> {
    let runs = args.runs;
    let human = HumanModel {
        budget: args.budget.unwrap_or(HumanModel::default().budget),
        ..HumanModel::default()
    };
    match name {
        "sa-steps" => {
            let d = SaSteps::default().with_runs(runs);
            Box::new(SaSteps { max_steps: args.budget.unwrap_or(d.max_steps), ..d })
        }
        "harmony-cost" => Box::new(HarmonyCost::default().with_runs(runs)),
        "backtrack-steps" => {
            let d = BacktrackSteps::default().with_runs(runs);
            Box::new(BacktrackSteps { max_steps: args.budget.unwrap_or(d.max_steps), ..d })
        }
        "refutation-max" => Box::new(RefutationMax(human)),
        "refutation-sum" => Box::new(RefutationSum(human)),
        "human-effort" => Box::new(HumanEffort(human.with_pick(Pick::ByEase))),
        "relaxation" => {
            let d = Relaxation::default();
            Box::new(Relaxation { budget: args.budget.unwrap_or(d.budget), ..d })
        }
        "pair-reduction-level" => {
            let d = PairReduction::default();
            Box::new(PairReductionLevel(PairReduction {
                budget: args.budget.unwrap_or(d.budget),
                ..d
            }))
        }
        _ => unreachable!("metric names are checked before rating"),
    }
}

/// The TSV columns of a rating.
fn columns(metric: &str) -> Vec<String> {
    match metric {
        "average-width" => vec!["average_width".into(), "average_width_stderr".into()],
        "se-rating" => vec!["se_er".into(), "se_ep".into(), "se_ed".into()],
        other => vec![other.replace('-', "_")],
    }
}

/// The TSV cells of a rating's result: one per column, the error code in each when there is
/// no value.
fn cells(metric: &str, v: &Value) -> Vec<String> {
    let n = columns(metric).len();
    if let Some(code) = v.get("error").and_then(|e| e["code"].as_str()) {
        return vec![code.to_string(); n];
    }
    match metric {
        "average-width" => vec![
            format!("{:.2}", v["mean"].as_f64().unwrap_or(f64::NAN)),
            format!("{:.2}", v["stderr"].as_f64().unwrap_or(f64::NAN)),
        ],
        "se-rating" => ["er", "ep", "ed"].iter().map(|k| v[k].to_string()).collect(),
        _ => vec![v.to_string()],
    }
}

pub(crate) fn run(args: &RateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    for m in &args.metrics {
        if !METRICS.contains(&m.as_str()) {
            bail!("unknown metric {m:?}; known metrics: {}", METRICS.join(", "));
        }
    }
    let (records, unreadable) = collect(&args.inputs, "rate")?;
    let budget = args.budget.unwrap_or(10_000_000);
    let rows: Vec<Map<String, Value>> = thread_pool(args.threads)?.install(|| {
        records
            .into_par_iter()
            .map(|r| {
                let mut row = Map::new();
                row.insert("source".into(), json!(r.source));
                match r.result {
                    Ok(p) => {
                        row.insert("line".into(), json!(p.line));
                        row.insert("puzzle".into(), json!(p.grid.to_string()));
                        row.insert("status".into(), json!("ok"));
                        let solutions =
                            solve_within(&p.grid, budget).ok().map(|o| o.count_capped());
                        for m in &args.metrics {
                            row.insert(m.replace('-', "_"), rate_one(args, m, &p.grid, solutions));
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
            })
            .collect()
    });
    if !args.json {
        let mut header = vec!["source".to_string(), "line".into(), "puzzle".into()];
        for m in &args.metrics {
            header.extend(columns(m));
        }
        writeln!(out, "{}", header.join("\t"))?;
    }
    let mut invalid = false;
    for row in &rows {
        let bad = row["status"] == "invalid";
        invalid |= bad;
        if args.json {
            serde_json::to_writer(&mut *out, row)?;
            writeln!(out)?;
            continue;
        }
        let source = row["source"].as_str().unwrap_or("-");
        let mut line = vec![source.to_string(), row["line"].to_string()];
        line.push(row["puzzle"].as_str().unwrap_or("").to_string());
        for m in &args.metrics {
            if bad {
                line.extend(vec!["invalid".to_string(); columns(m).len()]);
            } else {
                line.extend(cells(m, &row[&m.replace('-', "_")]));
            }
        }
        if bad {
            let message = row["error"]["message"].as_str().unwrap_or("");
            eprintln!("sudoku rate: {source}:{}: invalid: {message}", row["line"]);
        }
        writeln!(out, "{}", line.join("\t"))?;
    }
    Ok(Status::of(unreadable, invalid))
}
