//! A rating with its parameters (`name[:key=value]...`), and its result in full.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Cancel, CandidateGrid, Failure, FailureKind, Grid};
use sudoku_logic::{HodokuRating, SeRating};

use crate::{Difficulty, Mean, RatingKind, Samples, SeTiebreak};

/// A rating with its parameters: what `sudoku rate --metrics` and `sudoku generate --energy`
/// take, written `name[:key=value]...`.
///
/// Keys: `samples` (alias `runs`: tie-break samples, solver or model runs, relaxation samples),
/// `budget` (the work allowed per puzzle, in the rating's own unit; for `se-rating` the chain
/// potentials), `singles=hidden` (widths and depth: hidden singles too, not the reference),
/// `tiebreak=ep-ed|work` (`se-rating` as an energy, see [`SeTiebreak`]). A parameter left out
/// keeps the rating's own default.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Rating, RatingKind};
///
/// let rating: Rating = "average-width:samples=8".parse()?;
/// assert_eq!(rating.kind, RatingKind::AverageWidth);
/// assert_eq!(rating.samples, Some(8));
/// assert_eq!(rating.to_string(), "average-width:samples=8");
///
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let er = "se-rating".parse::<Rating>()?.difficulty().rate(&inkala2012, 0)?;
/// assert!(er > 10.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// Which rating.
    pub kind: RatingKind,
    /// Repetitions (tie-break samples, runs); `None` keeps the rating's default.
    pub samples: Option<u32>,
    /// Work allowed per puzzle, in the rating's unit; `None` keeps the rating's default.
    pub budget: Option<u64>,
    /// Hidden singles as well as naked singles between branchings (widths and depth).
    pub hidden_singles: bool,
    /// How `se-rating` breaks ties between puzzles of one ER when used as a number.
    pub tiebreak: SeTiebreak,
}

/// A rating's result in full: what `sudoku rate` prints. [`RatingValue::number`] is the one
/// number [`Difficulty::rate`] gives.
///
/// With the `serde` feature it serializes as the schema's value: a number, `{"mean", "stderr",
/// "samples"}` (a mean), `{"er", "ep", "ed"}` (Sudoku Explainer's ratings) or `{"level",
/// "score"}` (HoDoKu's).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum RatingValue {
    /// A whole number (depth, widths, levels).
    Count(u64),
    /// Any other number.
    Number(f64),
    /// A mean over samples with its standard error.
    Mean(Mean),
    /// Sudoku Explainer's ER/EP/ED, and the rating's number (ER with its tie-break).
    Se(SeRating, f64),
    /// HoDoKu's level and score; the number is the score.
    Hodoku(HodokuRating),
}

impl RatingValue {
    /// The number a [`Difficulty`] gives.
    #[must_use]
    pub fn number(&self) -> f64 {
        match *self {
            RatingValue::Count(n) => n as f64,
            RatingValue::Number(x) | RatingValue::Se(_, x) => x,
            RatingValue::Mean(m) => m.mean,
            RatingValue::Hodoku(h) => f64::from(h.score),
        }
    }
}

impl RatingValue {
    /// The cells of `sudoku rate`'s TSV table, one per column of the rating's row
    /// ([`CatalogueEntry::columns`](crate::CatalogueEntry::columns)): numbers as JSON writes them,
    /// a mean and its standard error with two decimals.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_metrics::{Mean, RatingValue};
    /// assert_eq!(RatingValue::Count(7).cells(), ["7"]);
    /// assert_eq!(RatingValue::Number(2.0).cells(), ["2.0"]);
    /// let m = Mean { mean: 177.256, stderr: 1.0, samples: 100 };
    /// assert_eq!(RatingValue::Mean(m).cells(), ["177.26", "1.00"]);
    /// ```
    #[must_use]
    pub fn cells(&self) -> Vec<String> {
        match *self {
            RatingValue::Count(n) => vec![n.to_string()],
            RatingValue::Number(x) => vec![json_number(x)],
            RatingValue::Mean(m) => vec![format!("{:.2}", m.mean), format!("{:.2}", m.stderr)],
            RatingValue::Se(r, _) => vec![json_number(r.er), json_number(r.ep), json_number(r.ed)],
            RatingValue::Hodoku(h) => vec![h.level.to_string(), h.score.to_string()],
        }
    }
}

/// The value as people read it: a count or number as it is, a mean with its standard error
/// (`177.26 ± 1.00`), Sudoku Explainer's `ER/EP/ED`, HoDoKu's `level (score)`.
///
/// # Examples
///
/// ```
/// use sudoku_metrics::{Mean, RatingValue};
/// assert_eq!(RatingValue::Count(7).to_string(), "7");
/// let m = Mean { mean: 177.256, stderr: 1.0, samples: 100 };
/// assert_eq!(RatingValue::Mean(m).to_string(), "177.26 ± 1.00");
/// ```
impl fmt::Display for RatingValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingValue::Count(n) => write!(f, "{n}"),
            RatingValue::Number(x) => write!(f, "{}", json_number(*x)),
            RatingValue::Mean(m) => write!(f, "{:.2} ± {:.2}", m.mean, m.stderr),
            RatingValue::Se(r, _) => write!(f, "{r}"),
            RatingValue::Hodoku(h) => write!(f, "{h}"),
        }
    }
}

