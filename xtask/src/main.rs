//! Developer tasks, run as `cargo xtask <task>`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

mod serve;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  ci [--after-workspace-tests]
                     fmt check, clippy -D warnings, tests (all and no features), docs -D warnings,
                     benches compiled, cargo publish --dry-run of every library crate; with
                     --after-workspace-tests, the all-features tests only if building them
                     compiles anything: `cargo test --workspace` (the README's, just run by
                     .ci/run) built and ran the same binaries
  bench solve [--data FILE]... [--json] [--min-secs S] [--kernel portable|avx2|avx512]
                     single-thread exact-solver puzzles/s (count-to-2 and first solution) per
                     data set: ../shared/data/bench when present, testdata/ otherwise; --kernel
                     runs one build of the search instead of the CPU's fastest (avx2 on an
                     AVX-512 CPU stands for an AVX2-only machine); without it the environment
                     variable SUDOKU_BENCH_KERNEL does (for ../shared/tools/solver-race)
  bench metrics [--json] [--min-secs S]
                     evaluations/s of depth, normal width and average width on the paper's
                     three puzzles
  bench stochastic [ARGS...]
                     success rate, median and p90 steps and time of annealing, tabu search and
                     harmony search on top95, top1465 and 1000 17-clue puzzles; the table goes
                     to docs/benchmarks.md (ARGS go to the stochastic binary; see its --help)
  bench se [--serate] [--serate-runs N] [--min-secs S] [FILE...]
                     our Sudoku Explainer ratings (ER/EP/ED) against serate's: agreement and
                     puzzles/s, one thread; default data testdata/se-rated.txt; with --serate
                     also runs ../shared/tools/sudoku-explainer/serate on the same puzzles
  bench hodoku [--per-level N] [--data TSV] [--min-secs S]
                     our HoDoKu ruleset against HoDoKu per level (ms per puzzle, one thread;
                     HoDoKu's warm time from ../shared/tools/hodoku/hodoku), with agreement of
                     level and score; default data ../shared/data/hodoku/hodoku-rated-dev.tsv
  bench [ARGS...]    cargo bench -p sudoku-benches -- ARGS (criterion)
  remc-study [--runs R] [--steps S] [--jobs J]
                     generations with and without temperature adjustment; writes the CDF of
                     the lowest energy to docs/remc-study.svg and a table to docs/remc-study.md
  correlate [--data FILE] [--rated-sample N] [--ratings a,b] [--runs-scale F]
                     Spearman correlation of every rating with human solving times and Sudoku
                     Explainer ratings; the table goes to docs/ratings.md
  energy-study [--runs R] [--secs S] [ENERGY...]
                     which energy finds the highest average widths per CPU time
  reglib FILE        HoDoKu's regression library (e.g. ../shared/data/hodoku/reglib-1.3.txt)
                     against our HoDoKu ruleset: each technique's count, the failures, and as
                     the last line `reglib: passed N of M`
  e2e [--screenshot FILE]
                     the page of `sudoku serve` in a real browser: installs Debian's chromium
                     and e2e/'s npm packages when missing, starts the release server on a free
                     port, runs the Playwright tests (exit 0 only if all pass); --screenshot
                     saves the page with a hint shown (docs/serve.png)
  load [--requests N] [--puzzles K] [--jobs J] [--data FILE]
                     `sudoku serve` under N (200) concurrent hint and rate requests on loopback:
                     answers checked against the command's, none lost, latencies, server RSS
  slurm-check        the cluster route on a real Slurm: installs and starts a single-node
                     Slurm on localhost (root), runs both job arrays with a requeue, checks the
                     merged results against a run on one machine (scripts/slurm-check.sh)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(&args[1..]),
        Some("bench") if args.get(1).map(String::as_str) == Some("solve") => {
            bench_solve(&args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("metrics") => {
            run_bench_bin("metrics", &args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("stochastic") => {
            bench_stochastic(&args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("se") => bench_se(&args[2..]),
        Some("bench") if args.get(1).map(String::as_str) == Some("hodoku") => {
            run_bench_bin("hodoku_race", &args[2..])
        }
        Some("bench") => bench(&args[1..]),
        Some("reglib") => run_bench_bin("reglib", &args[1..]),
        Some("correlate") => {
            let doc = workspace_root().join("docs/ratings.md").display().to_string();
            let mut rest = args[1..].to_vec();
            if !rest.iter().any(|a| a == "--doc") {
                rest.extend(["--doc".to_string(), doc]);
            }
            run_bench_bin("correlate", &rest)
        }
        Some(task @ ("remc-study" | "energy-study")) => {
            run_bench_bin(&task.replace('-', "_"), &args[1..])
        }
        Some("e2e") => serve::e2e(&args[1..]),
        Some("load") => serve::load(&args[1..]),
        Some("slurm-check") => {
            let script = workspace_root().join("scripts/slurm-check.sh");
            match Command::new("bash").arg(&script).status() {
                Ok(s) if s.success() => Ok(()),
                Ok(s) => Err(format!("{} failed ({s})", script.display())),
                Err(e) => Err(format!("cannot run {}: {e}", script.display())),
            }
        }
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown or missing task\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// `cargo ARGS` in the workspace root, announced on standard error.
fn cargo_command(args: &[&str]) -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("$ cargo {}", args.join(" "));
    let mut command = Command::new(cargo);
    command.args(args).current_dir(workspace_root());
    command
}

/// Why `cargo ARGS` did not succeed.
fn cargo_failed(args: &[&str], status: std::process::ExitStatus) -> String {
    format!("`cargo {}` failed: {status}", args.join(" "))
}

/// Runs `cargo ARGS` at the workspace root with extra environment variables.
fn cargo(args: &[&str], env: &[(&str, &str)]) -> Result<(), String> {
    let status = cargo_command(args)
        .envs(env.iter().copied())
        .status()
        .map_err(|e| format!("failed to run cargo: {e}"))?;
    if status.success() { Ok(()) } else { Err(cargo_failed(args, status)) }
}

/// Whether the all-features test binaries are already built: `cargo test --workspace
/// --all-features --no-run` compiles nothing (every artifact it reports is fresh).
fn all_features_tests_built() -> Result<bool, String> {
    let args = ["test", "--workspace", "--all-features", "--no-run", "--message-format=json"];
    let out = cargo_command(&args)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("failed to run cargo: {e}"))?;
    if !out.status.success() {
        return Err(cargo_failed(&args, out.status));
    }
    let built = !String::from_utf8_lossy(&out.stdout).contains("\"fresh\":false");
    if !built {
        eprintln!("xtask ci: the all-features tests differ from the workspace's; running them");
    }
    Ok(built)
}

fn ci(args: &[String]) -> Result<(), String> {
    let after_workspace_tests = match args {
        [] => false,
        [flag] if flag == "--after-workspace-tests" => true,
        _ => return Err(format!("ci: unknown arguments {args:?}\n{USAGE}")),
    };
    cargo(&["fmt", "--all", "--", "--check"], &[])?;
    cargo(
        &["clippy", "--workspace", "--all-targets", "--all-features", "--", "-D", "warnings"],
        &[],
    )?;
    // A workspace build enables every feature some member asks for, and today the members ask
    // for all of them: `cargo test --workspace` builds and runs what `--all-features` does, so
    // CI, which has just run it, skips the repeat, once it has checked that building the
    // all-features tests compiles nothing (a feature no member asks for would make them differ).
    if !(after_workspace_tests && all_features_tests_built()?) {
        cargo(&["test", "--workspace", "--all-features"], &[])?;
    }
    cargo(&["test", "--workspace", "--no-default-features"], &[])?;
    cargo(
        &["doc", "--workspace", "--no-deps", "--all-features"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    )?;
    // That the benchmarks build, in the dev profile: an optimised build of them all (thin LTO,
    // one codegen unit) took nine of CI's thirty minutes and checks nothing more.
    cargo(&["bench", "--workspace", "--no-run", "--profile", "dev"], &[])?;
    publish_check()?;
    eprintln!("xtask ci: all checks passed");
    Ok(())
}

/// `cargo publish --dry-run` of every library crate: each packages and builds from its package
/// alone (metadata, include lists). Cargo unpacks the packages of a dry run into its registry
/// cache under a name derived from the target directory and keeps them while the version stays
/// the same, so each commit gets a target directory of its own (or a stale package is built).
fn publish_check() -> Result<(), String> {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(workspace_root())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let head = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = git(&["status", "--porcelain"]).is_none_or(|s| !s.is_empty());
    let key = if dirty {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        format!("{head}-dirty-{secs}")
    } else {
        head
    };
    let root = workspace_root().join("target/publish-check");
    if let Ok(entries) = std::fs::read_dir(&root) {
        for e in entries.flatten() {
            if e.file_name() != key.as_str() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let dir = root.join(&key).display().to_string();
    cargo(&["publish", "--dry-run", "--workspace", "--allow-dirty", "--target-dir", &dir], &[])
}

/// Runs a measurement binary of the benches package, optimised, with `rest` as its arguments.
fn run_bench_bin(bin: &str, rest: &[String]) -> Result<(), String> {
    let mut args = vec!["run", "--quiet", "--release", "-p", "sudoku-benches", "--bin", bin, "--"];
    args.extend(rest.iter().map(String::as_str));
    cargo(&args, &[])
}

fn bench_stochastic(rest: &[String]) -> Result<(), String> {
    let root = workspace_root();
    let mut args: Vec<String> = vec![
        "--harmony-steps".into(),
        "100000".into(),
        "--doc".into(),
        root.join("docs/benchmarks.md").display().to_string(),
    ];
    args.extend(rest.iter().cloned());
    if !rest.iter().any(|a| !a.starts_with("--") && Path::new(a).exists()) {
        for set in ["top95.txt", "top1465.txt", "17-clue-1000.txt"] {
            args.push(root.join("testdata").join(set).display().to_string());
        }
    }
    run_bench_bin("stochastic", &args)
}

/// Agreement and speed of the logical solver's ratings against Sudoku Explainer's.
fn bench_se(rest: &[String]) -> Result<(), String> {
    let root = workspace_root();
    let mut pass: Vec<String> = Vec::new();
    let mut files = 0;
    for a in rest {
        if a == "--serate" {
            let serate = root.join("../shared/tools/sudoku-explainer/serate");
            if serate.exists() {
                pass.extend(["--serate".to_string(), serate.display().to_string()]);
            } else {
                eprintln!("xtask: {} is absent; rating with ours only", serate.display());
            }
            continue;
        }
        if !a.starts_with("--") && Path::new(a).exists() {
            files += 1;
        }
        pass.push(a.clone());
    }
    if files == 0 {
        pass.push(root.join("testdata/se-rated.txt").display().to_string());
    }
    run_bench_bin("se_agree", &pass)
}

fn bench(rest: &[String]) -> Result<(), String> {
    let mut args = vec!["bench", "-p", "sudoku-benches", "--"];
    args.extend(rest.iter().map(String::as_str));
    cargo(&args, &[])
}

/// The default solver benchmark sets: the shared ones when present, else the local samples.
fn default_solve_sets() -> Vec<PathBuf> {
    let shared = workspace_root().join("../shared/data/bench");
    let names: &[&str] = if shared.is_dir() {
        &[
            "puzzles2_17_clue",
            "puzzles3_magictour_top1465",
            "puzzles5_forum_hardest_1905_11+",
            "puzzles6_forum_hardest_1106",
            "puzzles7_serg_benchmark",
            "top95",
        ]
    } else {
        eprintln!("xtask: ../shared/data/bench is absent; using the samples in testdata/");
        &[
            "17-clue-1000.txt",
            "top1465.txt",
            "hardest-11plus-500.txt",
            "serg-multi-1000.txt",
            "top95.txt",
        ]
    };
    let dir = if shared.is_dir() { shared } else { workspace_root().join("testdata") };
    names.iter().map(|n| dir.join(n)).collect()
}

fn bench_solve(rest: &[String]) -> Result<(), String> {
    let mut pass: Vec<String> = Vec::new();
    let mut data: Vec<PathBuf> = Vec::new();
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--data" => data.push(it.next().ok_or("--data needs a file")?.into()),
            "--json" => pass.push(a.clone()),
            "--min-secs" => {
                pass.push(a.clone());
                pass.push(it.next().ok_or("--min-secs needs a number")?.clone());
            }
            "--kernel" => {
                pass.push(a.clone());
                pass.push(it.next().ok_or("--kernel needs portable, avx2 or avx512")?.clone());
            }
            other => return Err(format!("unknown argument to bench solve: {other}")),
        }
    }
    if data.is_empty() {
        data = default_solve_sets();
    }
    pass.extend(data.iter().map(|p| p.display().to_string()));
    run_bench_bin("throughput", &pass)
}

#[cfg(test)]
mod tests {
    use super::workspace_root;

    /// Each packaged crate keeps the test data it reads in its own `tests/data` (a crate is
    /// self-contained on crates.io); where a file is a copy of one in the root `testdata/`, the
    /// two stay byte for byte the same.
    #[test]
    fn test_data_copies_equal_the_root_testdata() {
        let root = workspace_root();
        let mut copies = 0;
        for krate in std::fs::read_dir(root.join("crates")).expect("crates/") {
            let data = krate.expect("an entry").path().join("tests/data");
            let Ok(files) = std::fs::read_dir(&data) else { continue };
            for file in files {
                let path = file.expect("an entry").path();
                let original = root.join("testdata").join(path.file_name().expect("a name"));
                if !original.is_file() {
                    continue;
                }
                let same = std::fs::read(&path).ok() == std::fs::read(&original).ok();
                assert!(same, "{} differs from {}", path.display(), original.display());
                copies += 1;
            }
        }
        assert!(copies >= 6, "only {copies} copies found: did the test data move?");
    }

    /// Every source file under `crates/*/src` is at most 900 lines: a longer one holds more
    /// than one concern.
    #[test]
    fn source_files_stay_under_900_lines() {
        fn walk(dir: &std::path::Path, long: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("a folder").map(|e| e.expect("an entry")) {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, long);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let lines = std::fs::read_to_string(&path).expect("source").lines().count();
                    if lines > 900 {
                        long.push(format!("{} ({lines} lines)", path.display()));
                    }
                }
            }
        }
        let mut long = Vec::new();
        for krate in std::fs::read_dir(workspace_root().join("crates")).expect("crates/") {
            let src = krate.expect("an entry").path().join("src");
            if src.is_dir() {
                walk(&src, &mut long);
            }
        }
        assert!(long.is_empty(), "source files over 900 lines: {long:?}");
    }
}
