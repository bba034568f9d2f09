//! Replica exchange (parallel tempering) with fixed or adaptive temperature ladders.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use crate::chain::{Step, metropolis_step};
use crate::{Budget, Model, Observer, Optimizer, RoundInfo, StopReason};

/// A configuration that cannot run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// A ladder needs at least one temperature.
    #[error("a temperature ladder needs at least one inverse temperature")]
    EmptyLadder,
    /// An inverse temperature that is not finite and positive.
    #[error("inverse temperature {value} at position {index} is not finite and positive")]
    InvalidBeta {
        /// Its position, hottest first.
        index: usize,
        /// The value.
        value: f64,
    },
    /// Inverse temperatures must increase strictly from hottest to coldest.
    #[error("inverse temperatures must increase strictly: position {index} does not")]
    NotIncreasing {
        /// The first position that does not increase.
        index: usize,
    },
    /// The target exchange acceptance must be in (0, 1].
    #[error("target exchange acceptance {0} is not in (0, 1]")]
    InvalidTarget(f64),
    /// One initial state is needed per temperature.
    #[error("{found} initial states for {expected} temperatures")]
    ReplicaCount {
        /// The number of temperatures.
        expected: usize,
        /// The number of states given.
        found: usize,
    },
    /// Rounds need at least one sweep, and sweeps at least one move.
    #[error("sweeps per round and moves per sweep must be at least 1")]
    ZeroLength,
    /// A search needs at least one state to start from.
    #[error("no state to start from")]
    NoStart,
}

/// How a ladder changes during a run.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Adaptation {
    /// The temperatures never change.
    Fixed,
    /// Watanabe's rule (after Hukushima): after each round the hottest temperature stays, and
    /// each gap is rescaled by `c = max(p, 1/N_s) / target`, where `p` is the exchange
    /// acceptance of that gap's pair estimated over the round's sweeps.
    ///
    /// The paper's Eq. 12 writes the acceptance of the next pair up; with M replicas there is no
    /// pair (M, M+1), so each gap is scaled by its own pair's acceptance, the reading that
    /// converges to equal acceptance everywhere.
    Watanabe {
        /// The desired acceptance between neighbours (the paper uses 0.8).
        target: f64,
    },
    /// Both ends fixed, the interior moves to equalise acceptance (in the spirit of Hukushima
    /// 1999 and Vousden, Farr and Mandel 2016): each gap is scaled by its pair's acceptance over
    /// the mean acceptance, the gaps are renormalised to the original span, and the ladder moves
    /// a fraction `rate` of the way there each round.
    ///
    /// Unlike [`Adaptation::Watanabe`], the coldest temperature never rises, so the cold end
    /// keeps minimising; the Watanabe rule instead heats the whole ladder when replicas are
    /// trapped, which helps them escape.
    EqualAcceptance {
        /// How far to move towards the equalised ladder each round, in (0, 1].
        rate: f64,
    },
}

/// The inverse temperatures of replica exchange, hottest (smallest beta) first.
///
/// # Examples
///
/// ```
/// use tempering::Ladder;
///
/// let paper = Ladder::linear(0.01, 0.10, 10)?.adaptive(0.8)?;
/// assert_eq!(paper.betas().len(), 10);
/// assert!((paper.betas()[9] - 0.10).abs() < 1e-12);
/// let geo = Ladder::geometric(0.1, 10.0, 3)?;
/// assert!((geo.betas()[1] - 1.0).abs() < 1e-12);
/// assert!(Ladder::given(vec![1.0, 0.5]).is_err());
/// # Ok::<(), tempering::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ladder {
    betas: Vec<f64>,
    adaptation: Adaptation,
}

impl Ladder {
    /// A fixed ladder of the given inverse temperatures, strictly increasing.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for an empty, non-positive, non-finite or non-increasing list.
    pub fn given(betas: Vec<f64>) -> Result<Ladder, ConfigError> {
        if betas.is_empty() {
            return Err(ConfigError::EmptyLadder);
        }
        for (index, &value) in betas.iter().enumerate() {
            if !(value.is_finite() && value > 0.0) {
                return Err(ConfigError::InvalidBeta { index, value });
            }
            if index > 0 && value <= betas[index - 1] {
                return Err(ConfigError::NotIncreasing { index });
            }
        }
        Ok(Ladder { betas, adaptation: Adaptation::Fixed })
    }

