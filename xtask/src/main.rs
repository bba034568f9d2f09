//! Developer tasks, run as `cargo xtask <task>`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

mod architecture;
mod serve;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  architecture       the rules of docs/architecture.md: no import circle among a crate's files,
                     and each crate depends only on the crates its table allows
  ci [--after-workspace-tests]
                     architecture, fmt check, clippy -D warnings, tests (all and no
                     features), the custom-ruleset example run, docs -D warnings, benches
                     compiled, cargo publish --dry-run
                     of every library crate; with --after-workspace-tests, the all-features
                     tests only if building them compiles anything: `cargo test --workspace`
                     (the README's, just run by .ci/run) built and ran the same binaries
  bench solve [--data FILE]... [--json] [--min-secs S] [--kernel portable|avx2|avx512]
                     single-thread exact-solver puzzles/s (count-to-2 and first solution) per
                     data set: ../shared/data/bench when present, testdata/ otherwise; --kernel
                     runs one build of the search instead of the CPU's fastest (avx2 on an
                     AVX-512 CPU stands for an AVX2-only machine); without it the environment
                     variable SUDOKU_BENCH_KERNEL does (for ../shared/tools/solver-race)
  bench variants [--json] [--min-secs S] [DIR]
                     single-thread exact-solver puzzles/s (count to 2) under each variant's
                     rules, on the files of ../shared/data/variants (or DIR): x, windoku,
                     anti-knight, anti-king, non-consecutive, disjoint-groups, jigsaw
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
  bench needs [--seeds N] [--max-tries T] [--secs S] [--only explainer|hodoku] [--hodoku RUNNER]
                     technique practice: per technique of either ruleset the seconds band
                     --needs takes to a puzzle (seeds 1..N), each puzzle checked; with --hodoku
                     (../shared/tools/hodoku/hodoku) HoDoKu's own path checks its techniques
  bench [ARGS...]    cargo bench -p sudoku-benches -- ARGS (criterion)
  remc-study [--runs R] [--steps S] [--jobs J]
                     generations with and without temperature adjustment; writes the CDF of
                     the lowest energy to docs/remc-study.svg and a table to docs/remc-study.md
  correlate [--data FILE] [--rated-sample N] [--ratings a,b] [--runs-scale F]
                     Spearman correlation of every rating with human solving times and Sudoku
                     Explainer ratings; the table goes to docs/ratings.md
  energy-study [--runs R] [--secs S] [ENERGY...]
                     which energy finds the highest average widths per CPU time
  readme             runs the README's main job as a new user does and checks that its summary
                     is the one the README promises (ER/EP/ED, clues, normal width)
  oracle             the full oracle sets (SUDOKU_ORACLE=full): every puzzle of Sudoku
                     Explainer's, HoDoKu's, the paper's and the solver benchmarks' reference
                     sets, where `cargo test` checks an evenly spread sample of each; CI runs it
  release [--dry-run]
                     the release procedure (docs/release.md): versions, changelogs, every
                     library crate packaged and built from its package alone; without
                     --dry-run, on a clean tree at tag vVERSION, cargo publish of the
                     workspace in dependency order, then the Python wheel's step
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
        Some("architecture") => architecture::check(&workspace_root()),
        Some("bench") if args.get(1).map(String::as_str) == Some("solve") => {
            bench_solve(&args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("variants") => {
            run_bench_bin("variant_throughput", &args[2..])
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
        Some("bench") if args.get(1).map(String::as_str) == Some("needs") => {
            run_bench_bin("needs_race", &args[2..])
        }
        Some("bench") => bench(&args[1..]),
        Some("reglib") => run_bench_bin("reglib", &args[1..]),
        Some("oracle") => oracle(),
        Some("readme") => readme_main_job(),
        Some("release") => release(&args[1..]),
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
    architecture::check(&workspace_root())?;
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
    // A ruleset of a user's own, outside the crate's private code, through the same solver.
    cargo(&["run", "-q", "-p", "sudoku-logic", "--example", "custom_ruleset"], &[])?;
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

/// The oracle tests (named `oracle_...`) on their full sets: `cargo test` checks an evenly
/// spread sample of each set; this checks every puzzle. In the test profile, whose solvers are
/// optimised (the workspace's `[profile.dev.package]`), so it reuses what `cargo test --workspace`
/// built.
fn oracle() -> Result<(), String> {
    let args = ["test", "--workspace", "--lib", "--tests", "--", "oracle_"];
    cargo(&args, &[("SUDOKU_ORACLE", "full")])
}

/// The README's main job, run as a new user runs it (its `cargo run` line, from the workspace
/// root), and its summary held against what the README says it prints: the comment line
/// `# its summary: ER a/b/c, N clues, normal width W` above the command.
fn readme_main_job() -> Result<(), String> {
    let readme = std::fs::read_to_string(workspace_root().join("README.md"))
        .map_err(|e| format!("cannot read README.md: {e}"))?;
    let line = |prefix: &str| {
        readme
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .ok_or_else(|| format!("README.md has no line starting {prefix:?}"))
    };
    let command = line("cargo run --release -p sudoku-command -- generate")
        .map(|rest| format!("cargo run --release -p sudoku-command -- generate{rest}"))?;
    let promise = line("# its summary: ")?;
    let fields: Vec<&str> = promise.trim_end_matches('.').split(", ").collect();
    let [rating, clues, width] = fields[..] else {
        return Err(format!(
            "README.md's summary line {promise:?} is not 'ER a/b/c, N clues, normal width W'"
        ));
    };
    let (Some(rating), Some(clues), Some(width)) = (
        rating.strip_prefix("ER "),
        clues.strip_suffix(" clues"),
        width.strip_prefix("normal width "),
    ) else {
        return Err(format!(
            "README.md's summary line {promise:?} is not 'ER a/b/c, N clues, normal width W'"
        ));
    };
    let [er, ep, ed] = rating.split('/').collect::<Vec<_>>()[..] else {
        return Err(format!("README.md's rating {rating:?} is not ER/EP/ED"));
    };
    let want = [
        format!("ER {er}, EP {ep}, ED {ed}"),
        format!("clues         {clues} (minimal)"),
        format!("normal width  {width}"),
    ];
    eprintln!("$ {command}");
    let started = std::time::Instant::now();
    let out = Command::new("sh")
        .args(["-c", &command])
        .current_dir(workspace_root())
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run the main job: {e}"))?;
    let summary = String::from_utf8_lossy(&out.stdout);
    print!("{summary}");
    if !out.status.success() {
        return Err(format!("the README's main job failed: {}", out.status));
    }
    let missing: Vec<&String> = want.iter().filter(|w| !summary.contains(w.as_str())).collect();
    if !missing.is_empty() {
        return Err(format!("the README promises {missing:?}; the main job printed otherwise"));
    }
    eprintln!(
        "xtask readme: the main job printed what the README promises ({promise}) in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The workspace's version (`[workspace.package] version`).
fn workspace_version() -> Result<String, String> {
    let manifest = std::fs::read_to_string(workspace_root().join("Cargo.toml"))
        .map_err(|e| format!("cannot read Cargo.toml: {e}"))?;
    let package = manifest.split("[workspace.package]").nth(1).ok_or("no [workspace.package]")?;
    package
        .lines()
        .find_map(|l| l.trim().strip_prefix("version = ").map(|v| v.trim_matches('"').to_string()))
        .ok_or_else(|| "no version in [workspace.package]".to_string())
}

/// The release procedure (docs/release.md). Checks that every published crate takes the
/// workspace's version and has a changelog, then packages and builds each from its package
/// alone (`cargo publish --dry-run --workspace`); without `--dry-run`, on a clean tree whose
/// HEAD is tagged `v{version}`, publishes the workspace (cargo orders the crates by their
/// dependencies) and says the Python package's step.
fn release(args: &[String]) -> Result<(), String> {
    let dry_run = match args {
        [flag] if flag == "--dry-run" => true,
        [] => false,
        _ => return Err(format!("release: unknown arguments {args:?}\n{USAGE}")),
    };
    let version = workspace_version()?;
    let crates = std::fs::read_dir(workspace_root().join("crates"))
        .map_err(|e| format!("cannot list crates/: {e}"))?;
    let mut published = Vec::new();
    for dir in crates.flatten().map(|e| e.path()) {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
        if manifest.contains("publish = false") {
            continue;
        }
        let name = dir.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if !manifest.contains("version.workspace = true") {
            return Err(format!("{name}: its version is not the workspace's ({version})"));
        }
        let changelog = std::fs::read_to_string(dir.join("CHANGELOG.md"))
            .map_err(|e| format!("{name}: no CHANGELOG.md ({e})"))?;
        let section = format!("## [{version}]");
        let has_section =
            changelog.contains(&section) || (dry_run && changelog.contains("## [Unreleased]"));
        if !has_section {
            return Err(format!("{name}: CHANGELOG.md has no {section} section"));
        }
        published.push(name);
    }
    published.sort();
    eprintln!("xtask release: {version} of {}", published.join(", "));
    publish_check()?;
    if dry_run {
        eprintln!(
            "xtask release: dry run passed; `cargo xtask release` at tag v{version} publishes"
        );
        return Ok(());
    }
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(workspace_root())
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .map_err(|e| format!("cannot run git: {e}"))
    };
    if !git(&["status", "--porcelain"])?.is_empty() {
        return Err("release: the working tree has changes; commit them first".into());
    }
    let tags = git(&["tag", "--points-at", "HEAD"])?;
    if !tags.lines().any(|t| t == format!("v{version}")) {
        return Err(format!("release: HEAD is not tagged v{version}"));
    }
    cargo(&["publish", "--workspace"], &[])?;
    eprintln!(
        "xtask release: crates published; now the Python package: maturin publish -m crates/sudoku-py/Cargo.toml"
    );
    Ok(())
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

    /// `docs/README.md` lists every document of `docs/` (a new one must be indexed there): each
    /// entry of the folder, and every Markdown file below it, by its relative path.
    #[test]
    fn the_docs_index_lists_every_document() {
        fn markdown_below(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).expect("a folder").map(|e| e.expect("an entry")) {
                let path = entry.path();
                if path.is_dir() {
                    markdown_below(&path, out);
                } else if path.extension().is_some_and(|e| e == "md") {
                    out.push(path);
                }
            }
        }
        let docs = workspace_root().join("docs");
        let index = std::fs::read_to_string(docs.join("README.md")).expect("docs/README.md");
        let mut missing = Vec::new();
        for entry in std::fs::read_dir(&docs).expect("docs/").map(|e| e.expect("an entry")) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name != "README.md" && !index.contains(&format!("]({name})")) {
                missing.push(name);
            }
        }
        let mut documents = Vec::new();
        markdown_below(&docs, &mut documents);
        assert!(documents.len() >= 10, "only {} documents under docs/", documents.len());
        for path in documents {
            let name = path.strip_prefix(&docs).expect("below docs/").display().to_string();
            if name != "README.md"
                && !index.contains(&format!("]({name})"))
                && !missing.contains(&name)
            {
                missing.push(name);
            }
        }
        assert!(missing.is_empty(), "docs/README.md does not list {missing:?}");
    }
}
