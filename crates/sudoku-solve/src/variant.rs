//! The exact search for any [`Rules`]: the one that [`Query`](crate::Query) runs when it is
//! given rules that are not classic (classic puzzles keep the band-bitboard search of
//! `exact.rs`, untouched).
//!
//! The state is one 81-bit cell mask per digit (where the digit may still go) and the mask of
//! placed cells: 160 bytes, copied on branching, no allocation in the search. Propagation, to
//! a fixed point:
//!
//! - **naked singles**: cells with one candidate, found for all cells at once by bit-sliced
//!   counting over the nine masks, are placed: their digit leaves the cell's peers (house
//!   mates, knight and king cells: [`Rules::peers`]);
//! - **hidden singles** on every house of the rules (rows, columns, boxes or regions,
//!   diagonals, windoku groups, disjoint groups), and a house with no place for a digit is a
//!   contradiction;
//! - **generalized intersections** when nothing else applies: a cell that sees (is a peer
//!   of) every place of a digit in a house cannot hold it (pointing and claiming on classic
//!   houses, and their like on every house and the knight's and king's moves);
//! - **non-consecutive**, arc-consistently: where a cell's candidates lie within
//!   `{d-1, d, d+1}`, no orthogonal neighbour can hold `d` (it would leave the cell nothing),
//!   computed per digit on the whole board with shifts of the masks.
//!
//! Hidden singles and intersections look only at the houses and digits whose places changed
//! since they last looked (kept by digit: a cell mask per digit; a child board starts with its
//! branch cell changed, the root with all).
//!
//! Branching is on the bivalue cell with the most open peers; else on a digit with two places
//! left in a house (there or not); else on a cell with the fewest candidates, digits in
//! increasing order. Search nodes (branching points) are counted against the query's budget,
//! as in the classic search.

use sudoku_core::Rules;

use crate::board::Board;
use crate::exact::Search;

/// The 81 cell bits.
const ALL: u128 = (1 << 81) - 1;

/// The cells of column A, and of column I.
const COL_A: u128 = {
    let mut m = 0;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (r * 9);
        r += 1;
    }
    m
};
const COL_I: u128 = COL_A << 8;

/// The most houses any rules have: 27, 2 diagonals, 9 windoku groups, 9 disjoint groups.
const MAX_HOUSES: usize = 47;

/// What the search reads of the rules, copied out once per query in the form it wants.
struct Geometry {
    peers: [u128; 81],
    houses: [u128; MAX_HOUSES],
    house_count: usize,
    /// By cell, the houses (bit `k`: `houses[k]`) that hold it.
    houses_of: [u64; 81],
    non_consecutive: bool,
}

impl Geometry {
    fn new(rules: &Rules) -> Geometry {
        let mut g = Geometry {
            peers: [0; 81],
            houses: [0; MAX_HOUSES],
            house_count: rules.houses().len().min(MAX_HOUSES),
            houses_of: [0; 81],
            non_consecutive: rules.has(sudoku_core::Rule::NonConsecutive),
        };
        for cell in sudoku_core::Cell::all() {
            g.peers[cell.index()] = rules.peers(cell).bits();
        }
        for (k, (slot, (_, cells))) in g.houses.iter_mut().zip(rules.houses()).enumerate() {
            *slot = cells.iter().fold(0, |m, c| m | 1 << c.index());
            for c in cells {
                g.houses_of[c.index()] |= 1 << k;
            }
        }
        g
    }

