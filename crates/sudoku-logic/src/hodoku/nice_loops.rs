//! Nice loops and AICs on HoDoKu's tables: a table that comes back to its premise's cell is a
//! loop (discontinuous: the premise's cell loses a candidate or gets its digit; continuous:
//! the weak links eliminate); a table of a removed candidate that ends in a set one is an
//! AIC. All are collected in HoDoKu's order (tables set, then removed, then the AICs), one per
//! set of eliminations unless a later one is shorter, and the first of HoDoKu's sort order is
//! taken (HoDoKu 2.2.4's behaviour, from its documented facts; our own code).

use std::collections::HashMap;

use super::als::{Als, penalty};
use super::chain_text::{self, Printed};
use super::grid::{Grid, cells, digits, peers};
use super::nodes::{GROUP_BASE, is_on, node};
use super::tabling::{CAP, Tables};
use super::tabling_chains::{Expanded, LastChains, Reach, cells_of, holds};
use super::{Found, HodokuTechnique as T, text, timsort};

/// A loop or AIC: its type, its eliminations (sorted by digit, then cell), its chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loop {
    pub(crate) technique: T,
    pub(crate) elims: Vec<(u8, u8)>,
    pub(crate) chain: Vec<u16>,
    /// HoDoKu's chain length: the nodes, plus a penalty per ALS node.
    pub(crate) length: usize,
}

impl Loop {
    /// HoDoKu's weighted index sum of the eliminations.
    fn index_sum(&self) -> i64 {
        timsort::index_sum(self.elims.iter().copied())
    }

    fn equivalent(&self, o: &Loop) -> bool {
        self.technique == o.technique
            && self.elims.len() == o.elims.len()
            && self.elims.iter().all(|e| o.elims.contains(e))
    }

    /// HoDoKu's `SolutionStep.compareTo` for these steps (negative: `self` first).
    pub(crate) fn compare(&self, o: &Loop) -> i64 {
        let r = o.elims.len() as i64 - self.elims.len() as i64;
        if r != 0 {
            return r;
        }
        if !self.equivalent(o) {
            return self.index_sum() - o.index_sum();
        }
        self.length as i64 - o.length as i64
    }
}

/// Which steps a search keeps and how it keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Group nodes in the tables (Grouped Nice Loop/AIC).
    pub(crate) groups: bool,
    /// Only steps with a group node (the regression tester's grouped search).
    pub(crate) only_grouped: bool,
}

/// The collected steps, with HoDoKu's duplicate rule.
#[derive(Debug, Default)]
struct Collector {
    steps: Vec<Loop>,
    lengths: HashMap<Vec<u8>, usize>,
}

impl Collector {
    /// Keeps a step unless one with the same eliminations is as short. A chain's length counts
    /// 2.5 per ALS node, except for the first AIC of its eliminations, whose length HoDoKu
    /// only computes later, from its sets' sizes.
    fn offer(&mut self, t: &Tables, technique: T, mut elims: Vec<(u8, u8)>, chain: Vec<u16>) {
        elims.sort_unstable_by_key(|&(c, d)| (d, c));
        elims.dedup();
        let mut key = vec![technique as u8];
        key.extend(elims.iter().flat_map(|&(c, d)| [c, d]));
        let sets: Vec<&Als> = chain.iter().filter_map(|&n| t.als_of(n).map(|a| a.0)).collect();
        let estimate = chain.len() + 5 * sets.len() / 2;
        let stored = self.lengths.get(&key).copied();
        if stored.is_some_and(|n| n <= estimate) {
            return;
        }
        let length = if stored.is_none() && matches!(technique, T::Aic | T::GroupedAic) {
            chain.len()
                + sets.iter().map(|a| usize::from(penalty(a.cells.count_ones()))).sum::<usize>()
        } else {
            estimate
        };
        self.lengths.insert(key, length);
        self.steps.push(Loop { technique, elims, chain, length });
    }
}