    /// `m` inverse temperatures evenly spaced from `hot` to `cold`.
    ///
    /// # Errors
    ///
    /// As [`Ladder::given`].
    pub fn linear(hot: f64, cold: f64, m: usize) -> Result<Ladder, ConfigError> {
        let step = if m > 1 { (cold - hot) / (m - 1) as f64 } else { 0.0 };
        Ladder::given((0..m).map(|i| hot + step * i as f64).collect())
    }

    /// `m` inverse temperatures in geometric progression from `hot` to `cold`.
    ///
    /// # Errors
    ///
    /// As [`Ladder::given`].
    pub fn geometric(hot: f64, cold: f64, m: usize) -> Result<Ladder, ConfigError> {
        let ratio = if m > 1 { (cold / hot).powf(1.0 / (m - 1) as f64) } else { 1.0 };
        Ladder::given((0..m).map(|i| hot * ratio.powi(i as i32)).collect())
    }

    /// The same ladder, adapted during the run by [`Adaptation::Watanabe`].
    ///
    /// # Errors
    ///
    /// [`ConfigError::InvalidTarget`] unless `0 < target <= 1`.
    pub fn adaptive(self, target: f64) -> Result<Ladder, ConfigError> {
        if !(target > 0.0 && target <= 1.0) {
            return Err(ConfigError::InvalidTarget(target));
        }
        Ok(Ladder { adaptation: Adaptation::Watanabe { target }, ..self })
    }

    /// The inverse temperatures, hottest first.
    #[must_use]
    pub fn betas(&self) -> &[f64] {
        &self.betas
    }

    /// The same ladder with both ends fixed and the interior adapted by
    /// [`Adaptation::EqualAcceptance`].
    ///
    /// # Errors
    ///
    /// [`ConfigError::InvalidTarget`] unless `0 < rate <= 1`.
    pub fn equal_acceptance(self, rate: f64) -> Result<Ladder, ConfigError> {
        if !(rate > 0.0 && rate <= 1.0) {
            return Err(ConfigError::InvalidTarget(rate));
        }
        Ok(Ladder { adaptation: Adaptation::EqualAcceptance { rate }, ..self })
    }

    /// How the ladder adapts.
    #[must_use]
    pub fn adaptation(&self) -> Adaptation {
        self.adaptation
    }

    /// Applies one adaptation step given the round's acceptance estimates.
    fn adapt(&mut self, acceptance: &[f64], sweeps_per_round: u32) {
        let floor = 1.0 / f64::from(sweeps_per_round);
        let old = self.betas.clone();
        match self.adaptation {
            Adaptation::Fixed => {}
            Adaptation::Watanabe { target } => {
                for m in 1..self.betas.len() {
                    let c = acceptance[m - 1].max(floor) / target;
                    self.betas[m] = self.betas[m - 1] + c * (old[m] - old[m - 1]);
                }
            }
            Adaptation::EqualAcceptance { rate } => {
                if acceptance.is_empty() {
                    return;
                }
                let p: Vec<f64> = acceptance.iter().map(|&a| a.max(floor)).collect();
                let mean = p.iter().sum::<f64>() / p.len() as f64;
                let gaps: Vec<f64> =
                    old.windows(2).zip(&p).map(|(w, &pk)| (w[1] - w[0]) * pk / mean).collect();
                let scale = (old[old.len() - 1] - old[0]) / gaps.iter().sum::<f64>();
                let mut target = old[0];
                for m in 1..old.len() {
                    target += gaps[m - 1] * scale;
                    self.betas[m] = old[m] + rate * (target - old[m]);
                }
                // Exactly fixed ends, whatever the rounding.
                let last = old.len() - 1;
                self.betas[last] = old[last];
            }
        }
    }
}

/// How a round is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExchangeConfig {
    /// Sweeps (MC steps) of every replica between exchange steps: the paper's `N_s`.
    pub sweeps_per_round: u32,
    /// Proposals per sweep.
    pub moves_per_sweep: u32,
}

