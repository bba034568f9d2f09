//! Locked candidates: pointing (a box's candidates for a digit lie in one line) and claiming
//! (a line's lie in one box), and their direct forms, which count only when the elimination
//! leaves a hidden single in a parallel unit and place it at once.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, CellSet, Digit, DigitSet, Unit};

use super::{Hints, Step, Technique};

/// The (source, target) unit kinds in Sudoku Explainer's order: box to column, box to row,
/// column to box, row to box.
fn pairs() -> impl Iterator<Item = (Unit, Unit)> {
    let boxes = (0..9u8).map(Unit::Box);
    let cross = |a: Unit, b: Unit| !a.cell_set().intersection(b.cell_set()).is_empty();
    let box_col = boxes.clone().flat_map(move |b| {
        (0..9u8).map(Unit::Col).filter(move |&c| cross(b, c)).map(move |c| (b, c))
    });
    let box_row = boxes.clone().flat_map(move |b| {
        (0..9u8).map(Unit::Row).filter(move |&r| cross(b, r)).map(move |r| (b, r))
    });
    let col_box = (0..9u8).map(Unit::Col).flat_map(move |c| {
        (0..9u8).map(Unit::Box).filter(move |&b| cross(c, b)).map(move |b| (c, b))
    });
    let row_box = (0..9u8).map(Unit::Row).flat_map(move |r| {
        (0..9u8).map(Unit::Box).filter(move |&b| cross(r, b)).map(move |b| (r, b))
    });
    box_col.chain(box_row).chain(col_box).chain(row_box)
}

/// Units of the same kind as `unit`.
fn same_kind(unit: Unit) -> impl Iterator<Item = Unit> {
    (0..9u8).map(move |i| match unit {
        Unit::Box(_) => Unit::Box(i),
        Unit::Row(_) => Unit::Row(i),
        Unit::Col(_) => Unit::Col(i),
    })
}

/// The locked digit's positions in `source`, if there are two or more and all lie in `target`.
fn locked(g: &CandidateGrid, source: Unit, target: Unit, d: Digit) -> Option<CellSet> {
    let positions = g.unit_positions(source, d);
    (positions.len() > 1 && positions.difference(target.cell_set()).is_empty()).then_some(positions)
}

fn locking_step(
    g: &CandidateGrid,
    technique: Technique,
    tenths: u16,
    source: Unit,
    target: Unit,
    positions: CellSet,
    d: Digit,
) -> Step {
    let victims = g.unit_positions(target, d).difference(source.cell_set());
    Step::new(technique, tenths)
        .with_pattern(positions, DigitSet::single(d))
        .with_units(&[source, target])
        .eliminate_all(victims, d)
}

/// Pointing (2.6) and claiming (2.8).
pub(crate) fn locking(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    for (source, target) in pairs() {
        let pointing = matches!(source, Unit::Box(_));
        let (technique, tenths) =
            if pointing { (Technique::Pointing, 26) } else { (Technique::Claiming, 28) };
        for d in Digit::ALL {
            let Some(positions) = locked(g, source, target, d) else { continue };
            let step = locking_step(g, technique, tenths, source, target, positions, d);
            if !step.eliminations.is_empty() {
                hints.add(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Direct pointing (1.7) and direct claiming (1.9): the elimination leaves the digit one
/// place in another unit of the source's kind crossing the target; the step places it.
pub(crate) fn direct_locking(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    for (source, target) in pairs() {
        let pointing = matches!(source, Unit::Box(_));
        let (technique, tenths) = if pointing {
            (Technique::DirectPointing, 17)
        } else {
            (Technique::DirectClaiming, 19)
        };
        for d in Digit::ALL {
            let Some(positions) = locked(g, source, target, d) else { continue };
            for other in same_kind(source) {
                if other == source || other.cell_set().intersection(target.cell_set()).is_empty() {
                    continue;
                }
                let there = g.unit_positions(other, d);
                let left = there.difference(target.cell_set());
                if there.len() > 1 && left.len() == 1 {
                    let cell = left.first().expect("one cell");
                    // Sudoku Explainer 1.2.1 places the single and leaves the locked
                    // candidates' other eliminations to later steps.
                    let mut step = locking_step(g, technique, tenths, source, target, positions, d);
                    step.eliminations.clear();
                    step.units.push(other);
                    hints.add(step.place(cell, d))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