/// The grouped form of a type when the chain holds a group node.
fn typed(t: &Tables, technique: T, chain: &[u16]) -> (T, bool) {
    let _ = t;
    let grouped = is_grouped(chain);
    let technique = match (grouped, technique) {
        (true, T::DiscontinuousNiceLoop) => T::GroupedDiscontinuousNiceLoop,
        (true, T::ContinuousNiceLoop) => T::GroupedContinuousNiceLoop,
        (true, T::Aic) => T::GroupedAic,
        (_, t) => t,
    };
    (technique, grouped)
}

/// What a loop eliminates, as far as its ends tell.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A discontinuous loop: these eliminations.
    Known(Vec<(u8, u8)>),
    /// A continuous loop: the chain decides.
    Continuous,
    /// No loop.
    Nothing,
}

/// HoDoKu's loop types by the ends: premise `premise` back to `end` in its cell;
/// `first_strong`: the premise's table starts with a strong link (a removed premise).
fn classify(g: &Grid, t: &Tables, premise: u16, end: u16, first_strong: bool) -> Kind {
    let last_strong = is_on(end);
    let (a, b, s) = (t.digit(premise), t.digit(end), t.cell(premise));
    let cands = g.cands(usize::from(s));
    if !first_strong && !last_strong && a == b {
        Kind::Known(vec![(s, a)])
    } else if first_strong && last_strong && a == b {
        Kind::Known(digits(cands).filter(|&c| c != a).map(|c| (s, c)).collect())
    } else if first_strong != last_strong && a != b {
        Kind::Known(vec![(s, if first_strong { b } else { a })])
    } else if (!first_strong && !last_strong && cands.count_ones() == 2 && a != b)
        || (first_strong && last_strong && a != b)
        || (first_strong != last_strong && a == b)
    {
        Kind::Continuous
    } else {
        Kind::Nothing
    }
}

/// A continuous loop's eliminations: the cells entered and left by strong links lose their
/// other digits, the weak links between cells eliminate from the cells seeing both ends.
fn continuous(
    g: &Grid,
    t: &Tables,
    chain: &[u16],
    chain_cells: u128,
    first_strong: bool,
) -> Vec<(u8, u8)> {
    let n = chain;
    let last = n.len() - 1;
    let (a, b, s) = (t.digit(n[0]), t.digit(n[last]), t.cell(n[0]));
    let last_strong = is_on(n[last]);
    let mut elims = Vec::new();
    for i in 0..=last {
        let entered = (i == 0 && first_strong && last_strong)
            || (i > 0 && is_on(n[i]) && i + 2 <= last && t.cell(n[i - 1]) != t.cell(n[i]));
        if entered
            && (i == 0
                || (!is_on(n[i + 1])
                    && t.cell(n[i]) == t.cell(n[i + 1])
                    && is_on(n[i + 2])
                    && t.cell(n[i + 1]) != t.cell(n[i + 2])))
        {
            let (c1, c2) = if i == 0 { (a, b) } else { (t.digit(n[i]), t.digit(n[i + 2])) };
            let c = t.cell(n[i]);
            elims.extend(
                digits(g.cands(usize::from(c))).filter(|&d| d != c1 && d != c2).map(|d| (c, d)),
            );
        }
        if i > 0 && !is_on(n[i]) && t.cell(n[i - 1]) != t.cell(n[i]) {
            let d = t.digit(n[i]);
            let common = t.buddies(n[i - 1], d)
                & t.buddies(n[i], d)
                & !chain_cells
                & !(1u128 << s)
                & g.places(usize::from(d));
            elims.extend(cells(common).map(|c| (c, d)));
            if let Some((als, _)) = t.als_of(n[i]) {
                // The set left by several digits forces the next cell: its other digits exit.
                let force = i < last && is_on(n[i + 1]);
                let next = n.get(i + 1).map_or(0, |&m| t.cell(m));
                let exits: u16 = if force {
                    g.cands(usize::from(next)) & !(1 << (t.digit(n[i + 1]) - 1))
                } else if i < last {
                    1 << (t.digit(n[i + 1]) - 1)
                } else {
                    0
                };
                for e in digits(als.cands).filter(|&e| e != d && exits >> (e - 1) & 1 == 0) {
                    let hit = als.buddies_for[usize::from(e - 1)] & g.places(usize::from(e));
                    elims.extend(cells(hit).map(|c| (c, e)));
                }
                if force {
                    for e in digits(exits) {
                        let hit = als.buddies_for[usize::from(e - 1)]
                            & peers(next)
                            & g.places(usize::from(e));
                        elims.extend(cells(hit).map(|c| (c, e)));
                    }
                }
            }
        }
    }
    elims
}

