//! HoDoKu's tables ("Trebor's tables"), shared by nice loops, AICs, forcing chains and forcing
//! nets: for every premise (a candidate set, or removed) a table of what it implies.
//!
//! A table starts with its direct implications (built here for chains, in `tabling_nets` for
//! nets) and is then expanded: every implied node adds the direct implications of its own
//! table that are not there yet, in order, until the table holds 1,000 entries. For chains
//! that is a breadth-first search, each node keeping the first path that reached it; that
//! path is the chain HoDoKu prints. What a table reaches (when under 1,000 entries) is the
//! transitive closure of the direct implications, computed here for all tables at once; the
//! exact expansion is only run for the tables whose chains are printed (`tabling_chains`)
//! (HoDoKu 2.2.4's behaviour, from its documented facts; our own code).

use super::als::Als;
use super::grid::{CELL_UNITS, Grid, UNIT_BITS, cells, digits, peers};
use super::nodes::{GROUP_BASE, GroupNode, group_node, group_nodes, is_on, node};
use super::tabling_als::AlsPlan;

/// HoDoKu's capacity of one table (`maxTableEntryLength`).
pub(crate) const CAP: usize = 1000;
/// No entry.
pub(crate) const NONE: u16 = u16::MAX;

/// HoDoKu's scratch cell set `tmpSet` as far as its first element goes: reading element 0 of
/// an empty set returns what the last non-empty read left (forcing-chain contradictions of
/// one chain print that stale cell).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TmpSet {
    bits: u128,
    init: bool,
    first: u8,
}

impl TmpSet {
    pub(crate) fn set(&mut self, bits: u128) {
        self.bits = bits;
        self.init = false;
    }
    fn init(&mut self) {
        if !self.init {
            if self.bits != 0 {
                self.first = self.bits.trailing_zeros() as u8;
            }
            self.init = true;
        }
    }
    /// The set's size (reading a non-empty set refreshes element 0).
    pub(crate) fn size(&mut self) -> u32 {
        if self.bits == 0 {
            return 0;
        }
        self.init();
        self.bits.count_ones()
    }
    /// Element 0, stale when the set is empty.
    pub(crate) fn get0(&mut self) -> u8 {
        self.init();
        self.first
    }

    /// Element 0 as the last read left it (without reading the set).
    pub(crate) fn stale(&self) -> u8 {
        self.first
    }
}

/// One table entry: the node, its distance (twice the links for chains), and the positions of
/// the entries of the same table that imply it (HoDoKu's "ret indices", largest first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) node: u16,
    pub(crate) dist: u16,
    pub(crate) ret: [u16; 5],
}

impl Entry {
    /// A direct entry implied by the premise (entry 0).
    pub(crate) fn direct(node: u16) -> Entry {
        Entry { node, dist: 2, ret: [0; 5] }
    }
}

/// HoDoKu's packing of up to five predecessors: the largest moves first by swaps.
pub(crate) fn ret_indices(mut r: [u16; 5]) -> [u16; 5] {
    for k in 1..5 {
        if r[k] > r[0] {
            r.swap(0, k);
        }
    }
    r
}

/// The tables before expansion: per node its direct implications (entry 0 the node itself).
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    pub(crate) groups: Vec<GroupNode>,
    span: Vec<(u32, u16)>,
    nodes: Vec<u16>,
    /// Per entry its distance and predecessors; empty for chain tables (distance 1 for the
    /// premise, 2 for the others, all implied by the premise).
    meta: Vec<(u16, [u16; 5])>,
    /// HoDoKu's `tmpSet` after filling (for stale entities).
    pub(crate) tmp: TmpSet,
    /// Whether some table could reach more nodes than a table holds (else none is capped).
    pub(crate) may_cap: bool,
    /// ALS nodes (ids from `als_base`, two apart): the sets and, per node, its set and digit.
    pub(crate) als_base: u16,
    pub(crate) alses: Vec<Als>,
    als_nodes: Vec<(u16, u8)>,
}

/// What a group node adds to the normal tables of its digit: the set tables of the cells
/// seeing it get it removed, the removed tables of the cells that are its only partner in a
/// house get it set.
#[derive(Clone, Copy, Debug)]
struct Links {
    sees: u128,
    partner: u128,
}

fn links(g: &Grid, groups: &[GroupNode]) -> Vec<Links> {
    groups
        .iter()
        .map(|gn| {
            let sees = g.places(usize::from(gn.digit)) & gn.buddies;
            let mut partner = 0;
            for h in [UNIT_BITS[18 + usize::from(gn.block)], line_of(gn)] {
                if (sees & h).count_ones() == 1 {
                    partner |= sees & h;
                }
            }
            Links { sees, partner }
        })
        .collect()
}

