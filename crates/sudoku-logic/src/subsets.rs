//! Naked and hidden sets (pairs, triples, quads) and basic fish (X-wing, swordfish,
//! jellyfish), scanned in Sudoku Explainer's order: boxes, columns, rows; tuples in
//! increasing bitmask order.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Unit};

use super::hints::{empty_in, for_each_combination};
use super::{Hints, Step, Technique};

fn naked(size: usize) -> Technique {
    match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden(size: usize, direct: bool) -> Technique {
    match (size, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

fn fish_kind(size: usize) -> Technique {
    match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// Naked sets of `size`: `size` cells of a unit (with two candidates or more) whose
/// candidates are `size` digits; those digits leave the unit's other cells. Only in units
/// with at least twice `size` empty cells (else the hidden set is the smaller pattern).
pub(crate) fn naked_sets(g: &CandidateGrid, size: usize, hints: &mut Hints) -> ControlFlow<()> {
    let technique = naked(size);
    let changed = hints.changed_cells();
    for unit in Unit::EXPLAINER_ORDER {
        // A unit's sets depend on its cells alone.
        if unit.cell_set().intersection(changed).is_empty() || empty_in(g, unit) < 2 * size {
            continue;
        }
        let mut cells = [Cell::new(0).expect("cell"); 9];
        let mut n = 0;
        for &c in unit.cells() {
            if (2..=size).contains(&g.candidates(c).len()) {
                cells[n] = c;
                n += 1;
            }
        }
        for_each_combination(n, size, |pick| {
            let mut digits = DigitSet::EMPTY;
            let mut set = CellSet::EMPTY;
            for &i in pick {
                digits = digits.union(g.candidates(cells[i]));
                set.insert(cells[i]);
            }
            if digits.len() != size {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(technique).with_units(&[unit]);
            for c in set {
                step = step.with_pattern(CellSet::single(c), g.candidates(c));
            }
            for d in digits {
                step = step.eliminate_all(g.unit_positions(unit, d).difference(set), d);
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            hints.add(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// Hidden sets of `size`: `size` digits of a unit (each with two to `size` places) confined
/// to `size` cells; the cells lose their other candidates. Only in units with more than twice
/// `size` empty cells.
///
/// The direct forms (`direct`, pairs and triples) count only when cleaning the cells would
/// leave another digit a single place in the unit; they place that digit and nothing else.
pub(crate) fn hidden_sets(
    g: &CandidateGrid,
    size: usize,
    direct: bool,
    hints: &mut Hints,
) -> ControlFlow<()> {
    let technique = hidden(size, direct);
    let changed = hints.changed_cells();
    for unit in Unit::EXPLAINER_ORDER {
        // A unit's sets (and the single a direct one leaves) depend on its cells alone.
        if unit.cell_set().intersection(changed).is_empty() {
            continue;
        }
        let empty = empty_in(g, unit);
        if !(empty > 2 * size || (direct && empty > size)) {
            continue;
        }
        // A digit with more places cannot be in the set; filtering keeps the tuple order.
        // Bit-sliced counters (at least 1, 2, ..., size + 1 places) find those digits from
        // the cells' candidates alone.
        let mut at_least = [0u16; 6];
        for &c in unit.cells() {
            let m = g.candidates(c).bits();
            for k in (1..=size + 1).rev() {
                at_least[k] |= at_least[k - 1] & m;
            }
            at_least[0] |= m;
        }
        let fitting = at_least[1] & !at_least[size];
        if (fitting.count_ones() as usize) < size {
            continue;
        }
        let mut open = [(Digit::from_index(0), CellSet::EMPTY); 9];
        let mut n = 0;
        let mut m = fitting;
        while m != 0 {
            let d = Digit::from_index(m.trailing_zeros() as usize);
            m &= m - 1;
            open[n] = (d, g.unit_positions(unit, d));
            n += 1;
        }
        for_each_combination(n, size, |pick| {
            let mut cells = CellSet::EMPTY;
            let mut set = DigitSet::EMPTY;
            for &i in pick {
                cells = cells.union(open[i].1);
                set.insert(open[i].0);
            }
            if cells.len() != size {
                return ControlFlow::Continue(());
            }
            let single = if direct {
                let found = set.complement().iter().find(|&d| {
                    let p = g.unit_positions(unit, d);
                    p.difference(cells).as_single().is_some() && p.as_single().is_none()
                });
                match found {
                    Some(d) => Some(d),
                    None => return ControlFlow::Continue(()),
                }
            } else {
                let cleans = set
                    .complement()
                    .iter()
                    .any(|d| !g.digit_cells(d).intersection(cells).is_empty());
                if !cleans {
                    return ControlFlow::Continue(());
                }
                None
            };
            let mut step = Step::new(technique).with_units(&[unit]);
            for c in cells {
                step = step.with_pattern(CellSet::single(c), g.candidates(c).intersection(set));
            }
            if let Some(d) = single {
                let target = g.unit_positions(unit, d).difference(cells).first().expect("one");
                return hints.add(step.place(target, d));
            }
            for d in set.complement() {
                step = step.eliminate_all(g.digit_cells(d).intersection(cells), d);
            }
            hints.add(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// Basic fish of `size`: a digit's candidates in `size` columns (then rows), two or more in
/// each, lie in `size` rows (columns); the digit leaves those rows (columns) elsewhere.
pub(crate) fn fish(g: &CandidateGrid, size: usize, hints: &mut Hints) -> ControlFlow<()> {
    let technique = fish_kind(size);
    let mut placed = [0usize; 9];
    for c in Cell::all() {
        if let Some(d) = g.value(c) {
            placed[d.index()] += 1;
        }
    }
    for by_cols in [true, false] {
        let line = |i: usize| if by_cols { Unit::Col(i as u8) } else { Unit::Row(i as u8) };
        let cross = |i: usize| if by_cols { Unit::Row(i as u8) } else { Unit::Col(i as u8) };
        // Per digit: each line's cross-line positions (9 bits), and the lines with two to
        // `size` places, so a tuple is tested with a few mask operations.
        let mut spots = [[0u16; 9]; 9];
        let mut eligible = [0u16; 9];
        for d in Digit::ALL {
            // As Sudoku Explainer: only digits with 2 * size or more left to place; a
            // digit's fish depend on its own candidates alone.
            if placed[d.index()] + 2 * size > 9 || !hints.digit_changed(d) {
                continue;
            }
            for c in g.digit_cells(d) {
                let (l, x) = if by_cols { (c.col(), c.row()) } else { (c.row(), c.col()) };
                spots[d.index()][l] |= 1 << x;
            }
            for (l, line_spots) in spots[d.index()].iter().enumerate() {
                if (2..=size).contains(&(line_spots.count_ones() as usize)) {
                    eligible[d.index()] |= 1 << l;
                }
            }
        }
        // By line, the digits for which it is eligible: a tuple's digits are the common ones.
        let mut by_line = [0u16; 9];
        for (d, &lines) in eligible.iter().enumerate() {
            for (l, digits) in by_line.iter_mut().enumerate() {
                *digits |= (lines >> l & 1) << d;
            }
        }
        for_each_combination(9, size, |pick| {
            let mut digits = pick.iter().fold(0x1ff, |m, &i| m & by_line[i]);
            while digits != 0 {
                let d = Digit::from_index(digits.trailing_zeros() as usize);
                digits &= digits - 1;
                let cover = pick.iter().fold(0u16, |m, &i| m | spots[d.index()][i]);
                if cover.count_ones() as usize != size {
                    continue;
                }
                let cells = g.digit_cells(d);
                let base = pick
                    .iter()
                    .fold(CellSet::EMPTY, |b, &i| b.union(cells.intersection(line(i).cell_set())));
                let crossing = (0..9).filter(|j| cover & (1 << j) != 0);
                let victims = crossing
                    .clone()
                    .fold(CellSet::EMPTY, |v, j| v.union(cells.intersection(cross(j).cell_set())))
                    .difference(base);
                if victims.is_empty() {
                    continue;
                }
                let units: Vec<Unit> =
                    pick.iter().map(|&i| line(i)).chain(crossing.map(cross)).collect();
                let step = Step::new(technique)
                    .with_pattern(base, DigitSet::single(d))
                    .with_units(&units)
                    .eliminate_all(victims, d);
                hints.add(step)?;
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}
