//! Integration tests of sudoku-core.

mod canon;
mod props;
mod rules;
mod serde;
mod symmetry;

#[test]
fn error_types_are_send_sync_static() {
    fn check<T: Send + Sync + 'static + std::error::Error>() {}
    check::<sudoku_core::ParseGridError>();
    check::<sudoku_core::LineError>();
    check::<sudoku_core::SolutionError>();
    check::<sudoku_core::TransformError>();
    check::<sudoku_core::ParseCellError>();
    check::<sudoku_core::ParseMarksError>();
    check::<sudoku_core::ParseStatusError>();
    check::<sudoku_core::RulesError>();
    check::<sudoku_core::UnsupportedRules>();
}
