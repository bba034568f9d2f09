//! Generic Markov chain Monte Carlo optimizers: Metropolis at a fixed temperature, simulated
//! annealing, and replica exchange (parallel tempering) with fixed or adaptive temperature
//! ladders, checkpoints, and results that do not depend on the number of threads; and
//! [`BestFirst`], a deterministic best-first search for models that can list their
//! neighbourhood ([`Neighbourhood`]), run by the same driver loop.
//!
//! The crate knows nothing about any particular problem. A problem implements [`Model`]
//! (energy, random moves, optionally a fast energy change); an optimizer owns the random
//! generators and the loop ([`Metropolis`], [`Annealing`], [`ReplicaExchange`]); an
//! [`Observer`] sees every sweep or round at no cost when unused; a [`Budget`] says when to
//! stop (sweeps, wall time, target energy).
//!
//! # Example: the 2D Ising model
//!
//! ```
//! use rand::{Rng, RngExt};
//! use tempering::{Budget, ExchangeConfig, Ladder, Model, ReplicaExchange};
//!
//! /// An L x L periodic Ising ferromagnet; a move flips one spin.
//! struct Ising { l: usize }
//!
//! impl Ising {
//!     fn neighbours_sum(&self, s: &[i8], i: usize) -> i32 {
//!         let (l, r, c) = (self.l, i / self.l, i % self.l);
//!         [((r + 1) % l) * l + c, ((r + l - 1) % l) * l + c, r * l + (c + 1) % l, r * l + (c + l - 1) % l]
//!             .iter()
//!             .map(|&j| i32::from(s[j]))
//!             .sum()
//!     }
//! }
//!
//! impl Model for Ising {
//!     type State = Vec<i8>;
//!     type Move = usize;
//!     fn energy(&self, s: &Vec<i8>) -> f64 {
//!         let e: i32 = (0..s.len()).map(|i| -i32::from(s[i]) * self.neighbours_sum(s, i)).sum();
//!         f64::from(e) / 2.0
//!     }
//!     fn propose<R: Rng + ?Sized>(&self, s: &Vec<i8>, _: u32, rng: &mut R) -> Option<usize> {
//!         Some(rng.random_range(0..s.len()))
//!     }
//!     fn delta(&self, s: &Vec<i8>, _: f64, &mut i: &mut usize) -> f64 {
//!         f64::from(2 * i32::from(s[i]) * self.neighbours_sum(s, i))
//!     }
//!     fn apply(&self, s: &mut Vec<i8>, i: usize) {
//!         s[i] = -s[i];
//!     }
//! }
//!
//! let model = Ising { l: 8 };
//! let ladder = Ladder::linear(0.1, 1.0, 6)?;
//! let config = ExchangeConfig { sweeps_per_round: 10, moves_per_sweep: 64 };
//! let mut remc = ReplicaExchange::new(&model, vec![vec![1; 64]; 6], ladder, config, 7)?;
//! let report = remc.run(&model, &Budget::sweeps(1_000), &mut ());
//! assert_eq!(report.best_energy, -128.0); // the ground state: all spins aligned
//! # Ok::<(), tempering::ConfigError>(())
//! ```
//!
//! # Reproducibility
//!
//! Optimizers take a seed or the caller's generator; each replica owns a `Pcg64Mcg` derived
//! from the seed by [`stream`] (the one derivation of child generators, which the crates built
//! on this one use too), and the exchange decisions use a master generator, so a run is
//! bit-identical for any thread count. A run limited by wall time is not reproducible; one
//! limited by sweeps is.
//!
//! # Crate features
//!
//! - `serde` (default): checkpoints: [`ReplicaExchange`] and the configuration types
//!   serialise, and resuming a deserialised simulation continues exactly.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod best_first;
mod budget;
mod chain;
mod driver;
mod exchange;
mod model;
mod observer;
mod stream;

pub use best_first::{BestFirst, Neighbourhood};
pub use budget::{Budget, StopReason};
pub use chain::{
    Annealing, AnnealingState, Cooling, MarkovChain, Metropolis, Report, TemperatureSchedule,
};
pub use driver::{Optimizer, drive};
pub use exchange::{
    Adaptation, ConfigError, ExchangeConfig, ExchangeReport, Ladder, ReplicaExchange,
};
pub use model::Model;
pub use observer::{KeepGoing, Observer, RoundInfo, SweepInfo};
pub use stream::{child_seed, stream};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
