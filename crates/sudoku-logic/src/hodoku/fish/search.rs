//! Fish, as HoDoKu 2.2.4 searches them: basic (rows against columns), finned and sashimi,
//! Franken (boxes join the base or the cover) and Mutant (any unit on either side), of two to
//! seven units, one digit at a time.
//!
//! The order is HoDoKu's: digits 1-9; for each, rows as base and columns as cover, then the
//! other way round (Mutant fish: one pass, every unit on both sides); base sets as
//! combinations of the eligible base units in unit order, and for each base set the cover
//! sets as combinations of the cover units that touch it and are not in the base. The first
//! fish of the kind asked is returned; its type is decided by the units it uses, so a Franken
//! search may report a Mutant or a basic fish (it is scored by the row asked). Our own code,
//! from HoDoKu's documented behaviour; only the order and the definitions are HoDoKu's.
//!
//! The pruning is ours and changes nothing found: a cover set is not completed when the fins
//! it must leave exceed the limit, or when no cell it could eliminate stays possible. Every
//! fish elimination is a candidate in no template of its digit (a fish is a deduction about
//! one digit), so a finned or Franken search skips digits without such candidates, and for
//! each such candidate a cover set must hold the candidate and every base cell not seeing it
//! (fins see what they eliminate).

use std::ops::ControlFlow;

use super::step::{Fish, add_siamese};
use super::types::{Kind, fish_type, technique};
use crate::hodoku::geometry::BUDDIES;
use crate::hodoku::grid::{Grid, POP9, UNIT_BITS, cells};
use crate::hodoku::templates::{Templates, placed};
use crate::hodoku::{Found, HodokuTechnique as T};

/// What one fish search looks for (HoDoKu's `getFishes` arguments and the options it reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Search {
    /// Base (and cover) units.
    pub(crate) size: u8,
    /// Fish without fins are found.
    pub(crate) finless: bool,
    /// Fish with fins are found.
    pub(crate) finned: bool,
    /// For a basic finned search when not collecting: only sashimi (or only non-sashimi) fish.
    pub(crate) sashimi: bool,
    /// Base units may overlap (endo fins), in a finned search.
    pub(crate) endo: bool,
    /// Which units.
    pub(crate) kind: Kind,
    /// At most this many fins, endo fins included.
    pub(crate) max_fins: u32,
    /// At most this many endo fins.
    pub(crate) max_endo: u32,
    /// Every fish is collected (HoDoKu's "find all"), of whatever type.
    pub(crate) all: bool,
}

impl Search {
    /// The search of the step-table row `t` (HoDoKu's solver: first fish, default fin limits).
    pub(crate) fn row(t: T, max_fins: u8, max_endo: u8) -> Option<Search> {
        let (size, kind, finned, sashimi) = fish_type(t)?;
        Some(Search {
            size,
            finless: !finned,
            finned,
            sashimi,
            endo: kind != Kind::Basic,
            kind,
            max_fins: u32::from(max_fins),
            max_endo: u32::from(max_endo),
            all: false,
        })
    }

    /// HoDoKu's "find all fish" of one size and kind, finless and finned together.
    pub(crate) fn all(size: u8, kind: Kind, max_fins: u8, max_endo: u8) -> Search {
        Search {
            size,
            finless: true,
            finned: true,
            sashimi: false,
            endo: true,
            kind,
            max_fins: u32::from(max_fins),
            max_endo: u32::from(max_endo),
            all: true,
        }
    }

    /// Whether HoDoKu prefilters with templates: only for large fish (basic of six units or
    /// more, Franken of five or more, Mutant of four or more).
    fn templates(&self) -> bool {
        match self.kind {
            Kind::Basic => self.size > 5,
            Kind::Franken => self.size > 4,
            Kind::Mutant => self.size > 3,
        }
    }
}

/// The cells that see every cell of `cells` (all cells for none).
pub(crate) fn common_peers(mut cells: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    while cells != 0 {
        out &= BUDDIES[cells.trailing_zeros() as usize];
        cells &= cells - 1;
    }
    out
}

