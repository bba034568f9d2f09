//! Single-thread throughput of the exact solver on puzzle sets, as `cargo xtask bench solve` runs
//! it: `throughput [--json] [--min-secs S] [--kernel K] FILE...`. Without `--kernel`, the
//! environment variable `SUDOKU_BENCH_KERNEL` (same names) picks the build, so that scripts which
//! run `cargo xtask bench solve` as it is (`../shared/tools/solver-race`) can measure an AVX2-only
//! machine on an AVX-512 one: `SUDOKU_BENCH_KERNEL=avx2 ../shared/tools/solver-race`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudoku_benches::read_puzzles;
use sudoku_core::Grid;
use sudoku_solve::{Query, SearchKernel};

/// Runs `f` over all puzzles repeatedly for at least `min` and returns puzzles per second.
fn rate(puzzles: &[Grid], min: Duration, f: impl Fn(&Grid) -> u64) -> f64 {
    // One warm-up pass, then whole passes until `min` has elapsed.
    let mut sink = puzzles.iter().map(&f).sum::<u64>();
    let start = Instant::now();
    let mut passes = 0u64;
    while passes == 0 || start.elapsed() < min {
        sink = sink.wrapping_add(puzzles.iter().map(&f).sum::<u64>());
        passes += 1;
    }
    black_box(sink);
    (passes as f64 * puzzles.len() as f64) / start.elapsed().as_secs_f64()
}

/// Exact-solver puzzles per second (count to 2, and first solution), one thread.
#[derive(clap::Parser, Debug)]
struct Args {
    /// Puzzle files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// One JSON line per file.
    #[arg(long)]
    json: bool,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    min_secs: f64,
    /// The build of the search to run (`portable`, `avx2`, `avx512`) instead of the fastest
    /// this CPU supports: `avx2` on an AVX-512 CPU stands for an AVX2-only machine. With a
    /// kernel, first/s counts to one solution without building it. Default: the environment
    /// variable `SUDOKU_BENCH_KERNEL`, if set and not empty.
    #[arg(long)]
    kernel: Option<String>,
}

fn main() -> ExitCode {
    let args = <Args as clap::Parser>::parse();
    let (json, files) = (args.json, &args.files);
    let min = Duration::from_secs_f64(args.min_secs.max(0.0));
    let name =
        args.kernel.or_else(|| std::env::var("SUDOKU_BENCH_KERNEL").ok().filter(|k| !k.is_empty()));
    let kernel = match name.as_deref().map(SearchKernel::from_name) {
        None => None,
        Some(Some(k)) if k.is_available() => Some(k),
        Some(_) => {
            let names: Vec<_> = SearchKernel::available().iter().map(|k| k.name()).collect();
            eprintln!(
                "throughput: kernel {:?}: this CPU runs {}",
                name.unwrap_or_default(),
                names.join(", ")
            );
            return ExitCode::FAILURE;
        }
    };
    if let Some(k) = kernel {
        eprintln!("throughput: kernel {}", k.name());
    }
    if !json {
        println!("{:<36} {:>8} {:>14} {:>14}", "dataset", "puzzles", "count-to-2/s", "first/s");
    }
    for file in files {
        let puzzles = match read_puzzles(file) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("throughput: {e}");
                return ExitCode::FAILURE;
            }
        };
        let name = file
            .file_name()
            .map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into());
        let nodes: u64 =
            puzzles.iter().map(|p| Query::new(p).with_budget(u64::MAX).search().nodes()).sum();
        eprintln!("{name}: {:.2} search nodes per puzzle", nodes as f64 / puzzles.len() as f64);
        // Counting only, as the peers' count-to-2 calls return a count.
        let (count2, first) = if let Some(k) = kernel {
            let count = |p: &Grid, limit| {
                let query = Query::new(p).with_limit(limit).with_budget(u64::MAX).with_kernel(k);
                query.run().map_or(0, |s| s.count())
            };
            (rate(&puzzles, min, |p| count(p, 2)), rate(&puzzles, min, |p| count(p, 1)))
        } else {
            let count2 = rate(&puzzles, min, |p| {
                Query::new(p).with_budget(u64::MAX).run().map_or(0, |s| s.count())
            });
            let first = rate(&puzzles, min, |p| {
                let any = Query::new(p).with_limit(1).with_budget(u64::MAX).search();
                u64::from(any.first().is_some())
            });
            (count2, first)
        };
        if json {
            for (mode, r) in [("count-to-2", count2), ("first-solution", first)] {
                println!(
                    "{{\"dataset\":\"{name}\",\"puzzles\":{},\"mode\":\"{mode}\",\"puzzles_per_sec\":{r:.0}}}",
                    puzzles.len()
                );
            }
        } else {
            println!("{name:<36} {:>8} {count2:>14.0} {first:>14.0}", puzzles.len());
        }
    }
    ExitCode::SUCCESS
}