/// The row or column of a group node.
fn line_of(gn: &GroupNode) -> u128 {
    match (gn.line, gn.col) {
        (Some(r), _) => UNIT_BITS[usize::from(r)],
        (None, c) => UNIT_BITS[9 + usize::from(c.unwrap_or(0))],
    }
}

/// Writes tables one after the other (in any order), with the entries group nodes add.
#[derive(Debug)]
pub(crate) struct Writer {
    t: Tables,
    links: Vec<Links>,
    /// By digit, the group nodes of the digit (in list order).
    by_digit: [Vec<u16>; 10],
    nets: bool,
    als: Option<AlsPlan>,
}

impl Writer {
    /// A writer for the tables of `g` with these group nodes (`nets`: entries carry their
    /// distances and predecessors).
    pub(crate) fn new(g: &Grid, groups: Vec<GroupNode>, nets: bool) -> Writer {
        Writer::with_als(g, groups, nets, false)
    }

    /// As [`Writer::new`], with ALS nodes if `als`.
    pub(crate) fn with_als(g: &Grid, groups: Vec<GroupNode>, nets: bool, als: bool) -> Writer {
        let als_base = GROUP_BASE + 2 * groups.len() as u16;
        let plan = als.then(|| AlsPlan::new(g, &groups, als_base));
        let ids = usize::from(als_base) + plan.as_ref().map_or(0, |p| 2 * p.nodes.len());
        let mut by_digit: [Vec<u16>; 10] = Default::default();
        for (i, gn) in groups.iter().enumerate() {
            by_digit[usize::from(gn.digit)].push(i as u16);
        }
        let links = links(g, &groups);
        let t = Tables {
            groups,
            span: vec![(0, 0); ids],
            nodes: Vec::with_capacity(if nets { 32768 } else { 8192 }),
            meta: Vec::new(),
            tmp: TmpSet::default(),
            may_cap: false,
            als_base,
            alses: Vec::new(),
            als_nodes: Vec::new(),
        };
        Writer { t, links, by_digit, nets: nets || als, als: plan }
    }

    fn push(&mut self, n: u16, dist: u16, ret: [u16; 5]) {
        self.t.nodes.push(n);
        if self.nets {
            self.t.meta.push((dist, ret));
        }
    }

    /// The table of normal node `id` (premise first), followed by the group nodes it
    /// implies, capped as HoDoKu's tables are.
    pub(crate) fn put(&mut self, id: u16, list: &[Entry]) {
        let start = self.t.nodes.len();
        for e in &list[..list.len().min(CAP)] {
            self.push(e.node, e.dist, e.ret);
        }
        let (cell, d, on) = ((id % 81) as u8, (id / 81 % 9) as u8 + 1, is_on(id));
        for k in 0..self.by_digit[usize::from(d)].len() {
            let gi = self.by_digit[usize::from(d)][k];
            let l = self.links[usize::from(gi)];
            let hit = if on { l.sees } else { l.partner } >> cell & 1 != 0;
            if hit && self.t.nodes.len() - start < CAP {
                self.push(group_node(usize::from(gi), !on), 2, [0; 5]);
            }
        }
        if on && let Some(plan) = self.als.take() {
            for &(me, enter) in &plan.entries {
                let (_, j) = plan.nodes[usize::from((me - self.t.als_base) / 2)];
                if j == d && enter >> cell & 1 != 0 && self.t.nodes.len() - start < CAP {
                    self.push(me, 2, [0; 5]);
                }
            }
            self.als = Some(plan);
        }
        self.t.span[usize::from(id)] = (start as u32, (self.t.nodes.len() - start) as u16);
    }

