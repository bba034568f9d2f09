//! `sudoku explain`: the solving path step by step with named techniques (`--steps`), or the
//! pair-reduction hypothesis/disproof/proof chain.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use sudoku_core::{Board, Failure};
use sudoku_logic::{BuiltinRating, LogicalSolver, PairReduction, RulesetName, SolvingPath};

use crate::batch::{Batch, BatchArgs, Layout};
use crate::input::Record;
use crate::schema::{Failed, Placed};
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
    #[arg(long, default_value_t = LogicalSolver::default().ruleset.chain_budget)]
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
    /// With --steps: whose techniques, names and ratings: explainer (Sudoku Explainer's, ER/EP/
    /// ED) or hodoku (HoDoKu's techniques and notation, its score per step, its level and
    /// score; JSON "hodoku": {"level","score"} and each step's "score"). `--style` is another
    /// name for it.
    #[arg(long, alias = "style", default_value = "explainer", requires = "steps")]
    ruleset: RulesetName,
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

/// One puzzle's answer: its record, or why it has none.
#[derive(Serialize)]
#[serde(untagged)]
enum Answer<T> {
    Done(T),
    Failed(Failed),
}

/// One puzzle's answer with its place, for the writer.
type Entry<T> = ((String, usize), Answer<T>);

/// Answers a batch record: `Failed` for a line that is not a puzzle or a puzzle (or pencil
/// marks) `work` fails on.
fn answer<T>(r: Record, work: impl FnOnce(&Board) -> Result<T, Failure>) -> Entry<T> {
    let place = r.place();
    let answer = match r.result {
        Err(e) => Answer::Failed(Failed::invalid(&e.kind)),
        Ok(p) => match work(&p.board) {
            Ok(done) => Answer::Done(done),
            Err(e) => Answer::Failed(Failed::puzzle(p.board.to_string(), e.into())),
        },
    };
    (place, answer)
}

pub(crate) fn run(args: &ExplainArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    args.batch.rules.require_classic("explain")?;
    if args.steps {
        return run_steps(args, out);
    }
    let batch = Batch { args: &args.batch, command: "explain", layout: layout(args) };
    let solver = PairReduction { max_level: args.max_level, budget: args.budget };
    let mut writer = Records::new(args.json);
    batch.run(
        out,
        move |r| answer(r, |board| solver.solve(board.givens_for("pair reduction")?)),
        |out, entry| {
            writer.write(out, &entry, false, |out, place, e| {
                writeln!(out, "# {place} {}", e.puzzle)?;
                writeln!(out, "# level {}, {} decision branches examined", e.level, e.branches)?;
                for line in &e.chain {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "# solution {}", e.solution)?;
                Ok(())
            })
        },
    )
}

/// `explain --steps`: the logical solver's path for every puzzle (Sudoku Explainer's or
/// HoDoKu's ruleset); with `--svg`, a picture of a step of the first puzzle that has a path.
fn run_steps(args: &ExplainArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if let Some(p) = &args.svg {
        crate::check_output_path(p)?;
    }
    let solver = args.ruleset.solver().with_chain_budget(args.chain_budget);
    let batch = Batch { args: &args.batch, command: "explain", layout: layout(args) };
    let mut svg = args.svg.as_ref().map(|file| (file, false));
    let mut writer = Records::new(args.json);
    let status = batch.run(
        out,
        move |r| answer(r, |board| solver.solve(board)),
        |out, entry| {
            if let (Some((file, drawn @ false)), Answer::Done(path)) = (&mut svg, &entry.1) {
                draw(file, path, args.step)?;
                *drawn = true;
            }
            let stopped = matches!(&entry.1, Answer::Done(p) if p.failure().is_some());
            writer.write(out, &entry, stopped, steps::write_path)
        },
    )?;
    if let Some((_, false)) = svg
        && !matches!(status, Status::Interrupted(_))
    {
        anyhow::bail!("no puzzle to draw for --svg");
    }
    Ok(status)
}

/// Draws step `step` (1 is the first; by default the hardest, the one that sets the rating)
/// of a path.
fn draw(file: &Path, path: &SolvingPath<BuiltinRating>, step: Option<usize>) -> anyhow::Result<()> {
    let Some(picture) = path.step_svg(step) else {
        let len = path.steps.len();
        anyhow::bail!("--step {}: the path has {len} steps", step.unwrap_or(1));
    };
    std::fs::write(file, picture)?;
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

    /// Writes one answer; returns whether it failed (`stopped`: a record that came back
    /// incomplete, such as a path whose chain budget ran out).
    fn write<T: Serialize>(
        &mut self,
        out: &mut dyn Write,
        ((source, line), answer): &Entry<T>,
        stopped: bool,
        block: impl FnOnce(&mut dyn Write, &str, &T) -> anyhow::Result<()>,
    ) -> anyhow::Result<bool> {
        let failed = stopped || matches!(answer, Answer::Failed(_));
        if self.json {
            schema::write_sorted(out, &Placed { source, line: *line, record: answer })?;
            return Ok(failed);
        }
        if !std::mem::take(&mut self.first) {
            writeln!(out)?;
        }
        let place = format!("{source}:{line}");
        match answer {
            Answer::Failed(f) => writeln!(out, "{place}: {}", f.error.message)?,
            Answer::Done(record) => block(out, &place, record)?,
        }
        Ok(failed)
    }
}
