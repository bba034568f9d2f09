//! Forcing chains and nets on HoDoKu's tables: a premise that leads to a contradiction is
//! false (Contradiction), an outcome that every case of a cell, a house or a candidate leads
//! to is true (Verity). The checks run in HoDoKu's order; for the solver only the outcome that
//! HoDoKu's sort puts first has its chains built (the others cannot win), and a net search
//! drops what plain chains show (HoDoKu 2.2.4's behaviour, from its documented facts; our own
//! code).

use super::forcing_checks::{Checks, Entity, Events, Sets};
use super::grid::{Grid, cells, digits};
use super::nodes::{is_on, node};
use super::tabling::{CAP, Tables};
use super::tabling_chains::{BRANCH, Capped, END, Expanded, LastChains, Reach, cells_of};
use super::{Found, HodokuTechnique as T, text, timsort};

/// The implications of every premise (the full tables, or exactly expanded when capped).
#[inline(never)]
pub(crate) fn all_sets(t: &Tables, reach: &Reach, g: &Grid) -> (Vec<Sets>, Vec<u16>) {
    let mut capped = Capped::default();
    let mut slot = vec![u16::MAX; usize::from(super::nodes::GROUP_BASE)];
    let mut sets = Vec::new();
    for cell in 0..81u8 {
        if g.value(usize::from(cell)) != 0 {
            continue;
        }
        for d in digits(g.cands(usize::from(cell))) {
            for on in [true, false] {
                let p = node(cell, d, on);
                if t.nodes(p).is_empty() {
                    continue;
                }
                let r = reach.of(p);
                let size: u32 = if t.may_cap { r.iter().map(|w| w.count_ones()).sum() } else { 0 };
                let mut s = Sets::default();
                let r = if size as usize > CAP { capped.members(t, p) } else { r };
                for d in 1..=9u8 {
                    s.on[usize::from(d)] = cells_of(r, d, true);
                    s.off[usize::from(d)] = cells_of(r, d, false);
                }
                slot[usize::from(p)] = sets.len() as u16;
                sets.push(s);
            }
        }
    }
    (sets, slot)
}

/// A forcing step with its chains built.
#[derive(Clone, Debug)]
struct Step {
    technique: T,
    place: bool,
    cell: u8,
    digit: u8,
    entity: Entity,
    chains: Vec<Vec<u32>>,
    position: usize,
}

impl Step {
    fn length(&self) -> usize {
        self.chains.iter().map(Vec::len).sum()
    }
}

/// Builds the events' steps (`None` where a net search must drop one: no net branch). Each
/// premise's table is expanded once, however many chains start there.
fn build(t: &Tables, ev: &Events, net: bool) -> Vec<Option<Step>> {
    build_some(t, ev, net, &mut |_| true)
}

/// As [`build`], for the events that `only` selects (the others are `None`).
fn build_some(
    t: &Tables,
    ev: &Events,
    net: bool,
    only: &mut dyn FnMut(usize) -> bool,
) -> Vec<Option<Step>> {
    let picked: Vec<bool> = (0..ev.list.len()).map(&mut *only).collect();
    let mut wanted: Vec<(u16, u16, u32)> = Vec::new();
    for (_, e) in ev.list.iter().enumerate().filter(|&(i, _)| picked[i]) {
        let (start, n) = e.chains;
        for k in start..start + u32::from(n) {
            let (p, end) = ev.ends[k as usize];
            wanted.push((p, end, k));
        }
    }
    wanted.sort_unstable();
    let mut chains: Vec<Option<Vec<u32>>> = vec![None; ev.ends.len()];
    let mut x = Expanded::default();
    let mut last: Option<(u16, u16, u32)> = None;
    for &(p, end, k) in &wanted {
        if let Some((lp, le, lk)) = last
            && lp == p
            && le == end
        {
            chains[k as usize] = chains[lk as usize].clone();
            continue;
        }
        if last.is_none_or(|(lp, _, _)| lp != p) {
            x.expand(t, p);
        }
        last = Some((p, end, k));
        let mut c = Vec::new();
        if x.chain(t, end, None, &mut c) {
            chains[k as usize] = Some(c);
        }
    }
    ev.list
        .iter()
        .enumerate()
        .map(|(i, e)| {
            if !picked[i] {
                return None;
            }
            let (start, n) = e.chains;
            let chains: Vec<Vec<u32>> = chains[start as usize..start as usize + usize::from(n)]
                .iter_mut()
                .filter_map(Option::take)
                .collect();
            let is_net = chains.iter().flatten().any(|&n| n & BRANCH != 0);
            if net && !is_net {
                return None;
            }
            let technique = match (is_net, e.verity) {
                (false, false) => T::ForcingChainContradiction,
                (false, true) => T::ForcingChainVerity,
                (true, false) => T::ForcingNetContradiction,
                (true, true) => T::ForcingNetVerity,
            };
            Some(Step {
                technique,
                place: e.place,
                cell: e.cell,
                digit: e.digit,
                entity: e.entity,
                chains,
                position: 0,
            })
        })
        .collect()
}

