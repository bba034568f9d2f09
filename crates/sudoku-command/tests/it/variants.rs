//! `--rules`: solve and check under variant rules, jigsaw layouts from a file, and the
//! subcommands that do not support variants yet saying so.

use crate::common::{json_lines, sudoku, temp_dir, text};

/// An X-Sudoku (ER 9.3 in ../shared/data/variants/x.txt): unique under its rules only.
const X: &str = "1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5....";
const X_SOLUTION: &str =
    "172396458638425719549187632427539186891642573365718924713864295954273861286951347";

/// A jigsaw puzzle of ../shared/data/variants/jigsaw.txt, its layout and solution.
const JIGSAW: &str =
    ".....6..2..52..4...................84..8..3......7........5....6.8....9..........";
const LAYOUT: &str =
    "111222333114222333114252233114456636444456666455558886757588896777889999777789999";
const JIGSAW_SOLUTION: &str =
    "547196832165283479839724516921347658476819325253671984384952761618435297792568143";

#[test]
fn solve_and_check_take_rules() {
    let out = sudoku(&["solve", "--rules", "x", X], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{X_SOLUTION}\n"));
    // Classic Sudoku: several solutions.
    let out = sudoku(&["solve", X], b"");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(1), "multiple\n".to_string()));
    let out = sudoku(&["solve", "--rules", "classic", X], b"");
    assert_eq!(text(&out.stdout), "multiple\n");
    let out = sudoku(&["check", "--json", "--rules", "x", X], b"");
    let rec = &json_lines(&out)[0];
    assert_eq!((rec["status"].as_str(), rec["rules"].as_str()), (Some("unique"), Some("x")));
    // Classic records carry no rules field.
    let out = sudoku(&["check", "--json", X], b"");
    assert!(json_lines(&out)[0].get("rules").is_none());
    let out =
        sudoku(&["solve", "--count", "--limit", "5", "--rules", "windoku", &".".repeat(81)], b"");
    assert_eq!(text(&out.stdout), "5+\n");
}

#[test]
fn a_jigsaw_layout_comes_inline_or_from_a_file() {
    let inline = format!("jigsaw:{LAYOUT}");
    let out = sudoku(&["solve", "--rules", &inline, JIGSAW], b"");
    assert_eq!(text(&out.stdout), format!("{JIGSAW_SOLUTION}\n"), "{}", text(&out.stderr));
    let dir = temp_dir("variants", "layout");
    let file = dir.join("layout.txt");
    let rows: Vec<&str> = (0..9).map(|r| &LAYOUT[r * 9..r * 9 + 9]).collect();
    std::fs::write(&file, rows.join("\n") + "\n").unwrap();
    let spec = format!("jigsaw:@{}", file.display());
    let out = sudoku(&["solve", "--json", "--rules", &spec, JIGSAW], b"");
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["solution"].as_str(), Some(JIGSAW_SOLUTION));
    assert_eq!(rec["rules"].as_str(), Some(inline.as_str()));
    // The solution repeats digits in 3x3 boxes: fine under its layout, not as a classic grid.
    let out = sudoku(&["check", "--json", "--rules", &inline, JIGSAW_SOLUTION], b"");
    assert_eq!(json_lines(&out)[0]["status"], "unique");
    let out = sudoku(&["check", "--json", JIGSAW_SOLUTION], b"");
    assert_eq!(json_lines(&out)[0]["status"], "invalid");
}

