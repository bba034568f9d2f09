//! `sudoku explain`: the solving path step by step with named techniques (`--steps`), or the
//! pair-reduction hypothesis/disproof/proof chain.

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;
use serde_json::{Value, json};
use sudoku_solve::{LogicalSolver, PairReduction};

use crate::steps;

use crate::input::{Record, collect};
use crate::{Status, schema, thread_pool};

#[derive(clap::Args, Debug)]
pub(crate) struct ExplainArgs {
    /// Puzzles (81 characters) or files of puzzles: one per line, 9-line blocks, or the JSON
    /// lines other subcommands write; `-` or nothing reads standard input.
    inputs: Vec<String>,
    /// The deepest pair-reduction level to try.
    #[arg(long, default_value_t = PairReduction::default().max_level)]
    max_level: u32,
    /// Decision branches examined per puzzle before giving up.
    #[arg(long, default_value_t = PairReduction::default().budget)]
    budget: u64,
    /// With --steps: potentials (chain nodes) the chain searches of one puzzle may visit; past
    /// it the path stops with status budget_exceeded and ER/EP/ED so far.
    #[arg(long, default_value_t = LogicalSolver::default().chain_budget)]
    chain_budget: u64,
    /// Worker threads (0: one per core). Output is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print one JSON object per puzzle: with --steps {"puzzle","solution","status",
    /// "se_rating":{"er","ep","ed"},"steps":[{"technique","difficulty","placements",
    /// "eliminations","pattern","units","chains","text"},...]}; else {"puzzle","solution",
    /// "level","branches","chain":[...]}.
    #[arg(long)]
    json: bool,
    /// Solve step by step with Sudoku Explainer's named techniques, singles to nested forcing
    /// chains, easiest first, and give ER/EP/ED.
    #[arg(long)]
    steps: bool,
    /// With --steps: draw one step of the first puzzle as an SVG picture to this file.
    #[arg(long, requires = "steps")]
    svg: Option<PathBuf>,
    /// Which step --svg draws (1 is the first); by default the hardest, the one that sets ER.
    #[arg(long, requires = "svg")]
    step: Option<usize>,
}

pub(crate) fn run(args: &ExplainArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let (records, unreadable) = collect(&args.inputs, "explain")?;
    if args.steps {
        return run_steps(args, records, unreadable, out);
    }
    let solver = PairReduction { max_level: args.max_level, budget: args.budget };
    let results: Vec<Value> = thread_pool(args.threads)?.install(|| {
        records
            .into_par_iter()
            .map(|r| match r.result {
                Err(e) => json!({"source": r.source, "line": e.line, "status": "invalid",
                                  "error": schema::error("invalid", &e.kind)}),
                Ok(p) => match solver.solve(&p.grid) {
                    Ok(e) => json!({
                        "source": r.source,
                        "line": p.line,
                        "puzzle": p.grid.to_string(),
                        "status": "ok",
                        "solution": e.solution.to_string(),
                        "level": e.level,
                        "branches": e.branches,
                        "chain": e.chain.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    }),
                    Err(e) => json!({
                        "source": r.source,
                        "line": p.line,
                        "puzzle": p.grid.to_string(),
                        "status": schema::explain_code(&e),
                        "error": schema::error(schema::explain_code(&e), &e),
                    }),
                },
            })
            .collect()
    });
    let failed = write_records(out, results.iter(), args.json, |out, place, v| {
        writeln!(out, "# {place} {}", v["puzzle"].as_str().unwrap_or_default())?;
        writeln!(out, "# level {}, {} decision branches examined", v["level"], v["branches"])?;
        for line in v["chain"].as_array().into_iter().flatten() {
            writeln!(out, "{}", line.as_str().unwrap_or_default())?;
        }
        writeln!(out, "# solution {}", v["solution"].as_str().unwrap_or_default())?;
        Ok(())
    })?;
    Ok(Status::of(unreadable, failed))
}

/// `explain --steps`: the logical solver's path for every puzzle.
fn run_steps(
    args: &ExplainArgs,
    records: Vec<Record>,
    unreadable: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    if let Some(p) = &args.svg {
        crate::check_output_path(p)?;
    }
    let solver = LogicalSolver::default().with_chain_budget(args.chain_budget);
    let paths: Vec<(Value, Option<sudoku_solve::SolvingPath>)> = thread_pool(args.threads)?
        .install(|| {
            records
                .into_par_iter()
                .map(|r| match r.result {
                    Err(e) => (
                        json!({"source": r.source, "line": e.line, "status": "invalid",
                           "error": schema::error("invalid", &e.kind)}),
                        None,
                    ),
                    Ok(p) => match solver.solve(&p.grid) {
                        Ok(path) => {
                            let mut v = steps::path_json(&path, args.chain_budget);
                            v["source"] = json!(r.source);
                            v["line"] = json!(p.line);
                            (v, Some(path))
                        }
                        Err(e) => (
                            json!({"source": r.source, "line": p.line, "puzzle": p.grid.to_string(),
                               "status": schema::logic_code(&e),
                               "error": schema::error(schema::logic_code(&e), &e)}),
                            None,
                        ),
                    },
                })
                .collect()
        });
    if let Some(file) = &args.svg {
        let Some(path) = paths.iter().find_map(|(_, p)| p.as_ref()) else {
            anyhow::bail!("no puzzle to draw for --svg");
        };
        let hardest = path
            .steps
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.difficulty.total_cmp(&b.1.difficulty).then(b.0.cmp(&a.0)))
            .map_or(0, |(i, _)| i);
        let index = args.step.map_or(hardest, |n| n.saturating_sub(1));
        let Some(step) = path.steps.get(index) else {
            anyhow::bail!("--step {}: the path has {} steps", index + 1, path.steps.len());
        };
        let title = format!("step {}: {:.1} {step}", index + 1, step.difficulty);
        std::fs::write(file, steps::step_svg(&steps::marks_before(path, index), step, &title))?;
    }
    let failed = write_records(out, paths.iter().map(|(v, _)| v), args.json, steps::write_path)?;
    Ok(Status::of(unreadable, failed))
}

/// Writes records in input order: JSON lines, or text blocks separated by blank lines (a
/// failed record as `place: message`, the others by `block`). Returns whether one failed.
fn write_records<'a>(
    out: &mut dyn Write,
    records: impl Iterator<Item = &'a Value>,
    json: bool,
    mut block: impl FnMut(&mut dyn Write, &str, &Value) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let mut failed = false;
    for (k, v) in records.enumerate() {
        failed |= v.get("error").is_some();
        if json {
            serde_json::to_writer(&mut *out, v)?;
            writeln!(out)?;
            continue;
        }
        if k > 0 {
            writeln!(out)?;
        }
        let place = format!("{}:{}", v["source"].as_str().unwrap_or("-"), v["line"]);
        // A path stopped by its budget still shows its steps.
        match v.get("error").filter(|_| v.get("steps").is_none()) {
            Some(e) => writeln!(out, "{place}: {}", e["message"].as_str().unwrap_or("error"))?,
            None => block(out, &place, v)?,
        }
    }
    Ok(failed)
}
