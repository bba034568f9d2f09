//! A model of a human solver (after Pelanek): elementary steps (singles) in random order, and,
//! when none applies, the easiest refutation.

use rand::{Rng, RngExt};
use rayon::prelude::*;
use sudoku_core::{CandidateGrid, Cell, Digit, Failure, Grid, Meter, Unit, Work};
use sudoku_solve::Query;

use crate::Difficulty;

/// How a refutation step is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Scoring {
    /// The thesis: the score of a (cell, wrong digit) pair; the easiest pair's cell is filled.
    PerValue,
    /// Pelanek: a cell's score is the sum over its wrong digits (a cell with an unrefuted
    /// digit cannot be chosen).
    PerCell,
}

/// Which applicable single the model fills next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Pick {
    /// Uniformly at random among all that apply (Pelanek; the refutation ratings).
    Uniform,
    /// At random in proportion to how easy each is to see (weight 1 for a hidden single in a
    /// box, `line_weight` in a row or column, `naked_weight` for a naked single): `human-effort`,
    /// where it predicts the dev times better (0.689 against 0.672).
    ByEase,
}

/// The human-solver model and its settings. One evaluation runs the model `runs` times and
/// gives the means of three ratings, each also a [`Difficulty`] of its own:
///
/// - [`RefutationMax`] (`refutation-max`): the hardest step of a run (a serate-style rating);
/// - [`RefutationSum`] (`refutation-sum`): the sum of refutation scores of a run (the thesis);
/// - [`HumanEffort`] (`human-effort`): the search effort of every step. A single costs
///   `e / (b + line_weight * l + naked_weight * n)` when `e` cells are empty and `b` hidden
///   singles in boxes, `l` in rows or columns and `n` naked singles are there to be found: the
///   more places to look and the fewer singles to find, the longer the search; hidden singles
///   in boxes are the easiest to see. A refutation step costs its score times `e`.
///
/// The model: while a naked or hidden single applies, one of them is filled (see [`Pick`]). When none applies, the **refutation score** of each (cell, wrong
/// digit) pair is the number of random elementary steps after placing that digit until a
/// contradiction (a cell without candidates, or a digit without a place in a unit), counting
/// the placement as one; steps beyond `cap` count as "not refuted". The easiest cell (see
/// [`Scoring`]) is filled with its solution digit, and its score is the step's difficulty. If
/// nothing is refuted within the cap, the cell with the fewest candidates is filled at
/// difficulty `cap`.
///
/// Choices the sources leave open, picked by measurement (`docs/ratings.md`): per cell
/// scoring (as good as per value on the Cloud Sudoku dev set, far better on harder rated
/// puzzles), cap 30 (10 is worse on hard puzzles, 100 no better), weights 0.5 (lines) and 0.1
/// (naked, chosen on the dev set).
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::HumanModel;
///
/// let easy: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let r = HumanModel::default().evaluate(&easy, 1)?;
/// assert_eq!(r.refutation_sum, 0.0); // singles solve it
/// assert!(r.effort > 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HumanModel {
    /// Runs averaged (the thesis uses 30).
    pub runs: u32,
    /// How refutations are scored.
    pub scoring: Scoring,
    /// Which single is filled next.
    pub pick: Pick,
    /// The most elementary steps a refutation may take.
    pub cap: u32,
    /// Ease of a hidden single in a row or column, relative to one in a box.
    pub line_weight: f64,
    /// Ease of a naked single, relative to a hidden single in a box.
    pub naked_weight: f64,
    /// The most elementary steps (refutations included) one run may simulate.
    pub budget: u64,
}

impl Default for HumanModel {
    fn default() -> HumanModel {
        HumanModel {
            runs: 30,
            scoring: Scoring::PerCell,
            pick: Pick::Uniform,
            cap: 30,
            line_weight: 0.5,
            naked_weight: 0.1,
            budget: 50_000_000,
        }
    }
}

/// The means over runs of the model's three ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct HumanRating {
    /// Mean hardest step.
    pub refutation_max: f64,
    /// Mean sum of refutation scores.
    pub refutation_sum: f64,
    /// Mean total search effort (singles and refutations, see [`HumanModel`]).
    pub effort: f64,
    /// Mean number of refutation steps.
    pub refutations: f64,
}

impl HumanModel {
    /// Sets the number of runs.
    #[must_use]
    pub fn with_runs(self, runs: u32) -> HumanModel {
        HumanModel { runs, ..self }
    }

    /// Sets which single is filled next.
    #[must_use]
    pub fn with_pick(self, pick: Pick) -> HumanModel {
        HumanModel { pick, ..self }
    }

    /// Sets the scoring.
    #[must_use]
    pub fn with_scoring(self, scoring: Scoring) -> HumanModel {
        HumanModel { scoring, ..self }
    }

