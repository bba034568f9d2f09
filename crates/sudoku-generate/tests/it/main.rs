//! Integration tests of sudoku-generate: generated puzzles are unique and rated right, a
//! resumed generation equals an uninterrupted one, and threads do not change the result.

use sudoku_generate::{
    BandSearch, Energy, Generation, GeneratorConfig, Moves, Search, Start, Symmetry,
};
use sudoku_metrics::{AverageWidth, Depth, NormalWidth, SeRater};
use tempering::Budget;

fn energy(spec: &str) -> Energy {
    spec.parse().unwrap()
}

fn small(energy: Energy) -> GeneratorConfig {
    let mut config = GeneratorConfig::paper()
        .with_energy(energy)
        .with_start(Start::depth(4))
        .with_search(Search::exchange(4))
        .with_sweeps_per_round(5)
        .with_move_pairs(4);
    config.rerate_samples = 10;
    config
}

#[test]
fn generated_puzzles_are_unique_and_their_ratings_are_right() {
    let mut g = Generation::start(small(Energy::width()), 11).unwrap();
    g.run(&Budget::sweeps(200), &mut ());
    assert!(!g.bests().is_empty());
    for b in g.bests() {
        assert!(sudoku_solve::solve(&b.puzzle).unique().is_some(), "{}", b.puzzle);
        assert!(b.puzzle.is_solved_by(g.solution()));
        assert_eq!(b.clues, b.puzzle.clue_count());
        let w = NormalWidth::default().evaluate(&b.puzzle).unwrap().width;
        assert_eq!(b.normal_width, Some(w));
        assert!((b.u - (w as f64).ln()).abs() < 1e-9, "U is ln(normal width)");
        assert!((b.energy - (-100.0 * b.u + b.clues as f64)).abs() < 1e-6, "H = -J U + h clues");
        assert_eq!(b.depth, Depth::default().evaluate(&b.puzzle).ok());
    }
    // Each record is a new best: energies strictly fall.
    assert!(g.bests().windows(2).all(|w| w[1].energy < w[0].energy));
    let s = g.rate_summary();
    assert!(sudoku_solve::solve(&s.puzzle).unique().is_some());
    let avg = AverageWidth::default().with_samples(10).evaluate(&s.puzzle, g.seed()).unwrap();
    assert_eq!(s.average_width, Some(avg));
    assert_eq!(s.steps, 200);
}

#[test]
fn depth_phase_reaches_its_target() {
    let g = Generation::start(small(energy("depth")), 3).unwrap();
    let (state, _) = g.best_state();
    assert!(state.u >= 4.0, "depth {}", state.u);
    assert!(g.depth_steps() > 0);
}

/// The resumed run starts with an empty memo of ratings and the uninterrupted one with a full
/// one: equality also shows that the memo changes no result.
#[test]
fn resumed_generation_equals_an_uninterrupted_one() {
    let config = small(Energy::width());
    let mut straight = Generation::start(config, 5).unwrap();
    straight.run(&Budget::sweeps(100), &mut ());

    let mut first = Generation::start(config, 5).unwrap();
    first.run(&Budget::sweeps(50), &mut ());
    let saved = serde_json::to_string(&first).unwrap();
    let mut resumed: Generation = serde_json::from_str(&saved).unwrap();
    resumed.run(&Budget::sweeps(100), &mut ());

    assert_eq!(serde_json::to_string(&resumed).unwrap(), serde_json::to_string(&straight).unwrap());
    assert_eq!(resumed.rate_summary(), straight.rate_summary());
}

#[test]
fn thread_count_does_not_change_the_result() {
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| {
            let mut g = Generation::start(small(energy("average-width:samples=3")), 9).unwrap();
            g.run(&Budget::sweeps(60), &mut ());
            (serde_json::to_string(&g).unwrap(), g.rate_summary())
        })
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(3));
}

