//! The limits every request runs under: a bounded number of computations at once (the others
//! wait a short while for a turn, then are refused as `busy`), a time limit, and cancellation
//! when the client goes away, through the libraries' [`Cancel`] tokens.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use sudoku_core::{Cancel, Failure, Work};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::limits::Limits;
use super::reply::Refusal;

/// What the server has done so far (`GET /api/status`): for people, tests and the load test.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Counts {
    /// Computations running now.
    running: AtomicUsize,
    /// Requests waiting for a turn now.
    waiting: AtomicUsize,
    /// Computations started.
    started: AtomicU64,
    /// Computations that ran to their end (their answer sent or not).
    finished: AtomicU64,
    /// Computations cancelled because their client went away (or the server stopped).
    cancelled: AtomicU64,
    /// Computations stopped by the time limit.
    timed_out: AtomicU64,
    /// Requests refused as `busy`.
    busy: AtomicU64,
}

/// The running computations and their limits: one per server.
#[derive(Debug)]
pub(crate) struct Jobs {
    pub(crate) limits: Limits,
    slots: Arc<Semaphore>,
    pub(crate) counts: Counts,
    /// The token of every computation running, to cancel them all when the server stops.
    tokens: Mutex<BTreeMap<u64, Cancel>>,
}

/// A turn to compute: the permit, held until the computation's thread ends (a computation
/// whose client went away keeps its turn until it has stopped), and the computation's token.
#[derive(Debug)]
pub(crate) struct Turn {
    _permit: OwnedSemaphorePermit,
    jobs: Arc<Jobs>,
    id: u64,
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.jobs.counts.running.fetch_sub(1, Ordering::Relaxed);
        self.jobs.counts.finished.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut tokens) = self.jobs.tokens.lock() {
            tokens.remove(&self.id);
        }
    }
}

/// Cancels a computation when dropped before [`CancelOnDrop::disarm`]: the request's future or
/// its streamed body holds it, so a client that goes away (hyper drops both) cancels the work.
#[derive(Debug)]
pub(crate) struct CancelOnDrop {
    token: Option<Cancel>,
    jobs: Arc<Jobs>,
}

impl CancelOnDrop {
    /// The computation finished: nothing to cancel.
    pub(crate) fn disarm(mut self) {
        self.token = None;
    }

    /// Cancels now (the time limit passed).
    pub(crate) fn time_out(mut self) {
        if let Some(t) = self.token.take() {
            t.cancel();
            self.jobs.counts.timed_out.fetch_add(1, Ordering::Relaxed);
        }
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(t) = self.token.take() {
            t.cancel();
            self.jobs.counts.cancelled.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Counts a waiting request for as long as it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Jobs {
    pub(crate) fn new(limits: Limits) -> Jobs {
        Jobs {
            limits,
            slots: Arc::new(Semaphore::new(limits.jobs.max(1))),
            counts: Counts::default(),
            tokens: Mutex::new(BTreeMap::new()),
        }
    }

    /// Waits for a turn (at most `queue_wait`), or `busy`.
    pub(crate) async fn turn(self: &Arc<Jobs>) -> Result<(Turn, Cancel, CancelOnDrop), Refusal> {
        let counts = &self.counts;
        if counts.waiting.fetch_add(1, Ordering::Relaxed) >= self.limits.max_waiting {
            counts.waiting.fetch_sub(1, Ordering::Relaxed);
            counts.busy.fetch_add(1, Ordering::Relaxed);
            return Err(Refusal::Busy(self.limits.queue_wait));
        }
        let waiting = Waiting(&counts.waiting);
        let permit =
            tokio::time::timeout(self.limits.queue_wait, Arc::clone(&self.slots).acquire_owned())
                .await;
        drop(waiting);
        let Ok(Ok(permit)) = permit else {
            counts.busy.fetch_add(1, Ordering::Relaxed);
            return Err(Refusal::Busy(self.limits.queue_wait));
        };
        let id = counts.started.fetch_add(1, Ordering::Relaxed);
        counts.running.fetch_add(1, Ordering::Relaxed);
        let token = Cancel::new();
        if let Ok(mut tokens) = self.tokens.lock() {
            tokens.insert(id, token.clone());
        }
        let guard = CancelOnDrop { token: Some(token.clone()), jobs: Arc::clone(self) };
        Ok((Turn { _permit: permit, jobs: Arc::clone(self), id }, token, guard))
    }

    /// Runs `work` on the blocking pool when its turn comes, within the time limit; the work
    /// gets the request's token, cancelled when the client goes away or time runs out.
    pub(crate) async fn run<T, F>(self: &Arc<Jobs>, work: F) -> Result<T, Refusal>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> T + Send + 'static,
    {
        let (turn, token, guard) = self.turn().await?;
        let handle = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            work(&token)
        });
        finish(handle, self.limits.time_limit, guard).await
    }

    /// Cancels every computation running (the server is stopping).
    pub(crate) fn cancel_all(&self) {
        if let Ok(tokens) = self.tokens.lock() {
            tokens.values().for_each(Cancel::cancel);
        }
    }

    /// The counts with the limits (`GET /api/status`).
    pub(crate) fn status(&self) -> StatusRecord<'_> {
        let l = &self.limits;
        StatusRecord {
            status: sudoku_core::Status::Ok,
            counts: &self.counts,
            limits: LimitsRecord {
                jobs: l.jobs,
                queue_wait_s: l.queue_wait.as_secs_f64(),
                max_waiting: l.max_waiting,
                time_limit_s: l.time_limit.as_secs_f64(),
                generate_time_limit_s: l.generate_time_limit.as_secs_f64(),
                body_limit: l.body_limit,
                node_budget: l.node_budget,
                chain_budget: l.chain_budget,
                max_tries: l.max_tries,
            },
        }
    }
}

/// `GET /api/status`'s record: the server's counts and limits.
#[derive(serde::Serialize)]
pub(crate) struct StatusRecord<'a> {
    status: sudoku_core::Status,
    counts: &'a Counts,
    limits: LimitsRecord,
}

/// The limits as `GET /api/status` writes them (durations in seconds).
#[derive(serde::Serialize)]
struct LimitsRecord {
    jobs: usize,
    queue_wait_s: f64,
    max_waiting: usize,
    time_limit_s: f64,
    generate_time_limit_s: f64,
    body_limit: usize,
    node_budget: u64,
    chain_budget: u64,
    max_tries: u64,
}

/// Waits for a computation within `limit`: past it, cancels it and answers
/// `budget_exceeded` in seconds.
pub(crate) async fn finish<T>(
    handle: impl Future<Output = Result<T, tokio::task::JoinError>>,
    limit: Duration,
    guard: CancelOnDrop,
) -> Result<T, Refusal> {
    match tokio::time::timeout(limit, handle).await {
        Ok(Ok(value)) => {
            guard.disarm();
            Ok(value)
        }
        Ok(Err(e)) => {
            guard.disarm();
            Err(Refusal::Internal(e.to_string()))
        }
        Err(_) => {
            guard.time_out();
            Err(Refusal::TimeLimit(time_limit_failure(limit)))
        }
    }
}

/// The failure a time limit gives: `budget exceeded: more than N seconds needed`.
pub(crate) fn time_limit_failure(limit: Duration) -> Failure {
    Failure::budget_exceeded(limit.as_secs_f64().ceil() as u64, Work::Seconds)
}