/// A step built from a table: its type, eliminations and chain.
type Built = (T, Vec<(u8, u8)>, Vec<u16>);

/// Builds a loop's chain from the expanded table of its premise and checks it: the step's
/// type, eliminations and chain, or `None`.
fn loop_step(
    g: &Grid,
    t: &Tables,
    x: &mut Expanded,
    end: u16,
    kind: Kind,
    buf: &mut Vec<u32>,
) -> Option<Built> {
    if !x.chain(t, end, Some(false), buf) {
        return None;
    }
    let chain: Vec<u16> = buf.iter().map(|&n| n as u16).collect();
    if t.cell(chain[0]) == t.cell(chain[1]) {
        return None;
    }
    let first_strong = x.node.get(1).is_some_and(|&n| is_on(n));
    let (technique, elims) = match kind {
        Kind::Known(e) => (T::DiscontinuousNiceLoop, e),
        Kind::Continuous => {
            (T::ContinuousNiceLoop, continuous(g, t, &chain, x.chain_cells, first_strong))
        }
        Kind::Nothing => return None,
    };
    if elims.is_empty() {
        return None;
    }
    Some((typed(t, technique, &chain).0, elims, chain))
}

/// An AIC's eliminations by its ends (removed premise, set end).
fn aic_elims(g: &Grid, t: &Tables, premise: u16, end: u16) -> Vec<(u8, u8)> {
    let (a, b, s, e) = (t.digit(premise), t.digit(end), t.cell(premise), t.cell(end));
    let mut elims = Vec::new();
    if a == b {
        let common = peers(s) & peers(e) & g.places(usize::from(a));
        if common.count_ones() > 1 {
            elims.extend(cells(common).filter(|&c| c != s).map(|c| (c, a)));
        }
    } else {
        if g.has(s, b) {
            elims.push((s, b));
        }
        if g.has(e, a) {
            elims.push((e, a));
        }
    }
    elims
}

/// Builds an AIC's chain and checks it.
fn aic_step(
    t: &Tables,
    x: &mut Expanded,
    end: u16,
    elims: Vec<(u8, u8)>,
    buf: &mut Vec<u32>,
) -> Option<Built> {
    if elims.is_empty() || !x.chain(t, end, Some(true), buf) {
        return None;
    }
    let chain: Vec<u16> = buf.iter().map(|&n| n as u16).collect();
    Some((typed(t, T::Aic, &chain).0, elims, chain))
}

/// Whether the AIC end `end` of removed premise `premise` can eliminate (HoDoKu's pre-check).
fn aic_candidate(g: &Grid, t: &Tables, premise: u16, end: u16) -> bool {
    let (a, b, s, e) = (t.digit(premise), t.digit(end), t.cell(premise), t.cell(end));
    if a == b {
        (peers(s) & peers(e) & g.places(usize::from(a))).count_ones() >= 2
    } else {
        peers(s) >> e & 1 != 0 && g.has(e, a) && g.has(s, b)
    }
}

/// The premises of one pass in HoDoKu's table order (`on`: the tables of set candidates).
fn premises(g: &Grid, on: bool) -> impl Iterator<Item = u16> + '_ {
    (0..81u8)
        .filter(move |&c| g.value(usize::from(c)) == 0)
        .flat_map(move |c| digits(g.cands(usize::from(c))).map(move |d| node(c, d, on)))
}

