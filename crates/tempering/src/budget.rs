//! When a run stops.

use std::time::{Duration, Instant};

/// Limits on a run: sweeps, wall time, and a target energy. A run stops at the first limit it
/// reaches; with no limit set it stops after one round.
///
/// Wall time makes a run's length depend on the machine: for reproducible results, limit sweeps.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use tempering::Budget;
///
/// let b = Budget::sweeps(10_000).with_time(Duration::from_secs(60)).with_target(-1200.0);
/// assert_eq!(b.max_sweeps, Some(10_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Budget {
    /// The most sweeps (MC steps) per chain or replica.
    pub max_sweeps: Option<u64>,
    /// The most wall-clock time.
    pub max_time: Option<Duration>,
    /// Stop once the best energy is at most this.
    pub target_energy: Option<f64>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum StopReason {
    /// The sweep limit was reached.
    Sweeps,
    /// The time limit was reached.
    Time,
    /// The target energy was reached.
    Target,
    /// The caller's observer asked to stop.
    Stopped,
    /// The optimizer had nothing left to do (a [`BestFirst`](crate::BestFirst) search with an
    /// empty frontier).
    Exhausted,
}

impl Budget {
    /// A budget of `n` sweeps.
    #[must_use]
    pub fn sweeps(n: u64) -> Budget {
        Budget { max_sweeps: Some(n), ..Budget::default() }
    }

    /// A budget of wall-clock time.
    #[must_use]
    pub fn time(d: Duration) -> Budget {
        Budget { max_time: Some(d), ..Budget::default() }
    }

    /// Adds a time limit.
    #[must_use]
    pub fn with_time(self, d: Duration) -> Budget {
        Budget { max_time: Some(d), ..self }
    }

    /// Adds a sweep limit.
    #[must_use]
    pub fn with_sweeps(self, n: u64) -> Budget {
        Budget { max_sweeps: Some(n), ..self }
    }

    /// Adds a target energy.
    #[must_use]
    pub fn with_target(self, energy: f64) -> Budget {
        Budget { target_energy: Some(energy), ..self }
    }

    /// The reason to stop now, if any.
    pub(crate) fn check(&self, sweeps: u64, started: Instant, best: f64) -> Option<StopReason> {
        if self.target_energy.is_some_and(|t| best <= t) {
            return Some(StopReason::Target);
        }
        if self.max_sweeps.is_some_and(|n| sweeps >= n) {
            return Some(StopReason::Sweeps);
        }
        if self.max_time.is_some_and(|t| started.elapsed() >= t) {
            return Some(StopReason::Time);
        }
        None
    }
}
