//! Unique rectangles and loops.

use std::ops::ControlFlow;

use sudoku_core::CandidateGrid;

use super::Hints;

pub(crate) fn unique_loops(_g: &CandidateGrid, _hints: &mut Hints) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