#[test]
fn human_model_energies_rate_and_report_the_lowest_energy_puzzle() {
    let mut g = Generation::start(small(energy("human-effort:runs=2")), 4).unwrap();
    g.run(&Budget::sweeps(60), &mut ());
    assert!(!g.bests().is_empty());
    for b in g.bests() {
        assert!(sudoku_solve::solve(&b.puzzle).unique().is_some());
        assert!(b.u.is_finite() && b.u > 0.0, "U = ln(1 + effort) > 0, got {}", b.u);
        assert!((b.energy - (-100.0 * b.u + b.clues as f64)).abs() < 1e-6, "H = -J U + h clues");
    }
    let lowest = g.bests().iter().map(|b| b.energy).fold(f64::INFINITY, f64::min);
    assert!((g.rate_summary().energy - lowest).abs() < 1e-9);
    assert!(energy("refutation-sum").is_for_people());
    assert!(!energy("average-width").is_for_people());
}

/// The ER energy with vicinity moves: every best is unique, rated by the logical solver, and
/// the solution grid moves away from the start.
#[test]
fn se_rating_energy_with_vicinity_moves() {
    let config = small(energy("se-rating:tiebreak=ep-ed")).with_moves(Moves::Vicinity);
    let mut g = Generation::start(config, 2).unwrap();
    g.run(&Budget::sweeps(40), &mut ());
    assert!(!g.bests().is_empty());
    for b in g.bests() {
        let se = SeRater::default().evaluate(&b.puzzle).unwrap().0;
        assert_eq!(b.se, Some(se), "the record carries ER/EP/ED");
        let tie = (se.ep + se.ed / 100.0) / 200.0;
        assert!((b.u - (se.er + tie)).abs() < 1e-9, "U = ER + tie-break");
        assert!(tie < 0.1);
    }
    let moved = g.bests().iter().any(|b| !b.puzzle.is_solved_by(g.solution()));
    assert!(moved, "exchanges change the solution grid");
    let s = g.rate_summary();
    assert!(
        sudoku_solve::solve(&s.puzzle).unique().is_some() && s.puzzle.is_solved_by(&s.solution)
    );
    assert_eq!(s.se, SeRater::default().evaluate(&s.puzzle).ok().map(|r| r.0));
    assert_eq!(s.minimal, sudoku_generate::is_minimal(&s.puzzle));
}

/// `minimal` reports a puzzle with every clue needed, re-rated, even when the search's best
/// has spare clues (a few steps from the full grid have many).
#[test]
fn minimal_output_has_every_clue_needed() {
    let config = small(energy("depth")).with_start(Start::depth(1)).with_minimal(true);
    let mut g = Generation::start(config, 3).unwrap();
    g.run(&Budget::sweeps(2), &mut ());
    let s = g.rate_summary();
    assert!(s.minimal && sudoku_generate::is_minimal(&s.puzzle), "{}", s.puzzle);
    assert!(s.puzzle.is_solved_by(&s.solution));
    let depth = Depth::default().evaluate(&s.puzzle).unwrap();
    assert_eq!(s.depth, Some(depth));
    assert!((s.energy - (-100.0 * f64::from(depth) + s.clues as f64)).abs() < 1e-9, "re-rated");
    let spare = config.with_minimal(false);
    let mut g = Generation::start(spare, 3).unwrap();
    g.run(&Budget::sweeps(2), &mut ());
    assert!(!g.rate_summary().minimal, "a puzzle two steps from depth 1 still has spare clues");
}

/// Annealing, Metropolis and best-first (whole or partial expansions) run the main phase
/// through the same driver, resume exactly from a checkpoint, and the best-of-random start is
/// the same for any thread count.
#[test]
fn any_optimizer_runs_the_main_phase_and_resumes_exactly() {
    let searches = [
        Search::Annealing { t0: 20.0, alpha: 0.99, t_min: 1.0 },
        Search::Metropolis { beta: 0.2 },
        Search::best_first(),
        Search::BestFirst { restart_after: None, partial: Some(4) },
    ];
    for (search, moves) in
        searches.into_iter().flat_map(|s| [(s, Moves::Flips), (s, Moves::PATTERN)])
    {
        let config = small(energy("depth"))
            .with_start(Start::random(16))
            .with_search(search)
            .with_moves(moves);
        let run = |threads: usize, split: bool| {
            rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| {
                let mut g = Generation::start(config, 6).unwrap();
                if split {
                    g.run(&Budget::sweeps(20), &mut ());
                    g = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
                }
                g.run(&Budget::sweeps(40), &mut ());
                (g.steps(), serde_json::to_string(&g.bests()).unwrap(), g.rate_summary())
            })
        };
        let straight = run(1, false);
        assert_eq!(straight.0, 40, "{search:?} {moves:?}");
        assert_eq!(straight, run(2, true), "{search:?} {moves:?}");
        assert!(reports_rounds(config), "{search:?}");
        let bests: Vec<sudoku_generate::BestRecord> = serde_json::from_str(&straight.1).unwrap();
        for b in bests {
            assert!(sudoku_solve::solve(&b.puzzle).unique().is_some(), "{moves:?}: {}", b.puzzle);
            assert_eq!(Some(b.u as u32), Depth::default().evaluate(&b.puzzle).ok());
        }
    }
}

