//! `sudoku generate`: searches for hard puzzles, with progress, results written as found,
//! checkpoints, resume, and a plot of the temperatures.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku_core::Grid;
use sudoku_generate::{
    Adjustment, BestLine, BestNew, BestRecord, Checkpoint, Energy, FindLine, GenerateError,
    Generation, GenerationRun, GeneratorConfig, KnownPuzzles, Moves, ParseConfigError, Portfolio,
    Preset, PuzzleState, Search, Start, SummaryLine,
};
use tempering::{KeepGoing, Observer, RoundInfo, StopReason, SweepInfo};

use crate::signals::Stop;
use crate::{Status, parse_duration, thread_pool};

/// Longest stretch between two checkpoints.

#[derive(clap::Args, Debug)]
pub(crate) struct GenerateArgs {
    /// Settings to start from (the flags below change them): explainer (hard for people, by
    /// Sudoku Explainer's ER: se-rating energy, 2,000 random minimal puzzles of at most 22
    /// clues as the start (random:2000:22), best-first search over their vicinity restarting
    /// after 400 expansions without a better puzzle), average-width (hard for backtracking:
    /// the average-width energy, 2,000 random minimal puzzles of any clue count, best-first
    /// restarting after 100), paper (exactly the paper's).
    #[arg(long, default_value = "explainer")]
    preset: String,
    /// The optimizer after the start: exchange (replica exchange), annealing or
    /// annealing:T0:ALPHA:TMIN (cooling by ALPHA every sweep, reheating below TMIN; default
    /// 20:0.999:1), metropolis or metropolis:BETA (default 0.2), best-first (expand the
    /// lowest-energy puzzle not yet expanded, rating all its neighbours: every exchange of one
    /// clue with vicinity moves; a step is one expansion), best-first:N (the same, restarting
    /// from the next start puzzle not yet expanded after N expansions without a better one),
    /// best-first:partial=K or best-first:N:partial=K (partial expansion: rate neighbours K at
    /// a time and move on at the end of the first K that hold a better puzzle; the rest of
    /// the puzzle's neighbours wait until nothing better does).
    #[arg(long)]
    search: Option<String>,
    /// The difficulty U in H = -J U + h * clues: any rating `sudoku rate` knows, with its
    /// parameters (name:key=value...). Hard for people: se-rating (Sudoku Explainer's ER from
    /// the logical solver; se-rating:tiebreak=ep-ed, the default, or tiebreak=work breaks ties
    /// within an ER), human-effort, refutation-sum, refutation-max (ln(1 + U) of the
    /// human-solver model). Hard for backtracking: average-width (ln of the average width),
    /// normal-width (the paper's, also called width), dihedral-width, depth.
    #[arg(long, long_help = crate::rate::ratings_help(
        "The difficulty U in H = -J U + h * clues: any rating below, with its parameters \
         (name:key=value...; se-rating:tiebreak=ep-ed is the default, tiebreak=work breaks \
         ties within an ER otherwise). The widths count as ln(U), the human-model ratings as \
         ln(1 + U), the others as they are. The ratings:"
    ))]
    energy: Option<String>,
    /// Tie-breaking samples of average-width, runs of the human-model energies, when the
    /// energy spec does not say.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    samples: Option<u32>,
    /// Moves of the main phase: flips (the paper's: add or remove a clue of one solution
    /// grid), vicinity (flips and exchanges: a clue removed, one added with any digit, so
    /// the solution grid changes along the run; the {-1+1} vicinity), pattern (vicinity
    /// moves and, besides, the digits of two clues changed at once: the {-2+2} moves that
    /// keep the clue pattern), or pattern:U (pattern moves only from puzzles rated U or
    /// more by the energy's rating, such as the ER for the default; vicinity below).
    #[arg(long)]
    moves: Option<String>,
    /// Where the main phase starts: depth (the paper's depth phase), random:N (N random
    /// minimal puzzles rated by the energy: chains and replicas start from the best,
    /// best-first from all), random:N:C (the same, of at most C clues, C from 21: each drawn
    /// again until it fits), or file:PATH (the puzzles of a file, rated the same way: the
    /// vicinity of known hard puzzles).
    #[arg(long)]
    start: Option<String>,
    /// Files of known puzzles (the first 81 characters of each line; `#` comments): every
    /// best written says whether it is isomorphic to one of them ("known"), and the summary
    /// gives the best new puzzle besides the best overall.
    #[arg(long, num_args = 1..)]
    known: Vec<PathBuf>,
    /// Leave the --known puzzles out of the best-first search: it neither rates nor expands a
    /// puzzle isomorphic to one of them (its start puzzles excepted), taking their vicinities
    /// as searched by the puzzle community, and spends its time on new puzzles. A resumed run
    /// that left them out needs the same --known files again.
    #[arg(long, requires = "known")]
    skip_known: bool,
    /// Wall-clock limit, such as 90s, 10m or 1h (default 5m when --steps is not given).
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    /// Steps of the main phase (REMC steps: sweeps per replica; sweeps of a single chain;
    /// expansions of best-first), counted from the start of the generation, also across
    /// --resume. The same seed and steps give the same output.
    #[arg(long)]
    steps: Option<u64>,
    /// Replicas of replica exchange (`--search exchange`: the paper preset; 10).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    replicas: Option<u64>,
    /// Temperature adjustment of replica exchange: watanabe (the paper's, target 0.8; the
    /// default), equal (both ends fixed), none.
    #[arg(long)]
    adjustment: Option<String>,
    /// The hottest inverse temperature beta_1 of replica exchange; the initial ladder is
    /// beta_m = beta_1 m (the paper's 0.01).
    #[arg(long)]
    beta_hot: Option<f64>,
    /// Sweeps between replica exchanges, and between progress reports of a single chain (the
    /// paper's N_s: 100; explainer 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    sweeps_per_round: Option<u32>,
    /// The depth the depth phase must reach (`--start depth`: the paper preset; 8).
    #[arg(long)]
    depth_target: Option<u32>,
    /// Report a minimal puzzle (every clue needed): unneeded clues of the best puzzle are
    /// removed and it is re-rated. The summary says `minimal` either way.
    #[arg(long)]
    minimal: bool,
    /// Independent runs side by side, the first with --seed and the others with seeds derived
    /// from it; the best is reported (all cores stay busy even with a single-chain --search).
    /// The output depends on the seeds alone, not on --threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=4096))]
    runs: u32,
    /// Seed of the whole run (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (0: one per core). Output is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Append every new best puzzle to this file as one JSON line, as it is found.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Append every puzzle the best-first search rates at or above --find-above to this file
    /// as one JSON line, one per class of isomorphic puzzles (classes already in the file are
    /// not written again): the search's whole harvest, not only its bests. May be given with
    /// --resume.
    #[arg(long, requires = "find_above")]
    finds: Option<PathBuf>,
    /// The threshold of --finds, in the energy's own units (for the ER energies the ER, such
    /// as 11.0).
    #[arg(long, requires = "finds")]
    find_above: Option<f64>,
    /// Write a checkpoint here every --checkpoint-every and at the end.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// How often to write the checkpoint, such as 30s or 5m.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    checkpoint_every: Duration,
    /// Continue the generation saved in this checkpoint: its settings, its --out file and this
    /// checkpoint itself (kept up to date) are used, so only --time, --steps, --threads,
    /// --checkpoint-every, --finds, --find-above, --plot, --no-progress and --json may be
    /// given with it. Records in
    /// the results file from after the checkpoint (written before an abrupt stop) are dropped
    /// first: the resumed run finds them again.
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Draw the temperatures and the replicas' energies over time as SVG.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Keeps the records of a results file that a checkpoint covers (each run's up to its step
/// then, by seed), dropping later ones and a torn last line; rewritten atomically.
fn trim_results(path: &Path, portfolio: &Portfolio) -> anyhow::Result<()> {
    let steps_of =
        |seed: u64| portfolio.runs().iter().find(|g| g.seed() == seed).map(Generation::steps);
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("failed to read {}", path.display())),
    };
    let kept: String = text
        .lines()
        .filter(|line| {
            serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .and_then(|v| Some((v.get("step")?.as_u64()?, v.get("seed")?.as_u64()?)))
                .is_some_and(|(step, seed)| steps_of(seed).is_some_and(|s| step <= s))
        })
        .map(|line| format!("{line}\n"))
        .collect();
    if kept.len() == text.len() {
        return Ok(());
    }
    let tmp = path.with_extension("trim.tmp");
    std::fs::write(&tmp, kept).with_context(|| format!("failed to write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("failed to replace {}", path.display()))
}

fn save_checkpoint(
    path: &Path,
    portfolio: &Portfolio,
    out: Option<&Path>,
    elapsed: Duration,
) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let file =
            File::create(&tmp).with_context(|| format!("failed to create {}", tmp.display()))?;
        let mut w = BufWriter::new(file);
        Checkpoint::write(portfolio, out, elapsed.as_secs_f64(), &mut w)
            .with_context(|| format!("failed to write {}", tmp.display()))?;
        w.flush()?;
        w.get_ref().sync_all()?;
    }
    fs::rename(&tmp, path).with_context(|| format!("failed to replace {}", path.display()))
}

