//! HoDoKu's ruleset: the techniques, search orders, scores and levels of HoDoKu 2.2.4 with its
//! default options, so that a puzzle's solving path, score and level equal HoDoKu's.
//!
//! HoDoKu (Bernhard Hobiger's solver, GPL) was read to learn its definitions and choices; the
//! code here is our own. The solver asks the enabled rows of the step table ([`STEP_TABLE`])
//! in order and applies the first step found, whole, then starts again from the top; the score
//! is the sum of the rows' base scores over the path, and the level the hardest row's level,
//! raised while the score exceeds it.

mod als;
mod als_chain;
mod chain_text;
mod chains;
mod coloring;
mod examples;
mod finders;
mod fish;
mod forcing;
mod forcing_checks;
mod geometry;
mod grid;
mod library;
mod nice_loops;
mod nodes;
mod patterns;
mod simple;
mod sue_de_coq;
mod table;
mod tabling;
mod tabling_als;
mod tabling_chains;
mod tabling_nets;
#[cfg(test)]
mod tabling_tests;
mod templates;
mod text;
mod timsort;
mod uniqueness;
mod wings;

use sudoku_core::{Cancel, Candidate, CandidateGrid, Cell, Digit, Failure, Grid, Unit};

use crate::{Hint, PathEnd, SolvingPath, Step, Technique};
pub use examples::HodokuExample;
pub use library::{CaseOutcome, LibraryCase, ParseCaseError};
pub use table::{HodokuTechnique, Level, ParseLevelError, Row, STEP_TABLE};

/// A step as a HoDoKu finder reports it: the technique found, HoDoKu's `values` and `indices`,
/// what it places and eliminates (in the order HoDoKu applies them: that order feeds the
/// singles queues), the candidates and units to draw, and the line HoDoKu prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) technique: HodokuTechnique,
    pub(crate) values: Vec<u8>,
    pub(crate) cells: Vec<u8>,
    pub(crate) placements: Vec<(u8, u8)>,
    pub(crate) eliminations: Vec<(u8, u8)>,
    pub(crate) pattern: Vec<(u8, u8)>,
    pub(crate) units: Vec<u8>,
    /// The chain's length in links, where HoDoKu's library format gives one.
    pub(crate) chain_length: Option<u32>,
    /// A siamese fish (two fish sharing their base), coded with an extra `1`.
    pub(crate) siamese: bool,
    pub(crate) text: String,
}

impl Default for Found {
    /// Nothing found yet: the fields a finder fills in start empty.
    fn default() -> Found {
        Found {
            technique: HodokuTechnique::GiveUp,
            values: Vec::new(),
            cells: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            chain_length: None,
            siamese: false,
            text: String::new(),
        }
    }
}

/// HoDoKu's options that change what its finders find. [`Options::default`] is HoDoKu's
/// default; the regression library runs some cases with others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) allow_duals_and_siamese: bool,
    pub(crate) allow_ers_with_two_candidates: bool,
    pub(crate) allow_uniqueness_missing_candidates: bool,
    pub(crate) only_one_chain_per_step: bool,
    pub(crate) allow_als_in_tabling: bool,
    pub(crate) allow_als_overlap: bool,
    pub(crate) only_one_als_per_step: bool,
    pub(crate) only_one_fish_per_step: bool,
    pub(crate) max_fins: u8,
    pub(crate) max_endo_fins: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            allow_duals_and_siamese: false,
            allow_ers_with_two_candidates: false,
            allow_uniqueness_missing_candidates: true,
            only_one_chain_per_step: true,
            allow_als_in_tabling: false,
            allow_als_overlap: false,
            only_one_als_per_step: true,
            only_one_fish_per_step: true,
            max_fins: 5,
            max_endo_fins: 2,
        }
    }
}

/// What a search knows besides the grid: the options, the solution if known, and the ALS
/// searches' cache.
#[derive(Debug)]
pub(crate) struct Ctx<'a> {
    pub(crate) options: Options,
    pub(crate) solution: Option<&'a Grid>,
    pub(crate) als: als::AlsCache,
}

/// HoDoKu's rating of a puzzle: its level and its score.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::{HodokuSolver, Level};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let path = HodokuSolver::default().solve(&puzzle)?;
/// assert!(path.rating.level >= Level::Easy && path.rating.score > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HodokuRating {
    /// HoDoKu's level.
    pub level: Level,
    /// HoDoKu's score: the sum of the base scores of the path's steps.
    pub score: u32,
}

impl std::fmt::Display for HodokuRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.level, self.score)
    }
}

/// The logical solver with HoDoKu's techniques: its default ruleset (every row of
/// [`STEP_TABLE`] HoDoKu enables by default), or a selection of rows.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::HodokuSolver;
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let path = HodokuSolver::default().solve(&puzzle)?;
/// assert!(path.is_solved());
/// println!("{} {}", path.rating, path.steps[0]); // e.g. "Hard (330) Hidden Single: r1c6=4"
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HodokuSolver {
    /// The techniques asked, in search order.
    pub rows: Vec<Row>,
    /// Search nodes allowed for the uniqueness check.
    pub budget: u64,
    /// The token that stops the work ([`Cancel::never`]): asked between steps and between
    /// the techniques of a step.
    pub cancel: Cancel,
}

