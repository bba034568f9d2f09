//! `sudoku convert` and the formats every puzzle-reading command takes (`--from`, or by
//! extension).

use crate::common::{sudoku, text};

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const OTHER: &str =
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("convert", name)
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn sdm_to_opensudoku_and_back_by_extension() {
    let dir = temp_dir("sdm");
    let sdm = dir.join("two.sdm");
    let zeros = |p: &str| p.replace('.', "0");
    std::fs::write(&sdm, format!("{}\n{}\n", zeros(GOOD), zeros(OTHER))).unwrap();
    let xml = dir.join("two.opensudoku");
    let out = sudoku(&["convert", path(&sdm), "--out", path(&xml)], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&xml).unwrap();
    assert!(written.contains("<opensudoku version=\"2\">"), "{written}");
    let out = sudoku(&["convert", path(&xml), "--to", "sdm"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), std::fs::read_to_string(&sdm).unwrap());
}

#[test]
fn stdin_to_stdout_with_named_formats() {
    // HoDoKu's `+` form: the placed digit goes into the ipuz file's saved grid.
    let hodoku = format!("+5{}\n", &OTHER[1..]);
    let out = sudoku(&["convert", "--from", "hodoku", "--to", "ipuz"], hodoku.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"][0], "http://ipuz.org/sudoku#1");
    assert_eq!(v["puzzle"][0][0], 0);
    assert_eq!(v["saved"][0][0], 5);
    // Back to lines, and guessed from the text when --from is not given.
    let out = sudoku(&["convert", "--to", "hodoku"], &out.stdout);
    assert_eq!(text(&out.stdout), hodoku);
    let out = sudoku(&["convert"], GOOD.as_bytes());
    assert_eq!(text(&out.stdout), format!("{GOOD}\n"));
}

#[test]
fn a_bad_entry_names_file_line_and_field_and_the_good_ones_are_written() {
    let dir = temp_dir("bad");
    let bad = dir.join("games.opensudoku");
    let zeros = GOOD.replace('.', "0");
    std::fs::write(
        &bad,
        format!(
            "<opensudoku>\n  <game data=\"{zeros}\"/>\n  <game data=\"{}\"/>\n  <game data=\"{zeros}\"/>\n</opensudoku>\n",
            &zeros[..80]
        ),
    )
    .unwrap();
    let out = sudoku(&["convert", path(&bad), "--to", "sdm"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!("sudoku convert: {}:3: field data: expected 81 cells, found 80\n", path(&bad))
    );
    assert_eq!(text(&out.stdout), format!("{zeros}\n{zeros}\n"));
    // Every command reads the file by its extension, and says the same in its record.
    let out = sudoku(&["check", "--json", path(&bad)], b"");
    assert_eq!(out.status.code(), Some(1));
    let records: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3);
    assert_eq!(
        (records[0]["line"].clone(), records[0]["status"].clone()),
        (2.into(), "unique".into())
    );
    assert_eq!(records[1]["line"], 3);
    assert_eq!(records[1]["error"]["message"], "field data: expected 81 cells, found 80");
    assert_eq!(records[2]["line"], 4);
}

#[test]
fn one_puzzle_formats_refuse_several_and_unknown_names_are_usage_errors() {
    let input = format!("{GOOD}\n{OTHER}\n");
    let out = sudoku(&["convert", "--to", "ss"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku convert: ss holds one puzzle per file, and there are 2\n"
    );
    let out = sudoku(&["convert", "--to", "pdf"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(
        "unknown format \"pdf\": use sdk, sdm, ss, opensudoku, ipuz, hodoku, line, json"
    ));
    let out = sudoku(&["convert", "--from", "sdk"], b"\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "sudoku convert: no puzzles in the input (sdk)\n");
}

#[test]
fn from_reads_other_formats_on_every_command() {
    let sdk = format!(
        "#AJohn\n{}\n",
        GOOD.as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8_lossy(c))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let out = sudoku(&["solve", "--from", "sdk", "-"], sdk.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let plain = sudoku(&["solve", GOOD], b"");
    assert_eq!(out.stdout, plain.stdout);
    // Pencil marks from HoDoKu's library line reach the logical solver as marks.
    let marks: String = {
        let lib = format!(":0000:x:{GOOD}:118 128:::\n");
        let out = sudoku(&["convert", "--from", "hodoku", "--to", "line"], lib.as_bytes());
        text(&out.stdout)
    };
    assert_eq!(marks.trim().len(), 729);
    let out = sudoku(
        &["check", "--from", "hodoku", "--json", "-"],
        format!(":0000:x:{GOOD}:118 128:::\n").as_bytes(),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["puzzle"], marks.trim());
    // Without --from, a .txt file and standard input are read as lines, as before.
    let out = sudoku(&["check", "--from", "line", "--json", "-"], format!("{GOOD}\n").as_bytes());
    let before = sudoku(&["check", "--json", "-"], format!("{GOOD}\n").as_bytes());
    assert_eq!(out.stdout, before.stdout);
}
