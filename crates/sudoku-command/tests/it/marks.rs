//! Pencil marks (729 characters) as every command's input, as an argument and in a file:
//! solve and count by the marks' solutions, check for contradictions, explain --steps and the
//! logical solvers' ratings from the marks, and one line saying what needs givens.

use crate::common::{json_lines, sudoku, text};
use sudoku_core::{CandidateGrid, Grid};

/// ER 4.2; no empty cell has a single candidate, so its marks read back as they are.
const P: &str = "..6...5..7.....1..85.4.1..231.....9.4..9.6..3.9.....545..3.8.29..4.....1..8...7..";

fn marks() -> String {
    let g: Grid = P.parse().expect("puzzle");
    CandidateGrid::new(&g).expect("no clash").pencil_marks()
}

/// A fresh folder of this test run.
fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("marks", name)
}

/// A file of: the marks, bad marks, the puzzle, contradicting marks (lines 2 to 5).
fn marks_file(name: &str) -> String {
    let m = marks();
    let mut bad = m.clone();
    bad.replace_range(5..6, "x");
    // Digit 6 crossed out of C1 (cell 2, placed): C1 has no candidate left.
    let mut dead = m.clone();
    dead.replace_range(18..27, ".........");
    let path = temp_dir(name).join("marks.txt");
    std::fs::write(&path, format!("# marks\n{m}\n{bad}\n{P}\n{dead}\n")).expect("write");
    path.to_string_lossy().into_owned()
}

#[test]
fn a_729_character_argument_is_never_a_file_name() {
    let m = marks();
    let out = sudoku(&["check", "--json", &m], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rec = &json_lines(&out)[0];
    assert_eq!((rec["source"].as_str(), rec["status"].as_str()), (Some("arg1"), Some("unique")));
    assert_eq!(rec["puzzle"].as_str(), Some(m.as_str()));
    // Bad marks, a digit out of its place, and text too long for a file name: each an
    // invalid record naming what is wrong, never the system's "File name too long".
    let mut bad = m.clone();
    bad.replace_range(10..11, "x");
    let mut misplaced = m.clone();
    misplaced.replace_range(0..1, "2");
    let long = "1".repeat(730);
    let out = sudoku(&["check", &bad, &misplaced, &long, P], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "arg1:1: invalid: invalid character 'x' at line 1, column 11\n\
         arg2:1: invalid: invalid character '2' at line 1, column 1\n\
         arg3:1: invalid: expected 81 cells, found 730\n"
    );
    assert!(!text(&out.stderr).contains("os error"), "{}", text(&out.stderr));
}

#[test]
fn check_reads_marks_files_and_names_contradictions() {
    let file = marks_file("check");
    let out = sudoku(&["check", "--json", &file], b"");
    assert_eq!(out.status.code(), Some(1));
    let recs = json_lines(&out);
    let status: Vec<_> = recs.iter().map(|r| (r["line"].as_u64(), r["status"].as_str())).collect();
    assert_eq!(
        status,
        [
            (Some(2), Some("unique")),
            (Some(3), Some("invalid")),
            (Some(4), Some("unique")),
            (Some(5), Some("invalid"))
        ]
    );
    assert_eq!(recs[0]["clues"], recs[2]["clues"]);
    assert_eq!(recs[1]["error"]["message"], "invalid character 'x' at line 3, column 6");
    assert_eq!(recs[3]["error"]["message"], "cell C1 has no candidate left");
}

#[test]
fn solve_and_count_go_by_the_marks_solutions() {
    let m = marks();
    let solution = text(&sudoku(&["solve", P], b"").stdout);
    assert_eq!(solution.trim().len(), 81);
    let out = sudoku(&["solve", &m], b"");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), solution.clone()));
    let out = sudoku(&["solve", "--count", &m], b"");
    assert_eq!(text(&out.stdout), format!("1 {solution}"));
    let file = marks_file("solve");
    let out = sudoku(&["solve", "--json", &file], b"");
    let recs = json_lines(&out);
    assert_eq!(recs[0]["puzzle"].as_str(), Some(m.as_str()));
    assert_eq!(recs[0]["solution"].as_str(), Some(solution.trim()));
    let status: Vec<_> = recs.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(status, [Some("unique"), Some("invalid"), Some("unique"), Some("none")]);
    // The stochastic solvers work on givens.
    let out = sudoku(&["solve", "--method", "sa", &m], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "arg1:1: invalid: a stochastic solver needs givens, not pencil marks\n"
    );
}

