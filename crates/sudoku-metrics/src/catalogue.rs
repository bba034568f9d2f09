//! The catalogue: every rating, its command-line name, its parameters, and the [`Difficulty`]
//! it builds. The CLI's `rate`, the generator's energies, the correlate tool and checkpoints all
//! go through [`Rating`], so adding a rating is one edit here.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Failure, Grid};
use sudoku_logic::{LogicalSolver, SeRating};
use sudoku_solve::PairReduction;

use crate::{
    AverageWidth, BacktrackSteps, Depth, Difficulty, DihedralWidth, HarmonyCost, HumanEffort,
    HumanModel, Mean, NormalWidth, PairReductionLevel, Propagation, RefutationMax, RefutationSum,
    Relaxation, SaSteps, SeRater, SeTiebreak,
};

/// Which rating: one per entry of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum RatingKind {
    /// [`Depth`]: Watanabe's depth.
    Depth,
    /// [`NormalWidth`]: Watanabe's normal width.
    NormalWidth,
    /// [`AverageWidth`]: the width averaged over random tie-breaks.
    AverageWidth,
    /// [`DihedralWidth`]: the mean normal width over the 8 rotations and reflections.
    DihedralWidth,
    /// [`SaSteps`]: median swaps of simulated annealing.
    SaSteps,
    /// [`HarmonyCost`]: median best cost of harmony search.
    HarmonyCost,
    /// [`BacktrackSteps`]: median values tried by a randomised backtracker.
    BacktrackSteps,
    /// [`RefutationMax`]: the human-solver model's hardest step.
    RefutationMax,
    /// [`RefutationSum`]: the human-solver model's summed refutation scores.
    RefutationSum,
    /// [`HumanEffort`]: the human-solver model's effort.
    HumanEffort,
    /// [`Relaxation`]: solution counts with constraints removed.
    Relaxation,
    /// [`PairReductionLevel`]: the pair-reduction level.
    PairReductionLevel,
    /// [`SeRater`]: Sudoku Explainer's ER (with EP and ED) from the logical solver.
    SeRating,
}

/// How a rating's number becomes a difficulty to optimise (the generator's `U`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Scale {
    /// The number itself (ER, depth).
    Linear,
    /// Its logarithm: widths grow exponentially.
    Ln,
    /// `ln(1 + x)`: the human-model ratings are 0 for puzzles that singles solve.
    LnOnePlus,
}

impl Scale {
    /// `x` on this scale.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_metrics::Scale;
    /// assert_eq!(Scale::LnOnePlus.apply(0.0), 0.0);
    /// assert_eq!(Scale::Ln.apply(1.0), 0.0);
    /// ```
    #[must_use]
    pub fn apply(self, x: f64) -> f64 {
        match self {
            Scale::Linear => x,
            Scale::Ln => x.ln(),
            Scale::LnOnePlus => x.ln_1p(),
        }
    }
}

/// One rating of the catalogue: its name, what it needs and takes, and its natural scale.
///
/// # Examples
///
/// ```
/// use sudoku_metrics::{CATALOGUE, RatingKind, Scale};
/// let people: Vec<&str> = CATALOGUE.iter().filter(|e| e.for_people).map(|e| e.name).collect();
/// assert_eq!(people, ["refutation-max", "refutation-sum", "human-effort", "se-rating"]);
/// assert_eq!(RatingKind::AverageWidth.entry().scale, Scale::Ln);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CatalogueEntry {
    /// The rating.
    pub kind: RatingKind,
    /// The command-line name (`average-width`), also [`Difficulty::name`] of what it builds.
    pub name: &'static str,
    /// Whether it is defined for puzzles with several solutions or none (the widths count the
    /// whole search tree); every other rating needs a unique solution.
    pub any_solutions: bool,
    /// Whether it comes from the human-solver model or the logical solver, that is, says how
    /// hard a puzzle is for people rather than for backtracking.
    pub for_people: bool,
    /// How the generator turns it into an energy: `ln` for the widths, `ln(1 + x)` for the
    /// human-model ratings, the number itself otherwise.
    pub scale: Scale,
    /// Whether it takes `samples` (tie-break samples, solver or model runs, relaxation samples).
    pub samples: bool,
    /// Whether it takes `singles=hidden` (widths and depth).
    pub singles: bool,
    /// Whether it takes `tiebreak` (`se-rating`).
    pub tiebreak: bool,
}

