//! Hooks that see a run as it goes.

/// What a single-chain optimizer reports after each sweep.
#[derive(Debug)]
#[non_exhaustive]
pub struct SweepInfo<'a, S> {
    /// Sweeps done so far (this one included).
    pub sweep: u64,
    /// The current inverse temperature (infinite for a search without temperature: a
    /// [`BestFirst`](crate::BestFirst) expansion).
    pub beta: f64,
    /// The current state (for best-first, the state just expanded).
    pub state: &'a S,
    /// Its energy.
    pub energy: f64,
    /// Moves accepted during this sweep (for best-first, the new neighbours rated).
    pub accepted: u32,
}

/// What replica exchange reports after each round (`N_s` sweeps, then one exchange step).
#[derive(Debug)]
#[non_exhaustive]
pub struct RoundInfo<'a, S> {
    /// Rounds done so far (this one included).
    pub round: u64,
    /// Sweeps per replica so far.
    pub sweeps: u64,
    /// Inverse temperatures, hottest first, as used during this round.
    pub betas: &'a [f64],
    /// The state at each temperature after the exchange step.
    pub states: Vec<&'a S>,
    /// The energy at each temperature after the exchange step.
    pub energies: Vec<f64>,
    /// Estimated exchange acceptance between temperatures `m` and `m + 1` during this round.
    pub acceptance: &'a [f64],
    /// Which neighbour pairs swapped in this round's exchange step.
    pub swapped: &'a [bool],
    /// Completed round trips (hottest to coldest and back, or the reverse) over all walkers.
    pub round_trips: u64,
    /// The best energy found so far.
    pub best_energy: f64,
}

/// Sees every sweep or round of a run. Every hook defaults to doing nothing, and `()` is the
/// observer that observes nothing: an unused hook costs nothing.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt, SeedableRng};
/// use tempering::{Budget, Metropolis, Model, Observer, SweepInfo};
///
/// /// Minimise (x - 7)^2 over the integers by unit steps.
/// struct Parabola;
/// impl Model for Parabola {
///     type State = i32;
///     type Move = i32;
///     fn energy(&self, x: &i32) -> f64 { f64::from((x - 7) * (x - 7)) }
///     fn propose<R: Rng + ?Sized>(&self, x: &i32, _: u32, rng: &mut R) -> Option<i32> {
///         Some(x + if rng.random_bool(0.5) { 1 } else { -1 })
///     }
///     fn apply(&self, x: &mut i32, to: i32) { *x = to; }
/// }
///
/// /// Records every energy of a chain, and stops it once it reaches the minimum.
/// #[derive(Default)]
/// struct Trace(Vec<f64>);
///
/// impl<S> Observer<S> for Trace {
///     fn on_sweep(&mut self, info: &SweepInfo<'_, S>) -> bool {
///         self.0.push(info.energy);
///         info.energy > 0.0 // keep going until x = 7
///     }
/// }
///
/// let mut trace = Trace::default();
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let report = Metropolis::new(2.0).run(&Parabola, 100, &mut rng, &Budget::sweeps(10_000), &mut trace);
/// assert_eq!(report.best_energy, 0.0);
/// assert_eq!(trace.0.last(), Some(&0.0)); // the observer stopped the run there
/// assert_eq!(trace.0.len() as u64, report.sweeps);
/// ```
pub trait Observer<S> {
    /// After each sweep of a single-chain optimizer. Return `false` to stop the run.
    fn on_sweep(&mut self, info: &SweepInfo<'_, S>) -> bool {
        let _ = info;
        true
    }

    /// After each round of replica exchange. Return `false` to stop the run.
    fn on_round(&mut self, info: &RoundInfo<'_, S>) -> bool {
        let _ = info;
        true
    }

    /// When a state with a lower energy than any before is found.
    fn on_best(&mut self, state: &S, energy: f64, sweep: u64) {
        let _ = (state, energy, sweep);
    }

    /// For every state a [`BestFirst`](crate::BestFirst) search rates (each new neighbour of
    /// an expansion, before it joins the frontier), with its energy and the expansions done
    /// so far: the whole harvest of a search, not only its bests, for a caller that keeps every
    /// state past a threshold. The Markov chains and replica exchange do not call it.
    fn on_rated(&mut self, state: &S, energy: f64, sweep: u64) {
        let _ = (state, energy, sweep);
    }

    /// Asked between the pieces of a long sweep (a [`BestFirst`](crate::BestFirst)
    /// expansion). Return `false` to stop the run there; it can resume from that point.
    fn keep_going(&mut self) -> bool {
        true
    }
}

impl<S> Observer<S> for () {}

impl<S, O: Observer<S> + ?Sized> Observer<S> for &mut O {
    fn on_sweep(&mut self, info: &SweepInfo<'_, S>) -> bool {
        (**self).on_sweep(info)
    }
    fn on_round(&mut self, info: &RoundInfo<'_, S>) -> bool {
        (**self).on_round(info)
    }
    fn on_best(&mut self, state: &S, energy: f64, sweep: u64) {
        (**self).on_best(state, energy, sweep);
    }
    fn on_rated(&mut self, state: &S, energy: f64, sweep: u64) {
        (**self).on_rated(state, energy, sweep);
    }
    fn keep_going(&mut self) -> bool {
        (**self).keep_going()
    }
}

/// The observer that asks a closure whether to keep going, after every sweep, after every
/// round, and within long sweeps ([`Observer::keep_going`]): a stop flag or a deadline as an
/// [`Observer`], for any state type.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt, SeedableRng};
/// use tempering::{Budget, KeepGoing, Metropolis, Model, StopReason};
///
/// struct Walk;
/// impl Model for Walk {
///     type State = i64;
///     type Move = i64;
///     fn energy(&self, x: &i64) -> f64 { x.abs() as f64 }
///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, rng: &mut R) -> Option<i64> {
///         Some(x + if rng.random_bool(0.5) { 1 } else { -1 })
///     }
///     fn apply(&self, x: &mut i64, to: i64) { *x = to; }
/// }
///
/// let mut sweeps_left = 10;
/// let mut stop_after_ten = KeepGoing(|| {
///     sweeps_left -= 1;
///     sweeps_left > 0
/// });
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let budget = Budget::sweeps(1_000);
/// let report = Metropolis::new(1.0).run(&Walk, 50, &mut rng, &budget, &mut stop_after_ten);
/// assert_eq!((report.stop, report.sweeps), (StopReason::Stopped, 10));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct KeepGoing<F>(pub F);

impl<S, F: FnMut() -> bool> Observer<S> for KeepGoing<F> {
    fn on_sweep(&mut self, _: &SweepInfo<'_, S>) -> bool {
        (self.0)()
    }
    fn on_round(&mut self, _: &RoundInfo<'_, S>) -> bool {
        (self.0)()
    }
    fn keep_going(&mut self) -> bool {
        (self.0)()
    }
}
