//! The logical solver as users meet it: `explain --steps` and `hint` (step pictures are
//! `sudoku_logic::step_svg`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use sudoku_core::CandidateGrid;
use sudoku_logic::{HodokuSolver, LogicalSolver, PathEnd, PathRating, Ruleset, SolvingPath, Step};

use crate::Status;

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
    let (r, label) = (path.rating, R::LABEL);
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

/// The pencil marks before step `index` of a path (replaying the steps before it).
pub(crate) fn marks_before<R>(path: &SolvingPath<R>, index: usize) -> CandidateGrid {
    let mut marks = path.start();
    for s in &path.steps[..index] {
        sudoku_logic::apply(&mut marks, s);
    }
    marks
}

#[derive(clap::Args, Debug)]
pub(crate) struct HintArgs {
    /// The grid: 81 characters (the puzzle or your progress, `.` or `0` for blanks), or 729
    /// characters of pencil marks (nine per cell, the k-th showing digit k or `.`), as tdoku
    /// and Sudoku Explainer write them.
    grid: String,
    /// Print the hint as one JSON object.
    #[arg(long)]
    json: bool,
    /// Also draw the hint as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Search nodes allowed to check the grid against its solution.
    #[arg(long, default_value_t = LogicalSolver::default().budget)]
    budget: u64,
    /// Potentials (chain nodes) the chain searches may visit before giving up.
    #[arg(long, default_value_t = LogicalSolver::default().chain_budget)]
    chain_budget: u64,
    /// Whose next step: explainer (Sudoku Explainer's techniques and order) or hodoku
    /// (HoDoKu's techniques, order and notation; the step's score).
    #[arg(long, default_value = "explainer")]
    style: Ruleset,
}

/// `sudoku hint`: the step Sudoku Explainer would take next. A grid with no solution, several,
/// or pencil marks that no solution fits gets its status (`none`, `multiple`, `invalid`,
/// `budget_exceeded`) and exit status 1, never a long search.
pub(crate) fn hint(args: &HintArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if let Some(path) = &args.svg {
        crate::check_output_path(path)?;
    }
    let hint = match args.style {
        Ruleset::Hodoku => HodokuSolver::default().with_budget(args.budget).hint(&args.grid),
        _ => LogicalSolver::default()
            .with_budget(args.budget)
            .with_chain_budget(args.chain_budget)
            .hint(&args.grid),
    };
    if let (Some(path), Some(svg)) = (&args.svg, hint.svg()) {
        std::fs::write(path, svg).with_context(|| format!("writing {}", path.display()))?;
    }
    if args.json {
        crate::schema::write_sorted(out, &hint)?;
    } else {
        match &hint.outcome {
            Ok(Some(step)) => write_step(out, step)?,
            Ok(None) if hint.status() == sudoku_core::Status::Solved => {
                writeln!(out, "the grid is complete")?;
            }
            Ok(None) => writeln!(out, "no technique applies, not even nested forcing chains")?,
            Err(problem) => eprintln!("sudoku hint: {}", problem.message),
        }
    }
    Ok(if hint.outcome.is_ok() { Status::Ok } else { Status::Invalid })
}
