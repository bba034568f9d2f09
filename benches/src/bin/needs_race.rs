//! Technique practice, timed: for every technique of HoDoKu's default step table and every
//! row of Sudoku Explainer's technique table, the seconds `BandSearch::with_needs` takes to
//! find a puzzle whose path takes it (the 0th puzzle of seeds 1..=N, the widest band of its
//! ruleset), and every puzzle checked: its path takes the technique, and the position before
//! its first use has it as the next step (Sudoku Explainer's; HoDoKu's from marks may start
//! its singles queues afresh, so it is counted apart). With `--hodoku RUNNER`, HoDoKu's own
//! `path` of every HoDoKu puzzle found is asked whether it uses the technique. As `cargo
//! xtask bench needs` runs it:
//!
//!     needs_race [--seeds N] [--max-tries T] [--secs S] [--only explainer|hodoku] [--hodoku RUNNER] [--technique NAME]
//!
//! A technique stops after `S` seconds (default 10) of its seeds; seeds not reached are
//! counted as not tried, misses (`T` random puzzles, default 3,000, without it) as missed.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_generate::{BandSearch, Need, Needs};
use sudoku_logic::hodoku::STEP_TABLE;
use sudoku_logic::{HodokuSolver, LogicalSolver, technique_table};

struct Args {
    seeds: u64,
    max_tries: u64,
    secs: f64,
    only: Option<String>,
    hodoku: Option<PathBuf>,
    technique: Option<Need>,
}

fn args() -> Result<Args, String> {
    let mut a =
        Args { seeds: 10, max_tries: 3_000, secs: 10.0, only: None, hodoku: None, technique: None };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--seeds" => a.seeds = value()?.parse().map_err(|e| format!("{e}"))?,
            "--max-tries" => a.max_tries = value()?.parse().map_err(|e| format!("{e}"))?,
            "--secs" => a.secs = value()?.parse().map_err(|e| format!("{e}"))?,
            "--only" => a.only = Some(value()?),
            "--hodoku" => a.hodoku = Some(value()?.into()),
            "--technique" => a.technique = Some(value()?.parse().map_err(|e| format!("{e}"))?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(a)
}

/// One technique's results.
struct Row {
    need: Need,
    times: Vec<f64>,
    missed: u64,
    untried: u64,
    /// Found puzzles whose position before the first use has another next step.
    other_next: u64,
    puzzles: Vec<Grid>,
}

fn median(v: &mut [f64]) -> Option<f64> {
    v.sort_by(f64::total_cmp);
    (!v.is_empty()).then(|| {
        let n = v.len();
        if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
    })
}

fn run(need: Need, a: &Args) -> Row {
    let band = match need {
        Need::Explainer(_) => "se-rating=1.0..12.0",
        Need::Hodoku(_) => "hodoku=easy..extreme",
    };
    let needs = Needs::of(&[need]).expect("one need");
    let search = BandSearch::new(band.parse().expect("a band"))
        .with_max_tries(a.max_tries)
        .with_needs(needs);
    let mut row =
        Row { need, times: Vec::new(), missed: 0, untried: 0, other_next: 0, puzzles: Vec::new() };
    let started = Instant::now();
    for seed in 1..=a.seeds {
        if started.elapsed().as_secs_f64() >= a.secs {
            row.untried += 1;
            continue;
        }
        let t = Instant::now();
        let found = search.find(seed, 0);
        let secs = t.elapsed().as_secs_f64();
        let Some(found) = found else {
            row.missed += 1;
            continue;
        };
        row.times.push(secs);
        let at = found.first_use.expect("told where");
        // The path takes it at `at.step`, and not before (checked again, apart from the search).
        let (steps, next) = match need {
            Need::Explainer(_) => {
                let s = LogicalSolver::default();
                let path = s.solve(&found.puzzle).expect("a path");
                (path.steps, s.next_step(&at.marks).ok().flatten())
            }
            Need::Hodoku(_) => {
                let s = HodokuSolver::default();
                let path = s.solve(&found.puzzle).expect("a path");
                (path.steps, s.next_step(&at.marks).ok().flatten())
            }
        };
        assert!(need.is(steps[at.step].technique), "{need}: step {} of {}", at.step, found.puzzle);
        assert!(!steps[..at.step].iter().any(|s| need.is(s.technique)), "{need}: first use");
        if !next.is_some_and(|s| need.is(s.technique)) {
            row.other_next += 1;
        }
        row.puzzles.push(found.puzzle);
    }
    row
}

/// HoDoKu's own paths of `puzzles`: for each, whether a step line starts with `name`.
fn hodoku_uses(runner: &PathBuf, name: &str, puzzles: &[Grid]) -> Option<usize> {
    if puzzles.is_empty() {
        return Some(0);
    }
    let file = std::env::temp_dir().join(format!("needs-race-{}.txt", std::process::id()));
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(&file, text).ok()?;
    let out = Command::new(runner).arg("path").arg(&file).output().ok()?;
    let _ = std::fs::remove_file(&file);
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    // Paths start with the puzzle's line; a step line names its technique first.
    let mut uses = 0;
    let mut this = false;
    for line in text.lines() {
        if line.len() >= 81
            && line.as_bytes()[..81].iter().all(|b| b.is_ascii_digit() || *b == b'.')
        {
            uses += usize::from(this);
            this = false;
        } else if let Some(rest) = line.trim_start().strip_prefix(name)
            && (rest.starts_with(':') || rest.starts_with(" =>"))
        {
            this = true;
        }
    }
    Some(uses + usize::from(this))
}

fn main() {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("needs_race: {e}");
            std::process::exit(2);
        }
    };
    let mut needs: Vec<Need> = Vec::new();
    if a.only.as_deref() != Some("hodoku") {
        // One need per row name: a dynamic family at every nesting level is one technique.
        for (_, t, _, _) in technique_table() {
            if !needs.iter().any(|n| n.is(t)) {
                needs.push(Need::Explainer(t));
            }
        }
    }
    if a.only.as_deref() != Some("explainer") {
        needs.extend(STEP_TABLE.iter().filter(|r| r.enabled).map(|r| Need::Hodoku(r.technique)));
    }
    if let Some(t) = a.technique {
        needs = vec![t];
    }
    println!(
        "| technique | found | median s | max s | missed | not tried | next step differs | HoDoKu's path uses it |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|");
    for need in needs {
        let mut row = run(need, &a);
        let found = row.times.len();
        let max = row.times.iter().copied().fold(0.0, f64::max);
        let med = median(&mut row.times).map_or("-".into(), |m| format!("{m:.3}"));
        let checked = match (need, &a.hodoku) {
            (Need::Hodoku(t), Some(runner)) => hodoku_uses(runner, t.name(), &row.puzzles)
                .map_or("error".into(), |n| format!("{n}/{found}")),
            _ => "-".into(),
        };
        println!(
            "| {} | {found}/{} | {med} | {max:.3} | {} | {} | {} | {checked} |",
            row.need, a.seeds, row.missed, row.untried, row.other_next
        );
    }
}
