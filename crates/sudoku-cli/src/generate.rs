//! `sudoku generate`: searches for hard puzzles, with progress, results written as found,
//! checkpoints, resume, and a plot of the temperatures.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sudoku_generate::{
    Adjustment, BestRecord, Energy, Generation, GeneratorConfig, Moves, Progress, RoundRecord,
    Summary,
};
use tempering::{Budget, StopReason};

use crate::{Status, thread_pool};

/// Longest stretch between two checkpoints.

#[derive(clap::Args, Debug)]
pub(crate) struct GenerateArgs {
    /// The difficulty U in H = -J U + h * clues: any rating `sudoku rate` knows, with its
    /// parameters (name:key=value...). Hard for people: se-rating (Sudoku Explainer's ER from
    /// the logical solver; se-rating:tiebreak=ep-ed or tiebreak=work breaks ties within an ER),
    /// human-effort, refutation-sum, refutation-max (ln(1 + U) of the human-solver model).
    /// Hard for backtracking: average-width (ln of the average width; the default, see
    /// docs/generator.md), normal-width (the paper's, also called width), dihedral-width,
    /// depth.
    #[arg(long)]
    energy: Option<String>,
    /// Tie-breaking samples of average-width, runs of the human-model energies, when the
    /// energy spec does not say (default 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    samples: Option<u32>,
    /// Moves of the width phase: flips (the paper's: add or remove a clue of one solution
    /// grid) or vicinity (flips and exchanges: a clue removed, one added with any digit, so
    /// the solution grid changes along the run).
    #[arg(long)]
    moves: Option<String>,
    /// Wall-clock limit, such as 90s, 10m or 1h (default 5m when --steps is not given).
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    /// REMC steps (sweeps per replica of the width phase), counted from the start of the
    /// generation, also across --resume. The same seed and steps give the same output.
    #[arg(long)]
    steps: Option<u64>,
    /// Replicas of the width phase (default 10).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    replicas: Option<u64>,
    /// Temperature adjustment: watanabe (the paper's, target 0.8; the default), equal (both
    /// ends fixed), none.
    #[arg(long)]
    adjustment: Option<String>,
    /// Sweeps between replica exchanges (the paper's N_s; default 100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    sweeps_per_round: Option<u32>,
    /// The depth the first phase must reach (default 8).
    #[arg(long)]
    depth_target: Option<u32>,
    /// Seed of the whole run (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (0: one per core). Output is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Append every new best puzzle to this file as one JSON line, as it is found.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write a checkpoint here every --checkpoint-every and at the end.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// How often to write the checkpoint, such as 30s or 5m.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    checkpoint_every: Duration,
    /// Continue the generation saved in this checkpoint: its settings, its --out file and this
    /// checkpoint itself (kept up to date) are used, so only --time, --steps, --threads,
    /// --checkpoint-every, --plot, --no-progress and --json may be given with it. Records in
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

fn parse_duration(s: &str) -> Result<Duration, String> {
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

/// The checkpoint file: a tagged, versioned wrapper around the generation, with the results
/// file the run writes to (so a resume keeps writing there).
#[derive(Deserialize)]
struct Checkpoint {
    format: String,
    version: u32,
    generation: Generation,
    #[serde(default)]
    out: Option<PathBuf>,
}

/// The same, borrowed, for writing.
#[derive(Serialize)]
struct CheckpointRef<'a> {
    format: &'a str,
    version: u32,
    generation: &'a Generation,
    out: Option<&'a Path>,
}

const FORMAT: &str = "sudoku-generate-checkpoint";

/// Keeps the records of a results file up to REMC step `steps` (those a checkpoint at that step
/// covers), dropping later ones and a torn last line; rewritten atomically.
fn trim_results(path: &Path, steps: u64) -> anyhow::Result<()> {
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
                .and_then(|v| v.get("step").and_then(serde_json::Value::as_u64))
                .is_some_and(|step| step <= steps)
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

fn save_checkpoint(path: &Path, generation: &Generation, out: Option<&Path>) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let file =
            File::create(&tmp).with_context(|| format!("failed to create {}", tmp.display()))?;
        let mut w = BufWriter::new(file);
        serde_json::to_writer(
            &mut w,
            &CheckpointRef { format: FORMAT, version: 1, generation, out },
        )?;
        w.flush()?;
        w.get_ref().sync_all()?;
    }
    fs::rename(&tmp, path).with_context(|| format!("failed to replace {}", path.display()))
}

