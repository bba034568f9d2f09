//! Single-digit patterns as HoDoKu 2.2.4 finds them: Skyscraper, 2-String Kite and Empty
//! Rectangle, and their dual forms (two instances sharing their box, found only with
//! `allow_duals_and_siamese`). Every search runs digit by digit and takes the first instance
//! in its order; `all` collects every instance instead, as HoDoKu's regression tester does.
//! Our own code, from HoDoKu's documented behaviour.

use super::geometry::{box_bits, boxn, buddies, col, col_bits, count, first, row, row_bits};
use super::grid::{Grid, cells};
use super::{Found, HodokuTechnique as T, Options, text};

/// The units of `base..base + 9` (rows 0, columns 9) holding `d` in exactly two cells: each as
/// its unit and its two cells in unit order.
fn conjugates(g: &Grid, d: u8, base: u8) -> ([(u8, u8, u8); 9], usize) {
    let mut out = [(0, 0, 0); 9];
    let mut n = 0;
    for u in base..base + 9 {
        if g.free(u, d) != 2 {
            continue;
        }
        let bits = super::grid::UNIT_BITS[usize::from(u)] & g.places(usize::from(d));
        if bits & bits.wrapping_sub(1) == 0 {
            continue;
        }
        let a = first(bits);
        out[n] = (u, a, first(bits & (bits - 1)));
        n += 1;
    }
    (out, n)
}

/// A Skyscraper or 2-String Kite step: free ends, connected ends, eliminations of `d`.
fn kite_step(t: T, d: u8, free: [u8; 2], base: [u8; 2], units: Vec<u8>, elims: u128) -> Found {
    let eliminations: Vec<(u8, u8)> = cells(elims).map(|c| (c, d)).collect();
    let text = format!(
        "{t}: {d} in {} (connected by {}){}",
        text::compact(free),
        text::compact(base),
        text::eliminations(&eliminations)
    );
    Found {
        technique: t,
        values: vec![d],
        cells: vec![free[0], free[1], base[0], base[1]],
        pattern: [free[0], free[1], base[0], base[1]].iter().map(|&c| (c, d)).collect(),
        units,
        eliminations,
        text,
        ..Found::default()
    }
}

/// Skyscrapers: rows as the strong links for digits 1-9, then columns. Two strong links whose
/// first cells (else second cells) share a column (a row): the free ends' common peers lose the
/// digit. Crossed alignments are not looked at; free ends in one line would be an X-Wing.
pub(crate) fn skyscrapers(g: &Grid, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for lines in [true, false] {
        let line = |c: u8| if lines { col(c) } else { row(c) };
        for d in 1..=9u8 {
            let (pairs, n) = conjugates(g, d, if lines { 0 } else { 9 });
            for i in 0..n {
                for j in i + 1..n {
                    let ((ui, a0, a1), (uj, b0, b1)) = (pairs[i], pairs[j]);
                    let (free, base) = if line(a0) == line(b0) {
                        ([a1, b1], [a0, b0])
                    } else if line(a1) == line(b1) {
                        ([a0, b0], [a1, b1])
                    } else {
                        continue;
                    };
                    if line(free[0]) == line(free[1]) {
                        continue;
                    }
                    let elims = g.places(usize::from(d)) & buddies(free[0]) & buddies(free[1]);
                    if elims != 0 {
                        out.push(kite_step(T::Skyscraper, d, free, base, vec![ui, uj], elims));
                        if !all {
                            return out;
                        }
                    }
                }
            }
        }
    }
    out
}