/// HoDoKu's `TablingComparator` (negative: `a` first).
fn compare(a: &Step, b: &Step) -> i64 {
    match (a.place, b.place) {
        (true, false) => return -1,
        (false, true) => return 1,
        _ => {}
    }
    let equivalent =
        a.technique == b.technique && a.cell == b.cell && (a.place || a.digit == b.digit);
    if !equivalent {
        if a.place {
            return if a.cell == b.cell { 1 } else { i64::from(a.cell) - i64::from(b.cell) };
        }
        let r = (i64::from(a.cell) * 10 + i64::from(a.digit))
            - (i64::from(b.cell) * 10 + i64::from(b.digit));
        if r != 0 {
            return r;
        }
    }
    a.length() as i64 - b.length() as i64
}

/// The tables of a search: chains with group nodes, or nets.
fn tables(g: &Grid, net: bool) -> Tables {
    if net { super::tabling_nets::tables(g) } else { Tables::chains(g, true) }
}

/// The solver's search (`net`: Forcing Net, else Forcing Chain): HoDoKu's first step. The
/// outcomes are taken in the order of HoDoKu's sort; only the events of the first outcome
/// have their chains built (a net search goes on when they all are plain chains).
pub(crate) fn first(g: &Grid, net: bool, chains: &LastChains) -> Option<Found> {
    if net {
        let t = super::tabling_nets::tables(g);
        let reach = Reach::new(&t);
        return first_on(g, &t, &reach, true);
    }
    let c = chains.grouped(g);
    first_on(g, &c.t, &c.reach, false)
}

/// The search on given tables.
fn first_on(g: &Grid, t: &Tables, reach: &Reach, net: bool) -> Option<Found> {
    let (sets, slot) = all_sets(t, reach, g);
    let checks = Checks::new(g, &sets, &slot, t.tmp);
    let mut floor = None;
    while let Some(r) = checks.min_rank(floor) {
        let ev = checks.events(Some(r));
        let built = if r.0 == 0 {
            // Placements: the first step kept wins whatever the lengths (HoDoKu's comparator
            // keeps the earlier of two placements in one cell), so only its type matters.
            let first = (0..ev.list.len()).find_map(|i| {
                build_some(t, &ev, net, &mut |k| k == i)[i].as_ref().map(|s| s.technique)
            });
            let Some(kind) = first else {
                floor = Some(r);
                continue;
            };
            let verity = matches!(kind, T::ForcingChainVerity | T::ForcingNetVerity);
            build_some(t, &ev, net, &mut |k| ev.list[k].verity == verity)
        } else {
            build(t, &ev, net)
        };
        let mut kept: Vec<Step> = Vec::new();
        for (i, s) in built.into_iter().enumerate() {
            let Some(mut s) = s else { continue };
            s.position = i;
            let same = kept.iter_mut().find(|o| {
                o.technique == s.technique
                    && o.place == s.place
                    && o.cell == s.cell
                    && o.digit == s.digit
            });
            match same {
                Some(o) => {
                    if o.length() > s.length() {
                        let position = o.position;
                        *o = s;
                        o.position = position;
                    }
                }
                None => kept.push(s),
            }
        }
        let mut best: Option<Step> = None;
        for s in kept {
            if best.as_ref().is_none_or(|b| compare(&s, b) < 0) {
                best = Some(s);
            }
        }
        if let Some(b) = best {
            return Some(found(t, &b));
        }
        floor = Some(r);
    }
    None
}

