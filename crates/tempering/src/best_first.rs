//! Best-first search over a listed neighbourhood: always expand the lowest-energy state not yet
//! expanded, rating all of its neighbours, and never visit a state twice.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering as Atomic};
use std::time::{Duration, Instant};

use crate::{ConfigError, Model, Observer, Optimizer, SweepInfo};

/// A [`Model`] whose moves from a state can all be listed: what [`BestFirst`] needs.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt};
/// use tempering::{Model, Neighbourhood};
///
/// /// Integers `0..100`, moving by one.
/// struct Line;
/// impl Model for Line {
///     type State = i64;
///     type Move = i64;
///     fn energy(&self, x: &i64) -> f64 { ((x - 42) * (x - 42)) as f64 }
///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, rng: &mut R) -> Option<i64> {
///         Some(x + if rng.random_bool(0.5) { 1 } else { -1 })
///     }
///     fn apply(&self, x: &mut i64, to: i64) { *x = to; }
/// }
/// impl Neighbourhood for Line {
///     fn neighbours(&self, x: &i64) -> Vec<i64> {
///         [x - 1, x + 1].into_iter().filter(|y| (0..100).contains(y)).collect()
///     }
///     fn key(&self, x: &i64) -> u64 { *x as u64 }
/// }
/// assert_eq!(Line.neighbours(&0), vec![1]);
/// ```
pub trait Neighbourhood: Model {
    /// Every move from `state`, in an order that depends on `state` alone (the search is then
    /// deterministic).
    fn neighbours(&self, state: &Self::State) -> Vec<Self::Move>;

    /// A 64-bit identity of a state: two states with the same key are one state to the search.
    /// It is taken of a state reached by [`Model::apply`] without [`Model::delta`], so it must
    /// not depend on what `delta` caches in a move.
    fn key(&self, state: &Self::State) -> u64;
}

/// A state waiting to be expanded. The heap's greatest entry is the lowest energy, the
/// earliest found among equals.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Entry<S> {
    energy: f64,
    order: u64,
    state: S,
}

impl<S> PartialEq for Entry<S> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<S> Eq for Entry<S> {}

impl<S> PartialOrd for Entry<S> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<S> Ord for Entry<S> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.energy.total_cmp(&self.energy).then(other.order.cmp(&self.order))
    }
}

