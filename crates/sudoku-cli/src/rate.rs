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
use sudoku_solve::PairReduction;

use crate::input::collect;
use crate::{Status, thread_pool};

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
    /// the logical solver: JSON {"er","ep","ed"}, TSV columns se_er, se_ep, se_ed; puzzles
    /// that need chains say needs_chains).
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
    /// The work each rating may do per puzzle before giving up: search nodes (states for depth,
    /// model steps for the human-model ratings, decision branches for pair-reduction-level, per
    /// sample for relaxation, per run for the randomized solvers). Without it every rating
    /// keeps its own default (50,000,000 for the widths, 5,000,000 for depth).
    #[arg(long)]
    budget: Option<u64>,
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

/// One rating's result, as a JSON value: the number, or `{"error": code, "message": text}`.
fn rate_one(args: &RateArgs, metric: &str, puzzle: &Grid) -> Value {
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
            sudoku_metrics::SeRater::default().evaluate(puzzle).and_then(|(r, end)| match end {
                sudoku_solve::PathEnd::Solved => Ok(json!({"er": r.er, "ep": r.ep, "ed": r.ed})),
                _ => Err(MetricError::NeedsChains),
            })
        }
        other => other_rating(args, other).rate(puzzle, args.seed).map(|v| json!(v)),
    };
    result.unwrap_or_else(|e| json!({"error": error_code(&e), "message": e.to_string()}))
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

/// A short, stable code for a rating that could not be computed.
fn error_code(e: &MetricError) -> &'static str {
    match e {
        MetricError::BudgetExceeded { .. } => "budget_exceeded",
        MetricError::NoSolution => "no_solution",
        MetricError::NotUnique => "not_unique",
        MetricError::NeedsChains => "needs_chains",
        _ => "error",
    }
}

fn tsv_cell(v: &Value) -> String {
    match v {
        Value::Object(o) if o.contains_key("error") => {
            o["error"].as_str().unwrap_or("error").to_string()
        }
        Value::Object(o) if o.contains_key("er") => {
            format!("{}\t{}\t{}", o["er"], o["ep"], o["ed"])
        }
        Value::Object(o) => format!(
            "{:.2}\t{:.2}",
            o["mean"].as_f64().unwrap_or(f64::NAN),
            o["stderr"].as_f64().unwrap_or(f64::NAN)
        ),
        other => other.to_string(),
    }
}

pub(crate) fn run(args: &RateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    for m in &args.metrics {
        if !METRICS.contains(&m.as_str()) {
            bail!("unknown metric {m:?}; known metrics: {}", METRICS.join(", "));
        }
    }
    let (records, unreadable) = collect(&args.inputs, "rate")?;
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
                        for m in &args.metrics {
                            row.insert(m.replace('-', "_"), rate_one(args, m, &p.grid));
                        }
                    }
                    Err(e) => {
                        row.insert("line".into(), json!(e.line));
                        row.insert("puzzle".into(), Value::Null);
                        row.insert("error".into(), json!(e.kind.to_string()));
                    }
                }
                row
            })
            .collect()
    });
    if !args.json {
        let mut header = vec!["source".to_string(), "line".into(), "puzzle".into()];
        for m in &args.metrics {
            header.push(m.replace('-', "_"));
            if m == "average-width" {
                header.push("average_width_stderr".into());
            }
            if m == "se-rating" {
                header.pop();
                header.extend(["se_er".into(), "se_ep".into(), "se_ed".into()]);
            }
        }
        writeln!(out, "{}", header.join("\t"))?;
    }
    let mut invalid = false;
    for row in &rows {
        invalid |= row.contains_key("error");
        if args.json {
            serde_json::to_writer(&mut *out, row)?;
            writeln!(out)?;
            continue;
        }
        let mut cells =
            vec![row["source"].as_str().unwrap_or("-").to_string(), row["line"].to_string()];
        match row.get("error") {
            Some(e) => {
                cells.push(format!("invalid: {}", e.as_str().unwrap_or("")));
            }
            None => {
                cells.push(row["puzzle"].as_str().unwrap_or("").to_string());
                cells.extend(args.metrics.iter().map(|m| {
                    let v = &row[&m.replace('-', "_")];
                    let cell = tsv_cell(v);
                    // se-rating spans three columns, even when it has no value.
                    if m == "se-rating" && v.get("error").is_some() {
                        format!("{cell}\t{cell}\t{cell}")
                    } else {
                        cell
                    }
                }));
            }
        }
        writeln!(out, "{}", cells.join("\t"))?;
    }
    Ok(Status::of(unreadable, invalid))
}
