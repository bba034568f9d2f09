//! HoDoKu's ALS chains (ALS-XY-Chain) and Death Blossom (its AlsSolver, continued).
//!
//! ALS chains: from every ALS, depth first through the RCs to later ALS, consecutive RCs on
//! different digits, every chain of four ALS or more checked for the common rule between its
//! first and last ALS; steps with the same eliminations keep the one with fewer cells, and
//! HoDoKu's ALS order picks the step. Death Blossom: a stem cell each of whose digits some ALS
//! sees entirely, one such ALS per digit. HoDoKu 2.2.4's behaviour, from its documented facts;
//! our own code.

use std::collections::HashMap;

use super::als::{self, Als, Alses, Rc, common_peers, mask};
use super::grid::{Grid, cells, digits};
use super::{Found, HodokuTechnique as T, text, timsort};

/// The most RCs a chain may have in HoDoKu's solver (its find-all uses 6).
pub(crate) const SOLVER_MAX_RCS: usize = 50;

/// The RC digits a link uses, as HoDoKu's `checkRC` decides: 1 = the first, 2 = the second,
/// 3 = both, 0 = none (the link is not allowed).
fn check_rc(rc: &Rc, last: Option<(Rc, u8)>, first_try: bool) -> u8 {
    let Some((prev, used)) = last else {
        return if rc.cand2 != 0 && !first_try { 2 } else { 1 };
    };
    // The previous link's digit; when it used both, HoDoKu compares its first one only.
    let p = match used {
        1 | 3 => prev.cand1,
        2 => prev.cand2,
        _ => return if rc.cand2 == 0 { 1 } else { 3 },
    };
    if rc.cand2 == 0 {
        u8::from(p != rc.cand1)
    } else if p == rc.cand2 {
        1
    } else if p == rc.cand1 {
        2
    } else {
        3
    }
}

/// The digits of a link's used RC.
fn used_digits(rc: &Rc, used: u8) -> [u8; 2] {
    match used {
        1 => [rc.cand1, 0],
        2 => [rc.cand2, 0],
        3 => [rc.cand1, rc.cand2],
        _ => [0, 0],
    }
}

/// A chain found: where its eliminations and links are kept, and HoDoKu's order keys.
#[derive(Clone, Copy, Debug)]
struct ChainRec {
    elims: (u32, u32),
    links: (u32, u32),
    count: u32,
    sum: i64,
    alses: u32,
    cells: u32,
}

struct ChainSearch<'a> {
    s: &'a Alses,
    max: usize,
    dedup: bool,
    start: usize,
    in_chain: Vec<bool>,
    /// The links so far: RC index and digits used.
    chain: Vec<(u32, u8)>,
    found: Vec<ChainRec>,
    elim_arena: Vec<(u8, u8)>,
    link_arena: Vec<(u32, u8)>,
    seen: HashMap<Vec<(u8, u8)>, usize>,
    scratch: Vec<(u8, u8)>,
    /// Chains tried from the current start; past `PRUNE_AFTER`, links into ALS from which no
    /// chain can eliminate anything are skipped (they would record nothing).
    tried: u32,
    prune: bool,
    /// The first link's digit (excluded from every check of the chain).
    f: u8,
    /// By ALS: the digits it could eliminate with the start ALS (the common rule, nothing
    /// excluded), once pruning starts.
    possible: Vec<u16>,
    /// By ALS, bit `f - 1`: some chain through it can eliminate, the first link's digit
    /// being `f`; computed for the digits in `alive_for`.
    alive: Vec<u16>,
    alive_for: u16,
}

/// Chains tried from one start before pruning starts (pruning never changes what is found).
const PRUNE_AFTER: u32 = 2000;

