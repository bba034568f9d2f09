//! One Markov chain: the Metropolis step shared by every optimizer, and single-chain runs
//! (Metropolis at a fixed temperature, simulated annealing).

use std::time::Instant;

use rand::{Rng, RngExt};

use crate::{Budget, Model, Observer, StopReason, SweepInfo};

/// What one proposal came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Accepted,
    Declined,
    ModelRejected,
}

/// Proposes one move and accepts it with probability `min(1, exp(-beta * delta))`.
#[inline]
pub(crate) fn metropolis_step<M, R>(
    model: &M,
    state: &mut M::State,
    energy: &mut f64,
    beta: f64,
    attempt: u32,
    rng: &mut R,
) -> Step
where
    M: Model,
    M::State: Clone,
    M::Move: Clone,
    R: Rng + ?Sized,
{
    let Some(mut mv) = model.propose(state, attempt, rng) else { return Step::ModelRejected };
    let delta = model.delta(state, *energy, &mut mv);
    if delta <= 0.0 || rng.random::<f64>() < (-beta * delta).exp() {
        model.apply(state, mv);
        *energy += delta;
        Step::Accepted
    } else {
        Step::Declined
    }
}

/// The result of a single-chain run.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Report<S> {
    /// The lowest-energy state seen.
    pub best: S,
    /// Its energy.
    pub best_energy: f64,
    /// The last state.
    pub state: S,
    /// Its energy.
    pub energy: f64,
    /// Sweeps done.
    pub sweeps: u64,
    /// Moves proposed.
    pub proposed: u64,
    /// Moves accepted.
    pub accepted: u64,
    /// Why the run stopped.
    pub stop: StopReason,
}

/// Metropolis sampling at a fixed inverse temperature.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt, SeedableRng};
/// use tempering::{Budget, Metropolis, Model};
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
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let report = Metropolis::new(2.0).run(&Parabola, 100, &mut rng, &Budget::sweeps(1_000), &mut ());
/// assert_eq!(report.best, 7);
/// assert_eq!(report.best_energy, 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Metropolis {
    /// The inverse temperature.
    pub beta: f64,
    /// Proposals per sweep.
    pub moves_per_sweep: u32,
}

impl Metropolis {
    /// Metropolis at inverse temperature `beta`, one proposal per sweep.
    #[must_use]
    pub fn new(beta: f64) -> Metropolis {
        Metropolis { beta, moves_per_sweep: 1 }
    }

    /// Sets the proposals per sweep.
    #[must_use]
    pub fn with_moves_per_sweep(self, moves_per_sweep: u32) -> Metropolis {
        Metropolis { moves_per_sweep, ..self }
    }

    /// Runs the chain from `state` until the budget is spent.
    pub fn run<M, R, O>(
        &self,
        model: &M,
        state: M::State,
        rng: &mut R,
        budget: &Budget,
        observer: &mut O,
    ) -> Report<M::State>
    where
        M: Model,
        M::State: Clone,
        M::Move: Clone,
        R: Rng + ?Sized,
        O: Observer<M::State> + ?Sized,
    {
        let beta = self.beta;
        run_chain(model, state, rng, budget, observer, self.moves_per_sweep, |_| beta, |_, _| {})
    }
}

/// When an annealing schedule lowers the temperature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cooling {
    /// `T <- alpha T` after every proposal.
    PerMove,
    /// `T <- alpha T` after every chain of this many proposals (a Markov chain at one
    /// temperature).
    PerChain(u64),
}

/// Simulated annealing with geometric cooling and reheats.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt, SeedableRng};
/// use tempering::{Annealing, Budget, Cooling, Model};
///
/// struct Parabola;
/// impl Model for Parabola {
///     type State = i32;
///     type Move = i32;
///     fn energy(&self, x: &i32) -> f64 { f64::from((x - 7) * (x - 7)) }
///     fn propose<R: Rng + ?Sized>(&self, x: &i32, _: u32, rng: &mut R) -> Option<i32> {
///         Some(x + rng.random_range(-3..=3))
///     }
///     fn apply(&self, x: &mut i32, to: i32) { *x = to; }
/// }
///
/// let schedule = Annealing::new(10.0, 0.9).with_cooling(Cooling::PerChain(50)).with_reheat_below(0.01);
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
/// let report = schedule.run(&Parabola, -500, &mut rng, &Budget::sweeps(100_000).with_target(0.0), &mut ());
/// assert_eq!(report.best, 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Annealing {
    /// The starting (and reheat) temperature.
    pub t0: f64,
    /// The cooling factor, `0 < alpha < 1`.
    pub alpha: f64,
    /// When to cool.
    pub cooling: Cooling,
    /// Reheat to `t0` when the temperature falls below this.
    pub reheat_below: Option<f64>,
    /// Reheat to `t0` after this many chains (or, with [`Cooling::PerMove`], sweeps) without a
    /// new best energy.
    pub reheat_after_stale: Option<u64>,
    /// Proposals per sweep.
    pub moves_per_sweep: u32,
}

