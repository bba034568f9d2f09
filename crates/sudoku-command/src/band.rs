//! `sudoku band`: puzzles of a chosen difficulty, random minimal puzzles drawn until one rates
//! in the band; a list in index order, written as found, resumable by index.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_generate::{Band, BandLine, BandPuzzle, BandSearch, Need, Needs, Symmetry};
use sudoku_logic::hodoku::Level;
use sudoku_logic::{HodokuRating, HodokuSolver, LogicalSolver, SeRating};
use sudoku_metrics::RatingKind;

use crate::generate::open_results;
use crate::signals::Stop;
use crate::template::{self, Piece};
use crate::{Status, parse_duration, thread_pool};

#[derive(clap::Args, Debug)]
pub(crate) struct BandArgs {
    /// The band: rating=lo..hi with any rating `sudoku rate` knows (se-rating=4.0..5.0,
    /// average-width=1000..2000, hodoku-score=1000..1600), or HoDoKu's levels
    /// (hodoku=hard, hodoku=medium..unfair).
    /// Several bands make their lists one after another, `--count` puzzles each (N puzzles
    /// of each level in one run: hodoku=easy hodoku=medium hodoku=hard).
    #[arg(long_help = band_help(), required = true, num_args = 1..)]
    bands: Vec<Band>,
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
    /// Each puzzle's line in this format instead of `%g<TAB>%v`: %g the puzzle, %v its
    /// rating in the band's rating (ER/EP/ED, HoDoKu's level and score, a width, ...), %r %p
    /// %d Sudoku Explainer's ER, EP and ED, %l HoDoKu's level, %s HoDoKu's score (each
    /// computed when the band's rating is another), %c the clues, %i the index in the list,
    /// %t the random puzzles drawn to find it, %m the pencil marks just before the first
    /// --needs technique is used and %k that step (from 1), %% a %.
    #[arg(long, short = 'f', value_name = "FORMAT", conflicts_with = "json")]
    format: Option<String>,
    /// After each puzzle, how many steps of each technique its solving path takes (HoDoKu's
    /// path for the hodoku ratings, Sudoku Explainer's for the others; JSON: `techniques`).
    #[arg(long)]
    stats: bool,
    /// Clue counts of the puzzles, LO..HI (such as 26..30): random unique puzzles of that many
    /// clues, not minimal when the range lies above their minimal count (default: minimal
    /// puzzles).
    #[arg(long, value_name = "LO..HI", value_parser = parse_clues)]
    clues: Option<(u8, u8)>,
    /// Technique practice: only puzzles whose solving path takes this technique (repeat for
    /// several, all needed; up to 4): explainer:NAME (Sudoku Explainer's names, such as
    /// explainer:X-Wing) or hodoku:NAME (HoDoKu's names, short names or library codes, such as
    /// hodoku:Skyscraper, hodoku:sk, hodoku:0400); without a prefix, either ruleset's name.
    #[arg(long, value_name = "TECHNIQUE")]
    needs: Vec<Need>,
    /// With --needs: the first technique must be the path's hardest step.
    #[arg(long, requires = "needs")]
    hardest: bool,
    /// With --needs: print the position just before the first technique's first use (its
    /// 729-character pencil marks) in place of the puzzle (`%m` in --format; `first_use` in
    /// JSON lines either way).
    #[arg(long, requires = "needs")]
    at_step: bool,
}

/// A conversion of band's `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Puzzle,
    Value,
    Er,
    Ep,
    Ed,
    Level,
    Score,
    Clues,
    Index,
    Tries,
    Marks,
    Step,
}

/// band's conversions.
const FIELDS: [(char, Field); 12] = [
    ('g', Field::Puzzle),
    ('v', Field::Value),
    ('r', Field::Er),
    ('p', Field::Ep),
    ('d', Field::Ed),
    ('l', Field::Level),
    ('s', Field::Score),
    ('c', Field::Clues),
    ('i', Field::Index),
    ('t', Field::Tries),
    ('m', Field::Marks),
    ('k', Field::Step),
];

/// What a found puzzle's line shows beyond the band's own rating: Sudoku Explainer's and
/// HoDoKu's ratings when the format asks for them, the per-technique counts with `--stats`.
#[derive(Default)]
struct Extras {
    se: Option<SeRating>,
    hodoku: Option<HodokuRating>,
    techniques: Option<Vec<(String, usize)>>,
}

/// What a line asks of a found puzzle beyond the band's own rating.
#[derive(Clone, Copy)]
struct Wants {
    se: bool,
    hodoku: bool,
    stats: bool,
    /// Whether the band's rating is HoDoKu's (its path gives `--stats` then).
    hodoku_band: bool,
}

