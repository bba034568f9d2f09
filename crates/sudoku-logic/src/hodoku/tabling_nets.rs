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
    play: Grid,
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
        let seen = self.orig.places(usize::from(v)) & !(1u128 << cell) & peers(cell);
        self.tmp.set(seen);
        let before = self.play.cands(i);
        let units = CELL_UNITS[i];
        let mut house = units[0];
        let mut least = self.play.free(units[0], v);
        for &u in &units[1..] {
            let n = self.play.free(u, v);
            if n < least {
                least = n;
                house = u;
            }
        }
        self.play.set_cell(cell, v);
        let at = self.rec.list.len() as u16;
        let mut ret = [0u16; 5];
        if let Some(naked) = single {
            let mut k = 0;
            if naked {
                for c in digits(self.orig.cands(i)).filter(|&c| c != v) {
                    if k < 5 {
                        ret[k] = self.rec.position(node(cell, c, false));
                        k += 1;
                    }
                }
            } else {
                let others = self.orig.places(usize::from(v))
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
            self.play.del_candidate(cell, d);
            self.rec.add(node(cell, d, false), [0; 5]);
            let left = self.play.cands(usize::from(cell));
            if left.count_ones() == 1 {
                self.set(cell, left.trailing_zeros() as u8 + 1, None);
            }
        }
        for _ in 0..LOOK_AHEAD {
            self.singles.clear();
            for (c, v) in self.play.naked_queue() {
                if self.play.value(usize::from(c)) == 0 {
                    self.singles.push((c, v, true));
                }
            }
            self.found = [false; 81];
            for (c, v) in self.play.hidden_queue() {
                let i = usize::from(c);
                if self.play.value(i) == 0
                    && !self.found[i]
                    && CELL_UNITS[i].iter().any(|&u| self.play.free(u, v) == 1)
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
    let saved = g.clone();
    let mut p = Player {
        orig: g,
        play: saved.clone(),
        rec: Record::new(),
        tmp: TmpSet::default(),
        found: [false; 81],
        singles: Vec::new(),
    };
    for cell in 0..81u8 {
        if g.value(usize::from(cell)) != 0 {
            continue;
        }
        for d in digits(g.cands(usize::from(cell))) {
            for on in [true, false] {
                p.play.clone_from(&saved);
                p.premise(cell, d, on);
                w.put(node(cell, d, on), &p.rec.list);
            }
        }
    }
    w.finish(g, p.tmp)
}