/// A checkpoint's portfolio, results file and the time the run had taken.
fn load_checkpoint(path: &Path) -> anyhow::Result<(Portfolio, Option<PathBuf>, Duration)> {
    let text = fs::read_to_string(path)
        .with_context(|| format!("failed to read checkpoint {}", path.display()))?;
    let ckpt = Checkpoint::read(&text).with_context(|| format!("checkpoint {}", path.display()))?;
    let elapsed = Duration::try_from_secs_f64(ckpt.elapsed_s).unwrap_or_default();
    Ok((ckpt.portfolio, ckpt.out, elapsed))
}

/// What every run of a portfolio shares: the progress bar, the results file, the stop flag.
struct Shared {
    bar: ProgressBar,
    /// The known puzzles (`--known`), if any were given.
    known: Option<Arc<KnownPuzzles>>,
    out: Mutex<Option<BufWriter<File>>>,
    finds: Mutex<Option<Finds>>,
    energy: Energy,
    stop: Stop,
    error: Mutex<Option<io::Error>>,
    /// When the run began, over all its sessions: a resumed run's clock goes on from the time
    /// its checkpoint saved (`elapsed_s` never restarts at 0).
    origin: Instant,
}

/// The `--finds` file: where, from what `U` on, and the classes written so far.
struct Finds {
    file: BufWriter<File>,
    above: f64,
    written: HashSet<Grid>,
}

