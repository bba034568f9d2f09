//! The static family: bidirectional cycles and forcing chains over X, Y and XY links, on a
//! grid that does not change during the search (6.5 to 7.0 and up).
//!
//! Most candidates start no cycle and no forcing chain: bitset reachability over the static
//! links ([`super::reach`]) rules them out, and the exact searches, which build every
//! potential with its parents, run on the rest.

use sudoku_core::{Candidate, CandidateSet, Cell, CellSet, DigitSet};

use super::Links;
use super::collect::Collector;
use super::context::OutOfBudget;
use super::graph::{CycleScopes, Implications};
use super::potential::{Arena, Cause, Fifo, Pot, PotSet};
use super::propagate::{Layered, Propagator};
use super::rank::{ChainHint, Kind, Rank};
use super::reach::{Negation, StaticLinks};
use crate::hints::{Lits, lits_of, units_of};

/// The longest cycle [`StaticLinks::cycle_may_remove`] rules on; past it, no start is ruled out.
const MAX_CYCLE_FILTER: u32 = 60;

/// The static families, in Sudoku Explainer's order: X, Y, then XY chains and cycles.
const FAMILIES: [Links; 3] = [Links::X, Links::Y, Links::XY];

/// The best static hint so far: built, or a forcing chain to build.
enum Pick {
    Hint(ChainHint),
    Forcing { cand: Candidate, on: bool, links: Links },
}

/// The static family's search on a propagator's grid.
pub(crate) struct StaticChains<'a, 'w> {
    prop: &'a mut Propagator<'w>,
    links: StaticLinks,
    collector: Collector,
}

impl<'a, 'w> StaticChains<'a, 'w> {
    pub(crate) fn new(prop: &'a mut Propagator<'w>) -> StaticChains<'a, 'w> {
        let links = StaticLinks::new(&prop.grid);
        StaticChains::with_links(prop, links)
    }

    /// The search, given the links of the propagator's grid.
    pub(crate) fn with_links(
        prop: &'a mut Propagator<'w>,
        links: StaticLinks,
    ) -> StaticChains<'a, 'w> {
        StaticChains { prop, links, collector: Collector::new(false) }
    }

    /// Every cycle and forcing chain, family by family, as hints.
    pub(crate) fn all(self) -> Result<Collector, OutOfBudget> {
        let xy = self.links.implications(Links::XY).forcing_starts();
        self.all_from(xy)
    }

    /// [`StaticChains::all`], given the XY forcing-chain starts (on, off).
    pub(crate) fn all_from(mut self, xy: [Lits; 2]) -> Result<Collector, OutOfBudget> {
        // A cycle that removes something implies a forcing chain of its links from what it
        // removes (see `best`), and X- and Y-chains are XY chains: without an XY forcing
        // chain there is no hint at all (most nested searches, on grids an assumption has
        // reduced), and without an X one, no X-cycle.
        if xy.iter().flatten().all(|&m| m == 0) {
            return Ok(self.collector);
        }
        let x = self.links.forcing_starts_among(&xy, Links::X);
        for links in FAMILIES {
            let forcing_from = match links {
                Links::X if x.iter().flatten().all(|&m| m == 0) => continue,
                Links::X => x,
                // Y-chains have no forcing chains of their own (they are XY ones).
                Links::Y => [[0; 9]; 2],
                Links::XY => xy,
            };
            let graph = self.links.implications(links);
            self.search_every_start(links, &graph, &forcing_from)?;
        }
        Ok(self.collector)
    }

