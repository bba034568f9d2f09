//! Our HoDoKu searches against HoDoKu's, one position at a time, on two kinds of reference
//! files made with HoDoKu's own classes (see `/work/notes/hodoku`):
//!
//! - `T<TAB>position<TAB>ENTRY<TAB>step or -`: HoDoKu's answer of the search of one row of its
//!   step table (its `SolutionType` name) on a library position; we run the same row's search.
//! - `S<TAB>position<TAB>TYPE<TAB>step`: the step HoDoKu took on a position of a solving path
//!   (`P` lines, the puzzles, are skipped). Every earlier row of the default table (singles
//!   excepted) must find nothing there, and the step's own row must find exactly that step.
//!
//! Prints, per row, how many positions agree, and a few examples of each disagreement.
//!
//!     cargo run --release -p sudoku-benches --bin hodoku_steps -- FILE [EXAMPLES]
#![allow(clippy::print_stdout)]

use std::collections::BTreeMap;

use sudoku_logic::HodokuTechnique as T;
use sudoku_logic::hodoku::{LibraryCase, STEP_TABLE};

/// `SIMPLE_COLORS_TRAP` -> `SimpleColorsTrap` (our technique's `Debug` name).
fn camel(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| f.to_string() + &c.as_str().to_lowercase())
        })
        .collect()
}

/// The row of the step table that finds a step of HoDoKu's type `name`.
fn row_of(name: &str) -> Option<T> {
    let kinds = [
        T::ContinuousNiceLoop,
        T::DiscontinuousNiceLoop,
        T::Aic,
        T::GroupedContinuousNiceLoop,
        T::GroupedDiscontinuousNiceLoop,
        T::GroupedAic,
        T::ForcingChainContradiction,
        T::ForcingChainVerity,
        T::ForcingNetContradiction,
        T::ForcingNetVerity,
        T::KrakenFishType1,
        T::KrakenFishType2,
        T::DualTwoStringKite,
        T::DualEmptyRectangle,
        T::SimpleColorsTrap,
        T::SimpleColorsWrap,
        T::MultiColors1,
        T::MultiColors2,
    ];
    let want = camel(name);
    STEP_TABLE
        .iter()
        .map(|r| r.technique)
        .chain(kinds)
        .find(|t| format!("{t:?}") == want)
        .map(|t| t.row().technique)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: hodoku_steps FILE [EXAMPLES]");
        std::process::exit(2);
    };
    let examples: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // Per row: agreeing positions, all positions, and the disagreements.
    let mut rows: BTreeMap<u32, (T, usize, usize, Vec<String>)> = BTreeMap::new();
    let mut tally = |t: T, ok: bool, what: String| {
        let e = rows.entry(t.row().index).or_insert((t, 0, 0, Vec::new()));
        e.2 += 1;
        if ok {
            e.1 += 1;
        } else {
            e.3.push(what);
        }
    };
    let started = std::time::Instant::now();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 4 || !(f[0] == "T" || f[0] == "S") {
            continue;
        }
        let Ok(case) = f[1].parse::<LibraryCase>() else { continue };
        let Some(t) = row_of(f[2]) else { continue };
        let hodoku = f[3].split(" | ").next().unwrap_or("");
        if f[0] == "T" {
            let ours = case.first_step(t).unwrap_or_else(|| "-".to_string());
            let ok = ours == hodoku;
            tally(t, ok, format!("{}\n      hodoku: {hodoku}\n      ours:   {ours}", f[1]));
            continue;
        }
        let at = t.row().index;
        for row in STEP_TABLE.iter().filter(|r| r.enabled && r.index >= 1000 && r.index < at) {
            if let Some(ours) = case.first_step(row.technique) {
                let what = format!("{}\n      hodoku: {hodoku}\n      ours:   {ours}", f[1]);
                tally(row.technique, false, what);
            }
        }
        let ours = case.first_step(t).unwrap_or_else(|| "-".to_string());
        let what = format!("{}\n      hodoku: {hodoku}\n      ours:   {ours}", f[1]);
        tally(t, ours == hodoku, what);
    }
    for (t, ok, n, bad) in rows.values() {
        println!("{t}: {ok} of {n}");
        for x in bad.iter().take(examples) {
            println!("    {x}");
        }
    }
    println!("hodoku steps: {:.1} s", started.elapsed().as_secs_f64());
}