#[test]
fn givens_that_clash_under_the_rules_are_invalid() {
    // 1 at A1 and I9: fine in classic Sudoku, two 1s on a diagonal under x.
    let clash = format!("1{}1", ".".repeat(79));
    let out = sudoku(&["check", "--json", "--rules", "x", &clash], b"");
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["status"], "invalid");
    assert_eq!(
        rec["error"]["message"],
        "conflicting givens: digit 1 appears twice in diagonal A1-I9, at A1 and I9"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn canon_takes_the_variants_symmetries() {
    // The half turn is a symmetry of X-Sudoku: the turned puzzle has the same form. A swap
    // of rows 1 and 2 is not: it is another puzzle (with no solution under X).
    let turned: String = X.chars().rev().collect();
    let swapped = format!("{}{}{}", &X[9..18], &X[..9], &X[18..]);
    let out = sudoku(&["canon", "--rules", "x", X, &turned, &swapped], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let forms: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(forms.len(), 3);
    assert_eq!(forms[0], forms[1]);
    assert_ne!(forms[0], forms[2]);
    // Classic canon puts all three in one class.
    let out = sudoku(&["canon", "--dedup", X, &turned, &swapped], b"");
    assert_eq!(text(&out.stdout).lines().count(), 1);
    let out = sudoku(&["canon", "--dedup", "--rules", "x", X, &turned, &swapped], b"");
    assert_eq!(text(&out.stdout).lines().count(), 2);
    // JSON: the form's rules; under jigsaw, the moved layout, also on the text line.
    let out = sudoku(&["canon", "--json", "--rules", "x", X], b"");
    let rec = &json_lines(&out)[0];
    assert_eq!(
        (rec["canonical"].as_str(), rec["canonical_rules"].as_str()),
        (Some(&*forms[0]), Some("x"))
    );
    let jigsaw = format!("jigsaw:{LAYOUT}");
    let transposed: String =
        (0..81).map(|i| JIGSAW.as_bytes()[i % 9 * 9 + i / 9] as char).collect();
    let t_layout: String = (0..81).map(|i| LAYOUT.as_bytes()[i % 9 * 9 + i / 9] as char).collect();
    let a = sudoku(&["canon", "--json", "--rules", &jigsaw, JIGSAW], b"");
    let b =
        sudoku(&["canon", "--json", "--rules", &format!("jigsaw:{t_layout}"), &transposed], b"");
    let (a, b) = (&json_lines(&a)[0], &json_lines(&b)[0]);
    assert_eq!(a["status"], "ok", "{a}");
    assert_eq!((&a["canonical"], &a["canonical_rules"]), (&b["canonical"], &b["canonical_rules"]));
    let line = text(&sudoku(&["canon", "--rules", &jigsaw, JIGSAW], b"").stdout);
    let layout = a["canonical_rules"].as_str().unwrap().trim_start_matches("jigsaw:");
    assert_eq!(line, format!("{} {layout}\n", a["canonical"].as_str().unwrap()));
}

#[test]
fn bad_specs_and_unsupported_subcommands_are_errors() {
    let out = sudoku(&["solve", "--rules", "queen", X], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown rule \"queen\": the rules are classic, x,"));
    let out = sudoku(&["solve", "--rules", "jigsaw:123", X], b"");
    assert!(text(&out.stderr).contains("not 3 characters"), "{}", text(&out.stderr));
    let out = sudoku(&["solve", "--rules", "jigsaw:@/no/such/layout", X], b"");
    assert!(text(&out.stderr).contains("cannot read the jigsaw layout /no/such/layout"));
    for cmd in ["rate", "explain", "hint"] {
        let out = sudoku(&[cmd, "--rules", "windoku", X], b"");
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "sudoku {cmd}: {cmd} does not support variant rules yet (given --rules windoku)\n"
            )
        );
        // Classic rules are the default, spelled out or not.
        let out = sudoku(&[cmd, "--rules", "classic", X], b"");
        assert!(!text(&out.stderr).contains("variant"), "{cmd}");
    }
    let out = sudoku(&["solve", "--method", "sa", "--rules", "x", X], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = sudoku(&["check", "--rules", "x", "--progress", X, X], b"");
    assert!(text(&out.stderr).contains("check --progress does not support variant rules yet"));
}

#[test]
fn puzzle_files_in_other_formats_are_checked_under_the_rules() {
    // A SadMan .sdk grid with a 1 at both ends of the main diagonal: fine in classic Sudoku,
    // a clash under x, reported at its line.
    let dir = temp_dir("variants", "sdk");
    let clash = dir.join("clash.sdk");
    let rows: Vec<String> = (0..9)
        .map(|r| match r {
            0 => "1........".to_string(),
            8 => "........1".to_string(),
            _ => ".".repeat(9),
        })
        .collect();
    std::fs::write(&clash, rows.join("\n") + "\n").unwrap();
    let out = sudoku(&["check", "--rules", "x", clash.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains(
            "clash.sdk:1: invalid: conflicting givens: digit 1 appears twice in diagonal A1-I9, at A1 and I9"
        ),
        "{}",
        text(&out.stdout)
    );
    let out = sudoku(&["check", clash.to_str().unwrap()], b"");
    assert!(text(&out.stdout).contains("multiple"), "{}", text(&out.stdout));
}

#[test]
fn json_records_carry_their_rules() {
    // check's record says its rules; the next command reads the puzzle under them.
    let out = sudoku(&["check", "--json", "--rules", "x", X], b"");
    let record = out.stdout.clone();
    let out = sudoku(&["solve", "-"], &record);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), format!("{X_SOLUTION}\n")));
    let out = sudoku(&["canon", "--json", "-"], &record);
    assert_eq!(json_lines(&out)[0]["canonical_rules"], "x");
    // A record's own rules win over --rules; classic is a rules value too.
    let classic = format!("{{\"puzzle\":\"{X}\",\"rules\":\"classic\"}}\n");
    let out = sudoku(&["solve", "--rules", "x", "-"], classic.as_bytes());
    assert_eq!(text(&out.stdout), "multiple\n");
    // A jigsaw record: its layout is in its rules, and its givens may repeat in a box.
    let jigsaw = format!("{{\"puzzle\":\"{JIGSAW}\",\"rules\":\"jigsaw:{LAYOUT}\"}}\n");
    let out = sudoku(&["solve", "-"], jigsaw.as_bytes());
    assert_eq!(text(&out.stdout), format!("{JIGSAW_SOLUTION}\n"), "{}", text(&out.stderr));
    // The commands without variants refuse such a line, and read the others.
    let both = format!("{}{X_SOLUTION}\n", text(&record));
    let out = sudoku(&["rate", "--metrics", "depth", "-"], both.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(
            "-:1: invalid: rate does not support variant rules yet (the record's rules x)"
        ),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(text(&out.stdout).lines().count(), 3, "a header and two lines");
    let out = sudoku(&["solve", "--method", "sa", "-"], &record);
    assert!(
        text(&out.stdout).contains("does not support variant rules yet (the record's rules x)")
    );
    // A field that is not a spec is the line's error.
    let bad = format!("{{\"puzzle\":\"{X}\",\"rules\":\"queen\"}}\n");
    let out = sudoku(&["check", "-"], bad.as_bytes());
    assert!(
        text(&out.stdout).contains("-:1: invalid: field rules: unknown rule \"queen\""),
        "{}",
        text(&out.stdout)
    );
}
