//! Success rate, steps and time of the stochastic solvers on puzzle sets, as
//! `cargo xtask bench stochastic` runs it:
//! `stochastic [--methods sa,tabu,harmony] [--sample N] [--seed S] [--sa-steps N]
//! [--tabu-steps N] [--harmony-steps N] [--schedule low-temperature|lewis|canas-herrera|krivanek]
//! [--t0 T --alpha A --t-min T] [--tenure N --restart-after N] [--plain] [--no-restrict]
//! [--no-restart] [--doc FILE] FILE...`
//!
//! With `--doc FILE`, the table also replaces the part of FILE between the lines
//! `<!-- stochastic-table:begin -->` and `<!-- stochastic-table:end -->`.
//!
//! Each puzzle gets one run per method (seed: `--seed` plus the puzzle's index); puzzles run in
//! parallel, and each run's time is its own wall time. Unsolved runs count as infinitely long in
//! the percentiles.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;
use std::time::Instant;

use rayon::prelude::*;
use sudoku_benches::{read_puzzles, write_doc_table};
use sudoku_core::Grid;
use sudoku_solve::{Annealer, HarmonySearch, Schedule, Solver, TabuSearch};

/// The `q`-quantile of sorted values, `None` standing for "not solved" (sorted last).
fn quantile(sorted: &[Option<f64>], q: f64) -> Option<f64> {
    let k = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[k]
}

fn show(v: Option<f64>) -> String {
    v.map_or_else(
        || "-".to_string(),
        |x| if x >= 100.0 { format!("{x:.0}") } else { format!("{x:.2}") },
    )
}

/// Success rate, steps and time of the stochastic solvers on puzzle sets.
#[derive(clap::Parser, Debug)]
struct Args {
    /// Puzzle files.
    #[arg(required = true)]
    files: Vec<String>,
    /// Comma-separated methods: sa, tabu, harmony.
    #[arg(long, default_value = "sa,tabu,harmony")]
    methods: String,
    /// Puzzles per file (evenly spaced; default all).
    #[arg(long)]
    sample: Option<usize>,
    /// Seed of the first puzzle's run (then +1 per puzzle).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Annealing schedule.
    #[arg(long, default_value = "low-temperature", value_parser = ["low-temperature", "lewis", "canas-herrera", "krivanek"])]
    schedule: String,
    /// A custom per-swap schedule instead: initial temperature (with --alpha, --t-min).
    #[arg(long)]
    t0: Option<f64>,
    /// Cooling factor per swap of the custom schedule.
    #[arg(long, default_value_t = 0.99995)]
    alpha: f64,
    /// Reheat temperature of the custom schedule.
    #[arg(long, default_value_t = 0.1)]
    t_min: f64,
    /// The sources' solvers: no propagation, no restriction, no restart.
    #[arg(long)]
    plain: bool,
    /// Swaps may break the givens' candidates.
    #[arg(long)]
    no_restrict: bool,
    /// No restart at reheats.
    #[arg(long)]
    no_restart: bool,
    /// Tabu tenure.
    #[arg(long, default_value_t = 4)]
    tenure: u32,
    /// Tabu steps without improvement before a restart.
    #[arg(long, default_value_t = 1_000)]
    restart_after: u64,
    /// Step limit of annealing (swaps).
    #[arg(long, default_value_t = 100_000_000)]
    sa_steps: u64,
    /// Step limit of tabu search.
    #[arg(long, default_value_t = 1_000_000)]
    tabu_steps: u64,
    /// Step limit of harmony search (improvisations).
    #[arg(long, default_value_t = 1_000_000)]
    harmony_steps: u64,
    /// Also write the table into this Markdown file's stochastic-table section.
    #[arg(long)]
    doc: Option<std::path::PathBuf>,
}

