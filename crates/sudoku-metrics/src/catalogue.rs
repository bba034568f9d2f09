//! The catalogue: every rating as one row (its name, what it needs and takes, its columns, its
//! scale and how it is computed). The CLI's `rate`, the Python package, the generator's
//! energies, the band lists, the correlate tool and checkpoints all go through it, so adding a
//! rating is one variant of [`RatingKind`] and one row of [`CATALOGUE`].

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Cancel, CandidateGrid, Failure, Grid, Work};
use sudoku_logic::{HodokuSolver, LogicalSolver, PairReduction};

use crate::{
    AverageWidth, BacktrackSteps, Depth, Difficulty, DihedralWidth, HarmonyCost, HumanEffort,
    HumanModel, NormalWidth, PairReductionLevel, ParseRatingError, Propagation, Rating,
    RatingValue, RefutationMax, RefutationSum, Relaxation, SaSteps, SeRater,
};

/// Which rating: one per row of [`CATALOGUE`], in its order.
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
    /// HoDoKu's level and score from its ruleset ([`HodokuSolver`]); the number is the score.
    Hodoku,
    /// HoDoKu's score alone (an energy or a band of scores).
    HodokuScore,
}

/// How a rating's number becomes a difficulty to optimise (the generator's `U`): the one way
/// a rating is put on another scale ([`Scaled`]).
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

/// A rating on a [`Scale`]: the difficulty `scale.apply(rating)`, under the rating's name.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, NormalWidth, Scale, Scaled};
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let ln_width = Scaled { difficulty: NormalWidth::default(), scale: Scale::Ln };
/// assert!((ln_width.rate(&inkala2012, 0)? - 3599f64.ln()).abs() < 1e-12);
/// assert_eq!(ln_width.name(), "normal-width");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scaled<D> {
    /// The rating.
    pub difficulty: D,
    /// Its scale.
    pub scale: Scale,
}

impl<D: Difficulty> Difficulty for Scaled<D> {
    fn name(&self) -> &str {
        self.difficulty.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        self.difficulty.rate(puzzle, seed).map(|x| self.scale.apply(x))
    }
}

/// Whether a rating takes `samples`, and what fills it in when a spec leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Samples {
    /// It takes none.
    None,
    /// It takes them; left out, it keeps its own default (the human model's 30 runs,
    /// relaxation's 20 samples).
    Own,
    /// Random tie-breaking samples: a front end's `samples` option fills them in (100).
    TieBreaks,
    /// Runs of a randomised solver: a front end's `runs` option fills them in (100).
    Runs,
}

/// One rating of the catalogue: its name, what it needs and takes, what it writes, its
/// natural scale, and how it is computed.
///
/// # Examples
///
/// ```
/// use sudoku_metrics::{CATALOGUE, RatingKind, Scale};
/// let people: Vec<&str> = CATALOGUE.iter().filter(|e| e.for_people).map(|e| e.name).collect();
/// assert_eq!(people, ["refutation-max", "refutation-sum", "human-effort", "se-rating", "hodoku", "hodoku-score"]);
/// assert_eq!(RatingKind::AverageWidth.entry().scale, Scale::Ln);
/// assert_eq!(RatingKind::SeRating.entry().columns, ["se_er", "se_ep", "se_ed"]);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct CatalogueEntry {
    /// The rating.
    pub kind: RatingKind,
    /// The command-line name (`average-width`), also [`Difficulty::name`] of what it builds.
    pub name: &'static str,
    /// What it measures, in one line (the help of `sudoku rate --metrics` lists it).
    pub about: &'static str,
    /// Whether it is defined for puzzles with several solutions or none (the widths count the
    /// whole search tree); every other rating needs a unique solution.
    pub any_solutions: bool,
    /// Whether it comes from the human-solver model or the logical solver, that is, says how
    /// hard a puzzle is for people rather than for backtracking.
    pub for_people: bool,
    /// How the generator turns it into an energy: `ln` for the widths, `ln(1 + x)` for the
    /// human-model ratings, the number itself otherwise.
    pub scale: Scale,
    /// What its `budget` counts (named in its `budget_exceeded` message).
    pub unit: Work,
    /// Whether it takes `samples`, and what fills them in.
    pub samples: Samples,
    /// Whether it takes `singles=hidden` (widths and depth).
    pub singles: bool,
    /// Whether it takes `tiebreak` (`se-rating`).
    pub tiebreak: bool,
    /// Its columns in `sudoku rate`'s TSV table, in order ([`RatingValue::cells`]).
    pub columns: &'static [&'static str],
    /// Computes it: the rating spec (its parameters), the puzzle, the seed, and the token
    /// that stops it ([`Rating::evaluate_cancellable`]; the logical solvers' ratings ask it
    /// as they go, the others are bounded by their budgets).
    pub evaluate: Evaluate,
    /// Computes it from pencil marks, for the ratings of the logical solvers (which reason on
    /// marks); `None` for a rating that needs givens ([`Rating::evaluate_marks`]).
    pub on_marks: Option<EvaluateMarks>,
}

