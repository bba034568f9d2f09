//! HoDoKu's almost locked sets (its AlsSolver): ALS-XZ and ALS-XY-Wing here, ALS chains and
//! Death Blossom in `als_chain.rs`.
//!
//! An almost locked set (ALS) is n unsolved cells of one unit holding n + 1 digits together.
//! HoDoKu lists them unit by unit (rows, columns, boxes), each unit's cell subsets depth first,
//! keeping the first of equal cell sets; two ALS have a restricted common digit (RC) when every
//! cell of either holding it sees every such cell of the other. HoDoKu 2.2.4's behaviour with
//! its default options, from its documented facts; our own code.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::sync::Arc;

use sudoku_core::{CandidateGrid, UNIT_CELLS};

use super::grid::{Grid, UNIT_BITS, cells, digits, peers};
use super::{Found, HodokuTechnique as T, text, timsort};

/// An almost locked set with what HoDoKu precomputes for it (the ALS searches' and the chain
/// tables' ALS nodes').
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Als {
    pub(crate) cells: u128,
    pub(crate) cands: u16,
    /// By digit (index `d - 1`): the ALS's cells holding it.
    pub(crate) with: [u128; 9],
    /// By digit: the cells outside the ALS holding it that see all of `with`.
    pub(crate) buddies_for: [u128; 9],
    /// The union of `buddies_for`.
    pub(crate) buddies: u128,
}

/// The cells that see every cell of `set` (none of them itself).
pub(crate) fn common_peers(set: u128) -> u128 {
    cells(set).fold(!0u128 >> 47, |acc, c| acc & peers(c))
}

impl Als {
    fn new(g: &Grid, cells: u128, cands: u16) -> Als {
        let mut als = Als { cells, cands, with: [0; 9], buddies_for: [0; 9], buddies: 0 };
        for d in digits(cands) {
            let k = usize::from(d - 1);
            let places = g.places(usize::from(d));
            als.with[k] = cells & places;
            als.buddies_for[k] = common_peers(als.with[k]) & !cells & places;
            als.buddies |= als.buddies_for[k];
        }
        als
    }

    /// The number of cells.
    pub(crate) fn size(&self) -> u32 {
        self.cells.count_ones()
    }

    /// HoDoKu's distance penalty of entering the set as a chain node (by its number of digits).
    pub(crate) fn penalty(&self) -> u16 {
        penalty(self.cands.count_ones())
    }

    /// HoDoKu's notation: `r79c9,r8c8 {1579}`.
    pub(crate) fn text(&self) -> String {
        let ds: String = digits(self.cands).map(|d| char::from(b'0' + d)).collect();
        format!("{} {{{ds}}}", text::compact(cells(self.cells)))
    }

    /// The first unit (rows, columns, boxes) holding every cell.
    pub(crate) fn unit(&self) -> u8 {
        (0..27u8).find(|&u| self.cells & !UNIT_BITS[usize::from(u)] == 0).unwrap_or(0)
    }
}

/// HoDoKu's chain penalty of an ALS of `n` (digits, or cells in a step's length).
pub(crate) fn penalty(n: u32) -> u16 {
    match n {
        0 | 1 => 0,
        2 => 1,
        n => (2 * (n - 1)) as u16,
    }
}

/// A restricted common: two ALS (the first listed earlier) and their one or two RC digits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rc {
    pub(crate) als1: u32,
    pub(crate) als2: u32,
    pub(crate) cand1: u8,
    pub(crate) cand2: u8,
}

/// Every ALS of the grid in HoDoKu's order, and their restricted commons.
#[derive(Debug)]
pub(crate) struct Alses {
    pub(crate) list: Vec<Als>,
    pub(crate) rcs: Vec<Rc>,
    /// By ALS: its RCs (those with it first) are `rcs[start[i]..end[i]]`.
    pub(crate) start: Vec<u32>,
    pub(crate) end: Vec<u32>,
}

/// The subsets of up to eight of `k` positions (`k` = 0..=9) in HoDoKu's order (depth first:
/// {0}, {0,1}, {0,1,2}, ..., {0,2}, ...): per subset its positions as bits, its size, the
/// subset it extends (`u16::MAX` for none) and the position it adds.
struct Subsets {
    mask: [u16; 511],
    size: [u8; 511],
    parent: [u16; 511],
    added: [u8; 511],
    len: usize,
}