impl ChainSearch<'_> {
    /// Starts pruning: which ALS could eliminate anything with the start ALS.
    fn start_pruning(&mut self) {
        let s = self.s;
        let a = &s.list[self.start];
        for (x, b) in s.list.iter().enumerate().skip(self.start + 1) {
            let mut m = 0;
            if a.buddies & b.buddies != 0 {
                for d in digits(a.cands & b.cands) {
                    let k = usize::from(d - 1);
                    if a.buddies_for[k] & b.buddies_for[k] != 0 {
                        m |= 1 << k;
                    }
                }
            }
            self.possible[x] = m;
        }
        self.prune = true;
        self.alive_for = 0;
    }

    /// Whether a chain reaching ALS `x`, first link on digit `f`, can still eliminate.
    fn alive(&mut self, f: u8, x: usize) -> bool {
        let bit = 1u16 << (f - 1);
        if self.alive_for & bit == 0 {
            let s = self.s;
            for y in (self.start + 1..s.list.len()).rev() {
                let mut live = self.possible[y] & !bit != 0;
                if !live {
                    live = s.rcs[s.start[y] as usize..s.end[y] as usize]
                        .iter()
                        .any(|rc| self.alive[rc.als2 as usize] & bit != 0);
                }
                if live {
                    self.alive[y] |= bit;
                } else {
                    self.alive[y] &= !bit;
                }
            }
            self.alive_for |= bit;
        }
        self.alive[x] & bit != 0
    }

    /// HoDoKu's `getAlsXYChainRecursive` from ALS `at`, `last` the link that reached it.
    fn extend(&mut self, at: usize, last: Option<(Rc, u8)>) {
        if self.chain.len() >= self.max {
            return;
        }
        let s = self.s;
        let mut first_try = true;
        let (mut k, end) = (s.start[at] as usize, s.end[at] as usize);
        while k < end {
            let rc = s.rcs[k];
            let used = check_rc(&rc, last, first_try);
            if self.chain.len() >= self.max || used == 0 || self.in_chain[rc.als2 as usize] {
                k += 1;
                continue;
            }
            let f = if self.chain.is_empty() { used_digits(&rc, used)[0] } else { self.f };
            if !self.prune || self.alive(f, rc.als2 as usize) {
                self.tried += 1;
                if self.tried > PRUNE_AFTER && !self.prune {
                    self.start_pruning();
                }
                self.f = f;
                self.chain.push((k as u32, used));
                self.in_chain[rc.als2 as usize] = true;
                if self.chain.len() >= 3 {
                    self.check(rc.als2 as usize);
                }
                self.extend(rc.als2 as usize, Some((rc, used)));
                self.in_chain[rc.als2 as usize] = false;
                self.chain.pop();
            }
            if last.is_none() && rc.cand2 != 0 && first_try {
                first_try = false;
            } else {
                first_try = true;
                k += 1;
            }
        }
    }

    /// The common rule between the first ALS and ALS `end`, without the first link's and the
    /// last link's digits.
    fn check(&mut self, end: usize) {
        let s = self.s;
        let (first, first_used) = self.chain[0];
        let (last, last_used) = self.chain[self.chain.len() - 1];
        let f = used_digits(&s.rcs[first as usize], first_used);
        let l = used_digits(&s.rcs[last as usize], last_used);
        let (a, b) = (&s.list[self.start], &s.list[end]);
        self.scratch.clear();
        als::common_eliminations(a, b, mask(&[f[0], f[1], l[0], l[1]]), &mut self.scratch);
        if self.scratch.is_empty() {
            return;
        }
        let alses = self.chain.len() as u32 + 1;
        let cells = a.size()
            + self
                .chain
                .iter()
                .map(|&(k, _)| s.list[s.rcs[k as usize].als2 as usize].size())
                .sum::<u32>();
        let replace = if self.dedup {
            match self.seen.get(&self.scratch) {
                Some(&i) if self.found[i].cells > cells => Some(i),
                Some(_) => return,
                None => None,
            }
        } else {
            None
        };
        let e0 = self.elim_arena.len() as u32;
        self.elim_arena.extend_from_slice(&self.scratch);
        let l0 = self.link_arena.len() as u32;
        self.link_arena.extend_from_slice(&self.chain);
        let rec = ChainRec {
            elims: (e0, self.elim_arena.len() as u32),
            links: (l0, self.link_arena.len() as u32),
            count: self.scratch.len() as u32,
            sum: timsort::index_sum(self.scratch.iter().copied()),
            alses,
            cells,
        };
        match replace {
            Some(i) => self.found[i] = rec,
            None => {
                if self.dedup {
                    self.seen.insert(self.scratch.clone(), self.found.len());
                }
                self.found.push(rec);
            }
        }
    }

    /// The step of a recorded chain, as HoDoKu prints it.
    fn step(&self, r: &ChainRec) -> Found {
        let s = self.s;
        let elims = self.elim_arena[r.elims.0 as usize..r.elims.1 as usize].to_vec();
        let links = &self.link_arena[r.links.0 as usize..r.links.1 as usize];
        let ds: String = digits(mask(&elims.iter().map(|e| e.1).collect::<Vec<_>>()))
            .map(|d| char::from(b'0' + d))
            .collect();
        let first = s.rcs[links[0].0 as usize].als1 as usize;
        let mut used: Vec<&Als> = vec![&s.list[first]];
        let mut line = format!("{}: {ds}- {}", T::AlsXyChain, s.list[first].text());
        for &(k, u) in links {
            let rc = &s.rcs[k as usize];
            let d: String = used_digits(rc, u)
                .iter()
                .filter(|&&d| d != 0)
                .map(|&d| char::from(b'0' + d))
                .collect();
            let next = &s.list[rc.als2 as usize];
            line += &format!(" -{d}- {}", next.text());
            used.push(next);
        }
        line += &format!(" -{ds}{}", text::eliminations(&elims));
        als::step(T::AlsXyChain, elims, &used, line)
    }
}

