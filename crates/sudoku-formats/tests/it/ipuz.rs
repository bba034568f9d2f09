//! The ipuz file follows the specification's Sudoku kind.

use serde_json::Value;
use sudoku_core::Grid;
use sudoku_formats::{Format, FormatErrorKind, Game, read, write};

use crate::util::{marked, top95};

const OPTIONAL_TEXT: [&str; 9] =
    ["title", "author", "copyright", "publisher", "date", "difficulty", "intro", "notes", "url"];

/// The required fields of every ipuz file and of the Sudoku kind, and the types the optional
/// ones must have (as the specification and its reference validator say).
fn check_sudoku_kind(v: &Value) {
    let obj = v.as_object().expect("a JSON object");
    let version = obj["version"].as_str().expect("version is a string");
    assert!(version.starts_with("http://ipuz.org/v"), "{version}");
    let kinds = obj["kind"].as_array().expect("kind is a list");
    assert!(
        kinds.iter().any(|k| k.as_str().is_some_and(|k| k.starts_with("http://ipuz.org/sudoku")))
    );
    for grid in ["puzzle", "saved", "solution"] {
        let Some(rows) = obj.get(grid) else {
            assert_ne!(grid, "puzzle", "puzzle is required");
            continue;
        };
        let rows = rows.as_array().expect("rows");
        assert_eq!(rows.len(), 9, "{grid}");
        for row in rows {
            let row = row.as_array().expect("a row");
            assert_eq!(row.len(), 9, "{grid}");
            for cell in row {
                let ok = match grid {
                    "saved" => {
                        cell.is_u64()
                            || cell.as_array().is_some_and(|l| l.iter().all(Value::is_u64))
                    }
                    _ => cell.as_u64().is_some_and(|d| d <= 9),
                };
                assert!(ok, "{grid}: {cell}");
            }
        }
    }
    let charset = obj["charset"].as_str().expect("charset is a string");
    assert_eq!(charset.chars().count(), 9);
    for flag in ["displaycharset", "boxes"] {
        assert!(obj[flag].is_boolean(), "{flag}");
    }
    for field in OPTIONAL_TEXT {
        assert!(obj.get(field).is_none_or(Value::is_string), "{field}");
    }
}

#[test]
fn written_files_have_the_fields_of_the_sudoku_kind() {
    let puzzle = top95()[0];
    let text = write(&[Game::new(puzzle)], Format::Ipuz).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    check_sudoku_kind(&v);
    assert_eq!(v["version"], "http://ipuz.org/v2");
    assert_eq!(v["kind"], serde_json::json!(["http://ipuz.org/sudoku#1"]));
    assert_eq!(v["puzzle"][0], serde_json::json!([4, 0, 0, 0, 0, 0, 8, 0, 5]));
    assert!(v.get("saved").is_none() && v.get("solution").is_none());

    let mut game = marked().remove(0);
    game.solution = Some(Grid::EMPTY);
    game.meta.difficulty = Some("Extreme".into());
    let v: Value = serde_json::from_str(&write(&[game], Format::Ipuz).unwrap()).unwrap();
    check_sudoku_kind(&v);
    assert_eq!(v["title"], "top95 #1");
    assert_eq!(v["difficulty"], "Extreme");
}

#[test]
fn a_file_without_a_required_field_says_which() {
    let base = serde_json::json!({
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/sudoku#1"],
        "puzzle": vec![vec![0; 9]; 9],
    });
    assert!(read(base.to_string().as_bytes(), Format::Ipuz)[0].is_ok());
    for field in ["version", "kind", "puzzle"] {
        let mut v = base.clone();
        v.as_object_mut().unwrap().remove(field);
        let err = read(v.to_string().as_bytes(), Format::Ipuz).remove(0).unwrap_err();
        assert_eq!(err.field.as_deref(), Some(field));
        assert_eq!(err.kind, FormatErrorKind::Missing { format: Format::Ipuz });
        assert_eq!(err.to_string(), format!("line 1, field {field}: missing (required by ipuz)"));
    }
    let mut crossword = base.clone();
    crossword["kind"] = serde_json::json!(["http://ipuz.org/crossword#1"]);
    let err = read(crossword.to_string().as_bytes(), Format::Ipuz).remove(0).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("kind"));
}

#[test]
fn givens_as_objects_charsets_and_jsonp_read() {
    let mut rows = vec![vec![serde_json::json!(0); 9]; 9];
    rows[0][0] = serde_json::json!({"given": "C", "style": {"shapebg": "circle"}});
    rows[0][1] = serde_json::json!("#");
    rows[8][8] = serde_json::json!("I");
    let v = serde_json::json!({
        "version": "http://ipuz.org/v1",
        "kind": ["http://ipuz.org/sudoku"],
        "charset": "ABCDEFGHI",
        "empty": "#",
        "puzzle": rows,
    });
    let text = format!("ipuz({v})");
    let game = read(text.as_bytes(), Format::Ipuz).remove(0).unwrap().game;
    assert_eq!(game.givens.to_string(), format!("3{}9", ".".repeat(79)));
}

#[test]
fn a_bad_cell_is_named_by_its_field() {
    let mut rows = vec![vec![serde_json::json!(0); 9]; 9];
    rows[2][5] = serde_json::json!(12);
    let v = serde_json::json!({"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"], "puzzle": rows});
    let text = serde_json::to_string_pretty(&v).unwrap();
    let err = read(text.as_bytes(), Format::Ipuz).remove(0).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("puzzle[2][5]"));
    assert_eq!(err.line, text.lines().position(|l| l.contains("\"puzzle\"")).unwrap() + 1);
}
