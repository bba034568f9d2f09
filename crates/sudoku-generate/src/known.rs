//! Known puzzles as isomorphism classes: what "new" is measured against, and what a search can
//! leave out.

use std::collections::HashSet;

use sudoku_core::Grid;

/// A set of puzzles up to isomorphism: each puzzle is kept as its canonical (minlex) form, so
/// any of the 3,359,232 x 9! variants of a known puzzle is found in it.
///
/// The `sudoku` command's `--known` files are read into one; [`Generation::skip_known`]
/// makes a best-first search leave these puzzles out of every vicinity it lists.
///
/// [`Generation::skip_known`]: crate::Generation::skip_known
///
/// # Examples
///
/// ```
/// use sudoku_core::{Grid, Transform};
/// use sudoku_generate::KnownPuzzles;
///
/// let puzzle: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let known = KnownPuzzles::from_puzzles([puzzle]);
/// // Turned over (rows for columns), it is the same class.
/// assert!(known.contains(&Transform::transpose().apply(&puzzle)));
/// assert!(!known.contains(&Grid::EMPTY));
/// assert_eq!(known.len(), 1);
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownPuzzles {
    classes: HashSet<Grid>,
}

impl KnownPuzzles {
    /// No puzzle.
    #[must_use]
    pub fn new() -> KnownPuzzles {
        KnownPuzzles::default()
    }

    /// The classes of `puzzles`.
    #[must_use]
    pub fn from_puzzles(puzzles: impl IntoIterator<Item = Grid>) -> KnownPuzzles {
        let mut known = KnownPuzzles::new();
        known.extend(puzzles);
        known
    }

    /// Adds `puzzle`'s class; `false` if it was there already.
    pub fn insert(&mut self, puzzle: &Grid) -> bool {
        self.classes.insert(puzzle.minlex().grid)
    }

    /// Whether a puzzle isomorphic to `puzzle` is known.
    #[must_use]
    pub fn contains(&self, puzzle: &Grid) -> bool {
        self.contains_class(&puzzle.minlex().grid)
    }

    /// Whether the class with canonical form `class` (a [`Grid::minlex`] form) is known: for a
    /// caller that has the form already.
    #[must_use]
    pub fn contains_class(&self, class: &Grid) -> bool {
        self.classes.contains(class)
    }

    /// How many classes are known.
    #[must_use]
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// Whether no puzzle is known.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// A 64-bit fingerprint of the set, independent of the order the puzzles came in: a
    /// checkpoint keeps it, so that a resumed search is given the same set again.
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        self.classes.iter().fold(self.classes.len() as u64, |sum, class| {
            sum.wrapping_add(crate::model::puzzle_key(class))
        })
    }
}

impl Extend<Grid> for KnownPuzzles {
    fn extend<I: IntoIterator<Item = Grid>>(&mut self, puzzles: I) {
        self.classes.extend(puzzles.into_iter().map(|p| p.minlex().grid));
    }
}