/// ALS chains of at most `max` RCs (HoDoKu's `getAlsXYChain`): every chain found, with
/// `dedup` (HoDoKu's "one step per elimination set") keeping per set the chain with fewest
/// cells, sorted by HoDoKu's ALS order.
pub(crate) fn chains(s: &Alses, max: usize, dedup: bool) -> Vec<Found> {
    let mut c = ChainSearch {
        s,
        max,
        dedup,
        start: 0,
        in_chain: vec![false; s.list.len()],
        chain: Vec::with_capacity(max),
        found: Vec::new(),
        elim_arena: Vec::new(),
        link_arena: Vec::new(),
        seen: HashMap::new(),
        scratch: Vec::new(),
        tried: 0,
        prune: false,
        f: 0,
        possible: vec![0; s.list.len()],
        alive: vec![0; s.list.len()],
        alive_for: 0,
    };
    for i in 0..s.list.len() {
        c.start = i;
        c.tried = 0;
        c.prune = false;
        c.in_chain.iter_mut().for_each(|x| *x = false);
        c.in_chain[i] = true;
        c.extend(i, None);
    }
    let mut order: Vec<u32> = (0..c.found.len() as u32).collect();
    let elims = |r: &ChainRec| &c.elim_arena[r.elims.0 as usize..r.elims.1 as usize];
    timsort::sort(&mut order, |&x, &y| {
        let (a, b) = (&c.found[x as usize], &c.found[y as usize]);
        if a.count != b.count {
            return b.count.cmp(&a.count);
        }
        let (ea, eb) = (elims(a), elims(b));
        if !ea.iter().all(|e| eb.contains(e)) {
            return a.sum.cmp(&b.sum);
        }
        a.alses.cmp(&b.alses).then(a.cells.cmp(&b.cells))
    });
    order.iter().map(|&i| c.step(&c.found[i as usize])).collect()
}

/// The first ALS chain HoDoKu's solver takes.
pub(crate) fn first_chain(s: &Alses) -> Option<Found> {
    // Sorting everything and taking the first is what HoDoKu does; building only the first
    // step is the same.
    chains(s, SOLVER_MAX_RCS, true).into_iter().next()
}

/// Death Blossoms (HoDoKu's `getAlsDeathBlossom`): for each stem cell (ascending) each of
/// whose digits has an ALS seeing all its instances of it, one ALS per digit (digits
/// ascending, ALS in list order, disjoint unless `overlap`, sharing a digit); the digits all
/// of them hold, other than the stem's, leave the cells seeing all their instances. `dedup`
/// keeps per elimination set the one with fewest cells; `all` false returns the first found.
pub(crate) fn death_blossoms(
    g: &Grid,
    list: &[Als],
    overlap: bool,
    dedup: bool,
    all: bool,
) -> Vec<(Found, usize, u32)> {
    // By cell and digit, the ALS (at most 100) that see all their instances of it.
    const CAP: usize = 100;
    let mut per = vec![0u16; 81 * 9 * CAP];
    let mut count = [[0u8; 9]; 81];
    let mut stem_mask = [0u16; 81];
    for (i, a) in list.iter().enumerate() {
        for d in digits(a.cands) {
            let k = usize::from(d - 1);
            for c in cells(a.buddies_for[k]) {
                let n = &mut count[usize::from(c)][k];
                if usize::from(*n) < CAP {
                    per[(usize::from(c) * 9 + k) * CAP + usize::from(*n)] = i as u16;
                    *n += 1;
                    stem_mask[usize::from(c)] |= 1 << k;
                }
            }
        }
    }
    let mut db = Blossom {
        g,
        list,
        per: &per,
        count: &count,
        overlap,
        dedup,
        all,
        stem: 0,
        max_digit: 0,
        chosen: [None; 9],
        cells: 0,
        common: 0,
        out: Vec::new(),
        seen: HashMap::new(),
    };
    for stem in 0..81u8 {
        let m = g.cands(usize::from(stem));
        if m == 0 || m != stem_mask[usize::from(stem)] {
            continue;
        }
        db.stem = stem;
        db.max_digit = 16 - m.leading_zeros() as u8;
        db.chosen = [None; 9];
        db.cells = 0;
        db.common = 0x1ff;
        if db.pick(1) && !all {
            break;
        }
    }
    db.out
}

