//! Replica exchange with and without temperature adjustment: the cumulative distribution of the
//! lowest energy found by many independent runs (Fig. 3 of Watanabe's paper).
//!
//! `remc_study [--runs R] [--steps S] [--jobs J] [--out-dir DIR]`: R seeds per variant, S REMC
//! steps each (deterministic), J runs at a time on one core each. Writes
//! `DIR/remc-study.svg` and `DIR/remc-study.md`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use plotters::prelude::*;
use sudoku_generate::{Adjustment, Generation, GeneratorConfig, Search};
use tempering::Budget;

const VARIANTS: [(&str, Adjustment); 3] = [
    ("adjusted (Watanabe, p = 0.8)", Adjustment::Watanabe(0.8)),
    ("not adjusted", Adjustment::None),
    ("equal acceptance, ends fixed", Adjustment::EqualAcceptance(0.3)),
];

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Replica exchange with and without temperature adjustment: the cumulative distribution of
/// the lowest energy found by many independent runs (Fig. 3 of Watanabe's paper).
#[derive(clap::Parser, Debug)]
struct Args {
    /// Seeds per variant.
    #[arg(long, default_value_t = 16)]
    runs: u64,
    /// REMC steps per run.
    #[arg(long, default_value_t = 2000)]
    steps: u64,
    /// Runs at a time, one core each.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Where remc-study.svg and remc-study.md go (default: docs/).
    #[arg(long)]
    out_dir: Option<PathBuf>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = <Args as clap::Parser>::parse();
    let (runs, steps, jobs) = (args.runs, args.steps, args.jobs);
    let out_dir: PathBuf =
        args.out_dir.unwrap_or_else(|| sudoku_benches::workspace_root().join("docs"));
    let started = Instant::now();
    // Interleaved by seed so that machine noise falls on every variant alike.
    let queue: Mutex<Vec<(usize, u64)>> = Mutex::new(
        (1..=runs).flat_map(|s| (0..VARIANTS.len()).map(move |v| (v, s))).rev().collect(),
    );
    let results: Mutex<Vec<(usize, u64, f64, f64)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let pool =
                    rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread pool");
                loop {
                    let Some((v, seed)) = queue.lock().expect("queue").pop() else { break };
                    // The paper's replica exchange, with each adjustment.
                    let search = Search::ReplicaExchange {
                        replicas: 10,
                        beta_hot: 0.01,
                        adjustment: VARIANTS[v].1,
                    };
                    let config = GeneratorConfig::paper().with_search(search);
                    let t = Instant::now();
                    let best = pool.install(|| {
                        let mut g = Generation::start(config, seed).expect("valid configuration");
                        g.run(&Budget::sweeps(steps), &mut ());
                        g.best_state().1
                    });
                    let secs = t.elapsed().as_secs_f64();
                    eprintln!(
                        "{} seed {seed}: lowest energy {best:.2} ({secs:.0} s)",
                        VARIANTS[v].0
                    );
                    results.lock().expect("results").push((v, seed, best, secs));
                }
            });
        }
    });
    let results = results.into_inner().expect("results");
    let mut per: Vec<Vec<f64>> = vec![Vec::new(); VARIANTS.len()];
    for &(v, _, e, _) in &results {
        per[v].push(e);
    }
    per.iter_mut().for_each(|x| x.sort_by(f64::total_cmp));

    // The cumulative distribution P(lowest energy <= E) per variant.
    let svg = out_dir.join("remc-study.svg");
    {
        let lo = per.iter().flatten().copied().fold(f64::INFINITY, f64::min);
        let hi = per.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.05).max(1.0);
        let root = SVGBackend::new(&svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("lowest energy found in {steps} REMC steps, {runs} runs each"),
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((lo - pad)..(hi + pad), 0.0..1.0)?;
        chart.configure_mesh().x_desc("E").y_desc("P(lowest energy <= E)").draw()?;
        for (v, xs) in per.iter().enumerate() {
            let color = Palette99::pick(v * 2).to_rgba();
            let n = xs.len() as f64;
            let mut pts = vec![(lo - pad, 0.0)];
            for (i, &x) in xs.iter().enumerate() {
                pts.push((x, i as f64 / n));
                pts.push((x, (i + 1) as f64 / n));
            }
            pts.push((hi + pad, 1.0));
            chart
                .draw_series(LineSeries::new(pts, color.stroke_width(2)))?
                .label(VARIANTS[v].0)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .border_style(BLACK)
            .draw()?;
        root.present()?;
    }

    let mut md = String::new();
    writeln!(md, "# REMC study: temperature adjustment\n")?;
    writeln!(
        md,
        "`cargo xtask remc-study --runs {runs} --steps {steps}`: {runs} independent generations per variant \
         (seeds 1..={runs}), each {steps} REMC steps at the paper's parameters (M = 10, N_s = 100, \
         beta_1 = 0.01, J = 100, h = 1, energy ln(normal width)), one core each. Total time {:.0} s.\n",
        started.elapsed().as_secs_f64()
    )?;
    writeln!(md, "![CDF of the lowest energy](remc-study.svg)\n")?;
    writeln!(md, "| variant | runs | mean | best | 25 % | median | 75 % | worst |")?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|--:|")?;
    for (v, xs) in per.iter().enumerate() {
        writeln!(
            md,
            "| {} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            VARIANTS[v].0,
            xs.len(),
            xs.iter().sum::<f64>() / xs.len() as f64,
            xs[0],
            quantile(xs, 0.25),
            quantile(xs, 0.5),
            quantile(xs, 0.75),
            xs[xs.len() - 1]
        )?;
    }
    writeln!(md, "\nPer run (variant, seed, lowest energy, seconds):\n")?;
    let mut sorted = results.clone();
    sorted.sort_by_key(|r| (r.0, r.1));
    for (v, seed, e, secs) in sorted {
        writeln!(md, "- {}, seed {seed}: {e:.2} ({secs:.0} s)", VARIANTS[v].0)?;
    }
    std::fs::write(out_dir.join("remc-study.md"), &md)?;
    print!("{md}");
    eprintln!("wrote {} and remc-study.md", svg.display());
    Ok(())
}
