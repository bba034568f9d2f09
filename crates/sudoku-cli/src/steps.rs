//! The logical solver as users meet it: `explain --steps`, `hint`, and step pictures (SVG).

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use serde_json::{Value, json};
use sudoku_core::{CandidateGrid, Cell, Digit, Failure, Grid, Work};
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
            .map(|e| format!("{}<>{}", e.cell, e.digit))
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

/// Draws a step on its pencil marks: digits, candidates, the pattern's candidates in green,
/// eliminated candidates struck out in red, placements in blue.
pub(crate) fn step_svg(marks: &CandidateGrid, step: &Step, title: &str) -> String {
    const CELL: f64 = 54.0;
    const PAD: f64 = 20.0;
    const TOP: f64 = 44.0;
    let size = 9.0 * CELL;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = size + 2.0 * PAD,
        h = size + PAD + TOP
    );
    let _ = write!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    // The title on two lines: the pattern, then what it does.
    let (head, tail) = title.split_once(" => ").unwrap_or((title, ""));
    let _ = write!(s, r#"<text x="{PAD}" y="17" font-size="12">{}</text>"#, escape(head));
    if !tail.is_empty() {
        let _ = write!(s, r#"<text x="{PAD}" y="34" font-size="12">=&gt; {}</text>"#, escape(tail));
    }
    let origin = |c: Cell| (PAD + c.col() as f64 * CELL, TOP + c.row() as f64 * CELL);
    // Pattern cells get a pale background.
    for c in step.pattern_cells() {
        let (x, y) = origin(c);
        let _ =
            write!(s, r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#fff4c2"/>"##);
    }
    for unit in &step.units {
        for &c in unit.cells() {
            let (x, y) = origin(c);
            let _ = write!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#dde8ff" fill-opacity="0.45"/>"##
            );
        }
    }
    for c in Cell::all() {
        let (x, y) = origin(c);
        if let Some(d) = marks.value(c) {
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="30" text-anchor="middle">{d}</text>"#,
                x + CELL / 2.0,
                y + CELL * 0.7
            );
            continue;
        }
        if let Some(p) = step.placements.iter().find(|p| p.cell == c) {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="30" font-weight="bold" text-anchor="middle" fill="#1f5fd6">{}</text>"##,
                x + CELL / 2.0,
                y + CELL * 0.7,
                p.digit
            );
            continue;
        }
        for d in marks.candidates(c) {
            let k = d.index();
            let cx = x + CELL / 6.0 + (k % 3) as f64 * CELL / 3.0;
            let cy = y + CELL / 6.0 + (k / 3) as f64 * CELL / 3.0;
            let gone = step.eliminations.iter().any(|e| e.cell == c && e.digit == d);
            let part = step.pattern.iter().any(|e| e.cell == c && e.digit == d);
            if part {
                let _ = write!(s, r##"<circle cx="{cx}" cy="{cy}" r="8" fill="#7bd389"/>"##);
            }
            if gone {
                let _ = write!(s, r##"<circle cx="{cx}" cy="{cy}" r="8" fill="#f4a3a3"/>"##);
            }
            let _ = write!(
                s,
                r##"<text x="{cx}" y="{}" font-size="13" text-anchor="middle" fill="{}">{d}</text>"##,
                cy + 4.5,
                if gone { "#b00000" } else { "#555" }
            );
            if gone {
                let _ = write!(
                    s,
                    r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#b00000" stroke-width="1.5"/>"##,
                    cx - 7.0,
                    cy + 7.0,
                    cx + 7.0,
                    cy - 7.0
                );
            }
        }
    }
    draw_links(&mut s, step, |c, d| {
        let (x, y) = origin(c);
        let k = d.index();
        (x + CELL / 6.0 + (k % 3) as f64 * CELL / 3.0, y + CELL / 6.0 + (k / 3) as f64 * CELL / 3.0)
    });
    for i in 0..=9 {
        let w = if i % 3 == 0 { 3.0 } else { 1.0 };
        let o = i as f64 * CELL;
        let _ = write!(
            s,
            r#"<line x1="{PAD}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="{w}"/>"#,
            TOP + o,
            PAD + size,
            TOP + o
        );
        let _ = write!(
            s,
            r#"<line x1="{}" y1="{TOP}" x2="{}" y2="{}" stroke="black" stroke-width="{w}"/>"#,
            PAD + o,
            PAD + o,
            TOP + size
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The links of a chaining step, premise to conclusion: solid when the conclusion is "on",
/// dashed when it is "off". Links drawn by an earlier chain are not drawn twice, and a
/// nested step's hundreds of links are cut at a readable number.
fn draw_links(s: &mut String, step: &Step, at: impl Fn(Cell, Digit) -> (f64, f64)) {
    const MOST: usize = 400;
    if step.chains.is_empty() {
        return;
    }
    s.push_str(
        r##"<defs><marker id="head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c2410c"/></marker></defs>"##,
    );
    let mut drawn = std::collections::HashSet::new();
    let links = step
        .chains
        .iter()
        .flat_map(|c| &c.implications)
        .flat_map(|i| i.premises.iter().map(move |p| (p.candidate, i.conclusion)));
    for (from, to) in links {
        if drawn.len() == MOST || !drawn.insert((from, to.candidate, to.on)) {
            continue;
        }
        let (x1, y1) = at(from.cell, from.digit);
        let (x2, y2) = at(to.candidate.cell, to.candidate.digit);
        // Stop short of the target's centre so the arrow head stays visible.
        let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
        let (x2, y2) = (x2 - (x2 - x1) * 7.0 / len, y2 - (y2 - y1) * 7.0 / len);
        let dash = if to.on { "" } else { r#" stroke-dasharray="4 3""# };
        let _ = write!(
            s,
            r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#c2410c" stroke-width="1.4"{dash} marker-end="url(#head)"/>"##
        );
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
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
        std::fs::write(path, step_svg(&marks, s, &title))
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
