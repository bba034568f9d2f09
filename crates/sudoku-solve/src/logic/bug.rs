//! Bivalue universal grave.

use std::ops::ControlFlow;

use sudoku_core::CandidateGrid;

use super::Hints;

pub(crate) fn bug(_g: &CandidateGrid, _hints: &mut Hints) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
