//! HoDoKu's regression library against our HoDoKu ruleset (`cargo xtask reglib FILE`): every
//! case runs the searches HoDoKu's tester runs for its technique and compares what they find
//! with the case. Prints each technique's count, the failures (first few per technique), and
//! as its last line `reglib: passed N of M` over every case of the file (a case of a
//! technique we have no search for counts as failed).
//!
//!     cargo run --release -p sudoku-benches --bin reglib -- FILE [--show N]
#![allow(clippy::print_stdout)]

use std::collections::BTreeMap;

use sudoku_logic::HodokuTechnique;
use sudoku_logic::hodoku::{CaseOutcome, LibraryCase};

#[derive(Default)]
struct Tally {
    passed: usize,
    total: usize,
    missing: usize,
    failures: Vec<String>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: reglib FILE [--show N]");
        std::process::exit(2);
    };
    let show: usize = match args.iter().position(|a| a == "--show") {
        Some(i) => args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(3),
        None => 3,
    };
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let text = String::from_utf8_lossy(&bytes);
    let mut by_code: BTreeMap<String, Tally> = BTreeMap::new();
    let (mut passed, mut total) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        total += 1;
        let case: Result<LibraryCase, _> = line.parse();
        let (code, outcome) = match &case {
            Ok(c) => (c.code.clone(), c.check()),
            Err(e) => (
                "????".to_string(),
                CaseOutcome::Failed { expected: line.to_string(), found: e.to_string() },
            ),
        };
        let t = by_code.entry(code).or_default();
        t.total += 1;
        match outcome {
            CaseOutcome::Passed => {
                t.passed += 1;
                passed += 1;
            }
            CaseOutcome::Failed { expected, found } => {
                t.failures
                    .push(format!("line {}:\n      want {expected}\n      got  {found}", n + 1));
            }
            CaseOutcome::NotImplemented | CaseOutcome::Ignored | _ => t.missing += 1,
        }
    }
    for (code, t) in &by_code {
        let name =
            HodokuTechnique::from_library_code(code).map_or("?".to_string(), |h| h.to_string());
        let missing = if t.missing > 0 {
            format!(" ({} without a search)", t.missing)
        } else {
            String::new()
        };
        println!("{code} {name}: {} of {}{missing}", t.passed, t.total);
        for f in t.failures.iter().take(show) {
            println!("    {f}");
        }
    }
    println!("reglib: passed {passed} of {total}");
}