/// Works out a found puzzle's extras (the band's own value is reused where it is the rating
/// asked for); a puzzle in a band has one solution, so the solvers answer.
fn extras(p: &BandPuzzle, want: Wants) -> Extras {
    let mut x = Extras { se: p.se(), hodoku: p.hodoku(), techniques: None };
    let se_stats = want.stats && !want.hodoku_band;
    if ((want.se && x.se.is_none()) || se_stats)
        && let Ok(path) = LogicalSolver::default().solve(&p.puzzle)
    {
        x.se = Some(path.rating);
        x.techniques = se_stats.then(|| counts(&path));
    }
    let hodoku_stats = want.stats && want.hodoku_band;
    if ((want.hodoku && x.hodoku.is_none()) || hodoku_stats)
        && let Ok(path) = HodokuSolver::default().solve(&p.puzzle)
    {
        x.hodoku = Some(path.rating);
        if hodoku_stats {
            x.techniques = Some(counts(&path));
        }
    }
    x
}

/// A path's per-technique counts, by technique name.
fn counts<R>(path: &sudoku_logic::SolvingPath<R>) -> Vec<(String, usize)> {
    path.technique_counts().into_iter().map(|(t, n)| (t.to_string(), n)).collect()
}

/// A found puzzle's line in `format`.
fn format_line(format: &[Piece<Field>], line: &BandLine, p: &BandPuzzle, x: &Extras) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let se = x.se.unwrap_or_default();
    for piece in format {
        let _ = match piece {
            Piece::Text(t) => write!(out, "{t}"),
            Piece::Field(field) => match field {
                Field::Puzzle => write!(out, "{}", p.puzzle),
                Field::Value => write!(out, "{}", p.value),
                Field::Er => write!(out, "{:.1}", se.er),
                Field::Ep => write!(out, "{:.1}", se.ep),
                Field::Ed => write!(out, "{:.1}", se.ed),
                Field::Level => {
                    write!(
                        out,
                        "{}",
                        x.hodoku.map_or(String::new(), |h| h.level.name().to_ascii_lowercase())
                    )
                }
                Field::Score => {
                    write!(out, "{}", x.hodoku.map_or(String::new(), |h| h.score.to_string()))
                }
                Field::Clues => write!(out, "{}", p.puzzle.clue_count()),
                Field::Index => write!(out, "{}", line.index),
                Field::Tries => write!(out, "{}", p.tries),
                Field::Marks => write!(
                    out,
                    "{}",
                    p.first_use.map_or_else(String::new, |at| at.marks.pencil_marks())
                ),
                Field::Step => {
                    write!(
                        out,
                        "{}",
                        p.first_use.map_or_else(String::new, |at| (at.step + 1).to_string())
                    )
                }
            },
        };
    }
    out
}

/// `--clues LO..HI` (or one count): 17 to 80 clues, LO at most HI.
fn parse_clues(text: &str) -> Result<(u8, u8), String> {
    let (lo, hi) = text.split_once("..").unwrap_or((text, text));
    let count = |t: &str| {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (17..=80).contains(n))
            .ok_or_else(|| format!("{t:?} is not a clue count from 17 to 80"))
    };
    let (lo, hi) = (count(lo)?, count(hi)?);
    if lo > hi {
        return Err(format!("{lo}..{hi} is empty: the first count is above the second"));
    }
    Ok((lo, hi))
}

/// The band's help: its forms, HoDoKu's levels (from the level table) and every rating.
fn band_help() -> String {
    let levels: Vec<String> = Level::ALL.iter().map(|l| l.name().to_ascii_lowercase()).collect();
    crate::rate::ratings_help(&format!(
        "The band: rating=lo..hi with any rating below (se-rating=4.0..5.0, \
         average-width=1000..2000, hodoku-score=1000..1600), or hodoku=LEVEL[..LEVEL] with \
         HoDoKu's levels {} (hodoku=hard, hodoku=medium..unfair). The ratings:",
        levels.join(", ")
    ))
}

/// Puzzles in each band in index order, one band after another, written as found (in
/// chunks of a few per thread), stoppable between chunks.
pub(crate) fn run(args: &BandArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let run = Run {
        pool: thread_pool(args.threads)?,
        stop: Stop::install()?,
        started: Instant::now(),
        results: args.out.as_deref().map(open_results).transpose()?,
    };
    let mut run = run;
    let mut status = Status::Ok;
    for (k, band) in args.bands.iter().enumerate() {
        let rest = &args.bands[k + 1..];
        match run_band(args, &mut run, *band, rest, out)? {
            (_, Some(stopped)) => return Ok(stopped),
            (Status::Ok, None) => {}
            (other, None) => status = other,
        }
    }
    Ok(status)
}

