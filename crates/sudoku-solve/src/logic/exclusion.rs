//! Aligned pair exclusion.

use std::ops::ControlFlow;

use sudoku_core::CandidateGrid;

use super::Hints;

pub(crate) fn aligned_pair_exclusion(_g: &CandidateGrid, _hints: &mut Hints) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
