//! The one loop every optimizer runs in.

use std::time::Instant;

use crate::{Budget, Model, Observer, StopReason};

/// An optimizer the [`drive`] loop advances: it owns its states and random generators, and
/// knows how to do a little more work. [`Metropolis`](crate::Metropolis) and
/// [`Annealing`](crate::Annealing) chains ([`MarkovChain`](crate::MarkovChain)) and
/// [`ReplicaExchange`](crate::ReplicaExchange) implement it, so a caller can hold any of them
/// and run it under one [`Budget`] with one [`Observer`].
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt, SeedableRng};
/// use tempering::{drive, Budget, MarkovChain, Metropolis, Model, Optimizer};
///
/// struct Parabola;
/// impl Model for Parabola {
///     type State = i64;
///     type Move = i64;
///     fn energy(&self, x: &i64) -> f64 { ((x - 7) * (x - 7)) as f64 }
///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, rng: &mut R) -> Option<i64> {
///         Some(x + if rng.random_bool(0.5) { 1 } else { -1 })
///     }
///     fn apply(&self, x: &mut i64, to: i64) { *x = to; }
/// }
///
/// /// Any optimizer, run to a target energy.
/// fn solve<O: Optimizer<Parabola>>(opt: &mut O) -> f64 {
///     drive(opt, &Parabola, &Budget::sweeps(10_000).with_target(0.0), &mut ());
///     opt.best_energy()
/// }
/// let rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut chain = MarkovChain::new(&Parabola, 100, rng, Metropolis::new(2.0));
/// assert_eq!(solve(&mut chain), 0.0);
/// ```
pub trait Optimizer<M: Model> {
    /// Sweeps per chain (per replica) since the optimizer began; what
    /// [`Budget::max_sweeps`] counts.
    fn sweeps(&self) -> u64;

    /// The lowest-energy state found since the optimizer began, and its energy.
    fn best(&self) -> (&M::State, f64);

    /// The lowest energy found since the optimizer began.
    fn best_energy(&self) -> f64 {
        self.best().1
    }

    /// Whether the optimizer has nothing left to do; [`drive`] then stops with
    /// [`StopReason::Exhausted`]. Markov chains never are.
    fn exhausted(&self) -> bool {
        false
    }

    /// Does at least one sweep and at most `max_sweeps` (a sweep of every chain, or a round of
    /// replica exchange cut to that length), reporting to `observer`. Returns `false` when the
    /// observer asks to stop.
    fn advance<O: Observer<M::State> + ?Sized>(
        &mut self,
        model: &M,
        max_sweeps: u64,
        observer: &mut O,
    ) -> bool;
}

/// Advances `optimizer` until `budget` says stop (sweeps counted since the optimizer began,
/// so a resumed optimizer stops where an uninterrupted one would; time counted from this
/// call) or the observer asks to. With no limit in the budget, one advance.
pub fn drive<M, P, O>(optimizer: &mut P, model: &M, budget: &Budget, observer: &mut O) -> StopReason
where
    M: Model,
    P: Optimizer<M> + ?Sized,
    O: Observer<M::State> + ?Sized,
{
    let started = Instant::now();
    loop {
        if let Some(reason) = budget.check(optimizer.sweeps(), started, optimizer.best_energy()) {
            return reason;
        }
        if optimizer.exhausted() {
            return StopReason::Exhausted;
        }
        let left = budget.max_sweeps.map_or(u64::MAX, |n| n.saturating_sub(optimizer.sweeps()));
        if !optimizer.advance(model, left, observer) {
            return StopReason::Stopped;
        }
        if budget.max_sweeps.is_none()
            && budget.max_time.is_none()
            && budget.target_energy.is_none()
        {
            return StopReason::Sweeps;
        }
    }
}
