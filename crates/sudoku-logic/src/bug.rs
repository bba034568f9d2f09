//! Bivalue universal grave (BUG): if every empty cell but a few had two candidates and every
//! digit two places per unit, the puzzle would have two solutions; so the few extra
//! candidates ("BUG values") cannot all be false.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Unit};

use super::hints::{for_each_combination, house, units_of};
use super::{Hints, Step, Technique, increments};

/// Units in the order of Sudoku Explainer's region types: boxes, rows, columns.
fn region_types() -> impl Iterator<Item = Unit> {
    (0..9u8).map(Unit::Box).chain((0..9u8).map(Unit::Row)).chain((0..9u8).map(Unit::Col))
}

struct Bug {
    cells: Vec<Cell>,
    values: [DigitSet; 81],
    all: DigitSet,
    /// Cells that see every BUG cell (none of them).
    common: Option<Vec<Cell>>,
}

/// Finds the BUG cells, or `None` if the grid is no BUG pattern.
fn find(g: &CandidateGrid) -> Option<Bug> {
    let mut temp = *g;
    let mut bug = Bug {
        cells: Vec::new(),
        values: [DigitSet::EMPTY; 81],
        all: DigitSet::EMPTY,
        common: None,
    };
    for unit in region_types() {
        for d in Digit::ALL {
            let positions = g.unit_positions(unit, d);
            if positions.is_empty() || positions.len() == 2 {
                continue;
            }
            let fresh: CellSet = positions.iter().filter(|&c| g.candidates(c).len() >= 3).collect();
            if fresh.is_empty() {
                return None;
            }
            if fresh.len() == 1 {
                let cell = fresh.iter().next().expect("one cell");
                if !bug.cells.contains(&cell) {
                    bug.cells.push(cell);
                }
                bug.values[cell.index()].insert(d);
                bug.all.insert(d);
                temp.eliminate(cell, d);
                let h = house(cell);
                let mut common = match bug.common.take() {
                    None => h.to_vec(),
                    Some(c) => c.into_iter().filter(|x| h.contains(x)).collect(),
                };
                common.retain(|x| !bug.cells.contains(x));
                let empty = common.is_empty();
                bug.common = Some(common);
                if bug.cells.len() > 1 && bug.all.len() > 1 && empty {
                    return None;
                }
            }
        }
    }
    if temp.empty_cells().iter().any(|c| temp.candidates(c).len() != 2) {
        return None;
    }
    for unit in Unit::ALL {
        for d in Digit::ALL {
            let n = temp.unit_positions(unit, d).len();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    Some(bug)
}

fn bug_step(kind: u8, tenths: u16, bug: &Bug) -> Step {
    let mut step = Step::new(Technique::Bug(kind)).harder(tenths);
    for &c in &bug.cells {
        step = step.with_pattern(CellSet::single(c), bug.values[c.index()]);
    }
    step
}

/// The four BUG types, as Sudoku Explainer 1.2.1 finds them (5.6 to 6.0).
pub(crate) fn bug(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    let Some(bug) = find(g) else { return ControlFlow::Continue(()) };
    let common = bug.common.clone().unwrap_or_default();
    if bug.cells.len() == 1 {
        // Type 1: the one BUG cell must hold a BUG value.
        let cell = bug.cells[0];
        let mut step = bug_step(1, 0, &bug);
        for d in g.candidates(cell).difference(bug.all) {
            step = step.eliminate_all(CellSet::single(cell), d);
        }
        return hints.add(step);
    }
    if bug.all.len() == 1 {
        // Type 2: one BUG value, off every cell that sees all BUG cells.
        let d = bug.all.first().expect("one value");
        let victims: CellSet =
            common.iter().copied().filter(|&c| g.candidates(c).contains(d)).collect();
        if !victims.is_empty() {
            hints
                .add(bug_step(2, increments::BUG_BEYOND_TYPE_1, &bug).eliminate_all(victims, d))?;
        }
        if bug.cells.len() == 2 {
            type4(g, &bug, hints)?;
        }
    } else if !common.is_empty() {
        if bug.cells.len() == 2 {
            type4(g, &bug, hints)?;
        }
        type3(g, &bug, &common, hints)?;
    }
    ControlFlow::Continue(())
}

/// The unit of each region type that every BUG cell shares.
fn shared_units(cells: &[Cell]) -> Vec<Unit> {
    (0..3)
        .filter_map(|k| {
            let u = units_of(cells[0])[k];
            cells.iter().all(|&c| units_of(c)[k] == u).then_some(u)
        })
        .collect()
}

/// Type 3: the BUG values act as one cell of a naked set with other cells of a shared unit.
fn type3(g: &CandidateGrid, bug: &Bug, common: &[Cell], hints: &mut Hints) -> ControlFlow<()> {
    for unit in shared_units(&bug.cells) {
        let region: Vec<Cell> =
            common.iter().copied().filter(|c| unit.cell_set().contains(*c)).collect();
        for degree in 2..=6usize {
            if region.len() < degree {
                continue;
            }
            for_each_combination(region.len(), degree - 1, |pick| {
                let naked: Vec<Cell> = pick.iter().map(|&i| region[i]).collect();
                let mut others = DigitSet::EMPTY;
                for &c in &naked {
                    others = others.union(g.candidates(c));
                }
                if others.len() != degree {
                    return ControlFlow::Continue(());
                }
                if bug.all.len() < 2 || naked.iter().any(|&c| g.candidates(c).len() < 2) {
                    return ControlFlow::Continue(());
                }
                let set = others.union(bug.all);
                if set.len() != degree {
                    return ControlFlow::Continue(());
                }
                let mut step = bug_step(
                    3,
                    increments::BUG_BEYOND_TYPE_1 + increments::set_members(degree),
                    bug,
                )
                .with_units(&[unit]);
                for &c in &naked {
                    step = step.with_pattern(CellSet::single(c), g.candidates(c));
                }
                for &c in &region {
                    if naked.contains(&c) {
                        continue;
                    }
                    for d in g.candidates(c).intersection(set) {
                        step = step.eliminate_all(CellSet::single(c), d);
                    }
                }
                if step.eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                hints.add(step)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Type 4: two BUG cells in one unit sharing a non-BUG digit.
fn type4(g: &CandidateGrid, bug: &Bug, hints: &mut Hints) -> ControlFlow<()> {
    let (c1, c2) = (bug.cells[0], bug.cells[1]);
    let shared = g.candidates(c1).intersection(g.candidates(c2)).difference(bug.all);
    let Some(value) = shared.as_single() else { return ControlFlow::Continue(()) };
    for unit in shared_units(&bug.cells) {
        let mut step = bug_step(4, increments::BUG_BEYOND_TYPE_1, bug).with_units(&[unit]);
        for c in [c1, c2] {
            let keep = bug.values[c.index()].union(DigitSet::single(value));
            for d in g.candidates(c).difference(keep) {
                step = step.eliminate_all(CellSet::single(c), d);
            }
        }
        hints.add(step)?;
    }
    ControlFlow::Continue(())
}