/// 2-String Kites: a row's strong link and a column's strong link with one end each in a
/// common box; the cell at the other ends' crossing loses the digit. Rows outer, columns
/// inner, digits 1-9. With `options.allow_duals_and_siamese` (only when collecting all), kites
/// sharing their box cells with different eliminations are merged into dual kites as well.
pub(crate) fn two_string_kites(g: &Grid, options: &Options, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let (rows, nr) = conjugates(g, d, 0);
        let (cols, nc) = conjugates(g, d, 9);
        for &(ur, r0, r1) in &rows[..nr] {
            for &(uc, c0, c1) in &cols[..nc] {
                let same = |a: u8, b: u8| boxn(a) == boxn(b);
                let (rc, rf, cc, cf) = if same(r0, c0) {
                    (r0, r1, c0, c1)
                } else if same(r0, c1) {
                    (r0, r1, c1, c0)
                } else if same(r1, c0) {
                    (r1, r0, c0, c1)
                } else if same(r1, c1) {
                    (r1, r0, c1, c0)
                } else {
                    continue;
                };
                if r0 == c0 || r0 == c1 || r1 == c0 || r1 == c1 {
                    continue;
                }
                let cross = row(cf) * 9 + col(rf);
                if g.has(cross, d) {
                    let units = vec![ur, uc, 18 + boxn(rc)];
                    let step =
                        kite_step(T::TwoStringKite, d, [rf, cf], [rc, cc], units, 1u128 << cross);
                    out.push(step);
                    if !all {
                        return out;
                    }
                }
            }
        }
    }
    if all && options.allow_duals_and_siamese {
        duals(&mut out, |a, b| {
            (a.cells[2] == b.cells[2] && a.cells[3] == b.cells[3])
                || (a.cells[3] == b.cells[2] && a.cells[2] == b.cells[3])
        });
    }
    out
}

/// Appends the duals of a list of steps: every pair (earlier, later) of the list as it was
/// that `same` calls one pattern and whose first eliminations differ, merged into the earlier
/// one (its cells, then the later one's pattern cells; its elimination, then the later one's).
fn duals(list: &mut Vec<Found>, same: impl Fn(&Found, &Found) -> bool) {
    let n = list.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&list[i], &list[j]);
            if !same(a, b) || a.eliminations[0] == b.eliminations[0] {
                continue;
            }
            let mut dual = a.clone();
            let kite = a.technique == T::TwoStringKite;
            dual.technique = if kite { T::DualTwoStringKite } else { T::DualEmptyRectangle };
            let extra = if kite { 4 } else { 2 };
            dual.cells.extend_from_slice(&b.cells[..extra]);
            dual.eliminations.push(b.eliminations[0]);
            let d = dual.values[0];
            let c = &dual.cells;
            let group = |k: usize| text::compact([c[k], c[k + 1]]);
            let rest = text::eliminations(&dual.eliminations);
            dual.text = if kite {
                format!(
                    "{}: {d} in {}/in {} (connected by {}){rest}",
                    dual.technique,
                    group(0),
                    group(4),
                    group(2)
                )
            } else {
                let b = dual.units[0] - 17;
                format!("{}: {d} in b{b} ({}/{}){rest}", dual.technique, group(0), group(2))
            };
            list.push(dual);
        }
    }
}

/// The nine empty-rectangle shapes of a box, in HoDoKu's order: (row offset, column offset)
/// of the ER row and the ER column inside the box.
const ER_SHAPES: [(u8, u8); 9] =
    [(2, 2), (2, 1), (2, 0), (1, 2), (1, 1), (1, 0), (0, 2), (0, 1), (0, 0)];

/// Empty Rectangles: digits 1-9, boxes 1-9 holding the digit 2 to 5 times, the nine shapes of
/// the box (all its candidates in the ER row and ER column, each with one outside the other,
/// one of them with two unless `allow_ers_with_two_candidates`); then along the ER row (a
/// conjugate pair in a column reaching a row that crosses the ER column), then along the ER
/// column. One elimination per step. With duals allowed (when collecting all), two steps of a
/// box with different eliminations are also merged into a dual.
pub(crate) fn empty_rectangles(g: &Grid, options: &Options, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for d in 1..=9u8 {
        for b in 0..9u8 {
            let n = g.free(18 + b, d);
            if !(2..=5).contains(&n) {
                continue;
            }
            let in_box = g.places(usize::from(d)) & box_bits(b);
            for (ro, co) in ER_SHAPES {
                let (er, ec) = (b / 3 * 3 + ro, b % 3 * 3 + co);
                let (line, column) = (in_box & row_bits(er), in_box & col_bits(ec));
                if in_box & !(line | column) != 0
                    || line & !col_bits(ec) == 0
                    || column & !row_bits(er) == 0
                {
                    continue;
                }
                let single = |b: u128| b & b.wrapping_sub(1) == 0;
                if single(line) && single(column) && !options.allow_ers_with_two_candidates {
                    continue;
                }
                for reversed in [false, true] {
                    let shape = Er { d, b, in_box, er, ec, reversed };
                    if shape.check(g, &mut out, all) && !all {
                        return out;
                    }
                }
            }
        }
    }
    if all && options.allow_duals_and_siamese {
        duals(&mut out, |a, b| a.units[0] == b.units[0] && a.values == b.values);
    }
    out
}

