//! How well each rating predicts human solving time and Sudoku Explainer ratings, as
//! `cargo xtask correlate` runs it:
//! `correlate [--data FILE] [--rated-sample N] [--ratings a,b,...] [--runs-scale F] [--doc FILE]`
//!
//! `--data` is a TSV with `puzzle`, `avg_solve_time_s` and `SE_ER` columns (default:
//! `../shared/data/human/cloud-sudoku-dev.tsv`); the rated sets of `../shared/data/rated` are
//! sampled (`--rated-sample`, default 300 puzzles each, evenly spaced). Spearman rank
//! correlations go to stdout as a Markdown table and, with `--doc`, between the
//! `<!-- ratings-table:begin/end -->` markers of that file. A rating that fails on a puzzle
//! (budget exceeded) ranks it above every rated one: a search that ran out is a hard puzzle.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;
use sudoku_benches::{shared_data, spearman, write_doc_table};
use sudoku_core::{Failure, Grid};
use sudoku_metrics::{Difficulty, HumanModel, Pick, Rating, RatingKind, RatingValue, Scoring};

/// The catalogue's ER/EP/ED rating.
const SE_RATING: Rating = Rating::new(RatingKind::SeRating);

/// A puzzle set with the targets to correlate against.
struct Set {
    name: String,
    puzzles: Vec<Grid>,
    /// (target name, values), one value per puzzle.
    targets: Vec<(String, Vec<f64>)>,
}

fn read_human(path: &Path) -> Result<Set, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let col = |n: &str| {
        header.iter().position(|h| *h == n).ok_or(format!("{}: no {n} column", path.display()))
    };
    let (p, t, er) = (col("puzzle")?, col("avg_solve_time_s")?, col("SE_ER")?);
    let mut set = Set {
        name: path.file_name().map_or("data".into(), |n| n.to_string_lossy().into_owned()),
        puzzles: vec![],
        targets: vec![("time".into(), vec![]), ("SE ER".into(), vec![])],
    };
    for (k, line) in lines.enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        let parsed = (
            f.get(p).and_then(|s| s.parse::<Grid>().ok()),
            f.get(t).and_then(|s| s.parse::<f64>().ok()),
            f.get(er).and_then(|s| s.parse::<f64>().ok()),
        );
        match parsed {
            (Some(g), Some(time), Some(er)) => {
                set.puzzles.push(g);
                set.targets[0].1.push(time);
                set.targets[1].1.push(er);
            }
            _ => eprintln!("correlate: {}:{}: skipped (unreadable row)", path.display(), k + 2),
        }
    }
    Ok(set)
}

/// A rated set: `(puzzle, rating)` pulled from each line by `pick`, every `n`-th line kept.
fn read_rated(
    path: &Path,
    name: &str,
    sample: usize,
    pick: fn(&str) -> Option<(&str, &str)>,
) -> Option<Set> {
    let text = std::fs::read_to_string(path).ok()?;
    let rows: Vec<(Grid, f64)> = text
        .lines()
        .filter_map(|l| pick(l).and_then(|(p, r)| Some((p.parse().ok()?, r.trim().parse().ok()?))))
        .collect();
    let step = (rows.len() / sample.max(1)).max(1);
    let kept: Vec<&(Grid, f64)> = rows.iter().step_by(step).take(sample).collect();
    Some(Set {
        name: name.into(),
        puzzles: kept.iter().map(|r| r.0).collect(),
        targets: vec![("rating".into(), kept.iter().map(|r| r.1).collect())],
    })
}

/// How well each rating predicts human solving time and Sudoku Explainer ratings.
#[derive(clap::Parser, Debug)]
struct Args {
    /// TSV with puzzle, avg_solve_time_s and SE_ER columns (default: the shared human data).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Puzzles sampled from each rated set.
    #[arg(long, default_value_t = 300)]
    rated_sample: usize,
    /// Comma-separated rating names to run (default: all).
    #[arg(long)]
    ratings: Option<String>,
    /// Scales the runs of the randomised ratings.
    #[arg(long, default_value_t = 1.0)]
    runs_scale: f64,
    /// Also write the table into this Markdown file's ratings-table section.
    #[arg(long)]
    doc: Option<PathBuf>,
    /// Puzzles of each rated set for our Sudoku Explainer ratings (nested chains take seconds
    /// per puzzle on the hardest sets), evenly spaced in the sample.
    #[arg(long, default_value_t = 40)]
    se_sample: usize,
}