/// The regression tester's search: every step, one per check (no duplicates dropped), sorted.
pub(crate) fn all(g: &Grid, net: bool) -> Vec<Found> {
    let t = tables(g, net);
    let (sets, slot) = all_sets(&t, &Reach::new(&t), g);
    let ev = Checks::new(g, &sets, &slot, t.tmp).events(None);
    let steps: Vec<Step> = build(&t, &ev, net).into_iter().flatten().collect();
    let mut order: Vec<usize> = (0..steps.len()).collect();
    timsort::sort(&mut order, |&a, &b| compare(&steps[a], &steps[b]).cmp(&0));
    order.into_iter().map(|i| found(&t, &steps[i])).collect()
}

/// A node as a forcing chain prints it: `r1c2=3` or `r1c2<>3` (group nodes compact).
fn node_text(t: &Tables, n: u16, out: &mut String) {
    out.push_str(&text::compact(cells(t.cells(n))));
    out.push_str(if is_on(n) { "=" } else { "<>" });
    out.push(char::from(b'0' + t.digit(n)));
}

/// One chain line (without its indent): nodes by blanks, net branches in parentheses.
fn chain_line(t: &Tables, chain: &[u32]) -> String {
    let mut out = String::new();
    let node_of = |n: u32| (n & 0xffff) as u16;
    let (Some(&first), Some(&last)) = (chain.first(), chain.last()) else { return out };
    node_text(t, node_of(first), &mut out);
    let middle = if chain.len() > 2 { &chain[1..chain.len() - 1] } else { &[][..] };
    let mut in_branch = false;
    for &n in middle {
        if n == END {
            out.push(')');
            in_branch = false;
            continue;
        }
        let branch = n & BRANCH != 0;
        let mut blank = true;
        if branch && !in_branch {
            out.push_str(" (");
            in_branch = true;
            blank = false;
        }
        if !branch && in_branch {
            out.push(')');
            in_branch = false;
        }
        if blank {
            out.push(' ');
        }
        node_text(t, node_of(n), &mut out);
    }
    out.push(' ');
    if last == END {
        // HoDoKu decodes its end-of-branch marker as a node when a branch closes the chain.
        out.push_str("r1c1<>0");
    } else {
        node_text(t, node_of(last), &mut out);
    }
    out
}

/// The found step of a forcing chain or net.
fn found(t: &Tables, s: &Step) -> Found {
    let mut line = s.technique.to_string();
    if matches!(s.technique, T::ForcingChainContradiction | T::ForcingNetContradiction) {
        line.push_str(" in ");
        line.push_str(&match s.entity {
            Entity::Cell(c) => text::cell(c),
            Entity::Unit(u) => text::unit(u),
        });
    }
    let mut f = Found { technique: s.technique, ..Found::default() };
    if s.place {
        line.push_str(&format!(" => {}={}", text::cell(s.cell), s.digit));
        f.values = vec![s.digit];
        f.cells = vec![s.cell];
        f.placements = vec![(s.cell, s.digit)];
    } else {
        f.eliminations = vec![(s.cell, s.digit)];
        line.push_str(&text::eliminations(&f.eliminations));
    }
    for c in &s.chains {
        line.push_str("\n  ");
        line.push_str(&chain_line(t, c));
        for &n in c.iter().filter(|&&n| n != END) {
            let n = (n & 0xffff) as u16;
            for cell in cells(t.cells(n)) {
                if !f.pattern.contains(&(cell, t.digit(n))) {
                    f.pattern.push((cell, t.digit(n)));
                }
            }
        }
    }
    if let Entity::Unit(u) = s.entity
        && matches!(s.technique, T::ForcingChainContradiction | T::ForcingNetContradiction)
    {
        f.units = vec![u];
    }
    f.text = line;
    f
}

#[cfg(test)]
mod reference {
    //! The checks as first written (HoDoKu's scratch set emulated step by step), to hold the
    //! faster checks to.
    use super::*;
    use crate::hodoku::forcing_checks::Entity;
    use crate::hodoku::grid::{UNIT_BITS, peers};

    const KINDS: [u8; 3] = [0, 9, 18];

    type Ev = Vec<(bool, (bool, u8, u8), Entity, Vec<(u16, u16)>)>;

