//! Batch runs that stream: results written in input order as they finish, a signal that
//! keeps every finished record, `--resume` that completes the output exactly, progress lines.

use crate::common::{interrupted_at, sudoku, sudoku_within, text};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARDER: &str =
    "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2";

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("batch", name)
}

/// A file of `n` puzzles (two kinds, and an invalid line every 1,000) in `dir`.
fn puzzles(dir: &std::path::Path, n: usize) -> String {
    let mut text = String::with_capacity(n * 82);
    for i in 0..n {
        text.push_str(match i % 1000 {
            999 => "not a puzzle",
            k if k % 2 == 0 => EASY,
            _ => HARDER,
        });
        text.push('\n');
    }
    let path = dir.join("puzzles.txt");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Every line of `out` is a record of `input`'s lines 1, 2, 3... in order (after a header).
fn assert_prefix_in_order(out: &str, header: bool) -> usize {
    let mut n = 0;
    for (k, line) in out.lines().skip(usize::from(header)).enumerate() {
        let number: usize = if line.starts_with('{') {
            let v: serde_json::Value = serde_json::from_str(line).expect("a whole JSON line");
            v["line"].as_u64().unwrap() as usize
        } else {
            line.split('\t').nth(1).unwrap().parse().unwrap()
        };
        assert_eq!(number, k + 1, "record {k} out of order: {line}");
        n += 1;
    }
    n
}

#[test]
fn an_interrupted_rate_keeps_every_finished_row_and_resumes_to_the_same_output() {
    let dir = temp_dir("rate");
    let input = puzzles(&dir, 200_000);
    let out = dir.join("rated.tsv");
    let o = out.to_str().unwrap();
    let args = ["rate", "--metrics", "se-rating", "--threads", "2", "--progress-every", "0.2s"];
    // Wait for the first progress line: rows are being written.
    let run = interrupted_at(&[&args[..], &["-o", o, &input]].concat(), "puzzles in", "INT");
    assert_eq!(run.status.code(), Some(130), "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains("continue with --resume"), "{}", text(&run.stderr));
    let partial = std::fs::read_to_string(&out).unwrap();
    let kept = assert_prefix_in_order(&partial, true);
    assert!(kept > 0 && kept < 200_000, "{kept} rows after the interruption");

    // SIGTERM, as a scheduler sends it, during the resumed run.
    let resume = [&args[..], &["-o", o, "--resume", &input]].concat();
    let run = interrupted_at(&resume, "puzzles in", "TERM");
    assert_eq!(run.status.code(), Some(143), "{}", text(&run.stderr));
    let more = assert_prefix_in_order(&std::fs::read_to_string(&out).unwrap(), true);
    assert!(more > kept, "{more} rows after the second run, {kept} after the first");

    // A last line cut short by a kill is dropped, and the resumed output is complete.
    let mut cut = std::fs::read(&out).unwrap();
    cut.extend_from_slice(b"/tmp/x\t12");
    std::fs::write(&out, cut).unwrap();
    let run = sudoku(&[&resume[..], &["--no-progress"]].concat(), b"");
    assert_eq!(run.status.code(), Some(1), "an invalid line makes 1: {}", text(&run.stderr));
    assert!(text(&run.stderr).contains("dropped a last line cut short"));
    let resumed = std::fs::read_to_string(&out).unwrap();
    assert_eq!(assert_prefix_in_order(&resumed, true), 200_000);
    let whole = sudoku(&["rate", "--metrics", "se-rating", "--threads", "1", &input], b"");
    assert!(text(&whole.stdout) == resumed, "resumed output differs from a run in one go");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_batch_command_streams_json_lines_that_resume() {
    let dir = temp_dir("json");
    let input = puzzles(&dir, 3_000);
    for command in
        [&["check"][..], &["solve"], &["explain", "--steps"], &["rate", "--metrics", "depth"]]
    {
        let out = dir.join("out.jsonl");
        let o = out.to_str().unwrap();
        let whole = sudoku(&[command, &["--json", "--threads", "2", &input]].concat(), b"");
        assert_eq!(whole.status.code(), Some(1), "{command:?}: {}", text(&whole.stderr));
        assert_eq!(assert_prefix_in_order(&text(&whole.stdout), false), 3_000, "{command:?}");
        // A results file holding the first 1,234 records (the last cut short) resumes to the
        // same file as the run in one go.
        let all = text(&whole.stdout);
        let lines: Vec<&str> = all.lines().collect();
        let mut partial = lines[..1_234].join("\n");
        partial.push('\n');
        partial.push_str(&lines[1_234][..20]);
        std::fs::write(&out, partial).unwrap();
        let run = sudoku(
            &[command, &["--json", "--threads", "1", "-o", o, "--resume", &input]].concat(),
            b"",
        );
        assert_eq!(run.status.code(), Some(1), "{command:?}: {}", text(&run.stderr));
        assert!(
            std::fs::read_to_string(&out).unwrap() == all,
            "{command:?}: resumed output differs"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resume_refuses_other_inputs_and_outputs_it_cannot_count() {
    let dir = temp_dir("refuse");
    let input = puzzles(&dir, 100);
    let out = dir.join("out.tsv");
    let o = out.to_str().unwrap();
    let first = sudoku(&["rate", "--metrics", "depth", "-o", o, &input], b"");
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    // Other ratings: the header differs.
    let other = sudoku(&["rate", "--metrics", "normal-width", "-o", o, "--resume", &input], b"");
    assert_eq!(other.status.code(), Some(2));
    assert!(text(&other.stderr).contains("header differs"), "{}", text(&other.stderr));
    // Other inputs: the last record does not match.
    let fewer = dir.join("fewer.txt");
    std::fs::write(&fewer, format!("{EASY}\n{HARDER}\n")).unwrap();
    let run =
        sudoku(&["rate", "--metrics", "depth", "-o", o, "--resume", fewer.to_str().unwrap()], b"");
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("cannot resume"), "{}", text(&run.stderr));
    // Text blocks cannot be counted.
    let run = sudoku(&["explain", "-o", o, "--resume", &input], b"");
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("use --json"), "{}", text(&run.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ratings that run their own parallel loops (the samples of average-width) inside a batch
/// longer than its window of puzzles in flight: every run ends, with every row. The batch's
/// worker loops once ran as ordinary pool jobs, and a thread waiting for a piece of a
/// rating's loop could take up a worker loop not yet started, which then waited for records
/// inside the rating: on four threads seven runs in eight of this test's input hung.
#[test]
fn ratings_with_parallel_loops_of_their_own_never_stall_a_batch() {
    use std::time::Duration;
    // Five 17-clue puzzles, each a few thousand nodes wide: 2,000 lines, beyond the window
    // of 256 puzzles per thread.
    const WIDE: [&str; 5] = [
        ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3",
        ".................1....23.4.........5..4..6.3...71.........37.2..5...8...91.......",
        ".................1....23.4......452...6.......718........1....724...5...3........",
        ".................1....23.4......563...7.......189........1....83......2.45.......",
        ".................1..1..2.34......5.......1....6..7.8......6......3.....2.7.95.6..",
    ];
    let dir = temp_dir("nested");
    let input = dir.join("wide.txt");
    std::fs::write(&input, WIDE.map(|p| format!("{p}\n")).concat().repeat(400)).unwrap();
    let out = dir.join("out.tsv");
    for run in 0..3 {
        let args = ["rate", "--metrics", "average-width:samples=8", "--threads", "4"];
        let files = [out.to_str().unwrap(), input.to_str().unwrap()];
        let done = sudoku_within(
            &[&args[..], &["--no-progress", "-o", files[0], files[1]]].concat(),
            Vec::new(),
            Duration::from_secs(120),
        );
        assert_eq!(done.status.code(), Some(0), "run {run}");
        let rows = std::fs::read_to_string(&out).unwrap();
        assert_eq!(assert_prefix_in_order(&rows, true), 2_000, "run {run}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
