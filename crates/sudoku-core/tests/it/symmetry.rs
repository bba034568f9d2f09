//! Canonical forms under a variant's symmetries (`Rules::canonical`): on puzzles of each
//! variant, moved by random symmetries of their rules, and on moves the rules do not allow.

use rand::SeedableRng;
use sudoku_core::{Grid, Rules, Transform};

/// A few puzzles of each variant with their solutions (from `../shared/data/variants/`), so
/// that the test runs without it.
const SAMPLES: &[(&str, &str, &str)] = &[
    (
        "x",
        "......4..3.6598.2.2..67..83.5..2..79..37..5...7845...2...9.....5..16.89.8.2..71.6",
        "789231465346598721215674983451826379623719548978453612167985234534162897892347156",
    ),
    (
        "non-consecutive",
        ".....69.....85..4..2617........9....9.7......38.2....9......7.1........46..91....",
        "538426917791853642426179385264791853917538426385264179853642791179385264642917538",
    ),
    (
        "jigsaw:112222333111122333441223353411255556445555666447766669477788699478789999778888899",
        "......8...6...9.......37...9....4...7..1.........5..8.........6...........4......",
        "347215869861749235589637124952864371735198642126453987498321756613572498274986513",
    ),
];

/// Up to `n` puzzles of each variant file, (rules, puzzle, solution); the samples above when
/// `../shared` is absent.
fn puzzles(n: usize) -> Vec<(Rules, Grid, Grid)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/variants");
    let files = [
        "x",
        "windoku",
        "disjoint-groups",
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "jigsaw",
    ];
    let mut out = Vec::new();
    for name in files {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{name}.txt")) else {
            eprintln!("skipping {name}: {dir} is absent (the samples stand in)");
            continue;
        };
        for line in text.lines().filter(|l| !l.starts_with('#')).take(n) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let spec = if name == "jigsaw" { format!("jigsaw:{}", f[1]) } else { name.to_string() };
            out.push(read(&spec, f[0], f[2]));
        }
    }
    for (spec, p, s) in SAMPLES {
        out.push(read(spec, p, s));
    }
    out
}

fn read(spec: &str, puzzle: &str, solution: &str) -> (Rules, Grid, Grid) {
    let rules: Rules = spec.parse().unwrap();
    let (p, s) = (rules.parse_grid(puzzle).unwrap(), rules.parse_grid(solution).unwrap());
    (rules, p, s)
}

#[test]
fn moved_puzzles_keep_their_form_and_their_solution() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    for (rules, puzzle, solution) in puzzles(8) {
        let form = rules.canonical(&puzzle);
        let form_rules = rules.transformed(&form.transform);
        assert_eq!(form.transform.apply(&puzzle), form.grid, "{rules}");
        assert!(form.automorphisms >= 1);
        // The form is its own form.
        assert_eq!(form_rules.canonical(&form.grid).grid, form.grid, "{rules} {puzzle}");
        for _ in 0..4 {
            let t = rules.random_symmetry(&mut rng);
            let (moved, moved_rules) = (t.apply(&puzzle), rules.transformed(&t));
            // Still a puzzle of the rules (as moved), with the moved solution.
            assert_eq!(moved_rules.check_solution(&moved, &t.apply(&solution)), Ok(()), "{rules}");
            let again = moved_rules.canonical(&moved);
            assert_eq!(again.grid, form.grid, "{rules}: {puzzle} moved to {moved}");
            assert_eq!(moved_rules.transformed(&again.transform), form_rules, "{rules}");
            assert_eq!(again.automorphisms, form.automorphisms);
        }
    }
}

#[test]
fn moves_the_rules_do_not_allow_change_the_form() {
    // Swapping rows 1 and 2 is a symmetry of classic Sudoku, not of these variants (it moves
    // the diagonals, windows, disjoint groups are kept ..., knight and king moves and
    // neighbours): the swapped puzzle is another puzzle, with another form.
    let swap = Transform::try_permute_rows([1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    let (mut differ, mut total) = (0, 0);
    for (rules, puzzle, _) in puzzles(8) {
        if rules.to_string() == "disjoint-groups" {
            continue;
        }
        total += 1;
        let swapped = swap.apply(&puzzle);
        if rules.transformed(&swap).canonical(&swapped).grid != rules.canonical(&puzzle).grid {
            differ += 1;
        }
    }
    assert!(differ + 1 >= total, "{differ} of {total} swapped puzzles got another form");
    // Under non-consecutive, digits may only reverse: 1 <-> 2 is not a symmetry.
    let (spec, p, _) = SAMPLES[1];
    let nc: Rules = spec.parse().unwrap();
    let p: Grid = p.parse().unwrap();
    let mut map = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(|d| sudoku_core::Digit::new(d).unwrap());
    let reversed =
        Transform::try_relabel(map.map(|d| sudoku_core::Digit::new(10 - d.get()).unwrap()))
            .unwrap();
    assert_eq!(nc.canonical(&reversed.apply(&p)).grid, nc.canonical(&p).grid);
    map.swap(0, 1);
    let swapped_digits = Transform::try_relabel(map).unwrap();
    assert_ne!(nc.canonical(&swapped_digits.apply(&p)).grid, nc.canonical(&p).grid);
}

#[test]
fn classic_rules_give_the_minlex_form() {
    let p: Grid = SAMPLES[0].1.parse().unwrap();
    let form = Rules::classic().canonical(&p);
    assert_eq!(form, p.minlex());
}