    /// The group nodes' own tables; the tables are done.
    pub(crate) fn finish(mut self, g: &Grid, mut tmp: TmpSet) -> Tables {
        let groups = std::mem::take(&mut self.t.groups);
        let mut list: Vec<u16> = Vec::with_capacity(32);
        for (i, gn) in groups.iter().enumerate() {
            let d = gn.digit;
            let l = self.links[i];
            tmp.set(l.sees);
            tmp.size();
            // Set: the cells seeing it and the group nodes sharing a house are removed.
            list.clear();
            list.push(group_node(i, true));
            list.extend(cells(l.sees).map(|c| node(c, d, false)));
            let (mut line, mut col, mut block) = ((0, 0), (0, 0), (0, 0));
            for (j, g2) in groups.iter().enumerate() {
                if j == i || g2.digit != d || gn.cells & g2.cells != 0 {
                    continue;
                }
                let mut link = |count: &mut (u32, usize)| {
                    count.0 += 1;
                    if count.0 == 1 {
                        count.1 = j;
                    }
                    list.push(group_node(j, false));
                };
                if gn.line.is_some() && gn.line == g2.line {
                    link(&mut line);
                }
                if gn.col.is_some() && gn.col == g2.col {
                    link(&mut col);
                }
                if gn.block == g2.block {
                    link(&mut block);
                }
            }
            let als = self.als.as_ref().map_or(&[][..], |p| &p.group_entries[i][..]);
            let extra = als.len();
            list.extend_from_slice(als);
            self.put_group(group_node(i, true), &list);
            let _ = extra;
            // Removed: a single partner in a house is set.
            list.clear();
            list.push(group_node(i, false));
            if l.sees != 0 {
                for h in [UNIT_BITS[18 + usize::from(gn.block)], line_of(gn)] {
                    if (l.sees & h).count_ones() == 1 {
                        list.push(node((l.sees & h).trailing_zeros() as u8, d, true));
                    }
                }
            }
            let houses = [
                (line, gn.line.map(|r| UNIT_BITS[usize::from(r)])),
                (col, gn.col.map(|c| UNIT_BITS[9 + usize::from(c)])),
                (block, Some(UNIT_BITS[18 + usize::from(gn.block)])),
            ];
            for ((n, j), house) in houses {
                if let (1, Some(h)) = (n, house) {
                    let rest = h & g.places(usize::from(d)) & !gn.cells & !groups[j].cells;
                    tmp.set(rest);
                    if rest == 0 {
                        list.push(group_node(j, true));
                    }
                }
            }
            self.put_group(group_node(i, false), &list);
        }
        self.t.groups = groups;
        self.t.tmp = tmp;
        if let Some(plan) = self.als.take() {
            for (k, table) in plan.tables.iter().enumerate() {
                let id = self.t.als_base + 2 * k as u16;
                let start = self.t.nodes.len();
                self.push(id, 1, [0; 5]);
                for &(n, dist) in table.iter().take(CAP - 1) {
                    self.push(n, dist, [0; 5]);
                }
                self.t.span[usize::from(id)] = (start as u32, (self.t.nodes.len() - start) as u16);
            }
            self.t.als_nodes = plan.nodes;
            self.t.alses = plan.alses;
        }
        let tables = self.t.span.iter().filter(|s| s.1 > 0).count();
        self.t.may_cap = if self.nets {
            let mut seen = vec![0u64; self.t.span.len().div_ceil(64)];
            for &n in &self.t.nodes {
                seen[usize::from(n) / 64] |= 1 << (n % 64);
            }
            seen.iter().map(|w| w.count_ones() as usize).sum::<usize>() > CAP
        } else {
            tables > CAP
        };
        self.t
    }

    fn put_group(&mut self, id: u16, list: &[u16]) {
        let start = self.t.nodes.len();
        for (k, &n) in list.iter().enumerate().take(CAP) {
            self.push(n, if k == 0 { 1 } else { 2 }, [0; 5]);
        }
        self.t.span[usize::from(id)] = (start as u32, (self.t.nodes.len() - start) as u16);
    }
}

impl Tables {
    /// How many node ids there are (normal nodes, then two per group node).
    pub(crate) fn ids(&self) -> usize {
        self.span.len()
    }

    /// The direct entries of the table of `id` (entry 0 is `id` itself; empty if none).
    #[inline]
    pub(crate) fn nodes(&self, id: u16) -> &[u16] {
        let (s, n) = self.span[usize::from(id)];
        &self.nodes[s as usize..s as usize + usize::from(n)]
    }

    /// Whether the tables carry distances and predecessors (net tables).
    #[inline]
    pub(crate) fn is_net(&self) -> bool {
        !self.meta.is_empty()
    }

    /// The distance of entry `k` of the table of `id`.
    #[inline]
    pub(crate) fn dist(&self, id: u16, k: usize) -> u16 {
        if self.meta.is_empty() {
            if k == 0 { 1 } else { 2 }
        } else {
            self.meta[self.span[usize::from(id)].0 as usize + k].0
        }
    }

    /// The predecessors of entry `k` of the table of `id` (positions in that table).
    #[inline]
    pub(crate) fn ret(&self, id: u16, k: usize) -> [u16; 5] {
        if self.meta.is_empty() {
            [0; 5]
        } else {
            self.meta[self.span[usize::from(id)].0 as usize + k].1
        }
    }