fn main() -> ExitCode {
    let args = <Args as clap::Parser>::parse();
    let sample = args.rated_sample;
    let scale = args.runs_scale;
    let runs = |n: u32| ((f64::from(n) * scale).round() as u32).max(1);
    let shared = shared_data();
    let data: Option<PathBuf> = match &args.data {
        Some(p) => Some(p.clone()),
        None => shared.as_ref().map(|d| d.join("human/cloud-sudoku-dev.tsv")),
    };
    let Some(data) = data else {
        eprintln!("correlate: ../shared/data is absent and no --data given; nothing to correlate");
        return ExitCode::SUCCESS;
    };
    let mut sets = match read_human(&data) {
        Ok(s) => vec![s],
        Err(e) => {
            eprintln!("correlate: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(d) = &shared {
        let rated = d.join("rated");
        let diabolical = read_rated(
            &rated.join("sudoku-exchange-diabolical.txt"),
            "exchange 5.0-9.3",
            sample,
            |l| {
                let mut f = l.split_whitespace();
                let _hash = f.next()?;
                Some((f.next()?, f.next()?))
            },
        );
        let elevens = read_rated(&rated.join("elevens-hardest.txt"), "elevens ER", sample, |l| {
            let mut f = l.split_whitespace();
            Some((f.next()?, f.next()?))
        });
        let hardest =
            read_rated(&rated.join("hardest-db-110626.csv"), "hardest-db ER", sample, |l| {
                let f: Vec<&str> = l.split(',').collect();
                Some((f.first()?, f.get(5)?))
            });
        sets.extend([diabolical, elevens, hardest].into_iter().flatten());
    }
    let human = HumanModel::default().with_runs(runs(30));
    let se_cache = SeCache::default();
    let by_ease = human.with_pick(Pick::ByEase);
    // The catalogue's ratings by spec; the research variants below are not in it.
    let spec = |s: String| -> Box<dyn Difficulty> {
        s.parse::<Rating>().expect("a catalogue spec").difficulty()
    };
    let all: Vec<(&str, Box<dyn Difficulty>)> = vec![
        ("givens", Box::new(EmptyCells)),
        ("depth", spec("depth".into())),
        ("normal-width", spec("normal-width".into())),
        ("average-width", spec(format!("average-width:samples={}", runs(20)))),
        ("backtrack-steps", spec(format!("backtrack-steps:runs={}", runs(100)))),
        ("harmony-cost", spec(format!("harmony-cost:runs={}", runs(20)))),
        ("sa-steps", spec(format!("sa-steps:runs={}:budget=2000000", runs(20)))),
        ("relaxation", spec(format!("relaxation:samples={}", runs(20)))),
        ("refutation-max", spec(format!("refutation-max:runs={}", runs(30)))),
        ("refutation-sum", spec(format!("refutation-sum:runs={}", runs(30)))),
        (
            "refutation-sum per value",
            Box::new(HumanField(human.with_scoring(Scoring::PerValue), 1)),
        ),
        ("human-effort", spec(format!("human-effort:runs={}", runs(30)))),
        ("human-effort, uniform pick", Box::new(HumanField(human, 2))),
        (
            "human-effort per value",
            Box::new(HumanField(by_ease.with_scoring(Scoring::PerValue), 2)),
        ),
        ("human-effort cap 10", Box::new(HumanField(HumanModel { cap: 10, ..by_ease }, 2))),
        ("human-effort cap 100", Box::new(HumanField(HumanModel { cap: 100, ..by_ease }, 2))),
        ("pair-reduction-level", spec("pair-reduction-level".into())),
        ("se-rating ER (ours)", Box::new(SeField(0, se_cache.clone()))),
        ("se-rating EP (ours)", Box::new(SeField(1, se_cache.clone()))),
        ("se-rating ED (ours)", Box::new(SeField(2, se_cache))),
        ("hodoku-score", spec("hodoku-score".into())),
        ("hodoku level", Box::new(HodokuLevel)),
    ];
    let chosen: String = args.ratings.clone().unwrap_or_default();
    let ratings: Vec<&(&str, Box<dyn Difficulty>)> = all
        .iter()
        .filter(|(n, _)| chosen.is_empty() || chosen.split(',').any(|c| c == *n))
        .collect();
    // Slow on hard puzzles and uninformative there: only on the human data.
    let human_only = ["harmony-cost", "sa-steps"];

    let mut header = String::from("| rating |");
    let mut rule = String::from("|---|");
    for s in &sets {
        for (t, _) in &s.targets {
            header.push_str(&format!(" {} vs {t} (n={}) |", s.name, s.puzzles.len()));
            rule.push_str("--:|");
        }
    }
    header.push_str(" seconds |");
    rule.push_str("--:|");
    let mut table = format!("{header}\n{rule}\n");
    print!("{table}");
    for (name, rating) in ratings {
        let started = Instant::now();
        let mut row = format!("| {name} |");
        for (k, s) in sets.iter().enumerate() {
            if k > 0 && human_only.contains(name) {
                row.push_str(&" n/a |".repeat(s.targets.len()));
                continue;
            }
            // Our SE rater on the rated sets: an evenly spaced part of the sample (the others'
            // values stay NaN and drop out).
            let step = if name.starts_with("se-rating") && k > 0 {
                s.puzzles.len().div_ceil(args.se_sample.max(1))
            } else {
                1
            };
            let values: Vec<f64> = s
                .puzzles
                .par_iter()
                .enumerate()
                .map(|(i, p)| match rating.rate(p, 1) {
                    _ if i % step != 0 => f64::NAN,
                    Ok(v) => v,
                    Err(e) if e.is_budget_exceeded() => f64::INFINITY,
                    Err(_) => f64::NAN,
                })
                .collect();
            let failed = values.iter().filter(|v| v.is_infinite()).count();
            for (_, target) in &s.targets {
                let (a, b): (Vec<f64>, Vec<f64>) = values
                    .iter()
                    .zip(target)
                    .filter(|(v, _)| !v.is_nan())
                    .map(|(v, t)| (*v, *t))
                    .unzip();
                let mark =
                    if failed > 0 { format!(" ({failed} over budget)") } else { String::new() };
                let n = if a.len() < s.puzzles.len() {
                    format!(" (n={})", a.len())
                } else {
                    String::new()
                };
                match spearman(&a, &b) {
                    r if r.is_nan() => row.push_str(&format!(" - (constant){mark}{n} |")),
                    r => row.push_str(&format!(" {r:.3}{mark}{n} |")),
                }
            }
        }
        row.push_str(&format!(" {:.0} |\n", started.elapsed().as_secs_f64()));
        print!("{row}");
        table.push_str(&row);
    }
    if let Err(e) = write_doc_table(args.doc.as_deref(), "correlate", "ratings-table", &table) {
        eprintln!("correlate: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// HoDoKu's level from the catalogue's `hodoku` rating, as a rank (Easy 0 .. Extreme 4).
#[derive(Debug)]
struct HodokuLevel;

impl Difficulty for HodokuLevel {
    fn name(&self) -> &str {
        "hodoku-level"
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        match Rating::new(RatingKind::Hodoku).evaluate(puzzle, seed)? {
            RatingValue::Hodoku(h) => {
                Ok(sudoku_logic::hodoku::Level::ALL.iter().position(|l| *l == h.level).unwrap_or(0)
                    as f64)
            }
            other => Ok(other.number()),
        }
    }
}

/// The number of empty cells (fewer givens, harder).
#[derive(Debug)]
struct EmptyCells;

impl Difficulty for EmptyCells {
    fn name(&self) -> &str {
        "empty-cells"
    }
    fn rate(&self, puzzle: &Grid, _: u64) -> Result<f64, Failure> {
        Ok((81 - puzzle.clue_count()) as f64)
    }
}

/// One of our Sudoku Explainer ratings from the catalogue's `se-rating`: 0 ER, 1 EP, 2 ED
/// (each puzzle rated once, the three kept: the path is the same).
#[derive(Debug)]
struct SeField(u8, SeCache);

type SeCache = Arc<Mutex<HashMap<Grid, [f64; 3]>>>;

impl Difficulty for SeField {
    fn name(&self) -> &str {
        "se-rating"
    }
    fn rate(&self, puzzle: &Grid, _: u64) -> Result<f64, Failure> {
        let cached = self.1.lock().ok().and_then(|c| c.get(puzzle).copied());
        let all = match cached {
            Some(all) => all,
            None => {
                let RatingValue::Se(r, _) = SE_RATING.evaluate(puzzle, 0)? else {
                    unreachable!("se-rating gives ER/EP/ED")
                };
                let all = [r.er, r.ep, r.ed];
                if let Ok(mut c) = self.1.lock() {
                    c.insert(*puzzle, all);
                }
                all
            }
        };
        Ok(all[usize::from(self.0)])
    }
}

/// One of the human model's ratings (0 max, 1 sum, 2 effort) for the research variants the
/// catalogue does not hold (other scorings, picks and caps).
#[derive(Debug)]
struct HumanField(HumanModel, u8);

impl Difficulty for HumanField {
    fn name(&self) -> &str {
        "human"
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        let r = self.0.evaluate(puzzle, seed)?;
        Ok([r.refutation_max, r.refutation_sum, r.effort][usize::from(self.1)])
    }
}
