//! One schema across subcommands: puzzles as arguments, pipes of JSON lines, complete TSV rows,
//! one status vocabulary, `{"code","message"}` errors.

use crate::common::{json_lines, sudoku, text};

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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

/// docs/schema.md, which this test holds to the records the command writes.
fn schema_md() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/schema.md");
    std::fs::read_to_string(path).expect("docs/schema.md")
}

/// Every key of a JSON value, nested ones included.
fn keys(v: &serde_json::Value, into: &mut std::collections::BTreeSet<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                into.insert(k.clone());
                keys(item, into);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|i| keys(i, into)),
        _ => {}
    }
}

#[test]
fn the_schema_page_lists_every_status_word_and_every_field_written() {
    let doc = schema_md();
    // The status table: its first column's words are exactly `Status::ALL`.
    let table: Vec<&str> = doc
        .lines()
        .skip_while(|l| !l.starts_with("| status / code |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    let mut listed: Vec<String> = table
        .iter()
        .flat_map(|row| row.split('|').nth(1).unwrap_or("").split('`').skip(1).step_by(2))
        .map(str::to_string)
        .collect();
    listed.sort();
    let mut words: Vec<String> =
        sudoku_core::Status::ALL.iter().map(|s| s.word().to_string()).collect();
    words.sort();
    assert_eq!(listed, words, "the status table of docs/schema.md");
    // Every field of every record the command writes is named on the page.
    let several =
        "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
    let input = format!("{GOOD}\n{several}\nnonsense\n1{}\n", &GOOD[1..]);
    let mut written = std::collections::BTreeSet::new();
    for args in [
        &["check", "--json"][..],
        &["solve", "--json"],
        &["solve", "--json", "--count", "--limit", "3"],
        &["solve", "--json", "--method", "tabu", "--budget", "10"],
        &["canon", "--json"],
        &["rate", "--json", "--metrics", "depth,average-width:samples=3,se-rating"],
        &["explain", "--json"],
        &["explain", "--json", "--steps"],
        &["explain", "--json", "--steps", "--chain-budget", "10"],
        &["hint", "--json", GOOD],
        &["hint", "--json", "nonsense"],
        &["band", "se-rating=1.0..2.0", "--json", "--no-progress", "--seed", "3"],
        &["band", "se-rating=9.0..9.1", "--json", "--no-progress", "--max-tries", "1"],
        &["generate", "--json", "--steps", "1", "--start", "random:2", "--energy", "depth"],
    ] {
        let reads = ["check", "solve", "canon", "rate", "explain"].contains(&args[0]);
        let out = sudoku(args, if reads { input.as_bytes() } else { b"" });
        for v in json_lines(&out) {
            keys(&v, &mut written);
        }
    }
    let missing: Vec<&String> =
        written.iter().filter(|k| !doc.contains(&format!("`{k}`"))).collect();
    assert!(missing.is_empty(), "fields written but not in docs/schema.md: {missing:?}");
}
