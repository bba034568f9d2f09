//! A bad puzzle is an error naming its line (and field), and never loses the good ones.

use sudoku_core::ParseGridError;
use sudoku_formats::{Format, FormatError, FormatErrorKind, Game, read, write};

use crate::util::{marked, top95};

/// The lines of the results, `Err` for errors.
fn lines(results: &[Result<sudoku_formats::Item, FormatError>]) -> Vec<Result<usize, usize>> {
    results.iter().map(|r| r.as_ref().map(|i| i.line).map_err(|e| e.line)).collect()
}

#[test]
fn sdm_and_hodoku_lines_keep_the_good_puzzles_around_a_bad_one() {
    let p = top95()[0].to_string().replace('.', "0");
    let text = format!("{p}\n{}x\n\n{p}\n", &p[..80]);
    let r = read(text.as_bytes(), Format::Sdm);
    assert_eq!(lines(&r), [Ok(1), Err(2), Ok(4)]);
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        FormatErrorKind::Grid(ParseGridError::InvalidChar { ch: 'x', line: 2, column: 81 })
    );

    let marked = marked();
    let mut text = write(&marked[..2], Format::Hodoku).unwrap();
    text.insert_str(0, ":0000:x:12:::\n");
    text.push_str("+5+5\n");
    let r = read(text.as_bytes(), Format::Hodoku);
    assert_eq!(lines(&r), [Err(1), Ok(2), Ok(3), Err(4)]);
    assert_eq!(
        r[0].as_ref().unwrap_err().to_string(),
        "line 1, field grid: expected 81 cells, found 2"
    );
}

#[test]
fn hodoku_deleted_candidates_are_checked() {
    let grid = top95()[0].to_string();
    let text = format!(":0000:x:{grid}:118 1x8:::\n");
    let e = read(text.as_bytes(), Format::Hodoku).remove(0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, field deleted: 1x8: expected <digit><row><column> such as 436"
    );
}

#[test]
fn opensudoku_games_fail_one_by_one_and_name_their_line() {
    let good = top95()[0].to_string().replace('.', "0");
    let text = format!(
        "<?xml version=\"1.0\"?>\n<opensudoku>\n  <name>set</name>\n  <game data=\"{good}\"/>\n  <game data=\"{}\"/>\n  <game/>\n  <game data=\"version: 9\n1|0|0|\"/>\n  <game data=\"{good}\"/>\n</opensudoku>\n",
        &good[..80]
    );
    let r = read(text.as_bytes(), Format::OpenSudoku);
    assert_eq!(lines(&r), [Ok(4), Err(5), Err(6), Err(7), Ok(9)]);
    assert_eq!(
        r[1].as_ref().unwrap_err().to_string(),
        "line 5, field data: expected 81 cells, found 80"
    );
    assert_eq!(
        r[2].as_ref().unwrap_err().to_string(),
        "line 6, field data: missing (required by opensudoku)"
    );
    assert!(
        r[3].as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("line 7, field data: version: 9: expected")
    );
    assert_eq!(r[0].as_ref().unwrap().game.meta.title.as_deref(), Some("set"));
}

#[test]
fn opensudoku_reads_every_cell_data_version() {
    let puzzle = top95()[0];
    let cells = |notes: &str, none: &str| {
        let mut s = String::new();
        for (i, c) in puzzle.to_string().chars().enumerate() {
            match c {
                '.' if i == 1 => s.push_str(&format!("7|{none}|1|")),
                '.' if i == 2 => s.push_str(&format!("0|{notes}|1|")),
                '.' => s.push_str(&format!("0|{none}|1|")),
                d => s.push_str(&format!("{d}|{none}|0|")),
            }
        }
        s
    };
    for data in [
        format!("version: 1&#10;{}", cells("2,3,", "-")),
        format!("version: 2\n{}", cells("6", "0").replace("|1|", "||1|")),
        format!("version: 3&#10;{}", cells("6", "0")),
    ] {
        let text = format!(
            "<opensudoku version=\"2\"><folder name=\"f\"><game data=\"{data}\" note=\"n\"/></folder></opensudoku>"
        );
        let game = read(text.as_bytes(), Format::OpenSudoku).remove(0).unwrap().game;
        assert_eq!(game.givens, puzzle);
        assert_eq!(game.placed.get(sudoku_core::Cell::new(1).unwrap()).map(|d| d.get()), Some(7));
        let marks = game.marks.expect("notes");
        assert_eq!(marks.get(sudoku_core::Cell::new(2).unwrap()).to_string(), "23");
        assert_eq!(
            (game.meta.title.as_deref(), game.meta.comment.as_deref()),
            (Some("f"), Some("n"))
        );
    }
}

