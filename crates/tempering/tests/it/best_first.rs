//! Best-first search: finds the global minimum of a small space and then stops, never rates a
//! state twice, and resumes exactly from a checkpoint.

use std::sync::atomic::{AtomicU64, Ordering};

use rand::{Rng, RngExt};
use tempering::{BestFirst, Budget, Model, Neighbourhood, Observer, StopReason, drive};

/// Bit strings of length 12 with a deceptive energy: a slope towards all-zero, but the
/// global minimum is one string far up the slope.
struct Deceptive {
    rated: AtomicU64,
}

const GOAL: u16 = 0b1011_0110_1101;

impl Model for Deceptive {
    type State = u16;
    type Move = u16;
    fn energy(&self, x: &u16) -> f64 {
        self.rated.fetch_add(1, Ordering::Relaxed);
        if *x == GOAL { -100.0 } else { f64::from(x.count_ones()) }
    }
    fn propose<R: Rng + ?Sized>(&self, x: &u16, _: u32, rng: &mut R) -> Option<u16> {
        Some(x ^ (1 << rng.random_range(0..12)))
    }
    fn apply(&self, x: &mut u16, to: u16) {
        *x = to;
    }
}

impl Neighbourhood for Deceptive {
    fn neighbours(&self, x: &u16) -> Vec<u16> {
        (0..12).map(|i| x ^ (1 << i)).collect()
    }
    fn key(&self, x: &u16) -> u64 {
        u64::from(*x)
    }
}

#[test]
fn searches_the_whole_space_once_and_stops() {
    let model = Deceptive { rated: AtomicU64::new(0) };
    let mut search = BestFirst::new(&model, vec![0b1111_1111_1111]).unwrap();
    let reason = drive(&mut search, &model, &Budget::sweeps(1 << 20), &mut ());
    assert_eq!(reason, StopReason::Exhausted);
    assert_eq!(search.best(), (&GOAL, -100.0));
    assert_eq!(search.sweeps(), 1 << 12, "every state expanded once");
    assert_eq!(search.seen(), 1 << 12);
    // The start, then every other state once, as a neighbour never seen before.
    assert_eq!(model.rated.load(Ordering::Relaxed), 1 << 12);
}

/// Every state the search rates, with its energy and the expansions done before it.
#[derive(Default)]
struct Harvest(Vec<(u16, f64, u64)>);

impl Observer<u16> for Harvest {
    fn on_rated(&mut self, state: &u16, energy: f64, sweep: u64) {
        self.0.push((*state, energy, sweep));
    }
}

#[test]
fn the_observer_sees_every_rated_state_once() {
    let model = Deceptive { rated: AtomicU64::new(0) };
    let start = 0b1111_1111_1111;
    let mut search = BestFirst::new(&model, vec![start]).unwrap();
    let mut harvest = Harvest::default();
    drive(&mut search, &model, &Budget::sweeps(1 << 20), &mut harvest);
    let mut states: Vec<u16> = harvest.0.iter().map(|h| h.0).collect();
    states.sort_unstable();
    let all_but_start: Vec<u16> = (0..1 << 12).filter(|&x| x != start).collect();
    assert_eq!(states, all_but_start, "every state but the start, once");
    for &(state, energy, sweep) in &harvest.0 {
        assert!((energy - model.energy(&state)).abs() < 1e-12, "{state}: {energy}");
        assert!(sweep < search.sweeps());
    }
    // The first expansion (of the start) rates its 12 neighbours before any other.
    assert!(harvest.0[..12].iter().all(|h| h.2 == 0 && (h.0 ^ start).count_ones() == 1));
}

#[test]
fn the_lowest_states_are_expanded_first_and_the_frontier_is_bounded() {
    let model = Deceptive { rated: AtomicU64::new(0) };
    let mut search = BestFirst::new(&model, vec![0b1111_1111_1111]).unwrap().with_frontier_limit(8);
    drive(&mut search, &model, &Budget::sweeps(13), &mut ());
    // Straight down the slope: 12 expansions reach all-zero, whose energy is 0.
    assert_eq!(search.best(), (&0, 0.0));
    assert!(search.frontier_len() < 16);
    assert!(BestFirst::<u16, u16>::new(&model, Vec::new()).is_err(), "a search needs a start");
}

/// The states a search expands, in order.
#[derive(Default)]
struct Expanded(Vec<u16>);