/// Every nice loop and AIC in HoDoKu's discovery order (duplicates as HoDoKu drops them).
pub(crate) fn collect(g: &Grid, t: &Tables, mode: Mode) -> Vec<Loop> {
    let mut x = Expanded::default();
    let mut buf = Vec::new();
    let (mut loops, mut aics) = (Collector::default(), Collector::default());
    for on in [true, false] {
        for p in premises(g, on) {
            let s = t.cell(p);
            x.expand(t, p);
            let first_strong = x.node.get(1).is_some_and(|&n| is_on(n));
            for j in 1..x.node.len() {
                let n = x.node[j];
                if n < GROUP_BASE && t.cell(n) == s && x.dist[j] > 2 {
                    let kind = classify(g, t, p, n, first_strong);
                    if let Some((tech, elims, chain)) = loop_step(g, t, &mut x, n, kind, &mut buf)
                        && (!mode.only_grouped || is_grouped(&chain))
                    {
                        loops.offer(t, tech, elims, chain);
                    }
                }
            }
            if !on {
                for j in 1..x.node.len() {
                    let n = x.node[j];
                    if n < GROUP_BASE
                        && is_on(n)
                        && t.cell(n) != s
                        && aic_candidate(g, t, p, n)
                        && x.dist[j] > 2
                    {
                        let elims = aic_elims(g, t, p, n);
                        if let Some((tech, elims, chain)) = aic_step(t, &mut x, n, elims, &mut buf)
                            && (!mode.only_grouped || is_grouped(&chain))
                        {
                            aics.offer(t, tech, elims, chain);
                        }
                    }
                }
            }
        }
    }
    loops.steps.extend(aics.steps);
    loops.steps
}

/// Whether a chain holds a group node.
fn is_grouped(chain: &[u16]) -> bool {
    chain.iter().any(|&n| n >= GROUP_BASE)
}

/// HoDoKu's pick after sorting: the first step nothing later beats.
pub(crate) fn best_of(steps: Vec<Loop>) -> Option<Loop> {
    let mut it = steps.into_iter();
    let mut best = it.next()?;
    for s in it {
        if s.compare(&best) < 0 {
            best = s;
        }
    }
    Some(best)
}

/// Sorts as Java's sort does.
pub(crate) fn sort(steps: Vec<Loop>) -> Vec<Loop> {
    let mut order: Vec<usize> = (0..steps.len()).collect();
    timsort::sort(&mut order, |&a, &b| steps[a].compare(&steps[b]).cmp(&0));
    let mut steps: Vec<Option<Loop>> = steps.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| steps[i].take()).collect()
}

/// A chain in HoDoKu's loop notation (`chain_text.rs`).
pub(crate) fn chain_text(t: &Tables, chain: &[u16]) -> String {
    chain_text::write(chain.iter().map(|&n| Printed {
        cells: t.cells(n),
        cell: t.cell(n),
        digit: t.digit(n),
        strong: is_on(n),
        als: t.als_of(n).is_some(),
    }))
}

/// The found step of a loop or AIC.
pub(crate) fn found(t: &Tables, l: &Loop) -> Found {
    let mut digits: Vec<u8> = l.elims.iter().map(|e| e.1).collect();
    digits.dedup();
    let mut chain = chain_text(t, &l.chain);
    let n = &l.chain;
    match l.technique {
        T::ContinuousNiceLoop | T::GroupedContinuousNiceLoop => {
            let first = t.cell(n[0]);
            let start = n.iter().position(|&m| t.cell(m) != first).unwrap_or(0);
            let last = t.cell(n[n.len() - 1]);
            let end = n.iter().rposition(|&m| t.cell(m) != last).map_or(0, |k| k + 1);
            chain = format!("{}= {chain} ={}", t.digit(n[end]), t.digit(n[start]));
        }
        T::Aic | T::GroupedAic => {
            chain = format!("{}- {chain} -{}", t.digit(n[0]), t.digit(n[n.len() - 1]));
        }
        _ => {}
    }
    let mut pattern = Vec::new();
    for &m in n {
        for c in cells(t.cells(m)) {
            if !pattern.contains(&(c, t.digit(m))) {
                pattern.push((c, t.digit(m)));
            }
        }
    }
    Found {
        technique: l.technique,
        eliminations: l.elims.clone(),
        pattern,
        chain_length: Some(l.length as u32 - 1),
        text: format!(
            "{}: {} {chain}{}",
            l.technique,
            text::digits(&digits, "/"),
            text::eliminations(&l.elims)
        ),
        ..Found::default()
    }
}

