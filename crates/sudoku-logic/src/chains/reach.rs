//! Reachability over a grid's static links, as bitsets, before the exact searches (which
//! build every potential with its parents) run on the few starts that can succeed: the
//! implication graph condensed into strongly connected components says where forcing chains
//! and useful cycles start, and what every potential leads to; breadth-first bitset searches
//! give the length of a forcing chain and a bound on a cycle's.
//!
//! Static links are those of forcing chains and cycles, where the grid does not change
//! during the search: an on candidate turns off its peers' copies of its digit (and, with
//! `y`, its cell's other candidates); an off candidate turns on the other place of its digit
//! in a unit with two places and, with `y`, the other candidate of a bivalue cell.

use sudoku_core::{Candidate, CandidateGrid, Cell, Digit, Unit};

use super::Links;
use super::graph::{Implications, NO_NODE, strong_components};
use super::potential::cand_at;
use crate::hints::{Lits, exactly_two, more_than_two, seen_by};

/// Every unit, as cells.
const UNIT_SETS: [u128; 27] = {
    let mut t = [0; 27];
    let mut k = 0;
    while k < 27 {
        t[k] = Unit::ALL[k].cell_set().bits();
        k += 1;
    }
    t
};

/// No bivalue partner: the cell has more than two candidates.
const NO_PARTNER: u8 = u8::MAX;

/// The strong links of a grid, by candidate (`cell * 9 + digit index`).
pub(crate) struct StaticLinks {
    /// Candidates per digit.
    digits: Lits,
    /// The other places of the digit in the units where it has two, as cells.
    unit_partners: Vec<u128>,
    /// The digit index of the other candidate of a bivalue cell.
    cell_partner: Vec<u8>,
    /// The cells with two candidates.
    bivalue: u128,
}

impl StaticLinks {
    pub(crate) fn new(g: &CandidateGrid) -> StaticLinks {
        let mut links = StaticLinks {
            digits: [0; 9],
            unit_partners: vec![0; 729],
            cell_partner: vec![NO_PARTNER; 729],
            bivalue: 0,
        };
        for d in (0..9).map(Digit::from_index) {
            links.digits[d.index()] = g.digit_cells(d).bits();
        }
        // Strong links only where they are: each digit's units with two places, the cells
        // with two candidates.
        for (d, &places) in links.digits.iter().enumerate() {
            for unit in UNIT_SETS {
                let pair = places & unit;
                if exactly_two(pair) {
                    let (a, b) =
                        (pair.trailing_zeros() as usize, 127 - pair.leading_zeros() as usize);
                    links.unit_partners[a * 9 + d] |= 1 << b;
                    links.unit_partners[b * 9 + d] |= 1 << a;
                }
            }
        }
        for cell in g.empty_cells() {
            let values = g.candidates(cell);
            if values.len() == 2 {
                let (a, b) = (
                    values.bits().trailing_zeros() as usize,
                    15 - values.bits().leading_zeros() as usize,
                );
                links.cell_partner[cell.index() * 9 + a] = b as u8;
                links.cell_partner[cell.index() * 9 + b] = a as u8;
                links.bivalue |= 1 << cell.index();
            }
        }
        links
    }

