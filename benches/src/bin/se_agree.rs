//! Agreement and speed of our Sudoku Explainer ratings against `serate`'s:
//! `se_agree [--max-er 6.2] [--show N] [--serate PATH] [--min-secs 2] FILE...`
//!
//! Each FILE has one puzzle per line, `<81 characters> <ER>/<EP>/<ED> ...` (what `serate`
//! prints). Puzzles that Sudoku Explainer rates at most `--max-er` must get the same ER, EP and
//! ED from us; the others must end "needs chains" (never a smaller, wrong number). With
//! `--serate PATH`, the same puzzles are also rated by `serate` in this run, one thread, and
//! the puzzles per second of both are printed side by side (the JVM start counts for serate).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::{Command, ExitCode};
use std::time::Instant;

use clap::Parser;
use sudoku_core::Grid;
use sudoku_solve::{LogicalSolver, PathEnd, SeRating};

struct Reference {
    puzzle: Grid,
    text: String,
    er: f64,
    ep: f64,
    ed: f64,
}

fn parse_line(line: &str) -> Option<Reference> {
    let mut fields = line.split_whitespace();
    let text = fields.next()?.to_string();
    let puzzle: Grid = text.parse().ok()?;
    let mut r = fields.next()?.split('/').map(|x| x.parse::<f64>().ok());
    Some(Reference { puzzle, text, er: r.next()??, ep: r.next()??, ed: r.next()?? })
}

fn tenths(x: f64) -> i64 {
    (x * 10.0).round() as i64
}

/// Agreement and speed of our Sudoku Explainer ratings against serate's.
#[derive(Parser, Debug)]
struct Args {
    /// Files of `<puzzle> <ER>/<EP>/<ED>` lines, as serate prints them.
    #[arg(required = true)]
    files: Vec<String>,
    /// Puzzles rated at most this by Sudoku Explainer must get the same ER, EP and ED.
    #[arg(long, default_value_t = 6.2)]
    max_er: f64,
    /// Disagreements to print.
    #[arg(long, default_value_t = 20)]
    show: usize,
    /// Also run serate (this path) on the same puzzles and compare speed.
    #[arg(long)]
    serate: Option<String>,
    /// Rate the file again and again for at least this many seconds.
    #[arg(long, default_value_t = 2.0)]
    min_secs: f64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (max_er, show, files) = (args.max_er, args.show, &args.files);
    let mut refs = Vec::new();
    for f in files {
        match std::fs::read_to_string(f) {
            Ok(text) => refs.extend(text.lines().filter_map(parse_line)),
            Err(e) => {
                eprintln!("se_agree: {f}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let solver = LogicalSolver::default();
    let min_secs = args.min_secs;
    // Rate the whole file again and again for at least --min-secs: short runs are noise.
    let start = Instant::now();
    let mut rounds = 0u32;
    let mut ours: Vec<Option<(SeRating, PathEnd)>> = Vec::new();
    while rounds == 0 || start.elapsed().as_secs_f64() < min_secs {
        ours =
            refs.iter().map(|r| solver.solve(&r.puzzle).ok().map(|p| (p.rating, p.end))).collect();
        rounds += 1;
    }
    let our_secs = start.elapsed().as_secs_f64() / f64::from(rounds);
    let (mut n, mut er_eq, mut ep_eq, mut ed_eq, mut all_eq) = (0, 0, 0, 0, 0);
    let (mut hard, mut hard_ok) = (0, 0);
    let mut shown = 0;
    for (r, o) in refs.iter().zip(&ours) {
        let Some((o, end)) = o else { continue };
        if r.er > max_er + 1e-9 {
            hard += 1;
            // A lower bound is fine; a complete path would be a wrong rating.
            if *end == PathEnd::NeedsChains && tenths(o.er) <= tenths(r.er) {
                hard_ok += 1;
            } else if shown < show {
                shown += 1;
                println!("WRONG {} SE {}/{}/{} ours {o} {end:?}", r.text, r.er, r.ep, r.ed);
            }
            continue;
        }
        n += 1;
        let e = (
            tenths(o.er) == tenths(r.er),
            tenths(o.ep) == tenths(r.ep),
            tenths(o.ed) == tenths(r.ed),
        );
        er_eq += usize::from(e.0 && *end == PathEnd::Solved);
        ep_eq += usize::from(e.1);
        ed_eq += usize::from(e.2);
        if e.0 && e.1 && e.2 && *end == PathEnd::Solved {
            all_eq += 1;
        } else if shown < show {
            shown += 1;
            println!("DIFF {} SE {}/{}/{} ours {o} {end:?}", r.text, r.er, r.ep, r.ed);
        }
    }
    let pct = |k: usize, n: usize| 100.0 * k as f64 / n.max(1) as f64;
    println!(
        "puzzles rated <= {max_er} by SE: {n}; ER equal {er_eq} ({:.1} %), EP equal {ep_eq} ({:.1} %), ED equal {ed_eq} ({:.1} %), all three {all_eq} ({:.1} %)",
        pct(er_eq, n),
        pct(ep_eq, n),
        pct(ed_eq, n),
        pct(all_eq, n)
    );
    println!(
        "puzzles rated above {max_er} by SE: {hard}; ended 'needs chains' with ER at most SE's: {hard_ok} ({:.1} %)",
        pct(hard_ok, hard)
    );
    println!(
        "ours: {} puzzles in {our_secs:.4} s (mean of {rounds} rounds), {:.0} puzzles/s (one thread)",
        refs.len(),
        refs.len() as f64 / our_secs
    );
    if let Some(serate) = &args.serate {
        let list = std::env::temp_dir().join(format!("se_agree_{}.txt", std::process::id()));
        let body: String = refs.iter().map(|r| format!("{}\n", r.text)).collect();
        if let Err(e) = std::fs::write(&list, body) {
            eprintln!("se_agree: {e}");
            return ExitCode::from(2);
        }
        let start = Instant::now();
        let status = Command::new(serate).arg(&list).arg("%r").output();
        let se_secs = start.elapsed().as_secs_f64();
        let _ = std::fs::remove_file(&list);
        match status {
            Ok(o) if o.status.success() => {
                let se_rate = refs.len() as f64 / se_secs;
                let our_rate = refs.len() as f64 / our_secs;
                println!(
                    "serate: {} puzzles in {se_secs:.1} s, {se_rate:.1} puzzles/s; ours / serate = {:.0}x",
                    refs.len(),
                    our_rate / se_rate
                );
            }
            Ok(o) => eprintln!("se_agree: serate failed: {}", String::from_utf8_lossy(&o.stderr)),
            Err(e) => eprintln!("se_agree: cannot run {serate}: {e}"),
        }
    }
    ExitCode::SUCCESS
}
