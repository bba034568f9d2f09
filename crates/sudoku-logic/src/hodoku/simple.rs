//! Singles, locked candidates and subsets, searched in HoDoKu's orders: a full house or a
//! naked single from the naked-single queue, a hidden single from the hidden-single queue;
//! pointing in boxes 1-9, claiming in rows then columns; subsets in boxes, rows, columns.

use sudoku_core::UNIT_CELLS;

use super::grid::{CELL_UNITS, Grid, POP9, UNIT_BITS, cells, digits};
use super::{Found, HodokuTechnique as T, text};

/// The cells of unit `u` in unit order.
fn unit_cells(u: u8) -> impl Iterator<Item = u8> {
    UNIT_CELLS[usize::from(u)].iter().map(|c| c.index() as u8)
}

/// A single: `<name>: <cell>=<d>`.
fn single(technique: T, (cell, digit): (u8, u8)) -> Found {
    let text = single_text(technique, (cell, digit));
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
    g.value(usize::from(cell)) == 0
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

/// The single the solver's row `row` takes next (a full house from the naked-single queue,
/// the queue left as it is; the oldest naked or hidden single, taken), without building its
/// step; `None` for another row or when there is none.
pub(crate) fn next_single(row: T, g: &mut Grid) -> Option<(u8, u8)> {
    match row {
        T::FullHouse => g.naked_queue().find(|&e| is_full_house(g, e)),
        T::NakedSingle => g.take_naked(),
        T::HiddenSingle => g.take_hidden(),
        _ => None,
    }
}

/// A single's line, `<name>: <cell>=<d>`, allocated once at its length.
pub(crate) fn single_text(technique: T, (cell, digit): (u8, u8)) -> String {
    let name = technique.name();
    let mut s = String::with_capacity(name.len() + 8);
    s.push_str(name);
    for b in [b':', b' ', b'r', b'1' + cell / 9, b'c', b'1' + cell % 9, b'=', b'0' + digit] {
        s.push(char::from(b));
    }
    s
}

/// Every pending single of a queue, one per cell (`hidden`: the hidden-single queue).
pub(crate) fn all_singles(g: &Grid, hidden: bool) -> Vec<Found> {
    let mut seen = 0u128;
    let mut out = Vec::new();
    let queue: Vec<(u8, u8)> =
        if hidden { g.hidden_queue().collect() } else { g.naked_queue().collect() };
    for (c, d) in queue {
        let live = g.value(usize::from(c)) == 0 && g.has(c, d);
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
            let unit_bits = UNIT_BITS[usize::from(unit)];
            for d in 1..=9u8 {
                let n = g.free(unit, d);
                if n != 2 && n != 3 {
                    continue;
                }
                let held = g.places(usize::from(d)) & unit_bits;
                let first = CELL_UNITS[held.trailing_zeros() as usize];
                let shared = |k: usize| held & !UNIT_BITS[usize::from(first[k])] == 0;
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
                let eliminations: Vec<(u8, u8)> =
                    cells(g.places(usize::from(d)) & UNIT_BITS[usize::from(target)] & !unit_bits)
                        .map(|c| (c, d))
                        .collect();
                let technique = if pointing { T::LockedCandidates1 } else { T::LockedCandidates2 };
                let text = format!(
                    "{technique}: {d} in {}{}",
                    text::unit(unit),
                    text::eliminations(&eliminations)
                );
                let held: Vec<u8> = cells(held).collect();
                out.push(Found {
                    technique,
                    values: vec![d],
                    pattern: held.iter().map(|&c| (c, d)).collect(),
                    cells: held,
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
    let shared: [bool; 3] =
        std::array::from_fn(|k| cells.iter().all(|&c| CELL_UNITS[usize::from(c)][k] == first[k]));
    let mut eliminations = Vec::new();
    let mut kinds = 0;
    if hidden {
        for &c in cells {
            eliminations.extend(digits(g.cands(usize::from(c)) & !mask).map(|d| (c, d)));
        }
    } else {
        for k in 0..3 {
            if !shared[k] {
                continue;
            }
            let mut counted = false;
            for c in unit_cells(first[k]).filter(|c| !cells.contains(c)) {
                for d in digits(g.cands(usize::from(c)) & mask) {
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
        .flat_map(|&c| digits(g.cands(usize::from(c)) & mask).map(move |d| (c, d)))
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

/// Whether the naked subset `cells` (candidates `mask`) eliminates something and is locked
/// (`locked`) or not as asked: [`subset`]'s verdict from the grid's bitsets, without building
/// the step.
fn naked_hit(g: &Grid, cells: &[u8], mask: u16, locked: bool) -> bool {
    let bits = cells.iter().fold(0u128, |b, &c| b | 1 << c);
    let first = CELL_UNITS[usize::from(cells[0])];
    let mut shared = [false; 3];
    let (mut any, mut kinds) = (false, 0);
    for k in 0..3 {
        let u = usize::from(first[k]);
        shared[k] = bits & !UNIT_BITS[u] == 0;
        if !shared[k] {
            continue;
        }
        let others = UNIT_BITS[u] & !bits;
        let elim = digits(mask).fold(0u128, |e, d| e | g.places(usize::from(d)) & others);
        if elim != 0 {
            any = true;
            if k == 2 || elim & !UNIT_BITS[usize::from(first[2])] != 0 {
                kinds += 1;
            }
        }
    }
    let is_locked = cells.len() < 4 && kinds > 1 && shared[2] && (shared[0] || shared[1]);
    any && is_locked == locked
}

/// Combinations of `n` (at most 4) of the 9-bit `masks`, as index lists in lexicographic
/// order, a partial one abandoned once its union exceeds `n` bits; `found` is called on those
/// whose union has exactly `n` bits and says whether to stop (then `true` is returned).
fn combinations(masks: &[u16], n: usize, mut found: impl FnMut(&[usize], u16) -> bool) -> bool {
    let len = masks.len();
    let mut idx = [0usize; 4];
    let mut acc = [0u16; 4];
    let mut depth = 0;
    loop {
        if idx[depth] + n - depth > len {
            if depth == 0 {
                return false;
            }
            depth -= 1;
            idx[depth] += 1;
            continue;
        }
        let m = acc[depth] | masks[idx[depth]];
        let bits = usize::from(POP9[usize::from(m)]);
        if bits <= n {
            if depth + 1 == n {
                if bits == n && found(&idx[..n], m) {
                    return true;
                }
            } else {
                acc[depth + 1] = m;
                idx[depth + 1] = idx[depth] + 1;
                depth += 1;
                continue;
            }
        }
        idx[depth] += 1;
    }
}

/// Naked subsets of size `n`: `locked` asks for locked pairs and triples (boxes only), else
/// for the subsets that are not locked; every instance if `all`, else the first.
pub(crate) fn naked_subsets(g: &Grid, n: usize, locked: bool, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    let units = if locked { &SUBSET_UNITS[..9] } else { &SUBSET_UNITS[..] };
    for &unit in units {
        let (mut eligible, mut masks) = ([0u8; 9], [0u16; 9]);
        let mut len = 0;
        for c in unit_cells(unit) {
            // Without a branch: the cell is written, and kept if eligible.
            let cands = g.cands(usize::from(c));
            let ok = (g.value(usize::from(c)) == 0) & (usize::from(POP9[usize::from(cands)]) <= n);
            eligible[len] = c;
            masks[len] = cands;
            len += usize::from(ok);
        }
        if len < n {
            continue;
        }
        let stop = combinations(&masks[..len], n, |idx, mask| {
            let mut cells = [0u8; 4];
            for (k, &i) in idx.iter().enumerate() {
                cells[k] = eligible[i];
            }
            let cells = &cells[..n];
            if !naked_hit(g, cells, mask, locked) {
                return false;
            }
            out.extend(subset(g, cells, mask, false));
            !all
        });
        if stop {
            return out;
        }
    }
    out
}

/// Hidden subsets of size `n`, in boxes, rows, columns; every instance if `all`, else the
/// first.
pub(crate) fn hidden_subsets(g: &Grid, n: usize, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for &unit in &SUBSET_UNITS {
        let open = unit_cells(unit).filter(|&c| g.value(usize::from(c)) == 0).count();
        if open <= n {
            continue;
        }
        let (mut eligible, mut masks) = ([0u8; 9], [0u16; 9]);
        let mut len = 0;
        for d in 1..=9u8 {
            if (1..=n as u8).contains(&g.free(unit, d)) {
                eligible[len] = d;
                masks[len] = g.at(unit, d);
                len += 1;
            }
        }
        if len < n {
            continue;
        }
        let unit_cells = &UNIT_CELLS[usize::from(unit)];
        let stop = combinations(&masks[..len], n, |idx, positions| {
            let mask = idx.iter().fold(0u16, |m, &i| m | 1 << (eligible[i] - 1));
            let mut cells = [0u8; 4];
            for (k, i) in digits(positions).enumerate() {
                cells[k] = unit_cells[usize::from(i - 1)].index() as u8;
            }
            let cells = &cells[..n];
            if !cells.iter().any(|&c| g.cands(usize::from(c)) & !mask != 0) {
                return false;
            }
            out.extend(subset(g, cells, mask, true));
            !all
        });
        if stop {
            return out;
        }
    }
    out
}
