//! HoDoKu's searches one at a time, on the positions where HoDoKu took a step: reads a
//! positions file (lines `S<TAB><library line><TAB><TYPE><TAB><step text, continuation lines
//! joined by " | ">`, as /work/notes/hodoku/positions-dev.tsv), and for each position asks
//! every searched row up to the row of HoDoKu's step: that row must find HoDoKu's step (its
//! first line, and the continuation lines are compared too), the rows before it nothing.
//!
//!     cargo run --release -p sudoku-benches --bin hodoku_positions -- POSITIONS [ROWS] [EXAMPLES]
//!
//! ROWS: comma-separated library codes of the types whose rows are asked (default: the nice
//! loop, forcing chain and forcing net rows).
#![allow(clippy::print_stdout)]

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sudoku_logic::hodoku::LibraryCase;
use sudoku_logic::{HodokuSolver, HodokuTechnique};

/// The library code of a HoDoKu type name, for the types whose rows matter here.
fn code(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "X_CHAIN" => "0701",
        "XY_CHAIN" => "0702",
        "REMOTE_PAIR" => "0703",
        "CONTINUOUS_NICE_LOOP" => "0706",
        "DISCONTINUOUS_NICE_LOOP" => "0707",
        "AIC" => "0708",
        "GROUPED_CONTINUOUS_NICE_LOOP" => "0709",
        "GROUPED_DISCONTINUOUS_NICE_LOOP" => "0710",
        "GROUPED_AIC" => "0711",
        "ALS_XZ" => "0901",
        "ALS_XY_WING" => "0902",
        "ALS_XY_CHAIN" => "0903",
        "FORCING_CHAIN_CONTRADICTION" => "1301",
        "FORCING_CHAIN_VERITY" => "1302",
        "FORCING_NET_CONTRADICTION" => "1303",
        "FORCING_NET_VERITY" => "1304",
        "BRUTE_FORCE" => "bf",
        _ => return None,
    })
}

fn technique(code: &str) -> Option<HodokuTechnique> {
    if code == "bf" {
        return Some(HodokuTechnique::BruteForce);
    }
    HodokuTechnique::from_library_code(code)
}

#[derive(Default)]
struct Tally {
    asked: usize,
    ok: usize,
    first_line_ok: usize,
    time: Duration,
    bad: Vec<String>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: hodoku_positions POSITIONS [ROWS] [EXAMPLES]");
        std::process::exit(2);
    };
    let rows: Vec<&'static sudoku_logic::hodoku::Row> = args
        .get(2)
        .map_or("0707,0710,1301,1303", String::as_str)
        .split(',')
        .filter_map(|c| technique(c).map(|t| t.row()))
        .collect();
    let examples: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 4 || f[0] != "S" {
            continue;
        }
        let Some(want_row) = code(f[2]).and_then(technique).map(|t| t.row()) else { continue };
        let Ok(case) = f[1].parse::<LibraryCase>() else { continue };
        let mut want_lines = f[3].split(" | ");
        let want_first = want_lines.next().unwrap_or("");
        let want_rest: Vec<&str> = want_lines.collect();
        for row in &rows {
            if row.index > want_row.index {
                continue;
            }
            let mut solver = HodokuSolver::default();
            solver.ruleset.rows = vec![**row];
            let started = Instant::now();
            let got = solver.next_step(&case.marks);
            let t = tally.entry(row.technique.to_string()).or_default();
            t.time += started.elapsed();
            t.asked += 1;
            let got: Option<String> = match got {
                Ok(s) => s.map(|s| s.to_string()),
                Err(e) => Some(format!("error: {e}")),
            };
            let expect_here = row.index == want_row.index;
            let (first, rest) = match &got {
                Some(s) => {
                    let mut it = s.split('\n');
                    let first = it.next().unwrap_or("").to_string();
                    (Some(first), it.map(|l| l.trim_start().to_string()).collect::<Vec<_>>())
                }
                None => (None, Vec::new()),
            };
            let first_ok =
                if expect_here { first.as_deref() == Some(want_first) } else { first.is_none() };
            let rest_ok = !expect_here
                || rest.is_empty()
                || rest.iter().map(String::as_str).eq(want_rest.iter().map(|s| s.trim_start()));
            if first_ok {
                t.first_line_ok += 1;
            }
            if first_ok && rest_ok {
                t.ok += 1;
            } else if t.bad.len() < 10_000 {
                let want = if expect_here { f[3].to_string() } else { "(nothing)".into() };
                let got = got.map_or("(nothing)".to_string(), |s| s.replace('\n', " | "));
                t.bad.push(format!("{}\n      hodoku: {want}\n      ours:   {got}", f[1]));
            }
        }
    }
    for (name, t) in &tally {
        println!(
            "{name}: {} of {} right ({} first lines), {:.1} ms",
            t.ok,
            t.asked,
            t.first_line_ok,
            t.time.as_secs_f64() * 1000.0
        );
        for b in t.bad.iter().take(examples) {
            println!("    {b}");
        }
    }
}
