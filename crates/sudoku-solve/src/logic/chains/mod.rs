//! Chains: bidirectional cycles, forcing chains, Nishio, multiple (cell and region), dynamic
//! and nested forcing chains, as Sudoku Explainer 1.2.1 defines and rates them.
//!
//! Every chain is a graph of *potentials*: a candidate assumed or deduced true ("on") or false
//! ("off"), each with the potentials it follows from. A search propagates an assumption with
//! two rules (an on candidate turns off its cell's other candidates and its peers' copies; an
//! off candidate turns on the other candidate of a bivalue cell or the other place of a
//! bilocal unit), breadth first, on candidates first. Dynamic searches cross out each off
//! candidate as they go, so later links see the reduced grid; nested searches (level 1 and
//! up) run simpler techniques on that grid when propagation stalls. The order of everything
//! here follows Sudoku Explainer's, because which chain wins a tie decides the rating.
//!
//! Potentials live in one arena per search; sets of potentials are indexed by candidate, so
//! a link costs a few array reads and no allocation.

mod reach;

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit, DigitSet, Grid, Unit};

use super::hints::{Hints, Lits, lits_of, unit_bits_of, units_of};
use reach::{Closure, CycleScopes, Implications, Negation, StaticLinks};
use super::step::{Chain, Implication, Literal, Reason};
use super::{Candidate, Step, Technique, locking, subsets};

const NONE: u32 = u32::MAX;

/// Work done by chain searches (potentials propagated, against a limit), with the buffers
/// of finished searches for the next ones (a search grows thousands of potentials).
#[derive(Default)]
pub(crate) struct Work {
    pub(crate) used: u64,
    pub(crate) limit: u64,
    spare: Vec<Scratch>,
    /// The closure of the last grid's XY graph, from the static family, for the
    /// multiple-chain family on the same grid.
    xy_closure: Option<(CandidateGrid, Closure)>,
    /// Breadth-first layers for [`StaticLinks::cycle_may_remove`].
    layers: Vec<Lits>,
    /// By digit, its places when its X links last gave no forcing chain (and so no X-cycle
    /// that removes anything): X links never leave their digit, so with the same places,
    /// again none.
    x_barren_at: [Option<u128>; 9],
}

impl Work {
    pub(crate) fn new(limit: u64) -> Work {
        Work { limit, ..Work::default() }
    }
}

/// A search's growable buffers, emptied.
#[derive(Default)]
struct Scratch {
    arena: Arena,
    #[expect(clippy::vec_box, reason = "sets move between pool and outcomes by pointer")]
    pool: Vec<Box<PotSet>>,
    pending_on: Fifo,
    pending_off: Fifo,
}

/// A first-in first-out queue of potentials: entries popped stay in the buffer until it is
/// cleared (a search drains its queues; no ring buffer needed).
#[derive(Default)]
struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn push_back(&mut self, n: u32) {
        self.items.push(n);
    }

    fn pop_front(&mut self) -> Option<u32> {
        let n = self.items.get(self.head).copied()?;
        self.head += 1;
        Some(n)
    }

    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }

    fn extend(&mut self, ns: impl IntoIterator<Item = u32>) {
        self.items.extend(ns);
    }
}

/// The chain search ran out of its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfBudget;

/// Why a potential holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// The assumption a chain starts from.
    Assumed,
    /// One value per cell (the cell rule).
    Cell,
    /// One place per unit (the unit rule), in this unit.
    Unit(Unit),
    /// A basic technique on the reduced grid (dynamic chains (+)).
    Rule(Technique),
    /// A chain search on the reduced grid (nested chains).
    Advanced,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    cand: u16,
    on: bool,
    cause: Cause,
    parents_at: u32,
    parents_len: u32,
    /// Index into `Arena::nested` for a potential a nested technique removed.
    nested: u32,
}

/// A technique found inside a nested search, as the outer chain sees it.
#[derive(Clone, Debug)]
struct Nested {
    complexity: u32,
    /// Identifies the full chain (targets and every potential), as Sudoku Explainer tells
    /// nested chains apart.
    signature: u64,
    /// What it was, for explanations.
    text: String,
}

#[derive(Default)]
struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    nested: Vec<Nested>,
}

