//! `sudoku rate --format`, `--diamond`, `--pearl`: Sudoku Explainer's `serate` command line.
//! The expected lines are serate 1.2.1.3's on the same puzzles (`%e` aside, a time).

use crate::common::{sudoku, text};

/// serate: 2.6/2.6/2.6 (a diamond).
const DIAMOND: &str =
    "....41...9..5...81.7...96.....4.....3..6..14..8.1....3......83579.........2....1.";
/// serate: 2.8/2.8/2.6 (a pearl, not a diamond); --diamond 20.0/0.0/2.6.
const PEARL: &str =
    "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7";
/// serate: 4.5/3.4/2.6; --diamond 20.0/0.0/2.6, --pearl 20.0/3.4/2.6.
const NEITHER: &str =
    "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3.............";

fn lines(out: &std::process::Output) -> Vec<String> {
    text(&out.stdout).lines().map(str::to_string).collect()
}

#[test]
fn format_writes_serate_conversions_and_skips_lines_that_are_not_puzzles() {
    let input = format!("{DIAMOND}\nnot a puzzle\n{PEARL}\n{NEITHER}\n");
    let out = sudoku(&["rate", "--format=%n %g %r/%p/%d %%", "-"], input.as_bytes());
    // Exit 1, as for any invalid line; serate skips it and so does the output.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        lines(&out),
        [
            format!("1 {DIAMOND} 2.6/2.6/2.6 %"),
            format!("2 {PEARL} 2.8/2.8/2.6 %"),
            format!("3 {NEITHER} 4.5/3.4/2.6 %"),
        ]
    );
    assert!(text(&out.stderr).contains("-:2: invalid"), "{}", text(&out.stderr));
}

#[test]
fn diamond_and_pearl_stop_where_serate_stops() {
    let input = format!("{DIAMOND}\n{PEARL}\n{NEITHER}\n");
    let diamond = sudoku(&["rate", "--diamond", "-"], input.as_bytes());
    assert_eq!(diamond.status.code(), Some(0), "{}", text(&diamond.stderr));
    assert_eq!(lines(&diamond), ["2.6/2.6/2.6", "20.0/0.0/2.6", "20.0/0.0/2.6"]);
    let pearl = sudoku(&["rate", "-p", "-f", "%r/%p/%d", "-"], input.as_bytes());
    assert_eq!(lines(&pearl), ["2.6/2.6/2.6", "2.8/2.8/2.6", "20.0/3.4/2.6"]);
}

#[test]
fn serate_input_and_output_options_work_as_files() {
    let dir = std::env::temp_dir().join(format!("sudoku-serate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (input, output) = (dir.join("in.txt"), dir.join("out.txt"));
    std::fs::write(&input, format!("{PEARL}\n{DIAMOND}\n")).expect("write");
    let out = sudoku(
        &[
            "rate",
            "--format=%g %r %e",
            &format!("--input={}", input.display()),
            &format!("--output={}", output.display()),
            "--threads",
            "2",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&output).expect("read");
    let rows: Vec<&str> = written.lines().collect();
    assert_eq!(rows.len(), 2);
    assert!(rows[0].starts_with(&format!("{PEARL} 2.8 ")), "{written}");
    assert!(rows[1].starts_with(&format!("{DIAMOND} 2.6 ")), "{written}");
    // %e is serate's seconds with hundredths.
    let e = rows[0].rsplit(' ').next().expect("time");
    assert!(e.ends_with('s') && e.contains('.'), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzles_that_cannot_be_rated_get_serate_zero_ratings() {
    let empty = ".".repeat(81);
    let out = sudoku(&["rate", "--format", "%n %r/%p/%d", &empty], b"");
    // Written as serate writes it, and, as every rating that fails, exit status 1.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(lines(&out), ["1 0.0/0.0/0.0"]);
    assert!(text(&out.stderr).contains("multiple"), "{}", text(&out.stderr));
}

#[test]
fn unknown_conversions_are_usage_errors() {
    for bad in ["%x", "50%"] {
        let out = sudoku(&["rate", "--format", bad, DIAMOND], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", text(&out.stderr));
    }
    let out = sudoku(&["rate", "--format", "%r", "--json", DIAMOND], b"");
    assert_eq!(out.status.code(), Some(2));
}
