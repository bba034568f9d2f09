//! Aligned pair exclusion: for two cells, every pair of values they could take together is
//! checked against the bivalue cells that see both; a value that no surviving pair uses goes.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, DigitSet};

use super::hints::{for_each_combination, house};
use super::{Hints, Step, Technique};

/// As Sudoku Explainer 1.2.1: the candidate cells are those with two candidates or more, no
/// naked single among their peers, and at least one bivalue peer; every two of them (in
/// increasing bitmask order over row-major cells) with two or more common bivalue peers.
pub(crate) fn aligned_pair_exclusion(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    let mut cells: Vec<(Cell, Vec<Cell>)> = Vec::new();
    for cell in g.empty_cells() {
        if g.candidates(cell).len() < 2 {
            continue;
        }
        let peers = house(cell);
        if peers.iter().any(|&p| g.candidates(p).len() == 1) {
            continue;
        }
        let bivalue: Vec<Cell> =
            peers.into_iter().filter(|&p| g.candidates(p).len() == 2).collect();
        if !bivalue.is_empty() {
            cells.push((cell, bivalue));
        }
    }
    for_each_combination(cells.len(), 2, |pick| {
        let (a, ea) = &cells[pick[0]];
        let (b, eb) = &cells[pick[1]];
        let common: Vec<Cell> = ea.iter().copied().filter(|c| eb.contains(c)).collect();
        if common.len() < 2 {
            return ControlFlow::Continue(());
        }
        let sees = a.peers().contains(*b);
        let (ca, cb) = (g.candidates(*a), g.candidates(*b));
        let (mut allowed_a, mut allowed_b) = (DigitSet::EMPTY, DigitSet::EMPTY);
        for x in ca {
            for y in cb {
                if x == y && sees {
                    continue;
                }
                let pair = DigitSet::single(x).union(DigitSet::single(y));
                if common.iter().any(|&e| g.candidates(e).difference(pair).is_empty()) {
                    continue;
                }
                allowed_a.insert(x);
                allowed_b.insert(y);
            }
        }
        let mut step = Step::new(Technique::AlignedPairExclusion, 62);
        step = step.with_pattern(CellSet::single(*a), ca).with_pattern(CellSet::single(*b), cb);
        for &e in &common {
            step = step.with_pattern(CellSet::single(e), g.candidates(e));
        }
        for d in ca.difference(allowed_a) {
            step = step.eliminate_all(CellSet::single(*a), d);
        }
        for d in cb.difference(allowed_b) {
            step = step.eliminate_all(CellSet::single(*b), d);
        }
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        hints.add(step)
    })
}
