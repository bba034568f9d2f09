//! Our HoDoKu ruleset against HoDoKu itself, per level, side by side in one run, one thread:
//! the time to rate a puzzle (its whole solving path, level and score) and whether the level
//! and score agree. As `cargo xtask bench hodoku` runs it:
//!
//!     hodoku_race [--data TSV] [--per-level N] [--hodoku RUNNER] [--min-secs S]
//!
//! The sample: from the TSV (`puzzle`, `hodoku_level`, `hodoku_score` columns; default
//! `../shared/data/hodoku/hodoku-rated-dev.tsv`), per level `N` puzzles (default 100) evenly
//! spaced among that level's lines, starting half a spacing in (the rule is fixed here, not
//! tuned). Ours: `HodokuSolver::default().solve` on each puzzle (its uniqueness check
//! included), the sample repeated until `S` seconds (default 1) have passed. HoDoKu: the
//! runner's `rate` on a warm-up of `N` other puzzles of the level (evenly spaced from a quarter
//! spacing in) followed by the sample, and on the warm-up alone, one JVM each; the difference of
//! HoDoKu's own clock between the two (the median of three such pairs) is the time of the sample in a warm JVM (no start-up or
//! JIT warm-up counted against it, and no puzzle seen twice: HoDoKu runs a repeated puzzle
//! faster); and, as HoDoKu's speed is usually quoted (the issue's "whole process ... in one
//! JVM"), its clock over the sample alone in a fresh JVM (JIT warm-up included). Without the
//! runner's jar, ours alone. The last row, overall: every puzzle of the
//! TSV once, ours in one pass and HoDoKu in one JVM by its own clock (start-up and warm-up
//! included, as HoDoKu's per-puzzle figure over a file is usually quoted).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_logic::HodokuSolver;
use sudoku_logic::hodoku::Level;

struct Args {
    data: PathBuf,
    per_level: usize,
    runner: PathBuf,
    min_secs: f64,
}

fn args() -> Result<Args, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut a = Args {
        data: root.join("../shared/data/hodoku/hodoku-rated-dev.tsv"),
        per_level: 100,
        runner: root.join("../shared/tools/hodoku/hodoku"),
        min_secs: 1.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--data" => a.data = value()?.into(),
            "--per-level" => a.per_level = value()?.parse().map_err(|e| format!("{e}"))?,
            "--hodoku" => a.runner = value()?.into(),
            "--min-secs" => a.min_secs = value()?.parse().map_err(|e| format!("{e}"))?,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(a)
}

/// A puzzle of the sample with HoDoKu's published level and score.
struct Rated {
    puzzle: Grid,
    level: Level,
    score: u32,
}

/// Per level, `n` puzzles evenly spaced among that level's lines from half a spacing in (the
/// sample), and `n` others from a quarter spacing in (HoDoKu's warm-up).
#[allow(clippy::type_complexity)]
fn sample(text: &str, n: usize) -> Result<BTreeMap<Level, (Vec<Rated>, Vec<Rated>)>, String> {
    let mut by_level: BTreeMap<Level, Vec<Rated>> = BTreeMap::new();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().ok_or("empty TSV")?.split('\t').collect();
    let col =
        |name: &str| header.iter().position(|h| *h == name).ok_or(format!("no {name} column"));
    let (p, l, s) = (col("puzzle")?, col("hodoku_level")?, col("hodoku_score")?);
    for (i, line) in lines.enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        let bad = |what: &str| format!("line {}: bad {what}", i + 2);
        let puzzle = f.get(p).and_then(|t| t.parse().ok()).ok_or_else(|| bad("puzzle"))?;
        let level = f.get(l).and_then(|t| t.parse().ok()).ok_or_else(|| bad("level"))?;
        let score = f.get(s).and_then(|t| t.parse().ok()).ok_or_else(|| bad("score"))?;
        by_level.entry(level).or_default().push(Rated { puzzle, level, score });
    }
    let mut out = BTreeMap::new();
    for (level, all) in by_level {
        let step = (all.len() as f64 / n as f64).max(1.0);
        let at = |from: f64| -> Vec<usize> {
            (0..n.min(all.len()))
                .map(|k| ((k as f64 + from) * step) as usize)
                .filter(|&i| i < all.len())
                .collect()
        };
        let (picked, warm) = (at(0.5), at(0.25));
        let warm: Vec<usize> = warm.into_iter().filter(|i| !picked.contains(i)).collect();
        let take = |idx: &[usize]| -> Vec<Rated> {
            idx.iter()
                .map(|&i| Rated { puzzle: all[i].puzzle, level: all[i].level, score: all[i].score })
                .collect()
        };
        out.insert(level, (take(&picked), take(&warm)));
    }
    Ok(out)
}