    /// The first hint the list of every hint would give, without building the others:
    /// forcing chains are ranked by their length from bitset reachability and only the
    /// winner is built; cycle searches stop at the length where they can no longer win.
    pub(crate) fn best(mut self) -> Result<Option<ChainHint>, OutOfBudget> {
        let mut best: Option<(Rank, Pick)> = None;
        let grid = self.prop.grid;
        let starts: Vec<(Cell, DigitSet)> = Cell::all()
            .filter(|&c| grid.value(c).is_none() && grid.candidates(c).len() >= 2)
            .map(|c| (c, grid.candidates(c)))
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
        let closure = graphs[2].insert(self.links.implications(Links::XY)).closure();
        let xy_starts = closure.forcing_starts();
        self.prop.work.memo.xy_closure = Some((grid, closure));
        if xy_starts.iter().flatten().all(|&m| m == 0) {
            return Ok(None);
        }
        let mut forcing_starts_of: [Option<[Lits; 2]>; 3] = [None, None, Some(xy_starts)];
        // The X graph only over digits whose places changed since they last had no X chain.
        let places = lits_of(&grid);
        let x_barren_at = self.prop.work.memo.x_barren_at;
        let x_digits =
            (0..9).filter(|&d| x_barren_at[d] != Some(places[d])).fold(0u16, |m, d| m | 1 << d);
        let graph_of = |links: &StaticLinks, k: usize| {
            if k == 0 { links.x_implications(x_digits) } else { links.implications(FAMILIES[k]) }
        };
        // Whether each family has a forcing chain.
        let mut forcing_found = [false; 3];
        for phase in 0..5 {
            let (k, is_cycle) = if forcing_found[0] {
                [(0, false), (0, true), (1, true), (2, false), (2, true)][phase]
            } else {
                [(0, false), (0, true), (2, false), (1, true), (2, true)][phase]
            };
            if is_cycle {
                if forcing_found[0] || (k > 0 && forcing_found[2]) {
                    let graph = graphs[k].get_or_insert_with(|| graph_of(&self.links, k));
                    let productive = graph.cycle_scopes();
                    self.best_cycles(k, &starts, &productive, &mut best)?;
                }
                continue;
            }
            let graph = graphs[k].get_or_insert_with(|| graph_of(&self.links, k));
            let forcing_starts =
                *forcing_starts_of[k].get_or_insert_with(|| graph.forcing_starts());
            forcing_found[k] = forcing_starts.iter().flatten().any(|&m| m != 0);
            if k == 0 {
                for d in (0..9).filter(|&d| x_digits >> d & 1 != 0) {
                    if forcing_starts[0][d] | forcing_starts[1][d] == 0 {
                        self.prop.work.memo.x_barren_at[d] = Some(places[d]);
                    }
                }
            }
            if let Some(found) = self.best_forcing(k, &starts, &forcing_starts, best.as_ref())? {
                best = Some(found);
            }
        }
        let Some((rank, pick)) = best else { return Ok(None) };
        match pick {
            Pick::Hint(h) => Ok(Some(h)),
            Pick::Forcing { cand, on, links } => {
                let source = self.prop.arena.push(cand, on, Cause::Assumed, &[]);
                let mut chains = Vec::new();
                self.forcing(source, links, &mut chains)?;
                self.collector.target_hint(self.prop, Kind::Forcing(links), chains[0], Vec::new());
                let h = self.collector.into_sorted().pop().expect("a forcing chain removes");
                debug_assert_eq!(h.complexity, rank.complexity, "bitset and exact search agree");
                Ok(Some(h))
            }
        }
    }

