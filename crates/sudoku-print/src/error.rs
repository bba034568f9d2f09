//! Why a sheet could not be laid out.

/// A sheet that cannot be laid out.
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, PrintError, layout};
/// assert_eq!(layout(&[], &Options::default()), Err(PrintError::NoPuzzles));
/// assert_eq!(
///     Options::default().with_per_page(5).unwrap_err().to_string(),
///     "cannot put 5 puzzles on a page: use 1, 2, 4, 6, 9 or 12"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PrintError {
    /// A count of puzzles a page that has no layout ([`PER_PAGE`](crate::PER_PAGE) lists
    /// those that have one).
    #[error("cannot put {per_page} puzzles on a page: use 1, 2, 4, 6, 9 or 12")]
    PerPage {
        /// The count asked for.
        per_page: usize,
    },
    /// No puzzle to print.
    #[error("no puzzle to print")]
    NoPuzzles,
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_error_is_send_sync_and_static() {
        fn check<T: Send + Sync + 'static>() {}
        check::<super::PrintError>();
    }
}