/// A number as JSON writes it: the shortest form that reads back the same, with `.0` on whole
/// numbers (ratings are finite and neither tiny nor huge, where the forms differ).
fn json_number(x: f64) -> String {
    format!("{x:?}")
}

#[cfg(feature = "serde")]
impl serde::Serialize for RatingValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RatingValue::Count(n) => serializer.serialize_u64(*n),
            RatingValue::Number(x) => serializer.serialize_f64(*x),
            RatingValue::Mean(m) => m.serialize(serializer),
            RatingValue::Se(r, _) => r.serialize(serializer),
            RatingValue::Hodoku(h) => h.serialize(serializer),
        }
    }
}

/// Why a rating spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRatingError {
    /// No rating has this name.
    #[error("unknown rating {name:?}; known ratings: {}", RatingKind::names())]
    UnknownRating {
        /// The name given.
        name: String,
    },
    /// The rating does not take this parameter.
    #[error("{rating} takes no parameter {key:?}")]
    UnknownParameter {
        /// The rating.
        rating: RatingKind,
        /// The parameter given.
        key: String,
    },
    /// A parameter's value is not valid.
    #[error("invalid value {value:?} for {key}: {expected}")]
    BadValue {
        /// The parameter.
        key: String,
        /// The value given.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A rating asked for twice in one set: its JSON key and TSV columns would clash.
    #[error("{0} is asked for twice: its JSON key and TSV columns would clash")]
    Repeated(RatingKind),
    /// A set with no rating.
    #[error("no rating asked for")]
    Empty,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Key {
    Samples,
    Budget,
    Singles,
    Tiebreak,
}

impl Rating {
    /// The rating with every parameter at its default.
    #[must_use]
    pub const fn new(kind: RatingKind) -> Rating {
        Rating {
            kind,
            samples: None,
            budget: None,
            hidden_singles: false,
            tiebreak: SeTiebreak::None,
        }
    }

    /// Sets the repetitions (ignored by ratings that take none).
    #[must_use]
    pub fn with_samples(self, samples: u32) -> Rating {
        Rating { samples: self.kind.takes(Key::Samples).then_some(samples), ..self }
    }

    /// Uses hidden singles as well as naked singles between branchings (ignored by ratings
    /// that do not branch).
    #[must_use]
    pub fn with_hidden_singles(self) -> Rating {
        Rating { hidden_singles: self.kind.takes(Key::Singles), ..self }
    }

    /// Sets the budget.
    #[must_use]
    pub fn with_budget(self, budget: u64) -> Rating {
        Rating { budget: Some(budget), ..self }
    }

    /// The rating, ready to use.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_metrics::Rating;
    /// let depth = "depth:budget=1000".parse::<Rating>()?.difficulty();
    /// assert_eq!(depth.name(), "depth");
    /// # Ok::<(), sudoku_metrics::ParseRatingError>(())
    /// ```
    #[must_use]
    pub fn difficulty(&self) -> Box<dyn Difficulty> {
        Box::new(*self)
    }

    /// Rates `puzzle` in full: ER/EP/ED for `se-rating`, mean and standard error for
    /// `average-width` (the row's [`CatalogueEntry::evaluate`](crate::CatalogueEntry::evaluate)).
    ///
    /// # Errors
    ///
    /// The rating's [`Failure`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::{Rating, RatingValue};
    /// let xy_wing: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let RatingValue::Se(se, _) = "se-rating".parse::<Rating>()?.evaluate(&xy_wing, 0)? else {
    ///     panic!("se-rating gives ER/EP/ED")
    /// };
    /// assert_eq!(se.to_string(), "4.2/1.2/1.2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self, puzzle: &Grid, seed: u64) -> Result<RatingValue, Failure> {
        (self.kind.entry().evaluate)(self, puzzle, seed, &Cancel::never())
    }

    /// [`Rating::evaluate`], stopped once `cancel` is cancelled: `se-rating` and the HoDoKu
    /// ratings ask the token as their solvers go (between steps, and every thousand chain
    /// potentials); every rating asks it before it starts, and the others are bounded by
    /// their budgets.
    ///
    /// # Errors
    ///
    /// The rating's [`Failure`]; [`FailureKind::Cancelled`](sudoku_core::FailureKind::Cancelled)
    /// once the token is cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure, Grid};
    /// use sudoku_metrics::Rating;
    /// let xy_wing: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let rating: Rating = "se-rating".parse()?;
    /// let cancel = Cancel::new();
    /// assert!(rating.evaluate_cancellable(&xy_wing, 0, &cancel).is_ok());
    /// cancel.cancel();
    /// assert_eq!(rating.evaluate_cancellable(&xy_wing, 0, &cancel), Err(Failure::CANCELLED));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate_cancellable(
        &self,
        puzzle: &Grid,
        seed: u64,
        cancel: &Cancel,
    ) -> Result<RatingValue, Failure> {
        cancel.check()?;
        (self.kind.entry().evaluate)(self, puzzle, seed, cancel)
    }
}