fn load_checkpoint(path: &Path) -> anyhow::Result<(Generation, Option<PathBuf>)> {
    let text = fs::read_to_string(path)
        .with_context(|| format!("failed to read checkpoint {}", path.display()))?;
    let ckpt: Checkpoint = serde_json::from_str(&text)
        .with_context(|| format!("checkpoint {} is damaged or not a checkpoint", path.display()))?;
    if ckpt.format != FORMAT || ckpt.version != 1 {
        bail!(
            "{} is a {:?} version {} file, not a {FORMAT} version 1",
            path.display(),
            ckpt.format,
            ckpt.version
        );
    }
    Ok((ckpt.generation, ckpt.out))
}

/// Progress shown to the user and new bests written as they come.
struct Live {
    bar: ProgressBar,
    out: Option<BufWriter<File>>,
    seed: u64,
    energy: Energy,
    stop: Arc<AtomicBool>,
    error: Option<io::Error>,
    started: Instant,
}

impl Live {
    fn describe(&self, best: Option<&BestRecord>) -> String {
        let Some(b) = best else { return "no puzzle better than the start yet".into() };
        let se =
            b.se.map_or(String::new(), |r| format!("ER {:.1}/{:.1}/{:.1}, ", r.er, r.ep, r.ed));
        format!(
            "best E {:.1}, {se}{} clues, depth {}, width {}",
            b.energy,
            b.clues,
            b.depth.map_or("-".into(), |d| d.to_string()),
            b.normal_width.map_or("-".into(), |w| w.to_string())
        )
    }
}

impl Progress for Live {
    fn on_round(&mut self, round: &RoundRecord, best: Option<&BestRecord>) -> bool {
        self.bar.set_message(format!("step {} | {}", round.sweep, self.describe(best)));
        self.bar.tick();
        !self.stop.load(Ordering::Relaxed) && self.error.is_none()
    }

    fn on_best(&mut self, best: &BestRecord) {
        let Some(out) = &mut self.out else { return };
        let line = json!({
            "status": "ok",
            "puzzle": best.puzzle.to_string(),
            "se_rating": best.se.map(|r| json!({"er": r.er, "ep": r.ep, "ed": r.ed})),
            "clues": best.clues,
            "energy": best.energy,
            "u": best.u,
            "depth": best.depth,
            "normal_width": best.normal_width,
            "step": best.sweep,
            "seed": self.seed,
            "energy_kind": self.energy.rating.kind.name(),
            "energy_settings": self.energy.to_string(),
            "elapsed_s": self.started.elapsed().as_secs_f64(),
        });
        let written = serde_json::to_writer(&mut *out, &line)
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush());
        if let Err(e) = written {
            self.error = Some(e);
        }
    }
}

fn config_from_args(args: &GenerateArgs) -> anyhow::Result<GeneratorConfig> {
    let spec = match args.energy.as_deref().unwrap_or("average-width") {
        "width" => "normal-width",
        other => other,
    };
    let mut energy: Energy = spec.parse().context("invalid --energy")?;
    if energy.rating.samples.is_none() {
        energy.rating = energy.rating.with_samples(args.samples.unwrap_or(8));
    }
    let moves = match args.moves.as_deref().unwrap_or("flips") {
        "flips" => Moves::Flips,
        "vicinity" => Moves::Vicinity,
        other => bail!("unknown moves {other:?}; use flips or vicinity"),
    };
    let adjustment = match args.adjustment.as_deref().unwrap_or("watanabe") {
        "watanabe" => Adjustment::Watanabe(0.8),
        "equal" => Adjustment::EqualAcceptance(0.3),
        "none" => Adjustment::None,
        other => bail!("unknown adjustment {other:?}; use watanabe, equal or none"),
    };
    Ok(GeneratorConfig {
        energy,
        moves,
        adjustment,
        replicas: args.replicas.unwrap_or(10) as usize,
        depth_target: args.depth_target.unwrap_or(8),
        sweeps_per_round: args.sweeps_per_round.unwrap_or(100),
        ..GeneratorConfig::default()
    })
}