/// Best-first search over the {-1+1} vicinity: every puzzle it reports is unique and rated
/// right, each better than the last, and the search is the same for any thread count.
#[test]
fn best_first_search_climbs_the_vicinity() {
    let config = small(energy("depth"))
        .with_start(Start::random(8))
        .with_search(Search::best_first())
        .with_moves(Moves::Vicinity);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| {
            let mut g = Generation::start(config, 4).unwrap();
            g.run(&Budget::sweeps(6), &mut ());
            g
        })
    };
    let g = run(2);
    assert_eq!(g.steps(), 6);
    assert!(!g.bests().is_empty(), "six expansions of a random minimal puzzle find a deeper one");
    for pair in g.bests().windows(2) {
        assert!(pair[1].energy < pair[0].energy);
    }
    for b in g.bests() {
        assert!(sudoku_solve::solve(&b.puzzle).unique().is_some(), "{}", b.puzzle);
        assert_eq!(Some(b.u as u32), Depth::default().evaluate(&b.puzzle).ok());
        assert!((b.energy - (-100.0 * b.u + b.clues as f64)).abs() < 1e-9);
    }
    let one = run(1);
    assert_eq!(
        serde_json::to_string(&one.bests()).unwrap(),
        serde_json::to_string(&g.bests()).unwrap()
    );
}

/// The summary says how often a best-first search went back to its starts: never without
/// restarts, and as its epochs say with them (the JSON summary line too).
#[test]
fn the_summary_counts_best_first_restarts() {
    let config = small(energy("depth")).with_start(Start::random(8)).with_moves(Moves::Vicinity);
    let summary = |search: Search| {
        let mut g = Generation::start(config.with_search(search), 4).unwrap();
        g.run(&Budget::sweeps(24), &mut ());
        g.rate_summary()
    };
    assert_eq!(summary(Search::best_first()).restarts, 0);
    assert_eq!(summary(Search::exchange(2)).restarts, 0);
    let restarting = summary(Search::best_first_restarting(2));
    assert!(restarting.restarts >= 1, "24 expansions, a plateau of 2: {}", restarting.restarts);
    let line = sudoku_generate::SummaryLine::new(
        restarting.clone(),
        config.energy,
        1,
        tempering::StopReason::Sweeps,
    );
    let json = serde_json::to_value(&line).unwrap();
    assert_eq!(json["restarts"].as_u64(), Some(restarting.restarts));
}

/// A clue limit on the random starts: the search over the {-1+1} vicinity never adds a clue,
/// so every puzzle it reports has at most the starts' limit, where the same seed without the
/// limit reports puzzles of more; the same for any thread count; a limit too low to draw is a
/// typed error.
#[test]
fn random_starts_keep_to_their_clue_limit() {
    let config = |start| {
        small(energy("depth"))
            .with_start(start)
            .with_search(Search::best_first())
            .with_moves(Moves::Vicinity)
    };
    let run = |start, threads: usize| {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| {
            let mut g = Generation::start(config(start), 5).unwrap();
            g.run(&Budget::sweeps(3), &mut ());
            g.bests().to_vec()
        })
    };
    let lean = run(Start::random_up_to(12, 22), 2);
    assert!(!lean.is_empty());
    for b in &lean {
        assert!(b.clues <= 22, "{} has {} clues", b.puzzle, b.clues);
        assert!(sudoku_solve::solve(&b.puzzle).unique().is_some(), "{}", b.puzzle);
    }
    let json = |bests: &[sudoku_generate::BestRecord]| serde_json::to_string(bests).unwrap();
    assert_eq!(json(&lean), json(&run(Start::random_up_to(12, 22), 1)));
    let any = run(Start::random(12), 2);
    assert!(any.iter().any(|b| b.clues > 22), "without the limit this seed's starts are larger");
    let too_low = Start::BestOfRandom { count: 4, max_clues: Some(20) };
    assert!(matches!(
        Generation::start(config(too_low), 1),
        Err(sudoku_generate::GenerateError::ClueLimit(20))
    ));
}

