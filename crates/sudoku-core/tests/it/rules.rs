//! Rules specs: Display/FromStr round trips, and random jigsaw layouts (valid ones built by
//! swapping cells between touching regions, broken ones by a swap that cuts a region or a move
//! that resizes two), checked with a connectivity test of the test's own.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use sudoku_core::{Cell, Rule, Rules, RulesError};

/// Whether the cells of region `k` are orthogonally connected (a flood fill of the test's
/// own); `None` when connected, else the first cell not reached from the region's first.
fn cut_cell(layout: &[u8; 81], k: u8) -> Option<usize> {
    let cells: Vec<usize> = (0..81).filter(|&i| layout[i] == k).collect();
    let mut reached = vec![cells[0]];
    let mut grew = true;
    while grew {
        grew = false;
        for &i in &cells {
            let touches = reached.iter().any(|&j: &usize| {
                let (dr, dc) = ((i / 9).abs_diff(j / 9), (i % 9).abs_diff(j % 9));
                dr + dc == 1
            });
            if !reached.contains(&i) && touches {
                reached.push(i);
                grew = true;
            }
        }
    }
    cells.into_iter().find(|i| !reached.contains(i))
}

fn text(layout: &[u8; 81]) -> String {
    layout.iter().map(|&r| char::from(b'1' + r)).collect()
}

/// A random layout of nine connected nine-cell regions: the boxes, then random exchanges of
/// cells between touching regions that keep both connected.
fn layout(seed: u64, swaps: usize) -> [u8; 81] {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut l = [0u8; 81];
    for (i, r) in l.iter_mut().enumerate() {
        *r = (i / 27 * 3 + i % 9 / 3) as u8;
    }
    let touch = |i: usize, j: usize| (i / 9).abs_diff(j / 9) + (i % 9).abs_diff(j % 9) == 1;
    for _ in 0..swaps {
        // A cell `a` of region A next to region B goes to B, and a cell of B next to A goes
        // to A, when both regions stay connected.
        let a = rng.random_range(0..81usize);
        let n = (0..81).filter(|&j| touch(a, j) && l[j] != l[a]).collect::<Vec<_>>();
        if n.is_empty() {
            continue;
        }
        let (ra, rb) = (l[a], l[n[rng.random_range(0..n.len())]]);
        let c = (0..81)
            .filter(|&j| l[j] == rb && (0..81).any(|k| l[k] == ra && k != a && touch(j, k)))
            .collect::<Vec<_>>();
        if c.is_empty() {
            continue;
        }
        let mut m = l;
        m[a] = rb;
        m[c[rng.random_range(0..c.len())]] = ra;
        if cut_cell(&m, ra).is_none() && cut_cell(&m, rb).is_none() {
            l = m;
        }
    }
    l
}

fn rules() -> impl Strategy<Value = Rules> {
    (any::<u8>(), any::<bool>(), any::<u64>()).prop_map(|(mask, jigsaw, seed)| {
        let mut picked: Vec<Rule> = Rule::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|p| p.1)
            .collect();
        let layout = jigsaw.then(|| text(&layout(seed, 200)));
        if layout.is_some() {
            picked.retain(|r| !r.needs_boxes());
        }
        Rules::try_new(&picked, layout.as_deref()).unwrap()
    })
}

proptest! {
    #[test]
    fn specs_round_trip(r in rules()) {
        let spec = r.to_string();
        let back: Rules = spec.parse().unwrap();
        prop_assert_eq!(&back, &r);
        prop_assert_eq!(back.to_string(), spec);
    }

    #[test]
    fn connected_layouts_validate(seed in any::<u64>(), swaps in 0usize..400) {
        let l = layout(seed, swaps);
        let r = Rules::try_new(&[], Some(&text(&l))).unwrap();
        prop_assert_eq!(r.layout(), Some(&l));
        prop_assert_eq!(r.houses().len(), 27);
    }

    #[test]
    fn a_swap_that_cuts_a_region_is_refused(seed in any::<u64>(), a in 0usize..81, b in 0usize..81) {
        let l = layout(seed, 200);
        let mut m = l;
        m.swap(a, b);
        // The first region (by digit) that the swap cut, if any.
        let cut = (0..9u8).find_map(|k| cut_cell(&m, k).map(|i| (k, i)));
        let got = Rules::try_new(&[], Some(&text(&m)));
        match cut {
            None => prop_assert!(got.is_ok()),
            Some((k, i)) => {
                let from = (0..81).find(|&j| m[j] == k).unwrap();
                let cell = |i: usize| Cell::from_row_col(i / 9, i % 9);
                prop_assert_eq!(
                    got.unwrap_err(),
                    RulesError::Disconnected { region: k + 1, from: cell(from), cell: cell(i) }
                );
            }
        }
    }

    #[test]
    fn a_moved_cell_resizes_two_regions(seed in any::<u64>(), a in 0usize..81, to in 0u8..9) {
        let mut l = layout(seed, 200);
        let from = l[a];
        prop_assume!(from != to);
        l[a] = to;
        let first = from.min(to);
        let size = if first == from { 8 } else { 10 };
        prop_assert_eq!(
            Rules::try_new(&[], Some(&text(&l))).unwrap_err(),
            RulesError::RegionSize { region: first + 1, size }
        );
    }
}

#[test]
fn layouts_with_swaps_differ_from_the_boxes() {
    // The generator really moves cells (else the properties above would test the boxes only).
    let l = layout(7, 400);
    assert!((0..81).filter(|&i| l[i] != (i / 27 * 3 + i % 9 / 3) as u8).count() > 20);
}

#[cfg(feature = "serde")]
#[test]
fn rules_serialise_as_their_spec() {
    let r: Rules = "anti-king,x".parse().unwrap();
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(json, "\"x,anti-king\"");
    assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), r);
    let e = serde_json::from_str::<Rules>("\"x,queen\"").unwrap_err();
    assert!(e.to_string().contains("unknown rule \"queen\""), "{e}");
}
