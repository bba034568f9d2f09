//! HoDoKu's simple chains: Remote Pair, Turbot Fish, X-Chain and XY-Chain (its ChainSolver).
//!
//! A table of links per candidate (in-cell strong links of bivalue cells, then the links along
//! the cell's row, column and box), a depth-first search over alternating strong and weak
//! links from every candidate, every chain that ends strongly on the start digit and sees a
//! candidate to eliminate recorded (a chain is dropped when one with the same eliminations and
//! no more links was recorded before), and HoDoKu's choice among them: its step order
//! (`SolutionStep.compareTo`) through Java's sort. HoDoKu 2.2.4's behaviour with its default
//! options, from its documented facts; our own code.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::chain_text::{self, Node};
use super::grid::{CELL_UNITS, Grid, POP9, UNIT_BITS, cells, digits};
use super::{Found, HodokuTechnique as T, text, timsort};

/// The four searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// X-chains of exactly three links.
    Turbot,
    XChain,
    XyChain,
    RemotePair,
}

impl Kind {
    fn technique(self) -> T {
        match self {
            Kind::Turbot => T::TurbotFish,
            Kind::XChain => T::XChain,
            Kind::XyChain => T::XyChain,
            Kind::RemotePair => T::RemotePair,
        }
    }

    /// HoDoKu's enum order of the types (the find-all list is sorted by it first).
    fn ordinal(self) -> u8 {
        match self {
            Kind::XChain => 26,
            Kind::XyChain => 27,
            Kind::RemotePair => 28,
            Kind::Turbot => 102,
        }
    }

    /// Links between cells are single-digit (X-chains) rather than bivalue-cell walks.
    fn single_digit(self) -> bool {
        matches!(self, Kind::Turbot | Kind::XChain)
    }
}

/// The most links a chain may have (HoDoKu's `restrictChainLength`; 3 for Turbot Fish).
const MAX_LINKS: usize = 20;

/// A link to a candidate: cell | digit << 7 | strong << 11.
type Link = u16;

fn link(cell: u8, digit: u8, strong: bool) -> Link {
    u16::from(cell) | u16::from(digit) << 7 | u16::from(strong) << 11
}

fn l_cell(l: Link) -> u8 {
    (l & 0x7f) as u8
}

fn l_digit(l: Link) -> u8 {
    (l >> 7 & 0xf) as u8
}

fn l_strong(l: Link) -> bool {
    l >> 11 & 1 != 0
}

/// The links from every candidate (index `cell * 9 + digit - 1`): all of them
/// `list[start..end]`, and the strong ones, in the same order, `strong[s_start..s_end]` (the
/// only ones a chain may take after a weak link).
struct Links {
    start: [u16; 729],
    end: [u16; 729],
    s_start: [u16; 729],
    s_end: [u16; 729],
    list: Vec<Link>,
    strong: Vec<Link>,
}

