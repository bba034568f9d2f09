//! The symmetries of a variant's rules and the canonical forms under them.
//!
//! A variant keeps only some of classic Sudoku's symmetries: those that map its extra houses
//! to its extra houses and its knight, king or orthogonal neighbours to neighbours. Under
//! non-consecutive rules the digits may only keep their order or reverse it (d to 10 - d).
//! A jigsaw puzzle is its layout and its givens together: its symmetries are the eight
//! rotations and reflections of the square (they keep regions connected), each acting on both.
//!
//! The group of a rules value is found once, on first use, by filtering the classic group
//! (2 x 6^8 row, column and transposition symmetries) or, under jigsaw, the eight symmetries of
//! the square. The canonical form is then the smallest image over the group, as the classic
//! minlex form is: the layout first (regions renumbered in order of first appearance), then the
//! givens written row by row with `0` for a blank, digits relabelled in order of first
//! appearance (non-consecutive: the smaller of the two orders). Classic rules use
//! [`Grid::minlex`], which finds the same minimum without enumerating the group.

use crate::{Canonical, Cell, Grid, Rule, Rules, Transform};

/// The cell symmetries of a variant (never classic rules), worked out once per rules value.
#[derive(Debug)]
pub(crate) struct Group {
    /// Cell maps in [`Transform`]'s convention: `cells[i]` is the source of cell `i`.
    maps: Vec<[u8; 81]>,
}

/// The 1,296 permutations of nine lines that keep bands (stacks) together: `perm[i]` is where
/// line `i` goes.
fn line_permutations() -> Vec<[u8; 9]> {
    const SIX: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(1296);
    for bands in SIX {
        for a in SIX {
            for b in SIX {
                for c in SIX {
                    let inner = [a, b, c];
                    let mut perm = [0u8; 9];
                    for (i, slot) in perm.iter_mut().enumerate() {
                        *slot = bands[i / 3] * 3 + inner[i / 3][i % 3];
                    }
                    out.push(perm);
                }
            }
        }
    }
    out
}

/// A map of the square's cells, (row, col) to (row, col).
type SquareMap = fn(u8, u8) -> (u8, u8);

/// The eight symmetries of the square.
const SQUARE: [SquareMap; 8] = [
    |r, c| (r, c),
    |r, c| (c, 8 - r),
    |r, c| (8 - r, 8 - c),
    |r, c| (8 - c, r),
    |r, c| (r, 8 - c),
    |r, c| (8 - r, c),
    |r, c| (c, r),
    |r, c| (8 - c, 8 - r),
];

/// What a symmetry must keep: the extra houses (as cell masks, sorted) and the neighbour
/// relations beyond houses (knight or king moves, orthogonal neighbours), per cell.
struct Shape {
    houses: Vec<u128>,
    /// Each relation the rules have (same digit forbidden a knight's or king's move away,
    /// consecutive digits forbidden side by side): every cell's related cells.
    relations: Vec<[u128; 81]>,
}

impl Shape {
    fn of(rules: &Rules) -> Shape {
        let mask = |cells: &[Cell]| cells.iter().fold(0u128, |m, c| m | 1u128 << c.index());
        let mut houses: Vec<u128> = rules
            .houses()
            .iter()
            .filter(|(h, _)| {
                !matches!(h, crate::House::Row(_) | crate::House::Col(_))
                    && !matches!(h, crate::House::Box(_) | crate::House::Region(_))
            })
            .map(|(_, cells)| mask(cells))
            .collect();
        houses.sort_unstable();
        let mut near = [0u128; 81];
        let mut consecutive = [0u128; 81];
        for cell in Cell::all() {
            let (r, c) = (cell.row() as i32, cell.col() as i32);
            for other in Cell::all() {
                let (dr, dc) = ((other.row() as i32 - r).abs(), (other.col() as i32 - c).abs());
                let knight = dr.min(dc) == 1 && dr.max(dc) == 2;
                let king = dr == 1 && dc == 1;
                if (knight && rules.has(Rule::AntiKnight)) || (king && rules.has(Rule::AntiKing)) {
                    near[cell.index()] |= 1u128 << other.index();
                }
                if dr + dc == 1 && rules.has(Rule::NonConsecutive) {
                    consecutive[cell.index()] |= 1u128 << other.index();
                }
            }
        }
        let relations = [near, consecutive].into_iter().filter(|r| r.iter().any(|&m| m != 0));
        Shape { houses, relations: relations.collect() }
    }