/// How a row of [`CATALOGUE`] computes its rating ([`CatalogueEntry::evaluate`]).
pub type Evaluate = fn(&Rating, &Grid, u64, &Cancel) -> Result<RatingValue, Failure>;

/// How a row of [`CATALOGUE`] computes its rating from pencil marks
/// ([`CatalogueEntry::on_marks`]): the rating spec, the marks, and the token that stops it.
pub type EvaluateMarks = fn(&Rating, &CandidateGrid, &Cancel) -> Result<RatingValue, Failure>;

impl PartialEq for CatalogueEntry {
    fn eq(&self, other: &CatalogueEntry) -> bool {
        self.kind == other.kind
    }
}

/// Every rating, in the order of [`RatingKind`]: the one table that `rate`, the Python
/// package, the generator's energies, the band lists and the correlate tool read.
#[rustfmt::skip]
pub const CATALOGUE: &[CatalogueEntry] = {
    use RatingKind as K;
    use Samples::{None as No, Own, Runs, TieBreaks};
    use Scale::{Linear, Ln, LnOnePlus};
    use Work::{
        ChainPotentials, DecisionBranches, ModelSteps, SearchNodes, SolverSteps, States,
        ValuesTried,
    };
    const T: bool = true;
    const F: bool = false;
    &[
        // kind, name, about, any solutions, for people, scale, budget unit, samples, singles,
        // tiebreak, columns, evaluate, on pencil marks
        row(K::Depth, "depth", "Watanabe's depth: the fewest correct guesses at branch cells before pencil marks finish the grid", F, F, Linear, States, No, T, F, &["depth"], depth, None),
        row(K::NormalWidth, "normal-width", "Watanabe's normal width: nodes of the complete backtracking tree, ties broken in row-major order", T, F, Ln, SearchNodes, No, T, F, &["normal_width"], normal_width, None),
        row(K::AverageWidth, "average-width", "Watanabe's average width: the tree's nodes with random tie-breaking (mean and stderr over samples)", T, F, Ln, SearchNodes, TieBreaks, T, F, &["average_width", "average_width_stderr"], average_width, None),
        row(K::DihedralWidth, "dihedral-width", "the mean normal width over the eight rotations and reflections of the puzzle", F, F, Ln, SearchNodes, No, T, F, &["dihedral_width"], dihedral_width, None),
        row(K::SaSteps, "sa-steps", "median swaps a simulated annealing solver needs (over runs)", F, F, Linear, SolverSteps, Runs, F, F, &["sa_steps"], sa_steps, None),
        row(K::HarmonyCost, "harmony-cost", "median best cost of harmony search after its improvisations (over runs)", F, F, Linear, SolverSteps, Runs, F, F, &["harmony_cost"], harmony_cost, None),
        row(K::BacktrackSteps, "backtrack-steps", "median values a randomized backtracking solver tries (over runs)", F, F, Linear, ValuesTried, Runs, F, F, &["backtrack_steps"], backtrack_steps, None),
        row(K::RefutationMax, "refutation-max", "the human-solver model: its hardest refutation (mean over 30 runs)", F, T, LnOnePlus, ModelSteps, Own, F, F, &["refutation_max"], refutation_max, None),
        row(K::RefutationSum, "refutation-sum", "the human-solver model: all its refutations (mean over 30 runs)", F, T, LnOnePlus, ModelSteps, Own, F, F, &["refutation_sum"], refutation_sum, None),
        row(K::HumanEffort, "human-effort", "the human-solver model: its whole effort (mean over 30 runs)", F, T, LnOnePlus, ModelSteps, Own, F, F, &["human_effort"], human_effort, None),
        row(K::Relaxation, "relaxation", "constraint relaxation: mean log10 solution count (capped at 1,000) with 45 of the 810 constraints removed", F, F, Linear, SearchNodes, Own, F, F, &["relaxation"], relaxation, None),
        row(K::PairReductionLevel, "pair-reduction-level", "pair reduction: the levels of binary decisions needed", F, F, Linear, DecisionBranches, No, F, F, &["pair_reduction_level"], pair_reduction_level, None),
        row(K::SeRating, "se-rating", "Sudoku Explainer's ER/EP/ED from the logical solver, the whole scale (20.0 when no technique finishes)", F, T, Linear, ChainPotentials, No, F, T, &["se_er", "se_ep", "se_ed"], se_rating, Some(se_rating_marks)),
        row(K::Hodoku, "hodoku", "HoDoKu's level (easy, medium, hard, unfair, extreme) and score", F, T, Linear, SearchNodes, No, F, F, &["hodoku_level", "hodoku_score"], hodoku, Some(hodoku_marks)),
        row(K::HodokuScore, "hodoku-score", "HoDoKu's score alone", F, T, Linear, SearchNodes, No, F, F, &["hodoku_score"], hodoku_score, Some(hodoku_score_marks)),
    ]
};

