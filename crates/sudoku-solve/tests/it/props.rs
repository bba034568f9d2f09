//! Property tests: the fast solver agrees with the reference backtracker.

use proptest::prelude::*;
use rand::SeedableRng;
use sudoku_core::{Cell, Grid};
use sudoku_solve::{Outcome, Query, SearchKernel, random_solution, solve};

use crate::reference;

/// A puzzle cut from a random grid: each clue kept with probability `keep / 100`, and sometimes a
/// wrong digit put in an empty cell (to make puzzles with no solution).
fn puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), 22u32..70, any::<bool>()).prop_map(|(seed, keep, spoil)| {
        use rand::RngExt;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let full = random_solution(&mut rng);
        let mut g = full;
        for c in Cell::all() {
            if rng.random_range(0..100) >= keep {
                g.set(c, None);
            }
        }
        if spoil && let Some(c) = g.empty_cells().first() {
            let wrong = g.candidates(c).iter().find(|&d| Some(d) != full.get(c));
            g.set(c, wrong);
        }
        g
    })
}

proptest! {
    // A fixed seed: the naive reference backtracker can take minutes on a rare sparse puzzle
    // without a solution, and a test run must not depend on drawing one.
    #![proptest_config(ProptestConfig {
        cases: 300,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed),
        ..ProptestConfig::default()
    })]

    #[test]
    fn solver_agrees_with_reference_backtracker(p in puzzle()) {
        let expected = reference::count(&mut p.clone(), 2);
        let outcome = solve(&p);
        prop_assert_eq!(outcome.count_capped(), expected);
        match outcome {
            Outcome::Unique(s) => prop_assert!(p.is_solved_by(&s)),
            Outcome::Multiple(a, b) => {
                prop_assert!(p.is_solved_by(&a) && p.is_solved_by(&b));
                prop_assert_ne!(a, b);
            }
            _ => {}
        }
    }

    /// Every build of the search this CPU runs (portable, AVX2, AVX-512) visits the same nodes
    /// and finds the same solutions.
    #[test]
    fn every_kernel_searches_alike(p in puzzle()) {
        let query = Query::new(&p).with_limit(50).with_budget(1_000_000);
        let portable = query.with_kernel(SearchKernel::Portable).search();
        for kernel in SearchKernel::available() {
            let other = query.with_kernel(kernel).search();
            prop_assert_eq!(&other, &portable, "kernel {}", kernel.name());
        }
        prop_assert_eq!(query.search(), portable);
    }

    #[test]
    fn counts_agree_with_reference_backtracker(p in puzzle()) {
        let expected = reference::count(&mut p.clone(), 50);
        let counted = Query::new(&p).with_limit(50).with_budget(u64::MAX).run();
        prop_assert_eq!(counted.map(|n| n.count()), Ok(expected));
    }
}

proptest! {
    // Pencil marks: the reference backtracker is slow on sparse marks without a solution, so
    // these puzzles keep at least 30 clues.
    #![proptest_config(ProptestConfig {
        cases: 200,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed),
        ..ProptestConfig::default()
    })]

    #[test]
    fn pencil_mark_solutions_agree_with_reference_backtracker(
        p in puzzle().prop_filter("dense enough for the reference", |g| g.clue_count() >= 30),
        crossed in proptest::collection::vec((0usize..81, 1u8..10), 0..40),
    ) {
        let mut marks = sudoku_core::CandidateGrid::from(&p);
        for (cell, digit) in crossed {
            marks.eliminate(Cell::all().nth(cell).unwrap(), sudoku_core::Digit::new(digit).unwrap());
        }
        let expected = reference::count_marks(&marks, 2);
        let outcome = Query::marks(&marks).with_budget(u64::MAX).run().map(|s| s.outcome());
        prop_assert_eq!(outcome.map(|o| o.map(|o| o.count_capped())), Ok(Some(expected)));
        // Every kernel searches pencil marks alike too.
        let portable = Query::marks(&marks).with_kernel(SearchKernel::Portable).search();
        for kernel in SearchKernel::available() {
            prop_assert_eq!(Query::marks(&marks).with_kernel(kernel).search(), portable);
        }
        if let Ok(Some(Outcome::Unique(s))) = outcome {
            prop_assert!(Cell::all().all(|c| marks.value(c).or(s.get(c)) == s.get(c)
                && (marks.value(c).is_some() || marks.candidates(c).contains(s.get(c).unwrap()))));
        }
    }
}
