//! A family's implication graph over the grid's candidates, with its strongly connected
//! components: which candidates imply which, for the static chain searches.

use sudoku_core::Candidate;

use crate::hints::{Lits, seen_by};

pub(super) const NO_NODE: u16 = u16::MAX;

/// A family's implication graph (see [`StaticLinks::implications`]) with its strongly
/// connected components.
pub(crate) struct Implications {
    /// The candidates present, by node pair.
    pub(super) cands: Vec<u16>,
    /// By node, where its successors start in `edges`.
    pub(super) first: Vec<u32>,
    pub(super) edges: Vec<u16>,
    /// By node, numbered as completed (a component's successors have smaller numbers).
    pub(super) component: Vec<u32>,
    pub(super) count: usize,
    pub(super) digits: Lits,
}

/// Where cycles that remove something may start ([`Implications::cycle_scopes`]).
pub(crate) struct CycleScopes {
    /// By candidate, its on potential's component's index in `scopes`, if a start.
    scope_of: Vec<u32>,
    /// The candidates whose on potential, and whose off one, lie in each component.
    scopes: Vec<[Lits; 2]>,
}

impl CycleScopes {
    /// The potentials a cycle through `cand` on may pass through (on ones, off ones, by
    /// candidate): its component's; `None` unless `cand` is a start.
    pub(crate) fn of(&self, cand: Candidate) -> Option<&[Lits; 2]> {
        let at = self.scope_of[cand.index()];
        (at != u32::MAX).then(|| &self.scopes[at as usize])
    }
}

impl Implications {
    /// Where a cycle that removes something may start, and what it may pass through: the
    /// candidates whose on potential lies in a component with a circuit where some candidate
    /// sees an on potential and an off potential of its digit. A cycle is a circuit through
    /// its start, so all its potentials lie in the start's component, and what it removes
    /// sees one of its on potentials and one of its off ones.
    pub(crate) fn cycle_scopes(&self) -> CycleScopes {
        let mut size = vec![0u32; self.count];
        for &c in &self.component {
            size[c as usize] += 1;
        }
        // Only components with a circuit (two potentials or more) matter: a slot for each.
        let mut slot = vec![u32::MAX; self.count];
        let mut slots = 0;
        for (c, &n) in size.iter().enumerate() {
            if n > 1 {
                slot[c] = slots;
                slots += 1;
            }
        }
        // Each slot's on potentials and off potentials, by candidate.
        let mut scopes = vec![[[0u128; 9]; 2]; slots as usize];
        for (node, &c) in self.component.iter().enumerate() {
            let at = slot[c as usize];
            if at == u32::MAX {
                continue;
            }
            let cand = usize::from(self.cands[node / 2]);
            scopes[at as usize][1 - node % 2][cand % 9] |= 1 << (cand / 9);
        }
        let productive: Vec<bool> = scopes
            .iter()
            .map(|[on, off]| {
                (0..9).any(|d| {
                    on[d] != 0
                        && off[d] != 0
                        && seen_by(on[d]) & seen_by(off[d]) & self.digits[d] != 0
                })
            })
            .collect();
        let mut scope_of = vec![u32::MAX; 729];
        for (i, &cand) in self.cands.iter().enumerate() {
            let at = slot[self.component[2 * i + 1] as usize];
            if at != u32::MAX && productive[at as usize] {
                scope_of[usize::from(cand)] = at;
            }
        }
        CycleScopes { scope_of, scopes }
    }

    /// What each component leads to (the transitive closure of the condensed graph).
    pub(crate) fn closure(&self) -> Closure {
        // The nodes by component (counting sort), then each component's reach as a bitset
        // of components, successors first.
        let count = self.count;
        let mut at = vec![0u32; count + 1];
        for &c in &self.component {
            at[c as usize + 1] += 1;
        }
        for c in 0..count {
            at[c + 1] += at[c];
        }
        let mut members = vec![0u16; self.component.len()];
        let mut fill = at.clone();
        for (node, &c) in self.component.iter().enumerate() {
            members[fill[c as usize] as usize] = node as u16;
            fill[c as usize] += 1;
        }
        let words = count.div_ceil(64);
        let mut reach = vec![0u64; count * words];
        // The components that lead nowhere else: their reach is themselves.
        let mut sink = vec![true; count];
        for c in 0..count {
            let (done, rest) = reach.split_at_mut(c * words);
            let row = &mut rest[..words];
            row[c / 64] |= 1 << (c % 64);
            for &node in &members[at[c] as usize..at[c + 1] as usize] {
                let node = usize::from(node);
                for &w in &self.edges[self.first[node] as usize..self.first[node + 1] as usize] {
                    let cw = self.component[usize::from(w)] as usize;
                    // A component's reach holds the reach of every component in it.
                    if cw != c && row[cw / 64] >> (cw % 64) & 1 == 0 {
                        sink[c] = false;
                        if sink[cw] {
                            row[cw / 64] |= 1 << (cw % 64);
                        } else {
                            for (r, &s) in row.iter_mut().zip(&done[cw * words..][..words]) {
                                *r |= s;
                            }
                        }
                    }
                }
            }
        }
        let mut node_of = [NO_NODE; 729];
        for (i, &cand) in self.cands.iter().enumerate() {
            node_of[usize::from(cand)] = 2 * i as u16;
        }
        Closure { words, reach, node_of, component: self.component.clone() }
    }

