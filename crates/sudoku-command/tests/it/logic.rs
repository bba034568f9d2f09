//! The logical solver through the binary: `explain --steps`, `hint`, `rate --metrics se-rating`.

use crate::common::{sudoku, text};

/// Sudoku Explainer rates it 4.2/1.2/1.2 (an XY-wing is its hardest step).
const XY: &str =
    "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2";
/// Needs chains from the first step (Sudoku Explainer: 10.7/10.7/9.7).
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Sudoku Explainer rates it 7.3/1.2/1.2: forcing X-chains and forcing chains.
const CHAINS: &str =
    "..5..43.....63...8.9.....7..28..7...56.8.........5........76.2..86.1..9.7.9...5..";

#[test]
fn explain_steps_lists_the_path_and_the_ratings() {
    let out = sudoku(&["explain", "--steps", XY], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("4.2 XY-Wing: 159 in C2,B3,C6 => B4<>5"), "{t}");
    assert!(t.contains("# ER/EP/ED 4.2/1.2/1.2"), "{t}");
    assert!(t.lines().next().unwrap().starts_with("# arg1:1 "));
}

#[test]
fn explain_steps_json_has_the_schema() {
    let input = format!("{XY}\n{INKALA}\n{CHAINS}\n");
    let out = sudoku(
        &["explain", "--steps", "--json", "--chain-budget", "300000", "-"],
        input.as_bytes(),
    );
    // Exit 1: one puzzle (Inkala's) could not be finished within the budget.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["se_rating"], serde_json::json!({"er": 4.2, "ep": 1.2, "ed": 1.2}));
    let first = &rows[0]["steps"][0];
    for key in ["technique", "difficulty", "placements", "eliminations", "text"] {
        assert!(first.get(key).is_some(), "{key} missing in {first}");
    }
    // The budget stops Inkala's path on the way: the steps so far, a lower bound, an error.
    assert_eq!(rows[1]["status"], "budget_exceeded");
    assert_eq!(rows[1]["error"]["code"], "budget_exceeded");
    assert!(rows[1]["se_rating"]["er"].as_f64().unwrap() < 10.7, "{}", rows[1]);
    assert!(rows[1]["steps"].is_array());
    assert_eq!(rows[2]["status"], "solved");
    assert_eq!(rows[2]["se_rating"], serde_json::json!({"er": 7.3, "ep": 1.2, "ed": 1.2}));
    let hardest = rows[2]["steps"].as_array().unwrap().iter().find(|s| s["difficulty"] == 7.3);
    let chain = hardest.expect("the 7.3 step")["chains"][0].as_str().unwrap();
    assert!(chain.contains(" -> ") && chain.starts_with("E1<>9"), "{chain}");
}

#[test]
fn explain_steps_shows_chains_and_draws_their_links() {
    let dir = std::env::temp_dir().join(format!("sudoku-chain-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chain.svg");
    let out = sudoku(&["explain", "--steps", "--svg", file.to_str().unwrap(), CHAINS], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(
        t.contains("6.6 Forcing X-Chain: C5=4 -> B6<>4 -> B9=4 -> E9<>4 -> E5=4 -> C5<>4 => C5<>4"),
        "{t}"
    );
    assert!(t.contains("# ER/EP/ED 7.3/1.2/1.2"), "{t}");
    // The hardest step is drawn with its twelve links, arrow heads, strong and weak.
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("Forcing Chain"), "the 7.3 step is drawn");
    assert_eq!(svg.matches("marker-end").count(), 11, "{svg}");
    assert!(svg.contains("stroke-dasharray"), "off links are dashed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rate_se_rating_has_three_columns_every_row() {
    let input = format!("{XY}\n{INKALA}\n12345\n{CHAINS}\n");
    let out =
        sudoku(&["rate", "--metrics", "se-rating", "--chain-budget", "300000"], input.as_bytes());
    let t = text(&out.stdout);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[0], "source\tline\tpuzzle\tse_er\tse_ep\tse_ed");
    assert!(lines[1].ends_with("\t4.2\t1.2\t1.2"), "{t}");
    assert!(lines[2].ends_with("\tbudget_exceeded\tbudget_exceeded\tbudget_exceeded"), "{t}");
    assert!(lines[3].ends_with("\tinvalid\tinvalid\tinvalid"), "{t}");
    assert!(lines[4].ends_with("\t7.3\t1.2\t1.2"), "{t}");
    let out = sudoku(&["rate", "--metrics", "se-rating", "--json"], format!("{XY}\n").as_bytes());
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(v["se_rating"]["er"], 4.2);
}

#[test]
fn hint_detail_shows_less_of_the_step() {
    let lines = |args: &[&str]| text(&sudoku(args, b"").stdout).to_string();
    assert_eq!(lines(&["hint", "--detail", "technique", XY]), "Hidden Single\n");
    assert_eq!(lines(&["hint", "--detail", "cells", XY]), "Hidden Single in box 2\n");
    assert_eq!(lines(&["hint", "--detail", "result", XY]), "Hidden Single in box 2: E3=8\n");
    assert_eq!(lines(&["hint", "--detail", "full", XY]), lines(&["hint", XY]));
    let json = lines(&["hint", "--json", "--detail", "cells", "--ruleset", "hodoku", XY]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("json");
    assert_eq!(v["detail"], "cells");
    assert_eq!(v["step"]["text"], "Naked Single: I5", "a naked single's cell, no digit");
    assert!(v["step"].get("placements").is_none());
    let out = sudoku(&["hint", "--detail", "everything", XY], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown detail \"everything\""), "{}", text(&out.stderr));
}

#[test]
fn hint_takes_a_grid_or_pencil_marks() {
    let out = sudoku(&["hint", XY], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("1.2 Hidden Single"), "{}", text(&out.stdout));
    // The same grid as 729 pencil marks, with one candidate of a cell crossed out by hand.
    let marks = sudoku_core::CandidateGrid::new(&XY.parse().unwrap()).unwrap();
    let out = sudoku(&["hint", "--json", &marks.pencil_marks()], b"");
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(v["status"], "ok");
    assert_eq!(v["step"]["technique"], "Hidden Single");
    // A wrong digit (a candidate of B1 that is not its solution digit) is refused clearly.
    let grid: sudoku_core::Grid = XY.parse().unwrap();
    let solution = sudoku_solve::solve(&grid).unique().unwrap();
    let b1 = sudoku_core::Cell::new(1).unwrap();
    let bad = grid.candidates(b1).iter().find(|&d| Some(d) != solution.get(b1)).unwrap();
    let wrong = format!("8{}{}", bad, &XY[2..]);
    let out = sudoku(&["hint", &wrong], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no solution"), "{}", text(&out.stderr));
    let out = sudoku(&["hint", "--chain-budget", "1000", INKALA], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("budget exceeded"), "{}", text(&out.stderr));
    let out = sudoku(&["hint", "--json", "--chain-budget", "1000", INKALA], b"");
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(v["status"], "budget_exceeded");
}

#[test]
fn svg_pictures_are_written_and_bad_paths_fail_first() {
    let dir = std::env::temp_dir().join(format!("sudoku-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("step.svg");
    let out = sudoku(&["explain", "--steps", "--svg", file.to_str().unwrap(), XY], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("XY-Wing"), "the hardest step is drawn");
    let out = sudoku(&["explain", "--steps", "--svg", "/no/such/dir/x.svg", XY], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("does not exist"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
