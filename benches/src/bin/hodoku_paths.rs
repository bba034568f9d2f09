//! Our HoDoKu ruleset against HoDoKu itself, step by step: reads the output of
//! `../shared/tools/hodoku/hodoku path FILE` (a header `<puzzle> #<n> <level> (<score>)` per
//! puzzle, then its steps indented by three spaces, forcing-chain continuation lines by two),
//! solves every puzzle with `HodokuSolver` and compares the paths step by step (a step's first
//! line; the continuation lines of forcing chains and nets are counted apart), and the level
//! and score. Prints how many paths are identical, the first differing step of each other
//! puzzle counted by HoDoKu's technique, and a few examples of each.
//!
//!     cargo run --release -p sudoku-benches --bin hodoku_paths -- PATHS [EXAMPLES]
#![allow(clippy::print_stdout)]

use std::collections::BTreeMap;

use sudoku_core::Grid;
use sudoku_logic::HodokuSolver;

/// A puzzle of the path file: its header fields and its step lines.
struct Expected {
    puzzle: String,
    level: String,
    score: u32,
    steps: Vec<String>,
    /// Per step, its continuation lines (forcing chains and nets), trimmed.
    more: Vec<Vec<String>>,
}

fn read(path: &str) -> Vec<Expected> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out: Vec<Expected> = Vec::new();
    for line in text.lines() {
        if let Some(step) = line.strip_prefix("   ") {
            if let Some(e) = out.last_mut() {
                e.steps.push(step.to_string());
                e.more.push(Vec::new());
            }
        } else if let Some(more) = line.strip_prefix("  ") {
            // A forcing chain's continuation line.
            if let Some(m) = out.last_mut().and_then(|e| e.more.last_mut()) {
                m.push(more.trim_start().to_string());
            }
        } else if let Some((puzzle, rest)) = line.split_once(" #") {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let score = fields.get(2).and_then(|s| s.trim_matches(['(', ')']).parse().ok());
            out.push(Expected {
                puzzle: puzzle.to_string(),
                level: fields.get(1).unwrap_or(&"").to_string(),
                score: score.unwrap_or(0),
                steps: Vec::new(),
                more: Vec::new(),
            });
        }
    }
    out
}

/// The technique of a step line: the text before its first `:` (or ` =>` for BUG+1).
fn technique(step: &str) -> String {
    step.split([':']).next().unwrap_or(step).split(" =>").next().unwrap_or(step).to_string()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: hodoku_paths PATHS [EXAMPLES]");
        std::process::exit(2);
    };
    let examples: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let solver = HodokuSolver::default();
    let (mut n, mut same, mut rating_same) = (0, 0, 0);
    let (mut more_steps, mut more_same) = (0, 0);
    let mut more_examples: Vec<String> = Vec::new();
    let mut first_diff: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let started = std::time::Instant::now();
    for e in read(path) {
        let Ok(grid) = e.puzzle.parse::<Grid>() else { continue };
        let Ok(ours) = solver.solve(&grid) else { continue };
        n += 1;
        let texts: Vec<String> = ours.steps.iter().map(ToString::to_string).collect();
        let lines: Vec<String> =
            texts.iter().map(|t| t.lines().next().unwrap_or("").to_string()).collect();
        for (k, t) in texts.iter().enumerate() {
            if lines.get(k) != e.steps.get(k) {
                break;
            }
            let Some(want) = e.more.get(k).filter(|m| !m.is_empty()) else { continue };
            {
                more_steps += 1;
                let got: Vec<&str> = t.lines().skip(1).map(str::trim_start).collect();
                if got.iter().copied().eq(want.iter().map(String::as_str)) {
                    more_same += 1;
                } else if more_examples.len() < examples {
                    more_examples.push(format!(
                        "{} step {k}: {}\n      hodoku: {}\n      ours:   {}",
                        e.puzzle,
                        lines[k],
                        want.join(" | "),
                        got.join(" | ")
                    ));
                }
            }
        }
        if ours.rating.level.to_string() == e.level && ours.rating.score == e.score {
            rating_same += 1;
        }
        if lines == e.steps {
            same += 1;
            continue;
        }
        let k = lines
            .iter()
            .zip(&e.steps)
            .position(|(a, b)| a != b)
            .unwrap_or(lines.len().min(e.steps.len()));
        let want = e.steps.get(k).map_or("(end)".to_string(), Clone::clone);
        let got = lines.get(k).map_or("(end)".to_string(), Clone::clone);
        first_diff
            .entry(technique(&want))
            .or_default()
            .push(format!("{} step {k}\n      hodoku: {want}\n      ours:   {got}", e.puzzle));
    }
    let secs = started.elapsed().as_secs_f64();
    let mut by_count: Vec<_> = first_diff.into_iter().collect();
    by_count.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (t, v) in &by_count {
        println!("{:5} first differ at {t}", v.len());
        for x in v.iter().take(examples) {
            println!("    {x}");
        }
    }
    println!("forcing chain/net continuation lines: {more_same} of {more_steps} steps identical");
    for x in &more_examples {
        println!("    {x}");
    }
    println!(
        "hodoku paths: {same} of {n} identical, level and score equal on {rating_same} ({secs:.1} s)"
    );
}
