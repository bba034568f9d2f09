//! Singles, locked candidates and subsets, searched in HoDoKu's orders: a full house or a
//! naked single from the naked-single queue, a hidden single from the hidden-single queue;
//! pointing in boxes 1-9, claiming in rows then columns; subsets in boxes, rows, columns.

use sudoku_core::UNIT_CELLS;

use super::grid::{CELL_UNITS, Grid, digits};
use super::{Found, HodokuTechnique as T, text};

/// The cells of unit `u` in unit order.
fn unit_cells(u: u8) -> impl Iterator<Item = u8> {
    UNIT_CELLS[usize::from(u)].iter().map(|c| c.index() as u8)
}

/// A single: `<name>: <cell>=<d>`.
fn single(technique: T, (cell, digit): (u8, u8)) -> Found {
    let text = format!("{technique}: {}={digit}", text::cell(cell));
    Found {
        technique,
        values: vec![digit],
        cells: vec![cell],
        placements: vec![(cell, digit)],
        pattern: vec![(cell, digit)],
        text,
        ..Found::default()
    }
}

/// Whether the naked single `(cell, digit)` is the last empty cell of one of its units.
fn is_full_house(g: &Grid, (cell, digit): (u8, u8)) -> bool {
    g.values[usize::from(cell)] == 0
        && CELL_UNITS[usize::from(cell)]
            .iter()
            .any(|&u| (1..=9).all(|d| d == digit || g.free(u, d) == 0))
}

/// The first full house of the naked-single queue (the queue is left as it is).
pub(crate) fn full_house(g: &Grid) -> Option<Found> {
    g.naked_queue().find(|&e| is_full_house(g, e)).map(|e| single(T::FullHouse, e))
}

/// Every full house of the queue, one per cell.
pub(crate) fn all_full_houses(g: &Grid) -> Vec<Found> {
    let mut seen = 0u128;
    let mut out = Vec::new();
    for e in g.naked_queue().filter(|&e| is_full_house(g, e)) {
        if seen >> e.0 & 1 == 0 {
            seen |= 1 << e.0;
            out.push(single(T::FullHouse, e));
        }
    }
    out
}

/// The oldest pending naked single (taken from the queue).
pub(crate) fn naked_single(g: &mut Grid) -> Option<Found> {
    g.take_naked().map(|e| single(T::NakedSingle, e))
}

/// The oldest pending hidden single (taken from the queue).
pub(crate) fn hidden_single(g: &mut Grid) -> Option<Found> {
    g.take_hidden().map(|e| single(T::HiddenSingle, e))
}

/// Every pending single of a queue, one per cell (`hidden`: the hidden-single queue).
pub(crate) fn all_singles(g: &Grid, hidden: bool) -> Vec<Found> {
    let mut seen = 0u128;
    let mut out = Vec::new();
    let queue: Vec<(u8, u8)> =
        if hidden { g.hidden_queue().collect() } else { g.naked_queue().collect() };
    for (c, d) in queue {
        let live = g.values[usize::from(c)] == 0 && g.has(c, d);
        let ok = live && (!hidden || CELL_UNITS[usize::from(c)].iter().any(|&u| g.free(u, d) == 1));
        if ok && seen >> c & 1 == 0 {
            seen |= 1 << c;
            out.push(single(if hidden { T::HiddenSingle } else { T::NakedSingle }, (c, d)));
        }
    }
    out
}