/// Pattern moves are the vicinity's, then every change of two clues' digits that keeps the
/// puzzle unique: the same clue cells, two digits changed, the solution the one given; and
/// all of them, by a brute-force count over every pair of clues and every two digits.
#[test]
fn pattern_moves_add_every_two_digit_change_of_the_pattern() {
    use sudoku_core::{Cell, Digit, Grid};
    use sudoku_generate::{PuzzleModel, PuzzleMove};
    use tempering::{Model, Neighbourhood};
    let puzzle: Grid =
        ".2.4...8.....8...68....71..2..5...9..95.......4..3.........1..7..28...4.....6.3.."
            .parse()
            .unwrap();
    let solution = sudoku_solve::solve(&puzzle).unique().unwrap();
    let clues = puzzle.filled_cells().iter().fold(0u128, |m, c| m | 1 << c.index());
    let vicinity = PuzzleModel::new(solution, Depth::default(), 0).with_moves(Moves::Vicinity);
    let pattern = PuzzleModel::new(solution, Depth::default(), 0).with_moves(Moves::PATTERN);
    let state = vicinity.state(clues);
    let after = |model: &PuzzleModel<Depth>, mv: &PuzzleMove| {
        let mut s = state;
        model.apply(&mut s, *mv);
        s
    };
    let single = vicinity.neighbours(&state);
    let moves = pattern.neighbours(&state);
    let single_puzzles: Vec<Grid> = single.iter().map(|m| after(&vicinity, m).puzzle()).collect();
    let (first, pairs) = moves.split_at(single.len());
    assert_eq!(
        first.iter().map(|m| after(&pattern, m).puzzle()).collect::<Vec<_>>(),
        single_puzzles
    );
    assert!(!pairs.is_empty());
    for mv in pairs {
        let s = after(&pattern, mv);
        assert_eq!(s.clues, clues, "the pattern is kept");
        let changed = puzzle.filled_cells().iter().filter(|&c| s.puzzle().get(c) != puzzle.get(c));
        assert_eq!(changed.count(), 2, "{}", s.puzzle());
        assert_eq!(sudoku_solve::solve(&s.puzzle()).unique(), Some(s.solution));
    }
    let cells: Vec<Cell> = puzzle.filled_cells().iter().collect();
    let mut expected = 0;
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            for x in (1..=9).filter_map(Digit::new).filter(|&x| puzzle.get(a) != Some(x)) {
                for y in (1..=9).filter_map(Digit::new).filter(|&y| puzzle.get(b) != Some(y)) {
                    let mut p = puzzle;
                    p.set(a, Some(x));
                    p.set(b, Some(y));
                    if p.first_conflict().is_none() && sudoku_solve::solve(&p).unique().is_some() {
                        expected += 1;
                    }
                }
            }
        }
    }
    assert_eq!(pairs.len(), expected);

    // With a threshold, the pattern's moves come only from puzzles rated at or above it.
    let puzzles = |model: &PuzzleModel<Depth>| -> Vec<Grid> {
        model.neighbours(&state).iter().map(|m| after(model, m).puzzle()).collect()
    };
    let above = |u: f64| {
        PuzzleModel::new(solution, Depth::default(), 0)
            .with_moves(Moves::Pattern { above: Some(u) })
    };
    assert_eq!(puzzles(&above(state.u)), puzzles(&pattern));
    assert_eq!(puzzles(&above(state.u + 0.5)), single_puzzles);
}

/// Whether a short run records its temperatures and energies for plots.
fn reports_rounds(config: GeneratorConfig) -> bool {
    let mut g = Generation::start(config, 6).unwrap();
    g.run(&Budget::sweeps(10), &mut ());
    !g.history().is_empty()
}

