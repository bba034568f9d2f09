//! The small trait every rating implements, so any of them can be the energy of an optimizer.

use std::fmt;

use sudoku_core::{Failure, Grid};

use crate::{AverageWidth, Depth, DihedralWidth, NormalWidth};

/// A difficulty measure of a puzzle: larger is harder.
///
/// Ratings that draw random numbers derive every draw from `seed`, so a rating is a pure
/// function of the puzzle and the seed. The trait is object safe: a `Box<dyn Difficulty>` can be
/// chosen at run time (by name, on a command line) and used as the energy of an optimizer.
///
/// # Examples
///
/// A rating of your own, used next to the built-in ones:
///
/// ```
/// use sudoku_core::{Failure, Grid};
/// use sudoku_metrics::{Depth, Difficulty, NormalWidth, Scale, Scaled};
///
/// /// Fewer clues, harder (a weak rating, but a rating).
/// #[derive(Debug)]
/// struct MissingClues;
///
/// impl Difficulty for MissingClues {
///     fn name(&self) -> &str {
///         "missing-clues"
///     }
///     fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, Failure> {
///         Ok((81 - puzzle.clue_count()) as f64)
///     }
/// }
///
/// let ln_width = Scaled { difficulty: NormalWidth::default(), scale: Scale::Ln };
/// let ratings: Vec<Box<dyn Difficulty>> =
///     vec![Box::new(MissingClues), Box::new(Depth::default()), Box::new(ln_width)];
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let values: Vec<f64> = ratings.iter().map(|r| r.rate(&inkala2012, 0)).collect::<Result<_, _>>()?;
/// assert_eq!(values[0], 60.0);
/// assert_eq!(values[1], 8.0);
/// assert!((values[2] - 3599f64.ln()).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Difficulty: Send + Sync + fmt::Debug {
    /// A short, stable name, as used on the command line and in JSON (`normal-width`).
    fn name(&self) -> &str;

    /// Rates `puzzle`.
    ///
    /// # Errors
    ///
    /// A [`Failure`] when the puzzle cannot be rated within budget, or the rating needs a
    /// unique solution and the puzzle does not have one.
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure>;
}

impl<D: Difficulty + ?Sized> Difficulty for &D {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        (**self).rate(puzzle, seed)
    }
}

impl<D: Difficulty + ?Sized> Difficulty for Box<D> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        (**self).rate(puzzle, seed)
    }
}

impl Difficulty for NormalWidth {
    fn name(&self) -> &str {
        crate::RatingKind::NormalWidth.name()
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, Failure> {
        self.evaluate(puzzle).map(|w| w.width as f64)
    }
}

impl Difficulty for AverageWidth {
    fn name(&self) -> &str {
        crate::RatingKind::AverageWidth.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        self.evaluate(puzzle, seed).map(|m| m.mean)
    }
}

impl Difficulty for Depth {
    fn name(&self) -> &str {
        crate::RatingKind::Depth.name()
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, Failure> {
        self.evaluate(puzzle).map(f64::from)
    }
}

impl Difficulty for DihedralWidth {
    fn name(&self) -> &str {
        crate::RatingKind::DihedralWidth.name()
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, Failure> {
        self.evaluate(puzzle)
    }
}

/// `pair-reduction-level`: the level the pair-reduction solver needs (0: propagation alone;
/// 1: decisions; 2 and up: nested hypotheses). See [`sudoku_logic::PairReduction`].
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, PairReductionLevel};
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// assert_eq!(PairReductionLevel::default().rate(&inkala2012, 0)?, 2.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairReductionLevel(pub sudoku_logic::PairReduction);

impl Difficulty for PairReductionLevel {
    fn name(&self) -> &str {
        crate::RatingKind::PairReductionLevel.name()
    }
    fn rate(&self, puzzle: &Grid, _seed: u64) -> Result<f64, Failure> {
        self.0.solve(puzzle).map(|e| f64::from(e.level))
    }
}
