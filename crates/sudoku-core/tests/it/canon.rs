//! Canonical (minlex) forms against a slow reference that tries every one of the 3,359,232
//! symmetries.

use proptest::prelude::*;
use rand::SeedableRng;
use sudoku_core::{Canonical, Cell, Digit, Grid, Transform};

const SOLVED: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The 1296 orders of nine lines that keep bands (or stacks) together.
fn line_orders() -> Vec<[u8; 9]> {
    const P3: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(1296);
    for blocks in P3 {
        for a in P3 {
            for b in P3 {
                for c in P3 {
                    let inner = [a, b, c];
                    out.push(std::array::from_fn(|i| blocks[i / 3] * 3 + inner[i / 3][i % 3]));
                }
            }
        }
    }
    out
}

/// The minlex form by brute force: every orientation, row order and column order, each
/// relabelled by first appearance, compared cell by cell with the best so far (a symmetry is
/// dropped at its first cell greater than the best's, which cannot change the minimum). Also
/// counts the symmetries that reach the minimum.
fn reference(grid: &Grid) -> (Grid, u64) {
    let orders = line_orders();
    let bytes = grid.to_bytes();
    let mut best = [u8::MAX; 81];
    let mut count = 0u64;
    let mut cur = [0u8; 81];
    for transposed in [false, true] {
        let at = |r: usize, c: usize| if transposed { bytes[c * 9 + r] } else { bytes[r * 9 + c] };
        for rows in &orders {
            let src: [[u8; 9]; 9] =
                std::array::from_fn(|i| std::array::from_fn(|c| at(usize::from(rows[i]), c)));
            for cols in &orders {
                let mut labels = [0u8; 10];
                let mut next = 1;
                let mut order = std::cmp::Ordering::Equal;
                for i in 0..81 {
                    let d = usize::from(src[i / 9][usize::from(cols[i % 9])]);
                    let v = if d == 0 {
                        0
                    } else {
                        if labels[d] == 0 {
                            labels[d] = next;
                            next += 1;
                        }
                        labels[d]
                    };
                    cur[i] = v;
                    if order == std::cmp::Ordering::Equal {
                        order = v.cmp(&best[i]);
                        if order == std::cmp::Ordering::Greater {
                            break;
                        }
                    }
                }
                match order {
                    std::cmp::Ordering::Less => {
                        best = cur;
                        count = 1;
                    }
                    std::cmp::Ordering::Equal => count += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
    }
    let mut form = Grid::EMPTY;
    for (i, &v) in best.iter().enumerate() {
        form.set(Cell::new(i).unwrap(), Digit::new(v));
    }
    (form, count)
}

/// The fast form is the reference's, with its automorphism count, and its transform reaches it.
fn assert_matches_reference(grid: &Grid) -> Canonical {
    let canon = grid.minlex();
    assert_eq!(canon.transform.apply(grid), canon.grid, "transform of {grid}");
    let (form, automorphisms) = reference(grid);
    assert_eq!(canon.grid, form, "minlex of {grid}");
    assert_eq!(canon.automorphisms, automorphisms, "automorphisms of {grid}");
    canon
}

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

fn rng(seed: u64) -> rand_pcg::Pcg64Mcg {
    rand_pcg::Pcg64Mcg::seed_from_u64(seed)
}

/// Keeps the cells of `full` whose bit is set in `keep`.
fn keep(full: &Grid, keep: u128) -> Grid {
    let mut g = Grid::EMPTY;
    for c in Cell::all().filter(|c| keep & (1 << c.index()) != 0) {
        g.set(c, full.get(c));
    }
    g
}

/// A valid puzzle: a random transform of a solution, with each cell kept with probability
/// `density` / 16.
fn puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), 1u32..12).prop_map(|(seed, density)| {
        let mut rng = rng(seed);
        let full = Transform::random(&mut rng).apply(&grid(SOLVED));
        let mut g = full;
        for c in Cell::all() {
            if rand::RngExt::random_range(&mut rng, 0..16) >= density {
                g.set(c, None);
            }
        }
        g
    })
}

/// Any grid at all: random digits in random cells, clashes included.
fn any_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec((0usize..81, 1u8..=9), 0..30).prop_map(|cells| {
        let mut g = Grid::EMPTY;
        for (i, d) in cells {
            g.set(Cell::new(i).unwrap(), Digit::new(d));
        }
        g
    })
}