/// Locked candidates: pointing (`pointing`: in boxes 1-9) or claiming (in rows 1-9, then
/// columns 1-9); every instance if `all`, else the first.
pub(crate) fn locked_candidates(g: &Grid, pointing: bool, all: bool) -> Vec<Found> {
    let bases: &[u8] = if pointing { &[18] } else { &[0, 9] };
    let mut out = Vec::new();
    for &base in bases {
        for unit in base..base + 9 {
            for d in 1..=9u8 {
                let n = g.free(unit, d);
                if n != 2 && n != 3 {
                    continue;
                }
                let held: Vec<u8> = unit_cells(unit).filter(|&c| g.has(c, d)).collect();
                let first = CELL_UNITS[usize::from(held[0])];
                let shared =
                    |k: usize| held.iter().all(|&c| CELL_UNITS[usize::from(c)][k] == first[k]);
                let target = if pointing {
                    if shared(0) && g.free(first[0], d) > n {
                        first[0]
                    } else if shared(1) && g.free(first[1], d) > n {
                        first[1]
                    } else {
                        continue;
                    }
                } else if shared(2) && g.free(first[2], d) > n {
                    first[2]
                } else {
                    continue;
                };
                let eliminations: Vec<(u8, u8)> = unit_cells(target)
                    .filter(|&c| g.has(c, d) && !CELL_UNITS[usize::from(c)].contains(&unit))
                    .map(|c| (c, d))
                    .collect();
                let technique = if pointing { T::LockedCandidates1 } else { T::LockedCandidates2 };
                let text = format!(
                    "{technique}: {d} in {}{}",
                    text::unit(unit),
                    text::eliminations(&eliminations)
                );
                out.push(Found {
                    technique,
                    values: vec![d],
                    cells: held.clone(),
                    pattern: held.iter().map(|&c| (c, d)).collect(),
                    units: vec![unit, target],
                    eliminations,
                    text,
                    ..Found::default()
                });
                if !all {
                    return out;
                }
            }
        }
    }
    out
}

/// Boxes, rows, columns: the unit order of HoDoKu's subset searches.
const SUBSET_UNITS: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut i = 0;
    while i < 9 {
        t[i] = 18 + i as u8;
        t[9 + i] = i as u8;
        t[18 + i] = 9 + i as u8;
        i += 1;
    }
    t
};