/// Why a run stopped, in the status vocabulary.
fn reason_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Time => "time_limit",
        StopReason::Sweeps => "step_limit",
        StopReason::Stopped => "interrupted",
        _ => "target_reached",
    }
}

fn print_summary(
    out: &mut dyn Write,
    s: &Summary,
    energy: Energy,
    reason: StopReason,
    json_out: bool,
) -> io::Result<()> {
    let avg =
        s.average_width.map(|m| json!({"mean": m.mean, "stderr": m.stderr, "samples": m.samples}));
    if json_out {
        let v = json!({
            "puzzle": s.puzzle.to_string(),
            "solution": s.solution.to_string(),
            "clues": s.clues,
            "depth": s.depth,
            "normal_width": s.normal_width,
            "average_width": avg,
            "energy": s.energy,
            "best_energy": s.best_energy,
            "steps": s.steps,
            "depth_steps": s.depth_steps,
            "seed": s.seed,
            "se_rating": s.se.map(|r| json!({"er": r.er, "ep": r.ep, "ed": r.ed})),
            "energy_kind": energy.rating.kind.name(),
            "energy_settings": energy.to_string(),
            "status": "ok",
            "stop_reason": reason_name(reason),
        });
        serde_json::to_writer(&mut *out, &v)?;
        return writeln!(out);
    }
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
    writeln!(out, "puzzle        {}", s.puzzle)?;
    writeln!(out, "solution      {}", s.solution)?;
    writeln!(out, "clues         {}", s.clues)?;
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
    writeln!(out, "steps         {} (depth phase {})", s.steps, s.depth_steps)?;
    writeln!(out, "seed          {}", s.seed)?;
    writeln!(out, "stopped       {}", reason_name(reason).replace('_', " "))?;
    writeln!(out, "\n{}", s.puzzle.pretty())
}

