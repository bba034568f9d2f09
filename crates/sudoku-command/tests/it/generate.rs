//! `sudoku generate` as users run it: paths checked first, resumes that keep writing, exact
//! step limits, progress without a terminal, the summary's schema, Ctrl-C.

use crate::common::{interrupted_at, text};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn sudoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run sudoku")
}

/// The sample of elevens the tests start from and compare with.
const ELEVENS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/elevens-sample.txt");

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("gen", name)
}

/// Small, fast settings: the paper's schedule with the average-width energy; the depth phase
/// needs depth 3 only.
const FAST: [&str; 10] = [
    "--preset",
    "paper",
    "--energy",
    "average-width:samples=8",
    "--depth-target",
    "3",
    "--replicas",
    "3",
    "--threads",
    "1",
];

#[test]
fn a_bad_output_path_fails_before_any_work() {
    let started = Instant::now();
    let out = sudoku(
        &[&["generate", "--steps", "200", "--plot", "/no/such/dir/x.svg"][..], &FAST].concat(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/no/such/dir does not exist"), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("energy"), "no generation was started");
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn steps_are_exact_and_the_summary_names_energy_and_stop() {
    let out = sudoku(&[&["generate", "--steps", "7", "--json"][..], &FAST].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["steps"], 7);
    assert_eq!(v["stop_reason"], "step_limit");
    assert_eq!(v["energy_kind"], "average-width");
    assert_eq!(v["energy_settings"], "ln average-width:samples=8");
    assert_eq!(v["status"], "ok");
    // Without a terminal, progress comes as lines.
    assert!(text(&out.stderr).contains("] step 7 |"), "{}", text(&out.stderr));
}

#[test]
fn a_resume_keeps_writing_where_the_run_did_and_refuses_new_settings() {
    let dir = temp_dir("resume");
    let (out_file, ckpt) = (dir.join("best.jsonl"), dir.join("run.ckpt"));
    let (o, c) = (out_file.to_str().unwrap(), ckpt.to_str().unwrap());
    let first = sudoku(
        &[&["generate", "--steps", "100", "--out", o, "--checkpoint", c][..], &FAST].concat(),
    );
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let records = std::fs::read_to_string(&out_file).unwrap().lines().count();
    let before = std::fs::read_to_string(&ckpt).unwrap();
    let refused = sudoku(&["generate", "--resume", c, "--steps", "300", "--seed", "99"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--seed cannot change a resumed run"));
    // No --out and no --checkpoint: the run's own files are used.
    let resumed = sudoku(&["generate", "--resume", c, "--steps", "300", "--json"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&resumed.stdout).trim()).unwrap();
    assert_eq!(v["steps"], 300);
    assert_ne!(std::fs::read_to_string(&ckpt).unwrap(), before, "the checkpoint was updated");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&out_file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= records, "records are appended, never lost");
    assert!(lines.iter().all(|l| l["energy_kind"] == "average-width"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_stops_with_the_summary_and_exit_130() {
    let args =
        [&["generate", "--time", "5m", "--json", "--checkpoint-every", "1s"][..], &FAST].concat();
    // A progress line: the depth phase is over and the replicas are running.
    let out = interrupted_at(&args, "] step ", "INT");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["stop_reason"], "interrupted");
}

/// SIGTERM (what Slurm, systemd and containers send) is Ctrl-C: checkpoint, summary, exit 143;
/// the checkpoint then resumes.
#[test]
fn sigterm_saves_the_checkpoint_and_the_summary() {
    let dir = temp_dir("term");
    let ckpt = dir.join("run.ckpt");
    let best = dir.join("best.jsonl");
    let args = [
        &["generate", "--time", "5m", "--json", "--checkpoint-every", "1s"][..],
        &["--checkpoint", ckpt.to_str().unwrap(), "--out", best.to_str().unwrap()],
        &FAST,
    ]
    .concat();
    let out = interrupted_at(&args, "] step ", "TERM");
    assert_eq!(out.status.code(), Some(143), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["stop_reason"], "interrupted");
    let steps = v["steps"].as_u64().unwrap();
    // --steps counts the whole run: a resume that may take 10 more ends at exactly steps + 10
    // only if the checkpoint holds every step done up to the signal.
    let more = (steps + 10).to_string();
    let resumed =
        sudoku(&["generate", "--resume", ckpt.to_str().unwrap(), "--steps", &more, "--json"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&resumed.stdout).trim()).unwrap();
    assert_eq!(v["steps"].as_u64().unwrap(), steps + 10);
    let stderr = text(&resumed.stderr);
    assert!(stderr.contains("stopped (step limit) after 10 steps"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The default search (best-first) stops within an expansion: its hundreds of ratings are
/// not waited for.
#[test]
fn ctrl_c_stops_a_best_first_search() {
    let args = [
        "generate",
        "--start",
        "random:30",
        "--time",
        "5m",
        "--threads",
        "1",
        "--json",
        "--checkpoint-every",
        "1s",
    ];
    let started = Instant::now();
    let out = interrupted_at(&args, "] step ", "INT");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(started.elapsed() < Duration::from_secs(60));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["stop_reason"], "interrupted");
    assert!(v["se_rating"]["er"].as_f64().is_some(), "{v}");
}

#[test]
fn ctrl_c_in_the_depth_phase_stops_too() {
    // Depth 30 is out of reach: the run stays in the depth phase until interrupted.
    let args =
        ["generate", "--preset", "paper", "--depth-target", "30", "--threads", "1", "--time", "5m"];
    let out = interrupted_at(&args, "depth phase", "INT");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("interrupted in the start phase"));
}

/// The default preset (hard for people, best-first): the summary carries Sudoku Explainer's
/// ratings, and the search is the same for any thread count.
#[test]
fn the_default_generation_reports_er() {
    let run = |threads: &str| {
        let args = ["generate", "--start", "random:30", "--steps", "3", "--json", "--no-progress"];
        sudoku(&[&args[..], &["--threads", threads]].concat())
    };
    let out = run("2");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&run("1").stdout), text(&out.stdout), "the same for any thread count");
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["energy_kind"], "se-rating");
    assert_eq!(v["energy_settings"], "se-rating:tiebreak=ep-ed");
    let er = v["se_rating"]["er"].as_f64().unwrap();
    assert!((1.0..=12.0).contains(&er), "{v}");
    assert_eq!(v["steps"], 3);
}

#[test]
fn any_search_runs_after_the_start() {
    // FAST without --replicas: a flag of replica exchange only.
    let chain =
        ["--preset", "paper", "--energy", "average-width", "--depth-target", "3", "--threads", "1"];
    for search in ["annealing", "metropolis:0.5", "annealing:10:0.9:0.5"] {
        let args =
            [&["generate", "--search", search, "--steps", "12", "--json"][..], &chain].concat();
        let out = sudoku(&args);
        assert_eq!(out.status.code(), Some(0), "{search}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
        assert_eq!(v["steps"], 12, "{search}");
    }
    // A flag of another search or start does nothing there: refused, naming what it needs.
    for (args, needs) in [
        (&["--search", "annealing", "--replicas", "3"][..], "--replicas needs --search exchange"),
        (&["--beta-hot", "0.1"][..], "--beta-hot needs --search exchange"),
        (&["--depth-target", "3"][..], "--depth-target needs --start depth"),
    ] {
        let out = sudoku(&[&["generate", "--steps", "1", "--no-progress"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(needs), "{args:?}: {}", text(&out.stderr));
    }
    let bad = sudoku(&["generate", "--search", "annealing:1", "--steps", "1", "--no-progress"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("unknown search"), "{}", text(&bad.stderr));
}

/// `sudoku band`: puzzles in a band, the same list for any thread count, resumable by index.
#[test]
fn band_lists_puzzles_in_the_band() {
    let run = |threads: &str, first: &str, count: &str| {
        let out = sudoku(&[
            "band",
            "se-rating=4.0..6.5",
            "--count",
            count,
            "--first",
            first,
            "--symmetry",
            "half-turn",
            "--threads",
            threads,
            "--json",
            "--no-progress",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect::<Vec<serde_json::Value>>()
    };
    let one = run("1", "0", "4");
    assert_eq!(one.len(), 4);
    for (i, v) in one.iter().enumerate() {
        assert_eq!(v["status"], "ok");
        assert_eq!(v["index"], i as u64);
        let er = v["se_rating"]["er"].as_f64().unwrap();
        assert!((4.0..=6.5).contains(&er), "{v}");
    }
    assert_eq!(one, run("2", "0", "4"), "thread count changes nothing");
    assert_eq!(one[2..], run("1", "2", "2")[..], "--first resumes the list");
    let bad = sudoku(&["band", "se-rating=5..", "--no-progress"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("rating=lo..hi"), "{}", text(&bad.stderr));
    // The hardest search has no band flags: band lists are their own command.
    let gone = sudoku(&["generate", "--target", "se-rating=4..5", "--no-progress"]);
    assert_eq!(gone.status.code(), Some(2));
}

/// `sudoku band hodoku=hard`: puzzles of one HoDoKu level, the call a puzzle app makes; each
/// rates at that level by `sudoku rate --metrics hodoku`.
#[test]
fn band_lists_puzzles_of_a_hodoku_level() {
    let out =
        sudoku(&["band", "hodoku=hard", "--count", "3", "--seed", "3", "--json", "--no-progress"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    for v in &lines {
        assert_eq!((v["status"].as_str(), v["target"].as_str()), (Some("ok"), Some("hodoku=hard")));
        assert_eq!(v["hodoku"]["level"], "Hard", "{v}");
        let puzzle = v["puzzle"].as_str().unwrap();
        let rated = sudoku(&["rate", "--metrics", "hodoku", "--json", puzzle]);
        let rated: serde_json::Value = serde_json::from_slice(&rated.stdout).unwrap();
        assert_eq!(rated["hodoku"], v["hodoku"], "{rated}");
    }
    let range = sudoku(&["band", "hodoku=easy..medium", "--count", "2", "--json", "--no-progress"]);
    for l in text(&range.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(["Easy", "Medium"].contains(&v["hodoku"]["level"].as_str().unwrap()), "{v}");
        assert_eq!(v["target"], "hodoku=easy..medium");
    }
    let bad = sudoku(&["band", "se-rating=hard", "--no-progress"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("levels (easy, medium, hard, unfair, extreme) are HoDoKu's")
    );
    let backwards = sudoku(&["band", "hodoku=extreme..easy", "--no-progress"]);
    assert_eq!(backwards.status.code(), Some(2));
}

/// A portfolio: the best of independent runs, the same for any thread count, resumable.
#[test]
fn a_portfolio_of_runs_is_thread_independent_and_resumes_exactly() {
    let dir = std::env::temp_dir().join(format!("sudoku-portfolio-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("p.ckpt");
    let c = ckpt.to_str().unwrap();
    // Rounds of 5 sweeps: the checkpoint at 15 falls between rounds, as time slices do.
    let base = [
        "generate",
        "--runs",
        "3",
        "--seed",
        "5",
        "--sweeps-per-round",
        "5",
        "--json",
        "--no-progress",
    ];
    let run = |extra: &[&str]| {
        let args = [&base[..], &FAST[..8], extra].concat();
        let out = sudoku(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        serde_json::from_str::<serde_json::Value>(text(&out.stdout).trim()).unwrap()
    };
    let one = run(&["--steps", "30", "--threads", "1"]);
    assert_eq!(one["runs"], 3);
    let seeds = [5, tempering::child_seed(5, 1), tempering::child_seed(5, 2)];
    assert!(seeds.contains(&one["seed"].as_u64().unwrap()), "{one}");
    assert_eq!(one, run(&["--steps", "30", "--threads", "2"]));
    run(&["--steps", "15", "--threads", "2", "--checkpoint", c]);
    let out = sudoku(&["generate", "--resume", c, "--steps", "30", "--json", "--no-progress"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let resumed: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(resumed["puzzle"], one["puzzle"]);
    assert_eq!(resumed["steps"], 30);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--start file:PATH` starts from known puzzles; `--known` marks every best and gives the
/// best new puzzle in the summary.
#[test]
fn known_puzzles_are_told_apart_from_new_ones() {
    let dir = temp_dir("known");
    let elevens = ELEVENS;
    let best = dir.join("best.jsonl");
    let start = format!("file:{elevens}");
    let args = [
        "generate",
        "--start",
        &start,
        "--steps",
        "1",
        "--known",
        elevens,
        "--json",
        "--no-progress",
        "--out",
        best.to_str().unwrap(),
        "--threads",
        "1",
    ];
    let out = sudoku(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    // The hardest start is the best after one expansion, and it is a known puzzle.
    assert_eq!(v["known"], true, "{v}");
    let records = std::fs::read_to_string(&best).unwrap();
    assert!(records.lines().all(|l| l.contains("\"known\":")), "{records}");
    // From random puzzles, the best is new: it is also the best new one.
    let args = ["generate", "--start", "random:20", "--steps", "2", "--known", elevens, "--json"];
    let out = sudoku(&[&args[..], &["--no-progress", "--threads", "1"]].concat());
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["known"], false, "{v}");
    assert_eq!(v["best_new"]["puzzle"], v["puzzle"], "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A start file in `dir` with one known eleven (11.3/11.3/3.4, whose vicinity holds many ER
/// 10+ puzzles), as `--start` takes it.
fn one_eleven(dir: &std::path::Path) -> String {
    let first = std::fs::read_to_string(ELEVENS).unwrap().lines().next().unwrap().to_string();
    let start = dir.join("start.txt");
    std::fs::write(&start, format!("{first}\n")).unwrap();
    format!("file:{}", start.display())
}

/// One best-first expansion from `start` on two threads, every puzzle rated ER 10 or more
/// kept in `finds`.
fn one_expansion<'a>(start: &'a str, finds: &'a str) -> Vec<&'a str> {
    let settings = "--steps 1 --find-above 10.0 --no-progress --threads 2";
    [
        &["generate", "--start", start, "--finds", finds][..],
        &settings.split(' ').collect::<Vec<_>>(),
    ]
    .concat()
}

/// `--finds` keeps every puzzle the best-first search rates at or above the threshold, one
/// per isomorphism class, each rated as written; a second run writes no class twice.
#[test]
fn finds_keep_the_whole_harvest_above_the_threshold_once_per_class() {
    let dir = temp_dir("finds");
    let start_arg = one_eleven(&dir);
    let finds = dir.join("finds.jsonl");
    let harvest = one_expansion(&start_arg, finds.to_str().unwrap());
    let out = sudoku(&[&harvest[..], &["--known", ELEVENS]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&finds).unwrap();
    let lines: Vec<serde_json::Value> =
        written.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines.len() >= 3, "one expansion of an eleven finds several ER 10+: {written}");
    let puzzles: Vec<&str> = lines.iter().map(|v| v["puzzle"].as_str().unwrap()).collect();
    let canon = sudoku(&[&["canon", "--dedup"][..], &puzzles].concat());
    assert_eq!(text(&canon.stdout).lines().count(), lines.len(), "one line per class");
    let rated = sudoku(&[&["rate", "--metrics", "se-rating", "--json"][..], &puzzles].concat());
    for (v, r) in lines.iter().zip(text(&rated.stdout).lines()) {
        let r: serde_json::Value = serde_json::from_str(r).unwrap();
        let (u, er) = (v["u"].as_f64().unwrap(), r["se_rating"]["er"].as_f64().unwrap());
        assert!(u >= 10.0 && er >= 10.0 && u - er < 0.1 && u >= er, "{v} rated {r}");
        assert_eq!(v["step"], 0, "rated in the first expansion: {v}");
        assert!(v["known"].is_boolean() && v["energy_kind"] == "se-rating", "{v}");
    }
    // Again: the same classes are found, and none is written twice.
    let again = sudoku(&[&harvest[..], &["--known", ELEVENS]].concat());
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(std::fs::read_to_string(&finds).unwrap(), written);
    // The threshold comes with the file.
    let alone = sudoku(&["generate", "--finds", finds.to_str().unwrap(), "--steps", "1"]);
    assert_eq!(alone.status.code(), Some(2));
    assert!(text(&alone.stderr).contains("--find-above"), "{}", text(&alone.stderr));
    // Only a best-first search reports what it rates.
    let chain = ["--search", "metropolis", "--start", "random:2", "--steps", "1", "--no-progress"];
    let finds_args = ["generate", "--finds", finds.to_str().unwrap(), "--find-above", "9"];
    let refused = sudoku(&[&finds_args[..], &chain].concat());
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("best-first"), "{}", text(&refused.stderr));
    assert!(!text(&refused.stderr).contains("rating 2 random"), "refused before any work");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--skip-known` leaves the known puzzles out of the search: a run rates what the plain run
/// rates less the known classes, in the same order; its checkpoint resumes only with the same
/// known files; it needs `--known` and a best-first search.
#[test]
fn skip_known_leaves_known_puzzles_out_and_resumes_only_with_them() {
    let dir = temp_dir("skip-known");
    let start_arg = one_eleven(&dir);
    let run = |finds: &str, extra: &[&str]| {
        let out = sudoku(&[&one_expansion(&start_arg, finds)[..], extra].concat());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let written = std::fs::read_to_string(finds).unwrap();
        let puzzles: Vec<String> = written
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["puzzle"].to_string())
            .collect();
        (puzzles, text(&out.stderr))
    };
    let plain = dir.join("plain.jsonl");
    let (all, _) = run(plain.to_str().unwrap(), &[]);
    assert!(all.len() >= 4, "one expansion of an eleven finds several ER 10+: {all:?}");
    // Every other find becomes known.
    let known = dir.join("known.txt");
    let chosen: Vec<&str> = all.iter().step_by(2).map(|p| p.trim_matches('"')).collect();
    std::fs::write(&known, chosen.join("\n") + "\n").unwrap();
    let (ckpt, skipping) = (dir.join("run.ckpt"), dir.join("skipping.jsonl"));
    let (k, c) = (known.to_str().unwrap(), ckpt.to_str().unwrap());
    let (rest, stderr) =
        run(skipping.to_str().unwrap(), &["--skip-known", "--known", k, "--checkpoint", c]);
    let expected: Vec<String> = all.iter().skip(1).step_by(2).cloned().collect();
    assert_eq!(rest, expected, "the others, in the same order");
    assert!(stderr.contains("known neighbours left out"), "{stderr}");
    // The checkpoint resumes only with the same known puzzles.
    let without = sudoku(&["generate", "--resume", c, "--steps", "2", "--no-progress"]);
    assert_eq!(without.status.code(), Some(2), "{}", text(&without.stderr));
    assert!(text(&without.stderr).contains("give the same --known files"));
    let other = sudoku(&["generate", "--resume", c, "--steps", "2", "--known", ELEVENS]);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert!(text(&other.stderr).contains("not the ones the run left out"));
    // It needs --known, and a search that lists vicinities.
    let alone = sudoku(&["generate", "--steps", "1", "--skip-known"]);
    assert_eq!(alone.status.code(), Some(2));
    assert!(text(&alone.stderr).contains("--known"), "{}", text(&alone.stderr));
    let chain = sudoku(&[
        "generate",
        "--steps",
        "1",
        "--skip-known",
        "--known",
        k,
        "--search",
        "metropolis",
    ]);
    assert_eq!(chain.status.code(), Some(2));
    assert!(text(&chain.stderr).contains("best-first"), "{}", text(&chain.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