/// Best-first local search, as the puzzle community's "vicinity" searches explore: a frontier
/// of states found but not yet expanded; each sweep expands its lowest-energy state, rating
/// every neighbour never seen before (in parallel, in the model's order, so the result does not
/// depend on the thread count) and adding them to the frontier. Nothing random: the same
/// starts give the same search. Unlike Metropolis it never returns to a state, and unlike a
/// plain descent it goes on from the best states left when a state has no better neighbour.
///
/// A sweep is one expansion. Its neighbours are rated in pieces of about
/// [`BestFirst::with_piece_time`] (every thread takes the next neighbour as soon as it is free,
/// so one slow neighbour does not idle the others), and between two pieces the
/// [`drive`](crate::drive) loop checks its budget and the observer
/// ([`Observer::keep_going`]), so an expansion of slow neighbours neither overruns a time
/// limit by much nor delays a stop; a checkpoint taken in between resumes the expansion where
/// it was. States of infinite energy (a model's "over budget") are dropped. The frontier keeps
/// at most [`BestFirst::with_frontier_limit`] states (the lowest).
///
/// A search that has plateaued (no better state in its basin for a while) spends the rest of
/// its time among states a little worse than its best. [`BestFirst::with_restarts`] ends such
/// an *epoch*: the frontier is dropped and the search goes on from the starts not yet expanded
/// (the lowest first), never rating a state it has seen, so each epoch explores a new basin.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt};
/// use tempering::{drive, BestFirst, Budget, Model, Neighbourhood};
///
/// /// A rugged line: a slope to 77 with a ridge at every number not divisible by 3.
/// struct Rugged;
/// impl Model for Rugged {
///     type State = i64;
///     type Move = i64;
///     fn energy(&self, x: &i64) -> f64 { ((x - 77).abs() + 10 * (x % 3)) as f64 }
///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, rng: &mut R) -> Option<i64> {
///         Some(x + if rng.random_bool(0.5) { 1 } else { -1 })
///     }
///     fn apply(&self, x: &mut i64, to: i64) { *x = to; }
/// }
/// impl Neighbourhood for Rugged {
///     fn neighbours(&self, x: &i64) -> Vec<i64> {
///         [x - 1, x + 1].into_iter().filter(|y| (0..100).contains(y)).collect()
///     }
///     fn key(&self, x: &i64) -> u64 { *x as u64 }
/// }
///
/// let mut search = BestFirst::new(&Rugged, vec![3])?;
/// drive(&mut search, &Rugged, &Budget::sweeps(200), &mut ());
/// assert_eq!(search.best(), (&78, 1.0)); // 77 is on a ridge; 78, one step further, is not
/// # Ok::<(), tempering::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "S: serde::Serialize", deserialize = "S: serde::Deserialize<'de>"))
)]
pub struct BestFirst<S, V> {
    frontier: BinaryHeap<Entry<S>>,
    seen: HashSet<u64>,
    best: S,
    best_energy: f64,
    expansions: u64,
    found: u64,
    frontier_limit: usize,
    /// The expansion in progress, and how many of its fresh neighbours are rated.
    expanding: Option<(Entry<S>, usize)>,
    /// Its fresh neighbours (keys and moves): listed again after a resume, the same list,
    /// since `seen` takes their keys only when the expansion ends.
    #[cfg_attr(feature = "serde", serde(skip))]
    fresh: Option<Vec<(u64, V)>>,
    /// Restarts: the plateau length and the epochs' bookkeeping.
    #[cfg_attr(feature = "serde", serde(default))]
    restarts: Restarts<S>,
    /// How long a piece of an expansion rates before the budget and observer are asked.
    #[cfg_attr(feature = "serde", serde(skip, default = "default_piece_time"))]
    piece_time: Duration,
    /// Partial expansion: the chunk of neighbours after which an expansion that has found a
    /// better state than the one expanded stops (`None`: expansions are whole).
    #[cfg_attr(feature = "serde", serde(default))]
    partial: Option<usize>,
    /// Where the expansion in progress stops: the end of the chunk of its first better
    /// neighbour (`None`: none found yet, or whole expansions).
    #[cfg_attr(feature = "serde", serde(default))]
    stop_at: Option<usize>,
}

/// The default length of a piece: short enough for a prompt stop, long enough that the
/// threads' wait for the last neighbour of a piece is a small share of it.
const PIECE_TIME: Duration = Duration::from_millis(500);

#[cfg(feature = "serde")]
fn default_piece_time() -> Duration {
    PIECE_TIME
}

/// When and from where a [`BestFirst`] search restarts.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Restarts<S> {
    /// Expansions without a better state in the epoch that end it (`None`: never).
    after: Option<u64>,
    /// The starts not yet expanded, lowest energy last (the next epoch's frontier).
    starts: Vec<Entry<S>>,
    /// The lowest energy found in this epoch.
    epoch_best: f64,
    /// Expansions since `epoch_best` last fell.
    stale: u64,
    /// Epochs ended so far.
    count: u64,
}

impl<S> Default for Restarts<S> {
    fn default() -> Restarts<S> {
        Restarts { after: None, starts: Vec::new(), epoch_best: f64::INFINITY, stale: 0, count: 0 }
    }
}

/// The default most states kept waiting in the frontier.
const FRONTIER_LIMIT: usize = 100_000;

impl<S: Clone, V> BestFirst<S, V> {
    /// A search from `starts` (all of them in the frontier, rated by the model).
    ///
    /// # Errors
    ///
    /// [`ConfigError::NoStart`] when `starts` is empty.
    pub fn new<M: Neighbourhood<State = S, Move = V>>(
        model: &M,
        starts: Vec<S>,
    ) -> Result<BestFirst<S, V>, ConfigError> {
        let mut rated = starts.into_iter().map(|state| (model.energy(&state), state));
        let (energy, first) = rated.next().ok_or(ConfigError::NoStart)?;
        let mut search = BestFirst {
            frontier: BinaryHeap::new(),
            seen: HashSet::new(),
            best: first.clone(),
            best_energy: energy,
            expansions: 0,
            found: 0,
            frontier_limit: FRONTIER_LIMIT,
            expanding: None,
            fresh: None,
            restarts: Restarts::default(),
            piece_time: PIECE_TIME,
            partial: None,
            stop_at: None,
        };
        for (energy, state) in std::iter::once((energy, first)).chain(rated) {
            if search.seen.insert(model.key(&state)) {
                search.push(energy, state);
            }
        }
        Ok(search)
    }