/// What the bands of one run share: the threads, the signals, the clock and the results file.
struct Run {
    pool: rayon::ThreadPool,
    stop: Stop,
    started: Instant,
    results: Option<std::io::BufWriter<std::fs::File>>,
}

/// One band's list, and the status the whole run stops with when it stopped here (a signal,
/// the time limit); `rest`: the bands still to come, named when the run stops.
fn run_band(
    args: &BandArgs,
    run: &mut Run,
    band: Band,
    rest: &[Band],
    out: &mut dyn Write,
) -> anyhow::Result<(Status, Option<Status>)> {
    // With one band, as before: "continue with --first N".
    let (which, then) = if args.bands.len() == 1 {
        (String::new(), String::new())
    } else {
        let names: Vec<String> = rest.iter().map(ToString::to_string).collect();
        let then =
            if names.is_empty() { String::new() } else { format!(", then {}", names.join(" ")) };
        (format!(" {band}"), then)
    };
    let default = if args.at_step { "%m\t%v" } else { "%g\t%v" };
    let format = template::parse(args.format.as_deref().unwrap_or(default), &FIELDS)?;
    let asks = |fields: &[Field]| {
        format.iter().any(|p| matches!(p, Piece::Field(f) if fields.contains(f)))
    };
    let (se, hodoku) =
        (asks(&[Field::Er, Field::Ep, Field::Ed]), asks(&[Field::Level, Field::Score]));
    let hodoku_band = matches!(band.rating.kind, RatingKind::Hodoku | RatingKind::HodokuScore);
    let want = Wants { se, hodoku, stats: args.stats, hodoku_band };
    let Run { pool, stop, started, results } = run;
    let started = *started;
    let needs = Needs::of(&args.needs)?.hardest(args.hardest);
    let search = BandSearch::new(band)
        .with_symmetry(args.symmetry)
        .with_max_tries(args.max_tries)
        .with_needs(needs);
    let search = match args.clues {
        Some((lo, hi)) => search.with_clues(lo, hi),
        None => search,
    };
    let seed = args.seed.unwrap_or(1);
    let end = args.first.saturating_add(args.count);
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let (mut next, mut tries, mut missed) = (args.first, 0u64, false);
    while next < end {
        if let Some(sig) = stop.signal() {
            eprintln!("sudoku band: interrupted; continue{which} with --first {next}{then}");
            return Ok((Status::Ok, Some(Status::Interrupted(sig))));
        }
        if args.time.is_some_and(|t| started.elapsed() >= t) {
            eprintln!("sudoku band: out of time; continue{which} with --first {next}{then}");
            return Ok((Status::Ok, Some(Status::Ok)));
        }
        let upto = (next + chunk).min(end);
        let lines: Vec<(BandLine, Extras)> = pool.install(|| {
            use rayon::prelude::*;
            BandLine::find_range(&search, seed, next..upto, &|| true)
                .into_par_iter()
                .map(|line| {
                    let x = line.found.as_ref().map_or_else(Extras::default, |p| extras(p, want));
                    (line, x)
                })
                .collect()
        });
        for (line, x) in lines {
            match &line.found {
                Some(p) => tries += p.tries,
                None => {
                    missed = true;
                    tries += args.max_tries;
                }
            }
            // Through a `Value`: keys in sorted order, as every JSON line of the command line.
            let mut value = serde_json::to_value(&line)?;
            if let (Some(techniques), serde_json::Value::Object(o)) = (&x.techniques, &mut value) {
                let map: serde_json::Map<String, serde_json::Value> =
                    techniques.iter().map(|(t, n)| (t.clone(), (*n).into())).collect();
                o.insert("techniques".into(), map.into());
            }
            let json = value.to_string();
            if args.json {
                writeln!(out, "{json}")?;
            } else if let Some(p) = &line.found {
                writeln!(out, "{}", format_line(&format, &line, p, &x))?;
                if let Some(techniques) = &x.techniques {
                    let counts: Vec<String> =
                        techniques.iter().map(|(t, n)| format!("{t} x{n}")).collect();
                    writeln!(out, "  {}", counts.join(", "))?;
                }
            } else if let Some(message) = line.error_message() {
                eprintln!("sudoku band: {message}");
            }
            if let Some(r) = results {
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
    Ok((if missed { Status::Invalid } else { Status::Ok }, None))
}