    /// The set and the digit of an ALS node.
    #[inline]
    pub(crate) fn als_of(&self, n: u16) -> Option<(&Als, u8)> {
        if n < self.als_base {
            return None;
        }
        let (i, j) = self.als_nodes[usize::from((n - self.als_base) / 2)];
        Some((&self.alses[usize::from(i)], j))
    }

    /// The first cell of a node.
    pub(crate) fn cell(&self, n: u16) -> u8 {
        if let Some((a, j)) = self.als_of(n) {
            return a.with[usize::from(j - 1)].trailing_zeros() as u8;
        }
        if n >= GROUP_BASE {
            self.groups[usize::from((n - GROUP_BASE) / 2)].cells.trailing_zeros() as u8
        } else {
            (n % 81) as u8
        }
    }

    /// The cells of a node.
    pub(crate) fn cells(&self, n: u16) -> u128 {
        if let Some((a, _)) = self.als_of(n) {
            return a.cells;
        }
        if n >= GROUP_BASE {
            self.groups[usize::from((n - GROUP_BASE) / 2)].cells
        } else {
            1u128 << (n % 81)
        }
    }

    /// The digit of a node.
    pub(crate) fn digit(&self, n: u16) -> u8 {
        if let Some((_, j)) = self.als_of(n) {
            return j;
        }
        if n >= GROUP_BASE {
            self.groups[usize::from((n - GROUP_BASE) / 2)].digit
        } else {
            ((n / 81) % 9) as u8 + 1
        }
    }

    /// The cells that see every cell of a node holding `d` (HoDoKu's node buddies; for an
    /// ALS node the outside cells holding `d` that see its copies of `d`).
    pub(crate) fn buddies(&self, n: u16, d: u8) -> u128 {
        if let Some((a, _)) = self.als_of(n) {
            return a.buddies_for[usize::from(d - 1)];
        }
        if n >= GROUP_BASE {
            self.groups[usize::from((n - GROUP_BASE) / 2)].buddies
        } else {
            peers((n % 81) as u8)
        }
    }

    /// Direct implications for chains: setting a digit removes the cell's other candidates
    /// and the digit from the cell's houses; removing it sets the cell's other candidate (a
    /// bivalue cell) and the other place of the digit in a house where it has two.
    pub(crate) fn chains(g: &Grid, with_groups: bool) -> Tables {
        Tables::chains_with(g, with_groups, false)
    }

    /// As [`Tables::chains`], with ALS nodes if `als`.
    pub(crate) fn chains_with(g: &Grid, with_groups: bool, als: bool) -> Tables {
        let groups = if with_groups { group_nodes(g) } else { Vec::new() };
        let mut w = Writer::with_als(g, groups, false, als);
        let mut tmp = TmpSet::default();
        let (mut on, mut off) = (Vec::with_capacity(32), Vec::with_capacity(8));
        for cell in 0..81u8 {
            if g.value(usize::from(cell)) != 0 {
                continue;
            }
            let cm = g.cands(usize::from(cell));
            for d in digits(cm) {
                on.clear();
                off.clear();
                on.push(Entry { node: node(cell, d, true), dist: 1, ret: [0; 5] });
                off.push(Entry { node: node(cell, d, false), dist: 1, ret: [0; 5] });
                for e in digits(cm).filter(|&e| e != d) {
                    on.push(Entry::direct(node(cell, e, false)));
                    if cm.count_ones() == 2 {
                        off.push(Entry::direct(node(cell, e, true)));
                    }
                }
                let others = g.places(usize::from(d)) & !(1u128 << cell);
                let (mut seen_off, mut seen_on) = (0u128, 0u128);
                for unit in CELL_UNITS[usize::from(cell)] {
                    let free = g.free(unit, d);
                    if free < 2 {
                        continue;
                    }
                    let t = others & UNIT_BITS[usize::from(unit)];
                    tmp.set(t);
                    if tmp.size() == 0 {
                        continue;
                    }
                    for j in cells(t & !seen_off) {
                        on.push(Entry::direct(node(j, d, false)));
                    }
                    seen_off |= t;
                    if free == 2 {
                        let j = t.trailing_zeros() as u8;
                        if seen_on >> j & 1 == 0 {
                            off.push(Entry::direct(node(j, d, true)));
                            seen_on |= 1 << j;
                        }
                    }
                }
                w.put(node(cell, d, true), &on);
                w.put(node(cell, d, false), &off);
            }
        }
        w.finish(g, tmp)
    }
}
