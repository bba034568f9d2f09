//! `sudoku band`: puzzles of a chosen difficulty, random minimal puzzles drawn until one rates
//! in the band; a list in index order, written as found, resumable by index.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_generate::{Band, BandLine, BandSearch, Symmetry};

use crate::generate::open_results;
use crate::signals::Stop;
use crate::{Status, parse_duration, thread_pool};

#[derive(clap::Args, Debug)]
pub(crate) struct BandArgs {
    /// The band: rating=lo..hi with any rating `sudoku rate` knows (se-rating=4.0..5.0,
    /// average-width=1000..2000, hodoku-score=1000..1600), or HoDoKu's levels
    /// (hodoku=hard, hodoku=medium..unfair).
    band: Band,
    /// How many puzzles to make.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// The first index of the list: the i-th puzzle of a seed depends on nothing else, so a
    /// stopped list resumes with --first set to the next index.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Symmetry of the clue patterns: none, half-turn, quarter-turn, mirror, diagonal.
    #[arg(long, default_value = "none")]
    symmetry: Symmetry,
    /// Random puzzles drawn per puzzle before giving up on it (its line then says
    /// `budget_exceeded`).
    #[arg(long, default_value_t = 100_000)]
    max_tries: u64,
    /// Seed of the list (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Wall-clock limit, such as 90s or 10m; the list stops between chunks and says which
    /// --first continues it.
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    /// Worker threads (0: one per core). The list is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Also append every line, as JSON, to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress lines.
    #[arg(long)]
    no_progress: bool,
    /// JSON lines instead of one puzzle per line.
    #[arg(long)]
    json: bool,
}

/// Puzzles in the band in index order, written as found (in chunks of a few per thread),
/// stoppable between chunks.
pub(crate) fn run(args: &BandArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let pool = thread_pool(args.threads)?;
    let stop = Stop::install()?;
    let band = args.band;
    let search = BandSearch::new(band).with_symmetry(args.symmetry).with_max_tries(args.max_tries);
    let seed = args.seed.unwrap_or(1);
    let mut results = args.out.as_deref().map(open_results).transpose()?;
    let started = Instant::now();
    let end = args.first.saturating_add(args.count);
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let (mut next, mut tries, mut missed) = (args.first, 0u64, false);
    while next < end {
        if let Some(sig) = stop.signal() {
            eprintln!("sudoku band: interrupted; continue with --first {next}");
            return Ok(Status::Interrupted(sig));
        }
        if args.time.is_some_and(|t| started.elapsed() >= t) {
            eprintln!("sudoku band: out of time; continue with --first {next}");
            return Ok(Status::Ok);
        }
        let upto = (next + chunk).min(end);
        let lines: Vec<BandLine> = pool.install(|| {
            use rayon::prelude::*;
            (next..upto).into_par_iter().map(|i| BandLine::find(&search, seed, i)).collect()
        });
        for line in lines {
            match &line.found {
                Some(p) => tries += p.tries,
                None => {
                    missed = true;
                    tries += args.max_tries;
                }
            }
            // Through a `Value`: keys in sorted order, as every JSON line of the command line.
            let json = serde_json::to_value(&line)?.to_string();
            if args.json {
                writeln!(out, "{json}")?;
            } else if let Some(p) = &line.found {
                writeln!(out, "{}", p.puzzle)?;
            } else if let Some(message) = line.error_message() {
                eprintln!("sudoku band: {message}");
            }
            if let Some(r) = &mut results {
                writeln!(r, "{json}")?;
                r.flush()?;
            }
        }
        out.flush()?;
        next = upto;
        if !args.no_progress {
            let secs = started.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "sudoku band: {} of {} in {band} ({:.1} puzzles/s, {:.0} random puzzles/s)",
                next - args.first,
                args.count,
                (next - args.first) as f64 / secs,
                tries as f64 / secs
            );
        }
    }
    Ok(if missed { Status::Invalid } else { Status::Ok })
}