    pub(super) fn enumerate(g: &Grid, t: &Tables, sets: &[Sets], slot: &[u16]) -> Ev {
        let mut ev: Ev = Vec::new();
        let mut tmp = t.tmp;
        let placed: u128 =
            (0..81u8).filter(|&c| g.value(usize::from(c)) != 0).fold(0, |m, c| m | 1 << c);
        let mut allowed = [0u128; 10];
        for (d, a) in allowed.iter_mut().enumerate().skip(1) {
            let seen = cells(placed)
                .filter(|&c| usize::from(g.value(usize::from(c))) == d)
                .fold(0u128, |m, c| m | peers(c));
            *a = g.unsolved_bits() & !seen;
        }
        let premises: Vec<(u8, u8)> = (0..81u8)
            .filter(|&c| g.value(usize::from(c)) == 0)
            .flat_map(|c| digits(g.cands(usize::from(c))).map(move |d| (c, d)))
            .collect();
        let sets_of = |n: u16| {
            let s = slot[usize::from(n)];
            (s != u16::MAX).then(|| &sets[usize::from(s)])
        };
        let mut ends: Vec<(u16, u16)> = Vec::with_capacity(16);
        // One chain: the premise leads to a contradiction.
        for &(s, a) in &premises {
            for on in [true, false] {
                let p = node(s, a, on);
                let Some(x) = sets_of(p) else { continue };
                let result = (!on, s, a);
                let back = if on { x.off[usize::from(a)] } else { x.on[usize::from(a)] };
                if back >> s & 1 != 0 {
                    let e = tmp.get0();
                    ev_push(&mut ev, false, result, Entity::Cell(e), &[(p, node(s, a, !on))]);
                }
                for d in 0..10u8 {
                    let both = x.on[usize::from(d)] & x.off[usize::from(d)];
                    tmp.set(both);
                    if both != 0 {
                        let c = tmp.get0();
                        ends.clear();
                        ends.extend([(p, node(c, d, false)), (p, node(c, d, true))]);
                        ev_push(&mut ev, false, result, Entity::Cell(c), &ends);
                    }
                }
                for i in 1..10u8 {
                    for j in i + 1..10 {
                        let both = x.on[usize::from(i)] & x.on[usize::from(j)];
                        tmp.set(both);
                        if both != 0 {
                            let c = tmp.get0();
                            ends.clear();
                            ends.extend([(p, node(c, i, true)), (p, node(c, j, true))]);
                            ev_push(&mut ev, false, result, Entity::Cell(c), &ends);
                        }
                    }
                }
                for kind in KINDS {
                    for d in 1..=9u8 {
                        for h in 0..9u8 {
                            let u = kind + h;
                            let twice = UNIT_BITS[usize::from(u)] & x.on[usize::from(d)];
                            tmp.set(twice);
                            if tmp.size() > 1 {
                                ends.clear();
                                ends.extend(cells(twice).map(|c| (p, node(c, d, true))));
                                ev_push(&mut ev, false, result, Entity::Unit(u), &ends);
                            }
                        }
                    }
                }
                let mut empty = (1u128 << 81) - 1;
                for d in 1..=9u8 {
                    empty &= x.off[usize::from(d)] | !g.places(usize::from(d));
                }
                for d in 0..10 {
                    empty &= !x.on[d];
                }
                empty &= !placed;
                tmp.set(empty);
                if tmp.size() > 0 {
                    for c in cells(empty) {
                        ends.clear();
                        ends.extend(
                            digits(g.cands(usize::from(c))).map(|d| (p, node(c, d, false))),
                        );
                        ev_push(&mut ev, false, result, Entity::Cell(c), &ends);
                    }
                }
                for kind in KINDS {
                    for d in 1..=9u8 {
                        for h in 0..9u8 {
                            let u = kind + h;
                            let left = UNIT_BITS[usize::from(u)] & allowed[usize::from(d)];
                            tmp.set(left);
                            if left != 0 && left & !x.off[usize::from(d)] == 0 {
                                tmp.size();
                                ends.clear();
                                ends.extend(cells(left).map(|c| (p, node(c, d, false))));
                                ev_push(&mut ev, false, result, Entity::Unit(u), &ends);
                            }
                        }
                    }
                }
            }
        }
        // Two chains: the premise set and removed lead to the same outcome.
        for &(s, a) in &premises {
            let (pon, poff) = (node(s, a, true), node(s, a, false));
            let (Some(on), Some(off)) = (sets_of(pon), sets_of(poff)) else { continue };
            for (set, field) in [(true, 0), (false, 1)] {
                for d in 1..=9u8 {
                    let pick = |x: &Sets| {
                        if field == 0 { x.on[usize::from(d)] } else { x.off[usize::from(d)] }
                    };
                    let both = pick(on) & pick(off) & !(1u128 << s);
                    for c in cells(both) {
                        let end = node(c, d, set);
                        ev_push(
                            &mut ev,
                            true,
                            (set, c, d),
                            Entity::Cell(c),
                            &[(pon, end), (poff, end)],
                        );
                    }
                }
            }
        }
        // All candidates of a cell, or all places of a digit in a house, lead to the same outcome.
        let mut list: Vec<u16> = Vec::with_capacity(9);
        let check = |list: &[u16], ev: &mut Ev| {
            let mut acc = Sets::default();
            for (k, &p) in list.iter().enumerate() {
                let Some(x) = sets_of(p) else { continue };
                for d in 1..10 {
                    if k == 0 {
                        acc.on[d] = x.on[d];
                        acc.off[d] = x.off[d];
                    } else {
                        acc.on[d] &= x.on[d];
                        acc.off[d] &= x.off[d];
                    }
                }
            }
            let mut ends = Vec::with_capacity(9);
            for d in 1..=9u8 {
                for (set, found) in
                    [(true, acc.on[usize::from(d)]), (false, acc.off[usize::from(d)])]
                {
                    for c in cells(found) {
                        ends.clear();
                        ends.extend(list.iter().map(|&p| (p, node(c, d, set))));
                        ev_push(ev, true, (set, c, d), Entity::Cell(c), &ends);
                    }
                }
            }
        };
        for c in 0..81u8 {
            if g.value(usize::from(c)) != 0 {
                continue;
            }
            list.clear();
            list.extend(digits(g.cands(usize::from(c))).map(|d| node(c, d, true)));
            check(&list, &mut ev);
        }
        for kind in KINDS {
            for h in 0..9u8 {
                for d in 1..=9u8 {
                    let here = UNIT_BITS[usize::from(kind + h)] & g.places(usize::from(d));
                    if here != 0 {
                        list.clear();
                        list.extend(cells(here).map(|c| node(c, d, true)));
                        check(&list, &mut ev);
                    }
                }
            }
        }
        ev
    }

