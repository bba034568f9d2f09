//! HoDoKu's forcing chain and net checks on what every table implies, in HoDoKu's order:
//! one table (its premise leads to a contradiction), the two tables of one candidate (set and
//! removed lead to the same outcome), the tables of a cell's candidates or of a digit's places
//! in a house (all lead to the same outcome). An outcome's rank is its place in HoDoKu's sort
//! (placements by cell, then eliminations by cell and digit); the solver asks for the lowest
//! rank first and builds only its events (HoDoKu 2.2.4's behaviour, from its documented
//! facts; our own code).

use super::grid::{Grid, UNIT_BITS, cells, digits, peers};
use super::nodes::node;
use super::tabling::TmpSet;

/// What one table implies: per digit the cells set and the cells cleared.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sets {
    pub(crate) on: [u128; 10],
    pub(crate) off: [u128; 10],
}

/// A house or a cell named in a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entity {
    Cell(u8),
    Unit(u8),
}

/// One outcome of a check, before its chains are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Event {
    pub(crate) verity: bool,
    pub(crate) place: bool,
    pub(crate) cell: u8,
    pub(crate) digit: u8,
    pub(crate) entity: Entity,
    pub(crate) chains: (u32, u16),
}

/// The events of a search, with the chains they need (premise, end node).
#[derive(Debug, Default)]
pub(crate) struct Events {
    pub(crate) list: Vec<Event>,
    pub(crate) ends: Vec<(u16, u16)>,
}

impl Events {
    fn push(&mut self, verity: bool, result: (bool, u8, u8), entity: Entity, ends: &[(u16, u16)]) {
        let start = self.ends.len() as u32;
        self.ends.extend_from_slice(ends);
        self.list.push(Event {
            verity,
            place: result.0,
            cell: result.1,
            digit: result.2,
            entity,
            chains: (start, ends.len() as u16),
        });
    }
}

/// An outcome's place in HoDoKu's sort: placements by cell, then eliminations by cell and
/// digit.
pub(crate) type Rank = (u8, u16);

pub(crate) fn rank(place: bool, cell: u8, d: u8) -> Rank {
    if place { (0, u16::from(cell)) } else { (1, u16::from(cell) * 10 + u16::from(d)) }
}

/// The houses (bits 0-26: rows, columns, boxes) holding a cell of `set`.
fn houses(set: u128) -> u32 {
    let mut rows = 0u32;
    let mut cols = 0u32;
    let mut boxes = 0u32;
    for r in 0..9 {
        let chunk = (set >> (9 * r)) as u32 & 0x1ff;
        if chunk != 0 {
            rows |= 1 << r;
            cols |= chunk;
            boxes |= (u32::from(chunk & 0o7 != 0)
                | u32::from(chunk & 0o70 != 0) << 1
                | u32::from(chunk & 0o700 != 0) << 2)
                << (r / 3 * 3);
        }
    }
    rows | cols << 9 | boxes << 18
}

/// Whether two cells of `set` share a house.
fn twice_in_house(set: u128) -> bool {
    set.count_ones() >= 2 && UNIT_BITS.iter().any(|&u| (u & set).count_ones() >= 2)
}

/// The lowest rank seen above a floor.
#[derive(Debug)]
struct Best {
    floor: Option<Rank>,
    best: Option<Rank>,
}

impl Best {
    fn better(&self, r: Rank) -> bool {
        self.floor.is_none_or(|f| r > f) && self.best.is_none_or(|b| r < b)
    }

    fn offer(&mut self, r: Rank) {
        if self.better(r) {
            self.best = Some(r);
        }
    }

    /// Placements of `d` in `on`, eliminations of `d` in `off`.
    fn outcomes(&mut self, d: u8, on: u128, off: u128) {
        for c in cells(on) {
            self.offer(rank(true, c, d));
        }
        for c in cells(off) {
            self.offer(rank(false, c, d));
        }
    }
}

/// The houses of one kind (rows 0, columns 9, boxes 18) as entity units.
const KINDS: [u8; 3] = [0, 9, 18];