    /// The off candidates that the on candidates `front` turn off: their peers' copies of
    /// their digit and, with Y links, their cells' other candidates (repeats included).
    fn offs_of(&self, front: &Lits, links: Links) -> Lits {
        let (mut any_on, mut twice) = (0u128, 0u128);
        let mut out: Lits = [0; 9];
        for (v, &m0) in front.iter().enumerate() {
            let mut m = m0;
            twice |= any_on & m;
            any_on |= m;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                out[v] |= Cell::new(c).expect("cell").peers().bits();
                m &= m - 1;
            }
        }
        for (v, o) in out.iter_mut().enumerate() {
            let same_cell = if links.y() { (any_on & !front[v]) | twice } else { 0 };
            *o = (*o | same_cell) & self.digits[v];
        }
        out
    }

    /// The candidates that the off candidates `front` turn on: the other place of a bilocal
    /// unit (with X links) and the other candidate of a bivalue cell (with Y links).
    fn ons_of(&self, front: &Lits, links: Links) -> Lits {
        let mut out: Lits = [0; 9];
        for (v, &m0) in front.iter().enumerate() {
            let mut m = m0;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                let cand = c * 9 + v;
                if links.x() {
                    out[v] |= self.unit_partners[cand];
                }
                if links.y() && self.cell_partner[cand] != NO_PARTNER {
                    out[usize::from(self.cell_partner[cand])] |= 1 << c;
                }
                m &= m - 1;
            }
        }
        out
    }

    /// The XY forcing-chain starts here, when the grid `before` (which holds every candidate
    /// of this one) has none (on starts, off starts, as [`Closure::forcing_starts`]); no
    /// cycle removes anything without a forcing chain either.
    ///
    /// A chain here that used only strong links `before` has would be one there too, so
    /// each passes through a new strong link `y` off to `z` on. Its start `c` on leads to
    /// `y` off, and so (the graph is its own contrapositive) `y` on leads to `c` off; and
    /// `z` on leads to `c` off: `c` off lies in what both ends' on potentials reach (for a
    /// chain from `c` off, `c` on does). Only those starts are searched, over bitsets: most
    /// grids have new strong links, but few a forcing chain through one.
    pub(crate) fn forcing_starts_after(&self, before: &CandidateGrid) -> [Lits; 2] {
        // The new strong links, as pairs of candidates.
        let mut links: Vec<(Candidate, Candidate)> = Vec::new();
        for c in 0..81 {
            let bit = 1u128 << c;
            if self.bivalue & bit == 0 {
                continue;
            }
            let cell = Cell::new(c).expect("cell");
            if before.candidates(cell).len() > 2 {
                let mut ds = (0..9).filter(|&d| self.digits[d] & bit != 0).map(Digit::from_index);
                let (a, b) = (ds.next().expect("two"), ds.next().expect("two"));
                links.push((Candidate::new(cell, a), Candidate::new(cell, b)));
            }
        }
        for d in 0..9 {
            let (now, then) = (self.digits[d], before.digit_cells(Digit::from_index(d)).bits());
            for unit in UNIT_SETS {
                let places = now & unit;
                if exactly_two(places) && more_than_two(then & unit) {
                    let (a, b) =
                        (places.trailing_zeros() as usize, 127 - places.leading_zeros() as usize);
                    links.push((cand_at(a * 9 + d), cand_at(b * 9 + d)));
                }
            }
        }
        let mut possible: [Lits; 2] = [[0; 9]; 2];
        // What each end's on potential reaches (off potentials, on potentials), once.
        let mut reached: Vec<(Candidate, [Lits; 2])> = Vec::with_capacity(2 * links.len());
        for (y, z) in links {
            let [ry, rz] = [y, z].map(|c| match reached.iter().find(|(d, _)| *d == c) {
                Some((_, r)) => *r,
                None => {
                    let r = self.reach_from_on(c);
                    reached.push((c, r));
                    r
                }
            });
            for side in 0..2 {
                for d in 0..9 {
                    possible[side][d] |= ry[side][d] & rz[side][d];
                }
            }
        }
        self.forcing_starts_among(&possible, Links::XY)
    }

    /// The starts among `possible` (on starts, off starts) whose forcing-chain search over
    /// `kind` links (X or XY) meets their negation.
    pub(crate) fn forcing_starts_among(&self, possible: &[Lits; 2], kind: Links) -> [Lits; 2] {
        let mut starts: [Lits; 2] = [[0; 9]; 2];
        for (side, on) in [(0, true), (1, false)] {
            for d in 0..9 {
                let mut m = possible[side][d];
                while m != 0 {
                    let cell = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let mut search = Negation::new(cand_at(cell * 9 + d), on);
                    while let Some(hit) = search.advance(self, kind) {
                        if hit {
                            starts[side][d] |= 1 << cell;
                            break;
                        }
                    }
                }
            }
        }
        starts
    }

    /// Everything `c` on leads to over XY links: (off potentials, on potentials).
    fn reach_from_on(&self, c: Candidate) -> [Lits; 2] {
        let mut front: Lits = [0; 9];
        front[c.digit().index()] = 1 << c.cell().index();
        let (mut seen_on, mut seen_off): (Lits, Lits) = (front, [0; 9]);
        loop {
            let offs = self.offs_of(&front, Links::XY);
            let mut off_front: Lits = [0; 9];
            for d in 0..9 {
                off_front[d] = offs[d] & !seen_off[d];
                seen_off[d] |= off_front[d];
            }
            let ons = self.ons_of(&off_front, Links::XY);
            let mut grew = false;
            for d in 0..9 {
                front[d] = ons[d] & !seen_on[d];
                seen_on[d] |= front[d];
                grew |= front[d] != 0;
            }
            if !grew {
                return [seen_off, seen_on];
            }
        }
    }

    /// The fewest links from `src` on (or off) to `src` off (or on), breadth first as the
    /// forcing chain search goes: the forcing chain's length. `useful(depth)` says whether
    /// chains that long (and longer) still matter; the search gives up before the first
    /// layer that does not.
    #[cfg(test)]
    pub(crate) fn negation_depth(
        &self,
        src: Candidate,
        on: bool,
        links: Links,
        useful: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        let mut search = Negation::new(src, on);
        loop {
            if !useful(search.depth + 1) {
                return None;
            }
            if search.advance(self, links)? {
                return Some(search.depth);
            }
        }
    }

    /// The implication graph of `links` over the potentials of the candidates present (node
    /// `2 * i + on` for the `i`-th), condensed.
    pub(crate) fn implications(&self, links: Links) -> Implications {
        // With Y links alone, an off potential turns on only the other candidate of a
        // bivalue cell, and an on one turns off only candidates that can follow when they
        // lie in such cells: every circuit stays among the candidates of bivalue cells, and
        // the graph is built over those alone.
        let digits =
            if links == Links::Y { self.digits.map(|m| m & self.bivalue) } else { self.digits };
        self.graph_over(&digits, links)
    }

    /// The implication graph of the X links of the digits in `only` (bit `d` for digit
    /// index `d`): X links never leave their digit, so it is the whole X graph's part there.
    pub(crate) fn x_implications(&self, only: u16) -> Implications {
        let digits = std::array::from_fn(|d| if only >> d & 1 != 0 { self.digits[d] } else { 0 });
        self.graph_over(&digits, Links::X)
    }

    /// The implication graph of `links` between the candidates `digits`.
    fn graph_over(&self, digits: &Lits, links: Links) -> Implications {
        let mut cands: Vec<u16> = Vec::with_capacity(256);
        let mut node_of = [NO_NODE; 729];
        for (d, &m0) in digits.iter().enumerate() {
            let mut m = m0;
            while m != 0 {
                let cand = m.trailing_zeros() as usize * 9 + d;
                node_of[cand] = 2 * cands.len() as u16;
                cands.push(cand as u16);
                m &= m - 1;
            }
        }
        // Each cell's candidates as a digit mask.
        let mut values = [0u16; 81];
        for (d, &m0) in digits.iter().enumerate() {
            let mut m = m0;
            while m != 0 {
                values[m.trailing_zeros() as usize] |= 1 << d;
                m &= m - 1;
            }
        }
        let mut edges: Vec<u16> = Vec::with_capacity(cands.len() * 12);
        let mut first: Vec<u32> = Vec::with_capacity(2 * cands.len() + 1);
        for &cand in &cands {
            let cand = usize::from(cand);
            let (cell, d) = (cand / 9, cand % 9);
            // Off: the strong links.
            first.push(edges.len() as u32);
            let mut places = if links.x() { self.unit_partners[cand] } else { 0 };
            while places != 0 {
                edges.push(node_of[places.trailing_zeros() as usize * 9 + d] + 1);
                places &= places - 1;
            }
            if links.y() && self.cell_partner[cand] != NO_PARTNER {
                edges.push(node_of[cell * 9 + usize::from(self.cell_partner[cand])] + 1);
            }
            // On: the weak links.
            first.push(edges.len() as u32);
            let mut offs = Cell::new(cell).expect("cell").peers().bits() & digits[d];
            while offs != 0 {
                let c = offs.trailing_zeros() as usize;
                edges.push(node_of[c * 9 + d]);
                offs &= offs - 1;
            }
            if links.y() {
                let mut others = values[cell] & !(1 << d);
                while others != 0 {
                    edges.push(node_of[cell * 9 + others.trailing_zeros() as usize]);
                    others &= others - 1;
                }
            }
        }
        first.push(edges.len() as u32);
        let (component, count) = strong_components(&first, &edges);
        Implications { cands, first, edges, component, count, digits: self.digits }
    }

    /// A lower bound on the length of a cycle through `src` on, as the cycle search counts
    /// it: the cycle closes through an off candidate that turns `src` on, turned off by an
    /// on candidate at least two links from `src`. `None` when no cycle is possible or none
    /// as short as `useful` asks.
    ///
    /// Only potentials in `scope` ([`CycleScopes::of`]) are followed: a cycle stays there.
    pub(crate) fn cycle_length_bound(
        &self,
        (src, scope): (Candidate, &[Lits; 2]),
        links: Links,
        useful: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        let (cell, d) = (src.cell().index(), src.digit().index());
        let mut closers: Lits = [0; 9];
        closers[d] = 1 << cell;
        let closers = self.ons_of(&closers, links);
        let (mut seen_on, mut seen_off): (Lits, Lits) = ([0; 9], [0; 9]);
        let mut front_on: Lits = [0; 9];
        seen_on[d] = 1 << cell;
        front_on[d] = 1 << cell;
        let mut on_depth = 0;
        loop {
            if !useful(on_depth + 2) {
                return None;
            }
            let offs = self.offs_of(&front_on, links);
            if on_depth >= 2 && (0..9).any(|v| offs[v] & closers[v] != 0) {
                return Some(on_depth + 2);
            }
            let mut front_off: Lits = [0; 9];
            for v in 0..9 {
                front_off[v] = offs[v] & scope[1][v] & !seen_off[v];
                seen_off[v] |= front_off[v];
            }
            let ons = self.ons_of(&front_off, links);
            let mut grew = false;
            for v in 0..9 {
                front_on[v] = ons[v] & scope[0][v] & !seen_on[v];
                seen_on[v] |= front_on[v];
                grew |= front_on[v] != 0;
            }
            if !grew {
                return None;
            }
            on_depth += 2;
        }
    }
    /// Breadth-first from `src` on (or off): `layers[k]` gets the potentials first reached
    /// at exactly `k` links (on ones at even `k` from an on start, at odd `k` from an off
    /// one). The index of the last layer reached.
    /// Only potentials in `scope` (on ones, off ones) are followed.
    fn layers(
        &self,
        (src, start_on): (Candidate, bool),
        links: Links,
        scope: [&Lits; 2],
        layers: &mut [Lits],
    ) -> usize {
        let (cell, d) = (src.cell().index(), src.digit().index());
        let (mut seen_on, mut seen_off): (Lits, Lits) = ([0; 9], [0; 9]);
        let mut front: Lits = [0; 9];
        front[d] = 1 << cell;
        if start_on {
            seen_on[d] = front[d];
        } else {
            seen_off[d] = front[d];
        }
        layers[0] = front;
        let mut front_is_on = start_on;
        let mut end = 0;
        for (k, layer) in layers.iter_mut().enumerate().skip(1) {
            let (next, seen, within) = if front_is_on {
                (self.offs_of(&front, links), &mut seen_off, scope[1])
            } else {
                (self.ons_of(&front, links), &mut seen_on, scope[0])
            };
            let mut grew = false;
            for (((f, &n), s), &w) in front.iter_mut().zip(&next).zip(seen.iter_mut()).zip(within) {
                *f = n & w & !*s;
                *s |= *f;
                grew |= *f != 0;
            }
            if !grew {
                break;
            }
            *layer = front;
            end = k;
            front_is_on = !front_is_on;
        }
        end
    }

    /// Whether a cycle through `src` on of at most `max_len` links can remove anything: what
    /// it removes sees an on and an off potential of its digit on the cycle. A potential `p`
    /// lies on such a cycle only if the links from `src` on to `p` plus those from `p` back
    /// to `src` on are at most `max_len`; by contraposition, the second are the links from
    /// `src` off to `p` negated. Two breadth-first searches give both.
    ///
    /// `scratch` is reused buffer space.
    pub(crate) fn cycle_may_remove(
        &self,
        (src, scope): (Candidate, &[Lits; 2]),
        links: Links,
        max_len: u32,
        scratch: &mut Vec<Lits>,
    ) -> bool {
        let len = max_len as usize;
        // from_on[k]: first reached at exactly k links from `src` on (on potentials at even k,
        // off ones at odd k); from_off[k]: first reached at exactly k links from `src` off (on
        // potentials at odd k, off ones at even k). Each search ends at its last layer.
        // Only layers written are read: no need to clear what an earlier call left.
        if scratch.len() < 2 * (len + 2) {
            scratch.resize(2 * (len + 2), [0; 9]);
        }
        let (from_on, from_off) = scratch.split_at_mut(len + 2);
        // A cycle stays in the component of `src` on; negated, in that of `src` off (whose
        // on potentials are the first's off ones, and the reverse).
        let [on, off] = scope;
        let on_end = self.layers((src, true), links, [on, off], &mut from_on[..=len]);
        let off_end = self.layers((src, false), links, [off, on], &mut from_off[..=len]);
        // `from_off` cumulative by parity: within k links. One layer past the last holds
        // the other parity's total.
        from_off[off_end + 1] = [0; 9];
        for k in 2..=off_end + 1 {
            let (done, rest) = from_off.split_at_mut(k);
            for (r, &p) in rest[0].iter_mut().zip(&done[k - 2]) {
                *r |= p;
            }
        }
        let within = |k: usize| {
            let last = off_end + 1;
            &from_off[if k <= last { k } else { last - (k - last) % 2 }]
        };
        // On potentials at even distance from `src` on (off ones at odd), and their negation
        // back, as far as the length allows, at the same parity (from `src` off, off
        // potentials lie at even distances and on ones at odd).
        let (mut on_cycle_on, mut on_cycle_off): (Lits, Lits) = ([0; 9], [0; 9]);
        for (k, layer) in from_on.iter().enumerate().take(on_end.min(len) + 1) {
            let mut back = len - k;
            if back % 2 != k % 2 {
                if back == 0 {
                    continue;
                }
                back -= 1;
            }
            let on_cycle = if k % 2 == 0 { &mut on_cycle_on } else { &mut on_cycle_off };
            for ((c, &a), &b) in on_cycle.iter_mut().zip(layer).zip(within(back)) {
                *c |= a & b;
            }
        }
        (0..9).any(|v| {
            on_cycle_on[v] != 0
                && on_cycle_off[v] != 0
                && seen_by(on_cycle_on[v]) & seen_by(on_cycle_off[v]) & self.digits[v] != 0
        })
    }
}