#[test]
fn canon_and_pair_reduction_say_they_need_givens_and_go_on() {
    let file = marks_file("canon");
    let out = sudoku(&["canon", &file], b"");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], format!("{file}:2: invalid: canon needs givens, not pencil marks"));
    assert_eq!(lines[2].len(), 81, "the puzzle's form: {lines:?}");
    assert_eq!(lines.len(), 4);
    let out = sudoku(&["canon", "--json", &marks()], b"");
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["error"]["code"], "invalid");
    assert_eq!(rec["error"]["message"], "canon needs givens, not pencil marks");
    let out = sudoku(&["explain", &marks()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "arg1:1: pair reduction needs givens, not pencil marks\n");
}

#[test]
fn explain_steps_from_marks_are_the_puzzles_steps() {
    let m = marks();
    for style in ["explainer", "hodoku"] {
        let args = |p: &str| {
            let out = sudoku(&["explain", "--steps", "--json", "--style", style, p], b"");
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            json_lines(&out).remove(0)
        };
        let (from_puzzle, from_marks) = (args(P), args(&m));
        assert_eq!(from_marks["puzzle"].as_str(), Some(m.as_str()));
        // --ruleset is the flag, --style another name for it.
        let out = sudoku(&["explain", "--steps", "--json", "--ruleset", style, P], b"");
        assert_eq!(json_lines(&out).remove(0), from_puzzle, "{style}");
        for key in ["steps", "solution", "status", "se_rating", "hodoku"] {
            assert_eq!(from_puzzle.get(key), from_marks.get(key), "{style}: {key}");
        }
    }
    // Text, and a picture of a step from the marks.
    let svg = temp_dir("svg").join("step.svg");
    let out = sudoku(&["explain", "--steps", "--svg", &svg.to_string_lossy(), &m], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with(&format!("# arg1:1 {m}\n")));
    assert!(text(&out.stdout).contains("# ER/EP/ED 4.2/1.2/1.2"));
    assert!(std::fs::read_to_string(&svg).expect("svg").starts_with("<svg"));
}

#[test]
fn rate_gives_the_logical_solvers_ratings_of_marks_and_no_other() {
    let m = marks();
    let metrics = "se-rating,hodoku,hodoku-score";
    let rate =
        |p: &str| json_lines(&sudoku(&["rate", "--json", "--metrics", metrics, p], b""))[0].clone();
    let (from_puzzle, from_marks) = (rate(P), rate(&m));
    for key in ["se_rating", "hodoku", "hodoku_score", "status"] {
        assert_eq!(from_puzzle[key], from_marks[key], "{key}");
    }
    // Every other rating says it needs givens; the row is invalid (exit 1).
    let out = sudoku(&["rate", "--json", "--metrics", "se-rating,depth", &m], b"");
    assert_eq!(out.status.code(), Some(1));
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["se_rating"]["er"], 4.2);
    assert_eq!(rec["depth"]["error"]["code"], "invalid");
    assert_eq!(rec["depth"]["error"]["message"], "depth needs givens, not pencil marks");
    let out = sudoku(&["rate", &m], b"");
    assert_eq!(out.status.code(), Some(1));
    let row = text(&out.stdout).lines().nth(1).map(String::from).expect("a row");
    assert!(row.ends_with("\tinvalid\tinvalid\tinvalid\tinvalid"), "{row}");
    assert_eq!(
        text(&out.stderr).lines().next(),
        Some("sudoku rate: arg1:1: invalid: depth needs givens, not pencil marks")
    );
    // serate's lines from a file of marks: the puzzle's ratings.
    let file = marks_file("rate");
    let out = sudoku(&["rate", "--format", "%r/%p/%d", &file], b"");
    assert_eq!(text(&out.stdout), "4.2/1.2/1.2\n4.2/1.2/1.2\n0.0/0.0/0.0\n");
}

#[test]
fn generate_skips_a_start_file_line_of_marks_saying_so() {
    let file = marks_file("generate");
    let start = format!("file:{file}");
    let args = ["generate", "--steps", "1", "--start", &start, "--seed", "1", "--threads", "1"];
    let out = sudoku(&[&args[..], &["--json", "--no-progress"]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let line =
        format!("sudoku generate: {file}:2: invalid: generate needs givens, not pencil marks");
    assert!(text(&out.stderr).lines().any(|l| l == line), "{}", text(&out.stderr));
}
