//! Naked and hidden sets (pairs, triples, quads) and basic fish (X-wing, swordfish,
//! jellyfish).

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Unit};

use super::hints::{REGIONS, for_each_combination};
use super::{Hints, Step, Technique};

fn naked_technique(size: usize) -> Technique {
    match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(size: usize, direct: bool) -> Technique {
    match (size, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// Naked sets of `size`: `size` cells of a unit whose candidates are `size` digits; those
/// digits leave the unit's other cells.
pub(crate) fn naked_sets(g: &CandidateGrid, size: usize, hints: &mut Hints) -> ControlFlow<()> {
    for unit in REGIONS {
        let cells: Vec<Cell> = unit
            .cells()
            .iter()
            .copied()
            .filter(|&c| (2..=size).contains(&g.candidates(c).len()))
            .collect();
        for_each_combination(cells.len(), size, |pick| {
            let mut digits = DigitSet::EMPTY;
            let mut set = CellSet::EMPTY;
            for &i in pick {
                digits = digits.union(g.candidates(cells[i]));
                set.insert(cells[i]);
            }
            if digits.len() != size {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(naked_technique(size), naked_tenths(size))
                .with_pattern(set, digits)
                .with_units(&[unit]);
            for d in digits {
                let victims = g.unit_positions(unit, d).difference(set);
                step = step.eliminate_all(victims, d);
            }
            // The pattern marks only the candidates each cell really has.
            step.pattern.retain(|c| g.candidates(c.cell).contains(c.digit));
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            hints.add(step)
        })?;
    }
    ControlFlow::Continue(())
}

fn naked_tenths(size: usize) -> u16 {
    match size {
        2 => 30,
        3 => 36,
        _ => 50,
    }
}

fn hidden_tenths(size: usize) -> u16 {
    match size {
        2 => 34,
        3 => 40,
        _ => 54,
    }
}

/// The digits of `unit` that still need a place, with their positions.
fn open_digits(g: &CandidateGrid, unit: Unit, size: usize) -> Vec<(Digit, CellSet)> {
    Digit::ALL
        .iter()
        .map(|&d| (d, g.unit_positions(unit, d)))
        .filter(|(_, p)| (2..=size).contains(&p.len()))
        .collect()
}

/// Hidden sets of `size`: `size` digits of a unit confined to `size` cells; the cells lose
/// their other candidates.
pub(crate) fn hidden_sets(g: &CandidateGrid, size: usize, hints: &mut Hints) -> ControlFlow<()> {
    for unit in REGIONS {
        let open = open_digits(g, unit, size);
        for_each_combination(open.len(), size, |pick| {
            let Some((digits, cells)) = hidden_set(&open, pick, size) else {
                return ControlFlow::Continue(());
            };
            let mut step = Step::new(hidden_technique(size, false), hidden_tenths(size))
                .with_pattern(cells, digits)
                .with_units(&[unit]);
            step.pattern.retain(|c| g.candidates(c.cell).contains(c.digit));
            for d in digits.complement() {
                step = step.eliminate_all(g.digit_cells(d).intersection(cells), d);
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            hints.add(step)
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden_set(
    open: &[(Digit, CellSet)],
    pick: &[usize],
    size: usize,
) -> Option<(DigitSet, CellSet)> {
    let mut digits = DigitSet::EMPTY;
    let mut cells = CellSet::EMPTY;
    for &i in pick {
        digits.insert(open[i].0);
        cells = cells.union(open[i].1);
    }
    (cells.len() == size).then_some((digits, cells))
}

/// Direct hidden sets (pairs and triples): a hidden set whose cleaning of its cells leaves a
/// hidden single in the unit; the step places that single.
pub(crate) fn direct_hidden_sets(
    g: &CandidateGrid,
    size: usize,
    hints: &mut Hints,
) -> ControlFlow<()> {
    for unit in REGIONS {
        let open = open_digits(g, unit, size);
        for_each_combination(open.len(), size, |pick| {
            let Some((digits, cells)) = hidden_set(&open, pick, size) else {
                return ControlFlow::Continue(());
            };
            // Removing the other digits from the set's cells.
            let others = digits.complement();
            let mut any_removed = false;
            for d in others {
                if !g.digit_cells(d).intersection(cells).is_empty() {
                    any_removed = true;
                }
            }
            if !any_removed {
                return ControlFlow::Continue(());
            }
            for d in others {
                let left = g.unit_positions(unit, d).difference(cells);
                let had = g.unit_positions(unit, d);
                if left.len() == 1 && had.len() > 1 {
                    let target = left.first().expect("one cell");
                    let mut step =
                        Step::new(hidden_technique(size, true), hidden_tenths_direct(size))
                            .with_pattern(cells, digits)
                            .with_units(&[unit])
                            .place(target, d);
                    step.pattern.retain(|c| g.candidates(c.cell).contains(c.digit));
                    for o in others {
                        step = step.eliminate_all(g.digit_cells(o).intersection(cells), o);
                    }
                    hints.add(step)?;
                }
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden_tenths_direct(size: usize) -> u16 {
    if size == 2 { 20 } else { 25 }
}

fn fish_technique(size: usize) -> (Technique, u16) {
    match size {
        2 => (Technique::XWing, 32),
        3 => (Technique::Swordfish, 38),
        _ => (Technique::Jellyfish, 52),
    }
}

/// Basic fish of `size`: a digit's candidates in `size` rows (columns) lie in `size` columns
/// (rows); it leaves those columns (rows) elsewhere.
pub(crate) fn fish(g: &CandidateGrid, size: usize, hints: &mut Hints) -> ControlFlow<()> {
    let (technique, tenths) = fish_technique(size);
    for rows in [true, false] {
        for d in Digit::ALL {
            let cells = g.digit_cells(d);
            let lines: Vec<(u8, CellSet)> = (0..9u8)
                .map(|i| {
                    let u = if rows { Unit::Row(i) } else { Unit::Col(i) };
                    (i, cells.intersection(u.cell_set()))
                })
                .filter(|(_, p)| (2..=size).contains(&p.len()))
                .collect();
            for_each_combination(lines.len(), size, |pick| {
                let mut base = CellSet::EMPTY;
                let mut cover_idx = 0u16;
                for &i in pick {
                    base = base.union(lines[i].1);
                    for c in lines[i].1 {
                        cover_idx |= 1 << if rows { c.col() } else { c.row() };
                    }
                }
                if cover_idx.count_ones() as usize != size {
                    return ControlFlow::Continue(());
                }
                let mut cover = CellSet::EMPTY;
                let mut units = Vec::new();
                for &i in pick {
                    units.push(if rows { Unit::Row(lines[i].0) } else { Unit::Col(lines[i].0) });
                }
                for j in 0..9u8 {
                    if cover_idx & (1 << j) != 0 {
                        let u = if rows { Unit::Col(j) } else { Unit::Row(j) };
                        cover = cover.union(u.cell_set());
                        units.push(u);
                    }
                }
                let victims = cells.intersection(cover).difference(base);
                if victims.is_empty() {
                    return ControlFlow::Continue(());
                }
                let step = Step::new(technique, tenths)
                    .with_pattern(base, DigitSet::single(d))
                    .with_units(&units)
                    .eliminate_all(victims, d);
                hints.add(step)
            })?;
        }
    }
    ControlFlow::Continue(())
}