/// A candidate end of a table: its pass (0: loops of set premises, 1: loops of removed
/// premises, 2: AICs), the table's place in the pass, the premise and the end, and the end's
/// entry when the table was expanded (capped tables).
#[derive(Clone, Copy, Debug)]
struct Cand {
    pass: u8,
    table: u16,
    premise: u16,
    end: u16,
    entry: Option<u16>,
}

/// The sort key of eliminations (more first, then HoDoKu's weighted index sum); sorts them.
fn key_of(elims: &mut Vec<(u8, u8)>) -> u64 {
    elims.sort_unstable_by_key(|&(c, d)| (d, c));
    elims.dedup();
    let w = timsort::index_sum(elims.iter().copied()) as u64;
    ((4096 - elims.len() as u64) << 44) | w
}

/// Calls `f` for every loop and AIC candidate, in HoDoKu's order of tables; what a table
/// reaches comes from the closure (capped tables are expanded).
fn scan(
    g: &Grid,
    t: &Tables,
    reach: &Reach,
    x: &mut Expanded,
    f: &mut dyn FnMut(Cand, &mut Expanded),
) {
    let mut direct = vec![0u32; t.ids()];
    let mut epoch = 0u32;
    for pass in 0..3u8 {
        for (table, p) in premises(g, pass == 0).enumerate() {
            let table = table as u16;
            let s = t.cell(p);
            let r = reach.of(p);
            let size: u32 = if t.may_cap { r.iter().map(|w| w.count_ones()).sum() } else { 0 };
            let wanted = |n: u16| {
                if pass < 2 {
                    t.cell(n) == s
                } else {
                    is_on(n) && t.cell(n) != s && aic_candidate(g, t, p, n)
                }
            };
            if size as usize > CAP {
                x.expand(t, p);
                let ends: Vec<(u16, u16)> = (1..x.node.len())
                    .filter(|&j| x.node[j] < GROUP_BASE && x.dist[j] > 2 && wanted(x.node[j]))
                    .map(|j| (x.node[j], j as u16))
                    .collect();
                for (end, j) in ends {
                    f(Cand { pass, table, premise: p, end, entry: Some(j) }, x);
                }
                continue;
            }
            epoch += 1;
            for &n in &t.nodes(p)[1..] {
                direct[usize::from(n)] = epoch;
            }
            let mut visit = |end: u16, x: &mut Expanded| {
                if end != p && direct[usize::from(end)] != epoch && holds(r, end) && wanted(end) {
                    f(Cand { pass, table, premise: p, end, entry: None }, x);
                }
            };
            if pass < 2 {
                for d in digits(g.cands(usize::from(s))) {
                    visit(node(s, d, false), x);
                    visit(node(s, d, true), x);
                }
            } else {
                let a = t.digit(p);
                for d in 1..=9u8 {
                    let mut m = cells_of(r, d, true) & !(1u128 << s);
                    if d != a {
                        if !g.has(s, d) {
                            continue;
                        }
                        m &= peers(s) & g.places(usize::from(a));
                    }
                    for e in cells(m) {
                        visit(node(e, d, true), x);
                    }
                }
            }
        }
    }
}

/// The eliminations of a candidate whose ends decide them, or `None` (continuous loops and
/// ends without a step).
fn known(g: &Grid, t: &Tables, c: &Cand) -> Option<Kind> {
    if c.pass == 2 {
        return Some(Kind::Known(aic_elims(g, t, c.premise, c.end)));
    }
    let first_strong = t.nodes(c.premise).get(1).is_some_and(|&n| is_on(n));
    Some(classify(g, t, c.premise, c.end, first_strong))
}