    /// Sets the most states kept waiting (at least 1).
    #[must_use]
    pub fn with_frontier_limit(self, limit: usize) -> BestFirst<S, V> {
        BestFirst { frontier_limit: limit.max(1), ..self }
    }

    /// Rates neighbours in pieces of about `time` (500 ms by default; at least one neighbour
    /// per thread): the budget and the observer are asked between pieces. The search is the
    /// same for any piece length.
    #[must_use]
    pub fn with_piece_time(self, time: Duration) -> BestFirst<S, V> {
        BestFirst { piece_time: time, ..self }
    }

    /// Partial expansion: an expansion rates its fresh neighbours in chunks of `chunk` (at
    /// least 1, in the model's order) and stops at the end of the first chunk that holds a
    /// state better than the one expanded; that state goes back into the frontier with its
    /// energy and the rest of its neighbours, to be expanded further once nothing better is
    /// waiting. A climb then rates a chunk per step instead of a whole neighbourhood, and the
    /// search is otherwise best-first: a state with no better neighbour is expanded whole, and
    /// a state is still never rated twice. The search is the same for any piece time and
    /// thread count. Every partial or whole expansion is one sweep.
    ///
    /// # Examples
    ///
    /// ```
    /// use rand::Rng;
    /// use tempering::{drive, BestFirst, Budget, Model, Neighbourhood};
    ///
    /// /// Integers 0..1000, each with every other integer as a neighbour; the lowest is 0.
    /// struct Far;
    /// impl Model for Far {
    ///     type State = u32;
    ///     type Move = u32;
    ///     fn energy(&self, x: &u32) -> f64 { f64::from(*x) }
    ///     fn propose<R: Rng + ?Sized>(&self, _: &u32, _: u32, _: &mut R) -> Option<u32> { None }
    ///     fn apply(&self, x: &mut u32, to: u32) { *x = to; }
    /// }
    /// impl Neighbourhood for Far {
    ///     fn neighbours(&self, x: &u32) -> Vec<u32> {
    ///         (0..1000).rev().filter(|y| y != x).collect()
    ///     }
    ///     fn key(&self, x: &u32) -> u64 { u64::from(*x) }
    /// }
    ///
    /// // Whole, the first expansion rates all 999 others. Partial, it stops after the first
    /// // chunk (999, 998, ..., 989 but 995), which holds better states (994 to 989).
    /// let mut whole = BestFirst::new(&Far, vec![995])?;
    /// drive(&mut whole, &Far, &Budget::sweeps(1), &mut ());
    /// assert_eq!((whole.best().1, whole.seen()), (0.0, 1000));
    /// let mut partial = BestFirst::new(&Far, vec![995])?.with_partial(10);
    /// drive(&mut partial, &Far, &Budget::sweeps(1), &mut ());
    /// assert_eq!((partial.best().1, partial.seen(), partial.frontier_len()), (989.0, 11, 11));
    /// // Then 989, the best waiting: its first chunk (the ten not seen yet, 988 to 979).
    /// drive(&mut partial, &Far, &Budget::sweeps(2), &mut ());
    /// assert_eq!(partial.best().1, 979.0);
    /// # Ok::<(), tempering::ConfigError>(())
    /// ```
    #[must_use]
    pub fn with_partial(self, chunk: usize) -> BestFirst<S, V> {
        BestFirst { partial: Some(chunk.max(1)), ..self }
    }

