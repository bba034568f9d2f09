//! One Markov chain: the Metropolis step shared by every optimizer, and single-chain runs
//! (Metropolis at a fixed temperature, simulated annealing).

use rand::{Rng, RngExt};

use crate::{Budget, Model, Observer, Optimizer, StopReason, SweepInfo};

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
        run_chain(MarkovChain::new(model, state, rng, *self), model, budget, observer)
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
        run_chain(
            MarkovChain::new(model, state, rng, AnnealingState::new(*self)),
            model,
            budget,
            observer,
        )
    }
}

/// How a [`MarkovChain`]'s temperature moves: fixed ([`Metropolis`]) or by a schedule
/// ([`AnnealingState`]). (Named for what it schedules, the temperature, apart from the
/// annealing schedules of solvers built on this crate.)
///
/// # Examples
///
/// ```
/// use tempering::{Metropolis, TemperatureSchedule};
/// let mut fixed = Metropolis::new(0.5).with_moves_per_sweep(3);
/// assert_eq!((fixed.beta(0), fixed.beta(1_000), fixed.moves_per_sweep()), (0.5, 0.5, 3));
/// ```
pub trait TemperatureSchedule {
    /// Proposals per sweep.
    fn moves_per_sweep(&self) -> u32;
    /// The inverse temperature for the next proposal (`proposed` made so far).
    fn beta(&mut self, proposed: u64) -> f64;
    /// After each proposal, with the best energy so far and the proposals made.
    fn after_move(&mut self, best_energy: f64, proposed: u64) {
        let _ = (best_energy, proposed);
    }
}

impl TemperatureSchedule for Metropolis {
    fn moves_per_sweep(&self) -> u32 {
        self.moves_per_sweep
    }
    fn beta(&mut self, _: u64) -> f64 {
        self.beta
    }
}

/// An annealing schedule on the move: its temperature and how long it has gone stale.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnnealingState {
    schedule: Annealing,
    t: f64,
    moves: u64,
    stale: u64,
    best_at_chain_start: f64,
}

impl AnnealingState {
    /// The schedule at its start temperature.
    #[must_use]
    pub fn new(schedule: Annealing) -> AnnealingState {
        AnnealingState {
            schedule,
            t: schedule.t0,
            moves: 0,
            stale: 0,
            best_at_chain_start: f64::INFINITY,
        }
    }

    /// The current temperature.
    #[must_use]
    pub fn temperature(&self) -> f64 {
        self.t
    }
}

impl TemperatureSchedule for AnnealingState {
    fn moves_per_sweep(&self) -> u32 {
        self.schedule.moves_per_sweep
    }
    fn beta(&mut self, _: u64) -> f64 {
        1.0 / self.t
    }
    fn after_move(&mut self, best: f64, _: u64) {
        let a = self.schedule;
        let chain_len = match a.cooling {
            Cooling::PerMove => u64::from(a.moves_per_sweep.max(1)),
            Cooling::PerChain(n) => n.max(1),
        };
        self.moves += 1;
        if a.cooling == Cooling::PerMove {
            self.t *= a.alpha;
        }
        if self.moves.is_multiple_of(chain_len) {
            if let Cooling::PerChain(_) = a.cooling {
                self.t *= a.alpha;
            }
            if best < self.best_at_chain_start {
                self.best_at_chain_start = best;
                self.stale = 0;
            } else {
                self.stale += 1;
            }
            if a.reheat_after_stale.is_some_and(|n| self.stale >= n) {
                self.t = a.t0;
                self.stale = 0;
            }
        }
        if a.reheat_below.is_some_and(|m| self.t < m) {
            self.t = a.t0;
        }
    }
}

