//! `sudoku canon`: canonical forms, classes and bad lines.

use crate::common::{sudoku, text};
use sudoku_core::{Digit, Grid, Transform};

const A: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const B: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const C: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// A copy of `puzzle` moved by a symmetry: transposed, bands and columns permuted, relabelled.
fn copy(puzzle: &str, k: usize) -> String {
    let grid: Grid = puzzle.parse().unwrap();
    let relabel = [3, 1, 4, 9, 5, 2, 6, 8, 7].map(|d| Digit::new(d).unwrap());
    let t = Transform::transpose()
        .then(&Transform::try_permute_bands([[2, 0, 1], [1, 2, 0]][k % 2]).unwrap())
        .then(&Transform::try_permute_cols([1, 0, 2, 3, 5, 4, 8, 6, 7]).unwrap())
        .then(&Transform::try_relabel(relabel).unwrap());
    t.apply(&grid).to_string()
}

#[test]
fn isomorphic_puzzles_get_one_form() {
    let input = format!("{A}\n{}\n{}\n", copy(A, 0), copy(A, 1));
    let out = sudoku(&["canon"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| *l == lines[0]), "{lines:?}");
    let form: Grid = lines[0].parse().unwrap();
    assert_eq!(form, A.parse::<Grid>().unwrap().minlex().grid);
    // Another puzzle has another form.
    let other = sudoku(&["canon", B], b"");
    assert_ne!(text(&other.stdout).trim(), lines[0]);
    // The form of a form is itself.
    let again = sudoku(&["canon", &lines[0]], b"");
    assert_eq!(text(&again.stdout).trim(), lines[0]);
}

#[test]
fn json_records_carry_puzzle_form_and_automorphisms() {
    let out = sudoku(&["canon", "--json", &copy(B, 0)], b"");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["source"], "arg1");
    assert_eq!(v["line"], 1);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["puzzle"], copy(B, 0));
    assert_eq!(
        v["canonical"],
        "........1.....2.3...4.5.6.....6..7....678.....3...9.....8...5...9...7.1.12.....9."
    );
    assert_eq!(v["automorphisms"], 1);
}

#[test]
fn dedup_keeps_the_first_of_each_class_in_order() {
    let input = [A, B, &copy(A, 0), C, &copy(B, 1), &copy(C, 0), &copy(A, 1)].join("\n");
    let out = sudoku(&["canon", "--dedup", "--json", "--threads", "2"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let kept: Vec<(u64, &str)> = records
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["puzzle"].as_str().unwrap()))
        .collect();
    assert_eq!(kept, [(1, A), (2, B), (4, C)]);
    assert!(text(&out.stderr).contains("7 puzzles in 3 classes"), "{}", text(&out.stderr));
    // Text: one form per class, in the same order.
    let plain = sudoku(&["canon", "--dedup"], input.as_bytes());
    let forms: Vec<String> = text(&plain.stdout).lines().map(String::from).collect();
    let expected: Vec<String> =
        [A, B, C].iter().map(|p| p.parse::<Grid>().unwrap().minlex().grid.to_string()).collect();
    assert_eq!(forms, expected);
}

#[test]
fn invalid_lines_are_reported_with_their_line_number() {
    let clash = format!("44{}", &A[2..]);
    let input = format!("{A}\n12345\n{clash}\n{B}\n");
    let out = sudoku(&["canon"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1], "-:2: invalid: expected 81 cells, found 5");
    assert!(lines[2].starts_with("-:3: invalid: conflicting givens"), "{}", lines[2]);
    assert_eq!(lines[3], B.parse::<Grid>().unwrap().minlex().grid.to_string());

    let out = sudoku(&["canon", "--json", "--dedup"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let records: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 4);
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[1]["puzzle"], serde_json::Value::Null);
    assert_eq!(records[1]["error"]["code"], "invalid");
    assert_eq!(records[2]["line"], 3);
}

#[test]
fn output_does_not_depend_on_thread_count() {
    let input: String = (0..40).map(|k| copy([A, B, C][k % 3], k) + "\n").collect();
    let one = sudoku(&["canon", "--json", "--threads", "1"], input.as_bytes());
    let two = sudoku(&["canon", "--json", "--threads", "2"], input.as_bytes());
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn dedup_output_cannot_be_resumed() {
    let dir = std::env::temp_dir().join(format!("sudoku-canon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("classes.txt");
    let path = out_file.to_str().unwrap();
    let out = sudoku(&["canon", "--dedup", "-o", path, "--resume", A], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--dedup"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