impl Annealing {
    /// Annealing from temperature `t0`, cooling by `alpha` per move.
    #[must_use]
    pub fn new(t0: f64, alpha: f64) -> Annealing {
        Annealing {
            t0,
            alpha,
            cooling: Cooling::PerMove,
            reheat_below: None,
            reheat_after_stale: None,
            moves_per_sweep: 1,
        }
    }

    /// Sets when to cool.
    #[must_use]
    pub fn with_cooling(self, cooling: Cooling) -> Annealing {
        Annealing { cooling, ..self }
    }

    /// Reheats when the temperature falls below `t_min`.
    #[must_use]
    pub fn with_reheat_below(self, t_min: f64) -> Annealing {
        Annealing { reheat_below: Some(t_min), ..self }
    }

    /// Reheats after `n` chains without improvement.
    #[must_use]
    pub fn with_reheat_after_stale(self, n: u64) -> Annealing {
        Annealing { reheat_after_stale: Some(n), ..self }
    }

    /// Sets the proposals per sweep.
    #[must_use]
    pub fn with_moves_per_sweep(self, moves_per_sweep: u32) -> Annealing {
        Annealing { moves_per_sweep, ..self }
    }

    /// Runs the schedule from `state` until the budget is spent.
    pub fn run<M, R, O>(
        &self,
        model: &M,
        state: M::State,
        rng: &mut R,
        budget: &Budget,
        observer: &mut O,
    ) -> Report<M::State>
    where
        M: Model,
        M::State: Clone,
        M::Move: Clone,
        R: Rng + ?Sized,
        O: Observer<M::State> + ?Sized,
    {
        // Both closures below see the temperature.
        let t = std::cell::Cell::new(self.t0);
        let mut moves = 0u64;
        let mut stale = 0u64;
        let mut best_at_chain_start = f64::INFINITY;
        let chain_len = match self.cooling {
            Cooling::PerMove => u64::from(self.moves_per_sweep.max(1)),
            Cooling::PerChain(n) => n.max(1),
        };
        run_chain(
            model,
            state,
            rng,
            budget,
            observer,
            self.moves_per_sweep,
            |_| 1.0 / t.get(),
            |best, _| {
                moves += 1;
                if self.cooling == Cooling::PerMove {
                    t.set(t.get() * self.alpha);
                }
                if moves.is_multiple_of(chain_len) {
                    if let Cooling::PerChain(_) = self.cooling {
                        t.set(t.get() * self.alpha);
                    }
                    if best < best_at_chain_start {
                        best_at_chain_start = best;
                        stale = 0;
                    } else {
                        stale += 1;
                    }
                    if self.reheat_after_stale.is_some_and(|n| stale >= n) {
                        t.set(self.t0);
                        stale = 0;
                    }
                }
                if self.reheat_below.is_some_and(|m| t.get() < m) {
                    t.set(self.t0);
                }
            },
        )
    }
}

/// The loop shared by the single-chain optimizers. `beta_of` gives the inverse temperature
/// before each proposal; `after_move` sees the best energy after each proposal.
#[allow(clippy::too_many_arguments)]
fn run_chain<M, R, O>(
    model: &M,
    mut state: M::State,
    rng: &mut R,
    budget: &Budget,
    observer: &mut O,
    moves_per_sweep: u32,
    mut beta_of: impl FnMut(u64) -> f64,
    mut after_move: impl FnMut(f64, u64),
) -> Report<M::State>
where
    M: Model,
    M::State: Clone,
    M::Move: Clone,
    R: Rng + ?Sized,
    O: Observer<M::State> + ?Sized,
{
    let started = Instant::now();
    let mut energy = model.energy(&state);
    let mut best = state.clone();
    let mut best_energy = energy;
    observer.on_best(&best, best_energy, 0);
    let (mut sweeps, mut proposed, mut accepted) = (0u64, 0u64, 0u64);
    let stop = loop {
        if let Some(reason) = budget.check(sweeps, started, best_energy) {
            break reason;
        }
        let mut accepted_now = 0;
        let mut beta = f64::NAN;
        for attempt in 0..moves_per_sweep.max(1) {
            beta = beta_of(proposed);
            proposed += 1;
            if metropolis_step(model, &mut state, &mut energy, beta, attempt, rng) == Step::Accepted
            {
                accepted += 1;
                accepted_now += 1;
                if energy < best_energy {
                    best_energy = energy;
                    best = state.clone();
                    observer.on_best(&best, best_energy, sweeps);
                }
            }
            after_move(best_energy, proposed);
        }
        sweeps += 1;
        let info = SweepInfo { sweep: sweeps, beta, state: &state, energy, accepted: accepted_now };
        if !observer.on_sweep(&info) {
            break StopReason::Stopped;
        }
        if budget.max_sweeps.is_none()
            && budget.max_time.is_none()
            && budget.target_energy.is_none()
        {
            break StopReason::Sweeps;
        }
    };
    Report { best, best_energy, state, energy, sweeps, proposed, accepted, stop }
}