impl Finds {
    /// Opens `path` to append, taking the classes of the puzzles already in it (a resumed or
    /// repeated run writes no class twice).
    fn open(path: &Path, above: f64) -> anyhow::Result<Finds> {
        if !above.is_finite() {
            bail!("--find-above must be a number, not {above}");
        }
        let mut written = HashSet::new();
        if path.exists() {
            let text = fs::read_to_string(path)
                .with_context(|| format!("failed to read {}", path.display()))?;
            for line in text.lines() {
                let puzzle = serde_json::from_str::<serde_json::Value>(line)
                    .ok()
                    .and_then(|v| v.get("puzzle")?.as_str()?.parse::<Grid>().ok());
                written.extend(puzzle.map(|p| p.minlex().grid));
            }
        }
        Ok(Finds { file: open_results(path)?, above, written })
    }
}

/// One run's progress shown to the user, its new bests written as they come.
struct Live<'a> {
    shared: &'a Shared,
    seed: u64,
    /// The run's latest best.
    best: Option<BestRecord>,
}

fn describe(best: Option<&BestRecord>) -> String {
    let Some(b) = best else { return "no puzzle better than the start yet".into() };
    let se = b.se.map_or(String::new(), |r| format!("ER {:.1}/{:.1}/{:.1}, ", r.er, r.ep, r.ed));
    format!(
        "best E {:.1}, {se}{} clues, depth {}, width {}",
        b.energy,
        b.clues,
        b.depth.map_or("-".into(), |d| d.to_string()),
        b.normal_width.map_or("-".into(), |w| w.to_string())
    )
}

/// The lowest-energy latest best over the runs.
fn best_of(portfolio: &Portfolio) -> Option<&BestRecord> {
    portfolio
        .runs()
        .iter()
        .filter_map(|g| g.bests().last())
        .min_by(|a, b| a.energy.total_cmp(&b.energy))
}

