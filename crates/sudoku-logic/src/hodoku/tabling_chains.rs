//! The closure of HoDoKu's tables (what each table reaches, for all tables at once) and the
//! exact expansion of single tables with the chains and net branches HoDoKu rebuilds from
//! them (HoDoKu 2.2.4's behaviour, from its documented facts; our own code).

use std::cell::RefCell;
use std::sync::Arc;

use sudoku_core::CandidateGrid;

use super::grid::Grid;
use super::tabling::{CAP, NONE, Tables};

/// HoDoKu's maximum number of net branches followed while building one chain.
const MAX_BRANCHES: usize = 200;

/// Chain tables with group nodes and their closure.
#[derive(Debug)]
pub(crate) struct Chains {
    pub(crate) t: Tables,
    pub(crate) reach: Reach,
}

/// The last [`Chains`] built, with the grid they were built on. The grouped nice loops (row
/// 5650) and the forcing chains (row 8500) ask for the same tables on the same grid, so the
/// context of one solve ([`super::Ctx`]) keeps the last ones and reuses them while the grid
/// is unchanged.
#[derive(Debug, Default)]
pub(crate) struct LastChains(RefCell<Option<(CandidateGrid, Arc<Chains>)>>);

impl LastChains {
    /// The chain tables with group nodes of `g` (the last ones if built on the same grid).
    pub(crate) fn grouped(&self, g: &Grid) -> Arc<Chains> {
        let mut last = self.0.borrow_mut();
        if let Some((k, c)) = last.as_ref()
            && k == g.marks()
        {
            return Arc::clone(c);
        }
        let t = Tables::chains(g, true);
        let reach = Reach::new(&t);
        let c = Arc::new(Chains { t, reach });
        *last = Some((*g.marks(), Arc::clone(&c)));
        c
    }
}

/// What every table reaches: the transitive closure of the direct implications, as node bit
/// sets (one per strongly connected component).
#[derive(Debug, Default)]
pub(crate) struct Reach {
    words: usize,
    comp: Vec<u32>,
    sets: Vec<u64>,
}

impl Reach {
    #[inline(never)]
    pub(crate) fn new(t: &Tables) -> Reach {
        let ids = t.ids();
        let words = ids.div_ceil(64);
        let mut comp = vec![u32::MAX; ids];
        let mut index = vec![u32::MAX; ids];
        let mut low = vec![0u32; ids];
        let mut on_stack = vec![false; ids];
        let mut stack: Vec<u16> = Vec::new();
        let mut frames: Vec<(u16, u16)> = Vec::new();
        let mut sets: Vec<u64> = Vec::new();
        let mut merged: Vec<u32> = Vec::new();
        let mut next = 0u32;
        for root in 0..ids as u16 {
            if index[usize::from(root)] != u32::MAX || t.nodes(root).is_empty() {
                continue;
            }
            frames.push((root, 1));
            index[usize::from(root)] = next;
            low[usize::from(root)] = next;
            next += 1;
            stack.push(root);
            on_stack[usize::from(root)] = true;
            while let Some(&mut (v, ref mut k)) = frames.last_mut() {
                let tab = t.nodes(v);
                if usize::from(*k) < tab.len() {
                    let w = tab[usize::from(*k)];
                    *k += 1;
                    let wi = usize::from(w);
                    if index[wi] == u32::MAX {
                        index[wi] = next;
                        low[wi] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[wi] = true;
                        frames.push((w, 1));
                    } else if on_stack[wi] {
                        low[usize::from(v)] = low[usize::from(v)].min(index[wi]);
                    }
                    continue;
                }
                frames.pop();
                let vi = usize::from(v);
                if let Some(&(p, _)) = frames.last() {
                    low[usize::from(p)] = low[usize::from(p)].min(low[vi]);
                }
                if low[vi] != index[vi] {
                    continue;
                }
                let id = (sets.len() / words) as u32;
                merged.push(u32::MAX);
                let base = sets.len();
                sets.resize(base + words, 0);
                let mark = stack.len();
                let mut at = mark;
                while at > 0 {
                    at -= 1;
                    let m = stack[at];
                    if m == v {
                        break;
                    }
                }
                for &m in &stack[at..mark] {
                    comp[usize::from(m)] = id;
                    on_stack[usize::from(m)] = false;
                    sets[base + usize::from(m) / 64] |= 1 << (m % 64);
                }
                for &member in &stack[at..mark] {
                    for &e in &t.nodes(member)[1..] {
                        let c = comp[usize::from(e)];
                        if c != id && c != u32::MAX && merged[c as usize] != id {
                            merged[c as usize] = id;
                            let (head, tail) = sets.split_at_mut(base);
                            let from = &head[c as usize * words..(c as usize + 1) * words];
                            for (to, w) in tail.iter_mut().zip(from) {
                                *to |= w;
                            }
                        }
                    }
                }
                stack.truncate(at);
            }
        }
        Reach { words, comp, sets }
    }