fn main() -> ExitCode {
    let args = <Args as clap::Parser>::parse();
    let (methods, seed) = (&args.methods, args.seed);
    let sample = args.sample.unwrap_or(usize::MAX);
    let schedule = match args.schedule.as_str() {
        "lewis" => Schedule::lewis(),
        "canas-herrera" => Schedule::canas_herrera(),
        "krivanek" => Schedule::krivanek(),
        _ => Schedule::low_temperature(),
    };
    // A custom per-swap schedule: --t0 T --alpha A --t-min T.
    let schedule = match args.t0 {
        Some(t0) => Schedule {
            initial: sudoku_solve::InitialTemperature::Fixed(t0),
            alpha: args.alpha,
            cool_per_chain: false,
            reheat: sudoku_solve::Reheat::Below(args.t_min),
        },
        None => schedule,
    };
    let plain = args.plain;
    let files: Vec<&String> = args.files.iter().collect();
    let restrict = !plain && !args.no_restrict;
    let restart = !plain && !args.no_restart;
    let annealer = Annealer { schedule, propagate: !plain, restrict, restart };
    let tabu = TabuSearch {
        propagate: !plain,
        restrict,
        tenure: args.tenure,
        restart_after: args.restart_after,
    };
    let mut solvers: Vec<(Box<dyn Solver>, u64)> = Vec::new();
    for m in methods.split(',') {
        match m {
            "sa" => solvers.push((Box::new(annealer), args.sa_steps)),
            "tabu" => solvers.push((Box::new(tabu), args.tabu_steps)),
            "harmony" => solvers.push((Box::new(HarmonySearch::default()), args.harmony_steps)),
            other => {
                eprintln!("stochastic: unknown method {other:?}; use sa, tabu, harmony");
                return ExitCode::from(2);
            }
        }
    }
    let mut table = String::from(
        "| data set | method | puzzles | step limit | solved | median steps | p90 steps | median ms | p90 ms | median best cost |\n|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    print!("{table}");
    for file in files {
        let mut puzzles: Vec<Grid> = match read_puzzles(file.as_ref()) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("stochastic: {e}");
                return ExitCode::FAILURE;
            }
        };
        puzzles.truncate(sample);
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        for (solver, steps) in &solvers {
            let results: Vec<(Option<f64>, Option<f64>, u32)> = puzzles
                .par_iter()
                .enumerate()
                .map(|(i, p)| {
                    let t = Instant::now();
                    let run = solver.run(p, seed + i as u64, *steps);
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    match run {
                        Ok(r) => match r.solution() {
                            Some(s) => {
                                assert!(
                                    p.is_solved_by(&s),
                                    "{} returned a wrong solution for {p}",
                                    solver.name()
                                );
                                (Some(r.steps as f64), Some(ms), 0)
                            }
                            None => (None, None, r.best_cost()),
                        },
                        Err(_) => (None, None, u32::MAX),
                    }
                })
                .collect();
            let solved = results.iter().filter(|r| r.0.is_some()).count();
            let sort = |mut v: Vec<Option<f64>>| {
                v.sort_by(|a, b| match (a, b) {
                    (Some(x), Some(y)) => x.total_cmp(y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                });
                v
            };
            let steps_sorted = sort(results.iter().map(|r| r.0).collect());
            let ms_sorted = sort(results.iter().map(|r| r.1).collect());
            let mut costs: Vec<u32> = results.iter().map(|r| r.2).collect();
            costs.sort_unstable();
            let row = format!(
                "| {name} | {} | {} | {steps} | {:.1} % | {} | {} | {} | {} | {} |\n",
                solver.name(),
                puzzles.len(),
                100.0 * solved as f64 / puzzles.len().max(1) as f64,
                show(quantile(&steps_sorted, 0.5)),
                show(quantile(&steps_sorted, 0.9)),
                show(quantile(&ms_sorted, 0.5)),
                show(quantile(&ms_sorted, 0.9)),
                costs[costs.len() / 2],
            );
            print!("{row}");
            table.push_str(&row);
        }
    }
    if let Err(e) = write_doc_table(args.doc.as_deref(), "stochastic", "stochastic-table", &table) {
        eprintln!("stochastic: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