const fn subsets_of(k: usize) -> Subsets {
    let mut t =
        Subsets { mask: [0; 511], size: [0; 511], parent: [0; 511], added: [0; 511], len: 0 };
    // The open subsets: their entry (u16::MAX for the empty one) and next position to add.
    let mut entry = [u16::MAX; 10];
    let mut next = [0usize; 10];
    let mut depth = 1;
    while depth > 0 {
        let top = depth - 1;
        let p = next[top];
        if p >= k || depth > 8 {
            depth -= 1;
            continue;
        }
        next[top] = p + 1;
        let base = if entry[top] == u16::MAX { 0 } else { t.mask[entry[top] as usize] };
        let n = t.len;
        t.mask[n] = base | 1 << p;
        t.size[n] = depth as u8;
        t.parent[n] = entry[top];
        t.added[n] = p as u8;
        t.len += 1;
        entry[depth] = n as u16;
        next[depth] = p + 1;
        depth += 1;
    }
    t
}

/// [`subsets_of`] for every number of open cells of a unit.
static SUBSETS: [Subsets; 10] = {
    let mut i = 0;
    let mut t = [const {
        Subsets { mask: [0; 511], size: [0; 511], parent: [0; 511], added: [0; 511], len: 0 }
    }; 10];
    while i < 10 {
        t[i] = subsets_of(i);
        i += 1;
    }
    t
};

/// Every ALS (1-cell ones, bivalue cells, included): units in order, each unit's subsets of
/// up to eight unsolved cells depth first by position, the first of equal cell sets kept (a
/// single cell is first met in its row, a set within one row or column in that line, so a
/// column skips single cells and a box skips sets within one line).
pub(crate) fn alses(g: &Grid) -> Vec<Als> {
    let mut list = Vec::new();
    let mut unions = [0u16; 511];
    for (u, unit) in UNIT_CELLS.iter().enumerate() {
        let mut open = [0u8; 9];
        let mut k = 0;
        for c in unit {
            if g.value(c.index()) == 0 {
                open[k] = c.index() as u8;
                k += 1;
            }
        }
        let t = &SUBSETS[k];
        for e in 0..t.len {
            let cands = g.cands(usize::from(open[usize::from(t.added[e])]))
                | match t.parent[e] {
                    u16::MAX => 0,
                    p => unions[usize::from(p)],
                };
            unions[e] = cands;
            if cands.count_ones() != u32::from(t.size[e]) + 1 {
                continue;
            }
            let set = (0..k)
                .filter(|&i| t.mask[e] >> i & 1 != 0)
                .fold(0u128, |m, i| m | 1u128 << open[i]);
            let seen = match u {
                0..=8 => false,
                9..=17 => t.size[e] == 1,
                _ => in_one_line(set),
            };
            if !seen {
                list.push(Als::new(g, set, cands));
            }
        }
    }
    list
}

/// Whether a cell set lies in one row or one column.
fn in_one_line(set: u128) -> bool {
    (0..18).any(|u| set & !UNIT_BITS[u] == 0)
}

/// The ALS and their RCs: for every pair of ALS (the second listed later), disjoint unless
/// `overlap`, each common digit none of whose cells lies in both and whose cells all see each
/// other; one record per pair (a third RC digit replaces the second).
pub(crate) fn with_rcs(g: &Grid, overlap: bool) -> Alses {
    let list = alses(g);
    // By cell, the ALS holding it (bit j of word j / 64): every cell of an RC digit in one ALS
    // lies outside the other and sees all its cells with the digit, so it is one of the
    // other's buddies; only ALS meeting an ALS's buddies can share an RC with it.
    let words = list.len().div_ceil(64);
    let mut by_cell = vec![0u64; 81 * words];
    for (j, b) in list.iter().enumerate() {
        for c in cells(b.cells) {
            by_cell[usize::from(c) * words + j / 64] |= 1 << (j % 64);
        }
    }
    let mut near = vec![0u64; words];
    let (mut rcs, mut start, mut end) = (Vec::new(), Vec::new(), Vec::new());
    for (i, a) in list.iter().enumerate() {
        start.push(rcs.len() as u32);
        // Only later ALS: words from i / 64 on, bits above i.
        let first = i / 64;
        near[first..].iter_mut().for_each(|w| *w = 0);
        for c in cells(a.buddies) {
            let row = &by_cell[usize::from(c) * words..][..words];
            for (w, &x) in near[first..].iter_mut().zip(&row[first..]) {
                *w |= x;
            }
        }
        if !overlap {
            for c in cells(a.cells) {
                let row = &by_cell[usize::from(c) * words..][..words];
                for (w, &x) in near[first..].iter_mut().zip(&row[first..]) {
                    *w &= !x;
                }
            }
        }
        near[first] &= !0u64 << (i % 64) << 1;
        for (k, &word) in near.iter().enumerate().skip(first) {
            let mut bits = word;
            while bits != 0 {
                let j = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let b = &list[j];
                if a.cands & b.cands == 0 || b.buddies & a.cells == 0 {
                    continue;
                }
                let inter = a.cells & b.cells;
                let mut rc = Rc { als1: i as u32, als2: j as u32, cand1: 0, cand2: 0 };
                for d in digits(a.cands & b.cands) {
                    let k = usize::from(d - 1);
                    let both = a.with[k] | b.with[k];
                    if both & inter != 0 {
                        continue;
                    }
                    let seeing = (a.buddies_for[k] | a.with[k]) & (b.buddies_for[k] | b.with[k]);
                    if both & !seeing == 0 {
                        if rc.cand1 == 0 {
                            rc.cand1 = d;
                        } else {
                            rc.cand2 = d;
                        }
                    }
                }
                if rc.cand1 != 0 {
                    rcs.push(rc);
                }
            }
        }
        end.push(rcs.len() as u32);
    }
    Alses { list, rcs, start, end }
}

