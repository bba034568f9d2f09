#![cfg(feature = "serde")]

use sudoku_core::Grid;

#[test]
fn grid_serialises_as_its_line_form() {
    let text = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
    let grid: Grid = text.parse().unwrap();
    let json = serde_json::to_string(&grid).unwrap();
    assert_eq!(json, format!("\"{text}\""));
    assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
    let err = serde_json::from_str::<Grid>("\"55\"").unwrap_err();
    assert!(err.to_string().contains("expected 81 cells, found 2"), "{err}");
}
