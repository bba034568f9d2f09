//! Property tests: round trips, transforms and bitsets against a `BTreeSet` model.

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::SeedableRng;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, Transform};

const SOLVED: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// A valid puzzle: a random transform of a known solution with a random subset of clues kept.
fn puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), any::<u128>()).prop_map(|(seed, keep)| {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let full = Transform::random(&mut rng).apply(&SOLVED.parse().unwrap());
        let mut g = full;
        for c in Cell::all() {
            if keep & (1 << c.index()) == 0 {
                g.set(c, None);
            }
        }
        g
    })
}

fn transform() -> impl Strategy<Value = Transform> {
    any::<u64>().prop_map(|seed| Transform::random(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed)))
}

proptest! {
    #[test]
    fn display_parse_round_trip(g in puzzle()) {
        prop_assert_eq!(g.to_string().parse::<Grid>().unwrap(), g);
        prop_assert_eq!(g.pretty().to_string().parse::<Grid>().unwrap(), g);
        prop_assert_eq!(format!("{g:#}").parse::<Grid>().unwrap(), g);
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = s.parse::<Grid>();
        let _ = sudoku_core::PuzzleReader::new(s.as_bytes()).count();
    }

    #[test]
    fn transforms_keep_validity_and_invert(g in puzzle(), t in transform(), u in transform()) {
        let moved = t.apply(&g);
        prop_assert!(moved.first_conflict().is_none());
        prop_assert_eq!(moved.clue_count(), g.clue_count());
        prop_assert_eq!(t.inverse().apply(&moved), g);
        prop_assert_eq!(t.then(&t.inverse()), Transform::IDENTITY);
        prop_assert_eq!(t.then(&u).apply(&g), u.apply(&t.apply(&g)));
        prop_assert_eq!(t.then(&u).inverse(), u.inverse().then(&t.inverse()));
    }

    #[test]
    fn candidates_are_exactly_the_digits_no_peer_holds(g in puzzle()) {
        for c in Cell::all() {
            if g.get(c).is_some() { continue; }
            let used: BTreeSet<u8> = c.peers().iter().filter_map(|p| g.get(p)).map(Digit::get).collect();
            let expected: BTreeSet<u8> = (1..=9).filter(|d| !used.contains(d)).collect();
            let got: BTreeSet<u8> = g.candidates(c).iter().map(Digit::get).collect();
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn digit_set_matches_btreeset(ops in prop::collection::vec((any::<bool>(), 1u8..=9), 0..40)) {
        let mut set = DigitSet::EMPTY;
        let mut model = BTreeSet::new();
        for (insert, v) in ops {
            let d = Digit::new(v).unwrap();
            if insert {
                prop_assert_eq!(set.insert(d), model.insert(v));
            } else {
                prop_assert_eq!(set.remove(d), model.remove(&v));
            }
            prop_assert_eq!(set.len(), model.len());
            prop_assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), model.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(set.first().map(Digit::get), model.first().copied());
        }
    }

    #[test]
    fn cell_set_matches_btreeset(ops in prop::collection::vec((any::<bool>(), 0usize..81), 0..100), other in any::<u128>()) {
        let mut set = CellSet::EMPTY;
        let mut model = BTreeSet::new();
        for (insert, i) in ops {
            let c = Cell::new(i).unwrap();
            if insert {
                prop_assert_eq!(set.insert(c), model.insert(i));
            } else {
                prop_assert_eq!(set.remove(c), model.remove(&i));
            }
        }
        prop_assert_eq!(set.len(), model.len());
        prop_assert_eq!(set.iter().map(Cell::index).collect::<Vec<_>>(), model.iter().copied().collect::<Vec<_>>());
        let o = CellSet::from_bits(other);
        let om: BTreeSet<usize> = o.iter().map(Cell::index).collect();
        prop_assert_eq!(set.union(o).iter().map(Cell::index).collect::<BTreeSet<_>>(), model.union(&om).copied().collect());
        prop_assert_eq!(set.intersection(o).iter().map(Cell::index).collect::<BTreeSet<_>>(), model.intersection(&om).copied().collect());
        prop_assert_eq!(set.difference(o).iter().map(Cell::index).collect::<BTreeSet<_>>(), model.difference(&om).copied().collect());
        prop_assert_eq!(set.complement().len(), 81 - model.len());
    }
}