/// HoDoKu's link table for a kind of chain: for every unsolved cell (bivalue cells only for
/// XY-chains and remote pairs) and candidate, the in-cell strong link of a bivalue cell (not
/// for X-chains), then the cells of its row, column and box holding the digit, in order (box
/// cells in the same row or column are not repeated; XY-chains only reach bivalue cells,
/// remote pairs only cells with the same pair). A link along a unit is strong for X-chains
/// when the digit has two places there.
fn links(g: &Grid, kind: Kind) -> Links {
    let mut t = Links {
        start: [0; 729],
        end: [0; 729],
        s_start: [0; 729],
        s_end: [0; 729],
        list: Vec::with_capacity(4096),
        strong: Vec::with_capacity(1024),
    };
    let single = kind.single_digit();
    let bivalue = (0..81u8)
        .filter(|&c| POP9[usize::from(g.cands(usize::from(c)))] == 2)
        .fold(0u128, |m, c| m | 1u128 << c);
    // Remote pairs: the cells of each pair.
    let mut by_pair = [0u128; 512];
    if kind == Kind::RemotePair {
        for c in cells(bivalue) {
            by_pair[usize::from(g.cands(usize::from(c)))] |= 1u128 << c;
        }
    }
    for cell in 0..81u8 {
        let mask = g.cands(usize::from(cell));
        if mask == 0 || (!single && bivalue >> cell & 1 == 0) {
            continue;
        }
        // The cells a link may reach.
        let reach = match kind {
            Kind::Turbot | Kind::XChain => !0,
            Kind::XyChain => bivalue,
            Kind::RemotePair => by_pair[usize::from(mask)],
        } & !(1u128 << cell);
        let [row, col, bx] = CELL_UNITS[usize::from(cell)];
        let line = UNIT_BITS[usize::from(row)] | UNIT_BITS[usize::from(col)];
        for d in digits(mask) {
            let at = usize::from(cell) * 9 + usize::from(d) - 1;
            t.start[at] = t.list.len() as u16;
            t.s_start[at] = t.strong.len() as u16;
            if POP9[usize::from(mask)] == 2 && !single {
                let other = (mask & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
                t.list.push(link(cell, other, true));
                t.strong.push(link(cell, other, true));
            }
            let places = g.places(usize::from(d));
            for (unit, skip) in [(row, 0), (col, 0), (bx, line)] {
                let in_unit = UNIT_BITS[usize::from(unit)] & places;
                let strong = single && in_unit.count_ones() == 2;
                for other in cells(in_unit & reach & !skip) {
                    t.list.push(link(other, d, strong));
                    if strong {
                        t.strong.push(link(other, d, true));
                    }
                }
            }
            t.end[at] = t.list.len() as u16;
            t.s_end[at] = t.strong.len() as u16;
        }
    }
    t
}

/// A chain found: its eliminations (by digit, ascending; at most two digits), HoDoKu's
/// ordering keys, and where its nodes are kept.
#[derive(Clone, Copy, Debug)]
struct Rec {
    kind: Kind,
    elims: [(u8, u128); 2],
    count: u32,
    /// HoDoKu's weighted index sum of the sorted eliminations.
    sum: i64,
    /// Links (nodes - 1).
    len: u8,
    values: [u8; 2],
    at: u32,
}

/// HoDoKu's step order (`SolutionStep.compareTo`) for these chains: more eliminations first;
/// different steps by their weighted index sums (equal sums: "equal"); steps with the same
/// eliminations by length, then by their digits.
fn compare(a: &Rec, b: &Rec) -> Ordering {
    if a.count != b.count {
        return b.count.cmp(&a.count);
    }
    if a.kind != b.kind || a.elims != b.elims {
        return a.sum.cmp(&b.sum);
    }
    if a.len != b.len {
        return a.len.cmp(&b.len);
    }
    let set = |v: [u8; 2]| (1u16 << v[0]) | (1u16 << v[1]);
    if set(a.values) != set(b.values) {
        let s = |v: [u8; 2]| u32::from(v[0]) + u32::from(v[1]);
        return s(a.values).cmp(&s(b.values));
    }
    Ordering::Equal
}

/// The chains a search found, and where their nodes are kept.
#[derive(Default)]
struct Out {
    /// Shortest length recorded per set of eliminations.
    seen: HashMap<[(u8, u128); 2], u8>,
    found: Vec<Rec>,
    nodes: Vec<Link>,
}

/// One search's state: the link table and the chain being built.
struct Search<'a> {
    g: &'a Grid,
    kind: Kind,
    links: Links,
    max_len: usize,
    /// The start cell and digit, and the remote pair's other digit.
    start: u8,
    a: u8,
    b: u8,
    /// Candidates of `a` (and `b`) that see the start cell.
    start_set: u128,
    start_set2: u128,
    chain: [Link; MAX_LINKS + 2],
    /// The cells of the chain's nodes before the current one (HoDoKu's lasso check).
    chain_set: [bool; 81],
}

/// One level of the depth-first search: the node's cell, whether the next link must be strong, and
/// the links still to try.
#[derive(Clone, Copy, Default)]
struct Level {
    cell: u8,
    strong_only: bool,
    at: u16,
    end: u16,
}

