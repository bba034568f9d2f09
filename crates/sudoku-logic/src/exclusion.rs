//! Aligned pair and triplet exclusion: for two (three) cells, every combination of values
//! they could take together is checked against the excluding cells that see them all (with
//! two, or two or three, candidates); a value that no surviving combination uses goes.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, DigitSet, Grid};

use super::hints::{for_each_combination, house, in_house_order};
use super::{Hints, Step, Technique};

/// As Sudoku Explainer 1.2.1: the candidate cells are those with two candidates or more, no
/// naked single among their peers, and at least one bivalue peer; every two of them (in
/// increasing bitmask order over row-major cells) with two or more common bivalue peers.
pub(crate) fn aligned_pair_exclusion(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    // The empty cells with one candidate, and those with two.
    let (mut singles, mut bivalue) = (CellSet::EMPTY, CellSet::EMPTY);
    for cell in g.empty_cells() {
        match g.candidates(cell).len() {
            1 => singles.insert(cell),
            2 => bivalue.insert(cell),
            _ => false,
        };
    }
    let mut cells: Vec<(Cell, CellSet)> = Vec::new();
    for cell in g.empty_cells() {
        if g.candidates(cell).len() < 2 {
            continue;
        }
        let peers = cell.peers();
        if !peers.intersection(singles).is_empty() {
            continue;
        }
        let excluders = peers.intersection(bivalue);
        if !excluders.is_empty() {
            cells.push((cell, excluders));
        }
    }
    let solution = hints.solution;
    let changed = hints.changed_cells();
    for_each_combination(cells.len(), 2, |pick| {
        let (a, ea) = cells[pick[0]];
        let (b, eb) = cells[pick[1]];
        let common = ea.intersection(eb);
        // Unchanged cells and excluders exclude what they did (an excluder placed since
        // only allows more): nothing.
        let at_most_one = common.bits() & common.bits().wrapping_sub(1) == 0;
        let mut pattern = common;
        pattern.insert(a);
        pattern.insert(b);
        if at_most_one || pattern.intersection(changed).is_empty() {
            return ControlFlow::Continue(());
        }
        let sees = a.peers().contains(b);
        let (ca, cb) = (g.candidates(a), g.candidates(b));
        let mut masks = [0u16; 20];
        let masks = excluder_masks(g, common, &mut masks);
        if let Some(s) = solution
            && !may_exclude(&[a, b], &[ca, cb], &[sees], masks, &s)
        {
            return ControlFlow::Continue(());
        }
        let (mut allowed_a, mut allowed_b) = (DigitSet::EMPTY, DigitSet::EMPTY);
        for x in ca {
            for y in cb {
                if x == y && sees {
                    continue;
                }
                let pair = 1u16 << x.index() | 1 << y.index();
                if masks.iter().any(|&m| m & !pair == 0) {
                    continue;
                }
                allowed_a.insert(x);
                allowed_b.insert(y);
            }
        }
        if ca.difference(allowed_a).is_empty() && cb.difference(allowed_b).is_empty() {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(Technique::AlignedPairExclusion);
        step = step.with_pattern(CellSet::single(a), ca).with_pattern(CellSet::single(b), cb);
        for e in ordered(a, common) {
            step = step.with_pattern(CellSet::single(e), g.candidates(e));
        }
        for d in ca.difference(allowed_a) {
            step = step.eliminate_all(CellSet::single(a), d);
        }
        for d in cb.difference(allowed_b) {
            step = step.eliminate_all(CellSet::single(b), d);
        }
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        hints.add(step)
    })
}

/// The common bivalue peers of `a` and `b` in Sudoku Explainer's order: `a`'s house order
/// (its box, then the rest of its row, then the rest of its column).
fn ordered(a: Cell, common: CellSet) -> Vec<Cell> {
    house(a).into_iter().filter(|&c| common.contains(c)).collect()
}

/// Aligned triplet exclusion (7.5): for three cells that share two or more excluding cells
/// (with two or three candidates, each seeing all three), every combination of their values
/// is checked; a value no allowed combination uses goes. Sudoku Explainer's scan: base cells
/// row-major; the first two by increasing bitmask, the third among the cells one of those two
/// can exclude with.
pub(crate) fn aligned_triplet_exclusion(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    const DEGREE: usize = 3;
    // Base cells, with their excluders.
    let mut base: Vec<(Cell, CellSet)> = Vec::new();
    for cell in Cell::all() {
        if g.candidates(cell).len() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = CellSet::EMPTY;
        for p in house(cell) {
            let n = g.candidates(p).len();
            if n == 1 {
                single = true;
            } else if (2..=DEGREE).contains(&n) {
                excluders.insert(p);
            }
        }
        if !single && !excluders.is_empty() {
            base.push((cell, excluders));
        }
    }
    if base.len() < DEGREE {
        return ControlFlow::Continue(());
    }
    let mut index = [usize::MAX; 81];
    let mut base_cells = CellSet::EMPTY;
    for (i, (c, _)) in base.iter().enumerate() {
        index[c.index()] = i;
        base_cells.insert(*c);
    }
    let solution = hints.solution;
    let changed = hints.changed_cells();
    let mut twin: Vec<usize> = Vec::with_capacity(40);
    for_each_combination(base.len(), 2, |pick| {
        let (c0, s0) = &base[pick[0]];
        let (c1, s1) = &base[pick[1]];
        let pair_common = s0.intersection(*s1);
        if pair_common.len() < 2 {
            return ControlFlow::Continue(()); // the third cell can only shrink it
        }
        // As for pairs, a triplet whose cells and excluders are unchanged finds nothing:
        // with these two unchanged, only a changed third cell can.
        let mut pair = pair_common;
        pair.insert(*c0);
        pair.insert(*c1);
        let pair_changed = !pair.intersection(changed).is_empty();
        // The third cells worth trying: base cells either of the two can exclude with (and,
        // with these two unchanged, changed ones).
        let mut thirds = s0.union(*s1).intersection(base_cells);
        thirds.remove(*c0);
        thirds.remove(*c1);
        if !pair_changed {
            thirds = thirds.intersection(changed);
        }
        if thirds.is_empty() {
            return ControlFlow::Continue(());
        }
        // In Sudoku Explainer's order: the first cell's excluders in its house order, then
        // the second's others in its.
        twin.clear();
        let firsts = in_house_order(*c0, thirds.intersection(*s0));
        let seconds = in_house_order(*c1, thirds.intersection(*s1).difference(*s0));
        twin.extend(firsts.chain(seconds).map(|c| index[c.index()]));
        for &t in &twin {
            let (c2, s2) = &base[t];
            let common = pair_common.intersection(*s2);
            let mut pattern = common;
            pattern.insert(*c0);
            pattern.insert(*c1);
            pattern.insert(*c2);
            if common.len() < 2 || pattern.intersection(changed).is_empty() {
                continue;
            }
            let cells = [*c0, *c1, *c2];
            let vals = cells.map(|c| g.candidates(c));
            let mut masks = [0u16; 20];
            let masks = excluder_masks(g, common, &mut masks);
            let sees = |i: usize, j: usize| cells[i].peers().contains(cells[j]);
            let sees = [sees(0, 1), sees(0, 2), sees(1, 2)];
            if let Some(s) = solution
                && !may_exclude(&cells, &vals, &sees, masks, &s)
            {
                continue;
            }
            let allowed = allowed_triples(vals, sees, masks);
            if (0..3).all(|i| vals[i].bits() & !allowed[i] == 0) {
                continue;
            }
            let mut step = Step::new(Technique::AlignedTripletExclusion);
            for (i, &c) in cells.iter().enumerate() {
                step = step.with_pattern(CellSet::single(c), vals[i]);
            }
            for e in common {
                step = step.with_pattern(CellSet::single(e), g.candidates(e));
            }
            for (i, &c) in cells.iter().enumerate() {
                for d in vals[i].difference(DigitSet::from_bits(allowed[i])) {
                    step = step.eliminate_all(CellSet::single(c), d);
                }
            }
            hints.add(step)?;
        }
        ControlFlow::Continue(())
    })
}

/// The excluders' candidates as bitmasks, in `out`.
fn excluder_masks<'m>(g: &CandidateGrid, excluders: CellSet, out: &'m mut [u16; 20]) -> &'m [u16] {
    let mut n = 0;
    for e in excluders {
        out[n] = g.candidates(e).bits();
        n += 1;
    }
    &out[..n]
}