impl Live<'_> {
    /// Shows the run at `step`; whether to go on.
    fn show(&mut self, step: u64) -> bool {
        let s = self.shared;
        s.bar.set_message(format!(
            "seed {} step {step} | {}",
            self.seed,
            describe(self.best.as_ref())
        ));
        s.bar.tick();
        self.go_on()
    }

    fn go_on(&self) -> bool {
        let s = self.shared;
        !s.stop.requested() && lock(&s.error).is_none()
    }
}

impl Observer<PuzzleState> for Live<'_> {
    fn on_sweep(&mut self, info: &SweepInfo<'_, PuzzleState>) -> bool {
        self.show(info.sweep)
    }

    fn on_round(&mut self, info: &RoundInfo<'_, PuzzleState>) -> bool {
        self.show(info.sweeps)
    }

    fn keep_going(&mut self) -> bool {
        self.go_on()
    }

    fn on_rated(&mut self, state: &PuzzleState, energy: f64, sweep: u64) {
        let s = self.shared;
        let mut finds = lock(&s.finds);
        let Some(finds) = finds.as_mut() else { return };
        if state.u.is_nan() || state.u < finds.above {
            return;
        }
        let class = state.puzzle().minlex().grid;
        if !finds.written.insert(class) {
            return;
        }
        let known = s.known.as_ref().map(|known| known.contains_class(&class));
        let elapsed = s.origin.elapsed().as_secs_f64();
        let line =
            FindLine::new(state, energy, sweep, s.energy, self.seed, elapsed).with_known(known);
        if let Err(e) = write_line(&mut finds.file, &line) {
            *lock(&s.error) = Some(e);
        }
    }
}

/// Refuses `--finds` with a search that does not report what it rates (before any work).
fn check_finds(args: &GenerateArgs, search: Search) -> anyhow::Result<()> {
    if args.finds.is_some() && !matches!(search, Search::BestFirst { .. }) {
        bail!("--finds keeps what a best-first search rates; this run's search is {search}");
    }
    Ok(())
}

/// Refuses `--skip-known` with a search that lists no vicinity (before any work).
fn check_skip_known(args: &GenerateArgs, search: Search) -> anyhow::Result<()> {
    if GenerationRun::check_skip(search, args.skip_known).is_err() {
        bail!(
            "--skip-known leaves known puzzles out of a best-first search's vicinities; this run's search is {search}"
        );
    }
    Ok(())
}

/// Writes one record as a JSON line, keys sorted, and flushes it.
fn write_line<T: serde::Serialize>(out: &mut BufWriter<File>, record: &T) -> io::Result<()> {
    // Through a `Value`: keys in sorted order, as every JSON line of the command line.
    serde_json::to_value(record)
        .and_then(|v| serde_json::to_writer(&mut *out, &v))
        .map_err(io::Error::other)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush())
}

impl Observer<BestRecord> for Live<'_> {
    fn on_best(&mut self, best: &BestRecord, _: f64, _: u64) {
        self.best = Some(best.clone());
        let s = self.shared;
        let mut out = lock(&s.out);
        let Some(out) = out.as_mut() else { return };
        let known = s.known.as_ref().map(|known| known.contains(&best.puzzle));
        let elapsed = s.origin.elapsed().as_secs_f64();
        let line = BestLine::new(best.clone(), s.energy, self.seed, elapsed).with_known(known);
        if let Err(e) = write_line(out, &line) {
            *lock(&s.error) = Some(e);
        }
    }
}

