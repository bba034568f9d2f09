//! Sudoku Explainer 1.2.1's ruleset: its techniques, from singles to nested forcing chains,
//! asked in its order, and its ratings ER, EP and ED.
//!
//! [`Explainer`] is the ruleset, [`Solver`] the solver that runs it
//! ([`crate::LogicalSolver`]), [`Technique`] its techniques and [`Rating`] its rating.
//! [`Finder`] hands out its basic techniques' searches, to assemble rulesets of your own.

use std::fmt;
use std::ops::ControlFlow;

use sudoku_core::{Board, Cancel, CandidateGrid, Failure, Grid, Work};

use crate::chains::{self, ChainContext, OutOfBudget};
use crate::hints::{self, Hints, Lits, Producer};
use crate::techniques::{STAGES, Search, Stage};
use crate::{Halt, PathEnd, Ruleset, Step, Verdict};

pub use crate::path::SeRating as Rating;
pub use crate::step::Technique;

/// The solver of Sudoku Explainer's ruleset ([`crate::LogicalSolver`]).
pub type Solver = crate::Solver<Explainer>;

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

/// Sudoku Explainer 1.2.1's ruleset: its techniques, from singles to nested forcing chains,
/// asked in its order ([`crate::technique_table`]), each step rated by its difficulty and
/// the path by ER/EP/ED.
///
/// `chain_budget` bounds the potentials all chain searches of one solve may propagate
/// (nested chains grow fast: the hardest known puzzles need about a billion); `early_stop`
/// says where a solve may stop before the end.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explainer {
    /// Potentials the chain searches of one solve may propagate.
    pub chain_budget: u64,
    /// Where a solve may stop before the end ([`EarlyStop::Never`]).
    pub early_stop: EarlyStop,
}

impl Default for Explainer {
    fn default() -> Explainer {
        Explainer { chain_budget: 20_000_000_000, early_stop: EarlyStop::Never }
    }
}

impl Explainer {
    /// Sets the potential budget of the chain searches.
    #[must_use]
    pub fn with_chain_budget(self, chain_budget: u64) -> Explainer {
        Explainer { chain_budget, ..self }
    }

    /// What a chain search that ran out reports.
    fn exceeded(&self) -> Halt {
        exceeded(self.chain_budget)
    }
}

impl crate::Solver<Explainer> {
    /// Sets the potential budget of the chain searches.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::LogicalSolver;
    /// assert_eq!(LogicalSolver::default().with_chain_budget(1000).ruleset.chain_budget, 1000);
    /// ```
    #[must_use]
    pub fn with_chain_budget(self, chain_budget: u64) -> Solver {
        Solver { ruleset: self.ruleset.with_chain_budget(chain_budget), ..self }
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
    pub fn with_early_stop(self, early_stop: EarlyStop) -> Solver {
        Solver { ruleset: Explainer { early_stop, ..self.ruleset }, ..self }
    }
}

/// What a chain search that ran out of `chain_budget` potentials reports.
fn exceeded(chain_budget: u64) -> Halt {
    Halt::OutOfBudget(Failure::budget_exceeded(chain_budget, Work::ChainPotentials))
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

/// One solve under Sudoku Explainer's ruleset: what the techniques last found nothing on,
/// the chain searches' budget and memo, and ER/EP/ED in tenths so far.
pub struct ExplainerWalk {
    early_stop: EarlyStop,
    chain_budget: u64,
    cancel: Cancel,
    work: ChainContext,
    recall: Recall,
    hints: Hints,
    er: u16,
    ep: u16,
    ed: u16,
}

impl fmt::Debug for ExplainerWalk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExplainerWalk")
            .field("er", &self.er)
            .field("ep", &self.ep)
            .field("ed", &self.ed)
            .finish_non_exhaustive()
    }
}

impl Ruleset for Explainer {
    type Rating = Rating;
    type Walk<'a> = ExplainerWalk;

    fn name(&self) -> &str {
        "explainer"
    }

    fn walk(&self, _: &Board, solution: &Grid, cancel: &Cancel) -> ExplainerWalk {
        ExplainerWalk {
            early_stop: self.early_stop,
            chain_budget: self.chain_budget,
            cancel: cancel.clone(),
            work: ChainContext::new(self.chain_budget, cancel.clone()),
            recall: Recall::new(),
            hints: Hints::first().knowing(Some(solution)),
            er: 0,
            ep: 0,
            ed: 0,
        }
    }