/// A subset's step, or `None` without eliminations. Naked: the other cells of every unit the
/// cells share (row, column, box) lose the subset's digits; hidden: the cells lose their
/// other candidates. A naked pair or triple in a box and a line that eliminates both in the
/// box and in the line outside it is locked.
fn subset(g: &Grid, cells: &[u8], mask: u16, hidden: bool) -> Option<Found> {
    let first = CELL_UNITS[usize::from(cells[0])];
    let shared: Vec<bool> =
        (0..3).map(|k| cells.iter().all(|&c| CELL_UNITS[usize::from(c)][k] == first[k])).collect();
    let mut eliminations = Vec::new();
    let mut kinds = 0;
    if hidden {
        for &c in cells {
            eliminations.extend(digits(g.cands[usize::from(c)] & !mask).map(|d| (c, d)));
        }
    } else {
        for k in 0..3 {
            if !shared[k] {
                continue;
            }
            let mut counted = false;
            for c in unit_cells(first[k]).filter(|c| !cells.contains(c)) {
                for d in digits(g.cands[usize::from(c)] & mask) {
                    eliminations.push((c, d));
                    if !counted && (k == 2 || CELL_UNITS[usize::from(c)][2] != first[2]) {
                        counted = true;
                        kinds += 1;
                    }
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let n = cells.len();
    let locked = !hidden && n < 4 && kinds > 1 && shared[2] && (shared[0] || shared[1]);
    let values: Vec<u8> = digits(mask).collect();
    let technique = match (hidden, locked, n) {
        (true, _, 2) => T::HiddenPair,
        (true, _, 3) => T::HiddenTriple,
        (true, _, _) => T::HiddenQuadruple,
        (false, true, 2) => T::LockedPair,
        (false, true, _) => T::LockedTriple,
        (false, false, 2) => T::NakedPair,
        (false, false, 3) => T::NakedTriple,
        (false, false, _) => T::NakedQuadruple,
    };
    let text = format!(
        "{technique}: {} in {}{}",
        text::digits(&values, ","),
        text::compact(cells.iter().copied()),
        text::eliminations(&eliminations)
    );
    let pattern = cells
        .iter()
        .flat_map(|&c| digits(g.cands[usize::from(c)] & mask).map(move |d| (c, d)))
        .collect();
    Some(Found {
        technique,
        values,
        cells: cells.to_vec(),
        pattern,
        units: (0..3).filter(|&k| shared[k]).map(|k| first[k]).collect(),
        eliminations,
        text,
        ..Found::default()
    })
}

/// Naked subsets of size `n`: `locked` asks for locked pairs and triples (boxes only), else
/// for the subsets that are not locked; every instance if `all`, else the first.
pub(crate) fn naked_subsets(g: &Grid, n: usize, locked: bool, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    let units = if locked { &SUBSET_UNITS[..9] } else { &SUBSET_UNITS[..] };
    for &unit in units {
        let eligible: Vec<u8> = unit_cells(unit)
            .filter(|&c| {
                g.values[usize::from(c)] == 0 && g.cands[usize::from(c)].count_ones() as usize <= n
            })
            .collect();
        if eligible.len() < n {
            continue;
        }
        let mut chosen = Vec::with_capacity(n);
        naked_combinations(g, &eligible, n, 0, 0, &mut chosen, &mut |cells, mask| {
            let Some(step) = subset(g, cells, mask, false) else { return false };
            let is_locked = matches!(step.technique, T::LockedPair | T::LockedTriple);
            if is_locked == locked {
                out.push(step);
                return !all;
            }
            false
        });
        if !all && !out.is_empty() {
            return out;
        }
    }
    out
}

/// Combinations of `n` eligible cells from `start`, in lexicographic order, abandoning a
/// partial one once its candidates exceed `n` digits; `found` says whether to stop.
fn naked_combinations(
    g: &Grid,
    eligible: &[u8],
    n: usize,
    start: usize,
    mask: u16,
    chosen: &mut Vec<u8>,
    found: &mut dyn FnMut(&[u8], u16) -> bool,
) -> bool {
    if chosen.len() == n {
        return mask.count_ones() as usize == n && found(chosen, mask);
    }
    for k in start..eligible.len() {
        if eligible.len() - k < n - chosen.len() {
            break;
        }
        let m = mask | g.cands[usize::from(eligible[k])];
        if m.count_ones() as usize > n {
            continue;
        }
        chosen.push(eligible[k]);
        let stop = naked_combinations(g, eligible, n, k + 1, m, chosen, found);
        chosen.pop();
        if stop {
            return true;
        }
    }
    false
}

/// Hidden subsets of size `n`, in boxes, rows, columns; every instance if `all`, else the
/// first.
pub(crate) fn hidden_subsets(g: &Grid, n: usize, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for &unit in &SUBSET_UNITS {
        let open = unit_cells(unit).filter(|&c| g.values[usize::from(c)] == 0).count();
        if open <= n {
            continue;
        }
        let eligible: Vec<u8> =
            (1..=9).filter(|&d| (1..=n as u8).contains(&g.free(unit, d))).collect();
        if eligible.len() < n {
            continue;
        }
        let mut combo: Vec<usize> = (0..n).collect();
        loop {
            let mask = combo.iter().fold(0u16, |m, &k| m | 1 << (eligible[k] - 1));
            let cells: Vec<u8> =
                unit_cells(unit).filter(|&c| g.cands[usize::from(c)] & mask != 0).collect();
            if cells.len() == n
                && let Some(step) = subset(g, &cells, mask, true)
            {
                out.push(step);
                if !all {
                    return out;
                }
            }
            if !next_combination(&mut combo, eligible.len()) {
                break;
            }
        }
    }
    out
}

/// The next combination of `combo.len()` indices below `n` in lexicographic order.
fn next_combination(combo: &mut [usize], n: usize) -> bool {
    let k = combo.len();
    for i in (0..k).rev() {
        if combo[i] < n - k + i {
            combo[i] += 1;
            for j in i + 1..k {
                combo[j] = combo[j - 1] + 1;
            }
            return true;
        }
    }
    false
}