/// A row of [`CATALOGUE`]; the arguments in the order of [`CatalogueEntry`]'s fields.
#[expect(
    clippy::too_many_arguments,
    clippy::fn_params_excessive_bools,
    reason = "a table row, read in the table above"
)]
const fn row(
    kind: RatingKind,
    name: &'static str,
    about: &'static str,
    any_solutions: bool,
    for_people: bool,
    scale: Scale,
    unit: Work,
    samples: Samples,
    singles: bool,
    tiebreak: bool,
    columns: &'static [&'static str],
    evaluate: Evaluate,
    on_marks: Option<EvaluateMarks>,
) -> CatalogueEntry {
    CatalogueEntry {
        kind,
        name,
        about,
        any_solutions,
        for_people,
        scale,
        unit,
        samples,
        singles,
        tiebreak,
        columns,
        evaluate,
        on_marks,
    }
}

// How each row computes its rating from a spec: the rating's own defaults, with the spec's
// samples and budget where it gives them.

fn propagation(r: &Rating) -> Propagation {
    if r.hidden_singles { Propagation::NakedAndHiddenSingles } else { Propagation::NakedSingles }
}

fn width(r: &Rating) -> NormalWidth {
    let d = NormalWidth::default();
    d.with_budget(r.budget.unwrap_or(d.budget)).with_propagation(propagation(r))
}

fn human(r: &Rating) -> HumanModel {
    let d = HumanModel::default();
    HumanModel { runs: r.samples.unwrap_or(d.runs), budget: r.budget.unwrap_or(d.budget), ..d }
}

fn depth(r: &Rating, p: &Grid, _seed: u64, _cancel: &Cancel) -> Result<RatingValue, Failure> {
    let d = Depth::default();
    let d = d.with_budget(r.budget.unwrap_or(d.budget)).with_propagation(propagation(r));
    d.evaluate(p).map(|v| RatingValue::Count(u64::from(v)))
}

fn normal_width(
    r: &Rating,
    p: &Grid,
    _seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    width(r).evaluate(p).map(|w| RatingValue::Count(w.width))
}

fn average_width(
    r: &Rating,
    p: &Grid,
    seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    let d = AverageWidth::default();
    let d = d
        .with_samples(r.samples.unwrap_or(d.samples))
        .with_budget(r.budget.unwrap_or(d.budget))
        .with_propagation(propagation(r));
    d.evaluate(p, seed).map(RatingValue::Mean)
}

fn dihedral_width(
    r: &Rating,
    p: &Grid,
    _seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    DihedralWidth { width: width(r) }.evaluate(p).map(RatingValue::Number)
}

fn sa_steps(r: &Rating, p: &Grid, seed: u64, _cancel: &Cancel) -> Result<RatingValue, Failure> {
    let d = SaSteps::default();
    let d = SaSteps {
        runs: r.samples.unwrap_or(d.runs),
        max_steps: r.budget.unwrap_or(d.max_steps),
        ..d
    };
    d.rate(p, seed).map(RatingValue::Number)
}

fn harmony_cost(r: &Rating, p: &Grid, seed: u64, _cancel: &Cancel) -> Result<RatingValue, Failure> {
    let d = HarmonyCost::default();
    let d = HarmonyCost {
        runs: r.samples.unwrap_or(d.runs),
        improvisations: r.budget.unwrap_or(d.improvisations),
        ..d
    };
    d.rate(p, seed).map(RatingValue::Number)
}

fn backtrack_steps(
    r: &Rating,
    p: &Grid,
    seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    let d = BacktrackSteps::default();
    let d = BacktrackSteps {
        runs: r.samples.unwrap_or(d.runs),
        max_steps: r.budget.unwrap_or(d.max_steps),
    };
    d.rate(p, seed).map(RatingValue::Number)
}

fn refutation_max(
    r: &Rating,
    p: &Grid,
    seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    RefutationMax(human(r)).rate(p, seed).map(RatingValue::Number)
}

fn refutation_sum(
    r: &Rating,
    p: &Grid,
    seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    RefutationSum(human(r)).rate(p, seed).map(RatingValue::Number)
}

