//! The command's edges as a new user meets them: every subcommand reads its input the same
//! way, one exit-status convention for no, one or several solutions, empty input and bad
//! values said plainly, help texts that name every rating and level, errors that name the
//! subcommand, band lines that carry their ratings.

use crate::common::{json_lines, sudoku, text};

/// One solution (an XY-Wing puzzle of Sudoku Explainer's examples).
const UNIQUE: &str =
    "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2";
/// Thirteen solutions.
const SEVERAL: &str =
    "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
/// No solution.
const NONE: &str =
    "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("edges", name)
}

/// `hint` takes arguments, files, `-` and JSON lines as every other subcommand does, one
/// record per grid.
#[test]
fn hint_reads_files_standard_input_and_json_lines() {
    let dir = temp_dir("hint");
    let file = dir.join("grids.txt");
    std::fs::write(&file, format!("# two grids\n{UNIQUE}\n{SEVERAL}\n")).unwrap();
    let path = file.to_str().unwrap();
    let from_file = sudoku(&["hint", "--json", path], b"");
    assert_eq!(from_file.status.code(), Some(1), "one grid has several solutions");
    let records = json_lines(&from_file);
    assert_eq!(records.len(), 2);
    assert_eq!((records[0]["source"].as_str(), records[0]["line"].as_u64()), (Some(path), Some(2)));
    assert_eq!(records[0]["status"], "ok");
    assert_eq!(records[0]["step"]["technique"], "Hidden Single");
    assert_eq!(records[1]["status"], "multiple");
    // Standard input, and the JSON lines another subcommand wrote.
    let from_stdin = sudoku(&["hint", "--json", "-"], format!("{UNIQUE}\n").as_bytes());
    assert_eq!(from_stdin.status.code(), Some(0), "{}", text(&from_stdin.stderr));
    assert_eq!(json_lines(&from_stdin)[0]["step"], records[0]["step"]);
    let solved = sudoku(&["solve", "--json", UNIQUE], b"");
    let piped = sudoku(&["hint", "--json"], &solved.stdout);
    assert_eq!(json_lines(&piped)[0]["step"], records[0]["step"]);
    // Several arguments: one text answer each, in order.
    let two = sudoku(&["hint", UNIQUE, UNIQUE], b"");
    assert_eq!(text(&two.stdout).lines().filter(|l| l.contains("Hidden Single")).count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An argument that is nearly a puzzle (a cell too many, a stray letter) is read as one, and
/// its error says what is wrong, not that no such file exists; a short name that is no file
/// says it is neither.
#[test]
fn a_puzzle_argument_of_the_wrong_length_says_so() {
    for command in ["check", "solve", "rate", "explain", "hint", "canon"] {
        let out = sudoku(&[command, &format!("{UNIQUE}1")], b"");
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert!(all.contains("expected 81 cells, found 82"), "{command}: {all}");
        assert!(!all.contains("No such file"), "{command}: {all}");
        assert_eq!(out.status.code(), Some(1), "{command}: {all}");
    }
    let typo = format!("x{}", &UNIQUE[1..]);
    let out = sudoku(&["solve", &typo], b"");
    assert!(text(&out.stdout).contains("invalid character 'x'"), "{}", text(&out.stdout));
    let out = sudoku(&["solve", "puzzels.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("puzzels.txt: no such file, nor a puzzle (81 cells)"), "{err}");
}

/// One convention for no, one or several solutions (docs/schema.md): every subcommand that
/// needs one solution says `multiple` or `none` and exits 1; one solution exits 0.
#[test]
fn no_one_or_several_solutions_get_one_status_and_exit_code_everywhere() {
    let commands: [&[&str]; 6] = [
        &["check", "--json"],
        &["solve", "--json"],
        &["rate", "--json", "--metrics", "se-rating"],
        &["explain", "--json", "--steps"],
        &["explain", "--json", "--steps", "--style", "hodoku"],
        &["hint", "--json"],
    ];
    for args in commands {
        let status = |v: &serde_json::Value| {
            let rating = &v["se_rating"]["error"]["code"];
            if rating.is_string() { rating.clone() } else { v["status"].clone() }
        };
        let unique = sudoku(&[args, &[UNIQUE]].concat(), b"");
        assert_eq!(unique.status.code(), Some(0), "{args:?}: {}", text(&unique.stderr));
        for (puzzle, word) in [(SEVERAL, "multiple"), (NONE, "none")] {
            let out = sudoku(&[args, &[puzzle]].concat(), b"");
            assert_eq!(out.status.code(), Some(1), "{args:?} {word}: {}", text(&out.stderr));
            assert_eq!(status(&json_lines(&out)[0]), word, "{args:?}");
        }
    }
    // Counting is the question with --count: several solutions are its answer.
    let out = sudoku(&["solve", "--count", SEVERAL], b"");
    assert_eq!((out.status.code(), text(&out.stdout).trim()), (Some(0), "13"));
    // The widths are defined for any number of solutions.
    let out = sudoku(&["rate", "--metrics", "normal-width", SEVERAL], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Text: check names the puzzle that is not proper and counts each status.
    let out = sudoku(&["check", UNIQUE, SEVERAL, NONE], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "arg2:1: multiple: the puzzle has two or more solutions\narg3:1: none: the puzzle has no solution\n"
    );
    let err = text(&out.stderr);
    assert!(err.contains("checked 3 puzzles: 1 unique, 1 multiple, 1 none"), "{err}");
}

/// Empty input is said on standard error, for every subcommand that reads puzzles.
#[test]
fn empty_input_says_so() {
    for command in ["check", "solve", "rate", "explain", "hint", "canon"] {
        let out = sudoku(&[command], b"# only a comment\n\n");
        assert_eq!(out.status.code(), Some(0), "{command}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("sudoku {command}: no puzzles in the input")),
            "{command}: {err}"
        );
    }
}

/// The help of `rate --metrics`, of `band` and of `generate --energy` is made from the rating
/// catalogue and HoDoKu's level table: every rating and every level is named.
#[test]
fn help_texts_name_every_rating_and_level() {
    let help = |args: &[&str]| text(&sudoku(args, b"").stdout);
    let (rate, band, generate) =
        (help(&["rate", "--help"]), help(&["band", "--help"]), help(&["generate", "--help"]));
    for entry in sudoku_metrics::CATALOGUE {
        for (what, text) in [("rate", &rate), ("band", &band), ("generate", &generate)] {
            assert!(
                text.contains(&format!("{}: {}", entry.name, entry.about)),
                "{what}: {}",
                entry.name
            );
        }
    }
    for level in sudoku_logic::hodoku::Level::ALL {
        assert!(band.contains(&level.name().to_ascii_lowercase()), "band: {level}");
    }
}

/// A bad value lists the valid ones, and every error names its subcommand.
#[test]
fn bad_values_list_the_valid_ones_and_errors_name_the_subcommand() {
    let out = sudoku(&["band", "hodoku=diabolical"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("\"diabolical\" is not a HoDoKu level"), "{err}");
    assert!(err.contains("easy, medium, hard, unfair, extreme"), "{err}");
    let out = sudoku(&["rate", "--metrics", "bogus", UNIQUE], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.starts_with("sudoku rate: "), "{err}");
    assert!(err.contains("se-rating") && err.contains("hodoku-score"), "{err}");
    let out = sudoku(&["generate", "--energy", "bogus", "--steps", "1"], b"");
    assert!(text(&out.stderr).starts_with("sudoku generate: "), "{}", text(&out.stderr));
}

/// `band` prints each puzzle with its rating, in any format with both rulesets' ratings, and
/// per-technique counts on request.
#[test]
fn band_lines_carry_their_ratings_and_technique_counts() {
    let base = ["band", "--no-progress", "--seed", "3", "--count", "2"];
    let out = sudoku(&[&base[..], &["se-rating=1.0..2.0"]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for line in text(&out.stdout).lines() {
        let (puzzle, rating) = line.split_once('\t').expect("puzzle, tab, rating");
        assert_eq!(puzzle.len(), 81);
        let er: f64 = rating.split('/').next().unwrap().parse().expect("ER/EP/ED");
        assert!((1.0..=2.0).contains(&er), "{line}");
    }
    let json = sudoku(&[&base[..], &["se-rating=1.0..2.0", "--json"]].concat(), b"");
    let first = &json_lines(&json)[0];
    let formatted = sudoku(
        &[&base[..], &["se-rating=1.0..2.0", "-f", "%i %c %r/%p/%d %l %s|%g"]].concat(),
        b"",
    );
    let line = text(&formatted.stdout).lines().next().unwrap().to_string();
    let (fields, puzzle) = line.split_once('|').unwrap();
    assert_eq!(puzzle, first["puzzle"].as_str().unwrap());
    let f: Vec<&str> = fields.split(' ').collect();
    assert_eq!((f[0], f[1]), ("0", first["clues"].to_string().as_str()));
    let se = &first["se_rating"];
    assert_eq!(
        f[2],
        format!(
            "{:.1}/{:.1}/{:.1}",
            se["er"].as_f64().unwrap(),
            se["ep"].as_f64().unwrap(),
            se["ed"].as_f64().unwrap()
        )
    );
    let levels: Vec<String> =
        sudoku_logic::hodoku::Level::ALL.iter().map(|l| l.name().to_ascii_lowercase()).collect();
    assert!(levels.contains(&f[3].to_string()), "{line}");
    assert!(f[4].parse::<u32>().is_ok(), "{line}");
    // HoDoKu's level band shows its level and score; --stats the path's technique counts.
    let hodoku = sudoku(&[&base[..], &["hodoku=easy", "--stats"]].concat(), b"");
    let text_out = text(&hodoku.stdout);
    let lines: Vec<&str> = text_out.lines().collect();
    assert_eq!(lines.len(), 4, "{text_out}");
    assert!(lines[0].contains("\tEasy ("), "{}", lines[0]);
    assert!(
        lines[1].starts_with("  ") && lines[1].contains("Full House x")
            || lines[1].contains("Single x"),
        "{}",
        lines[1]
    );
    let stats = sudoku(&[&base[..], &["hodoku=easy", "--stats", "--json"]].concat(), b"");
    let record = &json_lines(&stats)[0];
    let steps: u64 =
        record["techniques"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    assert!(steps > 0, "{record}");
    let bad = sudoku(&[&base[..], &["se-rating=1.0..2.0", "-f", "%q"]].concat(), b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("use %g %v %r %p %d %l %s %c %i %t %m %k or %%"));
}

/// A resumed generation's `elapsed_s` goes on from where the run stopped.
#[test]
fn a_resumed_generation_keeps_its_elapsed_time() {
    let dir = temp_dir("elapsed");
    let (ckpt, best) = (dir.join("run.ckpt"), dir.join("best.jsonl"));
    let (ckpt, best) = (ckpt.to_str().unwrap(), best.to_str().unwrap());
    let start = ["generate", "--start", "random:20", "--energy", "depth", "--threads", "1"];
    let first =
        sudoku(&[&start[..], &["--steps", "2", "--checkpoint", ckpt, "--out", best]].concat(), b"");
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ckpt).unwrap()).unwrap();
    let before = saved["elapsed_s"].as_f64().expect("the checkpoint keeps the time");
    assert!(before > 0.0);
    let resumed = sudoku(&["generate", "--resume", ckpt, "--steps", "40"], b"");
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ckpt).unwrap()).unwrap();
    assert!(saved["elapsed_s"].as_f64().unwrap() > before, "the clock goes on");
    // Every line the resumed run wrote is later than the first run's time.
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(best)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let resumed_lines = lines.iter().filter(|l| l["step"].as_u64().unwrap() > 2);
    assert!(resumed_lines.clone().count() > 0, "the resumed run found better puzzles: {lines:?}");
    assert!(
        resumed_lines.into_iter().all(|l| l["elapsed_s"].as_f64().unwrap() >= before),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn band_needs_a_technique_and_gives_the_position_before_it() {
    // HoDoKu's names: every puzzle's HoDoKu path takes a Skyscraper, and the position printed
    // with --at-step has it as its next step.
    let out = sudoku(
        &[
            "band",
            "hodoku=hard..unfair",
            "--needs",
            "hodoku:sk",
            "--count",
            "2",
            "--no-progress",
            "--json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert_eq!(line["needs"], serde_json::json!(["hodoku:Skyscraper"]));
        let puzzle: sudoku_core::Grid = line["puzzle"].as_str().unwrap().parse().unwrap();
        let path = sudoku_logic::HodokuSolver::default().solve(&puzzle).expect("a path");
        let k = line["first_use"]["step"].as_u64().unwrap() as usize;
        assert_eq!(path.steps[k].technique.to_string(), "Skyscraper");
        assert!(path.steps[..k].iter().all(|s| s.technique.to_string() != "Skyscraper"));
        assert_eq!(line["first_use"]["marks"], path.marks_before(k).pencil_marks());
    }
    // Sudoku Explainer's names, as its hardest step, the position printed in its place.
    let out = sudoku(
        &[
            "band",
            "se-rating=1.0..4.0",
            "--needs",
            "explainer:X-Wing",
            "--hardest",
            "--at-step",
            "--no-progress",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let marks = stdout.split('\t').next().unwrap();
    assert_eq!(marks.len(), 729, "{stdout}");
    let hint = sudoku(&["hint", "--detail", "technique", marks], b"");
    assert_eq!(String::from_utf8_lossy(&hint.stdout), "X-Wing\n");
    assert!(stdout.contains("\t3.2/"), "the X-Wing is the hardest step: {stdout}");
    // A name neither ruleset knows is refused, naming it.
    let out = sudoku(&["band", "hodoku=hard", "--needs", "Sky Scraper"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown technique \"Sky Scraper\" for either ruleset"), "{err}");
}

#[test]
fn band_clues_makes_puzzles_of_that_many_clues_not_only_minimal_ones() {
    let out = sudoku(
        &[
            "band",
            "hodoku=easy..medium",
            "--clues",
            "26..30",
            "--count",
            "6",
            "--no-progress",
            "-f",
            "%g",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let puzzles: Vec<sudoku_core::Grid> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.parse().expect("a puzzle"))
        .collect();
    assert_eq!(puzzles.len(), 6);
    for p in &puzzles {
        assert!((26..=30).contains(&p.clue_count()), "{p}");
        assert!(sudoku_solve::solve(p).unique().is_some(), "unique: {p}");
    }
    assert!(puzzles.iter().any(|p| !sudoku_generate::is_minimal(p)), "some are not minimal");
    let out = sudoku(&["band", "hodoku=easy", "--clues", "12..30"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("\"12\" is not a clue count from 17 to 80")
    );
}

#[test]
fn band_makes_each_band_in_turn_in_one_run() {
    let out = sudoku(
        &[
            "band",
            "hodoku=easy",
            "hodoku=medium",
            "hodoku=hard",
            "--count",
            "2",
            "--json",
            "--no-progress",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let targets: Vec<String> =
        json_lines(&out).iter().map(|l| l["target"].as_str().unwrap().to_string()).collect();
    assert_eq!(
        targets,
        [
            "hodoku=easy",
            "hodoku=easy",
            "hodoku=medium",
            "hodoku=medium",
            "hodoku=hard",
            "hodoku=hard"
        ]
    );
    // Each band's list is its own: the same puzzles as asking for it alone.
    let alone = sudoku(&["band", "hodoku=medium", "--count", "2", "--json", "--no-progress"], b"");
    let puzzles = |o: &std::process::Output, skip| {
        json_lines(o).iter().skip(skip).take(2).map(|l| l["puzzle"].clone()).collect::<Vec<_>>()
    };
    assert_eq!(puzzles(&out, 2), puzzles(&alone, 0));
}
