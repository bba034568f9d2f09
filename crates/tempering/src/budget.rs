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

/// Why a run stopped. It serialises as its [`StopReason::name`], the word JSON records use.
///
/// # Examples
///
/// ```
/// use tempering::StopReason;
/// assert_eq!(StopReason::Sweeps.name(), "step_limit");
/// assert_eq!(StopReason::Stopped.to_string(), "interrupted");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum StopReason {
    /// The sweep limit was reached.
    #[cfg_attr(feature = "serde", serde(rename = "step_limit"))]
    Sweeps,
    /// The time limit was reached.
    #[cfg_attr(feature = "serde", serde(rename = "time_limit"))]
    Time,
    /// The target energy was reached.
    #[cfg_attr(feature = "serde", serde(rename = "target_reached"))]
    Target,
    /// The caller's observer asked to stop.
    #[cfg_attr(feature = "serde", serde(rename = "interrupted"))]
    Stopped,
    /// The optimizer had nothing left to do (a [`BestFirst`](crate::BestFirst) search with an
    /// empty frontier).
    #[cfg_attr(feature = "serde", serde(rename = "exhausted"))]
    Exhausted,
}

impl StopReason {
    /// Every reason, in declaration order.
    pub const ALL: [StopReason; 5] = [
        StopReason::Sweeps,
        StopReason::Time,
        StopReason::Target,
        StopReason::Stopped,
        StopReason::Exhausted,
    ];

    /// The reason as one snake_case word, as records and reports write it: `step_limit`
    /// (sweeps, the Monte Carlo steps), `time_limit`, `target_reached`, `interrupted` (the
    /// observer asked to stop) or `exhausted`. Its serde form is the same word.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            StopReason::Sweeps => "step_limit",
            StopReason::Time => "time_limit",
            StopReason::Target => "target_reached",
            StopReason::Stopped => "interrupted",
            StopReason::Exhausted => "exhausted",
        }
    }
}

/// [`StopReason::name`].
impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
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

#[cfg(test)]
mod tests {
    use super::StopReason;

    /// The serde form and the name are one word.
    #[cfg(feature = "serde")]
    #[test]
    fn stop_reasons_serialise_as_their_names() {
        for reason in StopReason::ALL {
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.name()));
            assert_eq!(serde_json::from_str::<StopReason>(&json).unwrap(), reason);
        }
    }
}
