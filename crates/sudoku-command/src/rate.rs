//! `sudoku rate`: difficulty ratings of every puzzle, as a TSV table or JSON lines.

use std::io::Write;

use serde::Serialize;
use sudoku_core::FailureKind;
use sudoku_metrics::{RatingDefaults, RatingSet, Ratings};

use crate::batch::{Batch, BatchArgs, Layout, tsv_place};
use sudoku_logic::{EarlyStop, LogicalSolver};

use crate::input::Record;
use crate::schema::{Failed, Placed};
use crate::serate::{self, Format};
use crate::{Status, schema};

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct RateArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Comma-separated ratings of the catalogue, each with its own parameters if need be
    /// (name:key=value...; --help lists them all).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "depth,normal-width,average-width",
        long_help = ratings_help(
            "Comma-separated ratings, each with its own parameters if need be, name:key=value... \
             (samples, budget, singles=hidden, tiebreak=ep-ed|work; docs/schema.md), which take \
             precedence over the flags below. The ratings (those made for people say so; the TSV columns of each):"
        )
    )]
    metrics: Vec<String>,
    /// Random tie-breaking samples of average-width.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    samples: u32,
    /// Runs of sa-steps, harmony-cost and backtrack-steps.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// Seed of the random ratings; every puzzle is rated with this same seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The work each rating may do per puzzle before giving up, in its own unit (named in its
    /// budget_exceeded message): search nodes for the widths, the uniqueness check and
    /// relaxation (per sample); states for depth; model steps for the
    /// human-model ratings; decision branches for pair-reduction-level; per run, solver steps
    /// (annealing swaps, harmony improvisations) for sa-steps and harmony-cost and values tried
    /// for backtrack-steps. Without it every rating keeps its own default (50,000,000 for the
    /// widths and relaxation, 5,000,000 for depth, 20,000,000 swaps for sa-steps).
    #[arg(long)]
    budget: Option<u64>,
    /// Potentials (chain nodes) se-rating's chain searches may visit per puzzle (its budget).
    #[arg(long, default_value_t = sudoku_logic::LogicalSolver::default().ruleset.chain_budget)]
    chain_budget: u64,
    /// Use hidden singles as well as naked singles between branchings (not the reference).
    #[arg(long)]
    hidden_singles: bool,
    /// Print one JSON object per puzzle instead of a TSV table.
    #[arg(long)]
    json: bool,
    /// Sudoku Explainer's `serate` output: one line per puzzle in this format (Sudoku
    /// Explainer's ratings; serate's conversions: %g the puzzle, %r ER, %p EP, %d ED, %e the
    /// time it took, %n its ordinal from 1, %% a %). A line that is not a puzzle is not
    /// written (its message goes to stderr); a puzzle that cannot be rated is written with
    /// 0.0 ratings. Default with --diamond or --pearl: serate's %r/%p/%d.
    #[arg(long, short = 'f', value_name = "FORMAT", conflicts_with_all = ["json", "metrics"])]
    format: Option<String>,
    /// serate's --diamond: stop rating a puzzle at the first step harder than ED, once ED is
    /// known (the puzzle is not a diamond); ER is then written 20.0 (and EP 0.0 if no digit
    /// was placed yet).
    #[arg(long, short = 'd', conflicts_with_all = ["json", "metrics", "pearl"])]
    diamond: bool,
    /// serate's --pearl: stop rating a puzzle at the first step harder than EP, once EP is
    /// known (the puzzle is not a pearl); ER is then written 20.0.
    #[arg(long, short = 'p', conflicts_with_all = ["json", "metrics"])]
    pearl: bool,
    /// serate's --input=FILE: a file of puzzles, read as an input argument is.
    #[arg(long, short = 'i', value_name = "FILE")]
    input: Vec<String>,
    /// serate's --output=FILE: the same as --out.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    output: Option<std::path::PathBuf>,
}

/// A help text made from the rating catalogue: `intro`, then one line per rating (its name,
/// what it measures, its TSV columns), so that every help names every rating.
pub(crate) fn ratings_help(intro: &str) -> String {
    let mut help = intro.to_string();
    for entry in sudoku_metrics::CATALOGUE {
        let who = if entry.for_people { "for people; " } else { "" };
        let columns = entry.columns.join(", ");
        help.push_str(&format!("\n  {}: {} ({who}TSV {columns})", entry.name, entry.about));
    }
    help
}

/// The ratings asked for, with the command's flags filling in what a spec leaves out.
fn ratings(args: &RateArgs) -> anyhow::Result<RatingSet> {
    let defaults = RatingDefaults {
        samples: args.samples,
        runs: args.runs,
        budget: args.budget,
        chain_budget: args.chain_budget,
        hidden_singles: args.hidden_singles,
    };
    Ok(RatingSet::parse(&args.metrics, &defaults)?)
}

/// What `rate --json` writes for a puzzle it rated: the puzzle, `ok`, and each rating's value
/// (or error) under its key.
#[derive(Serialize)]
pub(crate) struct Rated {
    pub(crate) puzzle: String,
    pub(crate) status: sudoku_core::Status,
    #[serde(flatten)]
    pub(crate) ratings: Ratings,
}

