//! The human-style logical solvers: named techniques applied one step at a time, easiest
//! first, as Sudoku Explainer 1.2.1 applies them (its ratings ER, EP and ED) or as HoDoKu 2.2.4
//! does (its level and score); and pair reduction.
//!
//! [`LogicalSolver`] solves like a person, one named [`Technique`] at a time (Sudoku Explainer
//! 1.2.1's techniques and order, from singles through subsets, wings, uniqueness, aligned
//! exclusion and chains up to nested dynamic forcing chains), explains every [`Step`] (with its
//! [`Chain`]s of [`Implication`]s for the chain techniques), and rates the puzzle as Sudoku
//! Explainer does ([`SeRating`]: ER, EP, ED). [`technique_table`] lists every technique in the
//! order the step search asks them, with its difficulty. [`apply`] plays a step on pencil marks,
//! and [`step_svg`] draws it.
//!
//! Every technique assumes one solution: the solver checks that first with the exact solver
//! of [`sudoku_solve`], within a node budget.
//!
//! The crate holds a second ruleset, HoDoKu 2.2.4's (more than half of its code): the
//! [`HodokuSolver`] asks the rows of HoDoKu's step table ([`STEP_TABLE`], one
//! [`HodokuTechnique`] each, with its [`Level`] and base score) in order, so that a puzzle's
//! path, score and level ([`HodokuRating`]) equal HoDoKu's; [`HodokuExample`] pins one example
//! per technique and [`LibraryCase`] runs HoDoKu's regression library. Both solvers give the
//! same [`SolvingPath`] of [`Step`]s; [`Ruleset`] names which one explains and rates.
//!
//! Beside it, [`PairReduction`] explains a solution another way: binary decisions examined
//! breadth first, with the fewest levels of nested hypotheses, in a hypothesis/disproof/proof
//! chain ([`Explanation`], [`ChainLine`]) whose every line can be replayed. Between decisions it
//! propagates singles and the logical solver's own locked candidates and naked and hidden
//! subsets, every step of a pass applied at once.
//!
//! # Example
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_logic::{LogicalSolver, PathEnd, Technique};
//!
//! let puzzle: Grid =
//!     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
//! let path = LogicalSolver::default().solve(&puzzle)?;
//! assert_eq!(path.end, PathEnd::Solved);
//! assert_eq!(path.last.grid(), &path.solution);
//! // The first step is a single; the rating is that of the hardest step.
//! assert!(matches!(path.steps[0].technique, Technique::HiddenSingle | Technique::NakedSingle));
//! assert!(path.steps.iter().all(|s| s.difficulty <= path.rating.er));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `serde`: the output records: [`Step`], [`SolvingPath`] and [`Hint`] serialize as the
//!   schema's JSON (`docs/schema.md`), and [`SeRating`] and [`PathEnd`] (as a status word);
//!   pair reduction's settings and chain ([`PairReduction`], [`Explanation`]) too.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod bug;
mod chains;
mod exclusion;
mod hint;
mod hints;
mod hodoku;
mod increments;
mod locking;
mod pair;
mod path;
#[cfg(feature = "serde")]
mod record;
mod ruleset;
mod singles;
mod step;
mod subsets;
mod svg;
mod techniques;
mod uniqueness;
mod wings;

use std::ops::ControlFlow;

use sudoku_core::{Cancel, CandidateGrid, Failure, FailureKind, Grid};
use sudoku_solve::Query;

use chains::{ChainContext, OutOfBudget};
pub use hint::Hint;
use hints::Producer;
pub(crate) use hints::{Hints, Lits};
pub use hodoku::{
    CaseOutcome, HodokuExample, HodokuRating, HodokuSolver, HodokuTechnique, Level, LibraryCase,
    ParseCaseError, ParseLevelError, Row, STEP_TABLE,
};
pub use pair::{ChainLine, Conclusion, Explanation, Marker, PairReduction, Statement};
pub use path::{PathEnd, PathRating, SeRating, SolvingPath};
pub use ruleset::{ParseRulesetError, Ruleset};
pub use step::{Chain, Implication, Literal, Reason, Step, Technique};
/// One candidate: a digit in a cell (the core vocabulary's, re-exported).
pub use sudoku_core::Candidate;
pub use svg::step_svg;
pub use techniques::technique_table;
use techniques::{STAGES, Search};