    /// The shortest forcing chain of static family `k` from the `forcing_starts`, if one
    /// beats `best`: every start's search a layer at a time, in step, over bitsets; the
    /// first (in order) to meet its negation has the shortest chain, and none goes deeper.
    fn best_forcing(
        &mut self,
        k: usize,
        starts: &[(Cell, DigitSet)],
        forcing_starts: &[Lits; 2],
        best: Option<&(Rank, Pick)>,
    ) -> Result<Option<(Rank, Pick)>, OutOfBudget> {
        let links = FAMILIES[k];
        let rank_at = |cand: Candidate, sub: u8, depth: u32| {
            Rank::of(Kind::Forcing(links), depth + 1, (k as u8, cand, sub, 0))
        };
        let mut searches: Vec<(u8, Negation)> = Vec::new();
        for &(cell, values) in starts {
            for d in values {
                let cand = Candidate::new(cell, d);
                self.prop.tick()?;
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
        let bound = best.map(|(b, _)| *b);
        while !live.is_empty() {
            depth += 1;
            let mut winner = None;
            live.retain(|&i| {
                let (sub, search) = &mut searches[i as usize];
                let cand = search.src();
                if bound.is_some_and(|b| !rank_at(cand, *sub, depth).before(&b)) {
                    return false;
                }
                match search.advance(&self.links, links) {
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
                let pick = Pick::Forcing { cand, on: sub == 1, links };
                return Ok(Some((rank_at(cand, sub, depth), pick)));
            }
        }
        Ok(None)
    }

    /// The cycles of static family `k` that beat `best`, from the `starts` that are
    /// `productive`.
    fn best_cycles(
        &mut self,
        k: usize,
        starts: &[(Cell, DigitSet)],
        productive: &CycleScopes,
        best: &mut Option<(Rank, Pick)>,
    ) -> Result<(), OutOfBudget> {
        let links = FAMILIES[k];
        for &(cell, values) in starts {
            if values.len() > 2 && !links.x() {
                continue; // Y-cycles start from bivalue cells only
            }
            for d in values {
                let cand = Candidate::new(cell, d);
                let Some(scope) = productive.of(cand) else { continue };
                let rank_at = |length: u32, n: u32| {
                    Rank::of(Kind::Cycle(links), length, (k as u8, cand, 0, n))
                };
                let bound = best.as_ref().map(|(b, _)| *b);
                let useful = |length| bound.is_none_or(|b| rank_at(length, 0).before(&b));
                // Bitset searches rule out most starts: no cycle, none short enough, or none
                // short enough through a potential that something removable sees.
                self.prop.tick()?;
                if self.links.cycle_length_bound((cand, scope), links, useful).is_none() {
                    continue;
                }
                let longest = (4..=MAX_CYCLE_FILTER).take_while(|&l| useful(l)).last();
                if let Some(l) = longest.filter(|&l| l < MAX_CYCLE_FILTER)
                    && !self.links.cycle_may_remove(
                        (cand, scope),
                        links,
                        l,
                        &mut self.prop.work.memo.layers,
                    )
                {
                    continue;
                }
                let source = self.prop.arena.push(cand, true, Cause::Assumed, &[]);
                let cycles = self.cycles(source, links, useful)?;
                for (n, dst) in cycles.into_iter().enumerate() {
                    let Some(h) = self.cycle_hint(dst, links) else { continue };
                    let rank = Rank { difficulty: h.difficulty, ..rank_at(h.complexity, n as u32) };
                    if best.as_ref().is_none_or(|(b, _)| rank.before(b)) {
                        *best = Some((rank, Pick::Hint(h)));
                    }
                }
            }
        }
        Ok(())
    }

    /// Cycles and forcing chains of `links` from every candidate of every cell with two or
    /// more, where the condensed implication `graph` allows them; forcing chains from the
    /// starts `forcing_from` (on, off) only.
    fn search_every_start(
        &mut self,
        links: Links,
        graph: &Implications,
        forcing_from: &[Lits; 2],
    ) -> Result<(), OutOfBudget> {
        let scopes = graph.cycle_scopes();
        let has =
            |set: &Lits, cand: Candidate| set[cand.digit().index()] >> cand.cell().index() & 1 != 0;
        let grid = self.prop.grid;
        for cell in Cell::all() {
            let values = grid.candidates(cell);
            if grid.value(cell).is_some() || values.len() < 2 {
                continue;
            }
            if values.len() > 2 && !links.x() {
                continue; // Y-cycles start from bivalue cells only
            }
            for d in values {
                let cand = Candidate::new(cell, d);
                let starts = [&forcing_from[0], &forcing_from[1]].map(|s| has(s, cand));
                self.search_start(cand, links, scopes.of(cand), starts)?;
            }
        }
        Ok(())
    }

    /// The cycles and forcing chains from `cand`, as `scope` and `starts` allow: cycles
    /// (within `scope`, [`CycleScopes::of`]), forcing chains from its on potential, from its
    /// off potential.
    fn search_start(
        &mut self,
        cand: Candidate,
        links: Links,
        scope: Option<&[Lits; 2]>,
        [from_on, from_off]: [bool; 2],
    ) -> Result<(), OutOfBudget> {
        let source = self.prop.arena.push(cand, true, Cause::Assumed, &[]);
        let may_cycle = scope
            .is_some_and(|s| self.links.cycle_length_bound((cand, s), links, |_| true).is_some());
        self.prop.tick()?;
        let cycles = if may_cycle { self.cycles(source, links, |_| true)? } else { Vec::new() };
        let mut chains = Vec::new();
        if from_on {
            self.forcing(source, links, &mut chains)?;
        }
        if from_off {
            let off = self.prop.arena.push(cand, false, Cause::Assumed, &[]);
            self.forcing(off, links, &mut chains)?;
        }
        for dst in cycles {
            if let Some(h) = self.cycle_hint(dst, links) {
                self.collector.push(h);
            }
        }
        for t in chains {
            self.collector.target_hint(self.prop, Kind::Forcing(links), t, Vec::new());
        }
        Ok(())
    }

    /// The cycles back to `source`'s candidate, as their closing potentials. `useful(length)`
    /// says whether cycles of that length (and longer) can still matter; the search stops
    /// before the first layer that cannot.
    fn cycles(
        &mut self,
        source: Pot,
        links: Links,
        useful: impl Fn(u32) -> bool,
    ) -> Result<Vec<Pot>, OutOfBudget> {
        if !useful(4) {
            return Ok(Vec::new());
        }
        let src = self.prop.arena.cand(source);
        // An off potential met again can only matter by closing a cycle (every potential it
        // turns on is known from its first visit): only the source's strong partners are
        // followed twice.
        let (cell, d) = (src.cell(), src.digit());
        let grid = &self.prop.grid;
        let mut closers: Vec<Candidate> = Vec::with_capacity(4);
        let values = grid.candidates(cell);
        if links.y() && values.len() == 2 {
            closers.extend(values.iter().filter(|&v| v != d).map(|v| Candidate::new(cell, v)));
        }
        if links.x() {
            for u in units_of(cell) {
                let places = grid.unit_positions(u, d);
                if places.len() == 2 {
                    closers
                        .extend(places.iter().filter(|&c| c != cell).map(|c| Candidate::new(c, d)));
                }
            }
        }
        let mut search = CycleSearch { src, closers, length: 0, useful, cycles: Vec::new() };
        self.search_from(source, links, &mut search)?;
        Ok(search.cycles)
    }

    /// Forcing chains from `source` (on or off) to its negation, added to `chains` (their
    /// final potentials) unless one to the same potential is there.
    fn forcing(
        &mut self,
        source: Pot,
        links: Links,
        chains: &mut Vec<Pot>,
    ) -> Result<(), OutOfBudget> {
        let arena = &self.prop.arena;
        let node = *arena.node(source);
        let has_on = chains.iter().any(|&n| arena.cand(n) == node.cand && arena.node(n).on);
        let known = chains.len();
        let mut search =
            ForcingSearch { src: node.cand, src_on: node.on, chains, known, has_on, hit: None };
        self.search_from(source, links, &mut search)
    }

    /// Runs a layered search from `source` alone.
    fn search_from(
        &mut self,
        source: Pot,
        links: Links,
        search: &mut impl Layered,
    ) -> Result<(), OutOfBudget> {
        let node = *self.prop.arena.node(source);
        let mut to_on = self.prop.take_set();
        let mut to_off = self.prop.take_set();
        let mut pending_on = Fifo::default();
        let mut pending_off = Fifo::default();
        if node.on {
            to_on.add(node.cand, source);
            pending_on.push_back(source);
        } else {
            to_off.add(node.cand, source);
            pending_off.push_back(source);
        }
        let found = self.prop.layered(
            (&mut to_on, &mut to_off),
            (&mut pending_on, &mut pending_off),
            links,
            search,
        );
        self.prop.give_set(to_on);
        self.prop.give_set(to_off);
        found
    }

    /// A cycle from its closing potential: the candidates that see an on and an off link of
    /// their digit in the loop go.
    fn cycle_hint(&mut self, dst_on: Pot, links: Links) -> Option<ChainHint> {
        let arena = &mut self.prop.arena;
        let mut walk = vec![dst_on];
        let mut p = dst_on;
        while let Some(q) = arena.first_parent(p) {
            walk.push(q);
            p = q;
        }
        // The loop's nodes, without the final repeat of the source.
        let body = &walk[..walk.len() - 1];
        let cells: CellSet = body.iter().map(|&n| arena.cand(n).cell()).collect();
        let (mut fwd, mut back) = (CandidateSet::EMPTY, CandidateSet::EMPTY);
        for &n in body {
            let node = arena.node(n);
            let (cell, d) = (node.cand.cell(), node.cand.digit());
            let seen = cell.peers().difference(cells).intersection(self.prop.grid.digit_cells(d));
            for c in seen {
                let set = if node.on { &mut fwd } else { &mut back };
                set.insert(Candidate::new(c, d));
            }
        }
        let removable: Vec<Candidate> = fwd.intersection(&back).iter().collect();
        if removable.is_empty() {
            return None;
        }
        // The reversed loop, the second view of the cycle.
        let mut prev: Option<Pot> = None;
        for &n in &walk {
            let node = *arena.node(n);
            let parents: Vec<Pot> = prev.into_iter().collect();
            prev = Some(arena.push(node.cand, !node.on, node.cause, &parents));
        }
        let dst_off = prev.expect("a loop");
        Some(self.collector.finish(self.prop, Kind::Cycle(links), removable, vec![dst_on, dst_off]))
    }
}

/// The search for cycles through a source: potentials met again are followed only when
/// they can close a cycle; the cycles are the on potentials of the source's candidate met
/// after four links or more.
struct CycleSearch<F> {
    src: Candidate,
    /// The source's strong partners, through which a cycle closes.
    closers: Vec<Candidate>,
    length: u32,
    useful: F,
    cycles: Vec<Pot>,
}

impl<F: Fn(u32) -> bool> Layered for CycleSearch<F> {
    fn off(&mut self, arena: &Arena, p: Pot, c: Candidate, to_off: &PotSet) -> Option<bool> {
        // A potential not met yet is no ancestor (ancestors are all met).
        let first = !to_off.contains(c);
        (first || (self.closers.contains(&c) && !arena.has_ancestor(p, c, false))).then_some(true)
    }

    fn before_offs(&mut self) -> bool {
        self.length += 2;
        self.length < 4 || (self.useful)(self.length)
    }

    fn made_on(&mut self, on: Pot, c: Candidate) {
        if self.length >= 4 && c == self.src {
            self.cycles.push(on);
        }
    }
}

/// The search for forcing chains from a source to its negation: it stops after the layer
/// where the negation is first met.
struct ForcingSearch<'c> {
    src: Candidate,
    src_on: bool,
    chains: &'c mut Vec<Pot>,
    /// How many chains there were before this search.
    known: usize,
    /// Whether `chains` holds a chain to the source's on potential (met from its off one).
    has_on: bool,
    /// The first on potential of the source's candidate met in this layer.
    hit: Option<Pot>,
}

impl Layered for ForcingSearch<'_> {
    fn off(&mut self, arena: &Arena, p: Pot, c: Candidate, to_off: &PotSet) -> Option<bool> {
        let hit = self.src_on && c == self.src;
        let keep = !to_off.contains(c) && !arena.has_ancestor(p, c, false);
        (hit || keep).then_some(keep)
    }

    fn made_off(&mut self, arena: &Arena, off: Pot) {
        let c = arena.cand(off);
        let found = || self.chains.iter().any(|&n| arena.cand(n) == c && !arena.node(n).on);
        if self.src_on && c == self.src && !found() {
            self.chains.push(off);
        }
    }

    fn made_on(&mut self, on: Pot, c: Candidate) {
        if !self.src_on && c == self.src && self.hit.is_none() {
            self.hit = Some(on);
        }
    }

    fn after_layer(&mut self) -> bool {
        if let Some(on) = self.hit.take()
            && !self.has_on
        {
            self.chains.push(on);
            self.has_on = true;
        }
        // A source has one negation: once it is met, the rest of the search finds nothing
        // new.
        self.chains.len() == self.known
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::{CandidateGrid, Grid};

    use super::*;
    use crate::chains::{ChainContext, Family};

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
            let mut work = ChainContext::new(u64::MAX, sudoku_core::Cancel::never());
            let mut prop = Propagator::new(Family::Static, &g, &mut work);
            let mut search = StaticChains::new(&mut prop);
            let links = StaticLinks::new(&g);
            for kind in FAMILIES {
                let scopes = links.implications(kind).cycle_scopes();
                for cell in g.empty_cells() {
                    for d in g.candidates(cell) {
                        let cand = Candidate::new(cell, d);
                        let source = search.prop.arena.push(cand, true, Cause::Assumed, &[]);
                        let cycles = search.cycles(source, kind, |_| true).expect("no budget");
                        let lengths: Vec<u32> = cycles
                            .into_iter()
                            .filter_map(|c| search.cycle_hint(c, kind).map(|h| h.complexity))
                            .collect();
                        productive_cycles += lengths.len();
                        let scope = scopes.of(cand);
                        assert!(lengths.is_empty() || scope.is_some(), "{p} {cell} {d} {kind:?}");
                        let Some(scope) = scope else { continue };
                        // Nor do the per-start filters rule any out, at their length.
                        let bound = links.cycle_length_bound((cand, scope), kind, |_| true);
                        for &l in &lengths {
                            assert!(bound.is_some_and(|b| b <= l), "{p} {cell} {d}");
                            let may =
                                links.cycle_may_remove((cand, scope), kind, l, &mut Vec::new());
                            assert!(may, "{p} {cell} {d}");
                        }
                    }
                }
            }
        }
        assert!(productive_cycles > 0);
    }
}
