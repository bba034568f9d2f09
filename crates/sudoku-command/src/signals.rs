//! SIGINT and SIGTERM as one stop request: Ctrl-C at a terminal and the TERM that Slurm,
//! systemd, containers and Kubernetes send before they stop a job both make a long run save what
//! it has and exit, with 130 or 143 as shells expect. A second signal ends the process at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use anyhow::Context as _;
use signal_hook::consts::{SIGINT, SIGTERM};

/// The stop request: the number of the first signal received, 0 before any.
#[derive(Clone, Debug)]
pub(crate) struct Stop(Arc<AtomicUsize>);

impl Stop {
    /// Starts listening for SIGINT and SIGTERM.
    pub(crate) fn install() -> anyhow::Result<Stop> {
        let got = Arc::new(AtomicUsize::new(0));
        let armed = Arc::new(AtomicBool::new(false));
        for sig in [SIGINT, SIGTERM] {
            // Handlers run in the order registered: the exit check sees `armed` as it was before
            // this signal, so only a signal after a first one (of either kind) ends the process.
            signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&armed))
                .and_then(|_| signal_hook::flag::register(sig, Arc::clone(&armed)))
                .and_then(|_| {
                    signal_hook::flag::register_usize(sig, Arc::clone(&got), sig as usize)
                })
                .context("failed to install the signal handlers")?;
        }
        Ok(Stop(got))
    }

    /// The signal that asked to stop, if one did.
    pub(crate) fn signal(&self) -> Option<i32> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            s => i32::try_from(s).ok(),
        }
    }

    /// Whether a stop was asked for.
    pub(crate) fn requested(&self) -> bool {
        self.signal().is_some()
    }
}
