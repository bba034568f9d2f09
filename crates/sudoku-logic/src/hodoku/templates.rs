//! Templates: the placements of one digit once in every row, column and box (46,656 in all)
//! that fit the grid: they hold every cell where the digit is placed and otherwise only cells
//! where it is a candidate. A candidate in no such template can go: HoDoKu uses this to skip
//! large fish searches that cannot eliminate anything, and every fish elimination (a deduction
//! about one digit) is such a candidate, so it also bounds our fish searches.
//!
//! The union of the fitting templates is found band by band: a band's part of a template puts
//! the digit in its three rows, in three different stacks, and uses one column of each stack;
//! three band parts make a template when their columns are disjoint.

use std::cell::RefCell;

use super::grid::Grid;

/// All 81 cells.
const ALL: u128 = (1u128 << 81) - 1;

/// Where each digit is placed (index 0 unused).
pub(crate) fn placed(g: &Grid) -> [u128; 10] {
    let mut out = [0u128; 10];
    for (c, v) in (0..81).map(|i| (i, g.value(i))) {
        out[usize::from(v)] |= 1 << c;
    }
    out[0] = 0;
    out
}

/// The last answer of [`Templates::untemplated`] per digit, keyed by the digit's candidates
/// and placements: the fish rows of one position ask again and again. Held by the context of
/// one solve ([`super::Ctx`]).
#[derive(Debug, Default)]
pub(crate) struct Templates(RefCell<[Option<(u128, u128, u128)>; 10]>);

impl Templates {
    /// The cells no fitting template of `digit` covers (all cells but their union), given
    /// the digit's candidates and the cells where it is placed.
    pub(crate) fn untemplated(&self, digit: u8, cands: u128, placed: u128) -> u128 {
        let mut cache = self.0.borrow_mut();
        let slot = &mut cache[usize::from(digit)];
        match *slot {
            Some((c, p, r)) if c == cands && p == placed => r,
            _ => {
                let r = !union(cands | placed) & ALL;
                *slot = Some((cands, placed, r));
                r
            }
        }
    }
}

/// A band's parts of templates: each part's column mask (one column per stack) and cells.
struct Band {
    parts: Vec<(u16, u128)>,
    /// The column masks present, as a 512-bit set.
    masks: [u64; 8],
}

impl Band {
    fn has(&self, mask: u16) -> bool {
        self.masks[usize::from(mask >> 6)] >> (mask & 63) & 1 != 0
    }
}

/// The parts of band `band` on the allowed cells.
fn band(allowed: u128, band: u8) -> Band {
    let row = |i: u8| (allowed >> (27 * band + 9 * i)) as u16 & 0x1ff;
    let (r0, r1, r2) = (row(0), row(1), row(2));
    let mut b = Band { parts: Vec::new(), masks: [0; 8] };
    let base = 27 * u32::from(band);
    for c0 in (0..9u8).filter(|c| r0 >> c & 1 != 0) {
        for c1 in (0..9u8).filter(|c| r1 >> c & 1 != 0 && c / 3 != c0 / 3) {
            for c2 in (0..9u8).filter(|c| r2 >> c & 1 != 0 && c / 3 != c0 / 3 && c / 3 != c1 / 3) {
                let mask = 1u16 << c0 | 1 << c1 | 1 << c2;
                let cells = 1u128 << (base + u32::from(c0))
                    | 1 << (base + 9 + u32::from(c1))
                    | 1 << (base + 18 + u32::from(c2));
                b.parts.push((mask, cells));
                b.masks[usize::from(mask >> 6)] |= 1 << (mask & 63);
            }
        }
    }
    b
}

/// The column masks of a band's parts, each once.
fn masks(b: &Band) -> Vec<u16> {
    let mut v: Vec<u16> = b.parts.iter().map(|p| p.0).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The union of the templates on the allowed cells.
fn union(allowed: u128) -> u128 {
    let bands = [band(allowed, 0), band(allowed, 1), band(allowed, 2)];
    let distinct = [masks(&bands[0]), masks(&bands[1]), masks(&bands[2])];
    let mut out = 0u128;
    for k in 0..3 {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        for &m in &distinct[k] {
            let fits = distinct[i].iter().any(|&m1| m1 & m == 0 && bands[j].has(0x1ff & !(m | m1)));
            if fits {
                out |= bands[k].parts.iter().filter(|p| p.0 == m).fold(0, |a, p| a | p.1);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The union by brute force: every template, row by row.
    fn union_slow(allowed: u128) -> u128 {
        fn rows(allowed: u128, row: u32, cols: u16, path: u128, out: &mut u128) {
            if row == 9 {
                *out |= path;
                return;
            }
            for c in 0..9u32 {
                let cell = 9 * row + c;
                let stack_used = (row / 3 * 3..row).any(|r| {
                    let cc = (path >> (9 * r)) as u16 & 0x1ff;
                    cc.trailing_zeros() / 3 == c / 3
                });
                if allowed >> cell & 1 != 0 && cols >> c & 1 == 0 && !stack_used {
                    rows(allowed, row + 1, cols | 1 << c, path | 1 << cell, out);
                }
            }
        }
        let mut out = 0;
        rows(allowed, 0, 0, 0, &mut out);
        out
    }

    /// A random permutation of 0..9 that keeps the bands (or stacks) together.
    fn shuffle(next: &mut impl FnMut() -> u64) -> [u32; 9] {
        let mut order = [0, 1, 2];
        let mut p = [0u32; 9];
        for k in (1..3).rev() {
            order.swap(k, (next() % (k as u64 + 1)) as usize);
        }
        for (b, &band) in order.iter().enumerate() {
            let mut inner = [0, 1, 2];
            for k in (1..3).rev() {
                inner.swap(k, (next() % (k as u64 + 1)) as usize);
            }
            for i in 0..3 {
                p[3 * b + i] = 3 * band + inner[i];
            }
        }
        p
    }

    #[test]
    fn the_band_union_is_the_union_of_all_templates() {
        // A solution grid: the cells of each digit make a template.
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for k in 0..300 {
            let mut allowed = 0u128;
            for _ in 0..1 + k % 4 {
                let (rows, cols) = (shuffle(&mut next), shuffle(&mut next));
                let digit = b'1' + (next() % 9) as u8;
                for (i, ch) in solution.bytes().enumerate() {
                    if ch == digit {
                        allowed |= 1 << (9 * rows[i / 9] + cols[i % 9]);
                    }
                }
            }
            for _ in 0..k % 25 {
                allowed |= 1 << (next() % 81);
            }
            let fast = union(allowed);
            assert_eq!(fast, union_slow(allowed), "{allowed:x}");
            assert_ne!(fast, 0);
        }
        assert_eq!(union(ALL), ALL);
        assert_eq!(union(ALL & !0x1ff), 0);
    }
}
