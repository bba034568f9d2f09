//! Potentials and their arena: a candidate assumed or deduced true ("on") or false ("off"),
//! with the potentials it follows from; sets of potentials by candidate (Sudoku Explainer's
//! `LinkedSet`); the queues of a breadth-first search.

use std::ops::ControlFlow;

use sudoku_core::{Candidate, CandidateSet, Unit};

use crate::Technique;

/// The candidate numbered `i` (below 729): indices come from the grid's bitsets.
#[inline]
pub(crate) fn cand_at(i: usize) -> Candidate {
    Candidate::from_index(i).expect("a candidate index")
}

/// A potential's number among the 1,458: its candidate twice, plus one when on.
pub(crate) fn literal(cand: Candidate, on: bool) -> usize {
    cand.index() * 2 + usize::from(on)
}

/// Potentials as candidate and value: one candidate set per value.
#[derive(Default)]
pub(crate) struct LiteralSet([CandidateSet; 2]);

impl LiteralSet {
    /// Adds potential `p`'s candidate and value; whether it was not in.
    pub(crate) fn insert(&mut self, arena: &Arena, p: Pot) -> bool {
        let node = arena.node(p);
        self.0[usize::from(node.on)].insert(node.cand)
    }

    /// Whether potential `p`'s candidate and value are in.
    pub(crate) fn contains(&self, arena: &Arena, p: Pot) -> bool {
        let node = arena.node(p);
        self.0[usize::from(node.on)].contains(node.cand)
    }
}

/// A potential of an [`Arena`]: its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Pot(u32);

impl Pot {
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a potential holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The assumption a chain starts from.
    Assumed,
    /// One value per cell (the cell rule).
    Cell,
    /// One place per unit (the unit rule), in this unit.
    Unit(Unit),
    /// A basic technique on the reduced grid (dynamic chains (+)).
    Rule(Technique),
    /// A chain search on the reduced grid (nested chains): which one, in [`Arena::nested`].
    Nested(u32),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) cand: Candidate,
    pub(crate) on: bool,
    pub(crate) cause: Cause,
    parents_at: u32,
    parents_len: u32,
}

/// A technique found inside a nested search, as the outer chain sees it.
#[derive(Clone, Debug)]
pub(crate) struct Nested {
    pub(crate) complexity: u32,
    /// Identifies the full chain (targets and every potential), as Sudoku Explainer tells
    /// nested chains apart.
    pub(crate) signature: u64,
    /// What it was, for explanations.
    pub(crate) text: String,
}

/// The potentials of one search, each with its parents.
#[derive(Default)]
pub(crate) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<Pot>,
    pub(crate) nested: Vec<Nested>,
}