/// A puzzle with symmetric givens: the cells of a solution kept in whole orbits of a symmetry
/// of the cells (a transform without relabelling), so that the puzzle is automorphic.
fn symmetric_puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), any::<u128>(), 0usize..4).prop_map(|(seed, bits, kind)| {
        let full = Transform::random(&mut rng(seed)).apply(&grid(SOLVED));
        let sym = match kind {
            0 => Transform::transpose(),
            // A half turn.
            1 => {
                let inner = [2, 1, 0, 5, 4, 3, 8, 7, 6];
                Transform::try_permute_bands([2, 1, 0])
                    .unwrap()
                    .then(&Transform::try_permute_rows(inner).unwrap())
                    .then(&Transform::try_permute_stacks([2, 1, 0]).unwrap())
                    .then(&Transform::try_permute_cols(inner).unwrap())
            }
            // Bands and stacks cycled.
            2 => Transform::try_permute_bands([1, 2, 0])
                .unwrap()
                .then(&Transform::try_permute_stacks([2, 0, 1]).unwrap()),
            _ => Transform::try_permute_rows([1, 0, 2, 3, 4, 5, 7, 6, 8]).unwrap(),
        };
        let mut mask = 0u128;
        for c in Cell::all().filter(|c| bits & (1 << c.index()) != 0 && c.index() % 3 == 0) {
            let mut x = c;
            for _ in 0..6 {
                mask |= 1 << x.index();
                x = sym.apply_cell(x);
            }
        }
        keep(&full, mask)
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xca11),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_puzzles_match_the_reference(g in puzzle()) {
        assert_matches_reference(&g);
    }

    #[test]
    fn arbitrary_grids_with_clashes_match_the_reference(g in any_grid()) {
        assert_matches_reference(&g);
    }

    #[test]
    fn symmetric_puzzles_match_the_reference(g in symmetric_puzzle()) {
        assert_matches_reference(&g);
    }

    #[test]
    fn solution_grids_match_the_reference(seed in any::<u64>()) {
        let g = Transform::random(&mut rng(seed)).apply(&grid(SOLVED));
        assert_matches_reference(&g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xca12),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn isomorphic_copies_share_one_form(g in puzzle(), seed in any::<u64>(), seed2 in any::<u64>()) {
        let t = Transform::random(&mut rng(seed));
        let u = Transform::random(&mut rng(seed2));
        let canon = g.minlex();
        for copy in [t.apply(&g), u.apply(&t.apply(&g))] {
            let other = copy.minlex();
            prop_assert_eq!(other.grid, canon.grid);
            prop_assert_eq!(other.automorphisms, canon.automorphisms);
            prop_assert_eq!(other.transform.apply(&copy), other.grid);
        }
        // The form is its own form, reached by an automorphism.
        prop_assert_eq!(canon.grid.minlex().grid, canon.grid);
        prop_assert_eq!(canon.grid.clue_count(), g.clue_count());
    }

    #[test]
    fn isomorphic_clashing_grids_share_one_form(g in any_grid(), seed in any::<u64>()) {
        let copy = Transform::random(&mut rng(seed)).apply(&g);
        let (a, b) = (g.minlex(), copy.minlex());
        prop_assert_eq!(a.grid, b.grid);
        prop_assert_eq!(a.automorphisms, b.automorphisms);
        prop_assert_eq!(b.transform.apply(&copy), b.grid);
    }
}

#[test]
fn the_empty_grid_is_its_own_form_with_every_symmetry() {
    let canon = assert_matches_reference(&Grid::EMPTY);
    assert_eq!(canon.grid, Grid::EMPTY);
    assert_eq!(canon.automorphisms, 3_359_232);
}

#[test]
fn one_and_two_givens() {
    let one = grid(&format!("{}5{}", ".".repeat(40), ".".repeat(40)));
    let canon = assert_matches_reference(&one);
    assert_eq!(canon.grid.to_string(), format!("{}1", ".".repeat(80)));
    // Two givens in one row, one box, one column, or apart; equal or different digits.
    for (a, b, da, db) in [
        (0, 1, 3, 4),
        (0, 10, 3, 4),
        (0, 9, 3, 4),
        (0, 40, 3, 4),
        (0, 40, 3, 3),
        (4, 76, 9, 9),
        (0, 1, 7, 7),
    ] {
        let mut g = Grid::EMPTY;
        g.set(Cell::new(a).unwrap(), Digit::new(da));
        g.set(Cell::new(b).unwrap(), Digit::new(db));
        assert_matches_reference(&g);
    }
}

#[test]
fn blank_rows_bands_and_columns() {
    let full = grid(SOLVED);
    let rows = |rs: &[usize]| rs.iter().fold(0u128, |m, r| m | 0x1ff << (r * 9));
    let cols =
        |cs: &[usize]| (0..9).fold(0u128, |m, r| cs.iter().fold(m, |m, c| m | 1 << (r * 9 + c)));
    let all = (1u128 << 81) - 1;
    for mask in [
        rows(&[0, 1, 2]),                   // one band only
        rows(&[4]),                         // one row only
        rows(&[0, 4, 8]),                   // a row per band
        all & !rows(&[3, 4, 5]),            // a blank band
        all & !rows(&[1, 4, 7]),            // a blank row per band
        cols(&[0, 1, 2]),                   // one stack only
        all & !cols(&[2, 5]) & !rows(&[0]), // blank columns and a blank row
        cols(&[4]) | rows(&[4]),            // a cross
        rows(&[0]) & cols(&[0, 4, 8]),
    ] {
        assert_matches_reference(&keep(&full, mask));
    }
}

#[test]
fn highly_automorphic_grids_and_puzzles() {
    // A solution grid with many automorphisms (bands and stacks all shifts of one row).
    let shifted =
        grid("123456789456789123789123456234567891567891234891234567345678912678912345912345678");
    assert_eq!(assert_matches_reference(&shifted).automorphisms, 54);
    // The grid with the most automorphisms, 648.
    let most =
        grid("123456789456789123789123456231564897564897231897231564312645978645978312978312645");
    assert_eq!(assert_matches_reference(&most).automorphisms, 648);
    // Its diagonals and a box pattern.
    let diagonal: u128 = (0..9).fold(0, |m, i| m | 1 << (i * 10));
    assert_matches_reference(&keep(&shifted, diagonal));
    let centre_box: u128 = [30, 31, 32, 39, 40, 41, 48, 49, 50].iter().fold(0, |m, i| m | 1 << i);
    assert_matches_reference(&keep(&shifted, centre_box));
    assert_matches_reference(&keep(&shifted, centre_box | diagonal));
}

#[test]
fn clashing_givens_are_compared_as_they_are() {
    let mut g = grid(SOLVED);
    g.set(Cell::new(1).unwrap(), Digit::new(8)); // 8 twice in the first row
    assert_matches_reference(&g);
    let unchecked = |digits: &[(usize, u8)]| {
        let mut g = Grid::EMPTY;
        for &(i, d) in digits {
            g.set(Cell::new(i).unwrap(), Digit::new(d));
        }
        g
    };
    assert_matches_reference(&unchecked(&[(0, 5), (1, 5), (2, 5)]));
    assert_matches_reference(&unchecked(&[(3, 5), (4, 6), (6, 5), (40, 6), (41, 7), (42, 7)]));
    let full_of_ones = unchecked(&(0..81).map(|i| (i, 1)).collect::<Vec<_>>());
    let canon = assert_matches_reference(&full_of_ones);
    assert_eq!(canon.grid, full_of_ones);
    assert_eq!(canon.automorphisms, 3_359_232);
}

#[test]
fn pinned_forms() {
    // A well-known 17-clue puzzle (Royle's list, already in minlex form), the README's puzzle
    // and the docs' example, with their forms as the reference computes them.
    let cases = [
        (
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ),
        (
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "........1.....2.3...4.5.6.....6..7....678.....3...9.....8...5...9...7.1.12.....9.",
        ),
        (
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
            ".....1..2..1.3..4..5.6.......27..1...6...2..58...4..3...3...9...2...7...9...8...1",
        ),
    ];
    for (puzzle, form) in cases {
        let canon = assert_matches_reference(&grid(puzzle));
        assert_eq!(canon.grid.to_string(), form);
    }
}
