//! HoDoKu's tables for forcing nets: every premise is played on a copy of the grid, and then
//! four rounds of the singles it creates (naked singles, then hidden singles, in the order of
//! HoDoKu's singles queues) are played too. Every candidate set or removed is recorded with
//! the entries that caused it (for a single: the candidates removed before it, from the
//! original grid), so that the nets can be printed. The grid copy follows HoDoKu's events
//! exactly (its queues decide the order of the singles), also in the contradictory states a
//! false premise leads to (HoDoKu 2.2.4's behaviour, from its documented facts; our own code).

use super::grid::{CELL_UNITS, Grid, UNIT_BITS, cells, digits, peers};
use super::nodes::{GROUP_BASE, group_nodes, node};
use super::tabling::{CAP, Entry, Tables, TmpSet, Writer, ret_indices};

/// Rounds of singles played after a premise (`anzTableLookAhead`).
const LOOK_AHEAD: usize = 4;

/// HoDoKu's grid while a premise is played: values, candidates, counts and singles queues.
#[derive(Clone, Debug)]
struct Play {
    values: [u8; 81],
    cands: [u16; 81],
    places: [u128; 10],
    free: [[u8; 10]; 27],
    naked: Vec<(u8, u8)>,
    hidden: Vec<(u8, u8)>,
}

impl Play {
    fn from(g: &Grid) -> Play {
        let mut free = [[0u8; 10]; 27];
        for (u, f) in free.iter_mut().enumerate() {
            for d in 1..=9u8 {
                f[usize::from(d)] = g.free(u as u8, d);
            }
        }
        Play {
            values: g.values,
            cands: g.cands,
            places: g.places,
            free,
            naked: g.naked_queue().collect(),
            hidden: g.hidden_queue().collect(),
        }
    }

    fn copy_from(&mut self, o: &Play) {
        self.values = o.values;
        self.cands = o.cands;
        self.places = o.places;
        self.free = o.free;
        self.naked.clear();
        self.naked.extend_from_slice(&o.naked);
        self.hidden.clear();
        self.hidden.extend_from_slice(&o.hidden);
    }

    fn add_hidden(&mut self, unit: u8, d: u8) {
        let here = UNIT_BITS[usize::from(unit)] & self.places[usize::from(d)];
        if here != 0 {
            self.hidden.push((here.trailing_zeros() as u8, d));
        }
    }

    /// HoDoKu's `setCandidate(cell, d, false)`.
    fn del(&mut self, cell: u8, d: u8) {
        let i = usize::from(cell);
        let bit = 1u16 << (d - 1);
        if self.cands[i] & bit == 0 {
            return;
        }
        self.cands[i] &= !bit;
        self.places[usize::from(d)] &= !(1u128 << cell);
        if self.cands[i] == 0 {
            return;
        }
        if self.cands[i].count_ones() == 1 {
            self.naked.push((cell, self.cands[i].trailing_zeros() as u8 + 1));
        }
        for unit in CELL_UNITS[i] {
            let n = &mut self.free[usize::from(unit)][usize::from(d)];
            *n = n.saturating_sub(1);
            match *n {
                1 => self.add_hidden(unit, d),
                0 => {
                    let bits = UNIT_BITS[usize::from(unit)];
                    if let Some(k) =
                        self.hidden.iter().position(|&(c, e)| e == d && bits >> c & 1 != 0)
                    {
                        self.hidden.remove(k);
                    }
                }
                _ => {}
            }
        }
    }

    /// HoDoKu's `setCell(cell, v)` (also over a cell already set: the digit is replaced).
    fn set(&mut self, cell: u8, v: u8) {
        let i = usize::from(cell);
        if self.values[i] == v {
            return;
        }
        self.values[i] = v;
        let old = self.cands[i];
        self.cands[i] = 0;
        for k in digits(old) {
            self.places[usize::from(k)] &= !(1u128 << cell);
        }
        for b in cells(peers(cell) & self.places[usize::from(v)]) {
            self.del(b, v);
        }
        for k in digits(old) {
            for unit in CELL_UNITS[i] {
                let n = &mut self.free[usize::from(unit)][usize::from(k)];
                *n = n.saturating_sub(1);
                if *n == 1 && k != v {
                    self.add_hidden(unit, k);
                }
            }
        }
    }
}

/// One table being recorded: its entries, and which nodes it holds (normal nodes once).
#[derive(Debug)]
struct Record {
    list: Vec<Entry>,
    pos: Vec<u16>,
    stamp: Vec<u32>,
    epoch: u32,
}

impl Record {
    fn new() -> Record {
        Record {
            list: Vec::with_capacity(CAP),
            pos: vec![0; usize::from(GROUP_BASE)],
            stamp: vec![0; usize::from(GROUP_BASE)],
            epoch: 0,
        }
    }

    fn reset(&mut self) {
        self.list.clear();
        self.epoch += 1;
    }

    /// The position of node `n`, 0 when absent (HoDoKu's `getEntryIndex`).
    fn position(&self, n: u16) -> u16 {
        if self.stamp[usize::from(n)] == self.epoch { self.pos[usize::from(n)] } else { 0 }
    }