/// The ALS and RCs of a grid's candidates, kept for the next ALS search on the same
/// candidates (HoDoKu caches its lists likewise).
#[derive(Debug)]
pub(crate) struct Memo {
    marks: CandidateGrid,
    overlap: bool,
    pub(crate) alses: Alses,
}

/// The ALS searches' last lists ([`Memo`]): held by the context of one solve
/// ([`super::Ctx`]), not by the grid, and asked again while the candidates are unchanged.
#[derive(Debug, Default)]
pub(crate) struct AlsCache(RefCell<Option<Arc<Memo>>>);

/// The ALS and RCs of `g` (from `cache` when its candidates are unchanged).
pub(crate) fn cached(g: &Grid, cache: &AlsCache, overlap: bool) -> Arc<Memo> {
    let mut memo = cache.0.borrow_mut();
    if let Some(m) = memo.as_ref().filter(|m| m.marks == *g.marks() && m.overlap == overlap) {
        return Arc::clone(m);
    }
    let m = Arc::new(Memo { marks: *g.marks(), overlap, alses: with_rcs(g, overlap) });
    *memo = Some(Arc::clone(&m));
    m
}

/// A mask of digits, `0` standing for none.
pub(crate) fn mask(ds: &[u8]) -> u16 {
    ds.iter().filter(|&&d| d != 0).fold(0, |m, &d| m | 1 << (d - 1))
}

/// HoDoKu's common rule for two ALS: each digit both hold, except `excluded`, leaves every
/// cell (outside both) that sees all of its cells in both. Appends the eliminations (digit by
/// digit, cells ascending) and returns the digits that eliminated.
pub(crate) fn common_eliminations(
    a: &Als,
    b: &Als,
    excluded: u16,
    elims: &mut Vec<(u8, u8)>,
) -> u16 {
    let possible = a.cands & b.cands & !excluded;
    if possible == 0 || a.buddies & b.buddies == 0 {
        return 0;
    }
    let mut z = 0;
    for d in digits(possible) {
        let k = usize::from(d - 1);
        let m = a.buddies_for[k] & b.buddies_for[k];
        if m != 0 {
            elims.extend(cells(m).map(|c| (c, d)));
            z |= 1 << k;
        }
    }
    z
}

/// Doubly linked ALS: `a` without both RC digits is locked, so its other digits leave every
/// cell outside `b` seeing all their cells in `a`. Whether anything was eliminated.
fn locked_eliminations(a: &Als, b: &Als, rcs: u16, elims: &mut Vec<(u8, u8)>) -> bool {
    let mut any = false;
    for d in digits(a.cands & !rcs) {
        let m = a.buddies_for[usize::from(d - 1)] & !b.cells;
        if m != 0 {
            elims.extend(cells(m).map(|c| (c, d)));
            any = true;
        }
    }
    any
}

/// Digits of a mask joined by `,`.
fn digit_list(m: u16) -> String {
    digits(m).map(|d| d.to_string()).collect::<Vec<_>>().join(",")
}