    /// Every step of the basic techniques before the first chains; else every step of the
    /// first stage after them that finds any.
    fn all_steps(
        &self,
        marks: &CandidateGrid,
        _: &Grid,
        cancel: &Cancel,
    ) -> Result<Vec<Step>, Halt> {
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
        let mut work = ChainContext::new(self.chain_budget, cancel.clone());
        for stage in rest {
            cancel.check()?;
            let steps = match stage.search {
                Search::Chains(family) => {
                    chains::all_steps(family, marks, &mut work).map_err(|_| self.exceeded())?
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
}

impl crate::Walk for ExplainerWalk {
    type Rating = Rating;

    /// The first step on `marks`, asking every technique in order, chains last. With the
    /// solution known, chain searches skip what cannot succeed (a true candidate assumed
    /// true leads to no contradiction).
    fn next(&mut self, marks: &CandidateGrid) -> Result<Option<Step>, Halt> {
        let solution = self.hints.solution;
        for (i, stage) in STAGES.iter().enumerate() {
            if self.cancel.is_cancelled() {
                return Err(exceeded(self.chain_budget));
            }
            match stage.search {
                Search::Basic(producer) => {
                    let flow = self.recall.run(i, marks, &mut self.hints, producer);
                    if flow.is_break() || !self.hints.steps.is_empty() {
                        return Ok(self.hints.steps.pop());
                    }
                }
                Search::Chains(family) => {
                    let changed = self.recall.changed(i, marks);
                    let step = chains::first_step(
                        family,
                        marks,
                        solution.as_ref(),
                        &changed,
                        &mut self.work,
                    )
                    .map_err(|OutOfBudget| exceeded(self.chain_budget))?;
                    if step.is_some() {
                        return Ok(step);
                    }
                    self.recall.failed(i, marks);
                }
            }
        }
        Ok(None)
    }

    fn take(&mut self, step: &Step) -> Verdict {
        let (er, ep, ed) = (&mut self.er, &mut self.ep, &mut self.ed);
        let limit = match self.early_stop {
            EarlyStop::NotDiamond if *ed > 0 => *ed,
            EarlyStop::NotPearl if *ep > 0 => *ep,
            _ => u16::MAX,
        };
        if step.tenths() > limit {
            *er = 200;
            return Verdict::Refuse(PathEnd::NotWanted);
        }
        *er = (*er).max(step.tenths());
        if *ep == 0 {
            if *ed == 0 {
                *ed = *er;
            }
            if !step.placements.is_empty() {
                *ep = *er;
            }
        }
        Verdict::Go
    }

    fn finish(self, end: PathEnd, _: &CandidateGrid) -> Rating {
        // As Sudoku Explainer: a puzzle its techniques cannot finish rates 20.0.
        let er = if end == PathEnd::Stuck { 200 } else { self.er };
        let tenths = |t: u16| f64::from(t) / 10.0;
        Rating { er: tenths(er), ep: tenths(self.ep), ed: tenths(self.ed) }
    }

    fn work(&self) -> (u64, u64) {
        (self.work.meter.used(), self.chain_budget)
    }
}

/// The search of one of Sudoku Explainer's basic techniques (singles to aligned pair and
/// triplet exclusion: every technique but the chains), to assemble a ruleset of your own
/// ([`Ruleset`]): the search finds its technique and those found with it (the last cell of a
/// unit with the hidden single; pointing with claiming), with Sudoku Explainer's
/// difficulties, in its order.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Grid};
/// use sudoku_logic::explainer::{Finder, Technique};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let marks = CandidateGrid::new(&puzzle).unwrap();
/// let singles = Finder::of(Technique::HiddenSingle).unwrap();
/// assert_eq!(singles.first(&marks).map(|s| s.technique), Some(Technique::HiddenSingle));
/// assert!(singles.steps(&marks).len() > 1);
/// assert!(Finder::of(Technique::ForcingChain).is_none()); // chains are no basic finder
/// assert_eq!(Finder::all().count(), 21);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Finder {
    stage: &'static Stage,
    producer: Producer,
}

impl fmt::Debug for Finder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Finder").field(&self.techniques().collect::<Vec<_>>()).finish()
    }
}

impl Finder {
    /// Every basic technique's search, in Sudoku Explainer's order.
    pub fn all() -> impl Iterator<Item = Finder> {
        STAGES.iter().filter_map(|stage| match stage.search {
            Search::Basic(producer) => Some(Finder { stage, producer }),
            Search::Chains(_) => None,
        })
    }

    /// The search that finds `technique` (with any type or size), if it is a basic one.
    #[must_use]
    pub fn of(technique: Technique) -> Option<Finder> {
        Finder::all().find(|f| f.techniques().any(|t| same_kind(t, technique)))
    }

    /// The techniques this search finds (their first type, for those with several).
    pub fn techniques(&self) -> impl Iterator<Item = Technique> + use<> {
        self.stage.rows.iter().map(|r| r.technique)
    }

    /// The first step the search finds on `marks`.
    #[must_use]
    pub fn first(&self, marks: &CandidateGrid) -> Option<Step> {
        let mut hints = Hints::first();
        let _ = (self.producer)(marks, &mut hints);
        hints.steps.pop()
    }

    /// Every step the search finds on `marks`, in its order.
    #[must_use]
    pub fn steps(&self, marks: &CandidateGrid) -> Vec<Step> {
        let mut hints = Hints::all();
        let _ = (self.producer)(marks, &mut hints);
        hints.steps
    }
}

/// Whether two techniques are the same but for their type or size (unique rectangles of
/// types 1 and 2).
fn same_kind(a: Technique, b: Technique) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}