impl Arena {
    fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
    }

    fn push(&mut self, cand: u16, on: bool, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let at = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cand,
            on,
            cause,
            parents_at: at,
            parents_len: parents.len() as u32,
            nested,
        });
        (self.nodes.len() - 1) as u32
    }

    fn parents(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        &self.parents[node.parents_at as usize..(node.parents_at + node.parents_len) as usize]
    }

    fn first_parent(&self, n: u32) -> Option<u32> {
        self.parents(n).first().copied()
    }

    fn lit(&self, n: u32) -> u16 {
        let node = &self.nodes[n as usize];
        node.cand * 2 + u16::from(node.on)
    }

    /// The distinct potentials of `target`'s chain, breadth first, as Sudoku Explainer walks
    /// it: a potential met twice is expanded the first time only.
    fn chain(&self, target: u32, out: &mut Vec<u32>) {
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
        target: u32,
        [level, next]: &mut [Vec<u32>; 2],
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut done = [0u64; 23];
        level.clear();
        level.push(target);
        while !level.is_empty() {
            next.clear();
            for &p in level.iter() {
                let l = self.lit(p) as usize;
                if done[l / 64] & (1 << (l % 64)) == 0 {
                    done[l / 64] |= 1 << (l % 64);
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
    fn ancestor_count(&self, target: u32, cap: u32, scratch: &mut [Vec<u32>; 2]) -> u32 {
        let mut count = 0;
        let _ = self.walk(target, scratch, |_| {
            count += 1;
            if count > cap { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        count
    }
}

fn cand_of(cell: Cell, d: Digit) -> u16 {
    (cell.index() * 9 + d.index()) as u16
}

fn cell_of(cand: u16) -> Cell {
    Cell::new(usize::from(cand / 9)).expect("cell index")
}

fn digit_of(cand: u16) -> Digit {
    Digit::from_index(usize::from(cand % 9))
}

/// Potentials by candidate, in insertion order (Sudoku Explainer's `LinkedSet`).
#[derive(Clone)]
struct PotSet {
    /// Which candidates are in: a small bitset that stays in cache, where most lookups
    /// (of candidates not in) end.
    bits: [u64; 12],
    /// The potential of each candidate in (stale for the others).
    at: Vec<u32>,
    order: Vec<u32>,
}

impl PotSet {
    fn new() -> PotSet {
        // Room for every potential of a grid's candidates (a few hundred), so that
        // propagation never regrows it.
        PotSet { bits: [0; 12], at: vec![NONE; 729], order: Vec::with_capacity(512) }
    }

    fn get(&self, cand: u16) -> Option<u32> {
        self.contains(cand).then(|| self.at[usize::from(cand)])
    }

    fn contains(&self, cand: u16) -> bool {
        self.bits[usize::from(cand / 64)] >> (cand % 64) & 1 != 0
    }

    /// Adds `node` unless its candidate is already in.
    fn add(&mut self, cand: u16, node: u32) {
        if !self.contains(cand) {
            self.bits[usize::from(cand / 64)] |= 1 << (cand % 64);
            self.at[usize::from(cand)] = node;
            self.order.push(node);
        }
    }

    /// Empties the set.
    fn clear(&mut self) {
        self.bits = [0; 12];
        self.order.clear();
    }

    /// Keeps only the candidates also in `other` (order kept).
    fn retain(&mut self, arena: &Arena, other: &PotSet) {
        let bits = &mut self.bits;
        self.order.retain(|&n| {
            let c = arena.nodes[n as usize].cand;
            let keep = other.contains(c);
            if !keep {
                bits[usize::from(c / 64)] &= !(1 << (c % 64));
            }
            keep
        });
    }
}

/// Which chaining family a search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
}

impl Mode {
    /// Forcing chains and bidirectional cycles (6.5 to 7.0 and up).
    pub(crate) const STATIC: Mode =
        Mode { multiple: false, dynamic: false, nishio: false, level: 0 };
    /// Nishio forcing chains (7.5).
    pub(crate) const NISHIO: Mode = Mode { multiple: false, dynamic: true, nishio: true, level: 0 };
    /// Cell and region forcing chains (8.0).
    pub(crate) const MULTIPLE: Mode =
        Mode { multiple: true, dynamic: false, nishio: false, level: 0 };

    /// Dynamic forcing chains (8.5), (+) at level 1 (9.0), nested from level 2 (9.5 + 0.5 per
    /// level above 2).
    pub(crate) const fn dynamic(level: u8) -> Mode {
        Mode { multiple: true, dynamic: true, nishio: false, level }
    }

    fn difficulty(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

/// Where a hint lands in [`Search::hints`]'s order: difficulty, complexity, sort key, then
/// the order found (family, candidate, cycle/forcing on/forcing off, cycle number).
#[derive(Clone, Copy, Debug)]
struct Rank {
    difficulty: f64,
    complexity: u32,
    sort_key: u8,
    order: (u8, u16, u8, u32),
}

impl Rank {
    /// Whether `self` sorts strictly before `other`.
    fn before(&self, other: &Rank) -> bool {
        match self.difficulty.partial_cmp(&other.difficulty) {
            Some(std::cmp::Ordering::Less) => true,
            Some(std::cmp::Ordering::Greater) => false,
            _ => {
                (self.complexity, self.sort_key, self.order)
                    < (other.complexity, other.sort_key, other.order)
            }
        }
    }
}

/// The best static hint so far: built, or a forcing chain to build.
enum Pick {
    Hint(ChainHint),
    Forcing { cand: u16, on: bool, y: bool },
}

/// What kind of chain a hint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Cycle {
        x: bool,
        y: bool,
    },
    Forcing {
        x: bool,
        y: bool,
    },
    /// Contradiction (absurd) or double forcing chains, from one candidate on and off.
    Binary {
        absurd: bool,
    },
    Cell(Cell),
    Region(Unit, Digit),
}

/// A chain found, before it becomes a [`Step`].
#[derive(Clone, Debug)]
struct ChainHint {
    kind: Kind,
    mode: Mode,
    difficulty: f64,
    complexity: u32,
    sort_key: u8,
    /// Candidates removed, sorted.
    removable: Vec<u16>,
    /// The chains' final potentials, in Sudoku Explainer's order.
    targets: Vec<u32>,
    /// The candidate placed, if the hint places one.
    placed: Option<u16>,
}

/// The order of [`Search::hints`]: difficulty, then complexity, then kind.
fn easier(a: &ChainHint, b: &ChainHint) -> std::cmp::Ordering {
    a.difficulty
        .partial_cmp(&b.difficulty)
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(a.complexity.cmp(&b.complexity))
        .then(a.sort_key.cmp(&b.sort_key))
}

/// Sudoku Explainer's extra difficulty for long chains: 0.1 for each threshold 4, 6, 8, 12,
/// 16, 24, ... that the complexity minus 2 exceeds (summed as it sums them, in floating point,
/// since ties between hints compare these sums).
fn length_difficulty(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The longest cycle [`StaticLinks::cycle_may_remove`] rules on; past it, no start is ruled out.
const MAX_CYCLE_FILTER: u32 = 60;

/// The static families' links (`y`, `x`): X, Y, then XY chains and cycles.
const STATIC_FAMILIES: [(bool, bool); 3] = [(false, true), (true, false), (true, true)];

/// One chain search over a grid; its buffers go back to its `Work` when it is dropped.
struct Search<'w> {
    mode: Mode,
    grid: CandidateGrid,
    save: CandidateGrid,
    arena: Arena,
    work: &'w mut Work,
    buf: Vec<(u16, Cause)>,
    /// Scratch space for the on potentials an off potential implies (`drain_offs`).
    made: Vec<u32>,
    pending_on: Fifo,
    pending_off: Fifo,
    /// Emptied sets, for reuse: a set is 729 slots, too many to zero for every search.
    /// Boxed so that taking and returning a set moves a pointer.
    #[expect(clippy::vec_box, reason = "sets move between pool and outcomes by pointer")]
    pool: Vec<Box<PotSet>>,
    /// The grid's static links, for forcing chains (built on first use).
    links: Option<StaticLinks>,
    /// What assuming each candidate true led to, by candidate (index into `outcomes`): the
    /// multiple-chain searches need it for the cell, for each unit and for the candidate.
    outcome_at: Vec<u32>,
    outcomes: Vec<Option<Outcome>>,
    /// The solution, when known (never in nested searches, whose grids rest on
    /// assumptions): a true assumption leads to no contradiction, so those searches are
    /// skipped.
    solution: Option<Grid>,
    /// The static implication graph's closure, for the multiple-chain family.
    closure: Option<Closure>,
    /// Whether only the easiest hint of [`Search::hints`] is wanted.
    best_only: bool,
    /// By digit, the cells changed since this family last found nothing.
    changed: Lits,
    /// Scratch space for counting a chain's potentials.
    walk: [Vec<u32>; 2],
}

/// What assuming a candidate true leads to: the potentials turned on and off, and the
/// contradiction met, if any (the sets then hold what was found up to it).
struct Outcome {
    on: Box<PotSet>,
    off: Box<PotSet>,
    absurd: Option<(u32, u32)>,
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        self.recycle();
    }
}

impl<'w> Search<'w> {
    fn new(mode: Mode, grid: &CandidateGrid, work: &'w mut Work) -> Search<'w> {
        let scratch = work.spare.pop().unwrap_or_default();
        Search {
            mode,
            grid: *grid,
            save: *grid,
            arena: scratch.arena,
            work,
            buf: Vec::with_capacity(32),
            made: Vec::with_capacity(4),
            pending_on: scratch.pending_on,
            pending_off: scratch.pending_off,
            pool: scratch.pool,
            links: None,
            outcome_at: Vec::new(),
            outcomes: Vec::new(),
            solution: None,
            closure: None,
            best_only: false,
            changed: super::hints::ALL_LITS,
            walk: [Vec::new(), Vec::new()],
        }
    }

    /// Hands the buffers back to `work` for the next search.
    fn recycle(&mut self) {
        self.drop_outcomes();
        self.arena.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        let scratch = Scratch {
            arena: std::mem::take(&mut self.arena),
            pool: std::mem::take(&mut self.pool),
            pending_on: std::mem::take(&mut self.pending_on),
            pending_off: std::mem::take(&mut self.pending_off),
        };
        self.work.spare.push(scratch);
    }

    /// Whether `cand` is in the solution, when it is known.
    fn truth(&self, cand: u16) -> Option<bool> {
        self.solution.map(|s| s.get(cell_of(cand)) == Some(digit_of(cand)))
    }

    fn take_set(&mut self) -> Box<PotSet> {
        self.pool.pop().unwrap_or_else(|| Box::new(PotSet::new()))
    }

    fn give_set(&mut self, mut set: Box<PotSet>) {
        set.clear();
        self.pool.push(set);
    }

    fn copy_set(&mut self, from: &PotSet) -> Box<PotSet> {
        let mut set = self.take_set();
        for &n in &from.order {
            set.add(self.arena.nodes[n as usize].cand, n);
        }
        set
    }

    /// What assuming `cand` true leads to, computed once per search; hand it back with
    /// [`Search::keep_outcome`].
    fn assume_on(&mut self, cand: u16) -> Result<Outcome, OutOfBudget> {
        if self.outcome_at.is_empty() {
            self.outcome_at = vec![NONE; 729];
        }
        let at = self.outcome_at[usize::from(cand)];
        if let Some(o) = self.outcomes.get_mut(at as usize).and_then(Option::take) {
            return Ok(o);
        }
        let p = self.arena.push(cand, true, Cause::Assumed, &[], NONE);
        let (mut on, mut off) = (self.take_set(), self.take_set());
        on.add(cand, p);
        let absurd = self.propagate(&mut on, &mut off)?;
        Ok(Outcome { on, off, absurd })
    }

    fn keep_outcome(&mut self, cand: u16, o: Outcome) {
        if self.outcome_at.is_empty() {
            self.outcome_at = vec![NONE; 729];
        }
        let at = &mut self.outcome_at[usize::from(cand)];
        if *at == NONE {
            *at = self.outcomes.len() as u32;
            self.outcomes.push(Some(o));
        } else {
            self.outcomes[*at as usize] = Some(o);
        }
    }

    /// Returns every kept outcome's sets to the pool.
    fn drop_outcomes(&mut self) {
        for o in std::mem::take(&mut self.outcomes).into_iter().flatten() {
            self.give_set(o.on);
            self.give_set(o.off);
        }
        self.outcome_at.clear();
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.work.used += 1;
        if self.work.used > self.work.limit { Err(OutOfBudget) } else { Ok(()) }
    }

    /// The potentials an on candidate turns off: its cell's other candidates (with `y`),
    /// then its digit in the box, row and column (each candidate once).
    fn on_to_off(&mut self, cand: u16, y: bool) {
        self.buf.clear();
        let (cell, d) = (cell_of(cand), digit_of(cand));
        if y {
            for v in self.grid.candidates(cell) {
                if v != d {
                    self.buf.push((cand_of(cell, v), Cause::Cell));
                }
            }
        }
        // The digit's places, unit by unit, in ascending cell order (as `Unit::cells`).
        let mut left = self.grid.digit_cells(d).bits() & !(1u128 << cell.index());
        for (u, unit_cells) in units_of(cell).into_iter().zip(unit_bits_of(cell)) {
            let mut m = left & unit_cells;
            left &= !m;
            while m != 0 {
                let c = m.trailing_zeros() as u16;
                m &= m - 1;
                self.buf.push((c * 9 + d.index() as u16, Cause::Unit(u)));
            }
        }
    }

    /// The potentials an off candidate turns on: the other candidate of its cell if two are
    /// left (with `y`), the other place of its digit in each unit with two places (with
    /// `x`); each with the candidates crossed out since the search began as extra parents.
    ///
    /// Candidates in `known` (on already) are left out: they imply nothing new.
    fn off_to_on(
        &mut self,
        p: u32,
        (y, x): (bool, bool),
        (to_off, known): (&PotSet, Option<&PotSet>),
        out: &mut Vec<u32>,
    ) {
        out.clear();
        let is_known = |c: u16| known.is_some_and(|k| k.contains(c));
        let cand = self.arena.nodes[p as usize].cand;
        let (cell, d) = (cell_of(cand), digit_of(cand));
        // The parents: `p`, then the crossed-out candidates (at most eight).
        let mut parents = [p; 9];
        let values = self.grid.candidates(cell);
        let others = values.bits() & !(1 << d.index());
        // The other candidate of a cell left with two.
        let partner = (y && others != 0 && others & (others - 1) == 0)
            .then(|| cand_of(cell, Digit::from_index(others.trailing_zeros() as usize)));
        if let Some(oc) = partner
            && !is_known(oc)
        {
            let mut n = 1;
            for v in self.save.candidates(cell).difference(values) {
                if let Some(q) = to_off.get(cand_of(cell, v)) {
                    parents[n] = q;
                    n += 1;
                }
            }
            out.push(self.arena.push(oc, true, Cause::Cell, &parents[..n], NONE));
        }
        if x {
            let here = self.grid.digit_cells(d).bits();
            let own = 1u128 << cell.index();
            for (k, unit_cells) in unit_bits_of(cell).into_iter().enumerate() {
                // The other place, if the unit has exactly two.
                let others = here & unit_cells & !own;
                if others == 0 || others & (others - 1) != 0 {
                    continue;
                }
                let u = units_of(cell)[k];
                let oc = others.trailing_zeros() as u16 * 9 + d.index() as u16;
                if is_known(oc) || out.iter().any(|&n| self.arena.nodes[n as usize].cand == oc) {
                    continue;
                }
                // Crossed-out places, in the unit's cell order (ascending, as the set's).
                let mut n = 1;
                let places = CellSet::from_bits(here & unit_cells);
                for c in self.save.unit_positions(u, d).difference(places) {
                    if let Some(q) = to_off.get(cand_of(c, d)) {
                        parents[n] = q;
                        n += 1;
                    }
                }
                out.push(self.arena.push(oc, true, Cause::Unit(u), &parents[..n], NONE));
            }
        }
    }

    /// Whether a potential equal to (`cand`, `on`) is on `child`'s first-parent chain.
    fn is_parent(&self, child: u32, cand: u16, on: bool) -> bool {
        let mut p = child;
        while let Some(q) = self.arena.first_parent(p) {
            let n = &self.arena.nodes[q as usize];
            if n.cand == cand && n.on == on {
                return true;
            }
            p = q;
        }
        false
    }

    /// Propagates the assumptions in `to_on` and `to_off` to everything they imply; on a
    /// contradiction, returns the potential found both on and off (the sets then hold what
    /// was found so far). The grid is restored afterwards.
    fn propagate(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
    ) -> Result<Option<(u32, u32)>, OutOfBudget> {
        self.save = self.grid;
        let r = self.propagate_inner(to_on, to_off);
        self.grid = self.save;
        r
    }

    fn propagate_inner(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
    ) -> Result<Option<(u32, u32)>, OutOfBudget> {
        let y = !self.mode.nishio;
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut pending_off = std::mem::take(&mut self.pending_off);
        pending_on.clear();
        pending_off.clear();
        pending_on.extend(to_on.order.iter().copied());
        pending_off.extend(to_off.order.iter().copied());
        let r = self.propagate_queues(to_on, to_off, y, &mut pending_on, &mut pending_off);
        self.pending_on = pending_on;
        self.pending_off = pending_off;
        r
    }

    fn propagate_queues(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        y: bool,
        pending_on: &mut Fifo,
        pending_off: &mut Fifo,
    ) -> Result<Option<(u32, u32)>, OutOfBudget> {
        let mut made = Vec::with_capacity(4);
        loop {
            if let Some(p) = pending_on.pop_front() {
                self.tick()?;
                let cand = self.arena.nodes[p as usize].cand;
                self.on_to_off(cand, y);
                for i in 0..self.buf.len() {
                    let (c, cause) = self.buf[i];
                    if let Some(on) = to_on.get(c) {
                        let off = self.arena.push(c, false, cause, &[p], NONE);
                        return Ok(Some((on, off)));
                    }
                    if !to_off.contains(c) {
                        let off = self.arena.push(c, false, cause, &[p], NONE);
                        to_off.add(c, off);
                        pending_off.push_back(off);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                self.tick()?;
                self.off_to_on(p, (y, true), (to_off, Some(to_on)), &mut made);
                let cand = self.arena.nodes[p as usize].cand;
                if self.mode.dynamic {
                    self.grid.eliminate(cell_of(cand), digit_of(cand));
                }
                for &on in &made {
                    let c = self.arena.nodes[on as usize].cand;
                    if let Some(off) = to_off.get(c) {
                        return Ok(Some((on, off)));
                    }
                    if !to_on.contains(c) {
                        to_on.add(c, on);
                        pending_on.push_back(on);
                    }
                }
            } else {
                break;
            }
            if pending_on.is_empty() && pending_off.is_empty() && self.mode.level > 0 {
                for (c, n) in self.advanced(to_off)? {
                    if !to_off.contains(c) {
                        to_off.add(c, n);
                        pending_off.push_back(n);
                    }
                }
            }
        }
        Ok(None)
    }

    /// Off potentials that simpler techniques find on the reduced grid, with the crossed-out
    /// candidates they rely on as parents: the first technique (in order) that finds any.
    fn advanced(&mut self, to_off: &PotSet) -> Result<Vec<(u16, u32)>, OutOfBudget> {
        let level = self.mode.level;
        let mut out = Vec::new();
        for rule in 0..6u8 {
            match rule {
                0..=3 => {
                    let mut hints = Hints::all();
                    let _ = match rule {
                        0 => locking::locking(&self.grid, &mut hints),
                        1 => subsets::hidden_sets(&self.grid, 2, false, &mut hints),
                        2 => subsets::naked_sets(&self.grid, 2, &mut hints),
                        _ => subsets::fish(&self.grid, 2, &mut hints),
                    };
                    for step in &hints.steps {
                        let parents = self.rule_parents(step, to_off);
                        if parents.is_empty() {
                            continue;
                        }
                        for e in &step.eliminations {
                            let c = cand_of(e.cell, e.digit);
                            let cause = Cause::Rule(step.technique);
                            let n = self.arena.push(c, false, cause, &parents, NONE);
                            out.push((c, n));
                        }
                    }
                }
                _ => {
                    let inner = match (rule, level) {
                        (4, 2 | 3) => Mode::STATIC,
                        (5, 3) => Mode::MULTIPLE,
                        (4, 4..) => Mode::dynamic(0),
                        (5, 5..) => Mode::dynamic(level - 3),
                        _ => continue,
                    };
                    let grid = self.grid;
                    let mut search = Search::new(inner, &grid, self.work);
                    let hints = search.hints()?;
                    for h in &hints {
                        let parents = search.chain_rule_parents(h, &self.save, &self.grid);
                        let parents: Vec<u32> =
                            parents.into_iter().filter_map(|c| to_off.get(c)).collect();
                        if parents.is_empty() {
                            continue;
                        }
                        let nested = Nested {
                            complexity: h.complexity,
                            signature: search.signature(h),
                            text: search.describe(h),
                        };
                        self.arena.nested.push(nested);
                        let id = (self.arena.nested.len() - 1) as u32;
                        for &c in &h.removable {
                            let n = self.arena.push(c, false, Cause::Advanced, &parents, id);
                            out.push((c, n));
                        }
                    }
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        Ok(out)
    }

    /// The crossed-out candidates a basic technique's step relies on (Sudoku Explainer's
    /// "rule parents"), as potentials of `to_off`.
    fn rule_parents(&self, step: &Step, to_off: &PotSet) -> Vec<u32> {
        let mut out = Vec::new();
        let gone = |c: Cell, d: Digit| {
            self.save.candidates(c).contains(d) && !self.grid.candidates(c).contains(d)
        };
        let mut push = |c: Cell, d: Digit| {
            if let Some(n) = to_off.get(cand_of(c, d))
                && !out.contains(&n)
            {
                out.push(n);
            }
        };
        match step.technique {
            Technique::Pointing | Technique::Claiming | Technique::XWing => {
                let d = step.pattern[0].digit;
                let half = step.units.len() / 2;
                let (base, cover) = step.units.split_at(half);
                let cover: CellSet =
                    cover.iter().fold(CellSet::EMPTY, |s, u| s.union(u.cell_set()));
                for u in base {
                    for &c in u.cells() {
                        if gone(c, d) && !cover.contains(c) {
                            push(c, d);
                        }
                    }
                }
            }
            Technique::HiddenPair => {
                let unit = step.units[0];
                let digits = step.pattern_digits();
                let cells = step.pattern_cells();
                for &c in unit.cells() {
                    if cells.contains(c) {
                        continue;
                    }
                    for d in digits {
                        if self.save.candidates(c).contains(d) {
                            push(c, d);
                        }
                    }
                }
            }
            Technique::NakedPair => {
                let digits = step.pattern_digits();
                for c in step.pattern_cells() {
                    for d in self.save.candidates(c).difference(digits) {
                        push(c, d);
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// The crossed-out candidates (relative to `initial`, absent from `current`) that a
    /// chain's single-based links rely on, as candidates.
    fn chain_rule_parents(
        &self,
        h: &ChainHint,
        initial: &CandidateGrid,
        current: &CandidateGrid,
    ) -> Vec<u16> {
        let mut out: Vec<u16> = Vec::new();
        let mut seen = [0u64; 12];
        let mut add = |c: u16, out: &mut Vec<u16>| {
            let i = usize::from(c);
            if seen[i / 64] & (1 << (i % 64)) == 0 {
                seen[i / 64] |= 1 << (i % 64);
                out.push(c);
            }
        };
        let mut chain = Vec::new();
        for &t in &h.targets {
            self.arena.chain(t, &mut chain);
            for &p in &chain {
                let node = self.arena.nodes[p as usize];
                let cause = match (node.cause, h.kind) {
                    (Cause::Assumed, Kind::Cell(_)) => Cause::Cell,
                    (Cause::Assumed, Kind::Region(u, _)) => Cause::Unit(u),
                    (c, _) => c,
                };
                if !node.on {
                    continue;
                }
                let (cell, d) = (cell_of(node.cand), digit_of(node.cand));
                match cause {
                    Cause::Cell => {
                        let gone = initial.candidates(cell).difference(current.candidates(cell));
                        for v in gone {
                            add(cand_of(cell, v), &mut out);
                        }
                    }
                    Cause::Unit(u) => {
                        let kind = match u {
                            Unit::Box(_) => Unit::Box(cell.box_() as u8),
                            Unit::Row(_) => Unit::Row(cell.row() as u8),
                            Unit::Col(_) => Unit::Col(cell.col() as u8),
                        };
                        for &c in kind.cells() {
                            if initial.candidates(c).contains(d)
                                && !current.candidates(c).contains(d)
                            {
                                add(cand_of(c, d), &mut out);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// A hash of the hint's full chains (targets, then every potential of each).
    fn signature(&self, h: &ChainHint) -> u64 {
        let mut s: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |v: u64| {
            s ^= v;
            s = s.wrapping_mul(0x0100_0000_01b3);
        };
        let mut chain = Vec::new();
        for &t in &h.targets {
            mix(u64::from(self.arena.lit(t)) | 1 << 20);
            self.arena.chain(t, &mut chain);
            for &p in &chain {
                mix(u64::from(self.arena.lit(p)));
            }
        }
        s
    }

    /// Complexity added by nested techniques in `targets`' chains (each distinct one once).
    fn nested_complexity(&self, targets: &[u32]) -> u32 {
        if self.mode.level < 2 {
            return 0;
        }
        let mut seen: Vec<u64> = Vec::new();
        let mut total = 0;
        let mut chain = Vec::new();
        for &t in targets {
            self.arena.chain(t, &mut chain);
            for &p in &chain {
                let id = self.arena.nodes[p as usize].nested;
                if id != NONE {
                    let n = &self.arena.nested[id as usize];
                    if !seen.contains(&n.signature) {
                        seen.push(n.signature);
                        total += n.complexity;
                    }
                }
            }
        }
        total
    }

    fn finish(
        &mut self,
        kind: Kind,
        removable: Vec<u16>,
        targets: Vec<u32>,
        placed: Option<u16>,
    ) -> ChainHint {
        let complexity = self.complexity(kind, &targets, u32::MAX);
        self.hint(kind, removable, targets, placed, complexity)
    }

    /// A hint's complexity: the potentials of its chains (each target's distinct ones),
    /// with what nested techniques add; or more than `cap` as soon as it exceeds `cap`.
    fn complexity(&mut self, kind: Kind, targets: &[u32], cap: u32) -> u32 {
        let targets = match kind {
            Kind::Cycle { .. } | Kind::Forcing { .. } => &targets[..1],
            _ => targets,
        };
        let mut flat: u32 = 0;
        for &t in targets {
            flat += self.arena.ancestor_count(t, cap - flat, &mut self.walk);
            if flat > cap {
                return flat;
            }
        }
        flat + self.nested_complexity(targets)
    }

    fn hint(
        &self,
        kind: Kind,
        removable: Vec<u16>,
        targets: Vec<u32>,
        placed: Option<u16>,
        complexity: u32,
    ) -> ChainHint {
        let (base, sort_key) = match kind {
            Kind::Cycle { x, y } => (if x && y { 7.0 } else { 6.5 }, sort_key(x, y)),
            Kind::Forcing { x, y } => (if x && y { 7.0 } else { 6.6 }, sort_key(x, y)),
            Kind::Binary { absurd } => (self.mode.difficulty(), if absurd { 7 } else { 1 }),
            Kind::Cell(_) => (self.mode.difficulty(), 5),
            Kind::Region(..) => (self.mode.difficulty(), 6),
        };
        ChainHint {
            kind,
            mode: self.mode,
            difficulty: base + length_difficulty(complexity),
            complexity,
            sort_key,
            removable,
            targets,
            placed,
        }
    }

    /// Adds a hint of the multiple-chain families to `hints`; when only the easiest is
    /// wanted, only if it sorts before the one kept. Their difficulty is the family's plus
    /// what the complexity adds, so one more complex than the kept one cannot: its count
    /// stops there.
    fn offer(
        &mut self,
        hints: &mut Vec<ChainHint>,
        kind: Kind,
        removable: Vec<u16>,
        targets: Vec<u32>,
        placed: Option<u16>,
    ) {
        let kept = if self.best_only { hints.first() } else { None };
        let cap = kept.map_or(u32::MAX, |k| k.complexity);
        let complexity = self.complexity(kind, &targets, cap);
        if complexity > cap {
            return;
        }
        let h = self.hint(kind, removable, targets, placed, complexity);
        match hints.first_mut() {
            Some(k) if self.best_only => {
                if easier(&h, k) == std::cmp::Ordering::Less {
                    *k = h;
                }
            }
            _ => hints.push(h),
        }
    }

    /// The removals of a conclusion: an on target keeps only its digit in its cell, an off
    /// target loses its digit.
    fn removals(&self, cand: u16, on: bool) -> Vec<u16> {
        if on {
            let cell = cell_of(cand);
            let d = digit_of(cand);
            self.grid
                .candidates(cell)
                .iter()
                .filter(|&v| v != d)
                .map(|v| cand_of(cell, v))
                .collect()
        } else {
            vec![cand]
        }
    }

    fn target_hint(
        &mut self,
        kind: Kind,
        target: u32,
        mut targets: Vec<u32>,
        hints: &mut Vec<ChainHint>,
    ) {
        let node = self.arena.nodes[target as usize];
        let removable = self.removals(node.cand, node.on);
        if removable.is_empty() {
            return;
        }
        let placed = node.on.then_some(node.cand);
        if targets.is_empty() {
            targets.push(target);
        }
        self.offer(hints, kind, removable, targets, placed);
    }

    /// Every hint of this family on the grid, sorted easiest first (difficulty, then
    /// complexity, then kind), one per set of removals.
    fn hints(&mut self) -> Result<Vec<ChainHint>, OutOfBudget> {
        let mut hints = Vec::new();
        if self.mode.multiple || self.mode.dynamic {
            self.multiple_chains(&mut hints)?;
        } else {
            for (y, x) in [(false, true), (true, false), (true, true)] {
                self.loops(y, x, &mut hints)?;
            }
        }
        hints.sort_by(easier);
        let mut seen = std::collections::HashSet::with_capacity(hints.len());
        let mut kept: Vec<ChainHint> = Vec::with_capacity(hints.len());
        for h in hints {
            if seen.insert(h.removable.clone()) {
                kept.push(h);
            }
        }
        Ok(kept)
    }

    /// The cycles of static family `k` that beat `best`, from the `starts` that are
    /// `productive`.
    fn best_cycles(
        &mut self,
        k: usize,
        starts: &[(Cell, DigitSet)],
        links: &StaticLinks,
        productive: &CycleScopes,
        best: &mut Option<(Rank, Pick)>,
    ) -> Result<(), OutOfBudget> {
        let (y, x) = STATIC_FAMILIES[k];
        let base = if x && y { 7.0 } else { 6.5 };
        for &(cell, values) in starts {
            if values.len() > 2 && !x {
                continue; // Y-cycles start from bivalue cells only
            }
            for d in values {
                let cand = cand_of(cell, d);
                let Some(scope) = productive.of(cand) else { continue };
                let rank_at = |length: u32, n: u32| Rank {
                    difficulty: base + length_difficulty(length),
                    complexity: length,
                    sort_key: sort_key(x, y),
                    order: (k as u8, cand, 0, n),
                };
                let bound = best.as_ref().map(|(b, _)| *b);
                let useful = |length| bound.is_none_or(|b| rank_at(length, 0).before(&b));
                // Bitset searches rule out most starts: no cycle, none short enough, or none
                // short enough through a potential that something removable sees.
                self.tick()?;
                if links.cycle_length_bound((cand, scope), (y, x), useful).is_none() {
                    continue;
                }
                let longest = (4..=MAX_CYCLE_FILTER).take_while(|&l| useful(l)).last();
                if let Some(l) = longest.filter(|&l| l < MAX_CYCLE_FILTER)
                    && !links.cycle_may_remove((cand, scope), (y, x), l, &mut self.work.layers)
                {
                    continue;
                }
                let source = self.arena.push(cand, true, Cause::Assumed, &[], NONE);
                let cycles = self.cycles(source, y, x, useful)?;
                for (n, dst) in cycles.into_iter().enumerate() {
                    let Some(h) = self.cycle_hint(dst, x, y) else { continue };
                    let rank = Rank { difficulty: h.difficulty, ..rank_at(h.complexity, n as u32) };
                    if best.as_ref().is_none_or(|(b, _)| rank.before(b)) {
                        *best = Some((rank, Pick::Hint(h)));
                    }
                }
            }
        }
        Ok(())
    }

    /// The first hint [`Search::hints`] would give for the static family (cycles and forcing
    /// chains), without building the others: forcing chains are ranked by their length from
    /// bitset reachability and only the winner is built; cycle searches stop at the length
    /// where they can no longer win.
    fn best_static(&mut self) -> Result<Option<ChainHint>, OutOfBudget> {
        // The links of this grid, cached with the search (taken out while it borrows self).
        let links = self.links.take().unwrap_or_else(|| StaticLinks::new(&self.grid));
        let found = self.best_static_with(&links);
        self.links = Some(links);
        found
    }

    fn best_static_with(&mut self, links: &StaticLinks) -> Result<Option<ChainHint>, OutOfBudget> {
        let mut best: Option<(Rank, Pick)> = None;
        let starts: Vec<(Cell, DigitSet)> = Cell::all()
            .filter(|&c| self.grid.value(c).is_none() && self.grid.candidates(c).len() >= 2)
            .map(|c| (c, self.grid.candidates(c)))
            .collect();
        // Cheapest and easiest first, so that the best so far cuts the rest short: X forcing
        // chains, X- and Y-cycles, then XY forcing chains and cycles. The order of search
        // does not change the winner: ranks carry the order of Sudoku Explainer's list.
        //
        // Each family's implication graph, condensed, says where a forcing chain starts and
        // where a cycle that removes something may. A cycle that removes a candidate also
        // implies a forcing chain from it (it turns off the loop's node it sees, which turns
        // on, going round the loop backwards, the other node it sees): none are sought
        // without one (XY forcing chains are looked for before Y-cycles when there is no X
        // one).
        let mut graphs: [Option<Implications>; 3] = [None, None, None];
        // X and Y links are XY links: without an XY forcing chain there is no forcing chain
        // at all, and so no cycle that removes anything (the usual outcome on grids that
        // need harder techniques).
        let closure = graphs[2].insert(links.implications(true, true)).closure();
        let xy_starts = closure.forcing_starts();
        self.work.xy_closure = Some((self.grid, closure));
        if xy_starts.iter().flatten().all(|&m| m == 0) {
            return Ok(None);
        }
        let mut forcing_starts_of: [Option<[Lits; 2]>; 3] = [None, None, Some(xy_starts)];
        // The X graph only over digits whose places changed since they last had no X chain.
        let places = lits_of(&self.grid);
        let x_digits = (0..9)
            .filter(|&d| self.work.x_barren_at[d] != Some(places[d]))
            .fold(0u16, |m, d| m | 1 << d);
        let graph_of = |k: usize| {
            if k == 0 {
                links.x_implications(x_digits)
            } else {
                links.implications(STATIC_FAMILIES[k].0, STATIC_FAMILIES[k].1)
            }
        };
        // Whether each family has a forcing chain.
        let mut forcing_found = [false; 3];
        for phase in 0..5 {
            let (k, is_cycle) = if forcing_found[0] {
                [(0, false), (0, true), (1, true), (2, false), (2, true)][phase]
            } else {
                [(0, false), (0, true), (2, false), (1, true), (2, true)][phase]
            };
            let (y, x) = STATIC_FAMILIES[k];
            if is_cycle {
                if forcing_found[0] || (k > 0 && forcing_found[2]) {
                    let graph = graphs[k].get_or_insert_with(|| graph_of(k));
                    let productive = graph.cycle_scopes();
                    self.best_cycles(k, &starts, links, &productive, &mut best)?;
                }
                continue;
            }
            let graph = graphs[k].get_or_insert_with(|| graph_of(k));
            let forcing_starts =
                *forcing_starts_of[k].get_or_insert_with(|| graph.forcing_starts());
            forcing_found[k] = forcing_starts.iter().flatten().any(|&m| m != 0);
            if k == 0 {
                for d in (0..9).filter(|&d| x_digits >> d & 1 != 0) {
                    if forcing_starts[0][d] | forcing_starts[1][d] == 0 {
                        self.work.x_barren_at[d] = Some(places[d]);
                    }
                }
            }
            let base = if y { 7.0 } else { 6.6 };
            let rank_at = |cand: u16, sub: u8, depth: u32| Rank {
                difficulty: base + length_difficulty(depth + 1),
                complexity: depth + 1,
                sort_key: sort_key(x, y),
                order: (k as u8, cand, sub, 0),
            };
            // Every start's search a layer at a time, in step: the first (in order) to meet
            // its negation has the shortest chain, and none goes deeper than that.
            let mut searches: Vec<(u8, Negation)> = Vec::new();
            for &(cell, values) in &starts {
                for d in values {
                    let cand = cand_of(cell, d);
                    self.tick()?;
                    for (sub, on) in [(1, true), (2, false)] {
                        if forcing_starts[usize::from(!on)][d.index()] >> cell.index() & 1 != 0 {
                            searches.push((sub, Negation::new(cand, on)));
                        }
                    }
                }
            }
            // The searches still going, by index (the searches themselves stay put).
            let mut live: Vec<u32> = (0..searches.len() as u32).collect();
            let mut depth = 0;
            while !live.is_empty() {
                depth += 1;
                let bound = best.as_ref().map(|(b, _)| *b);
                let mut winner = None;
                live.retain(|&i| {
                    let (sub, search) = &mut searches[i as usize];
                    let cand = search.src();
                    if bound.is_some_and(|b| !rank_at(cand, *sub, depth).before(&b)) {
                        return false;
                    }
                    match search.advance(links, y) {
                        None => false,
                        Some(hit) => {
                            if hit && winner.is_none() {
                                winner = Some((cand, *sub));
                            }
                            true
                        }
                    }
                });
                if let Some((cand, sub)) = winner {
                    best =
                        Some((rank_at(cand, sub, depth), Pick::Forcing { cand, on: sub == 1, y }));
                    break;
                }
            }
        }
        let Some((rank, pick)) = best else { return Ok(None) };
        match pick {
            Pick::Hint(h) => Ok(Some(h)),
            Pick::Forcing { cand, on, y } => {
                let source = self.arena.push(cand, on, Cause::Assumed, &[], NONE);
                let mut chains = Vec::new();
                self.forcing(source, y, &mut chains)?;
                let mut hints = Vec::new();
                let kind = Kind::Forcing { x: true, y };
                self.target_hint(kind, chains[0], Vec::new(), &mut hints);
                let h = hints.pop().expect("a forcing chain removes its candidate");
                debug_assert_eq!(h.complexity, rank.complexity, "bitset and exact search agree");
                Ok(Some(h))
            }
        }
    }

    /// Cycles and forcing chains from every candidate of every cell with two or more.
    fn loops(&mut self, y: bool, x: bool, hints: &mut Vec<ChainHint>) -> Result<(), OutOfBudget> {
        // Most candidates start no cycle and no forcing chain: the condensed implication
        // graph rules them out, and the exact searches run on the rest.
        let links = self.links.get_or_insert_with(|| StaticLinks::new(&self.grid));
        let graph = links.implications(y, x);
        let scopes = graph.cycle_scopes();
        let forcing_from = if x { graph.forcing_starts() } else { [[0; 9]; 2] };
        let has = |set: &Lits, cand: u16| set[usize::from(cand % 9)] >> (cand / 9) & 1 != 0;
        for cell in Cell::all() {
            let values = self.grid.candidates(cell);
            if self.grid.value(cell).is_some() || values.len() < 2 {
                continue;
            }
            if values.len() > 2 && !x {
                continue; // Y-cycles start from bivalue cells only
            }
            for d in values {
                let cand = cand_of(cell, d);
                let starts = [&forcing_from[0], &forcing_from[1]].map(|s| has(s, cand));
                self.unary(cand, (y, x), scopes.of(cand), starts, hints)?;
            }
        }
        Ok(())
    }

    /// The cycles and forcing chains from `cand`, as `scope` and `starts` allow: cycles
    /// (within `scope`, [`CycleScopes::of`]), forcing chains from its on potential, from its
    /// off potential.
    fn unary(
        &mut self,
        cand: u16,
        (y, x): (bool, bool),
        scope: Option<&[Lits; 2]>,
        [from_on, from_off]: [bool; 2],
        hints: &mut Vec<ChainHint>,
    ) -> Result<(), OutOfBudget> {
        let source = self.arena.push(cand, true, Cause::Assumed, &[], NONE);
        let links = self.links.get_or_insert_with(|| StaticLinks::new(&self.grid));
        let may_cycle =
            scope.is_some_and(|s| links.cycle_length_bound((cand, s), (y, x), |_| true).is_some());
        self.tick()?;
        let cycles = if may_cycle { self.cycles(source, y, x, |_| true)? } else { Vec::new() };
        let mut chains = Vec::new();
        if from_on {
            self.forcing(source, y, &mut chains)?;
        }
        if from_off {
            let off = self.arena.push(cand, false, Cause::Assumed, &[], NONE);
            self.forcing(off, y, &mut chains)?;
        }
        for dst in cycles {
            if let Some(h) = self.cycle_hint(dst, x, y) {
                hints.push(h);
            }
        }
        for t in chains {
            self.target_hint(Kind::Forcing { x, y }, t, Vec::new(), hints);
        }
        Ok(())
    }

    /// The cycles back to `source`'s candidate, as their closing potentials. `useful(length)`
    /// says whether cycles of that length (and longer) can still matter; the search stops
    /// before the first layer that cannot.
    fn cycles(
        &mut self,
        source: u32,
        y: bool,
        x: bool,
        useful: impl Fn(u32) -> bool,
    ) -> Result<Vec<u32>, OutOfBudget> {
        if !useful(4) {
            return Ok(Vec::new());
        }
        let src = self.arena.nodes[source as usize].cand;
        // An off potential met again can only matter by closing a cycle (every potential it
        // turns on is known from its first visit): only the source's strong partners are
        // followed twice.
        let (cell, d) = (cell_of(src), digit_of(src));
        let mut closers: Vec<u16> = Vec::with_capacity(4);
        let values = self.grid.candidates(cell);
        if y && values.len() == 2 {
            closers.extend(values.iter().filter(|&v| v != d).map(|v| cand_of(cell, v)));
        }
        if x {
            for u in units_of(cell) {
                let places = self.grid.unit_positions(u, d);
                if places.len() == 2 {
                    closers.extend(places.iter().filter(|&c| c != cell).map(|c| cand_of(c, d)));
                }
            }
        }
        let mut to_on = self.take_set();
        let mut to_off = self.take_set();
        to_on.add(src, source);
        let mut pending_on = Fifo::default();
        pending_on.push_back(source);
        let mut pending_off = Fifo::default();
        let mut cycles = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                self.tick()?;
                let cand = self.arena.nodes[p as usize].cand;
                self.on_to_off(cand, y);
                for i in 0..self.buf.len() {
                    let (c, cause) = self.buf[i];
                    // A potential not met yet is no ancestor (ancestors are all met).
                    let first = !to_off.contains(c);
                    if first || (closers.contains(&c) && !self.is_parent(p, c, false)) {
                        let off = self.arena.push(c, false, cause, &[p], NONE);
                        pending_off.push_back(off);
                        to_off.add(c, off);
                    }
                }
            }
            length += 1;
            if length >= 4 && !useful(length) {
                break;
            }
            let closing = length >= 4;
            let links = (y, x);
            self.drain_offs(
                &mut pending_off,
                &mut pending_on,
                &mut to_on,
                &to_off,
                links,
                |on, c| {
                    if closing && c == src {
                        cycles.push(on);
                    }
                },
            )?;
        }
        self.give_set(to_on);
        self.give_set(to_off);
        Ok(cycles)
    }

    fn forcing(&mut self, source: u32, y: bool, chains: &mut Vec<u32>) -> Result<(), OutOfBudget> {
        let src = self.arena.nodes[source as usize];
        let mut to_on = self.take_set();
        let mut to_off = self.take_set();
        let mut pending_on = Fifo::default();
        let mut pending_off = Fifo::default();
        if src.on {
            to_on.add(src.cand, source);
            pending_on.push_back(source);
        } else {
            to_off.add(src.cand, source);
            pending_off.push_back(source);
        }
        let found = |chains: &Vec<u32>, arena: &Arena, c: u16, on: bool| {
            chains
                .iter()
                .any(|&n| arena.nodes[n as usize].cand == c && arena.nodes[n as usize].on == on)
        };
        let known = chains.len();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                self.tick()?;
                let cand = self.arena.nodes[p as usize].cand;
                self.on_to_off(cand, y);
                for i in 0..self.buf.len() {
                    let (c, cause) = self.buf[i];
                    let hit = src.on && c == src.cand;
                    let keep = !self.is_parent(p, c, false) && !to_off.contains(c);
                    if !hit && !keep {
                        continue;
                    }
                    let off = self.arena.push(c, false, cause, &[p], NONE);
                    if hit && !found(chains, &self.arena, c, false) {
                        chains.push(off);
                    }
                    if keep {
                        pending_off.push_back(off);
                        to_off.add(c, off);
                    }
                }
            }
            let mut hits = Vec::new();
            let links = (y, true);
            self.drain_offs(
                &mut pending_off,
                &mut pending_on,
                &mut to_on,
                &to_off,
                links,
                |on, c| {
                    if !src.on && c == src.cand {
                        hits.push(on);
                    }
                },
            )?;
            for on in hits {
                if !found(chains, &self.arena, src.cand, true) {
                    chains.push(on);
                }
            }
            // A source has one negation: once it is met, the rest of the search finds
            // nothing new.
            if chains.len() > known {
                break;
            }
        }
        self.give_set(to_on);
        self.give_set(to_off);
        Ok(())
    }

    /// Turns every pending off potential into the on potentials it implies (with `y`, `x`
    /// links), queueing those not met yet; `made(on, cand)` sees each one, met before or not.
    fn drain_offs(
        &mut self,
        pending_off: &mut Fifo,
        pending_on: &mut Fifo,
        to_on: &mut PotSet,
        to_off: &PotSet,
        (y, x): (bool, bool),
        mut made: impl FnMut(u32, u16),
    ) -> Result<(), OutOfBudget> {
        // Taken out while `off_to_on` borrows self; lost (and regrown) only on a budget stop.
        let mut ons = std::mem::take(&mut self.made);
        while let Some(p) = pending_off.pop_front() {
            self.tick()?;
            self.off_to_on(p, (y, x), (to_off, None), &mut ons);
            for &on in &ons {
                let c = self.arena.nodes[on as usize].cand;
                made(on, c);
                if !to_on.contains(c) {
                    pending_on.push_back(on);
                    to_on.add(c, on);
                }
            }
        }
        self.made = ons;
        Ok(())
    }

    /// A cycle from its closing potential: the candidates that see an on and an off link of
    /// their digit in the loop go.
    fn cycle_hint(&mut self, dst_on: u32, x: bool, y: bool) -> Option<ChainHint> {
        let mut walk = vec![dst_on];
        let mut p = dst_on;
        while let Some(q) = self.arena.first_parent(p) {
            walk.push(q);
            p = q;
        }
        // The loop's nodes, without the final repeat of the source.
        let body = &walk[..walk.len() - 1];
        let cells: CellSet =
            body.iter().map(|&n| cell_of(self.arena.nodes[n as usize].cand)).collect();
        let (mut fwd, mut back) = ([0u64; 12], [0u64; 12]);
        for &n in body {
            let node = self.arena.nodes[n as usize];
            let (cell, d) = (cell_of(node.cand), digit_of(node.cand));
            let seen = cell.peers().difference(cells).intersection(self.grid.digit_cells(d));
            for c in seen {
                let i = usize::from(cand_of(c, d));
                let set = if node.on { &mut fwd } else { &mut back };
                set[i / 64] |= 1 << (i % 64);
            }
        }
        let mut removable = Vec::new();
        for i in 0..12 {
            let mut m = fwd[i] & back[i];
            while m != 0 {
                removable.push((i * 64) as u16 + m.trailing_zeros() as u16);
                m &= m - 1;
            }
        }
        if removable.is_empty() {
            return None;
        }
        // The reversed loop, the second view of the cycle.
        let mut prev: Option<u32> = None;
        for &n in &walk {
            let node = self.arena.nodes[n as usize];
            let parents: Vec<u32> = prev.into_iter().collect();
            prev = Some(self.arena.push(node.cand, !node.on, node.cause, &parents, NONE));
        }
        let dst_off = prev.expect("a loop");
        Some(self.finish(Kind::Cycle { x, y }, removable, vec![dst_on, dst_off], None))
    }

    /// Binary, region and cell forcing chains from every cell (Sudoku Explainer's "multiple
    /// chains" driver, shared by Nishio, multiple and dynamic chains).
    fn multiple_chains(&mut self, hints: &mut Vec<ChainHint>) -> Result<(), OutOfBudget> {
        let mode = self.mode;
        // Static propagation reaches a subset of what the implication graph does: a cell or
        // region whose candidates lead to nothing in common there has no forcing chain.
        if mode == Mode::MULTIPLE {
            self.closure = Some(match self.work.xy_closure.take() {
                Some((grid, closure)) if grid == self.grid => closure,
                _ => StaticLinks::new(&self.grid).implications(true, true).closure(),
            });
        }
        for cell in Cell::all() {
            let values = self.grid.candidates(cell);
            let card = values.len();
            if self.grid.value(cell).is_some() || !(card > 2 || (card > 1 && mode.dynamic)) {
                continue;
            }
            let mut cell_chains = !mode.nishio && (card == 2 || (mode.multiple && card > 2));
            // By digit, the units where this cell starts a region forcing chain search (bit
            // `k` for the cell's `k`-th unit in `units_of` order).
            let mut regions = [0u8; 9];
            if !mode.nishio {
                for d in values {
                    regions[d.index()] = self.region_units(cell, d);
                }
            }
            if let Some(closure) = &self.closure {
                cell_chains &= closure.common_consequence(values.iter().map(|d| cand_of(cell, d)));
                if !cell_chains && regions == [0; 9] {
                    continue;
                }
            }
            let mut outcomes: Vec<(u16, Outcome)> = Vec::with_capacity(card);
            let mut cell_on: Option<Box<PotSet>> = None;
            let mut cell_off: Option<Box<PotSet>> = None;
            for d in values {
                let cand = cand_of(cell, d);
                // Nishio looks only for contradictions, which a true candidate never meets;
                // and with X links alone, what a candidate leads to depends only on its
                // digit's places: unchanged since Nishio last found nothing, nothing again.
                let unchanged = self.changed[d.index()] == 0;
                let o = if mode.nishio && (self.truth(cand) == Some(true) || unchanged) {
                    Outcome { on: self.take_set(), off: self.take_set(), absurd: None }
                } else {
                    self.assume_on(cand)?
                };
                let double = card >= 3 && !mode.nishio && mode.dynamic;
                let contradiction = mode.dynamic || mode.nishio;
                self.binary(cand, &o, double, contradiction, hints)?;
                self.region_chains(cell, d, regions[d.index()], &o, hints)?;
                if cell_chains {
                    match (&mut cell_on, &mut cell_off) {
                        (Some(a), Some(b)) => {
                            a.retain(&self.arena, &o.on);
                            b.retain(&self.arena, &o.off);
                        }
                        _ => {
                            cell_on = Some(self.copy_set(&o.on));
                            cell_off = Some(self.copy_set(&o.off));
                        }
                    }
                }
                outcomes.push((cand, o));
            }
            if cell_chains {
                for (acc, on_side) in [(&cell_on, true), (&cell_off, false)] {
                    let Some(acc) = acc else { continue };
                    for &p in &acc.order {
                        let node = self.arena.nodes[p as usize];
                        let targets: Vec<u32> = outcomes
                            .iter()
                            .map(|(_, o)| {
                                let set = if on_side { &o.on } else { &o.off };
                                set.get(node.cand).expect("in every outcome")
                            })
                            .collect();
                        self.target_hint(Kind::Cell(cell), p, targets, hints);
                    }
                }
            }
            for set in [cell_on, cell_off].into_iter().flatten() {
                self.give_set(set);
            }
            for (cand, o) in outcomes {
                self.keep_outcome(cand, o);
            }
        }
        self.drop_outcomes();
        Ok(())
    }

    fn binary(
        &mut self,
        cand: u16,
        o: &Outcome,
        double: bool,
        contradiction: bool,
        hints: &mut Vec<ChainHint>,
    ) -> Result<(), OutOfBudget> {
        let (on_on, on_off) = (&o.on, &o.off);
        if contradiction && let Some((a, b)) = o.absurd {
            self.offer(hints, Kind::Binary { absurd: true }, vec![cand], vec![a, b], None);
        }
        // Assuming the candidate off serves only a contradiction (never met assuming a false
        // candidate off) or a double implication.
        if !double && (!contradiction || self.truth(cand) == Some(false)) {
            return Ok(());
        }
        let p_off = self.arena.push(cand, false, Cause::Assumed, &[], NONE);
        let mut off_on = self.take_set();
        let mut off_off = self.take_set();
        off_off.add(cand, p_off);
        let absurd = self.propagate(&mut off_on, &mut off_off)?;
        if contradiction && let Some((a, b)) = absurd {
            let removable = self.removals(cand, true);
            if !removable.is_empty() {
                let kind = Kind::Binary { absurd: true };
                self.offer(hints, kind, removable, vec![a, b], Some(cand));
            }
        }
        if double {
            for &p in &on_on.order {
                let c = self.arena.nodes[p as usize].cand;
                if let Some(q) = off_on.get(c) {
                    let removable = self.removals(c, true);
                    if !removable.is_empty() {
                        let kind = Kind::Binary { absurd: false };
                        self.offer(hints, kind, removable, vec![p, q], Some(c));
                    }
                }
            }
            for &p in &on_off.order {
                let c = self.arena.nodes[p as usize].cand;
                if let Some(q) = off_off.get(c) {
                    let kind = Kind::Binary { absurd: false };
                    self.offer(hints, kind, vec![c], vec![p, q], None);
                }
            }
        }
        self.give_set(off_on);
        self.give_set(off_off);
        Ok(())
    }

    /// The units where `cell` is the first place of `d` and whose places may have a region
    /// forcing chain, as a mask over `units_of(cell)` (bit `k` for its `k`-th unit).
    fn region_units(&self, cell: Cell, d: Digit) -> u8 {
        let mut mask = 0;
        for (k, unit) in units_of(cell).into_iter().enumerate() {
            let places = self.grid.unit_positions(unit, d);
            let n = places.len();
            if (n == 2 || (self.mode.multiple && n > 2))
                && unit.cells().iter().copied().find(|&c| places.contains(c)) == Some(cell)
                && self.closure.as_ref().is_none_or(|closure| {
                    closure.common_consequence(places.iter().map(|c| cand_of(c, d)))
                })
            {
                mask |= 1 << k;
            }
        }
        mask
    }

    fn region_chains(
        &mut self,
        cell: Cell,
        d: Digit,
        units: u8,
        own: &Outcome,
        hints: &mut Vec<ChainHint>,
    ) -> Result<(), OutOfBudget> {
        let (on_on, on_off) = (&own.on, &own.off);
        let chosen = units_of(cell).into_iter().enumerate().filter(|&(k, _)| units >> k & 1 != 0);
        for (_, unit) in chosen {
            let places = self.grid.unit_positions(unit, d);
            let n = places.len();
            // The other places' outcomes (the cell's own is `own`), in the unit's order.
            let mut outcomes: Vec<(u16, Option<Outcome>)> = Vec::with_capacity(n);
            let mut region_on = self.copy_set(on_on);
            let mut region_off = self.copy_set(on_off);
            for c in places {
                let cand = cand_of(c, d);
                if c == cell {
                    outcomes.push((cand, None));
                    continue;
                }
                let o = self.assume_on(cand)?;
                region_on.retain(&self.arena, &o.on);
                region_off.retain(&self.arena, &o.off);
                outcomes.push((cand, Some(o)));
            }
            for (acc, on_side) in [(&region_on, true), (&region_off, false)] {
                for &p in &acc.order {
                    let node = self.arena.nodes[p as usize];
                    let targets: Vec<u32> = outcomes
                        .iter()
                        .map(|(_, o)| {
                            let o = o.as_ref().unwrap_or(own);
                            let set = if on_side { &o.on } else { &o.off };
                            set.get(node.cand).expect("in every outcome")
                        })
                        .collect();
                    self.target_hint(Kind::Region(unit, d), p, targets, hints);
                }
            }
            for (cand, o) in outcomes {
                if let Some(o) = o {
                    self.keep_outcome(cand, o);
                }
            }
            self.give_set(region_on);
            self.give_set(region_off);
        }
        Ok(())
    }

    /// A one-line account of a hint (for nested chains in explanations).
    fn describe(&self, h: &ChainHint) -> String {
        let removed: Vec<String> =
            h.removable.iter().map(|&c| format!("{}<>{}", cell_of(c), digit_of(c))).collect();
        format!("{} => {}", technique(h).0, removed.join(", "))
    }

    /// The literal of a node.
    fn literal(&self, n: u32) -> Literal {
        let node = self.arena.nodes[n as usize];
        Literal {
            candidate: Candidate { cell: cell_of(node.cand), digit: digit_of(node.cand) },
            on: node.on,
        }
    }

    /// A chain as implications in dependency order, the target's last.
    fn explain_chain(&self, target: u32) -> Chain {
        let mut order = Vec::new();
        let mut seen = [0u64; 23];
        // Depth first, parents before children, as Sudoku Explainer lists them.
        let mut stack = vec![(target, false)];
        while let Some((n, expanded)) = stack.pop() {
            let l = usize::from(self.arena.lit(n));
            if expanded {
                if seen[l / 64] & (1 << (l % 64)) == 0 {
                    seen[l / 64] |= 1 << (l % 64);
                    order.push(n);
                }
                continue;
            }
            if seen[l / 64] & (1 << (l % 64)) != 0 {
                continue;
            }
            stack.push((n, true));
            for &p in self.arena.parents(n).iter().rev() {
                stack.push((p, false));
            }
        }
        let mut implications = Vec::new();
        for n in order {
            let node = self.arena.nodes[n as usize];
            let premises: Vec<Literal> =
                self.arena.parents(n).iter().map(|&p| self.literal(p)).collect();
            let reason = match node.cause {
                Cause::Assumed => Reason::Assumption,
                Cause::Cell => Reason::Cell,
                Cause::Unit(u) => Reason::Unit(u),
                Cause::Rule(t) => Reason::Technique(t.to_string()),
                Cause::Advanced => Reason::Technique(
                    self.arena
                        .nested
                        .get(node.nested as usize)
                        .map_or_else(String::new, |x| x.text.clone()),
                ),
            };
            if premises.is_empty() && node.cause != Cause::Assumed {
                continue;
            }
            implications.push(Implication { premises, conclusion: self.literal(n), reason });
        }
        Chain { implications }
    }

    /// The hint as a step of the solving path.
    fn step(&self, h: &ChainHint) -> Step {
        let (technique, _) = technique(h);
        let mut step = Step::new(technique, 0);
        step.difficulty = h.difficulty;
        for &c in &h.removable {
            step.eliminations.push(Candidate { cell: cell_of(c), digit: digit_of(c) });
        }
        if let Some(c) = h.placed {
            step.placements.push(Candidate { cell: cell_of(c), digit: digit_of(c) });
        }
        match h.kind {
            Kind::Region(u, _) => step.units.push(u),
            Kind::Cell(cell) => {
                for d in self.grid.candidates(cell) {
                    step.pattern.push(Candidate { cell, digit: d });
                }
            }
            _ => {}
        }
        let targets: &[u32] = match h.kind {
            // The reversed loop says the same.
            Kind::Cycle { .. } => &h.targets[..1],
            _ => &h.targets,
        };
        for &t in targets {
            let mut chain = self.explain_chain(t);
            if let Kind::Cycle { .. } = h.kind {
                // The loop closes on its start, which the walk met first and listed once.
                let close = self.arena.first_parent(t).map(|p| self.literal(p));
                if let Some(p) = close {
                    let reason = match self.arena.nodes[t as usize].cause {
                        Cause::Unit(u) => Reason::Unit(u),
                        _ => Reason::Cell,
                    };
                    chain.implications.push(Implication {
                        premises: vec![p],
                        conclusion: self.literal(t),
                        reason,
                    });
                }
            }
            if step.pattern.is_empty() || !matches!(h.kind, Kind::Cell(_)) {
                for imp in &chain.implications {
                    if imp.reason == Reason::Assumption {
                        step.pattern.push(imp.conclusion.candidate);
                    }
                }
            }
            step.chains.push(chain);
        }
        step.pattern.sort();
        step.pattern.dedup();
        step
    }
}

fn sort_key(x: bool, y: bool) -> u8 {
    match (x, y) {
        (true, true) => 4,
        (false, true) => 3,
        _ => 2,
    }
}

/// The technique of a hint and whether it is the nested kind.
fn technique(h: &ChainHint) -> (Technique, bool) {
    let m = h.mode;
    let t = match h.kind {
        Kind::Cycle { x, y } => match (x, y) {
            (true, true) => Technique::BidirectionalCycle,
            (false, true) => Technique::BidirectionalYCycle,
            _ => Technique::BidirectionalXCycle,
        },
        Kind::Forcing { x, y } => {
            if x && y {
                Technique::ForcingChain
            } else {
                Technique::ForcingXChain
            }
        }
        Kind::Binary { absurd } => {
            if m.nishio {
                Technique::NishioForcingChain
            } else if absurd {
                Technique::DynamicContradictionForcingChain(m.level)
            } else {
                Technique::DynamicDoubleForcingChain(m.level)
            }
        }
        Kind::Cell(_) if m.dynamic => Technique::DynamicCellForcingChain(m.level),
        Kind::Cell(_) => Technique::CellForcingChain,
        Kind::Region(..) if m.dynamic => Technique::DynamicRegionForcingChain(m.level),
        Kind::Region(..) => Technique::RegionForcingChain,
    };
    (t, m.level >= 2)
}

/// The first (easiest) hint of a chaining family, as a step.
///
/// `changed` holds, by digit, the cells changed since this family last found nothing (see
/// [`Hints::changed`]).
pub(crate) fn first_step(
    mode: Mode,
    g: &CandidateGrid,
    solution: Option<&Grid>,
    changed: &Lits,
    work: &mut Work,
) -> Result<Option<Step>, OutOfBudget> {
    let mut search = Search::new(mode, g, work);
    if mode == Mode::STATIC {
        return Ok(search.best_static()?.map(|h| search.step(&h)));
    }
    search.solution = solution.copied();
    search.changed = *changed;
    search.best_only = true;
    let hints = search.hints()?;
    Ok(hints.first().map(|h| search.step(h)))
}

/// Every hint of a chaining family, easiest first, as steps.
pub(crate) fn all_steps(
    mode: Mode,
    g: &CandidateGrid,
    work: &mut Work,
) -> Result<Vec<Step>, OutOfBudget> {
    let mut search = Search::new(mode, g, work);
    let hints = search.hints()?;
    Ok(hints.iter().map(|h| search.step(h)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_that_remove_something_start_where_the_graph_allows() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        let mut productive_cycles = 0;
        for p in puzzles {
            let grid: Grid = p.parse().expect("a puzzle");
            let g = CandidateGrid::new(&grid).expect("no clash");
            let mut work = Work::new(u64::MAX);
            let mut search = Search::new(Mode::STATIC, &g, &mut work);
            let links = StaticLinks::new(&g);
            for (y, x) in STATIC_FAMILIES {
                let scopes = links.implications(y, x).cycle_scopes();
                for cell in g.empty_cells() {
                    for d in g.candidates(cell) {
                        let cand = cand_of(cell, d);
                        let source = search.arena.push(cand, true, Cause::Assumed, &[], NONE);
                        let cycles = search.cycles(source, y, x, |_| true).expect("no budget");
                        let lengths: Vec<u32> = cycles
                            .into_iter()
                            .filter_map(|c| search.cycle_hint(c, x, y).map(|h| h.complexity))
                            .collect();
                        productive_cycles += lengths.len();
                        let scope = scopes.of(cand);
                        assert!(
                            lengths.is_empty() || scope.is_some(),
                            "{p} {cell} {d} y={y} x={x}"
                        );
                        let Some(scope) = scope else { continue };
                        // Nor do the per-start filters rule any out, at their length.
                        let bound = links.cycle_length_bound((cand, scope), (y, x), |_| true);
                        for &l in &lengths {
                            assert!(bound.is_some_and(|b| b <= l), "{p} {cell} {d}");
                            let may =
                                links.cycle_may_remove((cand, scope), (y, x), l, &mut Vec::new());
                            assert!(may, "{p} {cell} {d}");
                        }
                    }
                }
            }
        }
        assert!(productive_cycles > 0);
    }

    #[test]
    fn length_increments_follow_the_thresholds() {
        // complexity - 2 > 4 adds 0.1, > 6 another, > 8, > 12, > 16, > 24 ...
        let tenths = |c| (length_difficulty(c) * 10.0).round() as u32;
        assert_eq!(tenths(6), 0);
        assert_eq!(tenths(7), 1);
        assert_eq!(tenths(9), 2);
        assert_eq!(tenths(10), 2);
        assert_eq!(tenths(11), 3);
        assert_eq!(tenths(15), 4);
        assert_eq!(tenths(19), 5);
        assert_eq!(tenths(27), 6);
        assert_eq!(tenths(35), 7);
    }
}
