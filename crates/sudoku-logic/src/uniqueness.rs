//! Unique rectangles and unique loops: a loop of cells holding the same two candidates, each
//! unit of the loop visited by exactly two of its cells, would have two solutions; so the
//! cells with extra candidates ("rescue" cells) must keep the loop from forming.
//!
//! As Sudoku Explainer 1.2.1: every loop through every bivalue cell is examined, all hints of
//! types 1 to 4 are collected, and the easiest (then the lowest type) is taken.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Unit};

use super::hints::{empty_in, for_each_combination, house, units_of};
use super::{Hints, Step, Technique, increments};

/// Loops found from one start cell, each a list of cells in walking order.
struct LoopSearch<'a> {
    g: &'a CandidateGrid,
    pair: DigitSet,
    /// The empty cells holding both digits of the pair: the only cells a loop can use.
    with_pair: CellSet,
    /// Those of them a valid loop can use ([`loop_core`]): the walk goes only there.
    core: CellSet,
    path: Vec<Cell>,
    on_path: CellSet,
    found: Vec<Vec<Cell>>,
    /// The units visited at even and at odd positions of the path: a valid loop visits
    /// each unit at most once at each (see [`is_valid_loop`]), so a path that visits one
    /// twice is not followed (what it closes would be dropped).
    sides: [u32; 2],
    /// Node visits left: a safety net on the depth-first walk.
    budget: u32,
}

/// The units of `cell` as bits of their indices.
fn unit_bits(cell: Cell) -> u32 {
    units_of(cell).iter().fold(0, |m, u| m | 1 << u.index())
}

impl LoopSearch<'_> {
    fn walk(&mut self, cell: Cell, allowed_extra: i32, extra: DigitSet, last_kind: Option<usize>) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let side = self.path.len() % 2;
        self.sides[side] |= unit_bits(cell);
        self.path.push(cell);
        self.on_path.insert(cell);
        let start = self.path[0];
        // Extra values accumulate over siblings of this node, as in Sudoku Explainer.
        let mut extra = extra;
        for (kind, unit) in units_of(cell).into_iter().enumerate() {
            if Some(kind) == last_kind {
                continue;
            }
            // The unit's cells in order (ascending, as `Unit::cells`) that can continue or
            // close the loop.
            let mut next_cells =
                unit.cell_set().intersection(self.with_pair).difference(self.on_path);
            if self.path.len() >= 4 && unit.cell_set().contains(start) {
                next_cells.insert(start);
            }
            for next in next_cells {
                if next == start {
                    self.found.push(self.path.clone());
                    continue;
                }
                let cands = self.g.candidates(next);
                extra = extra.union(cands.difference(self.pair));
                // What a walk through a cell off the core closes is no valid loop (its
                // extra values still count, as Sudoku Explainer walks there).
                if !self.core.contains(next) {
                    continue;
                }
                let n = cands.len();
                let valid = self.sides[self.path.len() % 2] & unit_bits(next) == 0;
                if valid && (n == 2 || extra.len() == 1 || allowed_extra > 0) {
                    let left = allowed_extra - i32::from(n > 2);
                    self.walk(next, left, extra, Some(kind));
                }
            }
        }
        self.path.pop();
        self.on_path.remove(cell);
        self.sides[side] &= !unit_bits(cell);
    }
}

/// The largest subset of `cells` where every cell shares its row, its column and its box
/// with another: a valid loop visits each unit it touches twice, so its cells lie there.
fn loop_core(cells: CellSet) -> CellSet {
    let mut core = cells;
    loop {
        let kept: CellSet = core
            .iter()
            .filter(|&c| c.units().iter().all(|u| u.cell_set().intersection(core).len() >= 2))
            .collect();
        if kept == core {
            return core;
        }
        core = kept;
    }
}

/// Each unit touched by the loop is visited by exactly one even and one odd position.
fn is_valid_loop(path: &[Cell]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, &c) in path.iter().enumerate() {
        let side = if i % 2 == 0 { &mut even } else { &mut odd };
        for u in units_of(c) {
            let bit = 1 << u.index();
            if *side & bit != 0 {
                return false;
            }
            *side |= bit;
        }
    }
    even == odd
}

/// A collected hint with what makes it the same as another.
struct Found {
    kind: u8,
    cells: CellSet,
    key: Vec<u32>,
    step: Step,
}

fn technique(len: usize, kind: u8) -> Technique {
    if len == 4 { Technique::UniqueRectangle(kind) } else { Technique::UniqueLoop(kind) }
}

fn base_step(path: &[Cell], pair: DigitSet, kind: u8, extra_tenths: u16) -> Step {
    let cells: CellSet = path.iter().copied().collect();
    Step::new(technique(path.len(), kind))
        .harder(increments::loop_cells(path.len()) + extra_tenths)
        .with_pattern(cells, pair)
}

/// A valid loop on `pair`: what every type's search starts from.
#[derive(Clone, Copy)]
struct Loop<'a> {
    g: &'a CandidateGrid,
    path: &'a [Cell],
    pair: DigitSet,
}