    /// The houses (bit `k`: `houses[k]`) that hold a cell of `cells`.
    #[inline(always)]
    fn houses_with(&self, cells: u128) -> u64 {
        let (mut rest, mut hs) = (cells & ALL, 0);
        while rest != 0 {
            hs |= self.houses_of[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        hs
    }
}

/// The cells orthogonally next to some cell of `s`.
#[inline(always)]
fn neighbours(s: u128) -> u128 {
    (((s & !COL_I) << 1) | ((s & !COL_A) >> 1) | (s << 9) | (s >> 9)) & ALL
}

/// One board of the search: where each digit may go, and which cells are placed.
#[derive(Clone, Copy)]
struct State {
    cand: [u128; 9],
    placed: u128,
}

impl State {
    /// Places every naked single, applies hidden singles and non-consecutive, until nothing
    /// changes; false on a contradiction. `touched`: the cells whose candidates changed since
    /// the board was last propagated to the end (every cell for a new board): the houses
    /// without one of them have nothing new for hidden singles or intersections.
    #[inline]
    fn propagate(&mut self, g: &Geometry, touched: u128) -> bool {
        // By digit, the cells where it changed since the last hidden-singles pass, and since
        // the last intersections: a house and digit whose places did not change has nothing
        // new for either.
        let (mut dirty, mut dirty_i) = ([touched; 9], [touched; 9]);
        loop {
            let (mut ones, mut twos) = (0u128, 0u128);
            for &m in &self.cand {
                twos |= ones & m;
                ones |= m;
            }
            if ones != ALL {
                return false;
            }
            let singles = ones & !twos & !self.placed;
            if singles != 0 {
                self.placed |= singles;
                for d in 0..9 {
                    let placed = singles & self.cand[d];
                    if placed == 0 {
                        continue;
                    }
                    let mut rest = placed;
                    let mut seen = 0;
                    while rest != 0 {
                        let c = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        seen |= g.peers[c];
                    }
                    let hit = self.cand[d] & seen;
                    self.cand[d] &= !seen;
                    dirty[d] |= hit | placed;
                    dirty_i[d] |= hit | placed;
                    if g.non_consecutive {
                        // The digits next to d leave the placed cells' neighbours.
                        let near = neighbours(placed);
                        for e in [d.wrapping_sub(1), d + 1] {
                            if e < 9 {
                                let hit = self.cand[e] & near;
                                self.cand[e] &= !near;
                                dirty[e] |= hit;
                                dirty_i[e] |= hit;
                            }
                        }
                    }
                }
                continue;
            }
            if self.placed == ALL {
                return true;
            }
            let mut changed = false;
            let open = !self.placed;
            let fresh = std::mem::take(&mut dirty);
            for (d, &f) in fresh.iter().enumerate() {
                let mut hs = g.houses_with(f);
                while hs != 0 {
                    let h = g.houses[hs.trailing_zeros() as usize];
                    hs &= hs - 1;
                    if h & open == 0 {
                        continue;
                    }
                    let x = self.cand[d] & h;
                    if x == 0 {
                        return false;
                    }
                    if x & (x - 1) == 0 && x & open != 0 {
                        for (e, m) in self.cand.iter_mut().enumerate() {
                            if e != d && *m & x != 0 {
                                *m &= !x;
                                dirty[e] |= x;
                                dirty_i[e] |= x;
                            }
                        }
                        changed = true;
                    }
                }
            }
            if g.non_consecutive {
                let hit = self.non_consecutive();
                for d in 0..9 {
                    dirty[d] |= hit[d];
                    dirty_i[d] |= hit[d];
                    changed |= hit[d] != 0;
                }
            }
            if !changed {
                let hit = self.intersections(g, std::mem::take(&mut dirty_i));
                for d in 0..9 {
                    dirty[d] |= hit[d];
                    dirty_i[d] |= hit[d];
                    changed |= hit[d] != 0;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Generalized intersections (locked candidates on any rules): when every place of a
    /// digit in a house sees a cell (is its peer), that cell cannot hold the digit. On rows,
    /// columns and boxes this is pointing and claiming; it covers the diagonals, windows,
    /// groups and jigsaw regions, and the knight's and king's peers too. Only the houses with
    /// a digit's place changed in `fresh` (by digit, since the last look) are looked at; the
    /// cells that lost a candidate are returned, by digit.
    #[inline]
    fn intersections(&mut self, g: &Geometry, fresh: [u128; 9]) -> [u128; 9] {
        let mut changed = [0; 9];
        let open = !self.placed;
        for (d, m) in self.cand.iter_mut().enumerate() {
            let mut hs = g.houses_with(fresh[d]);
            while hs != 0 {
                let h = g.houses[hs.trailing_zeros() as usize];
                hs &= hs - 1;
                if h & open == 0 {
                    continue;
                }
                let x = *m & h;
                if x & open != x || x & x.wrapping_sub(1) == 0 {
                    // Placed (its peers have lost it), single or none (which the hidden-singles
                    // pass reports): nothing more to see.
                    continue;
                }
                // The digit's places outside the house that every place inside sees (inside,
                // the places see each other, and the other cells lack the digit).
                let mut rest = x;
                let mut seen = *m & !h;
                while rest != 0 && seen != 0 {
                    seen &= g.peers[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                let out = seen;
                if out != 0 {
                    *m &= !out;
                    changed[d] |= out;
                }
            }
        }
        changed
    }

    /// Removes `d` from the neighbours of the cells whose candidates lie within
    /// `{d-1, d, d+1}`; the cells that lost a candidate, by digit.
    #[inline]
    fn non_consecutive(&mut self) -> [u128; 9] {
        // below[k]: cells with a candidate among digits 0..k; above[k]: among k..9.
        let mut below = [0u128; 10];
        let mut above = [0u128; 10];
        for d in 0..9 {
            below[d + 1] = below[d] | self.cand[d];
            above[8 - d] = above[9 - d] | self.cand[8 - d];
        }
        let mut changed = [0; 9];
        for d in 0..9usize {
            let outside = below[d.saturating_sub(1)] | above[(d + 2).min(9)];
            let tight = ALL & !outside;
            let out = neighbours(tight) & self.cand[d];
            self.cand[d] &= !out;
            changed[d] = out;
        }
        changed
    }

    /// What to branch on: the unplaced cell with two candidates and the most open peers; else,
    /// when a digit has two places left in a house, the first of them and that digit (two
    /// branches: the digit there, or not); else a cell with the fewest candidates.
    fn branch(&self, g: &Geometry) -> (usize, Option<usize>) {
        let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
        for &m in &self.cand {
            threes |= twos & m;
            twos |= ones & m;
            ones |= m;
        }
        let open = !self.placed & ALL;
        let pairs = twos & !threes & open;
        if pairs != 0 {
            // The bivalue cell with the most open peers: its guess reaches the furthest.
            let (mut best, mut score) = (pairs.trailing_zeros() as usize, 0);
            let mut rest = pairs;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let n = (g.peers[c] & open).count_ones();
                if n > score {
                    (best, score) = (c, n);
                }
            }
            return (best, None);
        }
        for &h in &g.houses[..g.house_count] {
            if h & open == 0 {
                continue;
            }
            for (d, &m) in self.cand.iter().enumerate() {
                let x = m & h & open;
                if x.count_ones() == 2 {
                    return (x.trailing_zeros() as usize, Some(d));
                }
            }
        }
        let mut best = (10, 0);
        let mut rest = open;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = self.cand.iter().filter(|&&m| m >> c & 1 != 0).count();
            if n < best.0 {
                best = (n, c);
                if n == 3 {
                    break;
                }
            }
        }
        (best.1, None)
    }

    /// The solved board as the classic search's board, so that [`Search`] holds it as it
    /// holds the classic solutions.
    fn board(&self) -> Board {
        let mut cells = [0u16; 81];
        for (d, &m) in self.cand.iter().enumerate() {
            let mut x = m;
            while x != 0 {
                cells[x.trailing_zeros() as usize] |= 1 << d;
                x &= x - 1;
            }
        }
        Board::from_candidates(&cells)
    }
}

/// Searches below a propagated state.
fn run(search: &mut Search, g: &Geometry, state: &mut State) {
    if state.placed == ALL {
        if search.found < 2 {
            search.first[search.found as usize] = Some(state.board());
        }
        search.found += 1;
        return;
    }
    if search.nodes >= search.budget {
        search.out_of_budget = true;
        return;
    }
    search.nodes += 1;
    let (c, only) = state.branch(g);
    let bit = 1u128 << c;
    let mut digits: u16 = match only {
        Some(d) => 1 << d,
        None => (0..9).filter(|&d| state.cand[d] & bit != 0).fold(0, |m, d| m | 1 << d),
    };
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if digits == 0 && only.is_none() {
            // Last candidate: continue in place rather than copy (the others are crossed out).
            if state.propagate(g, bit) {
                run(search, g, state);
            }
            return;
        }
        let mut child = *state;
        for (e, m) in child.cand.iter_mut().enumerate() {
            if e != d {
                *m &= !bit;
            }
        }
        if child.propagate(g, bit) {
            run(search, g, &mut child);
            if search.found >= search.limit || search.out_of_budget {
                return;
            }
        }
        state.cand[d] &= !bit;
    }
    if only.is_some() {
        // The other branch of a digit with two places: not in this cell (so in the other).
        if state.propagate(g, bit) {
            run(search, g, state);
        }
    }
}

/// Runs `search` on the candidates of each cell (nine bits; a given has its digit alone)
/// under `rules`.
pub(crate) fn start(search: &mut Search, cells: &[u16; 81], rules: &Rules) {
    if search.limit == 0 {
        return;
    }
    let g = Geometry::new(rules);
    let mut state = State { cand: [0; 9], placed: 0 };
    for (i, &set) in cells.iter().enumerate() {
        for (d, m) in state.cand.iter_mut().enumerate() {
            if set & (1 << d) != 0 {
                *m |= 1 << i;
            }
        }
    }
    if state.propagate(&g, ALL) {
        run(search, &g, &mut state);
    }
}