/// One empty rectangle: digit, box, the box's candidates, ER row and ER column, and whether
/// the conjugate pairs are looked for along the ER column (in rows) rather than along the ER
/// row (in columns).
struct Er {
    d: u8,
    b: u8,
    in_box: u128,
    er: u8,
    ec: u8,
    reversed: bool,
}

impl Er {
    /// Looks for eliminations; pushes the steps (one per conjugate pair, the first only unless
    /// `all`). Returns whether one was found.
    fn check(&self, g: &Grid, out: &mut Vec<Found>, all: bool) -> bool {
        let d = self.d;
        let places = g.places(usize::from(d));
        let along = if self.reversed { col_bits(self.ec) } else { row_bits(self.er) };
        let mut found = false;
        for x in cells(along & places & !box_bits(self.b)) {
            let pair_unit = if self.reversed { row_bits(row(x)) } else { col_bits(col(x)) };
            let pair = places & pair_unit;
            if count(pair) != 2 {
                continue;
            }
            let y = first(pair & !(1u128 << x));
            let reach = if self.reversed { col_bits(col(y)) } else { row_bits(row(y)) };
            let target = if self.reversed { row_bits(self.er) } else { col_bits(self.ec) };
            let Some(z) = cells(places & reach & !box_bits(self.b) & target).next() else {
                continue;
            };
            out.push(self.step(x, y, z));
            found = true;
            if !all {
                return true;
            }
        }
        found
    }

    fn step(&self, x: u8, y: u8, z: u8) -> Found {
        let d = self.d;
        let eliminations = vec![(z, d)];
        let text = format!(
            "{}: {d} in b{} ({}){}",
            T::EmptyRectangle,
            self.b + 1,
            text::compact([x, y]),
            text::eliminations(&eliminations)
        );
        let mut pattern: Vec<(u8, u8)> = cells(self.in_box).map(|c| (c, d)).collect();
        pattern.extend([(x, d), (y, d)]);
        let pair_unit = if self.reversed { row(x) } else { 9 + col(x) };
        Found {
            technique: T::EmptyRectangle,
            values: vec![d],
            cells: vec![x, y],
            pattern,
            units: vec![18 + self.b, self.er, 9 + self.ec, pair_unit],
            eliminations,
            text,
            ..Found::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::geometry::case_grid;

    #[test]
    fn skyscraper_of_the_notes() {
        let g = case_grid(
            ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::",
        );
        let found = skyscrapers(&g, false);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].technique, T::Skyscraper);
        assert_eq!(found[0].values, vec![6]);
    }

    #[test]
    fn two_string_kite_of_the_notes() {
        let g = case_grid(
            ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::",
        );
        let found = two_string_kites(&g, &Options::default(), false);
        assert_eq!(
            found[0].text,
            "2-String Kite: 3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3"
        );
    }

    #[test]
    fn empty_rectangle_of_the_notes() {
        let g = case_grid(
            ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::",
        );
        let found = empty_rectangles(&g, &Options::default(), true);
        let nine = found.iter().find(|f| f.values == [9]).expect("an ER of 9");
        assert_eq!(nine.eliminations, vec![(7 * 9 + 5, 9)]);
        assert!(nine.text.starts_with("Empty Rectangle: 9 in b"));
    }

    #[test]
    fn dual_kite_and_dual_empty_rectangle_pass_their_library_cases() {
        for line in [
            ":0404:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::",
            ":0405:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::",
        ] {
            let case: crate::hodoku::LibraryCase = line.parse().expect("a case");
            assert_eq!(case.check(), crate::hodoku::CaseOutcome::Passed, "{line}");
        }
    }
}
