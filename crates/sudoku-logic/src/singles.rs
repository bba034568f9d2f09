//! Singles: the last cell of a unit, hidden singles, naked singles.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, Digit, Unit};

use super::{Hints, Step, Technique, increments};

/// A hidden single in `unit` (a last cell when it is the unit's only empty cell): harder in
/// a row or column than in a box.
fn single_step(unit: Unit, cell: Cell, digit: Digit, alone: bool) -> Step {
    if alone {
        return Step::single(Technique::LastCell, (cell, digit), &[unit]);
    }
    let step = Step::single(Technique::HiddenSingle, (cell, digit), &[unit]);
    if matches!(unit, Unit::Box(_)) { step } else { step.harder(increments::IN_A_LINE) }
}

/// Each region's cells (in `Unit::EXPLAINER_ORDER` order) as a bitset.
const REGION_BITS: [u128; 27] = {
    let mut t = [0; 27];
    let mut k = 0;
    while k < 27 {
        t[k] = Unit::EXPLAINER_ORDER[k].cell_set().bits();
        k += 1;
    }
    t
};

/// Last cells of units first, then hidden singles; boxes, columns, rows; digits in order.
pub(crate) fn hidden_singles(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    let empty = g.empty_cells().bits();
    // By bit k (the k-th region of `Unit::EXPLAINER_ORDER`): the regions with exactly one
    // empty cell, and those with more (a full region has no candidates).
    let (mut alone, mut open) = (0u32, 0u32);
    for (k, &bits) in REGION_BITS.iter().enumerate() {
        let left = empty & bits;
        if left & left.wrapping_sub(1) != 0 {
            open |= 1 << k;
        } else if left != 0 {
            alone |= 1 << k;
        }
    }
    for (regions, is_alone) in [(alone, true), (open, false)] {
        let mut m = regions;
        while m != 0 {
            let unit = Unit::EXPLAINER_ORDER[m.trailing_zeros() as usize];
            m &= m - 1;
            for d in g.digit_places(unit).once {
                let cell = g.unit_positions(unit, d).first().expect("one place");
                hints.add(single_step(unit, cell, d, is_alone))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Cells with one candidate, in row-major order.
pub(crate) fn naked_singles(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    for (cell, d) in g.naked_singles() {
        hints.add(naked_single(cell, d))?;
    }
    ControlFlow::Continue(())
}

fn naked_single(cell: Cell, digit: Digit) -> Step {
    Step::single(Technique::NakedSingle, (cell, digit), &[])
}