impl tempering::Observer<u16> for Expanded {
    fn on_sweep(&mut self, info: &tempering::SweepInfo<'_, u16>) -> bool {
        self.0.push(*info.state);
        true
    }
}

#[cfg(feature = "serde")]
#[test]
fn a_checkpoint_resumes_exactly() {
    let model = Deceptive { rated: AtomicU64::new(0) };
    let start = || BestFirst::new(&model, vec![0b0101_0101_0101, 0b1111_0000_0000]).unwrap();
    let (mut straight, mut straight_trace) = (start(), Expanded::default());
    drive(&mut straight, &model, &Budget::sweeps(120), &mut ());
    drive(&mut straight, &model, &Budget::sweeps(300), &mut straight_trace);

    let mut first = start();
    drive(&mut first, &model, &Budget::sweeps(120), &mut ());
    let saved = serde_json::to_string(&first).unwrap();
    drop(first);
    let mut resumed: BestFirst<u16, u16> = serde_json::from_str(&saved).unwrap();
    let mut resumed_trace = Expanded::default();
    drive(&mut resumed, &model, &Budget::sweeps(300), &mut resumed_trace);

    assert_eq!(resumed_trace.0.len(), 180);
    assert_eq!(resumed_trace.0, straight_trace.0, "the same states expanded in the same order");
    let view = |s: &BestFirst<u16, u16>| (*s.best().0, s.best().1, s.seen(), s.frontier_len());
    assert_eq!(view(&resumed), view(&straight));
}

/// Stops at the first chance it gets inside an expansion.
struct StopInside(bool);

impl tempering::Observer<u16> for StopInside {
    fn keep_going(&mut self) -> bool {
        self.0 = true;
        false
    }
}

/// An expansion stopped halfway (by the observer, between two pieces of neighbours) and
/// checkpointed there resumes where it was: the same search as one never stopped.
#[cfg(feature = "serde")]
#[test]
fn a_search_stopped_inside_an_expansion_resumes_exactly() {
    // One thread, pieces of no time: one neighbour each, so each expansion has several.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    pool.install(|| {
        for partial in [None, Some(5)] {
            let model = Deceptive { rated: AtomicU64::new(0) };
            let start = || {
                let search = BestFirst::new(&model, vec![0b0000_1111_0000])
                    .unwrap()
                    .with_piece_time(std::time::Duration::ZERO);
                match partial {
                    Some(chunk) => search.with_partial(chunk),
                    None => search,
                }
            };
            let mut straight = start();
            let mut straight_trace = Expanded::default();
            drive(&mut straight, &model, &Budget::sweeps(60), &mut straight_trace);

            // The first expansion has 12 fresh neighbours (later ones fewer).
            let mut first = start();
            let mut stop = StopInside(false);
            assert_eq!(
                drive(&mut first, &model, &Budget::sweeps(60), &mut stop),
                StopReason::Stopped
            );
            assert!(stop.0 && first.sweeps() == 0, "stopped inside the first expansion");
            let mut trace = Expanded::default();
            let saved = serde_json::to_string(&first).unwrap();
            let mut resumed: BestFirst<u16, u16> = serde_json::from_str(&saved).unwrap();
            drive(&mut resumed, &model, &Budget::sweeps(60), &mut trace);
            assert_eq!(trace.0, straight_trace.0);
            assert_eq!(resumed.best(), straight.best());
            assert_eq!(
                (resumed.seen(), resumed.frontier_len()),
                (straight.seen(), straight.frontier_len())
            );
        }
    });
}