/// Where a solve may stop before the end, as Sudoku Explainer's `serate --diamond` and
/// `--pearl` do: a puzzle is a diamond when ER = ED (no step is harder than the first) and a
/// pearl when ER = EP (no step after the first placement is harder than the steps up to it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EarlyStop {
    /// The whole path.
    #[default]
    Never,
    /// At the first step harder than ED: the puzzle is not a diamond.
    NotDiamond,
    /// Once a digit is placed, at the first step harder than EP: the puzzle is not a pearl.
    NotPearl,
}

/// The logical solver: Sudoku Explainer 1.2.1's techniques, from singles to nested forcing
/// chains, asked in its order; the first step found is applied, and the search starts over.
///
/// `budget` bounds the exact search that checks the solution is unique first (the uniqueness
/// techniques rely on it); `chain_budget` bounds the potentials all chain searches of one
/// solve may propagate (nested chains grow fast: the hardest known puzzles need about a
/// billion). `cancel` stops a solve or a hint from another thread ([`LogicalSolver::with_cancel`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::{LogicalSolver, PathEnd};
///
/// // A chain budget too small for Inkala 2012 stops the path with a clear outcome.
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let path = LogicalSolver::default().with_chain_budget(1000).solve(&inkala2012)?;
/// assert_eq!(path.end, PathEnd::BudgetExceeded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LogicalSolver {
    /// Search nodes allowed for the uniqueness check.
    pub budget: u64,
    /// Potentials the chain searches of one solve may propagate.
    pub chain_budget: u64,
    /// Where [`LogicalSolver::solve`] may stop before the end ([`EarlyStop::Never`]).
    pub early_stop: EarlyStop,
    /// The token that stops the work ([`Cancel::never`]): asked between steps, between
    /// techniques and every thousand chain potentials.
    pub cancel: Cancel,
}

impl Default for LogicalSolver {
    fn default() -> LogicalSolver {
        LogicalSolver {
            budget: 50_000_000,
            chain_budget: 20_000_000_000,
            early_stop: EarlyStop::Never,
            cancel: Cancel::never(),
        }
    }
}

/// The grid each basic technique and each chaining family last found nothing on, over one
/// solve. A technique that failed on a grid can only succeed where the grid has changed
/// since, and most chain steps remove one candidate before every technique runs again: told
/// what changed, the basic techniques, aligned triplet exclusion and Nishio skip the rest.
struct Recall {
    /// The candidates (by digit, as cells) of the grid each last found nothing on.
    failed_on: [Option<Lits>; STAGES.len()],
}

impl Recall {
    fn new() -> Recall {
        Recall { failed_on: [None; STAGES.len()] }
    }

    /// By digit, the cells that changed since technique `i` last found nothing (all of them
    /// when it never did).
    fn changed(&self, i: usize, marks: &CandidateGrid) -> Lits {
        match &self.failed_on[i] {
            Some(old) => {
                let now = hints::lits_of(marks);
                std::array::from_fn(|d| old[d] ^ now[d])
            }
            None => hints::ALL_LITS,
        }
    }

    /// Remembers that technique `i` found nothing on `marks`.
    fn failed(&mut self, i: usize, marks: &CandidateGrid) {
        self.failed_on[i] = Some(hints::lits_of(marks));
    }

    /// Runs technique `i`, telling it what changed since it last found nothing.
    fn run(
        &mut self,
        i: usize,
        marks: &CandidateGrid,
        hints: &mut Hints,
        technique: Producer,
    ) -> ControlFlow<()> {
        hints.changed = self.changed(i, marks);
        let flow = technique(marks, hints);
        if hints.steps.is_empty() {
            self.failed(i, marks);
        }
        flow
    }
}

impl LogicalSolver {
    /// Sets the node budget of the uniqueness check.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::LogicalSolver;
    /// assert_eq!(LogicalSolver::default().with_budget(1000).budget, 1000);
    /// ```
    #[must_use]
    pub fn with_budget(self, budget: u64) -> LogicalSolver {
        LogicalSolver { budget, ..self }
    }

