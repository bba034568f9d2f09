//! Agreement and speed of our Sudoku Explainer ratings against `serate`'s, over the whole
//! scale: `se_agree [--show N] [--serate PATH] [--serate-runs N] [--min-secs S] FILE...`
//!
//! Each FILE has one puzzle per line, `<81 characters> <ER>/<EP>/<ED> ...` (what `serate`
//! prints; EP and ED may be missing). Prints, per file and over all: ER exactly equal, within
//! 0.2, Spearman's rho of ours against SE's, EP and ED equal; then a table by SE's ER band.
//! With `--serate PATH` the same puzzles are also rated by `serate` in this run, one thread,
//! and the table gives both speeds per band (serate's per-puzzle times, without the JVM start;
//! with `--serate-runs N`, each puzzle's median over N runs). Our time for a puzzle is its
//! median over the rounds `--min-secs` asks for; our rounds and serate's runs take turns, so
//! both see the shared machine in the same states.
//! Without it, a third column as serate prints it (`0.35s`) is taken as serate's recorded time
//! (quick comparisons while developing; published figures come from side-by-side runs).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::{Command, ExitCode};
use std::time::Instant;

use clap::Parser;
use sudoku_benches::spearman;
use sudoku_core::Grid;
use sudoku_logic::{LogicalSolver, PathEnd, SeRating};

struct Reference {
    file: usize,
    puzzle: Grid,
    text: String,
    er: f64,
    ep: Option<f64>,
    ed: Option<f64>,
    /// serate's seconds for this puzzle, as recorded in the file.
    se_secs: Option<f64>,
}

fn parse_line(file: usize, line: &str) -> Option<Reference> {
    let mut fields = line.split_whitespace();
    let text = fields.next()?.to_string();
    let puzzle: Grid = text.parse().ok()?;
    let mut r = fields.next()?.split('/').map(|x| x.parse::<f64>().ok());
    let er = r.next()??;
    let (ep, ed) = (r.next().flatten(), r.next().flatten());
    let se_secs = fields.next().and_then(parse_secs);
    Some(Reference { file, puzzle, text, er, ep, ed, se_secs })
}

/// serate's time field: `0.35s`, or `1m41s` past a minute.
fn parse_secs(s: &str) -> Option<f64> {
    let s = s.strip_suffix('s')?;
    match s.split_once('m') {
        Some((m, sec)) => Some(m.parse::<f64>().ok()? * 60.0 + sec.parse::<f64>().ok()?),
        None => s.parse().ok(),
    }
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
    /// Disagreements to print.
    #[arg(long, default_value_t = 20)]
    show: usize,
    /// Also run serate (this path) on the same puzzles and compare speed.
    #[arg(long)]
    serate: Option<String>,
    /// Rate the puzzles again and again for at least this many seconds (each puzzle's
    /// median time counts).
    #[arg(long, default_value_t = 0.0)]
    min_secs: f64,
    /// Run serate this many times (each puzzle's median time counts).
    #[arg(long, default_value_t = 1)]
    serate_runs: usize,
}

/// The median of `xs` (not empty), the mean of the middle two for an even count.
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 { xs[n / 2] } else { (xs[n / 2 - 1] + xs[n / 2]) / 2.0 }
}

#[derive(Default)]
struct Tally {
    n: usize,
    er_eq: usize,
    er_near: usize,
    ep_n: usize,
    ep_eq: usize,
    ed_n: usize,
    ed_eq: usize,
    abs_diff: f64,
    ours: Vec<f64>,
    theirs: Vec<f64>,
    secs: f64,
    se_secs: f64,
    se_n: usize,
    potentials: u64,
}

