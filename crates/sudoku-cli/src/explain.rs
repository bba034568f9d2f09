//! `sudoku explain`: the solving path step by step with named techniques (`--steps`), or the
//! pair-reduction hypothesis/disproof/proof chain.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use sudoku_logic::{LogicalSolver, SolvingPath};
use sudoku_solve::PairReduction;

use crate::batch::{Batch, BatchArgs, Layout};
use crate::{Status, schema, steps};

#[derive(clap::Args, Debug)]
pub(crate) struct ExplainArgs {
    #[command(flatten)]
    batch: BatchArgs,
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

/// The layout of explain's output: JSON lines, or text blocks (which cannot be resumed).
fn layout(args: &ExplainArgs) -> Layout {
    if args.json {
        Layout::json()
    } else {
        let why = "explain's text has several lines per puzzle; use --json";
        Layout { header: None, place: None, not_resumable: Some(why) }
    }
}

pub(crate) fn run(args: &ExplainArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if args.steps {
        return run_steps(args, out);
    }
    let batch = Batch { args: &args.batch, command: "explain", layout: layout(args) };
    let solver = PairReduction { max_level: args.max_level, budget: args.budget };
    let mut writer = Records::new(args.json);
    batch.run(
        out,
        move |r| match r.result {
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
                    "status": e.code(),
                    "error": schema::failure(&e),
                }),
            },
        },
        |out, v| {
            writer.write(out, &v, |out, place, v| {
                writeln!(out, "# {place} {}", v["puzzle"].as_str().unwrap_or_default())?;
                writeln!(
                    out,
                    "# level {}, {} decision branches examined",
                    v["level"], v["branches"]
                )?;
                for line in v["chain"].as_array().into_iter().flatten() {
                    writeln!(out, "{}", line.as_str().unwrap_or_default())?;
                }
                writeln!(out, "# solution {}", v["solution"].as_str().unwrap_or_default())?;
                Ok(())
            })
        },
    )
}

/// `explain --steps`: the logical solver's path for every puzzle; with `--svg`, a picture of
/// a step of the first puzzle that has a path.
fn run_steps(args: &ExplainArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if let Some(p) = &args.svg {
        crate::check_output_path(p)?;
    }
    let batch = Batch { args: &args.batch, command: "explain", layout: layout(args) };
    let solver = LogicalSolver::default().with_chain_budget(args.chain_budget);
    let (chain_budget, keep_paths) = (args.chain_budget, args.svg.is_some());
    let mut svg = args.svg.as_ref().map(|file| (file, false));
    let mut writer = Records::new(args.json);
    let status = batch.run(
        out,
        move |r| match r.result {
            Err(e) => (
                json!({"source": r.source, "line": e.line, "status": "invalid",
                   "error": schema::error("invalid", &e.kind)}),
                None,
            ),
            Ok(p) => match solver.solve(&p.grid) {
                Ok(path) => {
                    let mut v = steps::path_json(&path, chain_budget);
                    v["source"] = json!(r.source);
                    v["line"] = json!(p.line);
                    (v, keep_paths.then_some(path))
                }
                Err(e) => (
                    json!({"source": r.source, "line": p.line, "puzzle": p.grid.to_string(),
                       "status": e.code(),
                       "error": schema::failure(&e)}),
                    None,
                ),
            },
        },
        |out, (v, path)| {
            if let (Some((file, drawn @ false)), Some(path)) = (&mut svg, &path) {
                draw(file, path, args.step)?;
                *drawn = true;
            }
            writer.write(out, &v, steps::write_path)
        },
    )?;
    if let Some((_, false)) = svg
        && !matches!(status, Status::Interrupted(_))
    {
        anyhow::bail!("no puzzle to draw for --svg");
    }
    Ok(status)
}

/// Draws step `step` (1 is the first; by default the hardest, the one that sets ER) of a path.
fn draw(file: &Path, path: &SolvingPath, step: Option<usize>) -> anyhow::Result<()> {
    let hardest = path
        .steps
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.difficulty.total_cmp(&b.1.difficulty).then(b.0.cmp(&a.0)))
        .map_or(0, |(i, _)| i);
    let index = step.map_or(hardest, |n| n.saturating_sub(1));
    let Some(s) = path.steps.get(index) else {
        anyhow::bail!("--step {}: the path has {} steps", index + 1, path.steps.len());
    };
    let title = format!("step {}: {:.1} {s}", index + 1, s.difficulty);
    std::fs::write(file, sudoku_logic::step_svg(&steps::marks_before(path, index), s, &title))?;
    Ok(())
}

/// Writes records in input order: JSON lines, or text blocks separated by blank lines (a
/// failed record as `place: message`, the others by a block writer).
struct Records {
    json: bool,
    first: bool,
}

impl Records {
    fn new(json: bool) -> Records {
        Records { json, first: true }
    }

    /// Writes one record; returns whether it failed.
    fn write(
        &mut self,
        out: &mut dyn Write,
        v: &Value,
        block: impl FnOnce(&mut dyn Write, &str, &Value) -> anyhow::Result<()>,
    ) -> anyhow::Result<bool> {
        let failed = v.get("error").is_some();
        if self.json {
            serde_json::to_writer(&mut *out, v)?;
            writeln!(out)?;
            return Ok(failed);
        }
        if !std::mem::take(&mut self.first) {
            writeln!(out)?;
        }
        let place = format!("{}:{}", v["source"].as_str().unwrap_or("-"), v["line"]);
        // A path stopped by its budget still shows its steps.
        match v.get("error").filter(|_| v.get("steps").is_none()) {
            Some(e) => writeln!(out, "{place}: {}", e["message"].as_str().unwrap_or("error"))?,
            None => block(out, &place, v)?,
        }
        Ok(failed)
    }
}
