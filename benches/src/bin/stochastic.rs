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
use sudoku_benches::{arg, read_puzzles, write_doc_table};
use sudoku_core::Grid;
use sudoku_solve::{Annealer, HarmonySearch, Limits, Schedule, Solver, TabuSearch};

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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "{}",
            include_str!("stochastic.rs").lines().take(9).collect::<Vec<_>>().join("\n")
        );
        return ExitCode::SUCCESS;
    }
    let methods: String = arg(&args, "--methods", "sa,tabu,harmony".to_string());
    let sample: usize = arg(&args, "--sample", usize::MAX);
    let seed: u64 = arg(&args, "--seed", 1);
    let schedule = match arg(&args, "--schedule", "low-temperature".to_string()).as_str() {
        "low-temperature" => Schedule::low_temperature(),
        "lewis" => Schedule::lewis(),
        "canas-herrera" => Schedule::canas_herrera(),
        "krivanek" => Schedule::krivanek(),
        other => {
            eprintln!("stochastic: unknown schedule {other}");
            return ExitCode::from(2);
        }
    };
    // A custom per-swap schedule: --t0 T --alpha A --t-min T.
    let schedule = match arg(&args, "--t0", f64::NAN) {
        t0 if t0.is_finite() => Schedule {
            initial: sudoku_solve::InitialTemperature::Fixed(t0),
            alpha: arg(&args, "--alpha", 0.99995),
            cool_per_chain: false,
            reheat: sudoku_solve::Reheat::Below(arg(&args, "--t-min", 0.1)),
        },
        _ => schedule,
    };
    let plain = args.iter().any(|a| a == "--plain");
    let with_value = [
        "--methods",
        "--sample",
        "--seed",
        "--sa-steps",
        "--tabu-steps",
        "--harmony-steps",
        "--schedule",
        "--t0",
        "--alpha",
        "--t-min",
        "--tenure",
        "--restart-after",
        "--doc",
    ];
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !a.starts_with("--") && (*i == 0 || !with_value.contains(&args[i - 1].as_str()))
        })
        .map(|(_, a)| a)
        .collect();
    if files.is_empty() {
        eprintln!("usage: stochastic [OPTIONS] FILE... (see --help)");
        return ExitCode::from(2);
    }
    let restrict = !plain && !args.iter().any(|a| a == "--no-restrict");
    let restart = !plain && !args.iter().any(|a| a == "--no-restart");
    let annealer = Annealer { schedule, propagate: !plain, restrict, restart };
    let tabu = TabuSearch {
        propagate: !plain,
        restrict,
        tenure: arg(&args, "--tenure", 4),
        restart_after: arg(&args, "--restart-after", 1_000),
    };
    let solvers: Vec<(Box<dyn Solver>, u64)> = methods
        .split(',')
        .filter_map(|m| match m {
            "sa" => {
                Some((Box::new(annealer) as Box<dyn Solver>, arg(&args, "--sa-steps", 100_000_000)))
            }
            "tabu" => {
                Some((Box::new(tabu) as Box<dyn Solver>, arg(&args, "--tabu-steps", 1_000_000)))
            }
            "harmony" => Some((
                Box::new(HarmonySearch::default()) as Box<dyn Solver>,
                arg(&args, "--harmony-steps", 1_000_000),
            )),
            other => {
                eprintln!("stochastic: skipping unknown method {other}");
                None
            }
        })
        .collect();
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
                    let run = solver.run(p, seed + i as u64, &Limits::steps(*steps));
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
    if let Err(e) = write_doc_table(&args, "stochastic", "stochastic-table", &table) {
        eprintln!("stochastic: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