impl Arena {
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
    }

    pub(crate) fn push(&mut self, cand: Candidate, on: bool, cause: Cause, parents: &[Pot]) -> Pot {
        let at = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cand,
            on,
            cause,
            parents_at: at,
            parents_len: parents.len() as u32,
        });
        Pot((self.nodes.len() - 1) as u32)
    }

    /// Records a technique found by a nested search, for the potentials it removes.
    pub(crate) fn push_nested(&mut self, nested: Nested) -> Cause {
        self.nested.push(nested);
        Cause::Nested((self.nested.len() - 1) as u32)
    }

    pub(crate) fn node(&self, p: Pot) -> &Node {
        &self.nodes[p.index()]
    }

    pub(crate) fn cand(&self, p: Pot) -> Candidate {
        self.nodes[p.index()].cand
    }

    pub(crate) fn parents(&self, p: Pot) -> &[Pot] {
        let node = &self.nodes[p.index()];
        &self.parents[node.parents_at as usize..(node.parents_at + node.parents_len) as usize]
    }

    pub(crate) fn first_parent(&self, p: Pot) -> Option<Pot> {
        self.parents(p).first().copied()
    }

    /// The potential's number among the 1,458 (see [`literal`]).
    pub(crate) fn literal(&self, p: Pot) -> usize {
        let node = &self.nodes[p.index()];
        literal(node.cand, node.on)
    }

    /// Whether a potential equal to (`cand`, `on`) is on `child`'s first-parent chain.
    pub(crate) fn has_ancestor(&self, child: Pot, cand: Candidate, on: bool) -> bool {
        let mut p = child;
        while let Some(q) = self.first_parent(p) {
            let n = self.node(q);
            if n.cand == cand && n.on == on {
                return true;
            }
            p = q;
        }
        false
    }

    /// The distinct potentials of `target`'s chain, breadth first, as Sudoku Explainer walks
    /// it: a potential met twice is expanded the first time only.
    pub(crate) fn chain(&self, target: Pot, out: &mut Vec<Pot>) {
        out.clear();
        let _ = self.walk(target, &mut [Vec::new(), Vec::new()], |p| {
            out.push(p);
            ControlFlow::Continue(())
        });
    }

    /// Visits the distinct potentials of `target`'s chain in [`Arena::chain`]'s order until
    /// `visit` breaks; `level` and `next` are scratch space.
    fn walk(
        &self,
        target: Pot,
        [level, next]: &mut [Vec<Pot>; 2],
        mut visit: impl FnMut(Pot) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut done = LiteralSet::default();
        level.clear();
        level.push(target);
        while !level.is_empty() {
            next.clear();
            for &p in level.iter() {
                if done.insert(self, p) {
                    visit(p)?;
                    next.extend_from_slice(self.parents(p));
                }
            }
            std::mem::swap(level, next);
        }
        ControlFlow::Continue(())
    }

    /// How many distinct potentials [`Arena::chain`] gives for `target`, or `cap + 1` as soon
    /// as there are more than `cap`; `scratch` as for [`Arena::walk`].
    pub(crate) fn ancestor_count(&self, target: Pot, cap: u32, scratch: &mut [Vec<Pot>; 2]) -> u32 {
        let mut count = 0;
        let _ = self.walk(target, scratch, |_| {
            count += 1;
            if count > cap { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        count
    }

    /// A hash of chains (each target, then every potential of its chain): Sudoku Explainer
    /// tells nested chains apart by their full chains.
    pub(crate) fn signature(&self, targets: &[Pot]) -> u64 {
        let mut s: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |v: u64| {
            s ^= v;
            s = s.wrapping_mul(0x0100_0000_01b3);
        };
        let mut chain = Vec::new();
        for &t in targets {
            mix(self.literal(t) as u64 | 1 << 20);
            self.chain(t, &mut chain);
            for &p in &chain {
                mix(self.literal(p) as u64);
            }
        }
        s
    }

    /// Complexity added by the nested techniques in `targets`' chains (each distinct one
    /// once).
    pub(crate) fn nested_complexity(&self, targets: &[Pot]) -> u32 {
        let mut seen: Vec<u64> = Vec::new();
        let mut total = 0;
        let mut chain = Vec::new();
        for &t in targets {
            self.chain(t, &mut chain);
            for &p in &chain {
                if let Cause::Nested(id) = self.node(p).cause {
                    let n = &self.nested[id as usize];
                    if !seen.contains(&n.signature) {
                        seen.push(n.signature);
                        total += n.complexity;
                    }
                }
            }
        }
        total
    }
}

/// Potentials by candidate, in insertion order (Sudoku Explainer's `LinkedSet`).
#[derive(Clone)]
pub(crate) struct PotSet {
    /// Which candidates are in: a small bitset that stays in cache, where most lookups
    /// (of candidates not in) end.
    bits: CandidateSet,
    /// The potential of each candidate in (stale for the others).
    at: Vec<Pot>,
    order: Vec<Pot>,
}

impl PotSet {
    pub(crate) fn new() -> PotSet {
        // Room for every potential of a grid's candidates (a few hundred), so that
        // propagation never regrows it.
        PotSet {
            bits: CandidateSet::EMPTY,
            at: vec![Pot(u32::MAX); 729],
            order: Vec::with_capacity(512),
        }
    }

    pub(crate) fn get(&self, cand: Candidate) -> Option<Pot> {
        self.contains(cand).then(|| self.at[cand.index()])
    }

    pub(crate) fn contains(&self, cand: Candidate) -> bool {
        self.bits.contains(cand)
    }

    /// The potentials, in the order added.
    pub(crate) fn order(&self) -> &[Pot] {
        &self.order
    }

    /// Adds `p` unless its candidate is already in.
    pub(crate) fn add(&mut self, cand: Candidate, p: Pot) {
        if self.bits.insert(cand) {
            self.at[cand.index()] = p;
            self.order.push(p);
        }
    }

    /// Empties the set.
    pub(crate) fn clear(&mut self) {
        self.bits = CandidateSet::EMPTY;
        self.order.clear();
    }

    /// Keeps only the candidates also in `other` (order kept).
    pub(crate) fn retain(&mut self, arena: &Arena, other: &PotSet) {
        let bits = &mut self.bits;
        self.order.retain(|&p| {
            let c = arena.cand(p);
            let keep = other.contains(c);
            if !keep {
                bits.remove(c);
            }
            keep
        });
    }
}

/// A first-in first-out queue of potentials: entries popped stay in the buffer until it is
/// cleared (a search drains its queues; no ring buffer needed).
#[derive(Default)]
pub(crate) struct Fifo {
    items: Vec<Pot>,
    head: usize,
}

impl Fifo {
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    pub(crate) fn push_back(&mut self, p: Pot) {
        self.items.push(p);
    }

    pub(crate) fn pop_front(&mut self) -> Option<Pot> {
        let p = self.items.get(self.head).copied()?;
        self.head += 1;
        Some(p)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }

    pub(crate) fn extend(&mut self, ps: impl IntoIterator<Item = Pot>) {
        self.items.extend(ps);
    }
}