fn human_effort(r: &Rating, p: &Grid, seed: u64, _cancel: &Cancel) -> Result<RatingValue, Failure> {
    let d = HumanEffort::default().0;
    let model =
        HumanModel { runs: r.samples.unwrap_or(d.runs), budget: r.budget.unwrap_or(d.budget), ..d };
    HumanEffort(model).rate(p, seed).map(RatingValue::Number)
}

fn relaxation(r: &Rating, p: &Grid, seed: u64, _cancel: &Cancel) -> Result<RatingValue, Failure> {
    let d = Relaxation::default();
    let d = Relaxation {
        samples: r.samples.unwrap_or(d.samples),
        budget: r.budget.unwrap_or(d.budget),
        ..d
    };
    d.rate(p, seed).map(RatingValue::Number)
}

fn pair_reduction_level(
    r: &Rating,
    p: &Grid,
    seed: u64,
    _cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    let d = PairReduction::default();
    let d = PairReductionLevel(PairReduction { budget: r.budget.unwrap_or(d.budget), ..d });
    d.rate(p, seed).map(|v| RatingValue::Count(v as u64))
}

fn se_rater(r: &Rating, cancel: &Cancel) -> SeRater {
    let solver = LogicalSolver::default().with_cancel(cancel.clone());
    let budget = r.budget.unwrap_or(solver.ruleset.chain_budget);
    SeRater(solver.with_chain_budget(budget))
}

fn se_rating(r: &Rating, p: &Grid, _seed: u64, cancel: &Cancel) -> Result<RatingValue, Failure> {
    se_rater(r, cancel).score(p, r.tiebreak).map(|(se, x)| RatingValue::Se(se, x))
}

fn se_rating_marks(r: &Rating, m: &CandidateGrid, cancel: &Cancel) -> Result<RatingValue, Failure> {
    se_rater(r, cancel).score_marks(m, r.tiebreak).map(|(se, x)| RatingValue::Se(se, x))
}

fn hodoku_solver(r: &Rating, cancel: &Cancel) -> HodokuSolver {
    let solver = HodokuSolver::default().with_cancel(cancel.clone());
    let budget = r.budget.unwrap_or(solver.budget);
    solver.with_budget(budget)
}

fn hodoku(r: &Rating, p: &Grid, _seed: u64, cancel: &Cancel) -> Result<RatingValue, Failure> {
    hodoku_solver(r, cancel).solve(p).map(|path| RatingValue::Hodoku(path.rating))
}

fn hodoku_marks(r: &Rating, m: &CandidateGrid, cancel: &Cancel) -> Result<RatingValue, Failure> {
    hodoku_solver(r, cancel).solve_marks(m).map(|path| RatingValue::Hodoku(path.rating))
}

fn hodoku_score(r: &Rating, p: &Grid, seed: u64, cancel: &Cancel) -> Result<RatingValue, Failure> {
    hodoku(r, p, seed, cancel).map(|v| RatingValue::Count(v.number() as u64))
}

fn hodoku_score_marks(
    r: &Rating,
    m: &CandidateGrid,
    cancel: &Cancel,
) -> Result<RatingValue, Failure> {
    hodoku_marks(r, m, cancel).map(|v| RatingValue::Count(v.number() as u64))
}

/// The number of ratings.
const COUNT: usize = CATALOGUE.len();

impl RatingKind {
    /// Every rating, in the catalogue's order.
    pub const ALL: [RatingKind; COUNT] = {
        let mut all = [RatingKind::Depth; COUNT];
        let mut i = 0;
        while i < COUNT {
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

    /// The rating's key in JSON records and Python dicts: its name with `_` (`se_rating`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_metrics::RatingKind::AverageWidth.key(), "average_width");
    /// ```
    #[must_use]
    pub fn key(self) -> String {
        self.name().replace('-', "_")
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

    /// Whether the rating can be computed from pencil marks (those of the logical solvers:
    /// `se-rating`, `hodoku`, `hodoku-score`); every other rating needs givens.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_metrics::RatingKind;
    /// let on_marks: Vec<&str> =
    ///     RatingKind::ALL.into_iter().filter(|k| k.takes_marks()).map(RatingKind::name).collect();
    /// assert_eq!(on_marks, ["se-rating", "hodoku", "hodoku-score"]);
    /// ```
    #[must_use]
    pub const fn takes_marks(self) -> bool {
        self.entry().on_marks.is_some()
    }

    /// Whether the rating comes from the human-solver model or the logical solver, that is,
    /// says how hard a puzzle is for people rather than for backtracking.
    #[must_use]
    pub const fn is_for_people(self) -> bool {
        self.entry().for_people
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