struct Blossom<'a> {
    g: &'a Grid,
    list: &'a [Als],
    per: &'a [u16],
    count: &'a [[u8; 9]; 81],
    overlap: bool,
    dedup: bool,
    all: bool,
    stem: u8,
    max_digit: u8,
    /// The ALS chosen per stem digit.
    chosen: [Option<usize>; 9],
    cells: u128,
    common: u16,
    out: Vec<(Found, usize, u32)>,
    seen: HashMap<Vec<(u8, u8)>, usize>,
}

impl Blossom<'_> {
    /// Chooses the ALS for `digit` and the later digits; true when a first step was found
    /// and the search stops there.
    fn pick(&mut self, digit: u8) -> bool {
        if digit > self.max_digit {
            return false;
        }
        let k = usize::from(digit - 1);
        let n = usize::from(self.count[usize::from(self.stem)][k]);
        if self.g.cands(usize::from(self.stem)) >> k & 1 == 0 || n == 0 {
            self.chosen[k] = None;
            return self.pick(digit + 1);
        }
        for x in 0..n {
            let i = usize::from(self.per[(usize::from(self.stem) * 9 + k) * 100 + x]);
            let a = &self.list[i];
            if !self.overlap && a.cells & self.cells != 0 {
                continue;
            }
            if self.common & a.cands == 0 {
                continue;
            }
            self.chosen[k] = Some(i);
            let saved = self.common;
            self.common &= a.cands;
            self.cells |= a.cells;
            if digit < self.max_digit {
                if self.pick(digit + 1) && !self.all {
                    return true;
                }
            } else if self.check() && !self.all {
                return true;
            }
            self.common = saved;
            self.cells &= !a.cells;
        }
        false
    }

    /// The eliminations of the chosen ALS; records the step. True when a step was recorded.
    fn check(&mut self) -> bool {
        let mut elims = Vec::new();
        for d in digits(self.common) {
            let k = usize::from(d - 1);
            if self.chosen[k].is_some() {
                continue;
            }
            let union = self.chosen.iter().flatten().fold(0u128, |u, &i| u | self.list[i].with[k]);
            let m = common_peers(union)
                & !self.cells
                & !(1u128 << self.stem)
                & self.g.places(usize::from(d));
            elims.extend(cells(m).map(|c| (c, d)));
        }
        if elims.is_empty() {
            return false;
        }
        let used: Vec<(u8, &Als)> = (1..=9u8)
            .filter_map(|d| self.chosen[usize::from(d - 1)].map(|i| (d, &self.list[i])))
            .collect();
        let cells: u32 = used.iter().map(|(_, a)| a.size()).sum();
        if self.dedup {
            elims.sort_unstable_by_key(|&(c, d)| (d, c));
            elims.dedup();
        }
        let mut line = format!("{}: [{}]", T::DeathBlossom, text::cell(self.stem));
        for (d, a) in &used {
            line += &format!(",  -{d}- {}", a.text());
        }
        line += &text::eliminations(&elims);
        let key = elims.clone();
        let mut found =
            als::step(T::DeathBlossom, elims, &used.iter().map(|u| u.1).collect::<Vec<_>>(), line);
        found.cells = vec![self.stem];
        found.pattern.extend(digits(self.g.cands(usize::from(self.stem))).map(|d| (self.stem, d)));
        let entry = (found, used.len(), cells);
        if self.dedup {
            match self.seen.get(&key) {
                Some(&i) if self.out[i].2 > cells => {
                    self.out[i] = entry;
                    return false;
                }
                Some(_) => return false,
                None => {
                    self.seen.insert(key, self.out.len());
                }
            }
        }
        self.out.push(entry);
        true
    }
}

/// Every step HoDoKu's find-all lists for library code 0901 (ALS-XZ), 0902 (ALS-XY-Wing) or
/// 0903 (ALS chains: forward links only, at most 6 RCs), sorted by HoDoKu's ALS order, every
/// instance kept; `overlap` lets ALS overlap.
pub(crate) fn all(g: &Grid, code: &str, overlap: bool) -> Vec<Found> {
    let s = als::with_rcs(g, overlap);
    match code {
        "0901" => als::sorted(als::xz(&s, true)),
        "0902" => als::sorted(als::xy_wing(&s, overlap, true)),
        _ => chains(&s, 6, false),
    }
}
