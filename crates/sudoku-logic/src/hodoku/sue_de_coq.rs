//! Sue de Coq as HoDoKu 2.2.4 finds it: two or three cells `C` of a line's intersection with a
//! box holding `n + |C|` digits `V` (`n >= 2`), a set `S` of the line's other cells and a set
//! `B` of the box's other cells that together lock `V`; the line outside `S` and `C` and the
//! box outside `B` and `C` lose the digits locked there. Rows with boxes, then columns with
//! boxes; the first instance, or every one. Our own code, from HoDoKu's documented behaviour.

use super::geometry::{box_bits, count};
use super::grid::{Grid, UNIT_BITS, cells, digits};
use super::{Found, HodokuTechnique as T, text};

/// One intersection being tried: the line's and the box's unsolved cells, the chosen
/// intersection cells `C` and their digits `V`, and how many extra cells must lock them.
struct Try<'a> {
    g: &'a Grid,
    line: u128,
    boxed: u128,
    c: u128,
    v: u16,
    n: u32,
}

/// The union of the candidates of `set`.
fn union(g: &Grid, set: u128) -> u16 {
    cells(set).fold(0, |m, c| m | g.cands(usize::from(c)))
}

/// Calls `f` on every non-empty subset of `pool` (cells ascending), depth first in
/// lexicographic order ({1}, {1,2}, {1,2,3}, ..., {1,3}, ..., {2}, ...), with its cells and
/// their candidates; stops when `f` says so. Subsets holding a digit of `barred` are skipped
/// with all their supersets (none of them can be accepted).
fn subsets(
    g: &Grid,
    pool: &[u8],
    barred: u16,
    cells_in: u128,
    cands_in: u16,
    f: &mut dyn FnMut(u128, u16) -> bool,
) -> bool {
    for (k, &c) in pool.iter().enumerate() {
        let cands = cands_in | g.cands(usize::from(c));
        if cands & barred != 0 {
            continue;
        }
        let set = cells_in | 1u128 << c;
        if f(set, cands) || subsets(g, &pool[k + 1..], barred, set, cands, f) {
            return true;
        }
    }
    false
}

/// The cells of a set, ascending, in a fixed array, and how many.
fn listed(set: u128) -> ([u8; 9], usize) {
    let mut out = [0u8; 9];
    let mut n = 0;
    for c in cells(set).take(9) {
        out[n] = c;
        n += 1;
    }
    (out, n)
}

impl Try<'_> {
    /// Tries every line part `S` and, for each accepted one, every box part `B`.
    fn houses(&self, out: &mut Vec<Found>, all: bool) -> bool {
        let g = self.g;
        let (pool, n) = listed(self.line & !self.c);
        subsets(g, &pool[..n], 0, 0, 0, &mut |s, vs| {
            let size = count(s);
            let inside = (vs & self.v).count_ones();
            let extra = (vs & !self.v).count_ones();
            if inside == 0 || size <= extra || size - extra >= self.n {
                return false;
            }
            let rest = self.n - (size - extra);
            let forbidden = vs & self.v;
            let (box_pool, m) = listed(self.boxed & !self.c & !s);
            subsets(g, &box_pool[..m], forbidden, 0, 0, &mut |b, vb| {
                if vb & self.v == 0 {
                    return false;
                }
                let extra_b = (vb & !self.v).count_ones();
                if count(b) < extra_b || count(b) - extra_b != rest {
                    return false;
                }
                match self.step(s, vs, b, vb) {
                    Some(step) => {
                        out.push(step);
                        !all
                    }
                    None => false,
                }
            })
        })
    }

    /// The step of `C` with line part `s` (digits `vs`) and box part `b` (digits `vb`), if it
    /// eliminates anything: first in the box, then in the line.
    fn step(&self, s: u128, vs: u16, b: u128, vb: u16) -> Option<Found> {
        let g = self.g;
        let shared = vb & vs;
        let mut eliminations = Vec::new();
        let parts = [
            (self.boxed & !b & !self.c, ((self.v | vb) & !vs) | shared),
            (self.line & !s & !self.c, ((self.v | vs) & !vb) | shared),
        ];
        for (targets, ds) in parts {
            for c in cells(targets) {
                eliminations.extend(digits(g.cands(usize::from(c)) & ds).map(|d| (c, d)));
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        let set = |m: u16| digits(m).map(|d| char::from(b'0' + d)).collect::<String>();
        let text = format!(
            "{}: {} - {{{}}} ({} - {{{}}}, {} - {{{}}}){}",
            T::SueDeCoq,
            text::compact(cells(self.c)),
            set(self.v),
            text::compact(cells(s)),
            set(vs),
            text::compact(cells(b)),
            set(vb),
            text::eliminations(&eliminations)
        );
        let mut pattern = Vec::new();
        for (part, ds) in [(self.c, self.v), (s, vs), (b, vb)] {
            for c in cells(part) {
                pattern.extend(digits(g.cands(usize::from(c)) & ds).map(|d| (c, d)));
            }
        }
        Some(Found {
            technique: T::SueDeCoq,
            values: digits(self.v).collect(),
            cells: cells(self.c).collect(),
            pattern,
            eliminations,
            text,
            ..Found::default()
        })
    }
}

/// Sue de Coq: rows 1-9 with boxes 1-9, then columns with boxes; in each intersection of at
/// least two unsolved cells, the cell pairs and triples in HoDoKu's order.
pub(crate) fn sue_de_coq(g: &Grid, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    let open = g.unsolved_bits();
    for base in [0usize, 9] {
        for unit_bits in &UNIT_BITS[base..base + 9] {
            let line = unit_bits & open;
            for b in 0..9u8 {
                let boxed = box_bits(b) & open;
                let (meet, n) = listed(line & boxed);
                if n < 2 {
                    continue;
                }
                // The pairs and triples of the intersection: {1,2}, {1,2,3}, {1,3}, {2,3}.
                let mut chosen = [0u128; 4];
                let mut k = 0;
                for i1 in 0..n - 1 {
                    for i2 in i1 + 1..n {
                        chosen[k] = 1u128 << meet[i1] | 1u128 << meet[i2];
                        k += 1;
                        for &third in &meet[i2 + 1..n] {
                            chosen[k] = 1u128 << meet[i1] | 1u128 << meet[i2] | 1u128 << third;
                            k += 1;
                        }
                    }
                }
                for &set in &chosen[..k] {
                    let v = union(g, set);
                    let size = count(set);
                    if v.count_ones() < size + 2 {
                        continue;
                    }
                    let t = Try { g, line, boxed, c: set, v, n: v.count_ones() - size };
                    if t.houses(&mut out, all) && !all {
                        return out;
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::geometry::case_grid;

    #[test]
    fn sue_de_coq_of_the_library() {
        let g = case_grid(
            ":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::",
        );
        let found = sue_de_coq(&g, true);
        assert!(!found.is_empty());
        assert!(found[0].text.starts_with("Sue de Coq: "));
    }
}