fn push(out: &mut Vec<Found>, kind: u8, path: &[Cell], key: Vec<u32>, step: Step) {
    let cells: CellSet = path.iter().copied().collect();
    if step.eliminations.is_empty() {
        return;
    }
    if out.iter().any(|f| f.kind == kind && f.cells == cells && f.key == key) {
        return;
    }
    out.push(Found { kind, cells, key, step });
}

pub(crate) fn unique_loops(g: &CandidateGrid, hints: &mut Hints) -> ControlFlow<()> {
    let mut out: Vec<Found> = Vec::new();
    // The walk's buffers, kept from one start cell to the next.
    let (mut path_buf, mut found_buf) = (Vec::new(), Vec::new());
    for start in g.empty_cells() {
        let pair = g.candidates(start);
        if pair.len() != 2 {
            continue;
        }
        let mut digits = pair.iter();
        let (a, b) = (digits.next().expect("two"), digits.next().expect("two"));
        let with_pair = g.digit_cells(a).intersection(g.digit_cells(b));
        let core = loop_core(with_pair);
        if !core.contains(start) {
            continue; // no valid loop passes through the start
        }
        path_buf.clear();
        found_buf.clear();
        let mut search = LoopSearch {
            g,
            pair,
            with_pair,
            core,
            path: path_buf,
            on_path: CellSet::EMPTY,
            found: found_buf,
            sides: [0; 2],
            budget: 200_000,
        };
        search.walk(start, 2, DigitSet::EMPTY, None);
        (path_buf, found_buf) = (search.path, search.found);
        for path in found_buf.drain(..) {
            if !is_valid_loop(&path) {
                continue;
            }
            let extras: Vec<Cell> =
                path.iter().copied().filter(|&c| g.candidates(c).len() > 2).collect();
            let lp = Loop { g, path: &path, pair };
            match extras.len() {
                1 => {
                    let mut step = base_step(&path, pair, 1, 0);
                    for d in pair {
                        step = step.eliminate_all(CellSet::single(extras[0]), d);
                    }
                    push(&mut out, 1, &path, Vec::new(), step);
                }
                2 => {
                    let (r1, r2) = (extras[0], extras[1]);
                    let rest = g.candidates(r1).union(g.candidates(r2)).difference(pair);
                    if rest.len() == 1 {
                        type2(&lp, &extras, &mut out);
                    } else if rest.len() >= 2 {
                        type3(&lp, r1, r2, &mut out);
                    }
                    type4(&lp, r1, r2, &mut out);
                }
                n if n > 2 => type2(&lp, &extras, &mut out),
                _ => {}
            }
        }
    }
    // Easiest first, then the lowest type; otherwise in the order found.
    out.sort_by_key(|f| (f.step.tenths(), f.kind));
    for f in out {
        hints.add(f.step)?;
    }
    ControlFlow::Continue(())
}

/// Type 2: the rescue cells share one extra digit; it leaves every cell seeing them all.
fn type2(lp: &Loop<'_>, extras: &[Cell], out: &mut Vec<Found>) {
    let Loop { g, path, pair } = *lp;
    let Some(value) = g.candidates(extras[0]).difference(pair).first() else { return };
    let mut common: Option<Vec<Cell>> = None;
    for &e in extras {
        let h = house(e);
        common = Some(match common {
            None => h.to_vec(),
            Some(c) => c.into_iter().filter(|x| h.contains(x)).collect(),
        });
    }
    let victims: CellSet = common
        .unwrap_or_default()
        .into_iter()
        .filter(|c| !extras.contains(c) && g.candidates(*c).contains(value))
        .collect();
    let mut step = base_step(path, pair, 2, 0).eliminate_all(victims, value);
    for &e in extras {
        step = step.with_pattern(CellSet::single(e), DigitSet::single(value));
    }
    push(out, 2, path, Vec::new(), step);
}

/// Type 3: the two rescue cells' extra digits act as one cell of a naked set in a unit they
/// share, or the pair digits form a hidden set there.
fn type3(lp: &Loop<'_>, c1: Cell, c2: Cell, out: &mut Vec<Found>) {
    let Loop { g, pair, .. } = *lp;
    let extra = g.candidates(c1).union(g.candidates(c2)).difference(pair);
    for degree in extra.len()..=7 {
        for k in 0..3 {
            let unit = units_of(c1)[k];
            if units_of(c2)[k] != unit {
                continue;
            }
            let cells = unit.cells();
            let empty = empty_in(g, unit);
            let i1 = cells.iter().position(|&c| c == c1).expect("in unit");
            let i2 = cells.iter().position(|&c| c == c2).expect("in unit");
            if degree * 2 <= empty {
                naked_variant(lp, (c1, c2, i1, i2), unit, degree, extra, out);
            }
            if degree * 2 < empty {
                hidden_variant(lp, (c1, c2, i1, i2), unit, degree, extra, out);
            }
        }
    }
}

type Rescue = (Cell, Cell, usize, usize);