impl Rating {
    /// The rating of pencil marks, for the ratings of the logical solvers (`se-rating`,
    /// `hodoku`, `hodoku-score`: [`RatingKind::takes_marks`]), stopped once `cancel` is
    /// cancelled.
    ///
    /// # Errors
    ///
    /// [`FailureKind::NeedsGivens`](sudoku_core::FailureKind::NeedsGivens) (status `invalid`)
    /// for every other rating; the rating's [`Failure`] (as the logical solver's
    /// `solve_marks` fails).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, CandidateGrid, Grid};
    /// use sudoku_metrics::{Rating, RatingValue};
    /// let xy_wing: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let marks = CandidateGrid::new(&xy_wing).unwrap();
    /// let se: Rating = "se-rating".parse()?;
    /// let RatingValue::Se(r, _) = se.evaluate_marks(&marks, &Cancel::never())? else {
    ///     panic!("se-rating gives ER/EP/ED")
    /// };
    /// assert_eq!(r.to_string(), "4.2/1.2/1.2");
    /// let depth: Rating = "depth".parse()?;
    /// assert_eq!(
    ///     depth.evaluate_marks(&marks, &Cancel::never()).unwrap_err().to_string(),
    ///     "depth needs givens, not pencil marks"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate_marks(
        &self,
        marks: &CandidateGrid,
        cancel: &Cancel,
    ) -> Result<RatingValue, Failure> {
        let Some(on_marks) = self.kind.entry().on_marks else {
            return Err(FailureKind::NeedsGivens { what: self.kind.name() }.into());
        };
        cancel.check()?;
        on_marks(self, marks, cancel)
    }
}

impl Difficulty for Rating {
    fn name(&self) -> &str {
        self.kind.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        self.evaluate(puzzle, seed).map(|v| v.number())
    }
}

impl From<RatingKind> for Rating {
    fn from(kind: RatingKind) -> Rating {
        Rating::new(kind)
    }
}

/// `name[:key=value]...`, the parameters that differ from the defaults only.
impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        if let Some(n) = self.samples {
            write!(f, ":samples={n}")?;
        }
        if let Some(b) = self.budget {
            write!(f, ":budget={b}")?;
        }
        if self.hidden_singles {
            f.write_str(":singles=hidden")?;
        }
        if self.tiebreak != SeTiebreak::None {
            write!(f, ":tiebreak={}", self.tiebreak.name())?;
        }
        Ok(())
    }
}

impl FromStr for Rating {
    type Err = ParseRatingError;

    fn from_str(s: &str) -> Result<Rating, ParseRatingError> {
        let mut parts = s.trim().split(':');
        let kind: RatingKind = parts.next().unwrap_or("").parse()?;
        let mut rating = Rating::new(kind);
        for part in parts {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let bad = |expected| ParseRatingError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                expected,
            };
            let k = match key {
                "samples" | "runs" => Some(Key::Samples),
                "budget" => Some(Key::Budget),
                "singles" => Some(Key::Singles),
                "tiebreak" => Some(Key::Tiebreak),
                _ => None,
            };
            let Some(k) = k.filter(|&k| kind.takes(k)) else {
                return Err(ParseRatingError::UnknownParameter {
                    rating: kind,
                    key: key.to_string(),
                });
            };
            match k {
                Key::Samples => {
                    let n: u32 = value.parse().map_err(|_| bad("a whole number from 1"))?;
                    if n == 0 {
                        return Err(bad("a whole number from 1"));
                    }
                    rating.samples = Some(n);
                }
                Key::Budget => {
                    rating.budget = Some(value.parse().map_err(|_| bad("a whole number"))?);
                }
                Key::Singles => match value {
                    "hidden" => rating.hidden_singles = true,
                    "naked" => rating.hidden_singles = false,
                    _ => return Err(bad("naked or hidden")),
                },
                Key::Tiebreak => {
                    rating.tiebreak = SeTiebreak::ALL
                        .into_iter()
                        .find(|t| t.name() == value)
                        .ok_or_else(|| bad("none, ep-ed or work"))?;
                }
            }
        }
        Ok(rating)
    }
}

impl RatingKind {
    /// Which parameters the rating takes.
    fn takes(self, key: Key) -> bool {
        let e = self.entry();
        match key {
            Key::Budget => true,
            Key::Samples => e.samples != Samples::None,
            Key::Singles => e.singles,
            Key::Tiebreak => e.tiebreak,
        }
    }
}