    /// The candidates whose on potential leads to their off one, and those whose off
    /// potential leads to their on one: the starts of every forcing chain.
    pub(crate) fn forcing_starts(&self) -> [Lits; 2] {
        self.closure().forcing_starts()
    }
}

/// What each potential of an implication graph leads to, by component.
pub(crate) struct Closure {
    words: usize,
    reach: Vec<u64>,
    node_of: [u16; 729],
    component: Vec<u32>,
}

impl Closure {
    /// The candidates whose on potential leads to their off one, and those whose off
    /// potential leads to their on one: the starts of every forcing chain.
    pub(crate) fn forcing_starts(&self) -> [Lits; 2] {
        let (mut from_on, mut from_off): (Lits, Lits) = ([0; 9], [0; 9]);
        for cand in 0..729u16 {
            if self.node_of[usize::from(cand)] == NO_NODE {
                continue;
            }
            let bit = 1u128 << (cand / 9);
            if self.leads(cand, true, cand, false) {
                from_on[usize::from(cand % 9)] |= bit;
            }
            if self.leads(cand, false, cand, true) {
                from_off[usize::from(cand % 9)] |= bit;
            }
        }
        [from_on, from_off]
    }

    fn row(&self, cand: u16, on: bool) -> &[u64] {
        let node = usize::from(self.node_of[usize::from(cand)] + u16::from(on));
        let c = self.component[node] as usize;
        &self.reach[c * self.words..][..self.words]
    }

    /// Whether (`from`, `from_on`) leads to (`to`, `to_on`); both candidates present.
    fn leads(&self, from: u16, from_on: bool, to: u16, to_on: bool) -> bool {
        let node = usize::from(self.node_of[usize::from(to)] + u16::from(to_on));
        let c = self.component[node] as usize;
        self.row(from, from_on)[c / 64] >> (c % 64) & 1 != 0
    }

    /// Whether some potential follows from each of the on potentials of `cands` (present
    /// candidates, at most nine: a cell's or a unit's): what a cell or region forcing chain
    /// needs.
    pub(crate) fn common_consequence(&self, cands: impl IntoIterator<Item = Candidate>) -> bool {
        // Each row looked up once, then intersected word by word.
        let mut rows = [0usize; 9];
        let mut n = 0;
        for cand in cands {
            let node = usize::from(self.node_of[cand.index()] + 1);
            rows[n] = self.component[node] as usize * self.words;
            n += 1;
        }
        let rows = &rows[..n];
        (0..self.words)
            .any(|w| rows.iter().fold(u64::MAX, |common, &r| common & self.reach[r + w]) != 0)
    }
}

/// Tarjan's strongly connected components of the graph whose node `n` has the successors
/// `edges[first[n]..first[n + 1]]`, iteratively: each node's component and their count.
/// Components are numbered as they are completed, so a component's successors have smaller
/// numbers.
pub(super) fn strong_components(first: &[u32], edges: &[u16]) -> (Vec<u32>, usize) {
    const UNSEEN: u32 = u32::MAX;
    let n = first.len() - 1;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut component = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::with_capacity(n);
    let mut next_index = 0u32;
    let mut next_component = 0u32;
    // (node, position in its successor list)
    let mut calls: Vec<(u32, u32)> = Vec::new();
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        calls.push((root as u32, first[root]));
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root as u32);
        while let Some(&(v, at)) = calls.last() {
            let v = v as usize;
            // Through v's successors up to the first one not yet seen, which is visited
            // next (v's place is kept); past the last, v is done.
            let mut at = at as usize;
            let end = first[v + 1] as usize;
            let mut next = None;
            while at < end {
                let w = usize::from(edges[at]);
                at += 1;
                if index[w] == UNSEEN {
                    next = Some(w);
                    break;
                }
                if component[w] == UNSEEN {
                    // Still on the stack: in the component being built.
                    low[v] = low[v].min(index[w]);
                }
            }
            if let Some(w) = next {
                calls.last_mut().expect("v").1 = at as u32;
                index[w] = next_index;
                low[w] = next_index;
                next_index += 1;
                stack.push(w as u32);
                calls.push((w as u32, first[w]));
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                // The component is v and everything above it on the stack.
                loop {
                    let w = stack.pop().expect("on the stack") as usize;
                    component[w] = next_component;
                    if w == v {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    (component, next_component as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strong_components_are_found_successors_first() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 <-> 4; 5 alone.
        let succ: [&[u16]; 6] = [&[1], &[2], &[0, 3], &[4], &[3], &[]];
        let mut first = vec![0u32];
        let mut edges = Vec::new();
        for s in succ {
            edges.extend_from_slice(s);
            first.push(edges.len() as u32);
        }
        let (c, count) = strong_components(&first, &edges);
        assert_eq!(count, 3);
        assert!(c[0] == c[1] && c[1] == c[2]);
        assert!(c[3] == c[4] && c[3] != c[0]);
        assert!(c[5] != c[0] && c[5] != c[3]);
        // Successors are completed first.
        assert!(c[3] < c[0]);
    }
}