/// One puzzle's row: the ratings, or why the line is not a puzzle.
type Row = ((String, usize), Result<Rated, Failed>);

fn rate_record(ratings: &RatingSet, seed: u64, r: Record) -> Row {
    let place = r.place();
    let row = match r.result {
        Ok(p) => Ok(Rated {
            puzzle: p.board.to_string(),
            status: sudoku_core::Status::Ok,
            ratings: ratings.evaluate_board(&p.board, seed),
        }),
        Err(e) => Err(Failed::invalid(&e.kind)),
    };
    (place, row)
}

/// The first rating of pencil marks that needs givens, if any (`FailureKind::NeedsGivens`).
fn needs_givens(ratings: &Ratings) -> Option<sudoku_core::Failure> {
    let needs = |f: &sudoku_core::Failure| matches!(f.kind(), FailureKind::NeedsGivens { .. });
    ratings.0.iter().find_map(|(_, v)| v.err().filter(needs))
}

/// Writes a row as JSON or as a TSV line; returns whether the puzzle did not get every rating
/// asked for (not a puzzle, pencil marks where a rating needs givens, a rating that needs one
/// solution of a puzzle with none or several, a budget run out): the exit status is then 1.
fn write_row(
    out: &mut dyn Write,
    columns: usize,
    ((source, line), row): &Row,
    json: bool,
) -> anyhow::Result<bool> {
    let invalid = match row {
        Ok(rated) => rated.ratings.0.iter().any(|(_, value)| value.is_err()),
        Err(_) => true,
    };
    if json {
        let place = |record| Placed { source, line: *line, record };
        match row {
            Ok(rated) => schema::write_sorted(out, &place(rated))?,
            Err(failed) => {
                schema::write_sorted(out, &Placed { source, line: *line, record: failed })?
            }
        }
        return Ok(invalid);
    }
    let mut cells = vec![source.clone(), line.to_string()];
    match row {
        Ok(rated) => {
            cells.push(rated.puzzle.clone());
            cells.extend(rated.ratings.cells());
            if let Some(f) = needs_givens(&rated.ratings) {
                eprintln!("sudoku rate: {source}:{line}: invalid: {f}");
            }
        }
        Err(failed) => {
            cells.push(String::new());
            cells.extend(vec!["invalid".to_string(); columns]);
            eprintln!("sudoku rate: {source}:{line}: invalid: {}", failed.error.message);
        }
    }
    writeln!(out, "{}", cells.join("\t"))?;
    Ok(invalid)
}

/// `--format`, `--diamond`, `--pearl`: serate's output, one line per puzzle (see
/// [`crate::serate`]).
fn run_serate(args: &RateArgs, batch: &BatchArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let format = Format::parse(args.format.as_deref().unwrap_or(serate::DEFAULT_FORMAT))?;
    let stop = match (args.diamond, args.pearl) {
        (true, _) => EarlyStop::NotDiamond,
        (_, true) => EarlyStop::NotPearl,
        _ => EarlyStop::Never,
    };
    let mut solver =
        LogicalSolver::default().with_chain_budget(args.chain_budget).with_early_stop(stop);
    if let Some(b) = args.budget {
        solver = solver.with_budget(b);
    }
    let layout = Layout {
        header: None,
        place: None,
        not_resumable: Some("--format writes no line for a line that is not a puzzle"),
    };
    let batch = Batch { args: batch, command: "rate", layout };
    let mut ordinal = 0u64;
    batch.run(
        out,
        move |r: Record| {
            let place = r.place();
            (place, r.result.map(|p| serate::rate(&solver, p.board)))
        },
        |out, ((source, line), row)| match row {
            Ok(row) => {
                ordinal += 1;
                if let Some((code, message)) = &row.failure {
                    eprintln!("sudoku rate: {source}:{line}: {code}: {message}");
                }
                writeln!(out, "{}", format.line(&row, ordinal))?;
                Ok(row.failure.is_some())
            }
            Err(e) => {
                eprintln!("sudoku rate: {source}:{line}: invalid: {}", e.kind);
                Ok(true)
            }
        },
    )
}

pub(crate) fn run(args: &RateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    args.batch.rules.require_classic("rate")?;
    let mut batch_args = args.batch.clone();
    batch_args.inputs.extend(args.input.iter().cloned());
    if let Some(path) = &args.output {
        batch_args.out = Some(path.clone());
    }
    if args.format.is_some() || args.diamond || args.pearl {
        return run_serate(args, &batch_args, out);
    }
    let args = &RateArgs { batch: batch_args, ..args.clone() };
    let ratings = ratings(args)?;
    let columns = ratings.columns();
    let layout = if args.json {
        Layout::json()
    } else {
        let mut header = vec!["source", "line", "puzzle"];
        header.extend(&columns);
        Layout { header: Some(header.join("\t")), place: Some(tsv_place), not_resumable: None }
    };
    let batch = Batch { args: &args.batch, command: "rate", layout };
    let seed = args.seed;
    batch.run(
        out,
        move |r| rate_record(&ratings, seed, r),
        |out, row| write_row(out, columns.len(), &row, args.json),
    )
}
