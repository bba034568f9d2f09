//! Single-thread throughput of the exact solver under variant rules, as `cargo xtask bench
//! variants` runs it: `variant_throughput [--json] [--min-secs S] [DIR]`. Each file of the
//! variants folder (`../shared/data/variants` by default: `x.txt`, `windoku.txt`, ...,
//! `jigsaw.txt`, whose second column is the layout) is one set, its rules named by the file;
//! every puzzle is counted to two solutions (the uniqueness check) under its rules, and
//! checked to be unique and to match the file's solution column before it is timed.
//!
//! `--classic FILE` also times classic puzzles both ways: the classic search, and the variant
//! search under a jigsaw layout of the 3x3 boxes (classic Sudoku in disguise): what the
//! generic search costs against the classic kernel on the same puzzles.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Rules};
use sudoku_solve::Query;

/// The variant files, in the order they are reported.
const FILES: [&str; 7] =
    ["x", "windoku", "anti-knight", "anti-king", "non-consecutive", "disjoint-groups", "jigsaw"];

/// Exact-solver puzzles per second under each variant's rules, one thread.
#[derive(clap::Parser, Debug)]
struct Args {
    /// The folder of variant files (default: ../shared/data/variants beside the workspace).
    dir: Option<PathBuf>,
    /// One JSON line per file.
    #[arg(long)]
    json: bool,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    min_secs: f64,
    /// Classic puzzle files to time with the classic search and with the variant search (a
    /// jigsaw layout of the boxes).
    #[arg(long)]
    classic: Vec<PathBuf>,
}

/// Runs `pass` (a count over a whole set) repeatedly for at least `min`; passes per second.
fn passes_per_sec(min: Duration, pass: impl Fn() -> u64) -> f64 {
    let mut sink = pass();
    let start = Instant::now();
    let mut passes = 0u64;
    while passes == 0 || start.elapsed() < min {
        sink = sink.wrapping_add(pass());
        passes += 1;
    }
    black_box(sink);
    passes as f64 / start.elapsed().as_secs_f64()
}

/// The puzzles of a variant file with their rules, checked against the solution column.
fn load(dir: &std::path::Path, name: &str) -> Result<Vec<(Rules, Grid)>, String> {
    let path = dir.join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |e: &dyn std::fmt::Display| format!("{}:{}: {e}", path.display(), i + 1);
        let cols: Vec<&str> = line.split_whitespace().collect();
        if cols.len() < 3 {
            return Err(at(&"expected three columns"));
        }
        let spec = if name == "jigsaw" { format!("jigsaw:{}", cols[1]) } else { name.to_string() };
        let rules: Rules = spec.parse().map_err(|e| at(&e))?;
        let puzzle = rules.parse_grid(cols[0]).map_err(|e| at(&e))?;
        let listed = rules.parse_grid(cols[2]).map_err(|e| at(&e))?;
        let found = Query::new(&puzzle).with_rules(&rules).unique().map_err(|e| at(&e))?;
        if found != listed {
            return Err(at(&format!("solved to {found}, the file says {listed}")));
        }
        out.push((rules, puzzle));
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args = <Args as clap::Parser>::parse();
    let dir = args
        .dir
        .unwrap_or_else(|| sudoku_benches::workspace_root().join("../shared/data/variants"));
    let min = Duration::from_secs_f64(args.min_secs.max(0.0));
    if !args.json {
        println!(
            "{:<18} {:>8} {:>14} {:>12}",
            "variant", "puzzles", "count-to-2/s", "nodes/puzzle"
        );
    }
    for name in FILES {
        let set = match load(&dir, name) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("variant_throughput: {e}");
                return ExitCode::FAILURE;
            }
        };
        let nodes: u64 =
            set.iter().map(|(r, p)| Query::new(p).with_rules(r).search().nodes()).sum();
        let pass = || {
            set.iter()
                .map(|(r, p)| black_box(Query::new(p).with_rules(r).search()).count())
                .sum::<u64>()
        };
        let rate = passes_per_sec(min, pass) * set.len() as f64;
        let per = nodes as f64 / set.len() as f64;
        if args.json {
            println!(
                "{{\"variant\":\"{name}\",\"puzzles\":{},\"count_to_2_per_sec\":{rate:.0},\"nodes_per_puzzle\":{per:.1}}}",
                set.len()
            );
        } else {
            println!("{name:<18} {:>8} {rate:>14.0} {per:>12.1}", set.len());
        }
    }
    let boxes: Rules = format!(
        "jigsaw:{}",
        (0..81).map(|i| char::from(b'1' + (i / 27 * 3 + i % 9 / 3) as u8)).collect::<String>()
    )
    .parse()
    .expect("the boxes are a layout");
    for file in &args.classic {
        let puzzles = match sudoku_benches::read_puzzles(file) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("variant_throughput: {e}");
                return ExitCode::FAILURE;
            }
        };
        let name = file.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let classic = passes_per_sec(min, || {
            puzzles.iter().map(|p| black_box(sudoku_solve::solve(p)).count_capped()).sum()
        }) * puzzles.len() as f64;
        let variant = passes_per_sec(min, || {
            puzzles
                .iter()
                .map(|p| {
                    black_box(Query::new(p).with_rules(&boxes).with_budget(u64::MAX).search())
                        .count()
                })
                .sum()
        }) * puzzles.len() as f64;
        let nodes: u64 = puzzles
            .iter()
            .map(|p| Query::new(p).with_rules(&boxes).with_budget(u64::MAX).search().nodes())
            .sum();
        let per = nodes as f64 / puzzles.len() as f64;
        if args.json {
            println!(
                "{{\"classic\":\"{name}\",\"puzzles\":{},\"classic_per_sec\":{classic:.0},\"variant_search_per_sec\":{variant:.0},\"variant_nodes_per_puzzle\":{per:.1}}}",
                puzzles.len()
            );
        } else {
            println!(
                "{:<18} {:>8} {variant:>14.0} {per:>12.1}   (classic search: {classic:.0}/s)",
                format!("{name} (boxes)"),
                puzzles.len()
            );
        }
    }
    ExitCode::SUCCESS
}