    fn ev_push(ev: &mut Ev, verity: bool, r: (bool, u8, u8), e: Entity, ends: &[(u16, u16)]) {
        ev.push((verity, r, e, ends.to_vec()));
    }

    /// The fast checks equal the reference, for chains and nets, on the positions of HoDoKu's
    /// regression library's grouped nice loop and AIC cases (codes 0710 and 0711: positions
    /// late enough for chains; skipped when `../shared` is absent).
    #[test]
    fn checks_equal_reference() {
        let path =
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/hodoku/reglib-1.3.txt");
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("skipped: {path} is absent");
            return;
        };
        let mut n = 0;
        for line in text.lines().filter(|l| l.starts_with(":0710") || l.starts_with(":0711")) {
            let f = ["", line];
            let Ok(case) = f[1].parse::<crate::hodoku::LibraryCase>() else { continue };
            let g = Grid::from_marks(&case.marks, sudoku_core::CellSet::EMPTY);
            for net in [false, true] {
                let t = tables(&g, net);
                let (sets, slot) = all_sets(&t, &Reach::new(&t), &g);
                let want = enumerate(&g, &t, &sets, &slot);
                let ev = Checks::new(&g, &sets, &slot, t.tmp).events(None);
                let got: Vec<_> = ev
                    .list
                    .iter()
                    .map(|e| {
                        let (s, k) = e.chains;
                        (
                            e.verity,
                            (e.place, e.cell, e.digit),
                            e.entity,
                            ev.ends[s as usize..s as usize + usize::from(k)].to_vec(),
                        )
                    })
                    .collect();
                assert_eq!(got.len(), want.len(), "{}", f[1]);
                for (a, b) in got.iter().zip(&want) {
                    assert_eq!(a, b, "{}", f[1]);
                }
                n += 1;
            }
        }
        assert!(n >= 100, "only {n} searches compared from {path}");
    }
}
