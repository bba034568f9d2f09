//! Uniqueness techniques as HoDoKu 2.2.4 finds them: Uniqueness Tests 1-6 and Hidden
//! Rectangle on rectangles grown from bivalue cells, Avoidable Rectangles 1 and 2 on rectangles
//! grown from placed (not given) cells, and BUG+1. Each row takes the first step of its type in
//! HoDoKu's discovery order: start cells ascending, partners in the start's box, opposite cells
//! along the lines, then the type tests in order (UR1, UR2/UR5, UR3, UR4, UR6, HR); a rectangle
//! whose four cells were examined already in the same search is skipped, by HoDoKu's key (which
//! can confuse two rectangles: kept, since it decides what HoDoKu finds). Our own code, from
//! HoDoKu's documented behaviour.

use super::geometry::{
    BUDDIES, bit, box_bits, boxn, buddies, col, col_bits, count, first, row, row_bits,
};
use super::grid::{Grid, UNIT_BITS, cells, digits};
use super::{Found, HodokuTechnique as T, Options, text};

/// How many examined rectangles HoDoKu remembers per search.
const REMEMBERED: usize = 400;

/// One search over rectangles: what is wanted, what was examined, what was found.
struct Rects<'a> {
    g: &'a Grid,
    /// By digit, the unsolved cells where no peer holds the digit.
    allowed: [u128; 10],
    allow_missing: bool,
    /// The type wanted (`None`: every type, every instance).
    want: Option<T>,
    /// HoDoKu's keys of the rectangles examined.
    seen: Vec<u32>,
    out: Vec<Found>,
}

