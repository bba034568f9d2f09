//! Every subcommand against hostile input: a clear message or status per puzzle, the documented
//! exit code, no panic, no hang, and no good puzzle lost.

use crate::common::{sudoku_within, text};
use std::time::Duration;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const SOLVED: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// No two givens clash, but row 1 needs a 9 that column I already holds.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
const MULTIPLE: &str =
    "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// The subcommands under test, with options that keep them quick.
const COMMANDS: &[&[&str]] = &[
    &["check"],
    &["solve"],
    &["solve", "--count", "--budget", "10000"],
    &["solve", "--method", "sa", "--budget", "200000"],
    &["solve", "--method", "tabu", "--budget", "2000"],
    &[
        "rate",
        "--metrics",
        "depth,normal-width,human-effort,pair-reduction-level",
        "--budget",
        "100000",
    ],
    &["explain", "--budget", "20000"],
];

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the binary with `--json`, failing the test if it takes longer than `limit`.
fn run(args: &[&str], stdin: Vec<u8>, limit: Duration) -> Run {
    let out = sudoku_within(&[args, &["--json"]].concat(), stdin, limit);
    Run { code: out.status.code(), stdout: text(&out.stdout), stderr: text(&out.stderr) }
}

fn json_lines(r: &Run) -> Vec<serde_json::Value> {
    r.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn assert_sane(args: &[&str], r: &Run) {
    assert!(!r.stderr.contains("panicked"), "sudoku {args:?} panicked: {}", r.stderr);
    assert!(matches!(r.code, Some(0 | 1)), "sudoku {args:?}: exit {:?}: {}", r.code, r.stderr);
}

/// Ten givens, no solution: the exact solver needs about a second to refute it (fuzzing found
/// it). Every command must stop at its budget instead.
const SLOW_DEAD_END: &str =
    "24......56...7....5..............256.7........3..................................";

#[test]
fn a_slow_dead_end_stops_at_the_budget() {
    let input = format!("{SLOW_DEAD_END}\n{EASY}\n").into_bytes();
    let cases: [(&[&str], &str); 4] = [
        (&["solve", "--budget", "1000"], "status"),
        (&["explain", "--budget", "1000"], "error"),
        (&["rate", "--metrics", "depth", "--budget", "1000"], "depth"),
        (&["rate", "--metrics", "human-effort", "--budget", "1000"], "human_effort"),
    ];
    for (args, field) in cases {
        let r = run(args, input.clone(), Duration::from_secs(20));
        assert_sane(args, &r);
        let lines = json_lines(&r);
        let v = &lines[0][field];
        let code =
            v.as_str().or(v["code"].as_str()).or(v["error"]["code"].as_str()).unwrap_or_default();
        assert_eq!(code, "budget_exceeded", "{args:?}: {}", r.stdout);
        assert_eq!(lines[1]["puzzle"], EASY, "{args:?}");
    }
}

#[test]
fn empty_input_gives_no_records_and_success() {
    for args in COMMANDS {
        let r = run(args, Vec::new(), Duration::from_secs(60));
        assert_sane(args, &r);
        assert_eq!(r.code, Some(0), "{args:?}");
        assert!(json_lines(&r).is_empty(), "{args:?}: {}", r.stdout);
    }
}

#[test]
fn garbage_and_huge_lines_are_invalid_records_and_good_puzzles_survive() {
    let mut input: Vec<u8> =
        (0..5_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8).collect();
    input.extend_from_slice(b"\n");
    input.extend(std::iter::repeat_n(b'7', 2_000_000)); // a 2 MB line
    input.extend_from_slice(format!("\n{EASY}\n").as_bytes());
    for args in COMMANDS {
        let r = run(args, input.clone(), Duration::from_secs(120));
        assert_sane(args, &r);
        assert_eq!(r.code, Some(1), "{args:?}: bad lines make exit status 1");
        let lines = json_lines(&r);
        let last = lines.last().unwrap_or_else(|| panic!("{args:?}: no output"));
        assert_eq!(last["puzzle"], EASY, "{args:?}: the good puzzle after the garbage is lost");
        assert!(
            lines.iter().any(|v| v.to_string().contains("bytes long, more than")),
            "{args:?}: {}",
            r.stdout
        );
    }
}

#[test]
fn thousands_of_puzzles_with_a_few_bad_ones_lose_nothing() {
    let mut input = String::new();
    for i in 0..2_000 {
        match i {
            500 => input.push_str("this is not a puzzle"),
            1_000 => input.push_str(&format!("55{}", &EASY[2..])),
            1_500 => input.push_str(&EASY[..80]),
            _ => input.push_str(EASY),
        }
        input.push('\n');
    }
    for args in [&["check"][..], &["solve"], &["explain"], &["rate", "--metrics", "depth"]] {
        let r = run(args, input.clone().into_bytes(), Duration::from_secs(120));
        assert_sane(args, &r);
        assert_eq!(r.code, Some(1), "{args:?}");
        let lines = json_lines(&r);
        assert_eq!(lines.len(), 2_000, "{args:?}: one record per input line");
        let bad: Vec<u64> = lines
            .iter()
            .filter(|v| {
                v["status"] == "invalid"
                    || v["error"]["code"] == "invalid"
                        && v.get("puzzle").is_none_or(|p| p.is_null())
            })
            .map(|v| v["line"].as_u64().unwrap())
            .collect();
        assert_eq!(bad, [501, 1_001, 1_501], "{args:?}: the bad lines, by number");
    }
}

#[test]
fn hard_cases_get_their_own_status() {
    let input = format!("{EASY}\n{SOLVED}\n{UNSOLVABLE}\n{MULTIPLE}\n{}\n", ".".repeat(81));
    for args in COMMANDS {
        let r = run(args, input.clone().into_bytes(), Duration::from_secs(120));
        assert_sane(args, &r);
        let lines = json_lines(&r);
        assert_eq!(lines.len(), 5, "{args:?}: {}", r.stdout);
        for (v, p) in lines.iter().zip([EASY, SOLVED, UNSOLVABLE, MULTIPLE, &".".repeat(81)]) {
            assert_eq!(v["puzzle"], *p, "{args:?}");
        }
    }
    // What each command says of them.
    let statuses = |args: &[&str]| -> Vec<String> {
        json_lines(&run(args, input.clone().into_bytes(), Duration::from_secs(120)))
            .iter()
            .map(|v| v["status"].as_str().or(v["error"].as_str()).unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(statuses(&["solve"]), ["unique", "unique", "none", "multiple", "multiple"]);
    // One vocabulary: the same words for the same conditions in every subcommand.
    assert_eq!(statuses(&["explain"])[2..], ["none", "multiple", "multiple"]);
    assert_eq!(statuses(&["explain", "--steps"])[2..], ["none", "multiple", "multiple"]);
    let sa = statuses(&["solve", "--method", "sa", "--budget", "200000"]);
    assert_eq!(sa[..2], ["unique", "unique"]);
    assert_eq!(sa[2], "none", "annealing proves the dead end by propagation");
    let r = run(&["rate", "--metrics", "depth"], input.into_bytes(), Duration::from_secs(60));
    let depth: Vec<serde_json::Value> = json_lines(&r).iter().map(|v| v["depth"].clone()).collect();
    assert_eq!(depth[1], 0, "a solved grid has depth 0");
    assert_eq!(depth[2]["error"]["code"], "none");
    assert_eq!(depth[3]["error"]["code"], "multiple");
}

/// Pencil marks (729 characters) of `grid` with `crossed` candidates removed (cell index, digit).
fn marks_without(grid: &str, crossed: &[(usize, u8)]) -> String {
    let grid: sudoku_core::Grid = grid.parse().unwrap();
    let mut marks: Vec<char> =
        sudoku_core::CandidateGrid::new(&grid).unwrap().pencil_marks().chars().collect();
    for &(cell, digit) in crossed {
        marks[cell * 9 + usize::from(digit) - 1] = '.';
    }
    marks.into_iter().collect()
}

#[test]
fn the_logical_solver_answers_hostile_grids_at_once() {
    let empty = ".".repeat(81);
    let inkala_20 = format!("8..........36......7{}", ".".repeat(61));
    let solution =
        sudoku_solve::solve(&EASY.parse().unwrap()).unique().expect("EASY has one solution");
    let e5 = 4 * 9 + 4;
    let e5_digit = solution.to_string().as_bytes()[e5] - b'0';
    let every_e5 = (1..=9).map(|d| (e5, d)).collect::<Vec<_>>();
    // Digit 9 crossed out of every open cell of row 1 of the empty grid.
    let no_nine = (0..9).map(|c| (c, 9)).collect::<Vec<_>>();
    let cases: [(&str, String, &str, &str); 9] = [
        ("the empty grid", empty.clone(), "multiple", "more than one solution"),
        ("every candidate open", "123456789".repeat(81), "multiple", "more than one"),
        ("four givens", inkala_20, "multiple", "more than one"),
        ("no candidate in E5", marks_without(EASY, &every_e5), "none", "cell E5 has no candidate"),
        (
            "E5's solution digit crossed out",
            marks_without(EASY, &[(e5, e5_digit)]),
            "none",
            "pencil marks of E5 exclude its solution digit",
        ),
        (
            "no place for 9 in row 1",
            marks_without(&empty, &no_nine),
            "none",
            "no place left in row 1",
        ),
        ("no solution", UNSOLVABLE.to_string(), "none", "no solution"),
        ("clashing digits", format!("55{}", &EASY[2..]), "invalid", "appears twice"),
        ("garbage", format!("12x4{}", ".".repeat(77)), "invalid", "invalid character 'x'"),
    ];
    for (what, grid, code, message) in cases {
        let r = run(&["hint", &grid], Vec::new(), Duration::from_secs(20));
        assert!(!r.stderr.contains("panicked"), "{what}: {}", r.stderr);
        assert_eq!(r.code, Some(1), "{what}: {}", r.stderr);
        let v = &json_lines(&r)[0];
        assert_eq!(v["status"], code, "{what}: {v}");
        assert_eq!(v["error"]["code"], code, "{what}: {v}");
        let text = v["error"]["message"].as_str().unwrap_or_default();
        assert!(text.contains(message), "{what}: {text}");
    }
    // The batch commands of the logical solver say the same of the same grids.
    let input = format!("{empty}\n{UNSOLVABLE}\n{MULTIPLE}\n{EASY}\n").into_bytes();
    let r = run(&["explain", "--steps"], input.clone(), Duration::from_secs(20));
    let codes: Vec<_> = json_lines(&r).iter().map(|v| v["status"].clone()).collect();
    assert_eq!(codes, ["multiple", "none", "multiple", "solved"]);
    let r = run(&["rate", "--metrics", "se-rating"], input, Duration::from_secs(20));
    let codes: Vec<_> =
        json_lines(&r).iter().map(|v| v["se_rating"]["error"]["code"].clone()).collect();
    assert_eq!(codes[..3], ["multiple", "none", "multiple"]);
    assert!(json_lines(&r)[3]["se_rating"]["er"].as_f64().is_some());
}