    /// Whether the cell map `to` (cell index to its image) keeps the shape. Called on every
    /// element of the classic group, so the map is computed cell by cell as the checks need
    /// it, and the first failed check ends it.
    fn kept_by(&self, to: impl Fn(usize) -> usize) -> bool {
        let image = |m: u128| {
            let (mut m, mut out) = (m, 0u128);
            while m != 0 {
                out |= 1u128 << to(m.trailing_zeros() as usize);
                m &= m - 1;
            }
            out
        };
        self.houses.iter().all(|&h| self.houses.binary_search(&image(h)).is_ok())
            && self.relations.iter().all(|rel| (0..81).all(|i| image(rel[i]) == rel[to(i)]))
    }
}

impl Group {
    /// The symmetries of `rules` (not classic): filtered from the classic group, or from the
    /// symmetries of the square under jigsaw.
    pub(crate) fn of(rules: &Rules) -> Group {
        let shape = Shape::of(rules);
        let mut maps = Vec::new();
        let mut keep = |to: &dyn Fn(usize) -> usize| {
            if shape.kept_by(to) {
                let mut from = [0u8; 81];
                for i in 0..81 {
                    from[to(i)] = i as u8;
                }
                maps.push(from);
            }
        };
        if rules.layout().is_some() {
            for f in SQUARE {
                keep(&|i| {
                    let (r, c) = f((i / 9) as u8, (i % 9) as u8);
                    usize::from(r) * 9 + usize::from(c)
                });
            }
        } else {
            let lines = line_permutations();
            for transpose in [false, true] {
                for rows in &lines {
                    for cols in &lines {
                        keep(&|i| {
                            let (r, c) = (usize::from(rows[i / 9]), usize::from(cols[i % 9]));
                            if transpose { c * 9 + r } else { r * 9 + c }
                        });
                    }
                }
            }
        }
        Group { maps }
    }

    pub(crate) fn len(&self) -> usize {
        self.maps.len()
    }
}

/// Digits relabelled as `order` says: in order of first appearance, kept, or reversed. Returns the relabelled bytes and the relabelling (digit
/// index to new index).
fn relabel(bytes: &[u8; 81], order: Relabel) -> ([u8; 81], [u8; 9]) {
    let mut map = [0u8; 9];
    match order {
        Relabel::Free => {
            let mut next = 0u8;
            let mut seen = [false; 9];
            for &b in bytes.iter().filter(|&&b| b != 0) {
                let d = usize::from(b - 1);
                if !seen[d] {
                    seen[d] = true;
                    map[d] = next;
                    next += 1;
                }
            }
            for (d, slot) in map.iter_mut().enumerate() {
                if !seen[d] {
                    *slot = next;
                    next += 1;
                }
            }
        }
        Relabel::Kept => map = [0, 1, 2, 3, 4, 5, 6, 7, 8],
        Relabel::Reversed => map = [8, 7, 6, 5, 4, 3, 2, 1, 0],
    }
    (bytes.map(|b| if b == 0 { 0 } else { map[usize::from(b - 1)] + 1 }), map)
}

/// How digits may be relabelled: freely, or (non-consecutive) only kept or reversed.
#[derive(Clone, Copy)]
enum Relabel {
    Free,
    Kept,
    Reversed,
}

/// Regions renumbered 0..9 in order of first appearance.
pub(crate) fn renumber(regions: &[u8; 81]) -> [u8; 81] {
    let mut map = [u8::MAX; 9];
    let mut next = 0;
    regions.map(|r| {
        let slot = &mut map[usize::from(r)];
        if *slot == u8::MAX {
            *slot = next;
            next += 1;
        }
        *slot
    })
}

impl Rules {
    /// How many cell symmetries these rules have: 3,359,232 for classic Sudoku, fewer for a
    /// variant (its extra houses and neighbours must be kept), at most 8 under jigsaw. The
    /// first call on a variant works them out (a few tens of milliseconds).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Rules;
    /// assert_eq!(Rules::classic().symmetry_count(), 3_359_232);
    /// assert_eq!("anti-knight".parse::<Rules>()?.symmetry_count(), 8);
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn symmetry_count(&self) -> u64 {
        if self.is_classic() { 3_359_232 } else { self.group().len() as u64 }
    }

