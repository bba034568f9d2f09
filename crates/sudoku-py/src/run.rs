//! Running work off the GIL: batches on a rayon pool in input order, and long calls that
//! Ctrl-C (SIGINT) stops.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;

use crate::errors::Fail;

/// How often a waiting call looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// The strings of an iterable (a list, a tuple, a generator); a single string is refused,
/// since iterating it would give characters.
pub(crate) fn strings(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected a sequence of puzzles, got a single string (wrap it in a list)",
        ));
    }
    obj.try_iter()?.map(|item| item?.extract::<String>()).collect()
}

/// Runs `work` on another thread with the GIL released, looking for Ctrl-C meanwhile: on a
/// signal, `stop` is set (work should check it and return early), the work is waited for,
/// and the signal's exception (`KeyboardInterrupt`) is raised.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    match until_signal(py, stop, work) {
        (_, Some(e)) => Err(e),
        (t, None) => Ok(t),
    }
}

/// As [`interruptible`], but the work's result is kept when a signal stopped it: the result
/// and the signal's exception, if there was one.
pub(crate) fn until_signal<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> (T, Option<PyErr>) {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let worker = scope.spawn(move || {
                let _ = tx.send(work());
            });
            let mut signal = None;
            loop {
                let wait = if signal.is_some() { Duration::MAX } else { POLL };
                match rx.recv_timeout(wait) {
                    Ok(result) => return (result, signal),
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The worker panicked: pass the panic on.
                        match worker.join() {
                            Err(panic) => std::panic::resume_unwind(panic),
                            Ok(()) => unreachable!("the worker sends before it ends"),
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                }
            }
        })
    })
}

/// A rayon pool of `threads` workers (`None` or 0: one per core).
pub(crate) fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| PyValueError::new_err(format!("cannot start worker threads: {e}")))
}

/// `f(index, text)` for every text on a pool, off the GIL, results in input order (each
/// failure knows its index); Ctrl-C stops it with `KeyboardInterrupt`.
pub(crate) fn batch<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    texts: &[String],
    f: impl Fn(usize, &str) -> Result<T, Fail> + Sync + Send,
) -> PyResult<Vec<Result<T, Fail>>> {
    let pool = pool(threads)?;
    let stop = AtomicBool::new(false);
    interruptible(py, &stop, || {
        pool.install(|| {
            // One puzzle per job: ratings take from microseconds to minutes, and the
            // default split (a few long runs of puzzles per thread) leaves threads idle
            // behind the one holding the hard puzzles.
            texts
                .par_iter()
                .with_max_len(1)
                .enumerate()
                .map(|(i, t)| {
                    if stop.load(Ordering::Relaxed) {
                        return Err(Fail::new("interrupted", "stopped by a signal"));
                    }
                    f(i, t).map_err(|e| e.at(i))
                })
                .collect()
        })
    })
}

/// What a batch does with a puzzle that fails: raise its exception (the first in input order)
/// or return the exception in the puzzle's place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Errors {
    Raise,
    Return,
}

impl Errors {
    pub(crate) fn parse(s: &str) -> PyResult<Errors> {
        match s {
            "raise" => Ok(Errors::Raise),
            "return" => Ok(Errors::Return),
            other => Err(PyValueError::new_err(format!(
                "errors must be \"raise\" or \"return\", not {other:?}"
            ))),
        }
    }

    /// The Python values of a batch's results, converted by `convert`.
    pub(crate) fn collect<T>(
        self,
        py: Python<'_>,
        results: Vec<Result<T, Fail>>,
        convert: impl Fn(Python<'_>, T) -> PyResult<Py<PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let mut out = Vec::with_capacity(results.len());
        for r in results {
            out.push(match r {
                Ok(v) => convert(py, v)?,
                Err(f) if self == Errors::Return => f.exception(py)?.unbind(),
                Err(f) => return Err(f.into_err(py)),
            });
        }
        Ok(out)
    }
}
