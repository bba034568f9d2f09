//! `sudoku serve` under load on loopback: N concurrent requests (half `/api/hint`, its four
//! levels of detail in turn, half `/api/rate` with se-rating and hodoku) on K puzzles, and G
//! technique-practice generations (`/api/generate` with `needs`), all sent at once, each on
//! its own connection. Every answer must be the command's own record for that puzzle (`sudoku
//! hint --json --detail D`, `sudoku rate --json` with the server's budgets, `sudoku band --json
//! --needs T`) or a typed refusal (`busy`, `budget_exceeded`); none may be lost. Prints the counts, the latencies and the server's
//! resident memory (VmRSS before, its peak during, after). Run by `cargo xtask load`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use clap::Parser;
use serde_json::{Value, json};

#[derive(Parser, Debug)]
#[command(about = "sudoku serve under concurrent hint and rate requests")]
struct Args {
    /// The `sudoku` binary (release).
    #[arg(long)]
    sudoku: PathBuf,
    /// Puzzles, one per line (the first 81 characters; `#` comments).
    #[arg(long)]
    data: PathBuf,
    /// Requests sent at once (half hints, half ratings).
    #[arg(long, default_value_t = 200)]
    requests: usize,
    /// Distinct puzzles the requests cycle through.
    #[arg(long, default_value_t = 20)]
    puzzles: usize,
    /// Technique-practice generations sent with them (`/api/generate`, a HoDoKu level and a
    /// technique in turn).
    #[arg(long, default_value_t = 8)]
    generations: usize,
    /// The server's --jobs (0: its default, twice the cores).
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// How long a client waits for its answer before counting it lost, in seconds.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
}

/// The server's budgets, which the command's records are computed with.
const HINT_ARGS: &[&str] = &["--budget", "5000000", "--chain-budget", "1000000000"];
const RATE_ARGS: &[&str] =
    &["--metrics", "se-rating,hodoku", "--budget", "1000000", "--chain-budget", "1000000000"];

/// The hint detail levels the hint requests take in turn.
const DETAILS: [&str; 4] = ["full", "technique", "cells", "result"];

/// The generations' bands and techniques, in turn: (band, need).
const PRACTICE: [(&str, &str); 4] = [
    ("hodoku=hard", "hodoku:Skyscraper"),
    ("hodoku=hard", "explainer:X-Wing"),
    ("hodoku=medium", "hodoku:Locked Pair"),
    ("hodoku=unfair", "explainer:XY-Wing"),
];

