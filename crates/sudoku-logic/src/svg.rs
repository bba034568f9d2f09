//! Pictures of steps: a step drawn on its pencil marks as an SVG document.

use std::fmt::Write as _;

use sudoku_core::{CandidateGrid, Cell, Digit};

use crate::Step;

/// Draws a step on the pencil marks it applies to, as an SVG document: digits, candidates,
/// the pattern's candidates in green, eliminated candidates struck out in red, placements in
/// blue, the units shaded, and a chain step's links as arrows (dashed when they cross a
/// candidate out); `title` is written above the grid (split at ` => ` on two lines).
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Grid};
/// use sudoku_logic::{LogicalSolver, step_svg};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let marks = CandidateGrid::new(&puzzle).unwrap();
/// let step = LogicalSolver::default().next_step(&marks)?.unwrap();
/// let svg = step_svg(&marks, &step, &step.to_string());
/// assert!(svg.starts_with("<svg") && svg.contains("Hidden Single"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn step_svg(marks: &CandidateGrid, step: &Step, title: &str) -> String {
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
        if let Some(p) = step.placements.iter().find(|p| p.cell() == c) {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="30" font-weight="bold" text-anchor="middle" fill="#1f5fd6">{}</text>"##,
                x + CELL / 2.0,
                y + CELL * 0.7,
                p.digit()
            );
            continue;
        }
        for d in marks.candidates(c) {
            let k = d.index();
            let cx = x + CELL / 6.0 + (k % 3) as f64 * CELL / 3.0;
            let cy = y + CELL / 6.0 + (k / 3) as f64 * CELL / 3.0;
            let gone = step.eliminations.iter().any(|e| e.cell() == c && e.digit() == d);
            let part = step.pattern.iter().any(|e| e.cell() == c && e.digit() == d);
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
        let (x1, y1) = at(from.cell(), from.digit());
        let (x2, y2) = at(to.candidate.cell(), to.candidate.digit());
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