fn naked_variant(
    lp: &Loop<'_>,
    (c1, c2, i1, i2): Rescue,
    unit: Unit,
    degree: usize,
    extra: DigitSet,
    out: &mut Vec<Found>,
) {
    let Loop { g, path, pair } = *lp;
    let cells = unit.cells();
    // The unit's positions with the first rescue cell and without the second, by increasing
    // bitmask: the others' (degree - 1)-subsets with the first's position put in its place.
    let rest: Vec<usize> = (0..9).filter(|&i| i != i1 && i != i2).collect();
    let mut pick = Vec::with_capacity(degree);
    let _ = for_each_combination(rest.len(), degree - 1, |sub| {
        pick.clear();
        pick.extend(sub.iter().map(|&j| rest[j]));
        let at = pick.partition_point(|&i| i < i1);
        pick.insert(at, i1);
        let pick = &pick[..];
        let mut naked = extra.intersection(g.candidates(c1)).intersection(g.candidates(c2));
        let mut union = DigitSet::EMPTY;
        let mut ok = true;
        for &i in pick {
            let p = if i == i1 { extra } else { g.candidates(cells[i]) };
            if i != i1 {
                naked = naked.union(p);
            }
            ok &= p.len() > 1;
            union = union.union(p);
        }
        if naked.len() != degree || !ok || union.len() != degree {
            return ControlFlow::Continue(());
        }
        let members: Vec<Cell> = pick.iter().filter(|&&i| i != i1).map(|&i| cells[i]).collect();
        let mut step =
            base_step(path, pair, 3, increments::set_members(union.len())).with_units(&[unit]);
        for &m in &members {
            step = step.with_pattern(CellSet::single(m), g.candidates(m));
        }
        for &c in cells {
            if members.contains(&c) || c == c1 || c == c2 {
                continue;
            }
            for d in g.candidates(c).intersection(union) {
                step = step.eliminate_all(CellSet::single(c), d);
            }
        }
        let mut key = vec![unit.index() as u32, u32::from(union.bits())];
        key.extend(members.iter().map(|c| c.index() as u32));
        push(out, 3, path, key, step);
        ControlFlow::Continue(())
    });
}

fn hidden_variant(
    lp: &Loop<'_>,
    (c1, c2, _i1, _i2): Rescue,
    unit: Unit,
    degree: usize,
    extra: DigitSet,
    out: &mut Vec<Found>,
) {
    let Loop { g, path, pair } = *lp;
    let others: Vec<Digit> =
        Digit::ALL.iter().copied().filter(|&d| !pair.contains(d) && !extra.contains(d)).collect();
    if degree < 2 || degree - 2 > others.len() {
        return;
    }
    let _ = for_each_combination(others.len(), degree - 2, |pick| {
        let mut values: DigitSet = pick.iter().map(|&i| others[i]).collect();
        values = values.union(pair);
        let mut union = CellSet::EMPTY;
        for d in values {
            let mut p = g.unit_positions(unit, d);
            p.remove(c2);
            if p.is_empty() {
                return ControlFlow::Continue(());
            }
            union = union.union(p);
        }
        if union.len() != degree {
            return ControlFlow::Continue(());
        }
        let mut set = union;
        set.remove(c1);
        set.remove(c2);
        let mut step =
            base_step(path, pair, 3, increments::set_members(set.len())).with_units(&[unit]);
        for c in set {
            step = step.with_pattern(CellSet::single(c), g.candidates(c).intersection(values));
            for d in g.candidates(c).difference(values) {
                step = step.eliminate_all(CellSet::single(c), d);
            }
        }
        let mut key = vec![100 + unit.index() as u32, u32::from(values.bits())];
        key.extend(set.iter().map(|c| c.index() as u32));
        push(out, 3, path, key, step);
        ControlFlow::Continue(())
    });
}

/// Type 4: in a unit the two rescue cells share, one pair digit has no other place; the other
/// pair digit leaves both rescue cells.
fn type4(lp: &Loop<'_>, c1: Cell, c2: Cell, out: &mut Vec<Found>) {
    let Loop { g, path, pair } = *lp;
    let (v1, v2) = {
        let mut it = pair.iter();
        (it.next().expect("two"), it.next().expect("two"))
    };
    let (mut r1, mut r2) = (None, None);
    for k in 0..3 {
        let unit = units_of(c1)[k];
        if units_of(c2)[k] != unit {
            continue;
        }
        let mut others = unit.cell_set();
        others.remove(c1);
        others.remove(c2);
        if g.digit_cells(v1).intersection(others).is_empty() {
            r1 = Some(unit);
        }
        if g.digit_cells(v2).intersection(others).is_empty() {
            r2 = Some(unit);
        }
    }
    let (unit, lock, gone) = match (r1, r2) {
        (Some(u), _) => (u, v1, v2),
        (None, Some(u)) => (u, v2, v1),
        _ => return,
    };
    let mut both = CellSet::single(c1);
    both.insert(c2);
    let step = base_step(path, pair, 4, 0)
        .with_units(&[unit])
        .with_pattern(both, DigitSet::single(lock))
        .eliminate_all(both, gone);
    push(out, 4, path, Vec::new(), step);
}