/// One Markov chain in progress (a single Metropolis or annealing chain, as opposed to the
/// replicas of [`ReplicaExchange`](crate::ReplicaExchange)): its state, its best, its random
/// generator and its [`TemperatureSchedule`]. An [`Optimizer`]: [`drive`](crate::drive) runs it. With an owned, serialisable
/// generator (`Pcg64Mcg`) the whole chain serialises, and a resumed chain continues exactly.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarkovChain<S, R, T> {
    state: S,
    energy: f64,
    best: S,
    best_energy: f64,
    sweeps: u64,
    proposed: u64,
    accepted: u64,
    rng: R,
    schedule: T,
}

impl<S: Clone, R: Rng, T: TemperatureSchedule> MarkovChain<S, R, T> {
    /// A chain at `state`, drawing from `rng`, with temperatures from `schedule`
    /// ([`Metropolis`] or an [`AnnealingState`]).
    pub fn new<M: Model<State = S>>(
        model: &M,
        state: S,
        rng: R,
        schedule: T,
    ) -> MarkovChain<S, R, T> {
        let energy = model.energy(&state);
        MarkovChain {
            best: state.clone(),
            best_energy: energy,
            state,
            energy,
            sweeps: 0,
            proposed: 0,
            accepted: 0,
            rng,
            schedule,
        }
    }

    /// The current state and its energy.
    pub fn state(&self) -> (&S, f64) {
        (&self.state, self.energy)
    }

    /// The best state so far and its energy.
    pub fn best(&self) -> (&S, f64) {
        (&self.best, self.best_energy)
    }

    /// Sweeps done since the chain began.
    pub fn sweeps(&self) -> u64 {
        self.sweeps
    }

    /// The schedule, as it stands.
    pub fn schedule(&self) -> &T {
        &self.schedule
    }

    /// The run so far as a report.
    pub fn report(self, stop: StopReason) -> Report<S> {
        Report {
            best: self.best,
            best_energy: self.best_energy,
            state: self.state,
            energy: self.energy,
            sweeps: self.sweeps,
            proposed: self.proposed,
            accepted: self.accepted,
            stop,
        }
    }
}

impl<M, R, T> Optimizer<M> for MarkovChain<M::State, R, T>
where
    M: Model,
    M::State: Clone,
    M::Move: Clone,
    R: Rng,
    T: TemperatureSchedule,
{
    fn sweeps(&self) -> u64 {
        self.sweeps
    }

    fn best(&self) -> (&M::State, f64) {
        (&self.best, self.best_energy)
    }

    fn advance<O: Observer<M::State> + ?Sized>(
        &mut self,
        model: &M,
        _max_sweeps: u64,
        observer: &mut O,
    ) -> bool {
        let mut accepted_now = 0;
        let mut beta = f64::NAN;
        for attempt in 0..self.schedule.moves_per_sweep().max(1) {
            beta = self.schedule.beta(self.proposed);
            self.proposed += 1;
            let step = metropolis_step(
                model,
                &mut self.state,
                &mut self.energy,
                beta,
                attempt,
                &mut self.rng,
            );
            if step == Step::Accepted {
                self.accepted += 1;
                accepted_now += 1;
                if self.energy < self.best_energy {
                    self.best_energy = self.energy;
                    self.best = self.state.clone();
                    observer.on_best(&self.best, self.best_energy, self.sweeps);
                }
            }
            self.schedule.after_move(self.best_energy, self.proposed);
        }
        self.sweeps += 1;
        let info = SweepInfo {
            sweep: self.sweeps,
            beta,
            state: &self.state,
            energy: self.energy,
            accepted: accepted_now,
        };
        observer.on_sweep(&info)
    }
}

/// Runs a fresh chain under the driver: the start state is its first best.
fn run_chain<M, R, T, O>(
    mut chain: MarkovChain<M::State, R, T>,
    model: &M,
    budget: &Budget,
    observer: &mut O,
) -> Report<M::State>
where
    M: Model,
    M::State: Clone,
    M::Move: Clone,
    R: Rng,
    T: TemperatureSchedule,
    O: Observer<M::State> + ?Sized,
{
    observer.on_best(&chain.best, chain.best_energy, 0);
    let stop = crate::drive(&mut chain, model, budget, observer);
    chain.report(stop)
}
