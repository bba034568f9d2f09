//! `sudoku band`: puzzles of a chosen difficulty, random minimal puzzles drawn until one rates
//! in the band; a list in index order, written as found, resumable by index.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;
use sudoku_generate::{Band, BandSearch, Symmetry};

use crate::generate::open_results;
use crate::signals::Stop;
use crate::{Status, parse_duration, thread_pool};

#[derive(clap::Args, Debug)]
pub(crate) struct BandArgs {
    /// The band: rating=lo..hi with any rating `sudoku rate` knows (se-rating=4.0..5.0,
    /// average-width=1000..2000).
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

/// One line of the list: a puzzle in the band, or why there is none at this index.
#[derive(Serialize)]
struct BandLine {
    status: &'static str,
    puzzle: Option<String>,
    index: u64,
    seed: u64,
    target: String,
    /// The puzzle's rating, under the rating's name (`se_rating`).
    #[serde(flatten)]
    rating: BTreeMap<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetry: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tries: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Value>,
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
        let found: Vec<_> = pool.install(|| {
            use rayon::prelude::*;
            (next..upto).into_par_iter().map(|i| (i, search.find(seed, i))).collect()
        });
        for (index, f) in found {
            let empty = BandLine {
                status: "ok",
                puzzle: None,
                index,
                seed,
                target: band.to_string(),
                rating: BTreeMap::new(),
                clues: None,
                symmetry: None,
                tries: None,
                error: None,
            };
            let line = match f {
                Some(p) => {
                    tries += p.tries;
                    let name = band.rating.kind.name().replace('-', "_");
                    BandLine {
                        puzzle: Some(p.puzzle.to_string()),
                        rating: BTreeMap::from([(name, crate::schema::rating_value(&p.value))]),
                        clues: Some(p.puzzle.clue_count()),
                        symmetry: Some(args.symmetry.name()),
                        tries: Some(p.tries),
                        ..empty
                    }
                }
                None => {
                    missed = true;
                    tries += args.max_tries;
                    let message = format!(
                        "no puzzle in {band} among {} random minimal puzzles (index {index})",
                        args.max_tries
                    );
                    BandLine {
                        status: "budget_exceeded",
                        error: Some(crate::schema::error("budget_exceeded", &message)),
                        ..empty
                    }
                }
            };
            // Through a `Value`: keys in sorted order, as every JSON line of the command line.
            let json = serde_json::to_value(&line)?.to_string();
            if args.json {
                writeln!(out, "{json}")?;
            } else if let Some(p) = &line.puzzle {
                writeln!(out, "{p}")?;
            } else if let Some(e) = &line.error {
                eprintln!("sudoku band: {}", e["message"].as_str().unwrap_or(""));
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