/// Whether the exclusion can remove anything, knowing the solution: a value `v` goes from a
/// cell only if, in particular, the combination of `v` with the other cells' solution values
/// is excluded (by a peer among them with `v`, or by an excluder those values and `v` cover).
/// `sees` lists the pairs (0, 1), (0, 2), (1, 2).
fn may_exclude(
    cells: &[Cell],
    vals: &[DigitSet],
    sees: &[bool],
    masks: &[u16],
    solution: &Grid,
) -> bool {
    let truth: [u16; 3] = std::array::from_fn(|i| {
        cells.get(i).and_then(|&c| solution.get(c)).map_or(0, |d| 1 << d.index())
    });
    let pair = |i: usize, j: usize| match (i.min(j), i.max(j)) {
        (0, 1) => sees[0],
        (0, 2) => sees[1],
        _ => sees[2],
    };
    (0..cells.len()).any(|i| {
        let (mut others, mut seen) = (0u16, 0u16);
        for j in (0..cells.len()).filter(|&j| j != i) {
            others |= truth[j];
            if pair(i, j) {
                seen |= truth[j];
            }
        }
        let mut excluded = seen;
        for &m in masks {
            let rest = m & !others;
            if rest.count_ones() == 1 {
                excluded |= rest;
            }
        }
        excluded & vals[i].bits() & !truth[i] != 0
    })
}

/// The values each of three cells can take in some combination that leaves every excluder
/// (`masks`, two or three candidates each) a value; `sees` is for the pairs (0, 1), (0, 2),
/// (1, 2). Stops as soon as every value is allowed, the usual outcome.
fn allowed_triples(vals: [DigitSet; 3], sees: [bool; 3], masks: &[u16]) -> [u16; 3] {
    let full = vals.map(DigitSet::bits);
    let mut allowed = [0u16; 3];
    for a in vals[0] {
        let ba = 1u16 << a.index();
        for b in vals[1] {
            let bb = 1u16 << b.index();
            if ba == bb && sees[0] {
                continue;
            }
            // The third value must differ from the peers it sees and must not complete
            // an excluder: one left out of {a, b} forbids it, none left forbids all.
            let mut third = full[2];
            if sees[1] {
                third &= !ba;
            }
            if sees[2] {
                third &= !bb;
            }
            for &m in masks {
                let rest = m & !(ba | bb);
                if rest & (rest.wrapping_sub(1)) == 0 {
                    third &= !rest;
                    if rest == 0 {
                        third = 0;
                    }
                }
            }
            if third != 0 {
                allowed[0] |= ba;
                allowed[1] |= bb;
                allowed[2] |= third;
                if allowed == full {
                    return allowed;
                }
            }
        }
    }
    allowed
}
