//! Which energy finds puzzles with the highest average width per CPU time?
//!
//! `energy_study [--runs R] [--secs S] [--jobs J] [ENERGY...]`: every energy runs R seeds for S
//! seconds each on one core, J runs at a time; the best puzzle of each run is re-rated by
//! average width (100 samples). Prints a Markdown table.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::sync::Mutex;
use std::time::{Duration, Instant};

use sudoku_generate::{Energy, Generation, GeneratorConfig};
use tempering::Budget;

struct Outcome {
    energy: String,
    seed: u64,
    average_width: f64,
    normal_width: u64,
    steps: u64,
    secs: f64,
}

/// Which energy finds puzzles with the highest average width per CPU time?
#[derive(clap::Parser, Debug)]
struct Args {
    /// Energies to compare, as rating specs (default: normal-width, dihedral-width,
    /// average-width:samples=8).
    energies: Vec<Energy>,
    /// Seeds per energy.
    #[arg(long, default_value_t = 4)]
    runs: u64,
    /// Seconds per run.
    #[arg(long, default_value_t = 150.0)]
    secs: f64,
    /// Runs at a time, one core each.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let (runs, secs, jobs) = (args.runs, args.secs, args.jobs);
    let mut names: Vec<String> = args.energies.iter().map(|e| e.rating.to_string()).collect();
    if names.is_empty() {
        names =
            vec!["normal-width".into(), "dihedral-width".into(), "average-width:samples=8".into()];
    }
    // Interleaved by seed, so machine noise falls on every energy alike.
    let queue: Mutex<Vec<(String, u64)>> = Mutex::new(
        (1..=runs).flat_map(|s| names.iter().map(move |n| (n.clone(), s))).rev().collect(),
    );
    let results: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread pool");
                loop {
                    let Some((name, seed)) = queue.lock().expect("queue").pop() else { break };
                    let energy: Energy = name.parse().expect("a known energy");
                    let config = GeneratorConfig::default().with_energy(energy);
                    let started = Instant::now();
                    let (summary, steps) = pool.install(|| {
                        let mut g = Generation::start(config, seed).expect("valid configuration");
                        g.run(&Budget::time(Duration::from_secs_f64(secs)), &mut ());
                        (g.rate_summary(), g.steps())
                    });
                    let o = Outcome {
                        energy: name.clone(),
                        seed,
                        average_width: summary.average_width.map_or(f64::NAN, |m| m.mean),
                        normal_width: summary.normal_width.unwrap_or(0),
                        steps,
                        secs,
                    };
                    eprintln!(
                        "{name} seed {seed}: average width {:.0}, normal width {}, {steps} steps ({:.0} s with re-rating)",
                        o.average_width,
                        o.normal_width,
                        started.elapsed().as_secs_f64()
                    );
                    results.lock().expect("results").push(o);
                }
            });
        }
    });
    let results = results.into_inner().expect("results");
    println!("| energy | runs | mean average width | median | max | mean REMC steps/s |");
    println!("|---|--:|--:|--:|--:|--:|");
    for name in &names {
        let mut aw: Vec<f64> =
            results.iter().filter(|o| &o.energy == name).map(|o| o.average_width).collect();
        aw.sort_by(f64::total_cmp);
        let n = aw.len() as f64;
        let rate: f64 = results
            .iter()
            .filter(|o| &o.energy == name)
            .map(|o| o.steps as f64 / o.secs)
            .sum::<f64>()
            / n;
        println!(
            "| {name} | {} | {:.0} | {:.0} | {:.0} | {rate:.1} |",
            aw.len(),
            aw.iter().sum::<f64>() / n,
            aw[aw.len() / 2],
            aw.last().copied().unwrap_or(f64::NAN)
        );
    }
    println!();
    for o in &results {
        println!(
            "- {} seed {}: average width {:.0}, normal width {}, {} steps",
            o.energy, o.seed, o.average_width, o.normal_width, o.steps
        );
    }
}