/// The cells that see a cell.
fn buddies(cell: u8) -> u128 {
    sudoku_core::PEERS[usize::from(cell)].bits()
}

impl<'a> Search<'a> {
    fn new(g: &'a Grid, kind: Kind) -> Search<'a> {
        Search {
            g,
            kind,
            links: links(g, kind),
            max_len: if kind == Kind::Turbot { 3 } else { MAX_LINKS },
            start: 0,
            a: 0,
            b: 0,
            start_set: 0,
            start_set2: 0,
            chain: [0; MAX_LINKS + 2],
            chain_set: [false; 81],
        }
    }

    /// The links a chain may take from a candidate: the strong ones only after a weak link.
    fn next(&self, cell: u8, digit: u8, strong_only: bool) -> (u16, u16) {
        let at = usize::from(cell) * 9 + usize::from(digit) - 1;
        if strong_only {
            (self.links.s_start[at], self.links.s_end[at])
        } else {
            (self.links.start[at], self.links.end[at])
        }
    }

    /// Every start: each unsolved cell and candidate, each strong link from it (the in-cell
    /// one for XY-chains and remote pairs, one along a unit for X-chains).
    fn run(&mut self) -> Out {
        let g = self.g;
        let mut out = Out::default();
        for s in 0..81u8 {
            let mask = g.cands(usize::from(s));
            for a in digits(mask) {
                // The strong links from (s, a): for XY-chains and remote pairs only the
                // in-cell one of a bivalue cell is listed strong.
                let (from, to) = self.next(s, a, true);
                for li in from..to {
                    let l = self.links.strong[usize::from(li)];
                    self.start = s;
                    self.a = a;
                    self.b = if self.kind == Kind::RemotePair {
                        (mask & !(1 << (a - 1))).trailing_zeros() as u8 + 1
                    } else {
                        0
                    };
                    let seen_by = buddies(s);
                    self.start_set = seen_by & g.places(usize::from(a));
                    self.start_set2 =
                        if self.b != 0 { seen_by & g.places(usize::from(self.b)) } else { 0 };
                    self.chain[0] = link(s, a, false);
                    self.chain[1] = l;
                    self.chain_set = [false; 81];
                    self.chain_set[usize::from(s)] = true;
                    self.dfs(&mut out);
                }
            }
        }
        out
    }

    /// Extends the chain `chain[0..=1]` depth first (HoDoKu's `getChain`). The link tables
    /// hold only links HoDoKu would accept by kind (same digit, bivalue cells, same pair,
    /// strong links within a cell after a weak one for XY-chains), so what is left to check is
    /// the lasso rule: no cell twice, except a return to the start, which ends the chain.
    fn dfs(&mut self, out: &mut Out) {
        let mut stack = [Level::default(); MAX_LINKS + 2];
        let first = self.chain[1];
        let (at, end) = self.next(l_cell(first), l_digit(first), !l_strong(first));
        // The current level is kept apart from the stack of the levels below it.
        let mut cur = Level { cell: l_cell(first), strong_only: !l_strong(first), at, end };
        let mut level = 1usize;
        loop {
            if cur.at >= cur.end {
                level -= 1;
                cur = stack[level];
                self.chain_set[usize::from(cur.cell)] = false;
                if level == 0 {
                    return;
                }
                continue;
            }
            let list = if cur.strong_only { &self.links.strong } else { &self.links.list };
            let mut l = list[usize::from(cur.at)];
            cur.at += 1;
            let (cell, digit) = (l_cell(l), l_digit(l));
            let is_loop = self.chain_set[usize::from(cell)];
            if is_loop && cell != self.start {
                continue;
            }
            self.chain_set[usize::from(cur.cell)] = true;
            // A strong link taken where a weak one would do counts as weak.
            let strong = cur.strong_only;
            if !strong {
                l &= !(1 << 11);
            }
            self.chain[level + 1] = l;
            if strong && digit == self.a {
                let m = self.start_set & buddies(cell);
                if m != 0 {
                    let next = level + 1;
                    match self.kind {
                        Kind::XChain | Kind::XyChain => self.record(out, m, 0, next),
                        Kind::Turbot if next == 3 => self.record(out, m, 0, next),
                        Kind::RemotePair if next >= 7 => self.remote_pair(out, m, cell, next),
                        _ => {}
                    }
                }
            }
            let (at, end) = self.next(cell, digit, !strong);
            if level + 1 < self.max_len && !is_loop && at < end {
                stack[level] = cur;
                level += 1;
                cur = Level { cell, strong_only: !strong, at, end };
            } else {
                // A node with nothing to try is left at once (as HoDoKu pops it: the current
                // cell leaves the lasso set).
                self.chain_set[usize::from(cur.cell)] = false;
            }
        }
    }

    /// A remote pair of four cells eliminates both digits from the cells seeing both ends;
    /// a longer one from the cells seeing two of its cells an odd number of cells apart.
    fn remote_pair(&mut self, out: &mut Out, m: u128, end: u8, level: usize) {
        let g = self.g;
        let (mut elim_a, mut elim_b) = (0u128, 0u128);
        if level > 7 {
            for i in (0..=level).step_by(2) {
                for j in (i + 6..=level).step_by(4) {
                    let both = buddies(l_cell(self.chain[i])) & buddies(l_cell(self.chain[j]));
                    elim_a |= both & g.places(usize::from(self.a));
                    elim_b |= both & g.places(usize::from(self.b));
                }
            }
        } else {
            elim_a = m;
            elim_b = self.start_set2 & buddies(end);
        }
        self.record(out, elim_a, elim_b, level);
    }

    /// Records the chain `chain[0..=level]`.
    fn record(&self, out: &mut Out, elim_a: u128, elim_b: u128, level: usize) {
        out.record(self.kind, [self.a, self.b], [elim_a, elim_b], &self.chain[..=level]);
    }
}

impl Out {
    /// Records a chain of `kind` (start digit, remote pair's other digit) with its nodes,
    /// eliminating the first digit from `elims[0]` and the second from `elims[1]`, unless one
    /// with the same eliminations and no more links is recorded (Turbot Fish keeps every one).
    fn record(&mut self, kind: Kind, [a, b]: [u8; 2], [elim_a, elim_b]: [u128; 2], nodes: &[Link]) {
        let mut elims = [(a, elim_a), (b, elim_b)];
        if elim_b == 0 {
            elims[1] = (0, 0);
        } else if elim_a == 0 {
            elims = [(b, elim_b), (0, 0)];
        } else if b < a {
            elims.swap(0, 1);
        }
        let len = (nodes.len() - 1) as u8;
        if kind != Kind::Turbot {
            match self.seen.get(&elims) {
                Some(&old) if old <= len => return,
                _ => {
                    self.seen.insert(elims, len);
                }
            }
        }
        let list = elims.iter().flat_map(|&(d, bits)| cells(bits).map(move |c| (c, d)));
        let sum = timsort::index_sum(list);
        let count = elims.iter().map(|&(_, bits)| bits.count_ones()).sum::<u32>();
        let at = self.nodes.len() as u32;
        self.nodes.extend_from_slice(nodes);
        self.found.push(Rec { kind, elims, count, sum, len, values: [a, b], at });
    }