/// Our time per puzzle in ms (the sample repeated for at least `min_secs`), and how many
/// puzzles get HoDoKu's level and score.
fn ours(sample: &[Rated], min_secs: f64) -> (f64, usize, usize) {
    let solver = HodokuSolver::default();
    let (mut level_ok, mut score_ok) = (0, 0);
    for r in sample {
        if let Ok(path) = solver.solve(&r.puzzle) {
            level_ok += usize::from(path.rating.level == r.level);
            score_ok += usize::from(path.rating.score == r.score);
        }
    }
    let started = Instant::now();
    let mut solved = 0usize;
    while solved == 0 || started.elapsed().as_secs_f64() < min_secs {
        for r in sample {
            std::hint::black_box(solver.solve(std::hint::black_box(&r.puzzle)).ok());
        }
        solved += sample.len();
    }
    (started.elapsed().as_secs_f64() * 1e3 / solved as f64, level_ok, score_ok)
}

/// HoDoKu's own clock for rating `puzzles` in one JVM, in ms.
fn hodoku_ms(runner: &PathBuf, puzzles: &[&Rated]) -> Result<f64, String> {
    let file = std::env::temp_dir().join(format!("hodoku-race-{}.txt", std::process::id()));
    let mut text = String::new();
    for r in puzzles {
        text.push_str(&r.puzzle.to_string());
        text.push('\n');
    }
    std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    let out = Command::new(runner)
        .arg("rate")
        .arg(&file)
        .output()
        .map_err(|e| format!("{}: {e}", runner.display()))?;
    let _ = std::fs::remove_file(&file);
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
    }
    // "hodoku: N puzzles in 72ms (0:00:00.072)"
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines()
        .find_map(|l| l.split(" puzzles in ").nth(1)?.split("ms").next()?.trim().parse().ok())
        .ok_or_else(|| format!("no timing in HoDoKu's output: {err}"))
}

fn main() {
    if let Err(e) = run() {
        eprintln!("hodoku_race: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let a = args()?;
    let text =
        std::fs::read_to_string(&a.data).map_err(|e| format!("{}: {e}", a.data.display()))?;
    let by_level = sample(&text, a.per_level)?;
    let every = sample(&text, usize::MAX)?;
    let with_hodoku = a.runner.exists();
    if !with_hodoku {
        eprintln!("hodoku_race: {} is absent; timing ours only", a.runner.display());
    }
    println!(
        "{} puzzles per level from {} (evenly spaced, from half a spacing in); one thread\n",
        a.per_level,
        a.data.display()
    );
    println!(
        "| level | puzzles | ours ms/puzzle | HoDoKu ms/puzzle (warm) | HoDoKu / ours (warm) | HoDoKu ms/puzzle (one JVM) | HoDoKu / ours (one JVM) | level equal | score equal |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (level, (sample, warm)) in &by_level {
        let (ms, level_ok, score_ok) = ours(sample, a.min_secs);
        let theirs = if with_hodoku {
            let warm: Vec<&Rated> = warm.iter().collect();
            let both: Vec<&Rated> = warm.iter().copied().chain(sample).collect();
            // The median of three pairs of runs: one JVM's clock swings with the machine.
            let mut diffs = Vec::new();
            for _ in 0..3 {
                let t_warm = hodoku_ms(&a.runner, &warm)?;
                let t_both = hodoku_ms(&a.runner, &both)?;
                diffs.push((t_both - t_warm).max(0.0) / sample.len() as f64);
            }
            diffs.sort_by(f64::total_cmp);
            let sample: Vec<&Rated> = sample.iter().collect();
            let cold = hodoku_ms(&a.runner, &sample)? / sample.len() as f64;
            Some((diffs[1], cold))
        } else {
            None
        };
        let n = sample.len();
        let cells = match theirs {
            Some((warm, cold)) => {
                format!("{warm:.3} | {:.1}x | {cold:.3} | {:.1}x", warm / ms, cold / ms)
            }
            None => "- | - | - | -".into(),
        };
        println!("| {level} | {n} | {ms:.3} | {cells} | {level_ok}/{n} | {score_ok}/{n} |");
    }
    let all: Vec<&Rated> = every.values().flat_map(|(s, _)| s).collect();
    let n = all.len();
    let started = Instant::now();
    let solver = HodokuSolver::default();
    let (mut level_ok, mut score_ok) = (0, 0);
    for r in &all {
        if let Ok(path) = solver.solve(&r.puzzle) {
            level_ok += usize::from(path.rating.level == r.level);
            score_ok += usize::from(path.rating.score == r.score);
        }
    }
    let ms = started.elapsed().as_secs_f64() * 1e3 / n as f64;
    let cells = if with_hodoku {
        let t = hodoku_ms(&a.runner, &all)? / n as f64;
        format!("- | - | {t:.3} | {:.1}x", t / ms)
    } else {
        "- | - | - | -".into()
    };
    println!("| all (one pass) | {n} | {ms:.3} | {cells} | {level_ok}/{n} | {score_ok}/{n} |");
    Ok(())
}