/// `sudoku band BAND --needs NEED --count index+1 --json`'s last line, without its `target`
/// (the server writes the rating with its parameters filled in).
fn band_record(sudoku: &PathBuf, (band, need): (&str, &str), index: usize) -> Value {
    let count = (index + 1).to_string();
    let out = Command::new(sudoku)
        .args(["band", band, "--needs", need, "--count", &count, "--json"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", sudoku.display()));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut v: Value =
        serde_json::from_str(text.lines().last().unwrap_or("")).expect("a band line");
    if let Some(o) = v.as_object_mut() {
        o.remove("target");
    }
    v
}

fn command_record(sudoku: &PathBuf, sub: &str, extra: &[&str], puzzle: &str) -> Value {
    let out = Command::new(sudoku)
        .args([sub, "--json"])
        .args(extra)
        .arg(puzzle)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", sudoku.display()));
    let mut v: Value = serde_json::from_slice(&out.stdout).expect("a JSON line");
    if let Some(o) = v.as_object_mut() {
        o.remove("source");
        o.remove("line");
    }
    v
}

fn start(sudoku: &PathBuf, jobs: usize) -> (Child, String) {
    let mut child = Command::new(sudoku)
        .args(["serve", "--port", "0", "--jobs", &jobs.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sudoku serve");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("address");
    let addr = first.trim().trim_start_matches("sudoku serve: http://").trim_end_matches('/');
    (child, addr.to_string())
}

/// One request on its own connection (a GET without a body): (HTTP status, body), or `None`
/// if lost.
fn request(
    addr: &str,
    path: &str,
    body: Option<&Value>,
    timeout: Duration,
) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(timeout)).ok()?;
    let req = match body {
        Some(body) => {
            let body = body.to_string();
            format!(
                "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
        }
        None => format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    };
    s.write_all(req.as_bytes()).ok()?;
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
    Some((status, if chunked { dechunk(body)? } else { body.to_string() }))
}

/// A chunked body's content (the streamed answers: `/api/generate`'s progress lines).
fn dechunk(mut rest: &str) -> Option<String> {
    let mut out = String::new();
    loop {
        let (size, after) = rest.split_once("\r\n")?;
        let size = usize::from_str_radix(size.split(';').next()?.trim(), 16).ok()?;
        if size == 0 {
            return Some(out);
        }
        out.push_str(after.get(..size)?);
        rest = after.get(size..)?.strip_prefix("\r\n")?;
    }
}

fn rss_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[derive(Default)]
struct Tally {
    correct: usize,
    busy: usize,
    time_limit: usize,
    other_typed: usize,
    wrong: usize,
    lost: usize,
    latencies: Vec<f64>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.data).expect("the data file");
    let puzzles: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .take(args.puzzles)
        .map(|l| l[..81].to_string())
        .collect();
    assert!(!puzzles.is_empty(), "no puzzles in {}", args.data.display());
    eprintln!("serve_load: the command's records of {} puzzles ...", puzzles.len());
    let expected: Vec<(Vec<Value>, Value)> = puzzles
        .iter()
        .map(|p| {
            let hints = DETAILS
                .iter()
                .map(|d| {
                    let extra: Vec<&str> =
                        HINT_ARGS.iter().copied().chain(["--detail", d]).collect();
                    command_record(&args.sudoku, "hint", &extra, p)
                })
                .collect();
            (hints, command_record(&args.sudoku, "rate", RATE_ARGS, p))
        })
        .collect();
    eprintln!("serve_load: the command's records of {} generations ...", args.generations);
    let generated: Vec<Value> = (0..args.generations)
        .map(|g| band_record(&args.sudoku, PRACTICE[g % PRACTICE.len()], g / PRACTICE.len()))
        .collect();
    let (mut child, addr) = start(&args.sudoku, args.jobs);
    let pid = child.id();
    // One of each first, so that the memory before the load is that of a warm server.
    let warm =
        request(&addr, "/api/hint", Some(&json!({"grid": puzzles[0]})), Duration::from_secs(60));
    assert!(warm.is_some_and(|(s, _)| s == 200), "the server answers");
    let rss_before = rss_kib(pid, "VmRSS:");
    let peak = Arc::new(AtomicU64::new(rss_before));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (Arc::clone(&peak), Arc::clone(&done));
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(rss_kib(pid, "VmRSS:"), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    };
    let total = args.requests + args.generations;
    eprintln!("serve_load: {total} requests at once on {addr} ...");
    let barrier = Arc::new(Barrier::new(total));
    let started = Instant::now();
    let n = puzzles.len();
    let handles: Vec<_> = (0..total)
        .map(|i| {
            let (barrier, addr) = (Arc::clone(&barrier), addr.clone());
            let puzzle = puzzles[(i / 2) % n].clone();
            let timeout = Duration::from_secs(args.timeout);
            let (path, body) = if i >= args.requests {
                let g = i - args.requests;
                let (band, need) = PRACTICE[g % PRACTICE.len()];
                let index = g / PRACTICE.len();
                ("/api/generate", json!({"band": band, "needs": [need], "index": index}))
            } else if i % 2 == 0 {
                let detail = DETAILS[(i / 2 / n) % DETAILS.len()];
                ("/api/hint", json!({"grid": puzzle, "detail": detail}))
            } else {
                ("/api/rate", json!({"puzzle": puzzle, "metrics": "se-rating,hodoku"}))
            };
            std::thread::spawn(move || {
                barrier.wait();
                let t = Instant::now();
                let answer = request(&addr, path, Some(&body), timeout);
                (i, answer, t.elapsed().as_secs_f64())
            })
        })
        .collect();
    let answers: Vec<_> = handles.into_iter().map(|h| h.join().expect("a client")).collect();
    let wall = started.elapsed().as_secs_f64();
    done.store(true, Ordering::Relaxed);
    let _ = sampler.join();
    let status = request(&addr, "/api/status", None, Duration::from_secs(10));
    let rss_after = rss_kib(pid, "VmRSS:");
    let hwm = rss_kib(pid, "VmHWM:");
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    for (i, answer, secs) in answers {
        let kind = match i {
            _ if i >= args.requests => "generate",
            _ if i % 2 == 0 => "hint",
            _ => "rate",
        };
        let t = tallies.entry(kind).or_default();
        let Some((status, body)) = answer else {
            t.lost += 1;
            continue;
        };
        t.latencies.push(secs);
        // A generation streams progress lines; its answer is the last.
        let last = body.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
        let Ok(mut v) =
            serde_json::from_str::<Value>(if kind == "generate" { last } else { &body })
        else {
            t.lost += 1;
            continue;
        };
        let (hints, rate) = &expected[(i / 2) % n];
        let want = match kind {
            "hint" => &hints[(i / 2 / n) % DETAILS.len()],
            "rate" => rate,
            _ => {
                if let Some(o) = v.as_object_mut() {
                    o.remove("target");
                }
                &generated[i - args.requests]
            }
        };
        match (status, v["code"].as_str()) {
            (200, _) if &v == want => t.correct += 1,
            (503, Some("busy")) => t.busy += 1,
            (504, Some("budget_exceeded")) => t.time_limit += 1,
            (_, Some(_)) => t.other_typed += 1,
            _ => {
                eprintln!("serve_load: {kind} request {i} answered {status} {body}");
                t.wrong += 1;
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    println!(
        "{} requests ({} puzzles of {}) and {} generations, all sent at once; {wall:.2} s in all",
        args.requests,
        puzzles.len(),
        args.data.file_name().map(|f| f.to_string_lossy()).unwrap_or_default(),
        args.generations
    );
    println!();
    println!(
        "| endpoint | correct | busy (503) | time limit (504) | other typed | wrong | lost | p50 s | p90 s | p99 s | max s |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    let mut failed = false;
    for (kind, t) in &mut tallies {
        t.latencies.sort_by(f64::total_cmp);
        let l = &t.latencies;
        println!(
            "| {kind} | {} | {} | {} | {} | {} | {} | {:.3} | {:.3} | {:.3} | {:.3} |",
            t.correct,
            t.busy,
            t.time_limit,
            t.other_typed,
            t.wrong,
            t.lost,
            percentile(l, 0.5),
            percentile(l, 0.9),
            percentile(l, 0.99),
            l.last().copied().unwrap_or(0.0)
        );
        failed |= t.wrong > 0 || t.lost > 0;
    }
    println!();
    println!(
        "server RSS: {:.1} MiB before, {:.1} MiB peak during the load (VmHWM {:.1} MiB), {:.1} MiB after",
        rss_before as f64 / 1024.0,
        peak.load(Ordering::Relaxed) as f64 / 1024.0,
        hwm as f64 / 1024.0,
        rss_after as f64 / 1024.0
    );
    if let Some((_, body)) = status {
        println!("server counts: {body}");
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