    /// The step of a recorded chain, as HoDoKu reports and prints it.
    fn step(&self, r: &Rec) -> Found {
        let nodes: Vec<Node> = self.nodes[r.at as usize..=r.at as usize + usize::from(r.len)]
            .iter()
            .map(|&l| Node { cell: l_cell(l), digit: l_digit(l), strong: l_strong(l) })
            .collect();
        let mut eliminations = Vec::new();
        for &(d, bits) in &r.elims {
            eliminations.extend(cells(bits).map(|c| (c, d)));
        }
        let a = r.values[0];
        let chain = chain_text::chain(&nodes);
        let elims = text::eliminations(&eliminations);
        let t = r.kind.technique();
        let text = match r.kind {
            Kind::RemotePair => format!("{t}: {a}/{} {chain}{elims}", r.values[1]),
            Kind::XyChain => format!("{t}: {a} {a}- {chain} -{a}{elims}"),
            Kind::Turbot | Kind::XChain => format!("{t}: {a} {chain}{elims}"),
        };
        let mut pattern: Vec<(u8, u8)> = Vec::new();
        for n in &nodes {
            if !pattern.contains(&(n.cell, n.digit)) {
                pattern.push((n.cell, n.digit));
            }
        }
        Found {
            technique: t,
            values: if r.kind == Kind::RemotePair { r.values.to_vec() } else { vec![a] },
            eliminations,
            pattern,
            chain_length: (r.kind != Kind::Turbot).then_some(u32::from(r.len)),
            text,
            ..Found::default()
        }
    }
}

/// Turbot Fish: the X-chains of three links, in the order HoDoKu's search finds them (start
/// cell, digit, strong link from it, weak link, strong link, each in link-table order), found
/// without the link table: from each candidate its strong links (to the other place of the
/// digit in its row, column, box when there are two; a box partner in the same row or column
/// is not a link of the box), and the weak links along its row, column and box.
fn turbots(g: &Grid) -> Out {
    let mut out = Out::default();
    // By digit and cell: its strong links, in order.
    let mut strong = [[[0u8; 3]; 81]; 10];
    let mut count = [[0u8; 81]; 10];
    for d in 1..=9u8 {
        let places = g.places(usize::from(d));
        for c in cells(places) {
            let [row, col, _] = CELL_UNITS[usize::from(c)];
            let line = UNIT_BITS[usize::from(row)] | UNIT_BITS[usize::from(col)];
            for (k, &unit) in CELL_UNITS[usize::from(c)].iter().enumerate() {
                let in_unit = UNIT_BITS[usize::from(unit)] & places;
                let other = in_unit & !(1u128 << c);
                if POP9[usize::from(g.at(unit, d))] == 2 && (k < 2 || other & line == 0) {
                    let n = &mut count[usize::from(d)][usize::from(c)];
                    strong[usize::from(d)][usize::from(c)][usize::from(*n)] =
                        other.trailing_zeros() as u8;
                    *n += 1;
                }
            }
        }
    }
    let partners = |d: u8, c: u8| {
        &strong[usize::from(d)][usize::from(c)]
            [..usize::from(count[usize::from(d)][usize::from(c)])]
    };
    for s in 0..81u8 {
        for a in digits(g.cands(usize::from(s))) {
            let places = g.places(usize::from(a));
            let start_set = buddies(s) & places;
            for &c1 in partners(a, s) {
                let [row, col, bx] = CELL_UNITS[usize::from(c1)];
                let line = UNIT_BITS[usize::from(row)] | UNIT_BITS[usize::from(col)];
                for (unit, skip) in [(row, 0), (col, 0), (bx, line)] {
                    let weak = UNIT_BITS[usize::from(unit)] & places & !skip & !(1u128 << c1);
                    for c2 in cells(weak & !(1u128 << s)) {
                        for &c3 in partners(a, c2) {
                            let m = start_set & buddies(c3);
                            if c3 != c1 && m != 0 {
                                let nodes = [
                                    link(s, a, false),
                                    link(c1, a, true),
                                    link(c2, a, false),
                                    link(c3, a, true),
                                ];
                                out.record(Kind::Turbot, [a, 0], [m, 0], &nodes);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether four cells hold the same two candidates.
fn has_four_pairs(g: &Grid) -> bool {
    let mut n = [0u8; 512];
    (0..81).map(|i| g.cands(i)).filter(|&m| POP9[usize::from(m)] == 2).any(|m| {
        n[usize::from(m)] += 1;
        n[usize::from(m)] == 4
    })
}

/// The chains of `kind` on `g`, as HoDoKu's search records them.
fn search(g: &Grid, kind: Kind) -> Out {
    match kind {
        Kind::Turbot => turbots(g),
        // A remote pair needs four cells with the same two candidates.
        Kind::RemotePair if !has_four_pairs(g) => Out::default(),
        _ => Search::new(g, kind).run(),
    }
}

/// The chain of `kind` HoDoKu's solver takes on `g`: every chain found, sorted by HoDoKu's
/// step order, the first.
pub(crate) fn first(g: &Grid, kind: Kind) -> Option<Found> {
    let out = search(g, kind);
    let mut order: Vec<u32> = (0..out.found.len() as u32).collect();
    timsort::sort(&mut order, |&x, &y| compare(&out.found[x as usize], &out.found[y as usize]));
    order.first().map(|&i| out.step(&out.found[i as usize]))
}

/// Every simple chain of the four kinds, in the order HoDoKu's find-all lists them (each
/// search's chains appended to one list that is sorted after each, then sorted by type).
pub(crate) fn all(g: &Grid) -> Vec<Found> {
    let mut searches = Vec::new();
    let mut list: Vec<(usize, usize)> = Vec::new();
    for kind in [Kind::Turbot, Kind::XChain, Kind::XyChain, Kind::RemotePair] {
        let s = search(g, kind);
        let k = searches.len();
        list.extend((0..s.found.len()).map(|i| (k, i)));
        searches.push(s);
        let rec = |&(k, i): &(usize, usize)| searches[k].found[i];
        timsort::sort(&mut list, |x, y| compare(&rec(x), &rec(y)));
    }
    let rec = |&(k, i): &(usize, usize)| searches[k].found[i];
    timsort::sort(&mut list, |x, y| {
        let (a, b) = (rec(x), rec(y));
        a.kind.ordinal().cmp(&b.kind.ordinal()).then_with(|| compare(&a, &b))
    });
    list.iter().map(|&(k, i)| searches[k].step(&searches[k].found[i])).collect()
}

#[cfg(test)]
mod tests {
    use crate::hodoku::LibraryCase;

    /// The first step of a row on a library case's grid, as HoDoKu prints it.
    fn first(line: &str, kind: super::Kind) -> Option<String> {
        let case: LibraryCase = line.parse().expect("a case");
        super::first(&case.grid(), kind).map(|f| f.text)
    }

    #[test]
    fn turbot_fish_is_a_three_link_x_chain() {
        let line = ":0403:1:9+3...8.+4+5..7.4..+38.843.....16+259+7+3+8+4+8+75+4+2+3...+3+4+9+18+6+5724+9+3+7518+26....3.4+5.....+6+4.9+3::182::";
        assert_eq!(
            first(line, super::Kind::Turbot).as_deref(),
            Some("Turbot Fish: 1 r2c2 =1= r2c7 -1- r9c7 =1= r8c9 => r8c2<>1")
        );
    }

    #[test]
    fn x_and_xy_chains_as_hodoku_prints_them() {
        let line = ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";
        assert_eq!(
            first(line, super::Kind::XChain).as_deref(),
            Some("X-Chain: 7 r1c2 =7= r1c9 -7- r2c8 =7= r7c8 -7- r7c3 =7= r4c3 => r4c2<>7")
        );
        let line = ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19";
        assert_eq!(
            first(line, super::Kind::XyChain).as_deref(),
            Some(
                "XY-Chain: 5 5- r5c2 -8- r7c2 -2- r7c1 -8- r3c1 -1- r4c1 -4- r4c8 -1- r6c8 -5 => r5c89,r6c123<>5"
            )
        );
    }

    #[test]
    fn remote_pairs_eliminate_both_digits() {
        let line = ":0703:4:5.91673.8.63548.191..23956.952413..6316782495...9561328.53916..637824951.91675..3:432 462 298:498:";
        assert_eq!(
            first(line, super::Kind::RemotePair).as_deref(),
            Some("Remote Pair: 4/2 r1c8 -2- r1c2 -4- r7c2 -2- r9c1 => r9c8<>4")
        );
    }
}