/// An ALS step: its technique, eliminations (HoDoKu's order), ALS and text.
pub(crate) fn step(technique: T, elims: Vec<(u8, u8)>, used: &[&Als], text: String) -> Found {
    let mut pattern = Vec::new();
    let mut units = Vec::new();
    for a in used {
        for c in cells(a.cells) {
            pattern.extend(digits(g_cands(a, c)).map(|d| (c, d)));
        }
        let u = a.unit();
        if !units.contains(&u) {
            units.push(u);
        }
    }
    Found { technique, eliminations: elims, pattern, units, text, ..Found::default() }
}

/// The digits of the ALS `a` in its cell `c`.
fn g_cands(a: &Als, c: u8) -> u16 {
    (0..9).filter(|&k| a.with[k] >> c & 1 != 0).fold(0, |m, k| m | 1 << k)
}

/// ALS-XZ for each RC in order (HoDoKu's `getAlsXZ`): the digits both ALS hold except the RC
/// leave the cells seeing all their instances; a doubly linked pair also eliminates each RC
/// digit this way, and each ALS minus both RCs is locked.
pub(crate) fn xz(s: &Alses, all: bool) -> Vec<(Found, usize, u32)> {
    let mut out = Vec::new();
    for rc in &s.rcs {
        let (a, b) = (&s.list[rc.als1 as usize], &s.list[rc.als2 as usize]);
        let mut elims = Vec::new();
        let mut z = common_eliminations(a, b, mask(&[rc.cand1]), &mut elims);
        if rc.cand2 != 0 {
            z |= common_eliminations(a, b, mask(&[rc.cand2]), &mut elims);
            let rcs = mask(&[rc.cand1, rc.cand2]);
            let d1 = locked_eliminations(a, b, rcs, &mut elims);
            let d2 = locked_eliminations(b, a, rcs, &mut elims);
            if d1 || d2 {
                z = 0;
            }
        }
        if elims.is_empty() {
            continue;
        }
        let mut line = format!(
            "{}: A={}, B={}, X={}",
            T::AlsXz,
            a.text(),
            b.text(),
            digit_list(mask(&[rc.cand1, rc.cand2]))
        );
        if z != 0 {
            line += &format!(", Z={}", digit_list(z));
        }
        line += &text::eliminations(&elims);
        out.push((step(T::AlsXz, elims, &[a, b], line), 2, a.size() + b.size()));
        if !all {
            break;
        }
    }
    out
}

