//! `cargo xtask e2e` (the page's browser tests) and `cargo xtask load` (the server under 200
//! concurrent requests): both build the release `sudoku` and start `sudoku serve` on a free
//! port of 127.0.0.1 themselves.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::{cargo, workspace_root};

/// Debian's Chromium, where the e2e tests look for it (or `$CHROMIUM`).
fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

fn have(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

fn run(cmd: &mut Command) -> Result<(), String> {
    eprintln!("$ {cmd:?}");
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("{cmd:?} failed: {s}")),
        Err(e) => Err(format!("cannot run {cmd:?}: {e}")),
    }
}

/// Installs Debian packages (as root, when missing).
fn apt_install(packages: &[&str]) -> Result<(), String> {
    if !is_root() || !have("apt-get") {
        return Err(format!(
            "{} needed: apt-get install {} (as root)",
            packages.join(", "),
            packages.join(" ")
        ));
    }
    run(Command::new("apt-get").args(["update", "-qq"]))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "-qq", "--no-install-recommends"])
        .args(packages)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// A `sudoku serve` of the release build on a free port, stopped (by its handle) when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) url: String,
}

impl Server {
    pub(crate) fn start(sudoku: &Path, args: &[&str]) -> Result<Server, String> {
        let mut child = Command::new(sudoku)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", sudoku.display()))?;
        let mut first = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout).read_line(&mut first).map_err(|e| e.to_string())?;
        let url = first.trim().strip_prefix("sudoku serve: ").map(str::to_string);
        match url {
            Some(url) => Ok(Server { child, url }),
            None => {
                let _ = child.kill();
                let _ = child.wait();
                Err(format!("sudoku serve said {first:?}, not its address"))
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Builds the release `sudoku` and returns its path.
fn release_sudoku() -> Result<PathBuf, String> {
    cargo(&["build", "--release", "-p", "sudoku-command"], &[])?;
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from);
    Ok(target.join("release/sudoku"))
}

/// Whether `e2e/node_modules` must be installed from the lock file (`npm ci`): it is not
/// committed (`e2e/.gitignore`), so a fresh checkout has none; an install older than
/// `package-lock.json` (npm's own record of it, `node_modules/.package-lock.json`, missing or
/// older) is made again.
fn needs_npm_ci(dir: &Path) -> bool {
    let modified = |p: PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let installed = modified(dir.join("node_modules/.package-lock.json"));
    let locked = modified(dir.join("package-lock.json"));
    !dir.join("node_modules/playwright-core/package.json").exists()
        || match (installed, locked) {
            (Some(installed), Some(locked)) => installed < locked,
            _ => true,
        }
}

/// `cargo xtask e2e [--screenshot FILE]`: installs Chromium (Debian's) and the npm packages of
/// `e2e/` (from its lock file, `npm ci`) when missing, starts the server, runs the Playwright
/// tests; fails unless all pass.
pub(crate) fn e2e(args: &[String]) -> Result<(), String> {
    let mut screenshot = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--screenshot" => {
                let path = PathBuf::from(it.next().ok_or("--screenshot needs a file")?);
                screenshot =
                    Some(if path.is_absolute() { path } else { workspace_root().join(path) });
            }
            other => return Err(format!("e2e: unknown argument {other:?}")),
        }
    }
    let started = std::time::Instant::now();
    if !chromium().exists() {
        apt_install(&["chromium"])?;
    }
    if !have("node") || !have("npm") {
        apt_install(&["nodejs", "npm"])?;
    }
    let dir = workspace_root().join("e2e");
    if needs_npm_ci(&dir) {
        run(Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&dir))?;
    }
    let sudoku = release_sudoku()?;
    let server = Server::start(&sudoku, &[])?;
    eprintln!("e2e: {} against {}", chromium().display(), server.url);
    let mut node = Command::new("node");
    node.args(["--test", "--test-concurrency=1", "tests/"])
        .current_dir(&dir)
        .env("SUDOKU_SERVE_URL", &server.url)
        .env("CHROMIUM", chromium());
    if let Some(path) = &screenshot {
        node.env("SUDOKU_SCREENSHOT", path);
    }
    let result = run(&mut node);
    drop(server);
    eprintln!("e2e: {} s in all", started.elapsed().as_secs());
    result.map_err(|e| format!("the browser tests failed: {e}"))
}

/// `cargo xtask load [ARGS...]`: the server under concurrent hint and rate requests
/// (`benches/src/bin/serve_load.rs`; ARGS go to it).
pub(crate) fn load(args: &[String]) -> Result<(), String> {
    let sudoku = release_sudoku()?;
    let mut rest = vec!["--sudoku".to_string(), sudoku.display().to_string()];
    if !args.iter().any(|a| a == "--data") {
        rest.push("--data".into());
        rest.push(workspace_root().join("testdata/top95.txt").display().to_string());
    }
    rest.extend(args.iter().cloned());
    crate::run_bench_bin("serve_load", &rest)
}