#[test]
fn band_search_finds_minimal_symmetric_puzzles_in_the_band() {
    let search = BandSearch::new("se-rating=3.0..6.0".parse().unwrap())
        .with_symmetry(Symmetry::HalfTurn)
        .with_max_tries(5_000);
    for i in 0..3 {
        let found = search.find(5, i).expect("a common band");
        let p = found.puzzle;
        let er = SeRater::default().evaluate(&p).unwrap().0.er;
        assert!((3.0..=6.0).contains(&er), "{p}: ER {er}");
        assert!(Symmetry::HalfTurn.holds(&p));
        assert!(sudoku_solve::solve(&p).unique().is_some());
        // Minimal under the symmetry: no orbit of clues can go.
        for c in sudoku_core::Cell::all().filter(|&c| p.get(c).is_some()) {
            let mut q = p;
            for o in Symmetry::HalfTurn.orbit(c) {
                q.set(o, None);
            }
            assert!(
                sudoku_solve::solve(&q).unique().is_none(),
                "{p}: the orbit of {c:?} is not needed"
            );
        }
    }
    let none = BandSearch::new("se-rating=11.0..12.0".parse().unwrap()).with_max_tries(20);
    assert_eq!(none.find(5, 0), None, "out of reach: a clear miss, no hang");
}

/// A seeded generation's result pinned (see sudoku-solve's tests/it/golden.rs for why).
#[test]
fn a_seeded_generation_is_pinned() {
    let mut g = Generation::start(small(Energy::width()), 11).unwrap();
    g.run(&Budget::sweeps(50), &mut ());
    let best = g.bests().last().map(|b| b.puzzle.to_string()).unwrap_or_default();
    assert_eq!((g.solution().to_string().as_str(), best.as_str()), GOLDEN);
}

/// Since 0.2.0 (`tempering::child_seed`); 0.1 gave the solution
/// `947352681582716439613849275451673928798125364236984517864531792129467853375298146` and the
/// best `..7...68.5..........3..9..5....7.9...9..2.3....6.....78..5.1....29.6..5....2...46`.
const GOLDEN: (&str, &str) = (
    "496351872285794613317268495162837954973425168854916327631542789548179236729683541",
    "..........8..9.61.3.7.68....6....9...7.42.1.....9..3.7....4..8.5....9....29...5.1",
);

#[test]
fn a_band_search_stops_when_its_token_is_cancelled() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};
    // No random minimal puzzle rates 11.9: the search would draw its 100,000 tries.
    let search = BandSearch::new("se-rating=11.9..12".parse().expect("a band"));
    let cancel = sudoku_core::Cancel::new();
    let tries = AtomicU64::new(0);
    let started = Instant::now();
    let result = std::thread::scope(|s| {
        s.spawn(|| {
            while tries.load(Ordering::Relaxed) < 3 {
                std::thread::sleep(Duration::from_millis(5));
            }
            cancel.cancel();
        });
        search.find_cancellable(1, 0, &cancel, |t| tries.store(t, Ordering::Relaxed))
    });
    assert_eq!(result, Err(sudoku_core::Failure::CANCELLED));
    assert!(tries.load(Ordering::Relaxed) >= 3);
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}

/// Every puzzle a best-first search rates.
#[derive(Default)]
struct Rated(Vec<sudoku_core::Grid>);

impl tempering::Observer<sudoku_generate::PuzzleState> for Rated {
    fn on_rated(&mut self, state: &sudoku_generate::PuzzleState, _: f64, _: u64) {
        self.0.push(state.puzzle());
    }
}

impl tempering::Observer<sudoku_generate::BestRecord> for Rated {}