/// A row of [`CATALOGUE`]; the flags in the order of [`CatalogueEntry`]'s fields.
#[expect(
    clippy::too_many_arguments,
    clippy::fn_params_excessive_bools,
    reason = "a table row, read in the table below"
)]
const fn entry(
    kind: RatingKind,
    name: &'static str,
    any_solutions: bool,
    for_people: bool,
    scale: Scale,
    samples: bool,
    singles: bool,
    tiebreak: bool,
) -> CatalogueEntry {
    CatalogueEntry { kind, name, any_solutions, for_people, scale, samples, singles, tiebreak }
}

/// Every rating, in the catalogue's order (the order of [`RatingKind`]): the one table that
/// `rate`, the generator's energies and the correlate tool read.
pub const CATALOGUE: [CatalogueEntry; 13] = {
    use RatingKind as K;
    use Scale::{Linear, Ln, LnOnePlus};
    const T: bool = true;
    const F: bool = false;
    [
        // kind, name, any solutions, for people, scale, samples, singles, tiebreak
        entry(K::Depth, "depth", F, F, Linear, F, T, F),
        entry(K::NormalWidth, "normal-width", T, F, Ln, F, T, F),
        entry(K::AverageWidth, "average-width", T, F, Ln, T, T, F),
        entry(K::DihedralWidth, "dihedral-width", F, F, Ln, F, T, F),
        entry(K::SaSteps, "sa-steps", F, F, Linear, T, F, F),
        entry(K::HarmonyCost, "harmony-cost", F, F, Linear, T, F, F),
        entry(K::BacktrackSteps, "backtrack-steps", F, F, Linear, T, F, F),
        entry(K::RefutationMax, "refutation-max", F, T, LnOnePlus, T, F, F),
        entry(K::RefutationSum, "refutation-sum", F, T, LnOnePlus, T, F, F),
        entry(K::HumanEffort, "human-effort", F, T, LnOnePlus, T, F, F),
        entry(K::Relaxation, "relaxation", F, F, Linear, T, F, F),
        entry(K::PairReductionLevel, "pair-reduction-level", F, F, Linear, F, F, F),
        entry(K::SeRating, "se-rating", F, T, Linear, F, F, T),
    ]
};

impl RatingKind {
    /// Every rating, in the catalogue's order.
    pub const ALL: [RatingKind; 13] = {
        let mut all = [RatingKind::Depth; 13];
        let mut i = 0;
        while i < 13 {
            // `entry` indexes the table by discriminant: the rows follow the enum's order.
            assert!(CATALOGUE[i].kind as usize == i);
            all[i] = CATALOGUE[i].kind;
            i += 1;
        }
        all
    };

    /// This rating's row of [`CATALOGUE`].
    #[must_use]
    pub const fn entry(self) -> &'static CatalogueEntry {
        &CATALOGUE[self as usize]
    }

    /// The command-line name (`average-width`), also [`Difficulty::name`] of what it builds.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_metrics::RatingKind;
    /// assert_eq!(RatingKind::SeRating.name(), "se-rating");
    /// assert_eq!("se-rating".parse::<RatingKind>()?, RatingKind::SeRating);
    /// # Ok::<(), sudoku_metrics::ParseRatingError>(())
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.entry().name
    }

    /// Every rating's name, comma-separated (for help and error messages).
    #[must_use]
    pub fn names() -> String {
        RatingKind::ALL.map(RatingKind::name).join(", ")
    }

    /// Whether the rating is defined for puzzles with several solutions or none (the widths
    /// count the whole search tree); every other rating needs a unique solution.
    #[must_use]
    pub const fn any_solutions(self) -> bool {
        self.entry().any_solutions
    }

    /// Whether the rating comes from the human-solver model or the logical solver, that is,
    /// says how hard a puzzle is for people rather than for backtracking.
    #[must_use]
    pub const fn is_for_people(self) -> bool {
        self.entry().for_people
    }

    /// Which parameters the rating takes.
    fn takes(self, key: Key) -> bool {
        let e = self.entry();
        match key {
            Key::Budget => true,
            Key::Samples => e.samples,
            Key::Singles => e.singles,
            Key::Tiebreak => e.tiebreak,
        }
    }
}