impl Default for ExchangeConfig {
    /// `N_s = 100`, one proposal per sweep.
    fn default() -> ExchangeConfig {
        ExchangeConfig { sweeps_per_round: 100, moves_per_sweep: 1 }
    }
}

/// What one replica did during a round: its energy after each sweep, and its best state (with
/// energy and sweep) if that beat the best known when the round began.
struct RoundTrace<S> {
    energies: Vec<f64>,
    best: Option<(S, f64, u32)>,
}

/// A replica: a configuration, its energy and its own generator. Walkers move between
/// temperatures when exchanges are accepted.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Walker<S> {
    id: u32,
    state: S,
    energy: f64,
    rng: Pcg64Mcg,
    /// The last end of the ladder visited: `Some(true)` coldest, `Some(false)` hottest.
    last_end: Option<bool>,
}

/// Replica exchange Monte Carlo: one replica per temperature, each advanced by Metropolis in
/// parallel, then neighbours exchange configurations (even pairs in even rounds, odd pairs in
/// odd rounds) with probability `min(1, exp((beta_a - beta_b)(E_a - E_b)))`.
///
/// Every walker owns a generator derived from the seed (walker `m`'s is
/// [`stream(seed, m + 1)`](crate::stream)), and exchanges use the master generator
/// (`stream(seed, 0)`), so results are bit-identical for any number of threads. With the `serde` feature
/// the whole simulation serialises as a checkpoint: resuming it continues exactly.
///
/// # Examples
///
/// ```
/// use rand::{Rng, RngExt};
/// use tempering::{Budget, ExchangeConfig, Ladder, Model, ReplicaExchange};
///
/// /// A rugged 1-D landscape on 0..1000 with its minimum at 777.
/// struct Rugged;
/// impl Model for Rugged {
///     type State = i64;
///     type Move = i64;
///     fn energy(&self, x: &i64) -> f64 {
///         let d = (*x - 777) as f64;
///         0.01 * d * d + 20.0 * (1.0 - (d / 7.0).cos())
///     }
///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, rng: &mut R) -> Option<i64> {
///         let to = x + rng.random_range(-5..=5);
///         (0..1000).contains(&to).then_some(to)
///     }
///     fn apply(&self, x: &mut i64, to: i64) { *x = to; }
/// }
///
/// let ladder = Ladder::geometric(0.001, 1.0, 8)?.adaptive(0.5)?;
/// let config = ExchangeConfig { sweeps_per_round: 20, moves_per_sweep: 1 };
/// let mut remc = ReplicaExchange::new(&Rugged, vec![0; 8], ladder, config, 42)?;
/// let report = remc.run(&Rugged, &Budget::sweeps(20_000).with_target(0.0), &mut ());
/// assert_eq!(report.best, 777);
/// # Ok::<(), tempering::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReplicaExchange<S> {
    ladder: Ladder,
    config: ExchangeConfig,
    /// `slots[k]` runs at `ladder.betas()[k]`.
    slots: Vec<Walker<S>>,
    master: Pcg64Mcg,
    round: u64,
    sweeps: u64,
    best: S,
    best_energy: f64,
    attempts: Vec<u64>,
    accepts: Vec<u64>,
    half_trips: u64,
}

/// The result of a replica-exchange run.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ExchangeReport<S> {
    /// The lowest-energy state found since the simulation began.
    pub best: S,
    /// Its energy.
    pub best_energy: f64,
    /// Rounds since the simulation began.
    pub rounds: u64,
    /// Sweeps per replica since the simulation began.
    pub sweeps: u64,
    /// The inverse temperatures at the end, hottest first.
    pub betas: Vec<f64>,
    /// Accepted over attempted exchanges per neighbour pair, since the simulation began.
    pub acceptance: Vec<f64>,
    /// Completed round trips over all walkers.
    pub round_trips: u64,
    /// Why the run stopped.
    pub stop: StopReason,
}