    /// The canonical form of `grid` under these rules' symmetries (see the
    /// [module documentation](crate::symmetry)): puzzles that one of the symmetries maps to
    /// each other, and only they, get the same form. For classic rules it is
    /// [`Grid::minlex`]. Under jigsaw the layout moves too: the form's rules are
    /// [`Rules::transformed`] by its transform.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Grid, Rules};
    /// let x: Rules = "x".parse()?;
    /// let puzzle: Grid =
    ///     "1.......2.3.....4...5...6.....7.8.......9........................................".parse()?;
    /// let canon = x.canonical(&puzzle);
    /// assert_eq!(canon.transform.apply(&puzzle), canon.grid);
    /// // The half turn keeps both diagonals: the turned puzzle has the same form.
    /// let turned: String = puzzle.to_string().chars().rev().collect();
    /// assert_eq!(x.canonical(&turned.parse()?).grid, canon.grid);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn canonical(&self, grid: &Grid) -> Canonical {
        if self.is_classic() {
            return grid.minlex();
        }
        let orders: &[Relabel] = if self.has(Rule::NonConsecutive) {
            &[Relabel::Kept, Relabel::Reversed]
        } else {
            &[Relabel::Free]
        };
        let source = grid.to_bytes();
        let layout = self.layout().copied();
        let mut best: Option<([u8; 81], [u8; 81], Transform)> = None;
        let mut count = 0u64;
        for from in &self.group().maps {
            let moved_layout =
                layout.map_or([0u8; 81], |l| renumber(&from.map(|s| l[usize::from(s)])));
            if let Some((bl, _, _)) = &best
                && moved_layout > *bl
            {
                continue;
            }
            let moved = from.map(|s| source[usize::from(s)]);
            for &order in orders {
                let (bytes, digits) = relabel(&moved, order);
                let key = (moved_layout, bytes);
                match &best {
                    Some((bl, bg, _)) if key > (*bl, *bg) => continue,
                    Some((bl, bg, _)) if key == (*bl, *bg) => count += 1,
                    _ => {
                        best = Some((moved_layout, bytes, Transform::from_parts(*from, digits)));
                        count = 1;
                    }
                }
            }
        }
        let (_, bytes, transform) = best.expect("the identity is a symmetry");
        let grid = Grid::try_from_bytes(bytes).expect("digits 0..=9");
        Canonical { grid, transform, automorphisms: count }
    }

    /// A symmetry of these rules drawn uniformly: a cell symmetry and a relabelling they allow
    /// (any for classic and most variants, keep or reverse under non-consecutive). It maps a
    /// puzzle to one with as many solutions under the rules it is moved to
    /// ([`Rules::transformed`]: the same rules, or the moved jigsaw layout).
    ///
    /// # Examples
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::{Grid, Rules};
    /// let x: Rules = "x".parse()?;
    /// let solution: Grid =
    ///     "789231465346598721215674983451826379623719548978453612167985234534162897892347156".parse()?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let t = x.random_symmetry(&mut rng);
    /// assert_eq!(x.check_solution(&Grid::EMPTY, &t.apply(&solution)), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_symmetry<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Transform {
        use rand::RngExt;
        use rand::seq::SliceRandom;
        if self.is_classic() {
            return Transform::random(rng);
        }
        let maps = &self.group().maps;
        let cells = maps[rng.random_range(0..maps.len())];
        let digits = if self.has(Rule::NonConsecutive) {
            if rng.random_bool(0.5) {
                [0, 1, 2, 3, 4, 5, 6, 7, 8]
            } else {
                [8, 7, 6, 5, 4, 3, 2, 1, 0]
            }
        } else {
            let mut d = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
            d.shuffle(rng);
            d
        };
        Transform::from_parts(cells, digits)
    }

    /// The rules as `transform` moves them: a jigsaw layout moved cell by cell, its regions
    /// renumbered in order of first appearance; other rules unchanged (a symmetry of them keeps
    /// them as they are).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Rules, Transform};
    /// let rows = "111111111222222222333333333444444444555555555666666666777777777888888888999999999";
    /// let jigsaw: Rules = format!("jigsaw:{rows}").parse()?;
    /// let cols = "123456789".repeat(9);
    /// assert_eq!(jigsaw.transformed(&Transform::transpose()).to_string(), format!("jigsaw:{cols}"));
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn transformed(&self, transform: &Transform) -> Rules {
        match self.layout() {
            None => self.clone(),
            Some(l) => {
                let moved = renumber(&transform.cell_sources().map(|s| l[usize::from(s)]));
                Rules::with_layout(self, moved)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::House;

    const SPECS: [&str; 8] = [
        "x",
        "windoku",
        "disjoint-groups",
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "x,windoku,anti-king",
        "jigsaw:111222333111222333111222333444555666444555666444555666777888999777888999777888999",
    ];

    /// The cells of a house as a mask, and where a cell map sends them.
    fn moved(cells: &[Cell; 9], from: &[u8; 81]) -> u128 {
        let to = Transform::from_parts(*from, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        cells.iter().fold(0u128, |m, &c| m | 1u128 << to.apply_cell(c).index())
    }

    #[test]
    fn every_symmetry_keeps_the_houses_and_neighbours_and_they_form_a_group() {
        for spec in SPECS {
            let rules: Rules = spec.parse().unwrap();
            let maps = &rules.group().maps;
            let set: std::collections::HashSet<[u8; 81]> = maps.iter().copied().collect();
            assert_eq!(set.len(), maps.len(), "{spec}: no element twice");
            let identity = Transform::IDENTITY.cell_sources();
            assert!(set.contains(&identity), "{spec}: the identity");
            let houses: std::collections::HashSet<(bool, u128)> = rules
                .houses()
                .iter()
                .map(|(h, cells)| {
                    (matches!(h, House::Row(_) | House::Col(_)), moved(cells, &identity))
                })
                .collect();
            for from in maps {
                let t = Transform::from_parts(*from, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
                for (h, cells) in rules.houses() {
                    let line = matches!(h, House::Row(_) | House::Col(_));
                    assert!(houses.contains(&(line, moved(cells, from))), "{spec}: {h} moved off");
                }
                for a in Cell::all() {
                    for b in rules.peers(a) {
                        assert!(rules.peers(t.apply_cell(a)).contains(t.apply_cell(b)), "{spec}");
                    }
                    for b in rules.non_consecutive_neighbours(a) {
                        let (ta, tb) = (t.apply_cell(a), t.apply_cell(b));
                        assert!(rules.non_consecutive_neighbours(ta).contains(tb), "{spec}");
                    }
                }
            }
            // Closed under composition (checked on a spread of pairs).
            let step = maps.len() / 40 + 1;
            for a in maps.iter().step_by(step) {
                for b in maps.iter().step_by(step) {
                    let ab =
                        Transform::from_parts(*a, [0; 9]).then(&Transform::from_parts(*b, [0; 9]));
                    assert!(set.contains(&ab.cell_sources()), "{spec}: not closed");
                }
            }
        }
    }

    #[test]
    fn symmetries_the_rules_lack_are_left_out() {
        // Swapping rows 1 and 2 keeps classic Sudoku but moves the diagonals, the windows and
        // knight moves; the four turns of the square keep all of them.
        let swap = Transform::try_permute_rows([1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap().cell_sources();
        let quarter = Transform::transpose()
            .then(&Transform::try_permute_cols([2, 1, 0, 5, 4, 3, 8, 7, 6]).unwrap())
            .then(&Transform::try_permute_stacks([2, 1, 0]).unwrap())
            .cell_sources();
        for spec in ["x", "windoku", "anti-knight", "non-consecutive"] {
            let rules: Rules = spec.parse().unwrap();
            assert!(!rules.group().maps.contains(&swap), "{spec}");
            assert!(rules.group().maps.contains(&quarter), "{spec}");
        }
        // Disjoint groups keep the same row swap in every band.
        let rules: Rules = "disjoint-groups".parse().unwrap();
        let every_band = Transform::try_permute_rows([1, 0, 2, 4, 3, 5, 7, 6, 8]).unwrap();
        assert!(rules.group().maps.contains(&every_band.cell_sources()));
        assert!(!rules.group().maps.contains(&swap));
    }
}