/// ALS-XY-Wing for each pair of RCs in order sharing exactly one ALS (C) with two different
/// others (A from the first, B from the second; disjoint, neither inside the other): the digits
/// A and B hold except every RC digit leave the cells seeing all their instances.
pub(crate) fn xy_wing(s: &Alses, overlap: bool, all: bool) -> Vec<(Found, usize, u32)> {
    // The RCs of each ALS, ascending, to visit only pairs sharing one.
    let n = s.list.len();
    let mut count = vec![0u32; n + 1];
    for rc in &s.rcs {
        count[rc.als1 as usize + 1] += 1;
        count[rc.als2 as usize + 1] += 1;
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    let mut by_als = vec![0u32; count[n] as usize];
    let mut fill = count.clone();
    for (k, rc) in s.rcs.iter().enumerate() {
        for x in [rc.als1, rc.als2] {
            by_als[fill[x as usize] as usize] = k as u32;
            fill[x as usize] += 1;
        }
    }
    let of = |x: u32| &by_als[count[x as usize] as usize..count[x as usize + 1] as usize];
    let mut out = Vec::new();
    for (i, rc1) in s.rcs.iter().enumerate() {
        let (l1, l2) = (of(rc1.als1), of(rc1.als2));
        let (mut p, mut q) = (l1.partition_point(|&k| k as usize <= i), 0);
        q += l2.partition_point(|&k| k as usize <= i);
        loop {
            // Merge the two ascending lists (no RC is in both: that would be rc1's pair).
            let j = match (l1.get(p), l2.get(q)) {
                (Some(&x), Some(&y)) if x < y => {
                    p += 1;
                    x
                }
                (_, Some(&y)) => {
                    q += 1;
                    y
                }
                (Some(&x), None) => {
                    p += 1;
                    x
                }
                (None, None) => break,
            };
            let rc2 = &s.rcs[j as usize];
            if rc1.cand2 == 0 && rc2.cand2 == 0 && rc1.cand1 == rc2.cand1 {
                continue;
            }
            let (c, a, b) = if rc1.als1 == rc2.als1 {
                (rc1.als1, rc1.als2, rc2.als2)
            } else if rc1.als1 == rc2.als2 {
                (rc1.als1, rc1.als2, rc2.als1)
            } else if rc1.als2 == rc2.als1 {
                (rc1.als2, rc1.als1, rc2.als2)
            } else {
                (rc1.als2, rc1.als1, rc2.als1)
            };
            let (a, b, c) = (&s.list[a as usize], &s.list[b as usize], &s.list[c as usize]);
            if !overlap && a.cells & b.cells != 0 {
                continue;
            }
            let union = a.cells | b.cells;
            if union == a.cells || union == b.cells {
                continue;
            }
            let rcs = mask(&[rc1.cand1, rc1.cand2, rc2.cand1, rc2.cand2]);
            let mut elims = Vec::new();
            let z = common_eliminations(a, b, rcs, &mut elims);
            if elims.is_empty() {
                continue;
            }
            let line = format!(
                "{}: A={}, B={}, C={}, X,Y={}, Z={}{}",
                T::AlsXyWing,
                a.text(),
                b.text(),
                c.text(),
                digit_list(rcs),
                digit_list(z),
                text::eliminations(&elims)
            );
            let n = a.size() + b.size() + c.size();
            out.push((step(T::AlsXyWing, elims, &[a, b, c], line), 3, n));
            if !all {
                return out;
            }
        }
    }
    out
}

/// What HoDoKu's ALS order (`AlsComparator`) looks at in a step.
pub(crate) struct AlsKey {
    pub(crate) technique: T,
    pub(crate) elims: Vec<(u8, u8)>,
    pub(crate) alses: usize,
    pub(crate) cells: u32,
}

/// HoDoKu's ALS step order: more eliminations (as listed, repeats counted) first; steps with
/// different eliminations by weighted index sum; then fewer ALS, then fewer cells in them.
pub(crate) fn compare(a: &AlsKey, b: &AlsKey) -> Ordering {
    if a.elims.len() != b.elims.len() {
        return b.elims.len().cmp(&a.elims.len());
    }
    let equivalent = a.technique == b.technique && a.elims.iter().all(|e| b.elims.contains(e));
    if !equivalent {
        return timsort::index_sum(a.elims.iter().copied())
            .cmp(&timsort::index_sum(b.elims.iter().copied()));
    }
    a.alses.cmp(&b.alses).then(a.cells.cmp(&b.cells))
}

/// Sorts found ALS steps (with their ALS counts) by HoDoKu's ALS order.
pub(crate) fn sorted(steps: Vec<(Found, usize, u32)>) -> Vec<Found> {
    let keys: Vec<AlsKey> = steps
        .iter()
        .map(|(f, n, c)| AlsKey {
            technique: f.technique,
            elims: f.eliminations.clone(),
            alses: *n,
            cells: *c,
        })
        .collect();
    let mut order: Vec<usize> = (0..steps.len()).collect();
    timsort::sort(&mut order, |&x, &y| compare(&keys[x], &keys[y]));
    let mut steps: Vec<Option<Found>> = steps.into_iter().map(|s| Some(s.0)).collect();
    order.into_iter().filter_map(|i| steps[i].take()).collect()
}

#[cfg(test)]
mod tests {
    use crate::hodoku::LibraryCase;

    fn grid(line: &str) -> super::Grid {
        let case: LibraryCase = line.parse().expect("a case");
        case.grid()
    }

    #[test]
    fn als_xz_and_xy_wing_as_hodoku_prints_them() {
        let g = grid(
            ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::",
        );
        let s = super::with_rcs(&g, false);
        let xz = super::xz(&s, false);
        assert_eq!(
            xz[0].0.text,
            "Almost Locked Set XZ-Rule: A=r1c46,r2c5 {1358}, B=r1c89,r2c9,r3c8 {23589}, X=5, Z=3 => r2c7<>3"
        );
        let g = grid(
            ":0902-1:7:+8...43..+1.+3+1.5+7..8.721......9+3+5+1......5....1.18.3..........1.67..7..91..3+1+8+76592+4:441 247 451 254 454 854 255 257 265 267 471 274 875 481 284 885:768::",
        );
        let s = super::with_rcs(&g, false);
        assert!(super::xz(&s, false).is_empty());
        let wing = super::xy_wing(&s, false, false);
        assert_eq!(
            wing[0].0.text,
            "Almost Locked Set XY-Wing: A=r6c5 {79}, B=r123c8,r3c79 {345679}, C=r3c56 {689}, X,Y=6,9, Z=7 => r6c8<>7"
        );
        assert_eq!(wing[0].0.eliminations, [(52, 7)]);
        assert_eq!(wing[0].0.units.len(), 3);
    }
}