impl fmt::Display for RatingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RatingKind {
    type Err = ParseRatingError;

    fn from_str(s: &str) -> Result<RatingKind, ParseRatingError> {
        RatingKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ParseRatingError::UnknownRating { name: s.to_string() })
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
}

impl RatingValue {
    /// The number a [`Difficulty`] gives.
    #[must_use]
    pub fn number(&self) -> f64 {
        match *self {
            RatingValue::Count(n) => n as f64,
            RatingValue::Number(x) | RatingValue::Se(_, x) => x,
            RatingValue::Mean(m) => m.mean,
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
    /// `average-width`.
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
        use RatingKind as K;
        let propagation = if self.hidden_singles {
            Propagation::NakedAndHiddenSingles
        } else {
            Propagation::NakedSingles
        };
        let samples = |default: u32| self.samples.unwrap_or(default);
        let budget = |default: u64| self.budget.unwrap_or(default);
        let human = || {
            let d = HumanModel::default();
            HumanModel { runs: samples(d.runs), budget: budget(d.budget), ..d }
        };
        let number = |r: Result<f64, Failure>| r.map(RatingValue::Number);
        match self.kind {
            K::Depth => {
                let d = Depth::default();
                let d = d.with_budget(budget(d.budget)).with_propagation(propagation);
                d.evaluate(puzzle).map(|v| RatingValue::Count(u64::from(v)))
            }
            K::NormalWidth => {
                self.width(propagation).evaluate(puzzle).map(|w| RatingValue::Count(w.width))
            }
            K::AverageWidth => {
                let d = AverageWidth::default();
                let d = d
                    .with_samples(samples(d.samples))
                    .with_budget(budget(d.budget))
                    .with_propagation(propagation);
                d.evaluate(puzzle, seed).map(RatingValue::Mean)
            }
            K::DihedralWidth => {
                number(DihedralWidth { width: self.width(propagation) }.evaluate(puzzle))
            }
            K::SaSteps => {
                let d = SaSteps::default();
                number(
                    SaSteps { runs: samples(d.runs), max_steps: budget(d.max_steps), ..d }
                        .rate(puzzle, seed),
                )
            }
            K::HarmonyCost => {
                let d = HarmonyCost::default();
                let d = HarmonyCost {
                    runs: samples(d.runs),
                    improvisations: budget(d.improvisations),
                    ..d
                };
                number(d.rate(puzzle, seed))
            }
            K::BacktrackSteps => {
                let d = BacktrackSteps::default();
                let d = BacktrackSteps { runs: samples(d.runs), max_steps: budget(d.max_steps) };
                number(d.rate(puzzle, seed))
            }
            K::RefutationMax => number(RefutationMax(human()).rate(puzzle, seed)),
            K::RefutationSum => number(RefutationSum(human()).rate(puzzle, seed)),
            K::HumanEffort => {
                let d = HumanEffort::default().0;
                let model = HumanModel { runs: samples(d.runs), budget: budget(d.budget), ..d };
                number(HumanEffort(model).rate(puzzle, seed))
            }
            K::Relaxation => {
                let d = Relaxation::default();
                let d = Relaxation { samples: samples(d.samples), budget: budget(d.budget), ..d };
                number(d.rate(puzzle, seed))
            }
            K::PairReductionLevel => {
                let d = PairReduction::default();
                let d = PairReductionLevel(PairReduction { budget: budget(d.budget), ..d });
                d.rate(puzzle, seed).map(|v| RatingValue::Count(v as u64))
            }
            K::SeRating => {
                let solver = LogicalSolver::default();
                let rater = SeRater(solver.with_chain_budget(budget(solver.chain_budget)));
                rater.score(puzzle, self.tiebreak).map(|(se, x)| RatingValue::Se(se, x))
            }
        }
    }

    fn width(&self, propagation: Propagation) -> NormalWidth {
        let d = NormalWidth::default();
        d.with_budget(self.budget.unwrap_or(d.budget)).with_propagation(propagation)
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
