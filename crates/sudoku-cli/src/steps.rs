//! The logical solver as users meet it: `explain --steps` and `hint` (step pictures are
//! `sudoku_logic::step_svg`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use serde_json::{Value, json};
use sudoku_core::{CandidateGrid, Failure, Grid, Work};
use sudoku_logic::{LogicalSolver, PathEnd, SolvingPath, Step};

use crate::Status;

/// A step as JSON: technique, difficulty, placements, eliminations, pattern and text.
pub(crate) fn step_json(step: &Step) -> Value {
    let cand = |c: &sudoku_logic::Candidate| c.to_string();
    json!({
        "technique": step.technique.to_string(),
        "difficulty": step.difficulty,
        "placements": step.placements.iter().map(cand).collect::<Vec<_>>(),
        "eliminations": step
            .eliminations
            .iter()
            .map(|e| format!("{}<>{}", e.cell(), e.digit()))
            .collect::<Vec<_>>(),
        "pattern": step.pattern.iter().map(cand).collect::<Vec<_>>(),
        "units": step.units.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "chains": step.chains.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "text": step.to_string(),
    })
}

/// The JSON of a solving path: `{"puzzle","solution","status","se_rating","steps"}`; status
/// `solved`, `stuck` (no technique finishes: ER 20.0, as Sudoku Explainer) or
/// `budget_exceeded` (the chain budget ran out: the rating is a lower bound, the steps the path
/// so far).
pub(crate) fn path_json(path: &SolvingPath, chain_budget: u64) -> Value {
    let mut v = json!({
        "puzzle": path.puzzle.to_string(),
        "solution": path.solution.to_string(),
        "status": match path.end {
            PathEnd::Solved => "solved",
            PathEnd::Stuck => "stuck",
            _ => "budget_exceeded",
        },
        "se_rating": crate::schema::se_rating(&path.rating),
        "steps": path.steps.iter().map(step_json).collect::<Vec<_>>(),
    });
    if path.end == PathEnd::BudgetExceeded {
        let e = Failure::budget_exceeded(chain_budget, Work::ChainPotentials);
        v["error"] = crate::schema::failure(&e);
    }
    v
}

/// The text form of a path: one line per step, `difficulty technique: pattern => effects`.
pub(crate) fn write_path(out: &mut dyn Write, place: &str, v: &Value) -> anyhow::Result<()> {
    writeln!(out, "# {place} {}", v["puzzle"].as_str().unwrap_or_default())?;
    for s in v["steps"].as_array().into_iter().flatten() {
        let d = s["difficulty"].as_f64().unwrap_or(0.0);
        let text = s["text"].as_str().unwrap_or_default();
        writeln!(out, "{d:.1} {text}")?;
        // The chains the one-line text leaves out, one per line.
        for chain in s["chains"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            if !text.contains(chain) {
                writeln!(out, "    {chain}")?;
            }
        }
    }
    let r = &v["se_rating"];
    let (er, ep, ed) = (
        r["er"].as_f64().unwrap_or(0.0),
        r["ep"].as_f64().unwrap_or(0.0),
        r["ed"].as_f64().unwrap_or(0.0),
    );
    if v["status"] == "solved" {
        writeln!(out, "# ER/EP/ED {er:.1}/{ep:.1}/{ed:.1}")?;
        writeln!(out, "# solution {}", v["solution"].as_str().unwrap_or_default())?;
    } else if v["status"] == "stuck" {
        writeln!(out, "# stuck: no technique applies; ER/EP/ED {er:.1}/{ep:.1}/{ed:.1}")?;
    } else {
        writeln!(
            out,
            "# budget exceeded: the chain searches stop here; ER/EP/ED so far {er:.1}/{ep:.1}/{ed:.1}"
        )?;
    }
    Ok(())
}

/// The pencil marks before step `index` of a path (replaying the steps before it).
pub(crate) fn marks_before(path: &SolvingPath, index: usize) -> CandidateGrid {
    let mut marks = CandidateGrid::from(&path.puzzle);
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
}

/// The grid of `sudoku hint`: 729 characters are pencil marks, anything else a grid.
fn hint_marks(text: &str) -> Result<CandidateGrid, Value> {
    let invalid = |e: &dyn std::fmt::Display| crate::schema::error("invalid", e);
    match text.chars().count() {
        729 => return CandidateGrid::from_pencil_marks(text).map_err(|e| invalid(&e)),
        81 => {}
        n => return Err(invalid(&format!("expected 81 cells or 729 pencil marks, found {n}"))),
    }
    let grid: Grid = text.parse().map_err(|e| invalid(&e))?;
    CandidateGrid::new(&grid).map_err(|c| invalid(&c))
}

/// `sudoku hint`: the step Sudoku Explainer would take next. A grid with no solution, several,
/// or pencil marks that no solution fits gets its status (`none`, `multiple`, `invalid`,
/// `budget_exceeded`) and exit status 1, never a long search.
pub(crate) fn hint(args: &HintArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let text: String = args.grid.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(path) = &args.svg {
        crate::check_output_path(path)?;
    }
    let solver =
        LogicalSolver::default().with_budget(args.budget).with_chain_budget(args.chain_budget);
    let found = hint_marks(&text).and_then(|marks| match solver.next_step(&marks) {
        Ok(step) => Ok((marks, step)),
        Err(e) => Err(crate::schema::failure(&e)),
    });
    let (marks, step) = match found {
        Ok(found) => found,
        Err(error) => {
            let grid = hint_marks(&text).ok().map(|m| m.grid().to_string());
            if args.json {
                let v = json!({"grid": grid, "status": error["code"], "error": error});
                writeln!(out, "{v}")?;
            } else {
                eprintln!("sudoku hint: {}", error["message"].as_str().unwrap_or_default());
            }
            return Ok(Status::Invalid);
        }
    };
    let placed = marks.grid().to_string();
    let value = match &step {
        Some(s) => json!({"grid": placed, "status": "ok", "step": step_json(s)}),
        None if marks.is_complete() => json!({"grid": placed, "status": "solved"}),
        None => json!({"grid": placed, "status": "stuck"}),
    };
    if let (Some(path), Some(s)) = (&args.svg, &step) {
        let title = format!("{:.1} {s}", s.difficulty);
        std::fs::write(path, sudoku_logic::step_svg(&marks, s, &title))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if args.json {
        serde_json::to_writer(&mut *out, &value)?;
        writeln!(out)?;
        return Ok(Status::Ok);
    }
    match &step {
        Some(s) => {
            let text = s.to_string();
            writeln!(out, "{:.1} {text}", s.difficulty)?;
            for chain in s.chains.iter().map(ToString::to_string) {
                if !text.contains(&chain) {
                    writeln!(out, "    {chain}")?;
                }
            }
        }
        None if marks.is_complete() => writeln!(out, "the grid is complete")?,
        None => writeln!(out, "no technique applies, not even nested forcing chains")?,
    }
    Ok(Status::Ok)
}
