//! Evaluations per second of the Watanabe metrics on the paper's three puzzles, as
//! `cargo xtask bench metrics` runs it: `metrics [--json] [--min-secs S]`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku_core::Grid;
use sudoku_metrics::{AverageWidth, Depth, NormalWidth};

const PUZZLES: [(&str, &str, f64); 3] = [
    (
        "inkala-2010",
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        f64::NAN,
    ),
    (
        "inkala-2012",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        240.0,
    ),
    (
        "fig5",
        ".61..7..3.92..3..............853..........5.45....8....4......1...16.8..6........",
        7.0,
    ),
];

/// Calls `f` repeatedly for at least `min` (after one warm-up call); returns calls per second.
fn rate(min: Duration, mut f: impl FnMut() -> u64) -> f64 {
    black_box(f());
    let start = Instant::now();
    let mut n = 0u64;
    while n == 0 || start.elapsed() < min {
        black_box(f());
        n += 1;
    }
    n as f64 / start.elapsed().as_secs_f64()
}

/// Evaluations per second of the Watanabe metrics on the paper's three puzzles.
#[derive(clap::Parser, Debug)]
struct Args {
    /// One JSON line per puzzle.
    #[arg(long)]
    json: bool,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    min_secs: f64,
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let json = args.json;
    let min = Duration::from_secs_f64(args.min_secs.max(0.0));
    if !json {
        println!(
            "{:<12} {:>12} {:>14} {:>12} {:>16} {:>16}",
            "puzzle", "width", "normal-width/s", "Mnodes/s", "depth/s", "avg-width(100)/s"
        );
    }
    for (name, text, reference) in PUZZLES {
        let p: Grid = text.parse().expect("valid puzzle");
        let nw = NormalWidth::default();
        let width = nw.evaluate(&p).expect("within budget").width;
        let nw_rate = rate(min, || nw.evaluate(&p).map_or(0, |w| w.width));
        let depth_rate = rate(min, || Depth::default().evaluate(&p).map_or(0, u64::from));
        // One thread, so the figure is comparable to the others.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("thread pool");
        let avg_rate = pool.install(|| {
            let mut seed = 0;
            rate(min, || {
                seed += 1;
                AverageWidth::default().evaluate(&p, seed).map_or(0, |m| m.mean as u64)
            })
        });
        let mnodes = nw_rate * width as f64 / 1e6;
        if json {
            println!(
                "{{\"puzzle\":\"{name}\",\"normal_width\":{width},\"normal_width_per_sec\":{nw_rate:.1},\"mnodes_per_sec\":{mnodes:.1},\"depth_per_sec\":{depth_rate:.1},\"average_width_100_per_sec\":{avg_rate:.2},\"reference_normal_width_per_sec\":{}}}",
                if reference.is_nan() { "null".to_string() } else { reference.to_string() }
            );
        } else {
            println!(
                "{name:<12} {width:>12} {nw_rate:>14.1} {mnodes:>12.1} {depth_rate:>16.1} {avg_rate:>16.2}"
            );
        }
    }
}
