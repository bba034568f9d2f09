//! ALS nodes in HoDoKu's chain tables (option `allowAlsInTablingChains`, off by default; the
//! regression tester turns it on for some grouped nice loop and AIC cases). An almost locked
//! set of two or more cells is entered when a digit leaves it (every outside candidate of the
//! digit seeing all its copies in the set is set); the rest is then a locked set: its other
//! digits leave the cells seeing all their copies, which can trigger other sets and force
//! cells (HoDoKu 2.2.4's behaviour, from its documented facts; our own code).

use super::als::{Als, alses};
use super::grid::{Grid, cells, digits};
use super::nodes::{GroupNode, node};

/// The ALS nodes of a grid: which tables get which ALS entries, and the ALS tables.
#[derive(Debug, Default)]
pub(crate) struct AlsPlan {
    pub(crate) alses: Vec<Als>,
    /// Per ALS node (by its id from the first ALS id): the set and the digit leaving it.
    pub(crate) nodes: Vec<(u16, u8)>,
    /// The entries into sets, in HoDoKu's order: (ALS node, cells whose set digit enters).
    pub(crate) entries: Vec<(u16, u128)>,
    /// Per ALS node, its table after the node itself: (node id, distance).
    pub(crate) tables: Vec<Vec<(u16, u16)>>,
    /// Per group node, the ALS nodes its set table enters.
    pub(crate) group_entries: Vec<Vec<u16>>,
}

impl AlsPlan {
    /// The plan for `g` with these group nodes; ALS node ids start at `base`.
    pub(crate) fn new(g: &Grid, groups: &[GroupNode], base: u16) -> AlsPlan {
        // HoDoKu's ALS list without single cells.
        let alses: Vec<Als> = alses(g).into_iter().filter(|a| a.size() > 1).collect();
        let mut plan =
            AlsPlan { group_entries: vec![Vec::new(); groups.len()], ..AlsPlan::default() };
        let mut ids: std::collections::HashMap<(u16, u8), u16> = std::collections::HashMap::new();
        let mut id_of = |plan: &mut AlsPlan, i: u16, j: u8| -> u16 {
            *ids.entry((i, j)).or_insert_with(|| {
                plan.nodes.push((i, j));
                plan.tables.push(Vec::new());
                base + 2 * (plan.nodes.len() - 1) as u16
            })
        };
        for (i, als) in alses.iter().enumerate() {
            let i = i as u16;
            for j in digits(als.cands) {
                let mut elims = [0u128; 10];
                for k in digits(als.cands).filter(|&k| k != j) {
                    elims[usize::from(k)] =
                        g.places(usize::from(k)) & als.buddies_for[usize::from(k - 1)];
                }
                if elims.iter().all(|&e| e == 0) {
                    continue;
                }
                let me = id_of(&mut plan, i, j);
                let enter = g.places(usize::from(j)) & als.buddies_for[usize::from(j - 1)];
                plan.entries.push((me, enter));
                for (gi, gn) in groups.iter().enumerate() {
                    if gn.digit == j
                        && gn.cells & enter != 0
                        && gn.cells & als.cells == 0
                        && als.with[usize::from(j - 1)] & !gn.buddies == 0
                        && !plan.group_entries[gi].contains(&me)
                    {
                        plan.group_entries[gi].push(me);
                    }
                }
                let pen = als.penalty();
                let mut table: Vec<(u16, u16)> = Vec::new();
                for k in 1..=9u8 {
                    let e = elims[usize::from(k)];
                    if e == 0 {
                        continue;
                    }
                    table.extend(cells(e).map(|c| (node(c, k, false), 2 + pen)));
                    for (gi, gn) in groups.iter().enumerate() {
                        if gn.digit == k && gn.cells & !e == 0 {
                            table.push((super::nodes::group_node(gi, false), 2 + pen));
                        }
                    }
                }
                for (k, other) in alses.iter().enumerate() {
                    if k as u16 == i || other.cells & als.cells != 0 {
                        continue;
                    }
                    for l in 1..=9u8 {
                        let e = elims[usize::from(l)];
                        let theirs = other.with[usize::from(l - 1)];
                        if e == 0 || theirs == 0 || theirs & !e != 0 {
                            continue;
                        }
                        let them = id_of(&mut plan, k as u16, l);
                        table.push((them, 2 + pen));
                    }
                }
                for c in cells(als.buddies) {
                    let cm = g.cands(usize::from(c));
                    if g.value(usize::from(c)) != 0 || cm.count_ones() == 2 {
                        continue;
                    }
                    let left: u16 = digits(cm)
                        .filter(|&d| elims[usize::from(d)] >> c & 1 == 0)
                        .fold(0, |m, d| m | 1 << (d - 1));
                    if left.count_ones() == 1 {
                        table.push((node(c, left.trailing_zeros() as u8 + 1, true), 3 + pen));
                    }
                }
                plan.tables[usize::from((me - base) / 2)] = table;
            }
        }
        plan.alses = alses;
        plan
    }
}