impl Default for HodokuSolver {
    /// HoDoKu's default ruleset.
    fn default() -> HodokuSolver {
        HodokuSolver {
            rows: STEP_TABLE.iter().filter(|r| r.enabled).copied().collect(),
            budget: crate::LogicalSolver::default().budget,
            cancel: Cancel::never(),
        }
    }
}

impl HodokuSolver {
    /// Sets the node budget of the uniqueness check.
    #[must_use]
    pub fn with_budget(self, budget: u64) -> HodokuSolver {
        HodokuSolver { budget, ..self }
    }

    /// Stops solves and hints once `cancel` is cancelled (from another thread): they return
    /// [`FailureKind::Cancelled`](sudoku_core::FailureKind::Cancelled) at the solver's next
    /// check, between steps and between the techniques of a step.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure, Grid};
    /// use sudoku_logic::HodokuSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let cancel = Cancel::new();
    /// let solver = HodokuSolver::default().with_cancel(cancel.clone());
    /// assert!(solver.solve(&puzzle).is_ok());
    /// cancel.cancel();
    /// assert_eq!(solver.solve(&puzzle), Err(Failure::CANCELLED));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cancel(self, cancel: Cancel) -> HodokuSolver {
        HodokuSolver { cancel, ..self }
    }

    /// The first step HoDoKu's search finds on `g`; `Err` once the token is cancelled.
    fn find(&self, g: &mut grid::Grid, ctx: &Ctx<'_>) -> Result<Option<(Found, &Row)>, Failure> {
        for row in &self.rows {
            self.cancel.check()?;
            if let Some(f) = finders::first(row.technique, g, ctx) {
                return Ok(Some((f, row)));
            }
        }
        Ok(None)
    }

    /// As [`HodokuSolver::find`], the step applied to `g` and recorded: a single without
    /// building its [`Found`] (singles are most of a path). `None` when nothing is found;
    /// else the row and whether it gave up.
    fn take(
        &self,
        g: &mut grid::Grid,
        ctx: &Ctx<'_>,
        steps: &mut Vec<Step>,
    ) -> Result<Option<(&Row, bool)>, Failure> {
        for row in &self.rows {
            self.cancel.check()?;
            let t = row.technique;
            if matches!(
                t,
                HodokuTechnique::FullHouse
                    | HodokuTechnique::NakedSingle
                    | HodokuTechnique::HiddenSingle
            ) {
                if let Some((c, d)) = simple::next_single(t, g) {
                    g.set_cell(c, d);
                    steps.push(single_step(t, (c, d), row));
                    return Ok(Some((row, false)));
                }
                continue;
            }
            if let Some(found) = finders::first(t, g, ctx) {
                apply(g, &found);
                let give_up = found.technique == HodokuTechnique::GiveUp;
                steps.push(step(found, row));
                return Ok(Some((row, give_up)));
            }
        }
        Ok(None)
    }

    /// Solves `puzzle` step by step as HoDoKu does, and rates it.
    ///
    /// # Errors
    ///
    /// [`Failure`] if the givens clash, the puzzle has no or several solutions (HoDoKu rates
    /// such grids anyway; this solver checks first), or checking exceeds the budget;
    /// [`FailureKind::Cancelled`](sudoku_core::FailureKind::Cancelled) once the solver's token
    /// is cancelled ([`HodokuSolver::with_cancel`]).
    pub fn solve(&self, puzzle: &Grid) -> Result<SolvingPath<HodokuRating>, Failure> {
        self.cancel.check()?;
        CandidateGrid::new(puzzle).map_err(Failure::from)?;
        let solution = sudoku_solve::Query::new(puzzle).with_budget(self.budget).unique()?;
        self.solve_from(*puzzle, solution, grid::Grid::from_puzzle(puzzle))
    }

    /// Solves pencil marks step by step as HoDoKu does, and rates them: the path from the
    /// given marks, its [`SolvingPath::marks`] the marks it started from. Their placed digits
    /// count as givens (the uniqueness techniques never take them for the solver's own), so a
    /// puzzle's own marks take the puzzle's path.
    ///
    /// # Errors
    ///
    /// As [`crate::LogicalSolver::solve_marks`]: the marks must lead to exactly one solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::HodokuSolver;
    /// let puzzle: Grid =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let solver = HodokuSolver::default();
    /// let from_marks = solver.solve_marks(&CandidateGrid::new(&puzzle).unwrap())?;
    /// let from_puzzle = solver.solve(&puzzle)?;
    /// assert_eq!((&from_marks.steps, from_marks.rating), (&from_puzzle.steps, from_puzzle.rating));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_marks(&self, marks: &CandidateGrid) -> Result<SolvingPath<HodokuRating>, Failure> {
        self.cancel.check()?;
        let solution =
            crate::LogicalSolver::default().with_budget(self.budget).solution_of(marks)?;
        let placed = marks.grid();
        let givens = Cell::all().filter(|&c| placed.get(c).is_some()).collect();
        let mut path = self.solve_from(*placed, solution, grid::Grid::from_marks(marks, givens))?;
        path.marks = Some(*marks);
        Ok(path)
    }

    fn solve_from(
        &self,
        puzzle: Grid,
        solution: Grid,
        mut g: grid::Grid,
    ) -> Result<SolvingPath<HodokuRating>, Failure> {
        let ctx =
            Ctx { options: Options::default(), solution: Some(&solution), als: Default::default() };
        let mut steps = Vec::with_capacity(usize::from(g.unsolved_count()) + 16);
        let (mut score, mut level) = (0u32, Level::Easy);
        let mut end = PathEnd::Solved;
        while !g.is_solved() {
            let Some((row, give_up)) = self.take(&mut g, &ctx, &mut steps)? else {
                end = PathEnd::Stuck;
                break;
            };
            score += row.score;
            level = level.max(row.level);
            if give_up {
                end = PathEnd::Stuck;
                break;
            }
        }
        Ok(SolvingPath {
            puzzle,
            marks: None,
            solution,
            steps,
            rating: HodokuRating { level: level.raised_by(score), score },
            end,
            last: g.marks(),
            potentials: 0,
            chain_budget: 0,
        })
    }

    /// The step HoDoKu would take next on `marks` (the placed digits loaded in reading order,
    /// as givens, then the missing candidates removed). `None` when the grid is complete.
    ///
    /// # Errors
    ///
    /// As [`crate::LogicalSolver::next_step`]: the marks must lead to exactly one solution.
    pub fn next_step(&self, marks: &CandidateGrid) -> Result<Option<Step>, Failure> {
        self.cancel.check()?;
        let solution =
            crate::LogicalSolver::default().with_budget(self.budget).solution_of(marks)?;
        // Marks cannot tell a given from a digit placed while solving: take every placed
        // digit as a given, so that no avoidable rectangle (sound only on placed digits) is
        // built on a given.
        let mut g = grid::Grid::from_marks(marks, marks.grid().filled_cells());
        if g.is_solved() {
            return Ok(None);
        }
        let ctx =
            Ctx { options: Options::default(), solution: Some(&solution), als: Default::default() };
        Ok(self.find(&mut g, &ctx)?.map(|(f, row)| step(f, row)))
    }

    /// The next step on a grid given as text (81 cells or 729 pencil marks), as a record.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Status;
    /// use sudoku_logic::HodokuSolver;
    /// let hint = HodokuSolver::default()
    ///     .hint("8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2");
    /// assert_eq!(hint.status(), Status::Ok);
    /// assert_eq!(hint.step().map(ToString::to_string).as_deref(), Some("Naked Single: r5c9=1"));
    /// ```
    #[must_use]
    pub fn hint(&self, text: &str) -> Hint {
        match text.parse::<CandidateGrid>() {
            Ok(marks) => self.hint_on(marks),
            Err(e) => Hint::unreadable(sudoku_core::Problem::invalid(e)),
        }
    }

    /// The next step on pencil marks, as [`HodokuSolver::hint`] gives it for text.
    #[must_use]
    pub fn hint_on(&self, marks: CandidateGrid) -> Hint {
        let outcome = self.next_step(&marks).map_err(sudoku_core::Problem::from);
        Hint { marks: Some(marks), outcome }
    }
}