/// A restarting search leaves a plateau for the next start, rates no state twice, and a
/// checkpoint taken between epochs resumes exactly.
#[cfg(feature = "serde")]
#[test]
fn restarts_begin_from_the_next_start_and_resume_exactly() {
    let model = Deceptive { rated: AtomicU64::new(0) };
    // The second start is one flip from the goal, far up the slope.
    let starts = vec![0b0000_0000_0011, 0b1011_0110_1100, 0b1111_1111_1111];
    let start = || BestFirst::new(&model, starts.clone()).unwrap().with_restarts(3);
    let mut straight = start();
    let mut straight_trace = Expanded::default();
    drive(&mut straight, &model, &Budget::sweeps(200), &mut straight_trace);
    // The first epoch descends from the lowest start; the plateau at 0 ends it, and the second
    // begins from the next-lowest start, never expanded before.
    assert_eq!(straight_trace.0[0], 0b0000_0000_0011);
    let second = straight_trace.0.iter().position(|&x| x == 0b1011_0110_1100).unwrap();
    assert!(second > 0 && straight.epochs() >= 2, "restarted at expansion {second}");
    assert_eq!(straight.best(), (&GOAL, -100.0), "the goal's start is the second epoch's");
    assert_eq!(
        model.rated.load(Ordering::Relaxed) as usize,
        straight.seen(),
        "no state rated twice"
    );
    let plain_best = {
        let mut plain = BestFirst::new(&model, starts.clone()).unwrap();
        drive(&mut plain, &model, &Budget::sweeps(200), &mut ());
        plain.best().1
    };
    assert!(plain_best > -100.0, "without restarts 200 expansions stay on the slope");

    let mut first = start();
    drive(&mut first, &model, &Budget::sweeps(second as u64 - 1), &mut ());
    let saved = serde_json::to_string(&first).unwrap();
    let mut resumed: BestFirst<u16, u16> = serde_json::from_str(&saved).unwrap();
    let mut trace = Expanded::default();
    drive(&mut resumed, &model, &Budget::sweeps(200), &mut trace);
    assert_eq!(trace.0, straight_trace.0[second - 1..]);
    assert_eq!((resumed.best(), resumed.epochs()), (straight.best(), straight.epochs()));
}

/// Pieces of any length on any number of threads give the same search: neighbours are taken
/// in order by whichever thread is free, and applied in order; a partial expansion stops at
/// the same neighbour however many a piece rated beyond it.
#[test]
fn the_search_is_the_same_for_any_piece_time_and_thread_count() {
    for partial in [None, Some(1), Some(3)] {
        let trace = |threads: usize, piece: std::time::Duration| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| {
                let model = Deceptive { rated: AtomicU64::new(0) };
                let mut search = BestFirst::new(&model, vec![0b1010_0101_1100, 0b0000_0000_0001])
                    .unwrap()
                    .with_piece_time(piece)
                    .with_restarts(5);
                if let Some(chunk) = partial {
                    search = search.with_partial(chunk);
                }
                let mut trace = Expanded::default();
                drive(&mut search, &model, &Budget::sweeps(300), &mut trace);
                (trace.0, *search.best().0, search.seen(), search.epochs())
            })
        };
        let reference = trace(1, std::time::Duration::from_secs(1));
        assert_eq!(reference.0.len(), 300);
        for (threads, piece) in [(1, 0), (2, 0), (3, 0), (2, 1000), (4, 1)] {
            let piece = std::time::Duration::from_micros(piece);
            assert_eq!(
                trace(threads, piece),
                reference,
                "{threads} threads, pieces of {piece:?}, partial {partial:?}"
            );
        }
    }
}

/// Partial expansion climbs on the first better neighbours: down the slope it rates a few
/// neighbours per step instead of all twelve, and it still rates no state twice and, given
/// the time, searches the whole space.
#[test]
fn partial_expansion_climbs_on_fewer_ratings_and_still_searches_everything() {
    let descend = |partial: Option<usize>| {
        let model = Deceptive { rated: AtomicU64::new(0) };
        let mut search = BestFirst::new(&model, vec![0b1111_1111_1111]).unwrap();
        if let Some(chunk) = partial {
            search = search.with_partial(chunk);
        }
        // Until the bottom of the slope, all-zero (energy 0), is found.
        let budget = Budget::sweeps(1 << 20).with_target(0.0);
        drive(&mut search, &model, &budget, &mut ());
        assert_eq!(search.best(), (&0, 0.0));
        let to_bottom = model.rated.load(Ordering::Relaxed);
        assert_eq!(to_bottom as usize, search.seen(), "no state rated twice");
        let reason = drive(&mut search, &model, &Budget::sweeps(1 << 20), &mut ());
        assert_eq!(reason, StopReason::Exhausted);
        assert_eq!(search.best(), (&GOAL, -100.0));
        assert_eq!(model.rated.load(Ordering::Relaxed), 1 << 12, "every state rated once");
        to_bottom
    };
    let whole = descend(None);
    let partial = descend(Some(2));
    // Whole expansions rate 124 states to the bottom, chunks of two 69.
    assert!(5 * partial < 3 * whole, "whole expansions rated {whole}, partial {partial}");
}