/// A poisoned lock still holds usable data here (a results writer, an error slot).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn config_from_args(args: &GenerateArgs) -> anyhow::Result<GeneratorConfig> {
    let preset = args.preset.parse::<Preset>().map_err(anyhow::Error::new)?.config();
    let mut energy = match args.energy.as_deref() {
        None => preset.energy,
        Some("width") => Energy::width(),
        Some(spec) => spec.parse().context("invalid --energy")?,
    };
    if let (None, Some(n)) = (energy.rating.samples, args.samples) {
        energy.rating = energy.rating.with_samples(n);
    }
    let mut start = match args.start.as_deref() {
        None => preset.start,
        // Where given puzzles come from is the command's business: it counts them later.
        Some(other) if other.starts_with("file:") => Start::Given(0),
        Some(other) => match other.parse::<Start>() {
            Ok(Start::BestOfRandom { count: 0, .. } | Start::Given(_)) | Err(_) => {
                bail!(
                    "unknown start {other:?}; use depth, random:N (N from 1), random:N:C (at most C clues, C from {}) or file:PATH",
                    Start::FEWEST_MAX_CLUES
                )
            }
            Ok(start) => start,
        },
    };
    let moves = match args.moves.as_deref() {
        None => preset.moves,
        Some(spec) => spec.parse::<Moves>().map_err(anyhow::Error::new)?,
    };
    let mut search = match args.search.as_deref() {
        None => preset.search,
        Some(spec) => match spec.parse::<Search>() {
            Ok(search) => search,
            Err(ParseConfigError::SearchNumber { number, source, .. }) => {
                return Err(anyhow::Error::new(source)
                    .context(format!("invalid number {number:?} in --search {spec}")));
            }
            Err(e) => return Err(e.into()),
        },
    };
    // Each flag below sets a parameter of one start or one search: given for another, it
    // would do nothing, so it is refused.
    match &mut start {
        Start::DepthPhase { target, .. } => *target = args.depth_target.unwrap_or(*target),
        _ if args.depth_target.is_some() => bail!("--depth-target needs --start depth"),
        _ => {}
    }
    match &mut search {
        Search::ReplicaExchange { replicas, beta_hot, adjustment } => {
            *replicas = args.replicas.map_or(*replicas, |r| r as usize);
            *beta_hot = args.beta_hot.unwrap_or(*beta_hot);
            if let Some(spec) = args.adjustment.as_deref() {
                *adjustment = spec.parse::<Adjustment>().map_err(anyhow::Error::new)?;
            }
        }
        _ => {
            for (flag, given) in [
                ("--replicas", args.replicas.is_some()),
                ("--beta-hot", args.beta_hot.is_some()),
                ("--adjustment", args.adjustment.is_some()),
            ] {
                if given {
                    bail!("{flag} needs --search exchange (the paper's replica exchange)");
                }
            }
        }
    }
    Ok(preset
        .with_energy(energy)
        .with_start(start)
        .with_moves(moves)
        .with_search(search)
        .with_sweeps_per_round(args.sweeps_per_round.unwrap_or(preset.sweeps_per_round))
        .with_minimal(args.minimal))
}

fn print_summary(out: &mut dyn Write, line: &SummaryLine, json_out: bool) -> anyhow::Result<()> {
    if json_out {
        return crate::schema::write_sorted(out, line);
    }
    let (s, energy) = (&line.summary, line.energy);
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
    writeln!(out, "puzzle        {}", s.puzzle)?;
    writeln!(out, "solution      {}", s.solution)?;
    writeln!(
        out,
        "clues         {}{}",
        s.clues,
        if s.minimal { " (minimal)" } else { " (not minimal)" }
    )?;
    writeln!(
        out,
        "se rating     {}",
        opt(s.se.map(|r| format!(
            "ER {:.1}, EP {:.1}, ED {:.1} (Sudoku Explainer scale)",
            r.er, r.ep, r.ed
        )))
    )?;
    writeln!(out, "depth         {}", opt(s.depth.map(|d| d.to_string())))?;
    writeln!(out, "normal width  {}", opt(s.normal_width.map(|w| w.to_string())))?;
    writeln!(
        out,
        "average width {}",
        opt(s
            .average_width
            .map(|m| format!("{:.1} ± {:.1} ({} samples)", m.mean, m.stderr, m.samples)))
    )?;
    writeln!(out, "energy        {:.3} (lowest found {:.3}), {energy}", s.energy, s.best_energy)?;
    let mut notes = Vec::new();
    if s.depth_steps > 0 {
        notes.push(format!("depth phase {}", s.depth_steps));
    }
    match s.restarts {
        0 => {}
        1 => notes.push("1 restart".to_owned()),
        r => notes.push(format!("{r} restarts")),
    }
    if notes.is_empty() {
        writeln!(out, "steps         {}", s.steps)?;
    } else {
        writeln!(out, "steps         {} ({})", s.steps, notes.join(", "))?;
    }
    match line.runs {
        1 => writeln!(out, "seed          {}", s.seed)?,
        n => writeln!(out, "seed          {} (the best of {n} runs)", s.seed)?,
    }
    writeln!(out, "stopped       {}", line.stop.name().replace('_', " "))?;
    if let Some(n) = &line.novelty {
        writeln!(out, "known         {}", n.known)?;
        match &n.best_new {
            Some(BestNew { best: BestRecord { puzzle, se: Some(se), .. }, .. }) => {
                writeln!(out, "best new      {puzzle} (ER {:.1})", se.er)?;
            }
            Some(BestNew { best: BestRecord { puzzle, energy, .. }, .. }) => {
                writeln!(out, "best new      {puzzle} (energy {energy})")?;
            }
            None => writeln!(out, "best new      - (every best is a known puzzle)")?,
        }
    }
    writeln!(out, "\n{}", s.puzzle.pretty())?;
    Ok(())
}

