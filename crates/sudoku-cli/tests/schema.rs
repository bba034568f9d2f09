//! One schema across subcommands: puzzles as arguments, pipes of JSON lines, complete TSV rows,
//! one status vocabulary, `{"code","message"}` errors.

mod common;

use common::{sudoku, text};
use std::process::Output;

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

#[test]
fn every_subcommand_takes_puzzles_as_arguments() {
    for args in [
        &["check", "--json"][..],
        &["solve", "--json"],
        &["rate", "--json", "--metrics", "depth"],
        &["explain", "--json"],
        &["explain", "--steps", "--json"],
    ] {
        let out = sudoku(&[args, &[GOOD]].concat(), b"");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
        let v = json_lines(&out);
        assert_eq!(v.len(), 1, "{args:?}");
        assert_eq!(v[0]["source"], "arg1", "{args:?}");
        assert_eq!(v[0]["puzzle"], GOOD, "{args:?}");
    }
    // Not a file and not a puzzle: a clear error naming it.
    let out = sudoku(&["solve", "no-such-file.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no-such-file.txt"));
}

#[test]
fn pipes_compose_through_json_lines() {
    let solved =
        sudoku(&["solve", "--json", "-"], format!("{GOOD}\nnonsense\n{GOOD}\n").as_bytes());
    let rated = sudoku(&["rate", "--json", "--metrics", "se-rating", "-"], &solved.stdout);
    let v = json_lines(&rated);
    assert_eq!(v.len(), 2, "the invalid record upstream is skipped: {}", text(&rated.stdout));
    assert_eq!(v[0]["puzzle"], GOOD);
    assert_eq!(v[1]["line"], 3, "line numbers are those of the piped input");
    assert_eq!(v[0]["se_rating"]["er"], 2.6);
    let checked = sudoku(&["check", "-"], &rated.stdout);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stdout));
}

#[test]
fn tsv_rows_have_every_column() {
    let input = format!("{GOOD}\n{}\nnonsense\n", ".".repeat(81));
    let out = sudoku(
        &[
            "rate",
            "--metrics",
            "depth,average-width,se-rating",
            "--budget",
            "1000",
            "--samples",
            "2",
        ],
        input.as_bytes(),
    );
    let t = text(&out.stdout);
    let rows: Vec<Vec<&str>> = t.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "source",
            "line",
            "puzzle",
            "depth",
            "average_width",
            "average_width_stderr",
            "se_er",
            "se_ep",
            "se_ed"
        ]
    );
    for r in &rows {
        assert_eq!(r.len(), rows[0].len(), "{t}");
    }
    assert_eq!(rows[2][3], "multiple");
    assert_eq!(rows[2][4..6], ["budget_exceeded", "budget_exceeded"]);
    assert_eq!(
        rows[3][2..],
        ["", "invalid", "invalid", "invalid", "invalid", "invalid", "invalid"]
    );
    assert!(text(&out.stderr).contains("-:3: invalid"));
}

#[test]
fn statuses_and_errors_are_one_vocabulary() {
    let multiple = ".".repeat(81);
    let input = format!("{GOOD}\n{multiple}\n12\n");
    for args in [
        &["check", "--json"][..],
        &["solve", "--json"],
        &["rate", "--json", "--metrics", "depth"],
        &["explain", "--json"],
    ] {
        let v = json_lines(&sudoku(args, input.as_bytes()));
        let last = &v[v.len() - 1];
        assert_eq!(last["status"], "invalid", "{args:?}");
        assert_eq!(last["error"]["code"], "invalid", "{args:?}");
        assert!(last["error"]["message"].as_str().unwrap().contains("expected 81 cells"));
    }
    let solve = json_lines(&sudoku(&["solve", "--json"], input.as_bytes()));
    let explain = json_lines(&sudoku(&["explain", "--json"], input.as_bytes()));
    let rate = json_lines(&sudoku(&["rate", "--json", "--metrics", "se-rating"], input.as_bytes()));
    assert_eq!(solve[1]["status"], "multiple");
    assert_eq!(explain[1]["status"], "multiple");
    assert_eq!(rate[1]["se_rating"]["error"]["code"], "multiple");
}

#[test]
fn a_capped_count_says_so_and_a_directory_is_unreadable() {
    let out = sudoku(&["solve", "--count", "--limit", "5", &".".repeat(81)], b"");
    assert_eq!(text(&out.stdout).trim(), "5+");
    let out = sudoku(&["solve", "--count", "--limit", "5", "--json", &".".repeat(81)], b"");
    let v = json_lines(&out);
    assert_eq!((v[0]["count"].as_u64(), v[0]["capped"].as_bool()), (Some(5), Some(true)));
    let out = sudoku(&["check", std::env::temp_dir().to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("is a directory"));
}

#[test]
fn budgets_name_their_units() {
    let hard = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....";
    // A budget that runs out says what it counted.
    let args = ["rate", "--json", "--metrics", "sa-steps,depth", "--runs", "3", "--budget", "100"];
    let v = json_lines(&sudoku(&[&args[..], &[hard]].concat(), b""));
    let sa = v[0]["sa_steps"]["error"]["message"].as_str().unwrap();
    assert!(sa.contains("solver steps"), "{sa}");
    let depth = v[0]["depth"]["error"]["message"].as_str().unwrap();
    assert!(depth.contains("states"), "{depth}");
}