    /// The nodes the table of `id` holds (its premise included), as bits by node id.
    pub(crate) fn of(&self, id: u16) -> &[u64] {
        let c = self.comp[usize::from(id)];
        if c == u32::MAX {
            return &[];
        }
        &self.sets[c as usize * self.words..(c as usize + 1) * self.words]
    }
}

/// Whether a bit set by node id holds `n`.
#[inline]
pub(crate) fn holds(set: &[u64], n: u16) -> bool {
    set.get(usize::from(n) / 64).is_some_and(|w| w >> (n % 64) & 1 != 0)
}

/// The cells whose node (digit `d`, `on` or off) a bit set by node id holds.
#[inline]
pub(crate) fn cells_of(set: &[u64], d: u8, on: bool) -> u128 {
    let bit = (usize::from(on) * 9 + usize::from(d) - 1) * 81;
    let (w, shift) = (bit / 64, bit % 64);
    let word = |k: usize| u128::from(set.get(k).copied().unwrap_or(0));
    let low = word(w) | word(w + 1) << 64;
    let raw = if shift == 0 { low } else { low >> shift | word(w + 2) << (128 - shift) };
    raw & ((1u128 << 81) - 1)
}

/// What the tables that HoDoKu caps at 1,000 entries hold: the first 1,000 nodes in the
/// order of HoDoKu's expansion (a table takes, entry after entry, the direct implications of
/// each entry's own table that it lacks). Each table's direct implications are kept as a bit
/// set, so that an entry adding nothing costs a few word operations.
#[derive(Debug, Default)]
pub(crate) struct Capped {
    words: usize,
    direct: Vec<Vec<u64>>,
    held: Vec<u64>,
}

impl Capped {
    /// The nodes of the capped table of `premise`, as bits by node id.
    pub(crate) fn members(&mut self, t: &Tables, premise: u16) -> &[u64] {
        if self.direct.is_empty() {
            self.words = t.ids().div_ceil(64);
            self.direct = (0..t.ids() as u16)
                .map(|id| {
                    let mut bits = vec![0u64; self.words];
                    for &n in t.nodes(id).iter().skip(1) {
                        bits[usize::from(n) / 64] |= 1 << (n % 64);
                    }
                    bits
                })
                .collect();
        }
        self.held.clear();
        self.held.resize(self.words, 0);
        let mut order: Vec<u16> = Vec::with_capacity(CAP);
        for &n in t.nodes(premise) {
            if self.held[usize::from(n) / 64] >> (n % 64) & 1 == 0 {
                self.held[usize::from(n) / 64] |= 1 << (n % 64);
            }
            order.push(n);
        }
        let mut j = 1;
        while j < order.len() && order.len() < CAP {
            let from = order[j];
            let fresh =
                self.direct[usize::from(from)].iter().zip(&self.held).any(|(d, h)| d & !h != 0);
            if fresh {
                for &n in t.nodes(from).iter().skip(1) {
                    let (w, b) = (usize::from(n) / 64, n % 64);
                    if self.held[w] >> b & 1 == 0 && order.len() < CAP {
                        self.held[w] |= 1 << b;
                        order.push(n);
                    }
                }
            }
            j += 1;
        }
        &self.held
    }
}

/// One table expanded exactly as HoDoKu does (in its order, up to 1,000 entries), with the
/// source of every entry, so that its chains can be rebuilt.
#[derive(Debug, Default)]
pub(crate) struct Expanded {
    pub(crate) node: Vec<u16>,
    /// For an expanded entry, the position of the entry whose table it came from.
    pub(crate) src: Vec<u16>,
    pub(crate) dist: Vec<u16>,
    /// The premise whose table this is.
    premise: u16,
    pos: Vec<u16>,
    stamp: Vec<u32>,
    epoch: u32,
    main: Vec<u16>,
    branch: Vec<u16>,
    mins: Vec<Vec<u16>>,
    /// The cells of the last main chain built (HoDoKu's `tmpSetC`).
    pub(crate) chain_cells: u128,
}