/// The checks' view of a search: the grid, the tables' implications, and what HoDoKu's
/// checks read from the grid.
#[derive(Debug)]
pub(crate) struct Checks<'a> {
    g: &'a Grid,
    sets: &'a [Sets],
    slot: &'a [u16],
    /// The candidates in HoDoKu's table order.
    premises: Vec<(u8, u8)>,
    placed: u128,
    /// Per digit, the unsolved cells seeing no placed copy (HoDoKu's "allowed" cells).
    allowed: [u128; 10],
    allowed_houses: [u32; 10],
    /// HoDoKu's scratch set after filling the tables.
    fill_tmp: TmpSet,
}

impl<'a> Checks<'a> {
    pub(crate) fn new(
        g: &'a Grid,
        sets: &'a [Sets],
        slot: &'a [u16],
        fill_tmp: TmpSet,
    ) -> Checks<'a> {
        let placed = !g.unsolved_bits() & ((1u128 << 81) - 1);
        let mut allowed = [0u128; 10];
        let mut allowed_houses = [0u32; 10];
        for d in 1..=9u8 {
            let seen = cells(placed)
                .filter(|&c| g.value(usize::from(c)) == d)
                .fold(0u128, |m, c| m | peers(c));
            allowed[usize::from(d)] = g.unsolved_bits() & !seen;
            allowed_houses[usize::from(d)] = houses(allowed[usize::from(d)]);
        }
        let premises = (0..81u8)
            .filter(|&c| g.value(usize::from(c)) == 0)
            .flat_map(|c| digits(g.cands(usize::from(c))).map(move |d| (c, d)))
            .collect();
        Checks { g, sets, slot, premises, placed, allowed, allowed_houses, fill_tmp }
    }

    fn sets_of(&self, n: u16) -> Option<&'a Sets> {
        let s = self.slot[usize::from(n)];
        (s != u16::MAX).then(|| &self.sets[usize::from(s)])
    }

    /// The cells left without a candidate (every candidate removed, none set).
    fn emptied(&self, x: &Sets) -> u128 {
        let mut empty = (1u128 << 81) - 1;
        for d in 1..=9 {
            empty &= x.off[d] | !self.g.places(d);
        }
        for d in 0..10 {
            empty &= !x.on[d];
        }
        empty & !self.placed
    }

    /// The houses whose allowed cells for `d` are all removed.
    fn cleared_houses(&self, x: &Sets, d: u8) -> u32 {
        let d = usize::from(d);
        self.allowed_houses[d] & !houses(self.allowed[d] & !x.off[d])
    }

    /// Whether the table of `premise` shows any contradiction.
    fn contradiction(&self, s: u8, a: u8, on: bool, x: &Sets) -> bool {
        let back = if on { x.off[usize::from(a)] } else { x.on[usize::from(a)] };
        if back >> s & 1 != 0 {
            return true;
        }
        let (mut seen, mut twice) = (0u128, 0u128);
        for d in 1..=9 {
            if x.on[d] & x.off[d] != 0 {
                return true;
            }
            twice |= seen & x.on[d];
            seen |= x.on[d];
        }
        if twice != 0 || (1..=9).any(|d| twice_in_house(x.on[d])) || self.emptied(x) != 0 {
            return true;
        }
        (1..=9u8).any(|d| self.cleared_houses(x, d) != 0)
    }

    /// The lowest rank above `floor` of any outcome.
    pub(crate) fn min_rank(&self, floor: Option<Rank>) -> Option<Rank> {
        let mut best = Best { floor, best: None };
        for &(s, a) in &self.premises {
            for on in [true, false] {
                let r = rank(!on, s, a);
                if !best.better(r) {
                    continue;
                }
                if let Some(x) = self.sets_of(node(s, a, on))
                    && self.contradiction(s, a, on, x)
                {
                    best.offer(r);
                }
            }
        }
        for &(s, a) in &self.premises {
            let (Some(on), Some(off)) =
                (self.sets_of(node(s, a, true)), self.sets_of(node(s, a, false)))
            else {
                continue;
            };
            for d in 1..=9 {
                best.outcomes(
                    d as u8,
                    on.on[d] & off.on[d] & !(1u128 << s),
                    on.off[d] & off.off[d] & !(1u128 << s),
                );
            }
        }
        self.for_each_list(&mut |list| {
            let acc = self.and_all(list);
            for d in 1..=9 {
                best.outcomes(d as u8, acc.on[d], acc.off[d]);
            }
        });
        best.best
    }

    /// Calls `f` with the tables of every cell's candidates, then of every digit's places in
    /// rows, columns and boxes (HoDoKu's order).
    fn for_each_list(&self, f: &mut dyn FnMut(&[u16])) {
        let mut list: Vec<u16> = Vec::with_capacity(9);
        for c in 0..81u8 {
            if self.g.value(usize::from(c)) != 0 {
                continue;
            }
            list.clear();
            list.extend(digits(self.g.cands(usize::from(c))).map(|d| node(c, d, true)));
            f(&list);
        }
        for kind in KINDS {
            for h in 0..9u8 {
                for d in 1..=9u8 {
                    let here = UNIT_BITS[usize::from(kind + h)] & self.g.places(usize::from(d));
                    if here != 0 {
                        list.clear();
                        list.extend(cells(here).map(|c| node(c, d, true)));
                        f(&list);
                    }
                }
            }
        }
    }

    fn and_all(&self, list: &[u16]) -> Sets {
        let mut acc = Sets::default();
        let mut first = true;
        for &p in list {
            let Some(x) = self.sets_of(p) else { continue };
            for d in 1..10 {
                if first {
                    acc.on[d] = x.on[d];
                    acc.off[d] = x.off[d];
                } else {
                    acc.on[d] &= x.on[d];
                    acc.off[d] &= x.off[d];
                }
            }
            first = false;
        }
        acc
    }

    /// HoDoKu's stale entity of a one-chain contradiction of table `k` (the `k`-th table of
    /// HoDoKu's order: the set and the removed table of each candidate).
    fn stale(&self, k: usize) -> u8 {
        let c9 = UNIT_BITS[26] & self.allowed[9];
        if k > 0 && c9 != 0 {
            return c9.trailing_zeros() as u8;
        }
        for j in (0..k).rev() {
            let (s, a) = self.premises[j / 2];
            if let Some(x) = self.sets_of(node(s, a, j % 2 == 0))
                && let Some(c) = self.last_read(x)
            {
                return c;
            }
        }
        let mut fill = self.fill_tmp;
        if k == 0 { fill.get0() } else { fill.stale() }
    }

    /// The cell HoDoKu's scratch set last read in the one-chain checks of a table, if any.
    fn last_read(&self, x: &Sets) -> Option<u8> {
        for kind in KINDS.iter().rev() {
            for d in (1..=9u8).rev() {
                let cleared = self.cleared_houses(x, d) >> kind & 0x1ff;
                if cleared != 0 {
                    let h = 31 - cleared.leading_zeros();
                    let left =
                        UNIT_BITS[usize::from(*kind) + h as usize] & self.allowed[usize::from(d)];
                    return Some(left.trailing_zeros() as u8);
                }
            }
        }
        let empty = self.emptied(x);
        if empty != 0 {
            return Some(empty.trailing_zeros() as u8);
        }
        let d = (1..=9).rev().find(|&d| x.on[d] != 0)?;
        let b = (18..27).rev().find(|&u| UNIT_BITS[u] & x.on[d] != 0)?;
        Some((UNIT_BITS[b] & x.on[d]).trailing_zeros() as u8)
    }

    /// The events with rank `want` (all events if `None`), in HoDoKu's order.
    pub(crate) fn events(&self, want: Option<Rank>) -> Events {
        let mut ev = Events::default();
        let wanted = |place: bool, c: u8, d: u8| want.is_none_or(|w| w == rank(place, c, d));
        let mut ends: Vec<(u16, u16)> = Vec::with_capacity(16);
        for (k, &(s, a)) in self.premises.iter().enumerate() {
            for on in [true, false] {
                let p = node(s, a, on);
                let Some(x) = self.sets_of(p) else { continue };
                if !wanted(!on, s, a) {
                    continue;
                }
                let result = (!on, s, a);
                let back = if on { x.off[usize::from(a)] } else { x.on[usize::from(a)] };
                if back >> s & 1 != 0 {
                    let e = self.stale(2 * k + usize::from(!on));
                    ev.push(false, result, Entity::Cell(e), &[(p, node(s, a, !on))]);
                }
                for d in 1..10u8 {
                    let both = x.on[usize::from(d)] & x.off[usize::from(d)];
                    if both != 0 {
                        let c = both.trailing_zeros() as u8;
                        ends.clear();
                        ends.extend([(p, node(c, d, false)), (p, node(c, d, true))]);
                        ev.push(false, result, Entity::Cell(c), &ends);
                    }
                }
                for i in 1..10u8 {
                    for j in i + 1..10 {
                        let both = x.on[usize::from(i)] & x.on[usize::from(j)];
                        if both != 0 {
                            let c = both.trailing_zeros() as u8;
                            ends.clear();
                            ends.extend([(p, node(c, i, true)), (p, node(c, j, true))]);
                            ev.push(false, result, Entity::Cell(c), &ends);
                        }
                    }
                }
                for kind in KINDS {
                    for d in 1..=9u8 {
                        if x.on[usize::from(d)].count_ones() < 2 {
                            continue;
                        }
                        for h in 0..9u8 {
                            let u = kind + h;
                            let twice = UNIT_BITS[usize::from(u)] & x.on[usize::from(d)];
                            if twice.count_ones() > 1 {
                                ends.clear();
                                ends.extend(cells(twice).map(|c| (p, node(c, d, true))));
                                ev.push(false, result, Entity::Unit(u), &ends);
                            }
                        }
                    }
                }
                for c in cells(self.emptied(x)) {
                    ends.clear();
                    ends.extend(
                        digits(self.g.cands(usize::from(c))).map(|d| (p, node(c, d, false))),
                    );
                    ev.push(false, result, Entity::Cell(c), &ends);
                }
                for kind in KINDS {
                    for d in 1..=9u8 {
                        let cleared = self.cleared_houses(x, d) >> kind & 0x1ff;
                        for h in 0..9u8 {
                            if cleared >> h & 1 == 0 {
                                continue;
                            }
                            let u = kind + h;
                            let left = UNIT_BITS[usize::from(u)] & self.allowed[usize::from(d)];
                            ends.clear();
                            ends.extend(cells(left).map(|c| (p, node(c, d, false))));
                            ev.push(false, result, Entity::Unit(u), &ends);
                        }
                    }
                }
            }
        }
        for &(s, a) in &self.premises {
            let (pon, poff) = (node(s, a, true), node(s, a, false));
            let (Some(on), Some(off)) = (self.sets_of(pon), self.sets_of(poff)) else { continue };
            for set in [true, false] {
                for d in 1..=9u8 {
                    let pick =
                        |x: &Sets| if set { x.on[usize::from(d)] } else { x.off[usize::from(d)] };
                    let both = pick(on) & pick(off) & !(1u128 << s);
                    for c in cells(both).filter(|&c| wanted(set, c, d)) {
                        let end = node(c, d, set);
                        ev.push(true, (set, c, d), Entity::Cell(c), &[(pon, end), (poff, end)]);
                    }
                }
            }
        }
        self.for_each_list(&mut |list| {
            let acc = self.and_all(list);
            for d in 1..=9u8 {
                for (set, found) in
                    [(true, acc.on[usize::from(d)]), (false, acc.off[usize::from(d)])]
                {
                    for c in cells(found).filter(|&c| wanted(set, c, d)) {
                        ends.clear();
                        ends.extend(list.iter().map(|&p| (p, node(c, d, set))));
                        ev.push(true, (set, c, d), Entity::Cell(c), &ends);
                    }
                }
            }
        });
        ev
    }
}
