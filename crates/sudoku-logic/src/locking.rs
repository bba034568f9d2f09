//! Locked candidates: pointing (a box's candidates for a digit lie in one line) and claiming
//! (a line's lie in one box), and their direct forms, which count only when the elimination
//! leaves a hidden single in a parallel unit and place it at once.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Unit};

use super::{Hints, Step, Technique};

/// The crossing (source, target) unit pairs in Sudoku Explainer's order: box to column, box to
/// row, column to box, row to box.
const PAIRS: [(Unit, Unit); 108] = {
    let mut t = [(Unit::Box(0), Unit::Box(0)); 108];
    let mut k = 0;
    let mut b = 0;
    while b < 9 {
        let mut i = 0;
        while i < 3 {
            t[k] = (Unit::Box(b), Unit::Col(b % 3 * 3 + i));
            t[27 + k] = (Unit::Box(b), Unit::Row(b / 3 * 3 + i));
            k += 1;
            i += 1;
        }
        b += 1;
    }
    let mut l = 0;
    while l < 9 {
        let mut i = 0;
        while i < 3 {
            // Column l crosses boxes l/3, l/3 + 3, l/3 + 6; row l crosses 3(l/3) .. 3(l/3) + 2.
            t[54 + l as usize * 3 + i as usize] = (Unit::Col(l), Unit::Box(l / 3 + 3 * i));
            t[81 + l as usize * 3 + i as usize] = (Unit::Row(l), Unit::Box(l / 3 * 3 + i));
            i += 1;
        }
        l += 1;
    }
    t
};

/// For each pair of [`PAIRS`], the two other units of the source's kind that cross its
/// target (in order): where a direct form may leave a single.
const CROSSING: [[Unit; 2]; 108] = {
    let mut t = [[Unit::Box(0); 2]; 108];
    let mut k = 0;
    while k < 108 {
        let (source, target) = PAIRS[k];
        let mut n = 0;
        let mut i = 0;
        while i < 9 {
            let other = match source {
                Unit::Box(_) => Unit::Box(i),
                Unit::Row(_) => Unit::Row(i),
                Unit::Col(_) => Unit::Col(i),
            };
            let crosses = other.cell_set().bits() & target.cell_set().bits() != 0;
            if other.index() != source.index() && crosses {
                t[k][n] = other;
                n += 1;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

fn locking_step(
    g: &CandidateGrid,
    technique: Technique,
    source: Unit,
    target: Unit,
    positions: CellSet,
    d: Digit,
) -> Step {
    let victims = g.unit_positions(target, d).difference(source.cell_set());
    Step::new(technique)
        .with_pattern(positions, DigitSet::single(d))
        .with_units(&[source, target])
        .eliminate_all(victims, d)
}

/// For each pair of [`PAIRS`], the digits with two or more places in the source, all in the
/// target: from the candidate unions of the source's three segments (box rows or columns, or a
/// line's three boxes), without a look at any digit's cells.
fn locked_digits(g: &CandidateGrid) -> [u16; 108] {
    let mut out = [0u16; 108];
    let mask = |c: Cell| g.candidates(c).bits();
    for i in 0..9usize {
        // Box i: segment unions by box row and by box column, and digits seen twice.
        let cells = Unit::Box(i as u8).cells();
        let (mut once, mut twice) = (0u16, 0u16);
        let (mut rows, mut cols) = ([0u16; 3], [0u16; 3]);
        for (k, &c) in cells.iter().enumerate() {
            let m = mask(c);
            twice |= once & m;
            once |= m;
            rows[k / 3] |= m;
            cols[k % 3] |= m;
        }
        for k in 0..3 {
            let others = |seg: &[u16; 3]| seg[(k + 1) % 3] | seg[(k + 2) % 3];
            out[i * 3 + k] = twice & cols[k] & !others(&cols);
            out[27 + i * 3 + k] = twice & rows[k] & !others(&rows);
        }
        // Column i and row i: segment unions by box.
        for (base, unit) in [(54, Unit::Col(i as u8)), (81, Unit::Row(i as u8))] {
            let (mut once, mut twice, mut segs) = (0u16, 0u16, [0u16; 3]);
            for (k, &c) in unit.cells().iter().enumerate() {
                let m = mask(c);
                twice |= once & m;
                once |= m;
                segs[k / 3] |= m;
            }
            for k in 0..3 {
                out[base + i * 3 + k] = twice & segs[k] & !(segs[(k + 1) % 3] | segs[(k + 2) % 3]);
            }
        }
    }
    out
}

/// The digits of a mask, lowest first.
fn digits_of(mut m: u16) -> impl Iterator<Item = Digit> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = Digit::from_index(m.trailing_zeros() as usize);
            m &= m - 1;
            d
        })
    })
}

/// Pointing and claiming.
pub(crate) fn locking(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    let locked = locked_digits(g);
    let changed = hints.changed_digits();
    for (k, (source, target)) in PAIRS.into_iter().enumerate() {
        let pointing = matches!(source, Unit::Box(_));
        let technique = if pointing { Technique::Pointing } else { Technique::Claiming };
        // What a digit's locked candidates do depends on its own places alone.
        for d in digits_of(locked[k] & changed) {
            let positions = g.unit_positions(source, d);
            if g.unit_positions(target, d).difference(positions).is_empty() {
                continue;
            }
            let step = locking_step(g, technique, source, target, positions, d);
            if !step.eliminations.is_empty() {
                hints.add(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Direct pointing and direct claiming: the elimination leaves the digit one
/// place in another unit of the source's kind crossing the target; the step places it.
pub(crate) fn direct_locking(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    let locked = locked_digits(g);
    let changed = hints.changed_digits();
    for (k, (source, target)) in PAIRS.into_iter().enumerate() {
        let pointing = matches!(source, Unit::Box(_));
        let technique =
            if pointing { Technique::DirectPointing } else { Technique::DirectClaiming };
        // What a digit's locked candidates do depends on its own places alone.
        for d in digits_of(locked[k] & changed) {
            let positions = g.unit_positions(source, d);
            for other in CROSSING[k] {
                let there = g.unit_positions(other, d);
                let left = there.difference(target.cell_set());
                // One place left of two or more.
                if let Some(cell) = left.as_single()
                    && there != left
                {
                    // Sudoku Explainer 1.2.1 places the single and leaves the locked
                    // candidates' other eliminations to later steps.
                    let mut step = locking_step(g, technique, source, target, positions, d);
                    step.eliminations.clear();
                    step.units.push(other);
                    hints.add(step.place(cell, d))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
