#![no_main]
//! Rules as data: any bytes as a rules spec (and as a jigsaw layout), then the exact solver
//! under those rules on a grid from the rest of the bytes. No panic; a spec that parses prints
//! and parses back to the same rules; a layout that is accepted makes nine connected regions of
//! nine cells; every solution the solver returns keeps the rules and the givens.

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Cell, Rule, Rules};
use sudoku_solve::Query;

#[path = "grid.rs"]
mod grid;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let (rules, rest) = if mode % 2 == 0 {
        // The spec as text, up to the first newline.
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let Ok(spec) = std::str::from_utf8(&rest[..end]) else { return };
        let Ok(rules) = spec.parse::<Rules>() else { return };
        let again: Rules = rules.to_string().parse().expect("a printed spec parses");
        assert_eq!(again, rules, "spec {spec:?} printed as {rules}");
        (rules, rest.get(end + 1..).unwrap_or(&[]))
    } else {
        // Rules from bits, and a layout from the next 81 bytes (region digit = byte mod 9).
        let picked: Vec<Rule> =
            Rule::ALL.into_iter().enumerate().filter(|(i, _)| mode >> (i + 1) & 1 != 0).map(|(_, r)| r).collect();
        let layout: Option<String> = (mode & 0x80 != 0 && rest.len() >= 81)
            .then(|| rest[..81].iter().map(|b| char::from(b'1' + b % 9)).collect());
        let Ok(rules) = Rules::try_new(&picked, layout.as_deref()) else { return };
        if let Some(regions) = rules.layout() {
            for region in 0..9u8 {
                let cells: Vec<Cell> = Cell::all().filter(|c| regions[c.index()] == region).collect();
                assert_eq!(cells.len(), 9, "region {region} of an accepted layout");
            }
        }
        let skip = if layout.is_some() { 81 } else { 0 };
        (rules, &rest[skip..])
    };
    let Some(puzzle) = grid::grid_from(rest) else { return };
    let found = Query::new(&puzzle).with_rules(&rules).with_limit(3).with_budget(20_000).search();
    for s in [found.first(), found.second()].into_iter().flatten() {
        assert_eq!(rules.check_solution(&puzzle, &s), Ok(()), "rules {rules}");
    }
    if found.count() > 0 {
        assert!(rules.first_clash(&puzzle).is_none(), "a clashing puzzle has no solution");
    }
});
