//! A fish found, as HoDoKu reports it: its type, digit, base and cover units, fins and endo
//! fins, eliminations (the cover cells outside the base, ascending, then the cells covered
//! twice, ascending: that order feeds the singles queues), its text
//! (`Finned Franken Swordfish: 3 r18b9 c367 fr7c9 fr8c4 => r7c6<>3`), and HoDoKu's siamese
//! fish (two fish of one base set, merged) for its "find all" lists.

use std::fmt::Write;

use super::types::{Kind, fish_type};
use crate::hodoku::grid::cells;
use crate::hodoku::{Found, HodokuTechnique as T, text};

/// A fish: what HoDoKu's step holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fish {
    pub(crate) technique: T,
    pub(crate) digit: u8,
    /// Base units, ascending (rows, columns, boxes).
    pub(crate) base: Vec<u8>,
    /// Cover units, ascending; a siamese fish lists its second cover set after the first.
    pub(crate) cover: Vec<u8>,
    /// Every base cell (fins included).
    pub(crate) base_cells: u128,
    /// Fins (endo fins excepted), in order.
    pub(crate) fins: Vec<u8>,
    /// Endo fins (cells in two base units), ascending.
    pub(crate) endo: Vec<u8>,
    /// The cells whose candidate goes, in HoDoKu's order.
    pub(crate) elims: Vec<u8>,
    pub(crate) siamese: bool,
}

/// The units of a mask, ascending.
fn units(mask: u32) -> Vec<u8> {
    (0..27u8).filter(|u| mask >> u & 1 != 0).collect()
}

impl Fish {
    /// A fish of `technique` on `digit`: base and cover units `(base, cover)` as unit masks,
    /// base cells `b`, fins and endo fins, eliminations outside the base and cannibalistic
    /// ones.
    pub(crate) fn new(
        technique: T,
        digit: u8,
        (base, cover): (u32, u32),
        b: u128,
        (fins, endo): (u128, u128),
        (del, kan): (u128, u128),
    ) -> Fish {
        Fish {
            technique,
            digit,
            base: units(base),
            cover: units(cover),
            base_cells: b,
            fins: cells(fins).collect(),
            endo: cells(endo).collect(),
            elims: cells(del).chain(cells(kan)).collect(),
            siamese: false,
        }
    }

    /// HoDoKu's category of the fish's type: basic, finned basic (sashimi too), Franken,
    /// finned Franken, Mutant, finned Mutant.
    fn category(&self) -> u8 {
        let (_, kind, finned, _) = fish_type(self.technique).expect("a fish type");
        let k = match kind {
            Kind::Basic => 0,
            Kind::Franken => 2,
            Kind::Mutant => 4,
        };
        k + u8::from(finned)
    }

    /// The step as the solver and the library see it.
    pub(crate) fn found(&self) -> Found {
        let d = self.digit;
        let fins: u128 = self.fins.iter().chain(&self.endo).fold(0, |m, &c| m | 1 << c);
        let eliminations: Vec<(u8, u8)> = self.elims.iter().map(|&c| (c, d)).collect();
        Found {
            technique: self.technique,
            values: vec![d],
            cells: cells(self.base_cells & !fins).collect(),
            eliminations,
            pattern: cells(self.base_cells).map(|c| (c, d)).collect(),
            units: self.base.iter().chain(&self.cover).copied().collect(),
            siamese: self.siamese,
            text: self.text(),
            ..Found::default()
        }
    }

    /// `[Siamese ]<name>: <d> <base> <cover>[ f<cell>...][ ef<cell>...] => <eliminations>`.
    fn text(&self) -> String {
        let mut out = String::new();
        if self.siamese {
            out.push_str("Siamese ");
        }
        let _ = write!(out, "{}: {} ", self.technique, self.digit);
        unit_list(&mut out, &self.base, None);
        out.push(' ');
        let split = self.siamese.then(|| (self.cover.len() / 2).saturating_sub(1));
        unit_list(&mut out, &self.cover, split);
        for &c in &self.fins {
            let _ = write!(out, " f{}", text::cell(c));
        }
        for &c in &self.endo {
            let _ = write!(out, " ef{}", text::cell(c));
        }
        let list: Vec<(u8, u8)> = self.elims.iter().map(|&c| (c, self.digit)).collect();
        out.push_str(&text::eliminations(&list));
        out
    }
}

/// Units as HoDoKu lists a fish's: the letter once per run of one kind (`r18b9`); a `/`
/// after position `split` (a siamese fish's two cover sets), which starts a new run.
fn unit_list(out: &mut String, list: &[u8], split: Option<usize>) {
    let mut last = None;
    for (k, &u) in list.iter().enumerate() {
        let kind = u / 9;
        if last != Some(kind) {
            out.push(['r', 'c', 'b'][usize::from(kind)]);
        }
        out.push(char::from(b'1' + u % 9));
        last = Some(kind);
        if split == Some(k) {
            out.push('/');
            last = None;
        }
    }
}

/// Adds HoDoKu's siamese fish to a list in discovery order: for every pair of the original
/// fish (earlier first) with the same digit, the same category and the same base units but a
/// different first elimination, the earlier one with the later one's cover units, fins and
/// eliminations appended.
pub(crate) fn add_siamese(list: &mut Vec<Fish>) {
    let n = list.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&list[i], &list[j]);
            let pair = a.digit == b.digit
                && a.base.len() == b.base.len()
                && a.category() == b.category()
                && a.base == b.base
                && a.elims.first() != b.elims.first();
            if pair {
                let mut s = a.clone();
                s.siamese = true;
                s.cover.extend_from_slice(&b.cover);
                s.fins.extend_from_slice(&b.fins);
                s.elims.extend_from_slice(&b.elims);
                list.push(s);
            }
        }
    }
}