#[test]
fn broken_xml_and_json_are_one_error_at_their_line() {
    let e = read(b"<opensudoku>\n<game data=\"1\">\n</opensudoku>", Format::OpenSudoku)
        .remove(0)
        .unwrap_err();
    assert_eq!(e.line, 3);
    assert!(matches!(e.kind, FormatErrorKind::Syntax { what: "XML", .. }), "{e}");
    let e = read(b"{\n\"version\": \n}", Format::Ipuz).remove(0).unwrap_err();
    assert_eq!(e.line, 3);
    let r = read(b"{\"puzzle\": 5}\nnot json\n{\"puzzle\": null}\n", Format::Json);
    assert_eq!(lines(&r), [Err(1), Err(2)]);
    assert_eq!(r[0].as_ref().unwrap_err().field.as_deref(), Some("puzzle"));
}

#[test]
fn one_puzzle_formats_say_what_is_wrong() {
    let rows: Vec<String> = top95()[0]
        .to_string()
        .as_bytes()
        .chunks(9)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    let sdk = format!("#Ame\n{}\n", rows[..8].join("\n"));
    assert_eq!(
        read(sdk.as_bytes(), Format::Sdk).remove(0).unwrap_err().to_string(),
        "line 2: grid has only 8 of 9 rows"
    );
    let sdk = format!("{}\n{}\n", rows.join("\n"), rows[0]);
    assert_eq!(
        read(sdk.as_bytes(), Format::Sdk).remove(0).unwrap_err().to_string(),
        "line 10: text after the puzzle (sdk holds one puzzle)"
    );
    let ss = format!("{}\n123|456|78\n", rows[..3].join("\n"));
    assert_eq!(
        read(ss.as_bytes(), Format::Ss).remove(0).unwrap_err().to_string(),
        "line 4: block row at line 4 has 8 cells, expected 9"
    );
    assert!(
        read(b"", Format::Sdk).is_empty()
            && read(b"\n\n", Format::Ss).is_empty()
            && read(b" ", Format::Ipuz).is_empty()
    );
    let two = [Game::new(top95()[0]), Game::new(top95()[1])];
    assert!(write(&two, Format::Ss).is_err() && write(&two, Format::Sdm).is_ok());
}

#[test]
fn frames_headers_and_sections_read() {
    let puzzle = top95()[1];
    let text = format!(
        "[Puzzle]\n{}\n[State]\n123456789\n",
        puzzle
            .pretty()
            .to_string()
            .lines()
            .filter(|l| !l.contains('-'))
            .map(|l| l.replace(['|', ' '], ""))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(read(text.as_bytes(), Format::Sdk).remove(0).unwrap().game.givens, puzzle);
    let framed = " *-----------*\n |.3.|4..|...|\n |9.2|8.6|3.1|\n |...|...|.2.|\n |---+---+---|\n |8..|.6.|7..|\n |.6.|2.5|.9.|\n |..3|.4.|..8|\n |---+---+---|\n |.7.|...|...|\n |4.8|9.2|5.6|\n |...|..8|.3.|\n *-----------*\n Simple Sudoku\n  Version 4.2n\n";
    let game = read(framed.as_bytes(), Format::Ss).remove(0).unwrap().game;
    assert_eq!(
        game.givens.to_string(),
        ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
    );
}

#[test]
fn hodoku_reads_its_pm_grid() {
    let pm = ".------------------.------------------.------------------.
| 19    7     169  | 2     156   3    | 459   8     49   |
| 3     4     5    | 7     9     8    | 1     2     6    |
| 2     169   8    | 16    4     156  | 3579  35    379  |
:------------------+------------------+------------------:
| 4     136   1367 | 5     1367  9    | 8     36    2    |
| 17    5     12367| 8     12367 4    | 367   9     37   |
| 8     369   23679| 36    2367  26   | 34567 3456  1    |
:------------------+------------------+------------------:
| 1579  139   13479| 13469 12356 1256 | 23469 346   8    |
| 159   8     1349 | 13469 12356 1256 | 23469 7     349  |
| 6     2     349  | 349   8     7    | 349   1     5    |
'------------------'------------------'------------------'
";
    let game = read(pm.as_bytes(), Format::Hodoku).remove(0).unwrap().game;
    assert_eq!(game.givens.clue_count(), 36);
    let marks = game.marks.unwrap();
    assert_eq!(marks.get(sudoku_core::Cell::new(0).unwrap()).to_string(), "19");
    assert_eq!(marks.get(sudoku_core::Cell::new(80 - 8).unwrap()).to_string(), "");
    // What HoDoKu prints reads back as it was written.
    let again =
        read(sudoku_formats::pm_grid(&game).as_bytes(), Format::Hodoku).remove(0).unwrap().game;
    assert_eq!(again, game);
}