impl Expanded {
    /// Expands the table of `premise`.
    pub(crate) fn expand(&mut self, t: &Tables, premise: u16) {
        if self.stamp.len() < t.ids() {
            self.stamp = vec![0; t.ids()];
            self.pos = vec![0; t.ids()];
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.node.clear();
        self.src.clear();
        self.dist.clear();
        self.premise = premise;
        for (k, &n) in t.nodes(premise).iter().enumerate() {
            let i = usize::from(n);
            self.stamp[i] = self.epoch;
            self.pos[i] = k as u16;
            self.node.push(n);
            self.src.push(NONE);
            self.dist.push(t.dist(premise, k));
        }
        let nets = t.is_net();
        let mut j = 1;
        while j < self.node.len() {
            if self.node.len() >= CAP {
                break;
            }
            let from = self.node[j];
            let base = self.dist[j];
            for (k, &n) in t.nodes(from).iter().enumerate().skip(1) {
                let i = usize::from(n);
                let d = u32::from(base) + u32::from(if nets { t.dist(from, k) } else { 2 });
                if self.stamp[i] == self.epoch {
                    let p = usize::from(self.pos[i]);
                    if self.src[p] != NONE && u32::from(self.dist[p]) > d {
                        self.src[p] = j as u16;
                        self.dist[p] = (d & 0x1ff) as u16;
                    }
                } else if self.node.len() < CAP {
                    self.stamp[i] = self.epoch;
                    self.pos[i] = self.node.len() as u16;
                    self.node.push(n);
                    self.src.push(j as u16);
                    self.dist.push((d & 0x1ff) as u16);
                }
            }
            j += 1;
        }
    }

    /// The position of node `n` in the expanded table.
    #[inline]
    pub(crate) fn position(&self, n: u16) -> Option<usize> {
        let i = usize::from(n);
        (self.stamp.get(i) == Some(&self.epoch)).then(|| usize::from(self.pos[i]))
    }

    /// Walks back from `start` (HoDoKu's `buildChain`): into `out`, the nodes from `start` to
    /// the premise (or, for a branch, to the main chain); main-chain walks note the branches.
    fn walk(&mut self, t: &Tables, start: usize, is_branch: bool, out: &mut Vec<u16>) {
        out.clear();
        out.push(self.node[start]);
        let mut first = start;
        let mut in_src: Option<u16> = None;
        while first != 0 && out.len() < CAP {
            if in_src.is_none() && self.src[first] != NONE {
                let from = self.node[usize::from(self.src[first])];
                let n = self.node[first];
                first = t.nodes(from).iter().position(|&e| e == n).unwrap_or(0);
                in_src = Some(from);
            }
            let table = in_src.unwrap_or(self.premise);
            let nodes = t.nodes(table);
            if first >= nodes.len() {
                break;
            }
            let ret = t.ret(table, first);
            for (i, &r) in ret.iter().enumerate() {
                let r = usize::from(r);
                if i == 0 {
                    first = r;
                    let n = nodes[r];
                    out.push(n);
                    if !is_branch {
                        self.chain_cells |= t.cells(n);
                    } else if self.chain_cells >> t.cell(n) & 1 != 0 && self.main.contains(&n) {
                        return;
                    }
                } else if r != 0 && !is_branch && self.mins.len() < MAX_BRANCHES {
                    self.mins.push(vec![nodes[r]]);
                }
            }
            if let Some(from) = in_src
                && first == 0
            {
                in_src = None;
                first = self.position(from).unwrap_or(0);
            }
        }
    }

    /// The chain from the premise to `target` (HoDoKu's `addChain`): the nodes in order, net
    /// branches inserted as `BRANCH`-marked nodes closed by `END`. With `lasso` (nice loops:
    /// `Some(false)`, AICs: `Some(true)`) chains that come back to a cell they left are
    /// rejected (`false`).
    pub(crate) fn chain(
        &mut self,
        t: &Tables,
        target: u16,
        lasso: Option<bool>,
        out: &mut Vec<u32>,
    ) -> bool {
        out.clear();
        self.chain_cells = 0;
        let Some(p) = self.node.iter().position(|&n| n == target) else {
            return false;
        };
        self.mins.clear();
        let mut main = std::mem::take(&mut self.main);
        self.walk(t, p, false, &mut main);
        self.main = main;
        let mut branch = std::mem::take(&mut self.branch);
        let mut k = 0;
        while k < self.mins.len() {
            let start = self.position(self.mins[k][0]);
            match start {
                Some(s) => {
                    self.walk(t, s, true, &mut branch);
                    self.mins[k].clone_from(&branch);
                }
                None => self.mins[k].clear(),
            }
            k += 1;
        }
        self.branch = branch;
        let main = &self.main;
        if let Some(aic) = lasso
            && !aic
            && main.len() > 1
            && t.cell(main[0]) == t.cell(main[1])
        {
            return false;
        }
        let start_cell = t.cell(main[main.len() - 1]);
        let mut lasso_cells = 0u128;
        let mut last: Option<u16> = None;
        for &n in main.iter().rev() {
            let c = t.cell(n);
            if let Some(aic) = lasso {
                if lasso_cells >> c & 1 != 0 {
                    out.clear();
                    return false;
                }
                if let Some(l) = last
                    && (t.cell(l) != start_cell || aic)
                {
                    lasso_cells |= t.cells(l);
                }
            }
            last = Some(n);
            out.push(u32::from(n));
            for m in &self.mins {
                if m.last() == Some(&n) {
                    for &b in m[..m.len() - 1].iter().rev() {
                        out.push(u32::from(b) | BRANCH);
                    }
                    out.push(END);
                }
            }
        }
        !out.is_empty()
    }
}

/// A net branch's node in a built chain.
pub(crate) const BRANCH: u32 = 1 << 16;
/// The end of a net branch in a built chain.
pub(crate) const END: u32 = u32::MAX;