    /// Restarts after `plateau` expansions (at least 1) without a better state in the current
    /// epoch: the frontier is dropped and the next epoch begins from the starts not yet
    /// expanded. Once every start is expanded the search goes on without restarts. Set it
    /// before the first expansion: the starts are remembered from the frontier as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use rand::Rng;
    /// use tempering::{drive, BestFirst, Budget, Model, Neighbourhood};
    ///
    /// /// Two valleys of integers: one around 10 (a plateau at 5), one around 90 (down to 0).
    /// struct Valleys;
    /// impl Model for Valleys {
    ///     type State = i64;
    ///     type Move = i64;
    ///     fn energy(&self, x: &i64) -> f64 {
    ///         if *x < 50 { 5.0 + (x - 10).abs() as f64 / 100.0 } else { (x - 90).abs() as f64 }
    ///     }
    ///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, _: &mut R) -> Option<i64> {
    ///         Some(x + 1)
    ///     }
    ///     fn apply(&self, x: &mut i64, to: i64) { *x = to; }
    /// }
    /// impl Neighbourhood for Valleys {
    ///     fn neighbours(&self, x: &i64) -> Vec<i64> {
    ///         [x - 1, x + 1].into_iter().filter(|y| (0..50).contains(y) == (0..50).contains(x)).collect()
    ///     }
    ///     fn key(&self, x: &i64) -> u64 { *x as u64 }
    /// }
    ///
    /// // The start at 20 looks better (5.1) than the one at 60 (30), and its valley is wide.
    /// let mut plain = BestFirst::new(&Valleys, vec![20, 60])?;
    /// drive(&mut plain, &Valleys, &Budget::sweeps(40), &mut ());
    /// assert_eq!(plain.best().1, 5.0);
    /// let mut restarting = BestFirst::new(&Valleys, vec![20, 60])?.with_restarts(5);
    /// drive(&mut restarting, &Valleys, &Budget::sweeps(60), &mut ());
    /// assert_eq!((restarting.best(), restarting.epochs()), ((&90, 0.0), 2));
    /// # Ok::<(), tempering::ConfigError>(())
    /// ```
    #[must_use]
    pub fn with_restarts(mut self, plateau: u64) -> BestFirst<S, V> {
        let mut starts = self.frontier.clone().into_sorted_vec();
        starts.reverse();
        let epoch_best = starts.last().map_or(f64::INFINITY, |s| s.energy);
        self.restarts =
            Restarts { after: Some(plateau.max(1)), starts, epoch_best, ..Restarts::default() };
        self
    }

    /// Epochs begun: 1 plus the restarts so far.
    pub fn epochs(&self) -> u64 {
        self.restarts.count + 1
    }

    /// The lowest-energy state found and its energy.
    pub fn best(&self) -> (&S, f64) {
        (&self.best, self.best_energy)
    }

    /// Expansions so far.
    pub fn sweeps(&self) -> u64 {
        self.expansions
    }

    /// States found but not yet expanded.
    pub fn frontier_len(&self) -> usize {
        self.frontier.len()
    }

    /// States seen since the search began (starts included; the neighbours of an expansion
    /// in progress once it ends).
    pub fn seen(&self) -> usize {
        self.seen.len()
    }

    /// Adds a rated state to the frontier; whether it is the best so far.
    fn push(&mut self, energy: f64, state: S) -> bool {
        if !energy.is_finite() {
            return false;
        }
        if energy < self.restarts.epoch_best {
            self.restarts.epoch_best = energy;
            self.restarts.stale = 0;
        }
        let improves = energy < self.best_energy;
        if improves {
            self.best_energy = energy;
            self.best = state.clone();
        }
        self.frontier.push(Entry { energy, order: self.found, state });
        self.found += 1;
        if self.frontier.len() >= 2 * self.frontier_limit {
            // Keep the lowest `frontier_limit`: the sorted vector ends with the greatest.
            let mut v = std::mem::take(&mut self.frontier).into_sorted_vec();
            v.drain(..v.len() - self.frontier_limit);
            self.frontier = v.into();
        }
        improves
    }
}