/// A breadth-first search over static links from a potential towards its negation, one
/// layer of potentials at a time, as the forcing chain search goes (all on potentials of a
/// layer, then all off ones): where it meets the negation, the forcing chain's length.
pub(crate) struct Negation {
    src: Candidate,
    on: bool,
    /// The off and the on potentials met, by candidate.
    seen: [Lits; 2],
    /// The last layer.
    front: Lits,
    front_is_on: bool,
    /// The last layer's distance from the source.
    depth: u32,
}

impl Negation {
    /// The source's candidate.
    pub(crate) fn src(&self) -> Candidate {
        self.src
    }

    /// The search from `src` on (or off).
    pub(crate) fn new(src: Candidate, on: bool) -> Negation {
        let (cell, d) = (src.cell().index(), src.digit().index());
        let mut search =
            Negation { src, on, seen: [[0; 9]; 2], front: [0; 9], front_is_on: on, depth: 0 };
        search.front[d] = 1 << cell;
        search.seen[usize::from(on)][d] = 1 << cell;
        search
    }

    /// Expands the next layer over `kind` links (X or XY, as forcing chains use): whether
    /// it holds the source's negation; `None` once nothing new is met.
    pub(crate) fn advance(&mut self, links: &StaticLinks, kind: Links) -> Option<bool> {
        debug_assert!(kind.x(), "forcing chains always use X links");
        let next = if self.front_is_on {
            links.offs_of(&self.front, kind)
        } else {
            links.ons_of(&self.front, kind)
        };
        self.front_is_on = !self.front_is_on;
        self.depth += 1;
        let seen = &mut self.seen[usize::from(self.front_is_on)];
        let mut grew = false;
        for ((f, &n), s) in self.front.iter_mut().zip(&next).zip(seen.iter_mut()) {
            *f = n & !*s;
            *s |= *f;
            grew |= *f != 0;
        }
        if !grew {
            return None;
        }
        let (cell, d) = (self.src.cell().index(), self.src.digit().index());
        Some(self.front_is_on != self.on && self.front[d] >> cell & 1 != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forcing_starts_are_the_candidates_whose_search_succeeds() {
        // Hard puzzles (ER 9 and up), from their givens: many chains, long and short.
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4",
            ".2..5......67..1..7....3..4..56.....3....7..8.1..2............7.....489.97....34.",
        ];
        let mut found = 0;
        for p in puzzles {
            let grid: sudoku_core::Grid = p.parse().expect("a puzzle");
            let g = CandidateGrid::new(&grid).expect("no clash");
            let links = StaticLinks::new(&g);
            for kind in [Links::X, Links::XY] {
                let [from_on, from_off] = links.implications(kind).forcing_starts();
                for cell in g.empty_cells() {
                    for d in g.candidates(cell) {
                        let cand = Candidate::new(cell, d);
                        for (on, set) in [(true, &from_on), (false, &from_off)] {
                            let search = links.negation_depth(cand, on, kind, |_| true).is_some();
                            let graph = set[d.index()] >> cell.index() & 1 != 0;
                            assert_eq!(graph, search, "{p} {cell} {d} on={on} {kind:?}");
                            found += usize::from(search);
                        }
                    }
                }
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn an_x_graph_over_some_digits_is_the_whole_x_graph_there() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".2..5......67..1..7....3..4..56.....3....7..8.1..2............7.....489.97....34.",
        ];
        let mut starts = 0;
        for p in puzzles {
            let grid: sudoku_core::Grid = p.parse().expect("a puzzle");
            let g = CandidateGrid::new(&grid).expect("no clash");
            let links = StaticLinks::new(&g);
            let whole = links.implications(Links::X);
            let (whole_starts, whole_scopes) = (whole.forcing_starts(), whole.cycle_scopes());
            for only in [0b1_1111_1111u16, 0b1, 0b1_0000_0000, 0b1_0101_0110] {
                let part = links.x_implications(only);
                let (part_starts, part_scopes) = (part.forcing_starts(), part.cycle_scopes());
                for d in 0..9 {
                    let kept = only >> d & 1 != 0;
                    for side in 0..2 {
                        let expected = if kept { whole_starts[side][d] } else { 0 };
                        assert_eq!(part_starts[side][d], expected, "{p} {only:b} digit {d}");
                        starts += expected.count_ones();
                    }
                    for cell in 0..81 {
                        let cand = cand_at(cell * 9 + d);
                        let expected = if kept { whole_scopes.of(cand) } else { None };
                        assert_eq!(part_scopes.of(cand), expected, "{p} {only:b} {cand:?}");
                    }
                }
            }
        }
        assert!(starts > 0);
    }

    #[test]
    fn forcing_chains_after_eliminations_pass_through_new_strong_links() {
        // Grids without a static hint (hard puzzles from their givens), then with candidates
        // crossed out as dynamic chains do: the bitset test says there is a forcing chain
        // exactly when the condensed graph has a start.
        let puzzles = [
            ".2....7..4...8...6..9....1.....659..5....8..3....43.5.3....4..5..1.......7.....2.",
            "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2.....3....5.....5...6..98.....5.",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ];
        let (mut with, mut without) = (0, 0);
        for p in puzzles {
            let grid: sudoku_core::Grid = p.parse().expect("a puzzle");
            // The marks where the solving path first needs more than static chains.
            let path = crate::LogicalSolver::default().solve(&grid).expect("unique");
            let mut before = CandidateGrid::new(&grid).expect("no clash");
            for step in path.steps.iter().take_while(|s| s.difficulty < 7.5) {
                crate::apply(&mut before, step);
            }
            let none = |g: &CandidateGrid| {
                let starts = StaticLinks::new(g).implications(Links::XY).forcing_starts();
                starts.iter().flatten().all(|&m| m == 0)
            };
            assert!(none(&before), "{p} has a static hint");
            let cands: Vec<(Cell, Digit)> = before
                .empty_cells()
                .iter()
                .flat_map(|c| before.candidates(c).iter().map(move |d| (c, d)))
                .collect();
            // Crossed out: every k-th candidate from an offset, a few at a time.
            for (k, offset) in [(7, 0), (11, 3), (13, 5), (17, 1), (23, 2), (29, 4), (31, 6)] {
                for take in 1..6 {
                    let mut after = before;
                    for &(c, d) in cands.iter().skip(offset).step_by(k).take(take) {
                        if after.candidates(c).len() > 1 {
                            after.eliminate(c, d);
                        }
                    }
                    let found = StaticLinks::new(&after).forcing_starts_after(&before);
                    let exact = StaticLinks::new(&after).implications(Links::XY).forcing_starts();
                    assert_eq!(found, exact, "{p} k={k} offset={offset} take={take}");
                    let found = found.iter().flatten().any(|&m| m != 0);
                    if found { with += 1 } else { without += 1 }
                }
            }
        }
        assert!(with > 0 && without > 0, "{with} with a chain, {without} without");
    }
}