impl<S: Clone + Send + Sync> ReplicaExchange<S> {
    /// A simulation with one initial state per temperature of `ladder`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] if the number of states does not match the ladder, or a round or sweep
    /// would be empty.
    pub fn new<M>(
        model: &M,
        initial: Vec<S>,
        ladder: Ladder,
        config: ExchangeConfig,
        seed: u64,
    ) -> Result<ReplicaExchange<S>, ConfigError>
    where
        M: Model<State = S>,
    {
        let m = ladder.betas.len();
        if initial.len() != m {
            return Err(ConfigError::ReplicaCount { expected: m, found: initial.len() });
        }
        if config.sweeps_per_round == 0 || config.moves_per_sweep == 0 {
            return Err(ConfigError::ZeroLength);
        }
        let master = crate::stream(seed, 0);
        let slots: Vec<Walker<S>> = initial
            .into_iter()
            .enumerate()
            .map(|(i, state)| Walker {
                id: i as u32,
                energy: model.energy(&state),
                state,
                rng: crate::stream(seed, i as u64 + 1),
                last_end: None,
            })
            .collect();
        let (best_slot, _) = slots
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.energy.total_cmp(&b.1.energy))
            .expect("at least one replica");
        let best = slots[best_slot].state.clone();
        let best_energy = slots[best_slot].energy;
        Ok(ReplicaExchange {
            ladder,
            config,
            slots,
            master,
            round: 0,
            sweeps: 0,
            best,
            best_energy,
            attempts: vec![0; m.saturating_sub(1)],
            accepts: vec![0; m.saturating_sub(1)],
            half_trips: 0,
        })
    }

    /// The current inverse temperatures, hottest first.
    #[must_use]
    pub fn betas(&self) -> &[f64] {
        self.ladder.betas()
    }

    /// The states at each temperature, hottest first.
    pub fn states(&self) -> impl Iterator<Item = &S> {
        self.slots.iter().map(|w| &w.state)
    }

    /// The energies at each temperature, hottest first.
    #[must_use]
    pub fn energies(&self) -> Vec<f64> {
        self.slots.iter().map(|w| w.energy).collect()
    }

    /// The best state found so far and its energy.
    #[must_use]
    pub fn best(&self) -> (&S, f64) {
        (&self.best, self.best_energy)
    }

    /// Rounds done since the simulation began.
    #[must_use]
    pub fn rounds(&self) -> u64 {
        self.round
    }

    /// Sweeps per replica since the simulation began.
    #[must_use]
    pub fn sweeps(&self) -> u64 {
        self.sweeps
    }

    /// Accepted over attempted exchanges per neighbour pair since the simulation began (`NaN`
    /// for a pair never attempted).
    #[must_use]
    pub fn acceptance(&self) -> Vec<f64> {
        self.attempts.iter().zip(&self.accepts).map(|(&n, &a)| a as f64 / n as f64).collect()
    }

    /// Runs rounds until the budget is spent. `budget.max_sweeps` counts sweeps per replica
    /// since the simulation began (so a resumed run stops where an uninterrupted one would);
    /// `budget.max_time` counts from this call.
    pub fn run<M, O>(&mut self, model: &M, budget: &Budget, observer: &mut O) -> ExchangeReport<S>
    where
        M: Model<State = S> + Sync,
        M::Move: Clone,
        O: Observer<S> + ?Sized,
    {
        let stop = crate::drive(self, model, budget, observer);
        ExchangeReport {
            best: self.best.clone(),
            best_energy: self.best_energy,
            rounds: self.round,
            sweeps: self.sweeps,
            betas: self.ladder.betas.clone(),
            acceptance: self.acceptance(),
            round_trips: self.half_trips / 2,
            stop,
        }
    }

    /// One round: `sweeps_per_round` sweeps (`N_s`, fewer for a last partial round) of every
    /// replica in parallel, an exchange step, then the ladder adapts. Returns what the
    /// observer says (continue or not).
    fn round_once<M, O>(&mut self, model: &M, observer: &mut O, sweeps_per_round: u32) -> bool
    where
        M: Model<State = S> + Sync,
        M::Move: Clone,
        O: Observer<S> + ?Sized,
    {
        let moves_per_sweep = self.config.moves_per_sweep;
        let threshold = self.best_energy;
        // Sweep every replica; record its energy after each sweep and its best state if it
        // beats the best known at the start of the round.
        let traces: Vec<RoundTrace<S>> = self
            .slots
            .par_iter_mut()
            .zip(self.ladder.betas.par_iter())
            .map(|(w, &beta)| {
                let mut trace = Vec::with_capacity(sweeps_per_round as usize);
                let mut best: Option<(S, f64, u32)> = None;
                for sweep in 0..sweeps_per_round {
                    for attempt in 0..moves_per_sweep {
                        let step = metropolis_step(
                            model,
                            &mut w.state,
                            &mut w.energy,
                            beta,
                            attempt,
                            &mut w.rng,
                        );
                        if step == Step::Accepted
                            && w.energy < best.as_ref().map_or(threshold, |b| b.1)
                        {
                            best = Some((w.state.clone(), w.energy, sweep));
                        }
                    }
                    trace.push(w.energy);
                }
                RoundTrace { energies: trace, best }
            })
            .collect();
        // The new best, in temperature order for ties.
        for t in &traces {
            if let Some((state, energy, sweep)) = &t.best
                && *energy < self.best_energy
            {
                self.best = state.clone();
                self.best_energy = *energy;
                observer.on_best(&self.best, self.best_energy, self.sweeps + u64::from(*sweep) + 1);
            }
        }
        // Exchange acceptance of each pair, averaged over the round's sweeps.
        let betas = self.ladder.betas.clone();
        let estimates: Vec<f64> = (0..betas.len().saturating_sub(1))
            .map(|k| {
                let db = betas[k] - betas[k + 1];
                let (a, b) = (&traces[k].energies, &traces[k + 1].energies);
                a.iter().zip(b).map(|(ea, eb)| (db * (ea - eb)).exp().min(1.0)).sum::<f64>()
                    / a.len() as f64
            })
            .collect();
        // Exchange step on even or odd pairs.
        let mut swapped = vec![false; estimates.len()];
        let mut k = (self.round % 2) as usize;
        while k + 1 < self.slots.len() {
            let p = ((betas[k] - betas[k + 1]) * (self.slots[k].energy - self.slots[k + 1].energy))
                .exp();
            self.attempts[k] += 1;
            if p >= 1.0 || self.master.random::<f64>() < p {
                self.slots.swap(k, k + 1);
                self.accepts[k] += 1;
                swapped[k] = true;
            }
            k += 2;
        }
        self.count_round_trips();
        self.round += 1;
        self.sweeps += u64::from(sweeps_per_round);
        let info = RoundInfo {
            round: self.round,
            sweeps: self.sweeps,
            betas: &betas,
            states: self.slots.iter().map(|w| &w.state).collect(),
            energies: self.slots.iter().map(|w| w.energy).collect(),
            acceptance: &estimates,
            swapped: &swapped,
            round_trips: self.half_trips / 2,
            best_energy: self.best_energy,
        };
        let go_on = observer.on_round(&info);
        self.ladder.adapt(&estimates, sweeps_per_round);
        go_on
    }

    fn count_round_trips(&mut self) {
        let last = self.slots.len() - 1;
        if last == 0 {
            return;
        }
        for (k, end) in [(0, false), (last, true)] {
            let w = &mut self.slots[k];
            if w.last_end == Some(!end) {
                self.half_trips += 1;
            }
            w.last_end = Some(end);
        }
    }

    /// The walker ids at each temperature, hottest first: who is where after the exchanges.
    #[must_use]
    pub fn walker_ids(&self) -> Vec<u32> {
        self.slots.iter().map(|w| w.id).collect()
    }
}

impl<M> Optimizer<M> for ReplicaExchange<M::State>
where
    M: Model + Sync,
    M::State: Clone + Send + Sync,
    M::Move: Clone,
{
    fn sweeps(&self) -> u64 {
        self.sweeps
    }

    fn best(&self) -> (&M::State, f64) {
        (&self.best, self.best_energy)
    }

    /// One round, cut short so that a sweep budget is met exactly.
    fn advance<O: Observer<M::State> + ?Sized>(
        &mut self,
        model: &M,
        max_sweeps: u64,
        observer: &mut O,
    ) -> bool {
        let sweeps = u64::from(self.config.sweeps_per_round).min(max_sweeps) as u32;
        self.round_once(model, observer, sweeps)
    }
}