    /// Runs the model and averages its ratings.
    ///
    /// # Errors
    ///
    /// [`FailureKind::NotUnique`](sudoku_core::FailureKind::NotUnique) or [`FailureKind::NoSolution`](sudoku_core::FailureKind::NoSolution) unless the puzzle has exactly
    /// one solution (refutation needs to know which digits are wrong);
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) when a run needs more steps than the budget (or finding
    /// the solution more search nodes).
    pub fn evaluate(&self, puzzle: &Grid, seed: u64) -> Result<HumanRating, Failure> {
        let solution = Query::new(puzzle).with_budget(self.budget).unique()?.to_bytes();
        // Run `i` draws from the `i`-th child stream of `seed`, whichever thread runs it.
        let runs: Vec<HumanRating> = (0..u64::from(self.runs.max(1)))
            .into_par_iter()
            .map(|i| {
                let mut run = Run {
                    model: self,
                    board: CandidateGrid::from(puzzle),
                    solution,
                    rng: tempering::stream(seed, i),
                    steps: Meter::new(self.budget, Work::ModelSteps),
                };
                run.go()
            })
            .collect::<Result<_, _>>()?;
        let n = runs.len() as f64;
        let mean = |f: fn(&HumanRating) -> f64| runs.iter().map(f).sum::<f64>() / n;
        Ok(HumanRating {
            refutation_max: mean(|r| r.refutation_max),
            refutation_sum: mean(|r| r.refutation_sum),
            effort: mean(|r| r.effort),
            refutations: mean(|r| r.refutations),
        })
    }
}

/// The singles that apply, by kind.
struct Singles {
    /// (cell, digit index) of each instance: box hidden singles first, then line, then naked.
    found: Vec<(u8, u8)>,
    boxes: usize,
    lines: usize,
}

fn cell(i: usize) -> Cell {
    Cell::new(i).expect("index below 81")
}

/// Places digit index `d` in cell `i`.
fn place(board: &mut CandidateGrid, i: usize, d: u8) {
    board.place(cell(i), Digit::from_index(usize::from(d)));
}

/// Lists the applicable singles into `out`; false on a contradiction.
fn singles(board: &CandidateGrid, out: &mut Singles) -> bool {
    out.found.clear();
    // Boxes first, then columns and rows (`Unit::ALL` backwards).
    for (u, &unit) in Unit::ALL.iter().enumerate().rev() {
        if u + 1 == Unit::Box(0).index() {
            out.boxes = out.found.len();
        }
        let places = board.digit_places(unit);
        // Placing a digit takes it from the unit's candidates, so each of the unit's empty
        // cells must bring a digit of its own: fewer digits with a place is a contradiction.
        if places.somewhere.len() != board.empty_cells().intersection(unit.cell_set()).len() {
            return false;
        }
        for d in places.once {
            let c = board.unit_positions(unit, d).first().expect("one place");
            out.found.push((c.index() as u8, d.index() as u8));
        }
    }
    out.lines = out.found.len() - out.boxes;
    if board.empty_cells().iter().any(|c| board.candidates(c).is_empty()) {
        return false;
    }
    out.found.extend(board.naked_singles().map(|(c, d)| (c.index() as u8, d.index() as u8)));
    true
}

struct Run<'a, R> {
    model: &'a HumanModel,
    board: CandidateGrid,
    solution: [u8; 81],
    rng: R,
    steps: Meter,
}

