//! The logical solver as users meet it: `explain --steps` and `hint` (step pictures are
//! `sudoku_logic::step_svg`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use sudoku_core::Problem;
use sudoku_logic::{
    Detail, Hint, LogicalSolver, PathEnd, PathRating, RulesetName, SolvingPath, Step,
};

use crate::Status;
use crate::batch::{Batch, BatchArgs, Layout};
use crate::input::Record;
use crate::schema::Placed;

/// The text form of a step: `difficulty technique: pattern => effects`, then the chains its
/// one-line text leaves out, one per line.
fn write_step(out: &mut dyn Write, step: &Step) -> anyhow::Result<()> {
    let text = step.to_string();
    writeln!(out, "{} {text}", step.rating_text())?;
    for chain in step.chains.iter().map(ToString::to_string) {
        if !text.contains(&chain) {
            writeln!(out, "    {chain}")?;
        }
    }
    Ok(())
}

/// The text form of a path: one line per step, then how it ended.
pub(crate) fn write_path<R: PathRating>(
    out: &mut dyn Write,
    place: &str,
    path: &SolvingPath<R>,
) -> anyhow::Result<()> {
    writeln!(out, "# {place} {}", path.puzzle_text())?;
    for step in &path.steps {
        write_step(out, step)?;
    }
    let (r, label) = (path.rating, path.rating.label());
    match path.end {
        PathEnd::Solved => {
            writeln!(out, "# {label} {r}")?;
            writeln!(out, "# solution {}", path.solution)?;
        }
        PathEnd::Stuck => writeln!(out, "# stuck: no technique applies; {label} {r}")?,
        PathEnd::BudgetExceeded => {
            writeln!(out, "# budget exceeded: the chain searches stop here; {label} so far {r}")?
        }
        _ => writeln!(out, "# stopped early ({}); {label} {r}", path.end.status())?,
    }
    Ok(())
}

#[derive(clap::Args, Debug)]
pub(crate) struct HintArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Print one JSON object per grid.
    #[arg(long)]
    json: bool,
    /// Also draw the first grid's hint as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Search nodes allowed to check each grid against its solution.
    #[arg(long, default_value_t = LogicalSolver::default().budget)]
    budget: u64,
    /// Potentials (chain nodes) the chain searches may visit before giving up.
    #[arg(long, default_value_t = LogicalSolver::default().ruleset.chain_budget)]
    chain_budget: u64,
    /// Whose next step: explainer (Sudoku Explainer's techniques and order) or hodoku
    /// (HoDoKu's techniques, order and notation; the step's score). `--style` is another name
    /// for it.
    #[arg(long, alias = "style", default_value = "explainer")]
    ruleset: RulesetName,
    /// How much of the step to show: technique (its name only), cells (where: its units and
    /// cells), result (what it places or crosses out as well) or full (the whole step).
    #[arg(long, default_value = "full")]
    detail: Detail,
}

/// `sudoku hint`: the step Sudoku Explainer (or HoDoKu) would take next on every grid of the
/// inputs (a puzzle, a player's progress, pencil marks), read as every subcommand reads them.
/// A grid with no solution, several, or pencil marks that no solution fits gets its status
/// (`none`, `multiple`, `invalid`, `budget_exceeded`) and exit status 1, never a long search.
pub(crate) fn hint(args: &HintArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    args.batch.rules.require_classic("hint")?;
    if let Some(path) = &args.svg {
        crate::check_output_path(path)?;
    }
    let solver =
        args.ruleset.solver().with_budget(args.budget).with_chain_budget(args.chain_budget);
    let detail = args.detail;
    let work = move |r: Record| {
        let place = r.place();
        let hint = match r.result {
            Ok(entry) => solver.hint(&entry.board),
            Err(e) => Hint::unreadable(Problem::invalid(&e.kind)),
        }
        .with_detail(detail);
        (place, hint)
    };
    let layout = if args.json {
        Layout::json()
    } else {
        let why = "hint's text can take several lines per grid; use --json";
        Layout { header: None, place: None, not_resumable: Some(why) }
    };
    let batch = Batch { args: &args.batch, command: "hint", layout };
    let mut svg = args.svg.clone();
    batch.run(out, work, |out, ((source, line), hint): ((String, usize), Hint)| {
        if let Some(path) = svg.take_if(|_| hint.step().is_some())
            && let Some(picture) = hint.svg()
        {
            std::fs::write(&path, picture)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        if args.json {
            crate::schema::write_sorted(out, &Placed { source: &source, line, record: &hint })?;
        } else {
            match &hint.outcome {
                Ok(Some(step)) if hint.detail == Detail::Full => write_step(out, step)?,
                Ok(Some(_)) => writeln!(out, "{}", hint.reveal().expect("a step"))?,
                Ok(None) if hint.status() == sudoku_core::Status::Solved => {
                    writeln!(out, "the grid is complete")?;
                }
                Ok(None) => writeln!(out, "no technique applies, not even nested forcing chains")?,
                Err(problem) => {
                    writeln!(out, "{}", problem.code.word())?;
                    eprintln!("sudoku hint: {source}:{line}: {}", problem.message);
                }
            }
        }
        Ok(hint.outcome.is_err())
    })
}
