//! Singles: the last cell of a unit, hidden singles, naked singles.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, Digit, Unit};

use super::{Hints, Step, Technique, techniques};

/// A hidden single in `unit` (a last cell when it is the unit's only empty cell): harder in
/// a row or column than in a box.
fn single_step(unit: Unit, cell: Cell, digit: Digit, alone: bool) -> Step {
    if alone {
        return Step::single(Technique::LastCell, (cell, digit), &[unit]);
    }
    let step = Step::single(Technique::HiddenSingle, (cell, digit), &[unit]);
    if matches!(unit, Unit::Box(_)) { step } else { step.harder(techniques::IN_A_LINE) }
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
    let alone = |k: usize| {
        let left = empty & REGION_BITS[k];
        left != 0 && left & (left - 1) == 0
    };
    for alone_pass in [true, false] {
        for (k, &unit) in Unit::EXPLAINER_ORDER.iter().enumerate() {
            if alone(k) != alone_pass {
                continue;
            }
            for d in g.digit_places(unit).once {
                let cell = g.unit_positions(unit, d).first().expect("one place");
                hints.add(single_step(unit, cell, d, alone_pass))?;
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
