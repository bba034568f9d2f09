//! A caller's way to stop long work from another thread: a [`Cancel`] token that the solvers,
//! ratings and generators of the workspace poll between steps and in their long loops.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::Failure;

/// A cancellation token: clones share one flag, and once [`Cancel::cancel`] is called on any of
/// them, every computation that holds one stops at its next check with
/// [`FailureKind::Cancelled`](crate::FailureKind::Cancelled).
///
/// [`Cancel::default`] (also [`Cancel::never`]) can never be cancelled and costs nothing to
/// check: it is what every solver holds unless told otherwise. A server makes one token per
/// request with [`Cancel::new`] and cancels it when the client goes away or the request's time
/// limit passes.
///
/// Two tokens are equal when they share their flag (or are both [`Cancel::never`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cancel, FailureKind};
///
/// let token = Cancel::new();
/// let worker = token.clone();
/// assert!(worker.check().is_ok());
/// token.cancel();
/// assert!(worker.is_cancelled());
/// assert_eq!(worker.check().unwrap_err().kind(), &FailureKind::Cancelled);
/// assert!(!Cancel::never().is_cancelled());
/// ```
#[derive(Clone, Default)]
pub struct Cancel {
    flag: Option<Arc<AtomicBool>>,
}

impl Cancel {
    /// A token that is not cancelled yet.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel { flag: Some(Arc::new(AtomicBool::new(false))) }
    }

    /// A token that is never cancelled ([`Cancel::cancel`] does nothing on it).
    #[must_use]
    pub const fn never() -> Cancel {
        Cancel { flag: None }
    }

    /// Cancels every clone of this token; the work that holds one stops at its next check.
    ///
    /// # Examples
    ///
    /// ```
    /// let token = sudoku_core::Cancel::new();
    /// token.cancel();
    /// token.cancel(); // cancelling again changes nothing
    /// assert!(token.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the token was cancelled.
    #[must_use]
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// `Err(Failure::CANCELLED)` once the token is cancelled: the check a long loop makes.
    ///
    /// # Errors
    ///
    /// [`FailureKind::Cancelled`](crate::FailureKind::Cancelled) when the token was cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure};
    /// let token = Cancel::new();
    /// token.cancel();
    /// assert_eq!(token.check(), Err(Failure::CANCELLED));
    /// ```
    #[inline]
    pub fn check(&self) -> Result<(), Failure> {
        if self.is_cancelled() { Err(Failure::CANCELLED) } else { Ok(()) }
    }
}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.flag {
            None => f.write_str("Cancel::never()"),
            Some(_) => f.debug_struct("Cancel").field("cancelled", &self.is_cancelled()).finish(),
        }
    }
}

impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        match (&self.flag, &other.flag) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Cancel {}

impl Hash for Cancel {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.flag.as_ref().map(Arc::as_ptr).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_equality_is_identity() {
        let a = Cancel::new();
        let b = a.clone();
        let c = Cancel::new();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, Cancel::never());
        assert_eq!(Cancel::never(), Cancel::default());
        a.cancel();
        assert!(b.is_cancelled() && !c.is_cancelled());
        Cancel::never().cancel();
        assert!(!Cancel::never().is_cancelled());
    }

    #[test]
    fn a_token_cancels_across_threads() {
        let token = Cancel::new();
        let worker = token.clone();
        let handle = std::thread::spawn(move || {
            let mut spins = 0u64;
            while worker.check().is_ok() {
                spins += 1;
                std::thread::yield_now();
            }
            spins
        });
        token.cancel();
        assert!(handle.join().is_ok());
    }

    #[test]
    fn is_send_sync_static() {
        fn assert_send_sync<T: Send + Sync + 'static>() {}
        assert_send_sync::<Cancel>();
    }
}