pub(crate) fn run(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    // --time counts from here: the depth phase is part of the run.
    let started = Instant::now();
    let pool = thread_pool(args.threads)?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // A second Ctrl-C while a checkpoint is written still ends the process (default
        // handler is not restored, so the flag is simply set again).
        ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed))
            .context("failed to install the Ctrl-C handler")?;
    }
    // Every output path is checked before any work: a typo must not cost a whole run.
    for path in [&args.plot, &args.checkpoint, &args.out].into_iter().flatten() {
        crate::check_output_path(path)?;
    }
    let (mut generation, out_path, checkpoint_path) = match &args.resume {
        Some(path) => {
            let fixed = [
                ("--energy", args.energy.is_some()),
                ("--samples", args.samples.is_some()),
                ("--moves", args.moves.is_some()),
                ("--replicas", args.replicas.is_some()),
                ("--adjustment", args.adjustment.is_some()),
                ("--sweeps-per-round", args.sweeps_per_round.is_some()),
                ("--depth-target", args.depth_target.is_some()),
                ("--seed", args.seed.is_some()),
            ];
            let given: Vec<&str> = fixed.iter().filter(|f| f.1).map(|f| f.0).collect();
            if !given.is_empty() {
                bail!(
                    "{} cannot change a resumed run (its settings are in the checkpoint)",
                    given.join(", ")
                );
            }
            let (generation, saved_out) = load_checkpoint(path)?;
            if args.out.is_some() && saved_out.is_some() && args.out != saved_out {
                bail!(
                    "--out {} differs from the run's results file {}: a resumed run keeps writing where it did",
                    args.out.as_ref().map_or(String::new(), |p| p.display().to_string()),
                    saved_out.as_ref().map_or(String::new(), |p| p.display().to_string())
                );
            }
            let out = args.out.clone().or(saved_out);
            (generation, out, Some(args.checkpoint.clone().unwrap_or_else(|| path.clone())))
        }
        None => {
            let config = config_from_args(args)?;
            let seed = args.seed.unwrap_or(1);
            eprintln!("sudoku generate: seed {seed}, energy {}; depth phase ...", config.energy);
            let stop_flag = Arc::clone(&stop);
            let started = pool
                .install(|| {
                    Generation::start_until(config, seed, &mut || {
                        !stop_flag.load(Ordering::Relaxed)
                    })
                })
                .context("invalid generator settings")?;
            let Some(generation) = started else {
                eprintln!("sudoku generate: interrupted in the depth phase; nothing to save");
                return Ok(Status::Interrupted);
            };
            (generation, args.out.clone(), args.checkpoint.clone())
        }
    };
    let time = match (args.time, args.steps) {
        (None, None) => Some(Duration::from_secs(300)),
        (t, _) => t,
    };
    if let (Some(path), Some(_)) = (&out_path, &args.resume) {
        trim_results(path, generation.steps())?;
    }
    let out_file = match &out_path {
        Some(p) => Some(BufWriter::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .with_context(|| format!("failed to open {}", p.display()))?,
        )),
        None => None,
    };
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
    let mut live = Live {
        bar,
        out: out_file,
        seed: generation.seed(),
        energy: generation.config().energy,
        stop: Arc::clone(&stop),
        error: None,
        started,
    };
    let start_steps = generation.steps();
    let reason = loop {
        let remaining = time.map(|t| t.saturating_sub(started.elapsed()));
        let every = args.checkpoint_every.max(Duration::from_millis(10));
        let slice = remaining.map_or(every, |r| r.min(every));
        let budget = Budget { max_sweeps: args.steps, max_time: Some(slice), target_energy: None };
        let reason = pool.install(|| generation.run(&budget, &mut live));
        if let Some(path) = &checkpoint_path {
            save_checkpoint(path, &generation, out_path.as_deref())?;
        }
        if !terminal && !args.no_progress {
            eprintln!(
                "sudoku generate: [{:.0} s] step {} | {}",
                started.elapsed().as_secs_f64(),
                generation.steps(),
                live.describe(generation.bests().last())
            );
        }
        if let Some(e) = live.error.take() {
            return Err(e).context("failed to write a result");
        }
        let out_of_time = time.is_some_and(|t| started.elapsed() >= t);
        if reason != StopReason::Time || out_of_time {
            break if out_of_time { StopReason::Time } else { reason };
        }
    };
    live.bar.finish_and_clear();
    let steps_done = generation.steps() - start_steps;
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "sudoku generate: stopped ({}) after {steps_done} REMC steps in {secs:.1} s ({:.1} steps/s); re-rating the best puzzles ...",
        match reason {
            StopReason::Time => "time limit",
            StopReason::Sweeps => "step limit",
            StopReason::Stopped => "interrupted",
            _ => "target reached",
        },
        steps_done as f64 / secs.max(1e-9),
    );
    let (lookups, hits) = generation.memo_stats();
    eprintln!("sudoku generate: {hits} of {lookups} ratings came from the memo");
    let summary = pool.install(|| generation.summary());
    print_summary(out, &summary, generation.config().energy, reason, args.json)?;
    // The summary is out first: a plot that fails loses nothing else.
    if let Some(path) = &args.plot
        && let Err(e) = crate::plot::draw(path, generation.history())
    {
        eprintln!("sudoku generate: failed to draw {}: {e:#}", path.display());
        return Ok(Status::Usage);
    }
    Ok(if reason == StopReason::Stopped { Status::Interrupted } else { Status::Ok })
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