    /// Sets the potential budget of the chain searches.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::LogicalSolver;
    /// assert_eq!(LogicalSolver::default().with_chain_budget(1000).chain_budget, 1000);
    /// ```
    #[must_use]
    pub fn with_chain_budget(self, chain_budget: u64) -> LogicalSolver {
        LogicalSolver { chain_budget, ..self }
    }

    /// Stops solves early, as Sudoku Explainer's `serate --diamond` or `--pearl` does.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::{EarlyStop, LogicalSolver, PathEnd};
    /// // Sudoku Explainer: 4.5/3.4/2.6; with --pearl 20.0/3.4/2.6, with --diamond 20.0/0.0/2.6.
    /// let puzzle: Grid =
    ///     "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3.............".parse()?;
    /// let pearl = LogicalSolver::default().with_early_stop(EarlyStop::NotPearl).solve(&puzzle)?;
    /// assert_eq!((pearl.end, pearl.rating.to_string()), (PathEnd::NotWanted, "20.0/3.4/2.6".into()));
    /// let diamond = LogicalSolver::default().with_early_stop(EarlyStop::NotDiamond).solve(&puzzle)?;
    /// assert_eq!(diamond.rating.to_string(), "20.0/0.0/2.6");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_early_stop(self, early_stop: EarlyStop) -> LogicalSolver {
        LogicalSolver { early_stop, ..self }
    }

    /// Stops solves, steps and hints once `cancel` is cancelled (from another thread): they
    /// return [`FailureKind::Cancelled`] at the solver's next check, between steps and
    /// techniques and every thousand chain potentials (a few milliseconds at most). The
    /// uniqueness check before them is bounded by [`LogicalSolver::budget`] instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let inkala2012: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// let cancel = Cancel::new();
    /// let solver = LogicalSolver::default().with_cancel(cancel.clone());
    /// cancel.cancel(); // as another thread would, while the solve runs
    /// assert_eq!(solver.solve(&inkala2012), Err(Failure::CANCELLED));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cancel(self, cancel: Cancel) -> LogicalSolver {
        LogicalSolver { cancel, ..self }
    }

    /// What a chain search that stopped reports: the cancellation if the token was
    /// cancelled, else the chain budget that ran out.
    fn halted(&self) -> Failure {
        if self.cancel.is_cancelled() {
            Failure::CANCELLED
        } else {
            Failure::budget_exceeded(self.chain_budget, sudoku_core::Work::ChainPotentials)
        }
    }

    /// The first step on `marks`, asking every technique in order, chains last. With the
    /// solution known, chain searches skip what cannot succeed (a true candidate assumed
    /// true leads to no contradiction).
    ///
    /// `hints` is empty, asks for the first hint, and holds the solution if known; it is
    /// reused from one step to the next.
    fn find_step(
        &self,
        marks: &CandidateGrid,
        hints: &mut Hints,
        recall: &mut Recall,
        work: &mut ChainContext,
    ) -> Result<Option<Step>, OutOfBudget> {
        let solution = hints.solution;
        for (i, stage) in STAGES.iter().enumerate() {
            if self.cancel.is_cancelled() {
                return Err(OutOfBudget);
            }
            match stage.search {
                Search::Basic(producer) => {
                    let flow = recall.run(i, marks, hints, producer);
                    if flow.is_break() || !hints.steps.is_empty() {
                        return Ok(hints.steps.pop());
                    }
                }
                Search::Chains(family) => {
                    let changed = recall.changed(i, marks);
                    let step =
                        chains::first_step(family, marks, solution.as_ref(), &changed, work)?;
                    if step.is_some() {
                        return Ok(step);
                    }
                    recall.failed(i, marks);
                }
            }
        }
        Ok(None)
    }

    /// The unique solution of pencil marks, or why there is none to reason towards: marks that
    /// contradict themselves or exclude every solution, several solutions, or a check beyond
    /// `budget` search nodes. Every technique assumes one solution, and without one the chain
    /// searches grow without end (the empty grid would run for hours).
    pub(crate) fn solution_of(&self, marks: &CandidateGrid) -> Result<Grid, Failure> {
        if let Some(c) = marks.first_contradiction() {
            return Err(c.into());
        }
        match Query::marks(marks).with_budget(self.budget).unique() {
            Err(f) if f == Failure::NO_SOLUTION => {
                // Name the cell when the placed digits alone have one solution.
                let placed = match Query::new(marks.grid()).with_budget(self.budget).unique() {
                    Err(f) if f.is_budget_exceeded() => return Err(f),
                    placed => placed.ok(),
                };
                let excluded = placed.and_then(|s| {
                    marks.empty_cells().iter().find_map(|cell| {
                        let digit = s.get(cell)?;
                        (!marks.candidates(cell).contains(digit))
                            .then_some(Failure::new(FailureKind::ExcludedSolution { cell, digit }))
                    })
                });
                Err(excluded.unwrap_or(Failure::NO_SOLUTION))
            }
            other => other,
        }
    }

    /// The step Sudoku Explainer would take next on `marks`: the first found, asking the
    /// techniques in its order. `None` when none applies (or the grid is complete).
    ///
    /// The marks must lead to exactly one solution, checked first within `budget` search
    /// nodes, as [`LogicalSolver::solve`] checks a puzzle.
    ///
    /// # Errors
    ///
    /// [`FailureKind::Conflict`] or [`FailureKind::Contradiction`] for marks that contradict
    /// themselves, [`FailureKind::ExcludedSolution`] or [`FailureKind::NoSolution`] when no
    /// solution fits them, [`FailureKind::NotUnique`] when several do,
    /// [`FailureKind::BudgetExceeded`] when checking that needs more than `budget` search
    /// nodes, and [`FailureKind::BudgetExceeded`] when the chain searches need more than
    /// `chain_budget` potentials.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::{LogicalSolver, Technique};
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap())?;
    /// assert_eq!(step.map(|s| s.technique), Some(Technique::HiddenSingle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_step(&self, marks: &CandidateGrid) -> Result<Option<Step>, Failure> {
        self.cancel.check()?;
        let solution = self.solution_of(marks)?;
        let mut work = ChainContext::new(self.chain_budget, self.cancel.clone());
        let mut hints = Hints::first().knowing(Some(&solution));
        self.find_step(marks, &mut hints, &mut Recall::new(), &mut work)
            .map_err(|OutOfBudget| self.halted())
    }

    /// Every step the techniques find on `marks`, easiest technique first (a hint list): all
    /// steps of the basic techniques (up to aligned pair exclusion); when there are none, all
    /// steps of the first chaining family that finds any.
    ///
    /// # Errors
    ///
    /// As [`LogicalSolver::next_step`]: the marks must lead to exactly one solution, and the
    /// chain searches stay within `chain_budget` potentials.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let steps = LogicalSolver::default().all_steps(&CandidateGrid::new(&puzzle).unwrap())?;
    /// assert!(steps.len() > 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_steps(&self, marks: &CandidateGrid) -> Result<Vec<Step>, Failure> {
        self.cancel.check()?;
        self.solution_of(marks)?;
        // Every step of the basic techniques before the first chains; else every step of
        // the first stage after them that finds any.
        let mut hints = Hints::all();
        let first_chains = STAGES.iter().position(|s| matches!(s.search, Search::Chains(_)));
        let (basic, rest) = STAGES.split_at(first_chains.unwrap_or(STAGES.len()));
        for stage in basic {
            if let Search::Basic(producer) = stage.search {
                let _ = producer(marks, &mut hints);
            }
        }
        if !hints.steps.is_empty() {
            return Ok(hints.steps);
        }
        let mut work = ChainContext::new(self.chain_budget, self.cancel.clone());
        let exceeded = |OutOfBudget| self.halted();
        for stage in rest {
            self.cancel.check()?;
            let steps = match stage.search {
                Search::Chains(family) => {
                    chains::all_steps(family, marks, &mut work).map_err(exceeded)?
                }
                Search::Basic(producer) => {
                    let _ = producer(marks, &mut hints);
                    std::mem::take(&mut hints.steps)
                }
            };
            if !steps.is_empty() {
                return Ok(steps);
            }
        }
        Ok(Vec::new())
    }

    /// Solves `puzzle` step by step and rates it.
    ///
    /// # Errors
    ///
    /// [`Failure`] if the givens clash, the puzzle has no or several solutions, or checking
    /// that exceeds the budget; [`FailureKind::Cancelled`] once the solver's token is
    /// cancelled ([`LogicalSolver::with_cancel`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let path = LogicalSolver::default().solve(&puzzle)?;
    /// assert_eq!(path.last.grid(), &path.solution);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, puzzle: &Grid) -> Result<SolvingPath, Failure> {
        self.cancel.check()?;
        let marks = CandidateGrid::new(puzzle).map_err(Failure::from)?;
        let solution = Query::new(puzzle).with_budget(self.budget).unique()?;
        self.walk(*puzzle, solution, marks)
    }

    /// Solves pencil marks step by step and rates them: the path from the given marks (the
    /// same steps as [`LogicalSolver::solve`] takes from a puzzle whose own marks they are),
    /// its [`SolvingPath::marks`] the marks it started from.
    ///
    /// # Errors
    ///
    /// As [`LogicalSolver::next_step`]: [`FailureKind::Conflict`] or
    /// [`FailureKind::Contradiction`] for marks that contradict themselves,
    /// [`FailureKind::ExcludedSolution`] or [`FailureKind::NoSolution`] when no solution fits
    /// them, [`FailureKind::NotUnique`] when several do, [`FailureKind::BudgetExceeded`] when
    /// checking that needs more than `budget` search nodes; [`FailureKind::Cancelled`] once
    /// the solver's token is cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let mut marks = CandidateGrid::new(&puzzle).unwrap();
    /// let solver = LogicalSolver::default();
    /// // The puzzle's own marks: the puzzle's path.
    /// let from_marks = solver.solve_marks(&marks)?;
    /// let from_puzzle = solver.solve(&puzzle)?;
    /// assert_eq!((&from_marks.steps, from_marks.rating), (&from_puzzle.steps, from_puzzle.rating));
    /// // Marks a player narrowed: a path from there.
    /// let b1 = Cell::from_row_col(0, 1);
    /// marks.restrict(b1, DigitSet::single(from_puzzle.solution.get(b1).unwrap()));
    /// assert!(solver.solve_marks(&marks)?.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_marks(&self, marks: &CandidateGrid) -> Result<SolvingPath, Failure> {
        self.cancel.check()?;
        let solution = self.solution_of(marks)?;
        let mut path = self.walk(*marks.grid(), solution, *marks)?;
        path.marks = Some(*marks);
        Ok(path)
    }

    /// Continues from pencil marks whose unique solution is known.
    fn walk(
        &self,
        puzzle: Grid,
        solution: Grid,
        mut marks: CandidateGrid,
    ) -> Result<SolvingPath, Failure> {
        // Most steps place a digit: one slot per empty cell avoids regrowing.
        let mut steps = Vec::with_capacity(marks.empty_cells().len() + 8);
        let (mut er, mut ep, mut ed) = (0u16, 0u16, 0u16);
        let mut end = PathEnd::Solved;
        let mut work = ChainContext::new(self.chain_budget, self.cancel.clone());
        let mut recall = Recall::new();
        let mut hints = Hints::first().knowing(Some(&solution));
        while !marks.is_complete() {
            let step = match self.find_step(&marks, &mut hints, &mut recall, &mut work) {
                Ok(Some(step)) => step,
                Ok(None) => {
                    // As Sudoku Explainer: a puzzle its techniques cannot finish rates 20.0.
                    end = PathEnd::Stuck;
                    er = 200;
                    break;
                }
                Err(OutOfBudget) => {
                    self.cancel.check()?;
                    end = PathEnd::BudgetExceeded;
                    break;
                }
            };
            let limit = match self.early_stop {
                EarlyStop::NotDiamond if ed > 0 => ed,
                EarlyStop::NotPearl if ep > 0 => ep,
                _ => u16::MAX,
            };
            if step.tenths() > limit {
                end = PathEnd::NotWanted;
                er = 200;
                break;
            }
            er = er.max(step.tenths());
            if ep == 0 {
                if ed == 0 {
                    ed = er;
                }
                if !step.placements.is_empty() {
                    ep = er;
                }
            }
            apply(&mut marks, &step);
            steps.push(step);
        }
        let tenths = |t: u16| f64::from(t) / 10.0;
        Ok(SolvingPath {
            puzzle,
            marks: None,
            solution,
            steps,
            rating: SeRating { er: tenths(er), ep: tenths(ep), ed: tenths(ed) },
            end,
            last: marks,
            potentials: work.meter.used(),
            chain_budget: self.chain_budget,
        })
    }
}

