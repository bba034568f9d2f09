//! Runs the `sudoku` binary against good and hostile input.

use crate::common::{sudoku, text};
use std::process::{Command, Stdio};

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn check_reports_each_bad_line_and_keeps_the_good_ones() {
    let input = format!("# header\n{GOOD}\n12345\n44{}\n{GOOD}\n", &GOOD[2..]);
    let out = sudoku(&["check", "--json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[0]["puzzle"], GOOD);
    assert_eq!(lines[1]["status"], "invalid");
    assert_eq!(lines[1]["error"]["code"], "invalid");
    assert_eq!(lines[1]["error"]["message"], "expected 81 cells, found 5");
    assert_eq!(
        lines[2]["error"]["message"],
        "conflicting givens: digit 4 appears twice in row 1, at A1 and B1"
    );
    assert_eq!(lines[3]["line"], 5);
    assert_eq!(lines[3]["status"], "unique");
}

#[test]
fn check_text_mode_names_line_and_problem() {
    let out = sudoku(&["check"], format!("{GOOD}\n{}x\n", &GOOD[..80]).as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "-:2: invalid: invalid character 'x' at line 2, column 81\n");
    assert!(
        text(&out.stderr).contains("checked 2 puzzles: 1 unique, 1 invalid"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn check_progress_names_mistakes_and_exits_by_them() {
    let p = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    // A wrong 4 in C1, and D1's solution digit 7 crossed out.
    let mine = format!("814{}", &p[3..]);
    let out = sudoku(&["check", p, "--progress", &mine, "--crossed-out", "D1<>7,A2<>1"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "arg1:1: 1 entries contradict the solution: C1=4; \
         1 pencil marks cross out the solution's digit: D1<>7\n"
    );
    // The record as `POST /api/check` returns it, placed.
    let out = sudoku(&["check", "--json", "--progress", p], format!("{p}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["source"], "-");
    assert_eq!(json["solvable"], true);
    assert_eq!(json["message"], "no mistake so far: 21 of 81 cells filled");
    // No unique solution to check against: the failure, exit 1; a bad grid is a usage error.
    let empty = ".".repeat(81);
    let out = sudoku(&["check", &empty, "--progress", &empty], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "arg1:1: multiple: the puzzle has more than one solution\n");
    let out = sudoku(&["check", p, "--progress", "123"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--progress: expected 81 cells, found 3"));
}

#[test]
fn check_accepts_all_good_input_and_empty_input() {
    let out = sudoku(&["check"], format!("{GOOD}\r\n{GOOD}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = sudoku(&["check"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("checked 0 puzzles"));
}

#[test]
fn check_survives_binary_garbage() {
    let garbage: Vec<u8> =
        (0..20_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let out = sudoku(&["check"], &garbage);
    assert_eq!(out.status.code(), Some(1));
    assert!(!text(&out.stderr).contains("panicked"));
    assert!(text(&out.stdout).lines().all(|l| l.starts_with("-:") && l.contains(": invalid: ")));
}

#[test]
fn missing_file_is_a_usage_error_and_other_files_are_still_read() {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{GOOD}\n")).unwrap();
    let out = sudoku(&["check", "--json", "/definitely/not/here.txt", good.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/definitely/not/here.txt"));
    assert!(text(&out.stdout).contains("\"status\":\"unique\""));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let out = sudoku(&["check", "--bogus"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_reports_every_status_in_input_order() {
    let input = format!(
        "{GOOD}\n...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..\n\
         82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\nnot a puzzle\n"
    );
    let out = sudoku(&["solve", "--threads", "3"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(
        lines[0],
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    );
    assert_eq!(lines[1], "multiple");
    assert_eq!(lines[2], "none");
    assert!(lines[3].starts_with("-:4: invalid: invalid character 'n'"), "{}", lines[3]);

    let out = sudoku(&["solve", "--count", "--json"], input.as_bytes());
    let v: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(v[0]["status"], "unique");
    assert_eq!(v[1]["count"], 13);
    assert_eq!(v[2]["count"], 0);
    assert_eq!(v[3]["status"], "invalid");
}

#[test]
fn solve_output_does_not_depend_on_thread_count() {
    let input: String =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/top95.txt"))
            .unwrap();
    let one = sudoku(&["solve", "--json", "--threads", "1"], input.as_bytes());
    let four = sudoku(&["solve", "--json", "--threads", "4"], input.as_bytes());
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(text(&one.stdout), text(&four.stdout));
    assert_eq!(text(&one.stdout).lines().count(), 95);
}

#[test]
fn count_on_the_empty_grid_stops_at_the_budget() {
    let out = sudoku(&["solve", "--count", "--budget", "500", "--limit", "1000000"], &[b'.'; 81]);
    // A count the budget cut short is no answer: exit status 1 (docs/schema.md).
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("budget exceeded: 500 search nodes used"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn stochastic_methods_solve_or_give_up_with_their_best_cost() {
    let input = format!(
        "{GOOD}\n...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..\n"
    );
    for method in ["sa", "tabu"] {
        let out = sudoku(&["solve", "--method", method, "--json", "--seed", "3"], input.as_bytes());
        // The second puzzle has several solutions: a solution is found, but the puzzle has no
        // unique one, so the exit status is 1.
        assert_eq!(out.status.code(), Some(1), "{method}: {}", text(&out.stderr));
        let v: Vec<serde_json::Value> =
            text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(v[0]["status"], "unique", "{method}");
        assert_eq!(
            v[0]["solution"],
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        );
        assert!(v[0]["steps"].as_u64().unwrap() > 0);
        // A local search finds one of the 13 solutions; the status says there are others.
        assert_eq!(v[1]["status"], "multiple", "{method}");
    }
    let out =
        sudoku(&["solve", "--method", "harmony", "--budget", "500", "--json"], GOOD.as_bytes());
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["status"], "gave_up");
    assert_eq!(v["steps"], 500);
    assert!(v["best_cost"].as_u64().unwrap() > 0);
    let out = sudoku(&["solve", "--method", "sa", "--budget", "50"], GOOD.as_bytes());
    assert!(text(&out.stdout).starts_with("gave_up: best cost "), "{}", text(&out.stdout));
}

#[test]
fn stochastic_solving_is_seeded_and_thread_independent() {
    let input: String =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/top95.txt"))
            .unwrap();
    let some: String = input.lines().take(6).map(|l| format!("{l}\n")).collect();
    let args = ["solve", "--method", "tabu", "--json", "--seed", "9"];
    let one = sudoku(&[&args[..], &["--threads", "1"]].concat(), some.as_bytes());
    let two = sudoku(&[&args[..], &["--threads", "2"]].concat(), some.as_bytes());
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert_eq!(text(&one.stdout).matches("\"unique\"").count(), 6);
}

#[test]
fn rate_runs_the_randomized_solver_ratings() {
    let out = sudoku(
        &["rate", "--metrics", "backtrack-steps,harmony-cost,sa-steps", "--runs", "5", "--json"],
        b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert!(v["backtrack_steps"].as_f64().unwrap() >= 49.0, "{v}");
    assert!(v["harmony_cost"].as_f64().unwrap() > 0.0, "{v}");
    assert!(v["sa_steps"].as_f64().unwrap() > 0.0, "{v}");
}

#[test]
fn explain_prints_a_chain_and_json() {
    let out = sudoku(&["explain", INKALA_2012], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("# level 2,"), "{stdout}");
    assert!(stdout.contains("\nHYP # I8: 3,9\n"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("PRF ") && l.ends_with("=> SOL")), "{stdout}");
    let input = format!("{INKALA_2012}\n{}\nbad line\n", ".".repeat(81));
    let out = sudoku(&["explain", "--json", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let v: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(v[0]["level"], 2);
    assert_eq!(
        v[0]["solution"],
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    );
    assert_eq!(v[0]["chain"][0], "STA Original Sudoku");
    assert_eq!(v[0]["status"], "ok");
    assert_eq!(v[1]["status"], "multiple");
    assert_eq!(v[1]["error"]["code"], "multiple");
    assert_eq!(v[2]["status"], "invalid");
    assert_eq!(v[2]["line"], 3);
}

#[test]
fn rate_runs_the_human_model_and_pair_reduction() {
    let out = sudoku(
        &[
            "rate",
            "--json",
            "--metrics",
            "refutation-sum,refutation-max,human-effort,relaxation,pair-reduction-level",
        ],
        format!("{INKALA_2012}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["pair_reduction_level"], 2, "a level is an integer: {v}");
    assert!(v["pair_reduction_level"].is_u64());
    assert!(v["refutation_sum"].as_f64().unwrap() >= v["refutation_max"].as_f64().unwrap());
    assert!(v["human_effort"].as_f64().unwrap() > 0.0);
    assert!(
        v["relaxation"].is_number() || v["relaxation"]["error"]["code"] == "budget_exceeded",
        "{v}"
    );
}

const INKALA_2012: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn rate_prints_a_tsv_table_in_input_order() {
    let input = format!("{INKALA_2012}\n{GOOD}\n");
    let out =
        sudoku(&["rate", "--metrics", "depth,normal-width", "--threads", "2"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "source\tline\tpuzzle\tdepth\tnormal_width");
    assert_eq!(lines[1], format!("-\t1\t{INKALA_2012}\t8\t3599"));
    assert!(lines[2].starts_with(&format!("-\t2\t{GOOD}\t")));
}

#[test]
fn rate_reports_budget_and_uniqueness_per_metric() {
    let input = format!("{}\nnonsense\n", ".".repeat(81));
    let out = sudoku(&["rate", "--json", "--budget", "1000", "--samples", "3"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let v: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // The empty grid: ratings that need one solution say so at once; the widths, defined for
    // any puzzle, run out of budget.
    assert_eq!(v[0]["depth"]["error"]["code"], "multiple");
    assert_eq!(v[0]["normal_width"]["error"]["code"], "budget_exceeded");
    assert_eq!(v[0]["average_width"]["error"]["code"], "budget_exceeded");
    assert_eq!(v[1]["status"], "invalid");
    assert!(v[1]["error"]["message"].as_str().unwrap().contains("invalid character 'n'"));
}

#[test]
fn rate_average_width_is_seeded_and_thread_independent() {
    let input = format!("{INKALA_2012}\n");
    let args = ["rate", "--json", "--metrics", "average-width", "--samples", "20", "--seed", "7"];
    let one = sudoku(&[&args[..], &["--threads", "1"]].concat(), input.as_bytes());
    let two = sudoku(&[&args[..], &["--threads", "2"]].concat(), input.as_bytes());
    assert_eq!(text(&one.stdout), text(&two.stdout));
    let v: serde_json::Value = serde_json::from_str(text(&one.stdout).trim()).unwrap();
    assert_eq!(v["average_width"]["samples"], 20);
}

#[test]
fn rate_rejects_unknown_metrics() {
    let out = sudoku(&["rate", "--metrics", "depth,bogus"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown rating \"bogus\""));
}

/// A clue limit below 21 (too rare to draw) or above 81 is a usage error naming the forms.
#[test]
fn generate_rejects_a_clue_limit_it_cannot_draw() {
    for start in ["random:10:20", "random:10:82", "random:10:x"] {
        let out = sudoku(&["generate", "--start", start, "--steps", "1", "--no-progress"], b"");
        assert_eq!(out.status.code(), Some(2), "{start}");
        let err = text(&out.stderr);
        assert!(err.contains(&format!("unknown start \"{start}\"")), "{err}");
        assert!(err.contains("random:N:C (at most C clues, C from 21)"), "{err}");
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("cli", name)
}

/// The paper's schedule with the average-width energy, small.
const SMALL: [&str; 14] = [
    "--preset",
    "paper",
    "--energy",
    "average-width:samples=8",
    "--replicas",
    "3",
    "--depth-target",
    "3",
    "--sweeps-per-round",
    "10",
    "--no-progress",
    "--json",
    "--seed",
    "4",
];

#[test]
fn generate_summary_is_valid_and_thread_independent() {
    let dir = temp_dir("gen");
    let out = dir.join("bests.jsonl");
    let run = |threads: &str, extra: &[&str]| {
        let mut args = vec!["generate", "--steps", "40", "--threads", threads];
        args.extend_from_slice(&SMALL);
        args.extend_from_slice(extra);
        sudoku(&args, b"")
    };
    let one = run("1", &["--out", out.to_str().unwrap()]);
    assert_eq!(one.status.code(), Some(0), "{}", text(&one.stderr));
    let two = run("2", &[]);
    assert_eq!(text(&one.stdout), text(&two.stdout));
    let v: serde_json::Value = serde_json::from_str(text(&one.stdout).trim()).unwrap();
    for key in [
        "puzzle",
        "solution",
        "clues",
        "depth",
        "normal_width",
        "average_width",
        "energy",
        "steps",
        "seed",
    ] {
        assert!(v.get(key).is_some(), "summary lacks {key}: {v}");
    }
    assert_eq!(v["steps"], 40);
    let puzzle: sudoku_core::Grid = v["puzzle"].as_str().unwrap().parse().unwrap();
    let solution: sudoku_core::Grid = v["solution"].as_str().unwrap().parse().unwrap();
    assert!(puzzle.is_solved_by(&solution));
    let records = std::fs::read_to_string(&out).unwrap();
    assert!(records.lines().count() >= 1);
    for line in records.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(r["puzzle"].as_str().unwrap().len() == 81);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_resume_continues_exactly() {
    let dir = temp_dir("resume");
    let ckpt = dir.join("run.ckpt");
    let straight = sudoku(&[&["generate", "--steps", "60"], &SMALL[..]].concat(), b"");
    assert_eq!(straight.status.code(), Some(0), "{}", text(&straight.stderr));
    let first = sudoku(
        &[&["generate", "--steps", "30", "--checkpoint", ckpt.to_str().unwrap()], &SMALL[..]]
            .concat(),
        b"",
    );
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let resumed = sudoku(
        &[
            "generate",
            "--steps",
            "60",
            "--resume",
            ckpt.to_str().unwrap(),
            "--no-progress",
            "--json",
        ],
        b"",
    );
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), text(&straight.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_refuses_a_damaged_checkpoint() {
    let dir = temp_dir("damaged");
    let ckpt = dir.join("bad.ckpt");
    std::fs::write(
        &ckpt,
        b"{\"format\":\"sudoku-generate-checkpoint\",\"version\":1,\"generation\":{\"config\"",
    )
    .unwrap();
    let out = sudoku(
        &["generate", "--resume", ckpt.to_str().unwrap(), "--steps", "10", "--no-progress"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("damaged or not a checkpoint"), "{}", text(&out.stderr));
    std::fs::write(&ckpt, b"").unwrap();
    let out = sudoku(
        &["generate", "--resume", ckpt.to_str().unwrap(), "--steps", "10", "--no-progress"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    // A well-formed checkpoint of another version is named as such.
    std::fs::write(&ckpt, b"{\"format\":\"sudoku-generate-checkpoint\",\"version\":1}").unwrap();
    let out = sudoku(
        &["generate", "--resume", ckpt.to_str().unwrap(), "--steps", "10", "--no-progress"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("version 1 file"), "{}", text(&out.stderr));
    // A checkpoint without a run is refused, not a crash.
    let version = sudoku_generate::CHECKPOINT_VERSION;
    std::fs::write(
        &ckpt,
        format!(
            "{{\"format\":\"sudoku-generate-checkpoint\",\"version\":{version},\"portfolio\":{{\"runs\":[]}}}}"
        ),
    )
    .unwrap();
    let out = sudoku(
        &["generate", "--resume", ckpt.to_str().unwrap(), "--steps", "10", "--no-progress"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("holds no run"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_rejects_unknown_energy() {
    let out = sudoku(&["generate", "--energy", "bogus", "--steps", "1", "--no-progress"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown rating \"bogus\""));
}

/// The records of a results file, without their wall-clock field.
fn records(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("elapsed_s");
            v
        })
        .collect()
}

#[test]
fn generate_killed_with_sigkill_resumes_to_the_uninterrupted_result() {
    let dir = temp_dir("kill");
    let (ckpt, straight_out, killed_out) =
        (dir.join("run.ckpt"), dir.join("straight.jsonl"), dir.join("killed.jsonl"));
    // Long enough that the kill below comes well before the end (the width energy runs
    // optimised in tests: 400 steps once ended within the 300 ms wait).
    let steps = ["--steps", "1500"];
    let straight = sudoku(
        &[&["generate"][..], &steps, &["--out", straight_out.to_str().unwrap()], &SMALL].concat(),
        b"",
    );
    assert_eq!(straight.status.code(), Some(0), "{}", text(&straight.stderr));

    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args([&["generate"][..], &steps, &SMALL].concat())
        .args(["--checkpoint", ckpt.to_str().unwrap(), "--checkpoint-every", "0.3s"])
        .args(["--out", killed_out.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill once a checkpoint and a record exist, well before the run would end.
    let started = std::time::Instant::now();
    while !ckpt.exists() || records(&killed_out).is_empty() {
        assert!(started.elapsed().as_secs() < 120, "no checkpoint written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap(); // SIGKILL: no handler runs
    let status = child.wait().unwrap();
    assert_eq!(status.code(), None, "the run ended before it could be killed; lengthen it");
    let before_kill = records(&killed_out);
    assert!(!before_kill.is_empty());

    let resumed = sudoku(
        &[&["generate"][..], &steps, &["--resume", ckpt.to_str().unwrap()]]
            .concat()
            .iter()
            .copied()
            .chain(["--out", killed_out.to_str().unwrap(), "--no-progress", "--json"])
            .collect::<Vec<_>>(),
        b"",
    );
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), text(&straight.stdout), "same summary as without the kill");
    let after = records(&killed_out);
    assert_eq!(after, records(&straight_out), "same records as without the kill");
    for r in &before_kill {
        assert!(after.contains(r), "a record written before the kill was lost: {r}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