/// With known puzzles left out, a best-first search rates none of them (isomorphic variants
/// included), rates the others it would have rated, expands a known start, and resumes from
/// a checkpoint exactly, given the same known puzzles again and only them.
#[test]
fn a_search_that_skips_known_puzzles_never_rates_one_and_resumes_exactly() {
    use std::sync::Arc;
    use sudoku_core::Transform;
    use sudoku_generate::{GenerateError, KnownPuzzles};
    let start: sudoku_core::Grid =
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
            .parse()
            .unwrap();
    let config =
        GeneratorConfig::default().with_energy(energy("depth")).with_moves(Moves::Vicinity);
    let begin = || Generation::start_from(config, 5, &[start], &mut ()).unwrap().unwrap();
    // Without skipping: what the first expansion rates, in order.
    let mut plain = begin();
    let mut all = Rated::default();
    plain.run(&Budget::sweeps(1), &mut all);
    assert!(all.0.len() > 20, "{} rated", all.0.len());
    // Every other one becomes known, turned over so that only the class matches; the start too.
    let known: Vec<_> = all.0.iter().step_by(2).map(|p| Transform::transpose().apply(p)).collect();
    let known = Arc::new(KnownPuzzles::from_puzzles(known.into_iter().chain([start])));
    let mut skipping = begin();
    skipping.skip_known(Arc::clone(&known)).unwrap();
    let mut rated = Rated::default();
    skipping.run(&Budget::sweeps(1), &mut rated);
    assert_eq!(skipping.steps(), 1, "the known start was expanded");
    let unknown: Vec<_> = all.0.iter().filter(|p| !known.contains(p)).copied().collect();
    assert_eq!(rated.0, unknown, "the others, in the same order");
    assert_eq!(skipping.skipped(), (all.0.len() - unknown.len()) as u64);
    assert_eq!(skipping.skipped(), all.0.len().div_ceil(2) as u64);
    // Further on, still no known puzzle is rated.
    skipping.run(&Budget::sweeps(3), &mut rated);
    assert!(rated.0.iter().all(|p| !known.contains(p)), "a known puzzle was rated");

    // A checkpoint after one step, resumed with the same set, ends where the straight run does.
    let mut straight = begin();
    straight.skip_known(Arc::clone(&known)).unwrap();
    straight.run(&Budget::sweeps(3), &mut ());
    let mut first = begin();
    first.skip_known(Arc::clone(&known)).unwrap();
    first.run(&Budget::sweeps(1), &mut ());
    let saved = serde_json::to_string(&first).unwrap();
    let mut resumed: Generation = serde_json::from_str(&saved).unwrap();
    assert!(resumed.skips_known());
    let other = Arc::new(KnownPuzzles::from_puzzles([start]));
    assert!(matches!(resumed.skip_known(other), Err(GenerateError::KnownChanged { given: 1 })));
    resumed.skip_known(Arc::clone(&known)).unwrap();
    resumed.run(&Budget::sweeps(3), &mut ());
    let result = |g: &Generation| (g.steps(), serde_json::to_string(g.bests()).unwrap());
    assert_eq!(result(&resumed), result(&straight));
    assert_eq!(resumed.rate_summary(), straight.rate_summary());

    // Only a best-first search lists vicinities to leave puzzles out of.
    let mut chain = Generation::start_from(
        config.with_search(Search::Metropolis { beta: 0.2 }),
        5,
        &[start],
        &mut (),
    )
    .unwrap()
    .unwrap();
    assert!(matches!(chain.skip_known(known), Err(GenerateError::SkipNeedsBestFirst(_))));
}

/// A start phase stopped after its first chunk of random puzzles keeps them: the generation
/// starts from the best of those rated (the start says how many), as a stopped
/// `sudoku generate` saves them instead of nothing; stopped before any, there is nothing.
#[test]
fn a_stopped_random_start_keeps_the_puzzles_it_rated() {
    let config =
        GeneratorConfig::default().with_energy(energy("depth")).with_start(Start::random(1000));
    let mut asked = 0;
    let mut after_one_chunk = tempering::KeepGoing(|| {
        asked += 1;
        asked == 1
    });
    let g = Generation::start_until(config, 5, &mut after_one_chunk).unwrap().expect("rated some");
    let Start::BestOfRandom { count, max_clues } = g.config().start else {
        panic!("a random start: {:?}", g.config().start)
    };
    assert!((1..1000).contains(&count), "{count} of 1000 rated");
    assert_eq!(max_clues, None);
    // The best of those rated is the one an uninterrupted start of that many begins from.
    let mut g = g;
    let mut whole = Generation::start(config.with_start(Start::random(count)), 5).unwrap();
    g.run(&Budget::sweeps(1), &mut ());
    whole.run(&Budget::sweeps(1), &mut ());
    assert!(!g.bests().is_empty());
    assert_eq!(g.bests(), whole.bests());
    let mut never = tempering::KeepGoing(|| false);
    assert!(Generation::start_until(config, 5, &mut never).unwrap().is_none());
}
