//! The `sudoku` command-line tool.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod band;
mod batch;
mod canon;
mod check;
mod convert;
mod explain;
mod generate;
mod input;
mod plot;
mod print;
mod rate;
mod schema;
mod serate;
mod serve;
mod signals;
mod solve;
mod steps;
mod template;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

/// Check, solve, rate and generate Sudoku puzzles.
///
/// Puzzles are read one per line (81 characters, `.`, `0` or `_` for blanks) or as 9-line blocks;
/// a line of 729 characters is pencil marks (nine per cell), which solve, check, rate (the
/// logical solvers' ratings) and explain --steps take too.
/// Exit status: 0 when every puzzle was handled, 1 when some puzzle was invalid (the others are
/// still processed), 2 for usage errors and unreadable files.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check that every puzzle is well-formed, reporting each problem with its line number.
    Check(check::CheckArgs),
    /// Convert puzzles between file formats: sdk, sdm, ss, opensudoku, ipuz, hodoku, line,
    /// json (by extension when not given), keeping what the target holds (docs/formats.md).
    Convert(convert::ConvertArgs),
    /// The canonical (minlex) form of each puzzle; `--dedup` keeps the first of each class.
    Canon(canon::CanonArgs),
    /// Solve every puzzle: one output line per puzzle, in input order (the solution, or a
    /// status: multiple, none, invalid).
    Solve(solve::SolveArgs),
    /// Rate every puzzle's difficulty: a TSV table (one row per puzzle, in input order) or JSON.
    Rate(rate::RateArgs),
    /// Explain how to solve each puzzle: step by step with named techniques and Sudoku
    /// Explainer's ratings (`--steps`), or by pair reduction (binary decisions, breadth first,
    /// one level at a time) and its hypothesis/disproof/proof chain.
    Explain(explain::ExplainArgs),
    /// The next logical step on a grid (a puzzle, your progress, or pencil marks): the easiest
    /// technique, as Sudoku Explainer would apply it.
    Hint(steps::HintArgs),
    /// Search for hard puzzles (by default Sudoku Explainer's ER, best-first from random minimal
    /// puzzles; `--preset paper` is Watanabe's replica-exchange schedule), showing progress,
    /// writing each new best as found, with checkpoints and resume.
    Generate(Box<generate::GenerateArgs>),
    /// Puzzles of a chosen difficulty: random minimal puzzles (optionally symmetric) drawn
    /// until one rates in the band, such as se-rating=4.0..5.0; a list in index order,
    /// resumable by index.
    Band(band::BandArgs),
    /// A printable sheet of the puzzles (PDF, or SVG): so many a page with their titles and
    /// difficulty labels (the ratings their records carry, or --rate's), and with --answers
    /// the solutions after them (docs/print.md).
    Print(print::PrintArgs),
    /// A local web page to step through a puzzle (hints of both rulesets drawn on the board,
    /// apply, undo, the solving path, ratings, check, generate) and its JSON API; prints its
    /// address first. Loopback only unless --bind says otherwise; every request is limited.
    Serve(serve::ServeArgs),
}

/// The outcome of a command, from best to worst; it becomes the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    Ok,
    Invalid,
    Usage,
    /// Stopped by a signal (after writing what it had): exit 128 + the signal's number, as
    /// shells expect (130 for SIGINT, 143 for SIGTERM).
    Interrupted(i32),
}

impl Status {
    /// The status of a command over inputs: usage error if a file was unreadable, else
    /// invalid if some puzzle was, else fine.
    pub(crate) fn of(unreadable: bool, invalid: bool) -> Status {
        if unreadable {
            Status::Usage
        } else if invalid {
            Status::Invalid
        } else {
            Status::Ok
        }
    }
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(match s {
            Status::Ok => 0,
            Status::Invalid => 1,
            Status::Usage => 2,
            Status::Interrupted(sig) => u8::try_from(128 + sig).unwrap_or(130),
        })
    }
}

/// Fails early, before any work, if `path`'s folder does not exist.
pub(crate) fn check_output_path(path: &std::path::Path) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(d) = dir
        && !d.is_dir()
    {
        anyhow::bail!("cannot write {}: folder {} does not exist", path.display(), d.display());
    }
    Ok(())
}

/// An error and its sources on one line.
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(inner) = src {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        src = inner.source();
    }
    s
}

/// A duration such as 90s, 10m or 1.5h (a bare number is seconds).
pub(crate) fn parse_duration(s: &str) -> Result<Duration, String> {
    let (num, unit) =
        s.split_at(s.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(s.len()));
    let value: f64 =
        num.parse().map_err(|_| format!("invalid duration {s:?}: use 90s, 10m or 1h"))?;
    let secs = match unit {
        "" | "s" => value,
        "m" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("invalid duration unit in {s:?}: use s, m or h")),
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("invalid duration {s:?}"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A rayon pool with `threads` workers (0: one per core).
pub(crate) fn thread_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    use anyhow::Context as _;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("failed to start worker threads")
}

impl Command {
    /// The subcommand's name, as typed (every message of the subcommand starts with it).
    fn name(&self) -> &'static str {
        match self {
            Command::Check(_) => "check",
            Command::Convert(_) => "convert",
            Command::Canon(_) => "canon",
            Command::Solve(_) => "solve",
            Command::Rate(_) => "rate",
            Command::Explain(_) => "explain",
            Command::Hint(_) => "hint",
            Command::Generate(_) => "generate",
            Command::Band(_) => "band",
            Command::Print(_) => "print",
            Command::Serve(_) => "serve",
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &mut out),
        Command::Convert(args) => convert::run(args, &mut out),
        Command::Canon(args) => canon::run(args, &mut out),
        Command::Solve(args) => solve::run(args, &mut out),
        Command::Rate(args) => rate::run(args, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Band(args) => band::run(args, &mut out),
        Command::Explain(args) => explain::run(args, &mut out),
        Command::Hint(args) => steps::hint(args, &mut out),
        Command::Print(args) => print::run(args, &mut out),
        Command::Serve(args) => serve::run(args, &mut out),
    };
    let result = result.and_then(|s| out.flush().map(|()| s).map_err(Into::into));
    match result {
        Ok(status) => status.into(),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku {}: {e:#}", cli.command.name());
            Status::Usage.into()
        }
    }
}

/// Output cut short by a closed pipe (`sudoku check big.txt | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