/// A usage error naming the flags of `flags` that were given, when any was: `why` says why
/// they do not fit.
fn refuse_given(flags: &[(&str, bool)], why: &str) -> anyhow::Result<()> {
    let given: Vec<&str> = flags.iter().filter(|f| f.1).map(|f| f.0).collect();
    if !given.is_empty() {
        bail!("{} {why}", given.join(", "));
    }
    Ok(())
}

/// A results file, opened to append: a run (or a resumed one) adds to what is there.
pub(crate) fn open_results(path: &Path) -> anyhow::Result<BufWriter<File>> {
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("failed to open {}", path.display()))?;
    Ok(BufWriter::new(file))
}

/// The puzzles of a file: the first 81 characters of each line (up to whitespace or a
/// comma, so rating lists and CSV files read as they are); comments, headers and lines that
/// are not puzzles are skipped, and a line of pencil marks (729 characters) is skipped with
/// one line on stderr saying that generate needs givens.
fn read_puzzles(path: &Path) -> anyhow::Result<Vec<Grid>> {
    let text =
        fs::read_to_string(path).with_context(|| format!("failed to read {}", path.display()))?;
    let first_words = text.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with('#'));
    let mut puzzles: Vec<Grid> = Vec::new();
    for (index, line) in first_words {
        let Some(word) =
            line.split(|c: char| c.is_whitespace() || c == ',').find(|t| !t.is_empty())
        else {
            continue;
        };
        if let Ok(grid) = word.parse() {
            puzzles.push(grid);
        } else if let Ok(sudoku_core::Board::Marks(_)) = word.parse() {
            let needs = sudoku_core::FailureKind::NeedsGivens { what: "generate" };
            eprintln!("sudoku generate: {}:{}: invalid: {needs}", path.display(), index + 1);
        }
    }
    if puzzles.is_empty() {
        bail!("{} holds no puzzle", path.display());
    }
    Ok(puzzles)
}

/// The puzzles of the `--known` files (`None` without any).
fn read_known(files: &[PathBuf]) -> anyhow::Result<Option<Arc<KnownPuzzles>>> {
    if files.is_empty() {
        return Ok(None);
    }
    let mut known = KnownPuzzles::new();
    for path in files {
        known.extend(read_puzzles(path)?);
    }
    eprintln!("sudoku generate: {} known puzzle classes", known.len());
    Ok(Some(Arc::new(known)))
}

/// The known puzzles given to the run: with `--skip-known`, or when resuming a run that had it,
/// left out of the search (the same set again after a resume).
fn with_known(
    args: &GenerateArgs,
    run: GenerationRun,
    known: Option<Arc<KnownPuzzles>>,
) -> anyhow::Result<GenerationRun> {
    run.with_known(known, args.skip_known).map_err(|e| match e {
        GenerateError::KnownNeeded => anyhow::anyhow!(
            "this run leaves known puzzles out (--skip-known): give the same --known files to resume it"
        ),
        e => anyhow::Error::new(e),
    })
}

