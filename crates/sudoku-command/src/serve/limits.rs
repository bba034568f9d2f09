//! The server's limits: `sudoku serve`'s options, and every request's work budget.

use std::time::Duration;

/// The server's limits (`sudoku serve`'s options) and every request's work budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Computations at once.
    pub(crate) jobs: usize,
    /// How long a request waits for a turn before it is refused as `busy`.
    pub(crate) queue_wait: Duration,
    /// Requests waiting for a turn at once; more are refused as `busy` at once.
    pub(crate) max_waiting: usize,
    /// Wall-clock limit of one computation.
    pub(crate) time_limit: Duration,
    /// Wall-clock limit of one `generate` request.
    pub(crate) generate_time_limit: Duration,
    /// How long a client may take to send its body.
    pub(crate) body_time_limit: Duration,
    /// The largest request body, in bytes.
    pub(crate) body_limit: usize,
    /// Search nodes of the uniqueness checks (the command's default: 50,000,000).
    pub(crate) node_budget: u64,
    /// Chain potentials of one hint, path or `se-rating` (the command's default:
    /// 20,000,000,000).
    pub(crate) chain_budget: u64,
    /// Random puzzles one `generate` request may draw.
    pub(crate) max_tries: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            jobs: 4,
            queue_wait: Duration::from_secs(5),
            max_waiting: 256,
            time_limit: Duration::from_secs(20),
            generate_time_limit: Duration::from_secs(60),
            body_time_limit: Duration::from_secs(10),
            body_limit: 64 * 1024,
            node_budget: 5_000_000,
            chain_budget: 1_000_000_000,
            max_tries: 100_000,
        }
    }
}