/// Plays a step on HoDoKu's grid, whole: its placements, then its eliminations in order.
fn apply(g: &mut grid::Grid, found: &Found) {
    for &(c, d) in &found.placements {
        g.set_cell(c, d);
    }
    for &(c, d) in &found.eliminations {
        g.del_candidate(c, d);
    }
}

/// A candidate of the workspace's vocabulary.
fn candidate((c, d): (u8, u8)) -> Candidate {
    Candidate::new(Cell::new(usize::from(c)).expect("a cell"), Digit::new(d).expect("a digit"))
}

/// A unit of the workspace's vocabulary (rows 0-8, columns 9-17, boxes 18-26).
fn unit(u: u8) -> Unit {
    Unit::ALL[usize::from(u)]
}

/// The step record of a single, as [`step`] makes it from the single's [`Found`].
fn single_step(technique: HodokuTechnique, (c, d): (u8, u8), row: &Row) -> Step {
    let mut s = Step::new(Technique::Hodoku(technique));
    s.difficulty = f64::from(row.score);
    s.pattern = vec![candidate((c, d))];
    s.placements = vec![candidate((c, d))];
    s.text = Some(simple::single_text(technique, (c, d)).into_boxed_str());
    s
}

/// The step record of a found step, scored by its row.
fn step(found: Found, row: &Row) -> Step {
    let mut s = Step::new(Technique::Hodoku(found.technique));
    s.difficulty = f64::from(row.score);
    s.pattern = found.pattern.into_iter().map(candidate).collect();
    s.units = found.units.into_iter().map(unit).collect();
    s.placements = found.placements.into_iter().map(candidate).collect();
    s.eliminations = found.eliminations.into_iter().map(candidate).collect();
    s.text = Some(found.text.into_boxed_str());
    s
}