    /// HoDoKu's `addEntry`: a normal node once, nothing beyond the capacity; the distance is
    /// one more than the first predecessor's.
    fn add(&mut self, n: u16, ret: [u16; 5]) {
        if self.list.len() >= CAP || self.stamp[usize::from(n)] == self.epoch {
            return;
        }
        let first = usize::from(ret[0]);
        let dist = if first < self.list.len() { (self.list[first].dist + 1) & 0x1ff } else { 1 };
        self.stamp[usize::from(n)] = self.epoch;
        self.pos[usize::from(n)] = self.list.len() as u16;
        self.list.push(Entry { node: n, dist, ret: ret_indices(ret) });
    }
}

/// Plays the premise's consequences and records them (HoDoKu's `getTableEntry`).
struct Player<'a> {
    orig: &'a Grid,
    play: Play,
    rec: Record,
    tmp: TmpSet,
    found: [bool; 81],
    singles: Vec<(u8, u8, bool)>,
}

impl Player<'_> {
    /// Sets `v` in `cell` and records it (HoDoKu's `TablingSolver.setCell`); `single`: the
    /// placement is a single of the look-ahead (`Some(naked)`), with its predecessors.
    fn set(&mut self, cell: u8, v: u8, single: Option<bool>) {
        let i = usize::from(cell);
        let seen = self.orig.places[usize::from(v)] & !(1u128 << cell) & peers(cell);
        self.tmp.set(seen);
        let before = self.play.cands[i];
        let units = CELL_UNITS[i];
        let mut house = units[0];
        let mut least = self.play.free[usize::from(units[0])][usize::from(v)];
        for &u in &units[1..] {
            let n = self.play.free[usize::from(u)][usize::from(v)];
            if n < least {
                least = n;
                house = u;
            }
        }
        self.play.set(cell, v);
        let at = self.rec.list.len() as u16;
        let mut ret = [0u16; 5];
        if let Some(naked) = single {
            let mut k = 0;
            if naked {
                for c in digits(self.orig.cands[i]).filter(|&c| c != v) {
                    if k < 5 {
                        ret[k] = self.rec.position(node(cell, c, false));
                        k += 1;
                    }
                }
            } else {
                let others = self.orig.places[usize::from(v)]
                    & !(1u128 << cell)
                    & UNIT_BITS[usize::from(house)];
                for c in cells(others) {
                    if k < 5 {
                        ret[k] = self.rec.position(node(c, v, false));
                        k += 1;
                    }
                }
            }
        }
        self.rec.add(node(cell, v, true), ret);
        for c in cells(seen) {
            self.rec.add(node(c, v, false), [at, 0, 0, 0, 0]);
        }
        self.tmp.size();
        for c in digits(before).filter(|&c| c != v) {
            self.rec.add(node(cell, c, false), [at, 0, 0, 0, 0]);
        }
    }

    /// The premise (`on`: `d` set in `cell`, else removed), then the look-ahead.
    fn premise(&mut self, cell: u8, d: u8, on: bool) {
        self.rec.reset();
        if on {
            self.set(cell, d, None);
        } else {
            self.play.del(cell, d);
            self.rec.add(node(cell, d, false), [0; 5]);
            let left = self.play.cands[usize::from(cell)];
            if left.count_ones() == 1 {
                self.set(cell, left.trailing_zeros() as u8 + 1, None);
            }
        }
        for _ in 0..LOOK_AHEAD {
            self.singles.clear();
            for &(c, v) in &self.play.naked {
                if self.play.values[usize::from(c)] == 0 {
                    self.singles.push((c, v, true));
                }
            }
            self.found = [false; 81];
            for &(c, v) in &self.play.hidden {
                let i = usize::from(c);
                if self.play.values[i] == 0
                    && !self.found[i]
                    && CELL_UNITS[i]
                        .iter()
                        .any(|&u| self.play.free[usize::from(u)][usize::from(v)] == 1)
                {
                    self.singles.push((c, v, false));
                    self.found[i] = true;
                }
            }
            let singles = std::mem::take(&mut self.singles);
            for &(c, v, naked) in &singles {
                self.set(c, v, Some(naked));
            }
            self.singles = singles;
        }
    }
}

/// The net tables of every premise, with group nodes.
#[inline(never)]
pub(crate) fn tables(g: &Grid) -> Tables {
    let mut w = Writer::new(g, group_nodes(g), true);
    let saved = Play::from(g);
    let mut p = Player {
        orig: g,
        play: saved.clone(),
        rec: Record::new(),
        tmp: TmpSet::default(),
        found: [false; 81],
        singles: Vec::new(),
    };
    for cell in 0..81u8 {
        if g.values[usize::from(cell)] != 0 {
            continue;
        }
        for d in digits(g.cands[usize::from(cell)]) {
            for on in [true, false] {
                p.play.copy_from(&saved);
                p.premise(cell, d, on);
                w.put(node(cell, d, on), &p.rec.list);
            }
        }
    }
    w.finish(g, p.tmp)
}