/// Applies a step to pencil marks: its placements, then its eliminations.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Grid};
/// use sudoku_logic::{LogicalSolver, apply};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let mut marks = CandidateGrid::new(&puzzle).unwrap();
/// let step = LogicalSolver::default().next_step(&marks)?.unwrap();
/// apply(&mut marks, &step);
/// assert_eq!(marks.grid().clue_count(), puzzle.clue_count() + 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn apply(marks: &mut CandidateGrid, step: &Step) {
    for p in &step.placements {
        marks.place(p.cell(), p.digit());
    }
    for e in &step.eliminations {
        marks.eliminate(e.cell(), e.digit());
    }
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};

    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().expect("cell name")
    }

    fn digits(s: &str) -> DigitSet {
        s.chars().map(|c| sudoku_core::Digit::from_char(c).expect("digit")).collect()
    }

    fn empty() -> CandidateGrid {
        CandidateGrid::new(&Grid::EMPTY).expect("valid")
    }

    fn found(f: Producer, g: &CandidateGrid) -> Vec<Step> {
        let mut h = Hints::all();
        let _ = f(g, &mut h);
        h.steps
    }

    #[test]
    fn naked_pair_needs_the_same_two_digits() {
        let mut g = empty();
        g.restrict(cell("A1"), digits("12"));
        g.restrict(cell("B1"), digits("12"));
        let steps = found(|g, h| subsets::naked_sets(g, 2, h), &g);
        assert_eq!(steps[0].technique, Technique::NakedPair);
        assert!(steps[0].eliminations.iter().all(|e| e.digit().get() <= 2));
        let mut g = empty();
        g.restrict(cell("A1"), digits("12"));
        g.restrict(cell("B1"), digits("13"));
        assert!(found(|g, h| subsets::naked_sets(g, 2, h), &g).is_empty());
    }

    #[test]
    fn x_wing_needs_two_lines_in_two_columns() {
        let one = sudoku_core::Digit::new(1).expect("digit");
        let mut g = empty();
        for r in ["1", "5"] {
            for c in ["B", "C", "D", "F", "G", "H", "I"] {
                g.eliminate(cell(&format!("{c}{r}")), one);
            }
        }
        let steps = found(|g, h| subsets::fish(g, 2, h), &g);
        let xw: Vec<&Step> = steps.iter().filter(|s| s.pattern_cells().len() == 4).collect();
        assert!(!xw.is_empty());
        // Rows 1 and 5 hold 1 only in A and E: 1 leaves columns A and E elsewhere.
        assert!(xw.iter().any(|s| s.eliminations.len() == 14));
        // With a third column open in row 5 there is no X-wing on those rows.
        let mut g2 = empty();
        for c in ["B", "C", "D", "F", "G", "H", "I"] {
            g2.eliminate(cell(&format!("{c}1")), one);
        }
        for c in ["B", "C", "D", "F", "G", "H"] {
            g2.eliminate(cell(&format!("{c}5")), one);
        }
        let rows_1_5 = |s: &&Step| {
            s.pattern_cells().contains(cell("A1")) && s.pattern_cells().contains(cell("I5"))
        };
        assert!(!found(|g, h| subsets::fish(g, 2, h), &g2).iter().any(|s| rows_1_5(&s)));
    }

    #[test]
    fn xy_wing_eliminates_from_cells_seeing_both_pincers() {
        let mut g = empty();
        g.restrict(cell("A1"), digits("12")); // pivot
        g.restrict(cell("A5"), digits("13")); // pincer, same column
        g.restrict(cell("E1"), digits("23")); // pincer, same row
        let steps = found(|g, h| wings::wings(g, false, h), &g);
        let s = steps.iter().find(|s| s.pattern_cells().contains(cell("A1"))).expect("xy-wing");
        assert!(s.eliminations.iter().all(|e| e.digit().get() == 3));
        assert!(s.eliminations.iter().any(|e| e.cell() == cell("E5")));
        // Pincers sharing their digit with the pivot's other digit: no wing.
        let mut g = empty();
        g.restrict(cell("A1"), digits("12"));
        g.restrict(cell("A5"), digits("13"));
        g.restrict(cell("E1"), digits("13"));
        assert!(found(|g, h| wings::wings(g, false, h), &g).is_empty());
    }

    #[test]
    fn pointing_needs_the_digit_locked_in_one_line() {
        let five = sudoku_core::Digit::new(5).expect("digit");
        let mut g = empty();
        for c in ["A2", "B2", "C2", "A3", "B3", "C3"] {
            g.eliminate(cell(c), five);
        }
        let steps = found(locking::locking, &g);
        assert!(steps.iter().any(|s| s.technique == Technique::Pointing
            && s.eliminations.iter().all(|e| e.digit() == five && e.cell().row() == 0)));
        let g = empty();
        assert!(found(locking::locking, &g).is_empty());
    }

    #[test]
    fn hidden_pair_needs_two_digits_in_the_same_two_cells() {
        let (one, two) = (sudoku_core::Digit::new(1).unwrap(), sudoku_core::Digit::new(2).unwrap());
        let mut g = empty();
        for c in ["C1", "D1", "E1", "F1", "G1", "H1", "I1"] {
            g.eliminate(cell(c), one);
            g.eliminate(cell(c), two);
        }
        let steps = found(|g, h| subsets::hidden_sets(g, 2, false, h), &g);
        let pair = steps.iter().find(|s| s.units == [sudoku_core::Unit::Row(0)]).expect("pair");
        assert_eq!(pair.technique, Technique::HiddenPair);
        assert_eq!(pair.eliminations.len(), 14, "A1 and B1 lose 3..9");
        // A third place for 2 (C1): no hidden pair in row 1.
        let mut g = empty();
        for c in ["D1", "E1", "F1", "G1", "H1", "I1"] {
            g.eliminate(cell(c), one);
            g.eliminate(cell(c), two);
        }
        g.eliminate(cell("C1"), one);
        let steps = found(|g, h| subsets::hidden_sets(g, 2, false, h), &g);
        assert!(!steps.iter().any(|s| s.units == [sudoku_core::Unit::Row(0)]));
    }

    #[test]
    fn steps_are_the_same_with_and_without_recalled_failures() {
        // A solve tells each technique what changed since it last found nothing; asked one
        // step at a time from scratch, every technique scans the whole grid.
        let solver = LogicalSolver::default();
        for p in [
            "9...53.6...58......6..4...71....942.....6.......2.1..5.2....9..439..56....8...5..",
            "6..7...4....159..2..1..4..5..7..86.381......4.....7.2.14.......7.3.8...6...5.....",
            "409000008230080000070400100000003690000578000025900000002004050000030081100000206",
        ] {
            let puzzle: Grid = p.parse().expect("valid");
            let path = solver.solve(&puzzle).expect("unique");
            assert!(path.is_solved() && path.rating.er >= 7.2, "{p}: {}", path.rating);
            let mut marks = CandidateGrid::new(&puzzle).expect("valid");
            for step in &path.steps {
                assert_eq!(solver.next_step(&marks).expect("in budget").as_ref(), Some(step));
                apply(&mut marks, step);
            }
        }
    }

    #[test]
    fn a_chain_budget_stops_the_path_with_a_lower_bound() {
        let inkala: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .expect("valid");
        let tight = LogicalSolver::default().with_chain_budget(10_000);
        let path = tight.solve(&inkala).expect("unique");
        assert_eq!(path.end, PathEnd::BudgetExceeded);
        assert!(path.steps.is_empty(), "Inkala 2012 needs nested chains from the first step");
        assert_eq!(
            tight.next_step(&path.last),
            Err(Failure::budget_exceeded(10_000, sudoku_core::Work::ChainPotentials))
        );
    }
}