/// Builds and checks a candidate's step (its table expanded in `x`).
fn build(
    g: &Grid,
    t: &Tables,
    x: &mut Expanded,
    c: &Cand,
    kind: Kind,
    buf: &mut Vec<u32>,
) -> Option<Built> {
    if x.node.first() != Some(&c.premise) {
        x.expand(t, c.premise);
    }
    match (c.pass, kind) {
        (2, Kind::Known(elims)) => aic_step(t, x, c.end, elims, buf),
        (_, kind) => loop_step(g, t, x, c.end, kind, buf),
    }
}

/// The solver's search: the first nice loop or AIC of HoDoKu's order (`groups`: the grouped
/// search of row 5650, with group nodes in the tables). Only the steps that can come first
/// have their chains built: continuous loops (their chains decide what they eliminate) and
/// the candidates of the best sort key, in HoDoKu's discovery order.
pub(crate) fn first(g: &Grid, groups: bool, chains: &LastChains) -> Option<Found> {
    if groups {
        let c = chains.grouped(g);
        return first_on(g, &c.t, &c.reach);
    }
    let t = Tables::chains(g, false);
    let reach = Reach::new(&t);
    first_on(g, &t, &reach)
}

/// The search on given tables.
fn first_on(g: &Grid, t: &Tables, reach: &Reach) -> Option<Found> {
    let mut x = Expanded::default();
    let mut buf = Vec::new();
    let mut keyed: Vec<(u64, Cand)> = Vec::new();
    let mut continuous_steps: Vec<((u8, u16, u16), u64, Loop)> = Vec::new();
    scan(g, t, reach, &mut x, &mut |c, x| match known(g, t, &c) {
        Some(Kind::Known(mut elims)) if !elims.is_empty() => keyed.push((key_of(&mut elims), c)),
        Some(Kind::Continuous) => {
            if let Some((technique, mut elims, chain)) =
                build(g, t, x, &c, Kind::Continuous, &mut buf)
            {
                let k = key_of(&mut elims);
                let entry = x.position(c.end).unwrap_or(0) as u16;
                continuous_steps.push((
                    (c.pass, c.table, entry),
                    k,
                    Loop { technique, elims, length: chain.len(), chain },
                ));
            }
        }
        _ => {}
    });
    let mut classes: Vec<u64> = keyed.iter().map(|k| k.0).collect();
    classes.extend(continuous_steps.iter().map(|c| c.1));
    classes.sort_unstable();
    classes.dedup();
    for class in classes {
        let mut members: Vec<((u8, u16, u16), Loop)> = continuous_steps
            .iter()
            .filter(|(_, k, _)| *k == class)
            .map(|(o, _, l)| (*o, l.clone()))
            .collect();
        for (_, c) in keyed.iter().filter(|k| k.0 == class) {
            let Some(kind) = known(g, t, c) else { continue };
            if let Some((technique, elims, chain)) = build(g, t, &mut x, c, kind, &mut buf) {
                let entry = c.entry.unwrap_or_else(|| x.position(c.end).unwrap_or(0) as u16);
                let length = chain.len();
                members.push(((c.pass, c.table, entry), Loop { technique, elims, chain, length }));
            }
        }
        members.sort_by_key(|(o, _)| *o);
        let mut kept = Collector::default();
        for (_, l) in members {
            kept.offer(t, l.technique, l.elims, l.chain);
        }
        if let Some(l) = best_of(kept.steps) {
            return Some(found(t, &l));
        }
    }
    None
}

/// The regression tester's search: every nice loop and AIC, sorted (grouped: only those with
/// a group node, or an ALS node when `als`).
pub(crate) fn all(g: &Grid, grouped: bool, als: bool) -> Vec<Found> {
    let t = Tables::chains_with(g, grouped, als);
    let steps = sort(collect(g, &t, Mode { groups: grouped, only_grouped: grouped }));
    steps.iter().map(|l| found(&t, l)).collect()
}
