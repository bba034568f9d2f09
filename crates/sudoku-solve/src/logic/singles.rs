//! Singles: the last cell of a unit, hidden singles, naked singles.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Unit};

use super::hints::REGIONS;
use super::{Hints, Step, Technique};

/// Difficulty of a hidden single in `unit` (1.0 when it is the unit's last empty cell).
pub(crate) fn hidden_single_tenths(unit: Unit, alone: bool) -> u16 {
    match (alone, unit) {
        (true, _) => 10,
        (false, Unit::Box(_)) => 12,
        _ => 15,
    }
}

/// The hidden single for `digit` in `unit`, if its positions there are one cell.
pub(crate) fn hidden_single(g: &CandidateGrid, unit: Unit, digit: Digit) -> Option<Step> {
    let positions = g.unit_positions(unit, digit);
    if positions.len() != 1 {
        return None;
    }
    let cell = positions.first().expect("one cell");
    let alone = g.empty_cells().intersection(unit.cell_set()).len() == 1;
    let technique = if alone { Technique::LastCell } else { Technique::HiddenSingle };
    Some(
        Step::new(technique, hidden_single_tenths(unit, alone))
            .with_pattern(CellSet::single(cell), DigitSet::single(digit))
            .with_units(&[unit])
            .place(cell, digit),
    )
}

/// Last cells of units first, then hidden singles; boxes, columns, rows; digits in order.
pub(crate) fn hidden_singles(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    for alone_pass in [true, false] {
        for unit in REGIONS {
            let alone = g.empty_cells().intersection(unit.cell_set()).len() == 1;
            if alone != alone_pass {
                continue;
            }
            for d in Digit::ALL {
                if let Some(step) = hidden_single(g, unit, d) {
                    hints.add(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Cells with one candidate, in row-major order.
pub(crate) fn naked_singles(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    for cell in g.empty_cells() {
        if let Some(d) = g.candidates(cell).as_single() {
            hints.add(naked_single(cell, d))?;
        }
    }
    ControlFlow::Continue(())
}

fn naked_single(cell: Cell, digit: Digit) -> Step {
    Step::new(Technique::NakedSingle, 23)
        .with_pattern(CellSet::single(cell), DigitSet::single(digit))
        .place(cell, digit)
}