pub(crate) fn run(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    // --time counts from here: the depth phase is part of the run.
    let started = Instant::now();
    let pool = thread_pool(args.threads)?;
    // SIGINT and SIGTERM alike: checkpoint, summary, exit 130 or 143 (a second signal ends
    // the process at once; checkpoints are replaced atomically, so none is left half written).
    let stop = Stop::install()?;
    // Every output path is checked before any work: a typo must not cost a whole run.
    for path in [&args.plot, &args.checkpoint, &args.out, &args.finds].into_iter().flatten() {
        crate::check_output_path(path)?;
    }
    let (run, out_path, checkpoint_path, before) = match &args.resume {
        Some(path) => {
            let fixed = [
                ("--energy", args.energy.is_some()),
                ("--samples", args.samples.is_some()),
                ("--moves", args.moves.is_some()),
                ("--start", args.start.is_some()),
                ("--search", args.search.is_some()),
                ("--preset", args.preset != "explainer"),
                ("--replicas", args.replicas.is_some()),
                ("--adjustment", args.adjustment.is_some()),
                ("--beta-hot", args.beta_hot.is_some()),
                ("--sweeps-per-round", args.sweeps_per_round.is_some()),
                ("--depth-target", args.depth_target.is_some()),
                ("--seed", args.seed.is_some()),
                ("--runs", args.runs != 1),
                ("--minimal", args.minimal),
            ];
            refuse_given(
                &fixed,
                "cannot change a resumed run (its settings are in the checkpoint)",
            )?;
            let (portfolio, saved_out, elapsed) = load_checkpoint(path)?;
            check_finds(args, portfolio.runs()[0].config().search)?;
            check_skip_known(args, portfolio.runs()[0].config().search)?;
            if args.out.is_some() && saved_out.is_some() && args.out != saved_out {
                bail!(
                    "--out {} differs from the run's results file {}: a resumed run keeps writing where it did",
                    args.out.as_ref().map_or(String::new(), |p| p.display().to_string()),
                    saved_out.as_ref().map_or(String::new(), |p| p.display().to_string())
                );
            }
            let out = args.out.clone().or(saved_out);
            let checkpoint = Some(args.checkpoint.clone().unwrap_or_else(|| path.clone()));
            (GenerationRun::resume(portfolio), out, checkpoint, elapsed)
        }
        None => {
            let config = config_from_args(args)?;
            check_finds(args, config.search)?;
            check_skip_known(args, config.search)?;
            let seed = args.seed.unwrap_or(1);
            let phase = match config.start {
                Start::DepthPhase { .. } => "depth phase".to_string(),
                Start::BestOfRandom { count, max_clues: None } => {
                    format!("rating {count} random minimal puzzles")
                }
                Start::BestOfRandom { count, max_clues: Some(c) } => {
                    format!(
                        "drawing and rating {count} random minimal puzzles of at most {c} clues"
                    )
                }
                _ => "start phase".to_string(),
            };
            let seeds = match args.runs {
                1 => format!("seed {seed}"),
                n => format!("{n} runs from seed {seed}"),
            };
            eprintln!("sudoku generate: {seeds}, energy {}; {phase} ...", config.energy);
            let mut watches: Vec<_> = (0..args.runs.max(1))
                .map(|_| {
                    let stop = stop.clone();
                    KeepGoing(move || !stop.requested())
                })
                .collect();
            let given = match args.start.as_deref().and_then(|s| s.strip_prefix("file:")) {
                Some(path) => Some(read_puzzles(Path::new(path))?),
                None => None,
            };
            let started = pool
                .install(|| GenerationRun::start(config, seed, given.as_deref(), &mut watches))
                .context("invalid generator settings (a start file without a unique puzzle?)")?;
            let Some(run) = started else {
                eprintln!("sudoku generate: interrupted in the start phase; nothing to save");
                return Ok(Status::Interrupted(stop.signal().unwrap_or(2)));
            };
            if stop.requested()
                && let Start::BestOfRandom { count, .. } = run.portfolio().runs()[0].config().start
            {
                eprintln!(
                    "sudoku generate: interrupted in the start phase: the run starts from the {count} puzzles rated so far (checkpoint and summary follow)"
                );
            }
            (run, args.out.clone(), args.checkpoint.clone(), Duration::ZERO)
        }
    };
    let origin = started.checked_sub(before).unwrap_or(started);
    let time = match (args.time, args.steps) {
        (None, None) => Some(Duration::from_secs(300)),
        (t, _) => t,
    };
    let run =
        run.with_clock(started).with_limit(time, args.steps).with_slices(args.checkpoint_every);
    if let (Some(path), Some(_)) = (&out_path, &args.resume) {
        trim_results(path, run.portfolio())?;
    }
    let out_file = out_path.as_deref().map(open_results).transpose()?;
    // Without a terminal (logs, batch jobs) a bar draws nothing: print a line per slice instead.
    let terminal = io::stderr().is_terminal();
    let bar = if args.no_progress || !terminal {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .expect("a valid template"),
    );
    let known = read_known(&args.known)?;
    let mut run = with_known(args, run, known)?;
    let finds = match (&args.finds, args.find_above) {
        (Some(path), Some(above)) => {
            let search = run.portfolio().runs()[0].config().search;
            if !matches!(search, Search::BestFirst { .. }) {
                bail!(
                    "--finds keeps what a best-first search rates; this run's search is {search}"
                );
            }
            Some(Finds::open(path, above)?)
        }
        _ => None,
    };
    let shared = Shared {
        bar,
        known: run.known().cloned(),
        out: Mutex::new(out_file),
        finds: Mutex::new(finds),
        energy: run.portfolio().runs()[0].config().energy,
        stop: stop.clone(),
        error: Mutex::new(None),
        origin,
    };
    let mut lives: Vec<Live<'_>> = run
        .portfolio()
        .runs()
        .iter()
        .map(|g| Live { shared: &shared, seed: g.seed(), best: g.bests().last().cloned() })
        .collect();
    let start_steps = run.portfolio().steps();
    let reason = pool.install(|| {
        run.run(&mut lives, |portfolio| {
            if let Some(path) = &checkpoint_path {
                save_checkpoint(path, portfolio, out_path.as_deref(), origin.elapsed())?;
            }
            if !terminal && !args.no_progress {
                eprintln!(
                    "sudoku generate: [{:.0} s] step {} | {}",
                    origin.elapsed().as_secs_f64(),
                    portfolio.steps(),
                    describe(best_of(portfolio))
                );
            }
            match lock(&shared.error).take() {
                Some(e) => Err(e).context("failed to write a result"),
                None => Ok(()),
            }
        })
    })?;
    shared.bar.finish_and_clear();
    let portfolio = run.portfolio();
    let steps_done = portfolio.steps() - start_steps;
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "sudoku generate: stopped ({}) after {steps_done} steps in {secs:.1} s ({:.1} steps/s); re-rating the best puzzles ...",
        match reason {
            StopReason::Exhausted => "nothing left to search".to_string(),
            // Every other reason in its own words.
            reason => reason.name().replace('_', " "),
        },
        steps_done as f64 / secs.max(1e-9),
    );
    let (lookups, hits) = portfolio
        .runs()
        .iter()
        .map(Generation::memo_stats)
        .fold((0, 0), |(l, h), (a, b)| (l + a, h + b));
    eprintln!("sudoku generate: {hits} of {lookups} ratings came from the memo");
    if portfolio.skips_known() {
        let skipped: u64 = portfolio.runs().iter().map(Generation::skipped).sum();
        eprintln!("sudoku generate: {skipped} known neighbours left out (--skip-known)");
    }
    // With --known: whether the best is known, and the best new puzzle.
    let line = pool.install(|| run.summary(reason));
    let seed = line.summary.seed;
    print_summary(out, &line, args.json)?;
    // The summary is out first: a plot that fails loses nothing else. It shows the best run.
    let best_run = portfolio.runs().iter().find(|g| g.seed() == seed);
    if let (Some(path), Some(run)) = (&args.plot, best_run)
        && let Err(e) = crate::plot::draw(path, run.history())
    {
        eprintln!("sudoku generate: failed to draw {}: {e:#}", path.display());
        return Ok(Status::Usage);
    }
    Ok(match stop.signal() {
        Some(sig) if reason == StopReason::Stopped => Status::Interrupted(sig),
        _ => Status::Ok,
    })
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("42"), Ok(Duration::from_secs(42)));
        assert!(parse_duration("10 minutes").is_err());
        assert!(parse_duration("m").is_err());
    }
}