impl<M> Optimizer<M> for BestFirst<M::State, M::Move>
where
    M: Neighbourhood + Sync,
    M::State: Clone + Send + Sync,
    M::Move: Clone + Send + Sync,
{
    fn sweeps(&self) -> u64 {
        self.expansions
    }

    fn best(&self) -> (&M::State, f64) {
        (&self.best, self.best_energy)
    }

    fn exhausted(&self) -> bool {
        self.expanding.is_none() && self.frontier.is_empty()
    }

    /// Rates the next piece of the current expansion (starting one if none is in progress).
    fn advance<O: Observer<M::State> + ?Sized>(
        &mut self,
        model: &M,
        _max_sweeps: u64,
        observer: &mut O,
    ) -> bool {
        let (entry, done) = match self.expanding.take() {
            Some(in_progress) => in_progress,
            None => {
                let Some(entry) = self.frontier.pop() else { return true };
                // A start is expanded once: no later epoch begins from it.
                self.restarts.starts.retain(|s| s.order != entry.order);
                self.fresh = None;
                self.stop_at = None;
                (entry, 0)
            }
        };
        let fresh = self.fresh.get_or_insert_with(|| {
            let mut keys = HashSet::new();
            model
                .neighbours(&entry.state)
                .into_iter()
                .filter_map(|mv| {
                    let mut next = entry.state.clone();
                    model.apply(&mut next, mv.clone());
                    let key = model.key(&next);
                    (!self.seen.contains(&key) && keys.insert(key)).then_some((key, mv))
                })
                .collect()
        });
        // A partial expansion's pieces end at its chunks' ends: where it stops then depends
        // on the neighbours alone, not on how many a piece rated.
        let end = match (self.partial, self.stop_at) {
            (_, Some(stop)) => stop,
            (Some(chunk), None) => (done + 1).next_multiple_of(chunk).min(fresh.len()),
            (None, None) => fresh.len(),
        };
        let (rated, taken) = rate_piece(model, &entry, &fresh[done..end], self.piece_time);
        let upto = done + taken;
        if let (Some(chunk), None) = (self.partial, self.stop_at)
            && let Some(i) = rated.iter().position(|(e, _)| *e < entry.energy)
        {
            self.stop_at = Some((done + i + 1).next_multiple_of(chunk).min(fresh.len()));
        }
        let total = fresh.len();
        let ended = upto == self.stop_at.unwrap_or(total);
        if ended {
            self.seen.extend(fresh[..upto].iter().map(|(key, _)| *key));
        }
        for (e, next) in rated {
            observer.on_rated(&next, e, self.expansions);
            if self.push(e, next) {
                observer.on_best(&self.best, self.best_energy, self.expansions);
            }
        }
        if !ended {
            self.expanding = Some((entry, upto));
            return observer.keep_going();
        }
        let whole = upto == total;
        self.fresh = None;
        self.stop_at = None;
        self.expansions += 1;
        self.restarts.stale += 1;
        let info = SweepInfo {
            sweep: self.expansions,
            beta: f64::INFINITY,
            state: &entry.state,
            energy: entry.energy,
            accepted: upto as u32,
        };
        let go_on = observer.on_sweep(&info);
        if !whole {
            // Partly expanded: it waits, as it was, for the rest of its neighbours.
            self.frontier.push(entry);
        }
        if self.restarts.after.is_some_and(|after| self.restarts.stale >= after)
            && !self.restarts.starts.is_empty()
        {
            // A new epoch: the unexpanded starts are the whole frontier.
            self.frontier = self.restarts.starts.iter().cloned().collect();
            self.restarts.epoch_best = f64::INFINITY;
            self.restarts.stale = 0;
            self.restarts.count += 1;
        }
        go_on
    }
}

/// Rates the neighbours `fresh` of `entry` from the first on, each thread taking the next one
/// as soon as it is free, until `time` has passed (a thread stops taking new ones then, unless
/// another is still busy with one taken before, which the piece waits for anyway); each thread
/// takes at least one. Returns the
/// rated states of the neighbours taken, in order, and how many: always a prefix of `fresh`.
fn rate_piece<M>(
    model: &M,
    entry: &Entry<M::State>,
    fresh: &[(u64, M::Move)],
    time: Duration,
) -> (Vec<(f64, M::State)>, usize)
where
    M: Neighbourhood + Sync,
    M::State: Clone + Send + Sync,
    M::Move: Clone + Send + Sync,
{
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    // Neighbours in progress that were taken before the piece's time was up.
    let early = AtomicUsize::new(0);
    let rated = Mutex::new(Vec::with_capacity(fresh.len()));
    let work = || {
        for taken_here in 0.. {
            let late = started.elapsed() >= time;
            if late && taken_here > 0 && early.load(Atomic::SeqCst) == 0 {
                return;
            }
            let i = next.fetch_add(1, Atomic::SeqCst);
            if i >= fresh.len() {
                return;
            }
            if !late {
                early.fetch_add(1, Atomic::SeqCst);
            }
            let mut mv = fresh[i].1.clone();
            let delta = model.delta(&entry.state, entry.energy, &mut mv);
            let mut state = entry.state.clone();
            model.apply(&mut state, mv);
            rated.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((
                i,
                entry.energy + delta,
                state,
            ));
            if !late {
                early.fetch_sub(1, Atomic::SeqCst);
            }
        }
    };
    rayon::scope(|s| {
        for _ in 1..rayon::current_num_threads() {
            s.spawn(|_| work());
        }
        work();
    });
    let mut rated = rated.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    rated.sort_unstable_by_key(|r| r.0);
    let taken = rated.len();
    (rated.into_iter().map(|(_, e, state)| (e, state)).collect(), taken)
}