/// A unit with the digit's cells in it.
type Unit = (u8, u128);

/// A list of units, without allocating.
#[derive(Clone, Copy, Default)]
struct Units {
    list: [Unit; 27],
    /// For rows the columns of their cells, for columns the rows (basic fish only).
    cross: [u16; 27],
    len: usize,
}

impl Units {
    fn push(&mut self, unit: Unit) {
        self.list[self.len] = unit;
        self.len += 1;
    }

    fn units(&self) -> &[Unit] {
        &self.list[..self.len]
    }
}

/// One digit's search in one orientation.
struct Searcher<'a> {
    s: &'a Search,
    digit: u8,
    cands: u128,
    /// The cells no template covers, when HoDoKu checks templates.
    templ: Option<u128>,
    /// The candidates a fish could eliminate (all of them, or those in no template).
    targets: u128,
    /// Whether `targets` guides the cover search (finned or Franken/Mutant searches; a basic
    /// fish without fins is found faster without).
    guided: bool,
    base: Units,
    cover: Units,
    base_used: u32,
    cover_used: u32,
    found: Vec<Fish>,
}

/// The cover units eligible for one base set, with the union of every suffix of the list,
/// and for each cell the fish could eliminate, the cells a cover set must then hold (every
/// base cell not seeing it, since fins must, and the cell itself).
struct Covers {
    list: [Unit; 27],
    suffix: [u128; 28],
    len: usize,
    must: [u128; 16],
    targets: usize,
}