impl Tally {
    fn add(&mut self, r: &Reference, o: &SeRating, secs: f64, potentials: u64) {
        self.potentials += potentials;
        self.n += 1;
        let d = (tenths(o.er) - tenths(r.er)).abs();
        self.er_eq += usize::from(d == 0);
        self.er_near += usize::from(d <= 2);
        self.abs_diff += d as f64 / 10.0;
        if let Some(ep) = r.ep {
            self.ep_n += 1;
            self.ep_eq += usize::from(tenths(ep) == tenths(o.ep));
        }
        if let Some(ed) = r.ed {
            self.ed_n += 1;
            self.ed_eq += usize::from(tenths(ed) == tenths(o.ed));
        }
        self.ours.push(o.er);
        self.theirs.push(r.er);
        self.secs += secs;
    }

    fn line(&self, name: &str) -> String {
        let pct = |k: usize, n: usize| 100.0 * k as f64 / n.max(1) as f64;
        // Undefined for fewer than three puzzles or when either side rates them all alike.
        let rho = if self.n > 2 { spearman(&self.ours, &self.theirs) } else { f64::NAN };
        let rho = if rho.is_nan() { "-".to_string() } else { format!("{rho:.3}") };
        let speed = if self.se_n > 0 {
            let ours = self.n as f64 / self.secs;
            let theirs = self.se_n as f64 / self.se_secs.max(1e-9);
            format!("{ours:>10.1} {theirs:>9.2} {:>7.0}x", ours / theirs)
        } else {
            format!("{:>10.1} {:>9} {:>8}", self.n as f64 / self.secs, "-", "-")
        };
        format!(
            "{name:<16} {:>6} {:>6.1} {:>6.1} {rho:>6} {:>6.2} {:>6.1} {:>6.1} {speed} {:>9.0} {:>6.1}",
            self.n,
            pct(self.er_eq, self.n),
            pct(self.er_near, self.n),
            self.abs_diff / self.n.max(1) as f64,
            pct(self.ep_eq, self.ep_n),
            pct(self.ed_eq, self.ed_n),
            self.potentials as f64 / self.n.max(1) as f64,
            self.secs * 1e9 / self.potentials.max(1) as f64,
        )
    }
}

const BANDS: [(f64, &str); 9] = [
    (6.2, "ER <= 6.2"),
    (7.0, "6.3-7.0"),
    (7.9, "7.1-7.9"),
    (8.4, "8.0-8.4"),
    (8.9, "8.5-8.9"),
    (9.4, "9.0-9.4"),
    (9.9, "9.5-9.9"),
    (10.5, "10.0-10.5"),
    (f64::INFINITY, "10.6+"),
];

fn band(er: f64) -> usize {
    BANDS.iter().position(|&(hi, _)| er <= hi + 1e-9).unwrap_or(BANDS.len() - 1)
}