impl<R: Rng> Run<'_, R> {
    fn tick(&mut self) -> Result<(), Failure> {
        self.steps.charge(1)
    }

    fn go(&mut self) -> Result<HumanRating, Failure> {
        let mut r =
            HumanRating { refutation_max: 0.0, refutation_sum: 0.0, effort: 0.0, refutations: 0.0 };
        let mut s = Singles { found: Vec::with_capacity(64), boxes: 0, lines: 0 };
        let mut empty = self.board.empty_cells().len() as f64;
        while !self.board.is_complete() {
            self.tick()?;
            let consistent = singles(&self.board, &mut s);
            debug_assert!(consistent, "the true solution's steps never contradict");
            if !s.found.is_empty() {
                let naked = s.found.len() - s.boxes - s.lines;
                let ease = s.boxes as f64
                    + self.model.line_weight * s.lines as f64
                    + self.model.naked_weight * naked as f64;
                r.effort += empty / ease;
                empty -= 1.0;
                let k = match self.model.pick {
                    Pick::Uniform => self.rng.random_range(0..s.found.len()),
                    Pick::ByEase => self.pick_by_ease(&s, ease),
                };
                let (i, d) = s.found[k];
                place(&mut self.board, i as usize, d);
                continue;
            }
            let (cell, score) = self.easiest_refutation()?;
            place(&mut self.board, cell, self.solution[cell] - 1);
            let score = f64::from(score);
            r.refutations += 1.0;
            r.refutation_sum += score;
            r.effort += score * empty;
            empty -= 1.0;
            r.refutation_max = r.refutation_max.max(score);
        }
        Ok(r)
    }

    /// The index of a single in `s.found`, drawn in proportion to its weight (`ease` is the
    /// total).
    fn pick_by_ease(&mut self, s: &Singles, ease: f64) -> usize {
        let mut x = self.rng.random::<f64>() * ease;
        for j in 0..s.found.len() {
            let w = if j < s.boxes {
                1.0
            } else if j < s.boxes + s.lines {
                self.model.line_weight
            } else {
                self.model.naked_weight
            };
            if x < w {
                return j;
            }
            x -= w;
        }
        s.found.len() - 1
    }

    /// The cell to fill next and its score.
    fn easiest_refutation(&mut self) -> Result<(usize, u32), Failure> {
        let cap = self.model.cap;
        let mut best: Option<(usize, u32)> = None;
        for i in 0..81 {
            if self.board.value(cell(i)).is_some() {
                continue;
            }
            let mut wrong = self.board.candidates(cell(i)).bits() & !(1 << (self.solution[i] - 1));
            let mut cell_score = 0u32;
            while wrong != 0 {
                let d = wrong.trailing_zeros() as u8;
                wrong &= wrong - 1;
                // Only scores below the best so far matter: refute within that bound.
                let bound = match (self.model.scoring, best) {
                    (_, None) => cap,
                    (Scoring::PerValue, Some((_, b))) => b.saturating_sub(1).min(cap),
                    (Scoring::PerCell, Some((_, b))) => b.saturating_sub(1 + cell_score).min(cap),
                };
                match self.refute(i, d, bound)? {
                    Some(score) => match self.model.scoring {
                        Scoring::PerValue => best = Some((i, score)),
                        Scoring::PerCell => cell_score += score,
                    },
                    None if self.model.scoring == Scoring::PerCell => {
                        cell_score = u32::MAX;
                        break;
                    }
                    None => {}
                }
            }
            if self.model.scoring == Scoring::PerCell
                && cell_score != u32::MAX
                && best.is_none_or(|(_, b)| cell_score < b)
            {
                best = Some((i, cell_score));
            }
        }
        Ok(best.unwrap_or_else(|| {
            let fewest = self
                .board
                .empty_cells()
                .iter()
                .min_by_key(|&c| self.board.candidates(c).len())
                .expect("an unsolved board has an empty cell");
            (fewest.index(), cap)
        }))
    }

    /// Steps (placement included) from placing digit `d` in cell `i` to a contradiction, if
    /// within `bound`.
    fn refute(&mut self, i: usize, d: u8, bound: u32) -> Result<Option<u32>, Failure> {
        let mut b = self.board;
        place(&mut b, i, d);
        let mut s = Singles { found: Vec::with_capacity(64), boxes: 0, lines: 0 };
        let mut steps = 1;
        loop {
            self.tick()?;
            if !singles(&b, &mut s) {
                return Ok(Some(steps));
            }
            if s.found.is_empty() || steps >= bound {
                return Ok(None);
            }
            let (c, e) = s.found[self.rng.random_range(0..s.found.len())];
            place(&mut b, c as usize, e);
            steps += 1;
        }
    }
}

macro_rules! human_rating {
    ($(#[$doc:meta])* $name:ident, $field:ident, $pick:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name(pub HumanModel);

        impl Default for $name {
            fn default() -> $name {
                $name(HumanModel::default().with_pick($pick))
            }
        }

        impl Difficulty for $name {
            fn name(&self) -> &str {
                crate::RatingKind::$name.name()
            }
            fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
                self.0.evaluate(puzzle, seed).map(|r| r.$field)
            }
        }
    };
}

human_rating!(
    /// `refutation-max`: the mean hardest step of the [`HumanModel`] (serate style).
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::{Difficulty, HumanModel, RefutationMax};
    /// let inkala2012: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// assert!(RefutationMax(HumanModel::default().with_runs(3)).rate(&inkala2012, 0)? > 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    RefutationMax, refutation_max, Pick::Uniform
);
human_rating!(
    /// `refutation-sum`: the mean sum of refutation scores of the [`HumanModel`] (the thesis).
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::{Difficulty, HumanModel, RefutationSum};
    /// let inkala2012: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// assert!(RefutationSum(HumanModel::default().with_runs(3)).rate(&inkala2012, 0)? > 10.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    RefutationSum, refutation_sum, Pick::Uniform
);
human_rating!(
    /// `human-effort`: search effort for singles plus refutation scores, from the
    /// [`HumanModel`]: the rating that best predicts human solving times here.
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_metrics::{Difficulty, HumanEffort};
    /// let easy: Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
    /// let hard: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// assert!(HumanEffort::default().rate(&hard, 0)? > HumanEffort::default().rate(&easy, 0)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    HumanEffort, effort, Pick::ByEase
);