impl Searcher<'_> {
    /// A basic fish without fins, faster: its cover is the lines its base cells lie in,
    /// which must be as many as the base lines (`cross` holds them: columns for base rows,
    /// rows for base columns).
    fn basic_bases(
        &mut self,
        level: usize,
        start: usize,
        union: u128,
        cross: u16,
    ) -> ControlFlow<Fish> {
        let n = usize::from(self.s.size);
        for i in start..self.base.len {
            if self.base.len - i < n - level {
                break;
            }
            let (u, bits) = self.base.list[i];
            let cross = cross | self.base.cross[i];
            if cross.count_ones() as usize > n {
                continue;
            }
            self.base_used |= 1 << u;
            let r = if level + 1 < n {
                self.basic_bases(level + 1, i + 1, union | bits, cross)
            } else if cross.count_ones() as usize == n {
                let first = if u < 9 { 9 } else { 0 };
                let (mut c, mut used) = (0u128, 0u32);
                for k in (0..9u8).filter(|k| cross >> k & 1 != 0) {
                    c |= UNIT_BITS[usize::from(first + k)] & self.cands;
                    used |= 1 << (first + k);
                }
                self.cover_used = used;
                let r = self.evaluate(union | bits, 0, c, 0);
                self.cover_used = 0;
                r
            } else {
                ControlFlow::Continue(())
            };
            self.base_used &= !(1 << u);
            r?;
        }
        ControlFlow::Continue(())
    }

    fn bases(&mut self, level: usize, start: usize, union: u128, endo: u128) -> ControlFlow<Fish> {
        let n = usize::from(self.s.size);
        let s = self.s;
        for i in start..self.base.len {
            if self.base.len - i < n - level {
                break;
            }
            let (u, bits) = self.base.list[i];
            let overlap = union & bits;
            if overlap != 0
                && (!s.finned || !s.endo || endo.count_ones() + overlap.count_ones() > s.max_endo)
            {
                continue;
            }
            let (union, endo) = (union | bits, endo | overlap);
            self.base_used |= 1 << u;
            let r = if level + 1 < n {
                self.bases(level + 1, i + 1, union, endo)
            } else {
                // HoDoKu's template check on endo fins: some cell seeing them all must be
                // free of the digit and in no template.
                let go = match self.templ {
                    Some(t) if endo != 0 => common_peers(endo) & !self.cands & t != 0,
                    _ => true,
                };
                if go { self.covers(union, endo) } else { ControlFlow::Continue(()) }
            };
            self.base_used &= !(1 << u);
            r?;
        }
        ControlFlow::Continue(())
    }

    fn covers(&mut self, b: u128, e: u128) -> ControlFlow<Fish> {
        let mut c =
            Covers { list: [(0, 0); 27], suffix: [0; 28], len: 0, must: [0; 16], targets: 0 };
        for &(u, bits) in self.cover.units() {
            if self.base_used >> u & 1 == 0 && bits & b != 0 {
                c.list[c.len] = (u, bits);
                c.len += 1;
            }
        }
        let n = usize::from(self.s.size);
        if c.len < n {
            return ControlFlow::Continue(());
        }
        for i in (0..c.len).rev() {
            c.suffix[i] = c.suffix[i + 1] | c.list[i].1;
        }
        // An elimination lies in a cover unit and sees the endo fins.
        let mut xs = self.targets & c.suffix[0];
        if e != 0 {
            xs &= common_peers(e);
        }
        if xs == 0 {
            return ControlFlow::Continue(());
        }
        if self.guided && xs.count_ones() <= 16 {
            let bx = b & !e;
            c.targets = xs.count_ones() as usize;
            for (k, x) in cells(xs).enumerate() {
                let seen = if self.s.finned { BUDDIES[usize::from(x)] } else { 0 };
                c.must[k] = (bx & !seen) | 1 << x;
            }
        }
        if !self.viable(&c, 0, 0, b, e, n) {
            return ControlFlow::Continue(());
        }
        self.cover_rec(&c, 0, 0, 0, 0, b, e)
    }

    /// Whether `r` more cover units, taken from position `from` of the list on, can still
    /// complete the cover set whose cells so far are `union` into a fish: not too many fins
    /// (base cells left uncovered, endo fins), and a cell to eliminate: one of the targets
    /// whose required cells the remaining units can still hold, or (unguided), if some fins
    /// are certain, a cell seeing them all that a cover could hold.
    fn viable(&self, c: &Covers, from: usize, union: u128, b: u128, e: u128, r: usize) -> bool {
        let budget = if self.s.finned { self.s.max_fins } else { 0 };
        let Some(budget) = budget.checked_sub(e.count_ones()) else { return false };
        let open = b & !e & !union;
        let rest = if r == 0 { 0 } else { c.suffix[from] };
        let sure = open & !rest;
        let (n_open, n_sure) = (open.count_ones(), sure.count_ones());
        if n_sure > budget || (r == 0 && n_open > budget) {
            return false;
        }
        if c.targets > 0 {
            let reachable = |&must: &u128| {
                let m = must & !union;
                m & !rest == 0
                    && match r {
                        _ if m == 0 => true,
                        1 => c.list[from..c.len].iter().any(|&(_, bits)| m & !bits == 0),
                        _ => most_covered(c, from, m, r) >= m.count_ones(),
                    }
            };
            if !c.must[..c.targets].iter().any(reachable) {
                return false;
            }
        } else {
            let sure = sure | e;
            if sure != 0 && common_peers(sure) & (union | rest) == 0 {
                return false;
            }
        }
        let need = n_open.saturating_sub(budget);
        need == 0 || most_covered(c, from, open, r) >= need
    }

    #[allow(clippy::too_many_arguments)]
    fn cover_rec(
        &mut self,
        c: &Covers,
        level: usize,
        start: usize,
        union: u128,
        kan: u128,
        b: u128,
        e: u128,
    ) -> ControlFlow<Fish> {
        let n = usize::from(self.s.size);
        let last = level + 1 == n;
        for i in start..=c.len - (n - level) {
            let (u, bits) = c.list[i];
            let union2 = union | bits;
            if !self.viable(c, i + 1, union2, b, e, n - level - 1) {
                continue;
            }
            let kan2 = kan | (union & bits);
            self.cover_used |= 1 << u;
            let r = if last {
                self.evaluate(b, e, union2, kan2)
            } else {
                self.cover_rec(c, level + 1, i + 1, union2, kan2, b, e)
            };
            self.cover_used &= !(1 << u);
            r?;
        }
        ControlFlow::Continue(())
    }

    /// Tests a complete base and cover set: base cells `b`, endo fins `e`, cover cells `c`,
    /// cells covered twice `kan`.
    fn evaluate(&mut self, b: u128, e: u128, c: u128, kan: u128) -> ControlFlow<Fish> {
        let fins = (b & !c) | e;
        let s = self.s;
        if fins == 0 && s.finless {
            let del = c & !b;
            if del | kan != 0 {
                return self.step(false, b, fins, e, del, kan);
            }
        } else if s.finned && fins != 0 && fins.count_ones() <= s.max_fins {
            let seen = common_peers(fins);
            if seen != 0 {
                let (del, kan) = (c & !b & seen, kan & seen);
                if del | kan != 0 {
                    return self.step(true, b, fins, e, del, kan);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A fish found: typed by its units, kept (collecting) or returned (unless a basic
    /// finned search meets a fish of the other sashimi-ness: then the search goes on).
    fn step(
        &mut self,
        finned: bool,
        b: u128,
        fins: u128,
        e: u128,
        del: u128,
        kan: u128,
    ) -> ControlFlow<Fish> {
        // The kinds of units used: 1 rows, 2 columns, 4 boxes.
        let kinds = |used: u32| {
            u8::from(used & 0x1ff != 0)
                | u8::from(used & (0x1ff << 9) != 0) << 1
                | u8::from(used & (0x1ff << 18) != 0) << 2
        };
        let (bm, cm) = (kinds(self.base_used), kinds(self.cover_used));
        let kind = match (bm, cm) {
            (1, 2) | (2, 1) => Kind::Basic,
            (1 | 5, 2 | 6) | (2 | 6, 1 | 5) => Kind::Franken,
            _ => Kind::Mutant,
        };
        let sashimi = kind == Kind::Basic
            && self
                .base
                .units()
                .iter()
                .filter(|(u, _)| self.base_used >> u & 1 != 0)
                .any(|&(_, bits)| (bits & !fins).count_ones() <= 1);
        if !self.s.all && self.s.kind == Kind::Basic && finned && self.s.sashimi != sashimi {
            return ControlFlow::Continue(());
        }
        let fish = Fish::new(
            technique(self.s.size, kind, finned, sashimi),
            self.digit,
            (self.base_used, self.cover_used),
            b,
            (fins & !e, e),
            (del, kan),
        );
        if self.s.all {
            self.found.push(fish);
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(fish)
        }
    }
}

/// The lines crossing a row's cells (its columns) or a column's cells (its rows), as a mask.
fn line_mask(unit: u8, bits: u128) -> u16 {
    if unit < 9 {
        (bits >> (9 * u32::from(unit))) as u16 & 0x1ff
    } else {
        let mut m = 0u16;
        let mut b = bits;
        while b != 0 {
            m |= 1 << (b.trailing_zeros() / 9);
            b &= b - 1;
        }
        m
    }
}

/// At most how many cells of `cells` `r` units from position `from` of the list on can
/// hold: the sum of the `r` largest shares.
fn most_covered(c: &Covers, from: usize, cells: u128, r: usize) -> u32 {
    let mut top = [0u32; 8];
    for &(_, bits) in &c.list[from..c.len] {
        let mut g = (bits & cells).count_ones();
        for t in top.iter_mut().take(r) {
            if g > *t {
                std::mem::swap(t, &mut g);
            }
        }
    }
    top.iter().take(r).sum()
}

/// Runs a search over digits 1-9 and both orientations; the fish found (the first only,
/// unless the search collects).
fn run(g: &Grid, s: &Search, templates: &Templates) -> Vec<Fish> {
    let mut out = Vec::new();
    let mut placements = None;
    // One searcher, its unit lists refilled for each digit and orientation.
    let mut w = Searcher {
        s,
        digit: 0,
        cands: 0,
        templ: None,
        targets: 0,
        guided: false,
        base: Units::default(),
        cover: Units::default(),
        base_used: 0,
        cover_used: 0,
        found: Vec::new(),
    };
    for digit in 1..=9u8 {
        let cands = g.places(usize::from(digit));
        if cands == 0 {
            continue;
        }
        // Every fish elimination is a candidate no template covers (HoDoKu itself checks
        // this for large fish); a finless basic fish is cheaper to search than to check.
        let guided = s.finned || s.kind != Kind::Basic;
        let untempl = (guided || s.templates()).then(|| {
            let placed = placements.get_or_insert_with(|| placed(g))[usize::from(digit)];
            templates.untemplated(digit, cands, placed)
        });
        if untempl.is_some_and(|t| t & cands == 0) {
            continue;
        }
        let templ = if s.templates() { untempl } else { None };
        let targets = untempl.map_or(cands, |t| t & cands);
        let passes: &[bool] = if s.kind == Kind::Mutant { &[true] } else { &[true, false] };
        for &lines in passes {
            w.digit = digit;
            w.cands = cands;
            w.templ = templ;
            w.targets = targets;
            w.guided = guided;
            w.base.len = 0;
            w.cover.len = 0;
            w.base_used = 0;
            w.cover_used = 0;
            if s.kind == Kind::Basic {
                // Rows against columns: the boxes take no part.
                for u in 0..18u8 {
                    let bits = UNIT_BITS[usize::from(u)] & cands;
                    if bits == 0 {
                        continue;
                    }
                    let base = (u < 9) == lines;
                    if base && s.finned {
                        w.base.push((u, bits));
                    } else if base {
                        let cross = line_mask(u, bits);
                        if u32::from(POP9[usize::from(cross)]) <= u32::from(s.size) {
                            w.base.cross[w.base.len] = cross;
                            w.base.push((u, bits));
                        }
                    } else {
                        w.cover.push((u, bits));
                    }
                }
            }
            for u in 0..27u8 {
                if s.kind == Kind::Basic {
                    break;
                }
                let bits = UNIT_BITS[usize::from(u)] & cands;
                if bits == 0 {
                    continue;
                }
                let (base, cover) = match (u / 9, s.kind) {
                    (_, Kind::Mutant) | (2, Kind::Franken) => (true, true),
                    (2, Kind::Basic) => (false, false),
                    (0, _) => (lines, !lines),
                    _ => (!lines, lines),
                };
                if base && (s.finned || bits.count_ones() <= u32::from(s.size)) {
                    if s.kind == Kind::Basic && !s.finned {
                        w.base.cross[w.base.len] = line_mask(u, bits);
                    }
                    w.base.push((u, bits));
                }
                if cover {
                    w.cover.push((u, bits));
                }
            }
            let r = if s.kind == Kind::Basic && !s.finned {
                w.basic_bases(0, 0, 0, 0)
            } else {
                w.bases(0, 0, 0, 0)
            };
            if let ControlFlow::Break(f) = r {
                return vec![f];
            }
            out.append(&mut w.found);
        }
    }
    out
}

/// The first fish of the step-table row `t` (HoDoKu's solver), if `t` is a fish row.
pub(crate) fn first(
    t: T,
    g: &Grid,
    max_fins: u8,
    max_endo: u8,
    templates: &Templates,
) -> Option<Found> {
    let s = Search::row(t, max_fins, max_endo)?;
    run(g, &s, templates).first().map(Fish::found)
}

/// Every fish HoDoKu's "find all" finds (all digits, finless and finned, of one size and
/// up to kind `kind`), with siamese fish added when `siamese`.
pub(crate) fn all(
    g: &Grid,
    size: u8,
    kind: Kind,
    max_fins: u8,
    max_endo: u8,
    siamese: bool,
) -> Vec<Found> {
    let mut fish = run(g, &Search::all(size, kind, max_fins, max_endo), &Templates::default());
    if siamese {
        add_siamese(&mut fish);
    }
    fish.iter().map(Fish::found).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::geometry::case_grid as grid;
    use crate::hodoku::{CaseOutcome, LibraryCase};

    /// What the row's search finds first, as HoDoKu prints it (`-` for nothing).
    fn first_text(t: T, line: &str) -> String {
        first(t, &grid(line), 5, 2, &Templates::default()).map_or("-".into(), |f| f.text)
    }

    const KITE: &str = ":0000:x:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......:::";

    #[test]
    fn basic_fish_as_hodoku_finds_and_prints_them() {
        assert_eq!(first_text(T::XWing, KITE), "X-Wing: 2 r18 c23 => r9c3<>2");
        let p = ":0000:x:.....4.2..5..971....4.....3....63..83..481..64..57....6.....5....723..6..1.7.....:::";
        assert_eq!(first_text(T::SashimiXWing, p), "Sashimi X-Wing: 6 r29 c36 fr2c4 => r3c6<>6");
        let p = ":0000:x:.25.7...6......2.....9..158...7..425.9.....1.753..2...489..1.....1......3...5.86.:::";
        assert_eq!(
            first_text(T::FinnedSwordfish, p),
            "Finned Swordfish: 1 c124 r124 fr6c4 => r4c5<>1"
        );
        let p = ":0000:x:....64.313.68......8........4152.3....57.34....3.4168........5......97.349.35....:::";
        assert_eq!(
            first_text(T::SashimiJellyfish, p),
            "Sashimi Jellyfish: 1 c1247 r2378 fr9c7 => r8c8<>1"
        );
    }

    #[test]
    fn franken_searches_report_the_type_their_units_make() {
        // A Franken search also finds basic fish, and Mutant ones (boxes against lines).
        assert_eq!(first_text(T::FrankenXWing, KITE), "X-Wing: 2 r18 c23 => r9c3<>2");
        let p = ":0000:x:45.+97+8...9..2+56.....834+1....4..+3+78...1.869.4...3.+2+4.7.....823.....6+95..4....1..26:::";
        assert_eq!(first_text(T::FrankenXWing, p), "Mutant X-Wing: 1 b15 c34 => r78c3<>1");
        let p = ":0000:x:.....85.......46.7..1..6+8.9.7983.....2.....8.....5273.9..1..2..4.57.......86.....:::";
        assert_eq!(
            first_text(T::FinnedFrankenXWing, p),
            "Finned Franken X-Wing: 1 r1b2 c5b3 efr1c5 => r5c5<>1"
        );
        let p = ":0000:x:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::";
        assert_eq!(first_text(T::FinnedFrankenSwordfish, p), "-");
    }

    #[test]
    fn a_found_fish_carries_its_cells_units_and_eliminations() {
        let f = first(T::XWing, &grid(KITE), 5, 2, &Templates::default()).expect("an X-Wing");
        assert_eq!(f.values, [2]);
        assert_eq!(f.eliminations, [(74, 2)]);
        assert_eq!(f.units, [0, 7, 10, 11]);
        assert_eq!(f.cells, [1, 2, 64, 65]);
        assert_eq!(f.pattern.len(), 4);
    }

    #[test]
    fn the_library_finds_siamese_and_mutant_fish() {
        for line in [
            ":03111:5:94..+2..7.2..51..+69..........2.1....3..........69.7..141+3+42+65+98+7+6+98+7+3+1.4.7+5+2+489.3.::531 543 553::",
            ":0364:4:9.7..5...1..7..9..86..9.57..8...61.9316.59..72.91..65.....2..96.9...4..8...9..3.5:214 314 414 315 615 815 217 118 218 222 325 228 328 428 234 339 439 448 854 458 772 473 374 384 185 493 795:491::",
        ] {
            let case: LibraryCase = line.parse().expect("a library line");
            assert_eq!(case.check(), CaseOutcome::Passed, "{line}");
        }
    }
}