/// serate's per-puzzle seconds, by line.
fn run_serate(serate: &str, refs: &[Reference]) -> Option<Vec<Option<f64>>> {
    let list = std::env::temp_dir().join(format!("se_agree_{}.txt", std::process::id()));
    let body: String = refs.iter().map(|r| format!("{}\n", r.text)).collect();
    std::fs::write(&list, body).ok()?;
    let out = Command::new(serate).arg(&list).output();
    let _ = std::fs::remove_file(&list);
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            eprintln!("se_agree: serate failed: {}", String::from_utf8_lossy(&o.stderr));
            return None;
        }
        Err(e) => {
            eprintln!("se_agree: cannot run {serate}: {e}");
            return None;
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let secs: Vec<Option<f64>> =
        text.lines().map(|l| l.split_whitespace().nth(2).and_then(parse_secs)).collect();
    Some(secs)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut refs = Vec::new();
    for (i, f) in args.files.iter().enumerate() {
        match std::fs::read_to_string(f) {
            Ok(text) => refs.extend(text.lines().filter_map(|l| parse_line(i, l))),
            Err(e) => {
                eprintln!("se_agree: {f}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let solver = LogicalSolver::default();
    let mut ours: Vec<Option<(SeRating, PathEnd, f64, u64)>> = Vec::new();
    // Every round's time of each puzzle: the median is taken (the machine is shared).
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); refs.len()];
    // Ours and serate take turns (a share of our rounds, then one serate run), so that both
    // see the shared machine in the same states.
    let turns = if args.serate.is_some() { args.serate_runs.max(1) } else { 1 };
    let mut runs: Option<Vec<Vec<Option<f64>>>> = args.serate.as_ref().map(|_| Vec::new());
    for _ in 0..turns {
        let start = Instant::now();
        let mut rounds = 0u32;
        while rounds == 0 || start.elapsed().as_secs_f64() < args.min_secs / turns as f64 {
            ours = refs
                .iter()
                .zip(&mut times)
                .map(|(r, t)| {
                    let clock = Instant::now();
                    let p = solver.solve(&r.puzzle).ok()?;
                    t.push(clock.elapsed().as_secs_f64());
                    Some((p.rating, p.end, 0.0, p.potentials))
                })
                .collect();
            rounds += 1;
        }
        if let (Some(s), Some(done)) = (args.serate.as_deref(), runs.as_mut()) {
            match run_serate(s, &refs) {
                Some(run) => done.push(run),
                None => runs = None,
            }
        }
    }
    for (o, t) in ours.iter_mut().zip(&mut times) {
        if let Some((_, _, secs, _)) = o {
            *secs = median(t);
        }
    }
    let se_secs = match args.serate.as_deref() {
        Some(_) => runs.map(|runs| {
            (0..refs.len())
                .map(|i| {
                    let mut t: Vec<f64> =
                        runs.iter().filter_map(|r| r.get(i).copied().flatten()).collect();
                    (!t.is_empty()).then(|| median(&mut t))
                })
                .collect::<Vec<_>>()
        }),
        None => Some(refs.iter().map(|r| r.se_secs).collect()),
    };
    let mut files: Vec<Tally> = args.files.iter().map(|_| Tally::default()).collect();
    let mut bands: Vec<Tally> = BANDS.iter().map(|_| Tally::default()).collect();
    let mut all = Tally::default();
    let mut shown = 0;
    for (i, (r, o)) in refs.iter().zip(&ours).enumerate() {
        let Some((o, end, secs, potentials)) = o else {
            println!("UNRATED {} (not a unique-solution puzzle)", r.text);
            continue;
        };
        for t in [&mut files[r.file], &mut bands[band(r.er)], &mut all] {
            t.add(r, o, *secs, *potentials);
            if let Some(s) = se_secs.as_ref().and_then(|v| v.get(i).copied().flatten()) {
                t.se_secs += s;
                t.se_n += 1;
            }
        }
        let same = tenths(o.er) == tenths(r.er)
            && r.ep.is_none_or(|ep| tenths(ep) == tenths(o.ep))
            && r.ed.is_none_or(|ed| tenths(ed) == tenths(o.ed));
        if !same && shown < args.show {
            shown += 1;
            let se = format!(
                "{}/{}/{}",
                r.er,
                r.ep.map_or("-".into(), |x| x.to_string()),
                r.ed.map_or("-".into(), |x| x.to_string())
            );
            println!("DIFF {} SE {se} ours {o} {end:?}", r.text);
        }
    }
    let header = format!(
        "{:<16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>10} {:>9} {:>8} {:>9} {:>6}",
        "set",
        "n",
        "ER=%",
        "±0.2%",
        "rho",
        "|d|",
        "EP=%",
        "ED=%",
        "ours p/s",
        "SE p/s",
        "ratio",
        "pot/puz",
        "ns/pot"
    );
    println!("{header}");
    for (f, t) in args.files.iter().zip(&files) {
        let name =
            std::path::Path::new(f).file_name().map_or(f.clone(), |n| n.to_string_lossy().into());
        println!("{}", t.line(&name));
    }
    println!("{}", all.line("all"));
    println!("by SE's ER band:");
    for ((_, name), t) in BANDS.iter().zip(&bands) {
        if t.n > 0 {
            println!("{}", t.line(name));
        }
    }
    ExitCode::SUCCESS
}