impl<'a> Rects<'a> {
    fn new(g: &'a Grid, options: &Options, want: Option<T>) -> Rects<'a> {
        let mut blocked = [0u128; 10];
        let mut unsolved = 0u128;
        for c in 0..81u8 {
            match g.value(usize::from(c)) {
                0 => unsolved |= bit(c),
                v => blocked[usize::from(v)] |= BUDDIES[usize::from(c)],
            }
        }
        let mut allowed = [0u128; 10];
        for d in 1..10 {
            allowed[d] = unsolved & !blocked[d];
        }
        Rects {
            g,
            allowed,
            allow_missing: options.allow_uniqueness_missing_candidates,
            want,
            seen: Vec::new(),
            out: Vec::new(),
        }
    }

    fn cands(&self, c: u8) -> u16 {
        self.g.cands(usize::from(c))
    }

    fn value(&self, c: u8) -> u8 {
        self.g.value(usize::from(c))
    }

    fn given(&self, c: u8) -> bool {
        self.g.givens >> c & 1 != 0
    }

    fn allows(&self, c: u8, d: u8) -> bool {
        self.allowed[usize::from(d)] >> c & 1 != 0
    }

    /// Whether the rectangle is new to this search (HoDoKu's key: the four cells ascending,
    /// as the decimal digits of one number, carries and all); remembers it.
    fn fresh(&mut self, rect: [u8; 4]) -> bool {
        let mut t = rect.map(u32::from);
        t.sort_unstable();
        let key = ((t[0] * 10 + t[1]) * 10 + t[2]) * 10 + t[3];
        if self.seen.contains(&key) {
            return false;
        }
        if self.seen.len() < REMEMBERED {
            self.seen.push(key);
        }
        true
    }

    /// Whether steps of type `t` are wanted.
    fn wants(&self, t: T) -> bool {
        self.want.is_none_or(|w| w == t)
    }

    /// Records a step of type `t` if wanted; returns whether the search is over.
    fn emit(&mut self, t: T, ab: [u8; 2], rect: [u8; 4], elims: Vec<(u8, u8)>) -> bool {
        if self.want.is_some_and(|w| w != t) || elims.is_empty() {
            return false;
        }
        let text = format!(
            "{t}: {}/{} in {}{}",
            ab[0],
            ab[1],
            text::compact(rect),
            text::eliminations(&elims)
        );
        let g = self.g;
        let pattern = rect
            .iter()
            .flat_map(|&c| ab.iter().filter(move |&&d| g.has(c, d)).map(move |&d| (c, d)))
            .collect();
        self.out.push(Found {
            technique: t,
            values: ab.to_vec(),
            cells: rect.to_vec(),
            pattern,
            eliminations: elims,
            text,
            ..Found::default()
        });
        self.want.is_some()
    }

    /// The opposite cells of a start `s` and its partner `p` (same box, same row or column):
    /// the `k`-th cells of their columns (a row pair) or rows (a column pair), outside the box.
    fn opposites(s: u8, p: u8) -> impl Iterator<Item = (u8, u8)> {
        let lines = row(s) == row(p);
        (0..9u8)
            .map(move |k| {
                if lines {
                    (k * 9 + col(s), k * 9 + col(p))
                } else {
                    (row(s) * 9 + k, row(p) * 9 + k)
                }
            })
            .filter(move |&(q, _)| boxn(q) != boxn(s))
    }

    /// The partners of `s`: the other cells of its box on its row or column, in box order.
    fn partners(s: u8) -> impl Iterator<Item = u8> {
        cells(box_bits(boxn(s)) & (row_bits(row(s)) | col_bits(col(s))) & !bit(s))
    }

    /// Uniqueness rectangles from every bivalue start cell; stops at the first wanted step.
    fn unique_rectangles(&mut self) -> bool {
        for s in 0..81u8 {
            if self.cands(s).count_ones() != 2 {
                continue;
            }
            let ab = self.cands(s);
            let a = ab.trailing_zeros() as u8 + 1;
            let b = (ab & (ab - 1)).trailing_zeros() as u8 + 1;
            for p in Self::partners(s) {
                let ok = self.value(p) == 0
                    && if self.allow_missing {
                        self.allows(p, a) && self.allows(p, b)
                    } else {
                        self.cands(p) & ab == ab
                    };
                if !ok {
                    continue;
                }
                for (q, r) in Self::opposites(s, p) {
                    let ok = if self.allow_missing {
                        self.allows(q, a) && self.allows(r, a) && self.allows(r, b)
                    } else {
                        self.cands(q) & ab == ab && self.cands(r) & ab == ab
                    };
                    if ok && self.fresh([s, p, q, r]) && self.check_ur([a, b], [s, p, q, r]) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The type tests on one rectangle, in HoDoKu's order.
    fn check_ur(&mut self, ab: [u8; 2], rect: [u8; 4]) -> bool {
        let [a, b] = ab;
        let mask = 1u16 << (a - 1) | 1 << (b - 1);
        let rect_bits = rect.iter().fold(0u128, |m, &c| m | bit(c));
        let (mut twos, mut extras, mut nt, mut ne) = ([0u8; 4], [0u8; 4], 0, 0);
        for c in cells(rect_bits) {
            if self.cands(c) & !mask == 0 {
                twos[nt] = c;
                nt += 1;
            } else {
                extras[ne] = c;
                ne += 1;
            }
        }
        let (two, extra) = (&twos[..nt], &extras[..ne]);
        let has = |c: u8, d: u8| self.g.has(c, d);
        if two.len() == 3 && self.wants(T::Uniqueness1) {
            let del = extra[0];
            let elims = [a, b].into_iter().filter(|&d| has(del, d)).map(|d| (del, d)).collect();
            if self.emit(T::Uniqueness1, ab, rect, elims) {
                return true;
            }
        }
        let ur25 = self.wants(T::Uniqueness2) || self.wants(T::Uniqueness5);
        if (two.len() == 1 || two.len() == 2) && ur25 {
            let (mut add, mut seeing) = (0u16, (1u128 << 81) - 1);
            for &e in extra {
                add |= self.cands(e) & !mask;
                if add.count_ones() > 1 {
                    break;
                }
                seeing &= buddies(e);
            }
            if add.count_ones() == 1 {
                let x = add.trailing_zeros() as u8 + 1;
                let targets = seeing & self.g.places(usize::from(x));
                let (e0, e1) = (extra[0], extra[1]);
                let diagonal = row(e0) != row(e1) && col(e0) != col(e1);
                let t = if extra.len() == 3 || diagonal { T::Uniqueness5 } else { T::Uniqueness2 };
                let elims = cells(targets).map(|c| (c, x)).collect();
                if self.emit(t, ab, rect, elims) {
                    return true;
                }
            }
        }
        if two.len() == 2 {
            let (e0, e1) = (extra[0], extra[1]);
            let u3 = (self.cands(e0) | self.cands(e1)) & !mask;
            let shared = [
                (row(e0) == row(e1), usize::from(row(e0)), false),
                (col(e0) == col(e1), 9 + usize::from(col(e0)), false),
                (boxn(e0) == boxn(e1), 18 + usize::from(boxn(e0)), true),
            ];
            for (same, unit, in_box) in shared {
                if same
                    && self.wants(T::Uniqueness3)
                    && self.uniqueness3(ab, rect, UNIT_BITS[unit], in_box, u3, extra)
                {
                    return true;
                }
            }
            if (row(e0) == row(e1) || col(e0) == col(e1)) && self.uniqueness4(ab, rect, e0, e1) {
                return true;
            }
            if row(e0) != row(e1) && col(e0) != col(e1) && self.uniqueness6(ab, rect, e0, e1) {
                return true;
            }
        }
        if (two.len() == 1 || two.len() == 2) && self.wants(T::HiddenRectangle) {
            let lined =
                two.len() == 2 && (row(two[0]) == row(two[1]) || col(two[0]) == col(two[1]));
            if !lined {
                for &corner in two {
                    if self.hidden_rectangle(ab, rect, corner, extra) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Uniqueness Test 3: the two extra cells, sharing `unit`, form a naked subset with other
    /// cells of the unit that hold neither rectangle digit (subsets depth first).
    fn uniqueness3(
        &mut self,
        ab: [u8; 2],
        rect: [u8; 4],
        unit: u128,
        in_box: bool,
        u3: u16,
        extra: &[u8],
    ) -> bool {
        let mask = 1u16 << (ab[0] - 1) | 1 << (ab[1] - 1);
        let rect_bits = rect.iter().fold(0u128, |m, &c| m | bit(c));
        let pool: Vec<u8> = cells(unit & !rect_bits)
            .filter(|&c| self.cands(c) != 0 && self.cands(c) & mask == 0)
            .collect();
        if pool.is_empty() {
            return false;
        }
        let included = extra.iter().fold(0u128, |m, &c| m | bit(c));
        let u = U3 { ab, rect, unit, in_box, pool };
        self.uniqueness3_from(&u, 0, u3, included)
    }

    fn uniqueness3_from(&mut self, u: &U3, start: usize, digits_in: u16, cells_in: u128) -> bool {
        for i in start..u.pool.len() {
            let ds = digits_in | self.cands(u.pool[i]);
            let cs = cells_in | bit(u.pool[i]);
            let skip = u.in_box && one_line(cs);
            if !skip && ds.count_ones() + 1 == count(cs) {
                let mut elims = self.subset_eliminations(u.unit & !cs, ds);
                if !elims.is_empty() {
                    let block = box_of_all(cs);
                    if let (false, Some(b)) = (u.in_box, block) {
                        elims.extend(self.subset_eliminations(box_bits(b) & !cs, ds));
                    }
                    if self.emit(T::Uniqueness3, u.ab, u.rect, elims) {
                        return true;
                    }
                }
            }
            if self.uniqueness3_from(u, i + 1, ds, cs) {
                return true;
            }
        }
        false
    }

    /// The subset's digits in the unsolved cells of `targets`, cell by cell.
    fn subset_eliminations(&self, targets: u128, ds: u16) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        for c in cells(targets) {
            if self.value(c) == 0 {
                out.extend(digits(self.cands(c) & ds).map(|d| (c, d)));
            }
        }
        out
    }

    /// Uniqueness Test 4: a rectangle digit absent from every common peer of the two extra
    /// cells (on a line): the other digit leaves both.
    fn uniqueness4(&mut self, ab: [u8; 2], rect: [u8; 4], e0: u8, e1: u8) -> bool {
        if !self.wants(T::Uniqueness4) {
            return false;
        }
        let common = buddies(e0) & buddies(e1);
        let places = |d: u8| self.g.places(usize::from(d));
        let del = if common & places(ab[0]) == 0 {
            ab[1]
        } else if common & places(ab[1]) == 0 {
            ab[0]
        } else {
            return false;
        };
        let elims = [e0, e1].into_iter().filter(|&c| self.g.has(c, del)).map(|c| (c, del));
        let elims = elims.collect();
        self.emit(T::Uniqueness4, ab, rect, elims)
    }

    /// Uniqueness Test 6: extra cells in diagonal; a rectangle digit absent from the
    /// rectangle's rows and columns outside it leaves both extra cells.
    fn uniqueness6(&mut self, ab: [u8; 2], rect: [u8; 4], e0: u8, e1: u8) -> bool {
        if !self.wants(T::Uniqueness6) {
            return false;
        }
        let rect_bits = rect.iter().fold(0u128, |m, &c| m | bit(c));
        let lines = row_bits(row(e0)) | col_bits(col(e0)) | row_bits(row(e1)) | col_bits(col(e1));
        let others = lines & !rect_bits;
        let places = |d: u8| self.g.places(usize::from(d));
        let del = if others & places(ab[0]) == 0 {
            ab[0]
        } else if others & places(ab[1]) == 0 {
            ab[1]
        } else {
            return false;
        };
        let elims = [e0, e1].into_iter().filter(|&c| self.g.has(c, del)).map(|c| (c, del));
        let elims = elims.collect();
        self.emit(T::Uniqueness6, ab, rect, elims)
    }

    /// Hidden Rectangle from a corner holding only rectangle digits: if a rectangle digit `u`
    /// lies in the opposite corner's row and column only inside the rectangle, the other digit
    /// leaves the opposite corner.
    fn hidden_rectangle(&mut self, ab: [u8; 2], rect: [u8; 4], corner: u8, extra: &[u8]) -> bool {
        let (e0, e1) = (extra[0], extra[1]);
        let line = if row(e0) == row(corner) { row(e1) } else { row(e0) };
        let column = if col(e0) == col(corner) { col(e1) } else { col(e0) };
        let rect_bits = rect.iter().fold(0u128, |m, &c| m | bit(c));
        let opposite = line * 9 + column;
        for (u, v) in [(ab[0], ab[1]), (ab[1], ab[0])] {
            let places = self.g.places(usize::from(u)) & !rect_bits;
            if places & (row_bits(line) | col_bits(column)) != 0 {
                continue;
            }
            let elims = if self.g.has(opposite, v) { vec![(opposite, v)] } else { Vec::new() };
            if self.emit(T::HiddenRectangle, ab, rect, elims) {
                return true;
            }
        }
        false
    }

    /// Avoidable rectangles from every placed, not given, start cell (each taken twice, as
    /// HoDoKu does); stops at the first wanted step.
    fn avoidable_rectangles(&mut self) -> bool {
        for s in 0..81u8 {
            if self.value(s) == 0 || self.given(s) {
                continue;
            }
            for _ in 0..2 {
                if self.avoidable_from(s) {
                    return true;
                }
            }
        }
        false
    }

    fn avoidable_from(&mut self, s: u8) -> bool {
        let g = self.g;
        let a = g.value(usize::from(s));
        let bivalue = |c: u8, d: u8| {
            g.value(usize::from(c)) == 0 && g.has(c, d) && g.cands(usize::from(c)).count_ones() == 2
        };
        let placed = |c: u8, d: u8| g.value(usize::from(c)) == d && g.givens >> c & 1 == 0;
        for p in Self::partners(s) {
            if self.value(p) == 0 || self.given(p) {
                continue;
            }
            let b = self.value(p);
            for (q, r) in Self::opposites(s, p) {
                let ok = (placed(q, b) && bivalue(r, a))
                    || (placed(r, a) && bivalue(q, b))
                    || (bivalue(q, b) && bivalue(r, a));
                if ok && self.fresh([s, p, q, r]) && self.check_ar([a, b], [s, p, q, r]) {
                    return true;
                }
            }
        }
        false
    }

    fn check_ar(&mut self, ab: [u8; 2], rect: [u8; 4]) -> bool {
        let [a, b] = ab;
        let [_, _, q, r] = rect;
        if self.value(q) != 0 || self.value(r) != 0 {
            let (cell, d) = if self.value(q) != 0 { (r, a) } else { (q, b) };
            let elims = if self.g.has(cell, d) { vec![(cell, d)] } else { Vec::new() };
            return self.emit(T::AvoidableRectangle1, ab, rect, elims);
        }
        let others = self.cands(q) & !(1 << (b - 1));
        if others == 0 {
            return false;
        }
        let x = others.trailing_zeros() as u8 + 1;
        if !self.g.has(r, x) {
            return false;
        }
        let targets = buddies(q) & buddies(r) & self.g.places(usize::from(x));
        let elims = cells(targets).map(|c| (c, x)).collect();
        self.emit(T::AvoidableRectangle2, ab, rect, elims)
    }
}

/// The fixed part of one Uniqueness Test 3 search.
struct U3 {
    ab: [u8; 2],
    rect: [u8; 4],
    unit: u128,
    in_box: bool,
    pool: Vec<u8>,
}

/// Whether the cells lie in one row or one column.
fn one_line(cs: u128) -> bool {
    let f = first(cs);
    cs & !row_bits(row(f)) == 0 || cs & !col_bits(col(f)) == 0
}

/// The box holding every cell of `cs`, if one does.
fn box_of_all(cs: u128) -> Option<u8> {
    let b = boxn(first(cs));
    (cs & !box_bits(b) == 0).then_some(b)
}

/// The first Uniqueness Test 1-6 or Hidden Rectangle step of type `want` (every step of these
/// types if `None`).
pub(crate) fn unique_rectangles(g: &Grid, options: &Options, want: Option<T>) -> Vec<Found> {
    let mut rects = Rects::new(g, options, want);
    rects.unique_rectangles();
    rects.out
}

/// The first Avoidable Rectangle step of type `want` (1 or 2).
pub(crate) fn avoidable_rectangles(g: &Grid, options: &Options, want: T) -> Option<Found> {
    let mut rects = Rects::new(g, options, Some(want));
    rects.avoidable_rectangles();
    rects.out.pop()
}

/// Every uniqueness and avoidable rectangle step, as HoDoKu's regression tester collects them
/// (one search: a rectangle examined as one kind is not examined again).
pub(crate) fn all_rectangles(g: &Grid, options: &Options) -> Vec<Found> {
    let mut rects = Rects::new(g, options, None);
    rects.unique_rectangles();
    rects.avoidable_rectangles();
    rects.out
}

/// BUG+1: no cell with more than three candidates, exactly one with three; in every unit every
/// digit at most three times, the threes all of one digit and at most one unit of each kind,
/// and those units the three-candidate cell's own: its other candidates go.
pub(crate) fn bug_plus_one(g: &Grid) -> Option<Found> {
    let mut three = None;
    for c in 0..81u8 {
        match g.cands(usize::from(c)).count_ones() {
            0..=2 => {}
            3 if three.is_none() => three = Some(c),
            _ => return None,
        }
    }
    let cell = three?;
    let (mut units, mut digit) = ([None::<u8>; 3], None::<u8>);
    for u in 0..27u8 {
        for d in 1..=9u8 {
            match g.free(u, d) {
                0..=2 => {}
                3 => {
                    let kind = usize::from(u / 9);
                    if units[kind].is_some() || digit.is_some_and(|t| t != d) {
                        return None;
                    }
                    digit = Some(d);
                    units[kind] = Some(u);
                }
                _ => return None,
            }
        }
    }
    let t = digit?;
    let own = super::grid::CELL_UNITS[usize::from(cell)];
    if !g.has(cell, t) || (0..3).any(|k| units[k] != Some(own[k])) {
        return None;
    }
    let eliminations: Vec<(u8, u8)> =
        digits(g.cands(usize::from(cell))).filter(|&d| d != t).map(|d| (cell, d)).collect();
    let text = format!("{}{}", T::BugPlus1, text::eliminations(&eliminations));
    Some(Found {
        technique: T::BugPlus1,
        pattern: vec![(cell, t)],
        units: own.to_vec(),
        eliminations,
        text,
        ..Found::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::geometry::case_grid;

    #[test]
    fn uniqueness_test_4_of_the_library() {
        let g = case_grid(
            ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::",
        );
        let found = unique_rectangles(&g, &Options::default(), Some(T::Uniqueness4));
        assert_eq!(found[0].eliminations, vec![(10, 1), (11, 1)]);
        assert!(found[0].text.starts_with("Uniqueness Test 4: 1/4 in "));
    }

    #[test]
    fn bug_plus_one_of_the_library() {
        let g = case_grid(
            ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::",
        );
        let found = bug_plus_one(&g).expect("a BUG+1");
        assert_eq!(found.text, "Bivalue Universal Grave + 1 => r7c3<>3, r7c3<>6");
    }

    #[test]
    fn avoidable_rectangle_of_the_library() {
        let g = case_grid(
            ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::",
        );
        let found = avoidable_rectangles(&g, &Options::default(), T::AvoidableRectangle2);
        assert!(found.is_some_and(|f| f.values == [3, 7] || f.values == [7, 3]));
    }

    #[test]
    fn each_rectangle_type_passes_a_library_case() {
        for line in [
            ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::",
            ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::",
            ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+9+1..4...+1+79..+371.+45.......36.::212 222 293 722 793::",
            ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::",
            ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687::",
            ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::",
            ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::",
        ] {
            let case: crate::hodoku::LibraryCase = line.parse().expect("a case");
            assert_eq!(case.check(), crate::hodoku::CaseOutcome::Passed, "{line}");
        }
    }
}
