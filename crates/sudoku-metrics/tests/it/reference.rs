//! Every row of the reference table (from the Watanabe paper's published program): depth and
//! normal width exactly, average width within 4 standard errors.

use sudoku_core::{Failure, Grid};
use sudoku_metrics::{AverageWidth, Depth, NormalWidth};

struct Row {
    puzzle: Grid,
    name: String,
    depth: Option<u32>,
    normal_width: u64,
    average_width: f64,
    average_stderr: f64,
    solutions: u64,
}

fn rows() -> Vec<Row> {
    let text = include_str!("../data/widths-dev.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| {
        header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no column {name}"))
    };
    let (p, n, d, w, a, s, k) = (
        col("puzzle_string"),
        col("name"),
        col("depth"),
        col("normal_width"),
        col("average_width"),
        col("average_width_stderr"),
        col("n_solutions"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                puzzle: f[p].parse().expect("puzzle"),
                name: f[n].to_string(),
                depth: f[d].parse().ok(),
                normal_width: f[w].parse().expect("normal width"),
                average_width: f[a].parse().expect("average width"),
                average_stderr: f[s].parse().expect("stderr"),
                solutions: f[k].parse().expect("solutions"),
            }
        })
        .collect()
}

#[test]
fn table_has_every_row() {
    assert_eq!(rows().len(), 26);
}

#[test]
fn normal_width_and_solutions_match_exactly() {
    for r in rows() {
        let w = NormalWidth::default()
            .evaluate(&r.puzzle)
            .unwrap_or_else(|e| panic!("{}: {e}", r.name));
        assert_eq!(w.width, r.normal_width, "{}", r.name);
        assert_eq!(w.solutions, r.solutions, "{}", r.name);
    }
}

#[test]
fn depth_matches_exactly() {
    for r in rows() {
        let got = Depth::default().evaluate(&r.puzzle);
        match (r.depth, r.solutions) {
            (Some(d), 1) => assert_eq!(got, Ok(d), "{}", r.name),
            (None, 0) => assert_eq!(got, Err(Failure::NO_SOLUTION), "{}", r.name),
            (None, _) => assert_eq!(got, Err(Failure::NOT_UNIQUE), "{}", r.name),
            (Some(_), n) => panic!("{}: a depth for a puzzle with {n} solutions", r.name),
        }
    }
}

/// Average width within four standard errors of the reference, over the table's rows: 400
/// random tie-breaking samples (40 for the big trees) in `cargo xtask oracle`, 40 (10) in
/// `cargo test` (the bound uses both errors, so it widens with fewer samples).
#[test]
fn oracle_average_width_agrees_within_four_standard_errors() {
    let full = crate::sample_every(10) == 1;
    for r in rows() {
        let samples = match (full, r.normal_width > 50_000) {
            (true, true) => 40,
            (true, false) => 400,
            (false, true) => 10,
            (false, false) => 40,
        };
        let m = AverageWidth::default()
            .with_samples(samples)
            .evaluate(&r.puzzle, 2013)
            .unwrap_or_else(|e| panic!("{}: {e}", r.name));
        let sigma = (m.stderr.powi(2) + r.average_stderr.powi(2)).sqrt();
        let diff = (m.mean - r.average_width).abs();
        assert!(
            diff <= 4.0 * sigma + 1e-9,
            "{}: ours {:.1} ± {:.1}, reference {:.1} ± {:.1}",
            r.name,
            m.mean,
            m.stderr,
            r.average_width,
            r.average_stderr
        );
    }
}
