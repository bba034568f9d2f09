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

use sudoku_core::{Board, Cancel, Candidate, CandidateGrid, Cell, Digit, Grid, Unit};

use crate::{PathEnd, Step};
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

/// What a search knows besides the grid: the options, the solution if known, and the caches
/// of one solve (the ALS lists, the grouped chain tables, the templates; each answers again
/// while the grid it was built on is unchanged).
#[derive(Debug)]
pub(crate) struct Ctx<'a> {
    pub(crate) options: Options,
    pub(crate) solution: Option<&'a Grid>,
    pub(crate) als: als::AlsCache,
    pub(crate) chains: tabling_chains::LastChains,
    pub(crate) templates: templates::Templates,
}

impl<'a> Ctx<'a> {
    /// A context with empty caches.
    pub(crate) fn new(options: Options, solution: Option<&'a Grid>) -> Ctx<'a> {
        Ctx {
            options,
            solution,
            als: als::AlsCache::default(),
            chains: tabling_chains::LastChains::default(),
            templates: templates::Templates::default(),
        }
    }
}

/// HoDoKu's rating of a puzzle: its level and its score.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::HodokuSolver;
/// use sudoku_logic::hodoku::Level;
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

/// The solver of HoDoKu's ruleset ([`crate::HodokuSolver`]).
pub type Solver = crate::Solver<Hodoku>;

/// HoDoKu's level and score of a path ([`HodokuRating`]).
pub use HodokuRating as Rating;
/// HoDoKu's techniques, as HoDoKu names them ([`HodokuTechnique`]).
pub use HodokuTechnique as Technique;

/// HoDoKu's ruleset: its default techniques (every row of [`STEP_TABLE`] HoDoKu enables by
/// default), or a selection of rows, asked in order; the first step found is applied whole.
/// The path's score is the sum of its rows' scores, its level the hardest row's, raised
/// while the score exceeds it.
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
pub struct Hodoku {
    /// The techniques asked, in search order.
    pub rows: Vec<Row>,
}

impl Default for Hodoku {
    /// HoDoKu's default ruleset.
    fn default() -> Hodoku {
        Hodoku { rows: STEP_TABLE.iter().filter(|r| r.enabled).copied().collect() }
    }
}

/// One solve under HoDoKu's ruleset: the grid (core's marks with HoDoKu's singles queues),
/// the context with the solve's caches, the row of the step just found, and the score and
/// level so far.
#[derive(Debug)]
pub struct HodokuWalk<'a> {
    rows: &'a [Row],
    g: grid::Grid,
    /// The options, the solution and the ALS searches' cache, kept over the solve.
    ctx: Ctx<'a>,
    cancel: Cancel,
    /// The row of the step [`crate::Walk::next`] last gave, and whether it gave up.
    found: Option<(&'a Row, bool)>,
    score: u32,
    level: Level,
}

impl crate::Ruleset for Hodoku {
    type Rating = HodokuRating;
    type Walk<'a> = HodokuWalk<'a>;

    fn name(&self) -> &str {
        "hodoku"
    }

    /// A puzzle's givens are loaded as HoDoKu loads a puzzle; pencil marks with their placed
    /// digits in reading order, as givens (marks cannot tell a given from a digit placed
    /// while solving: taken as givens, no avoidable rectangle, sound only on placed digits,
    /// is built on one), then the missing candidates removed.
    fn walk<'a>(&'a self, board: &Board, solution: &'a Grid, cancel: &Cancel) -> HodokuWalk<'a> {
        let g = match board {
            Board::Givens(puzzle) => grid::Grid::from_puzzle(puzzle),
            Board::Marks(marks) => grid::Grid::from_marks(marks, marks.grid().filled_cells()),
        };
        HodokuWalk {
            rows: &self.rows,
            g,
            ctx: Ctx::new(Options::default(), Some(solution)),
            cancel: cancel.clone(),
            found: None,
            score: 0,
            level: Level::Easy,
        }
    }
}

impl crate::Walk for HodokuWalk<'_> {
    type Rating = HodokuRating;

    /// The first step HoDoKu's search finds: a single without building its `Found`
    /// (singles are most of a path).
    fn next(&mut self, _: &CandidateGrid) -> Result<Option<Step>, crate::Halt> {
        for row in self.rows {
            self.cancel.check()?;
            let t = row.technique;
            if matches!(
                t,
                HodokuTechnique::FullHouse
                    | HodokuTechnique::NakedSingle
                    | HodokuTechnique::HiddenSingle
            ) {
                if let Some(single) = simple::next_single(t, &mut self.g) {
                    self.found = Some((row, false));
                    return Ok(Some(single_step(t, single, row)));
                }
                continue;
            }
            if let Some(found) = finders::first(t, &mut self.g, &self.ctx) {
                self.found = Some((row, found.technique == HodokuTechnique::GiveUp));
                return Ok(Some(step(found, row)));
            }
        }
        Ok(None)
    }

    /// Plays the step on HoDoKu's grid, whole (its placements, then its eliminations in
    /// order), and adds its row's score and level.
    fn take(&mut self, step: &Step) -> crate::Verdict {
        for p in &step.placements {
            self.g.set_cell(p.cell().index() as u8, p.digit().get());
        }
        for e in &step.eliminations {
            self.g.del_candidate(e.cell().index() as u8, e.digit().get());
        }
        let Some((row, give_up)) = self.found.take() else {
            return crate::Verdict::Go;
        };
        self.score += row.score;
        self.level = self.level.max(row.level);
        if give_up { crate::Verdict::Last(PathEnd::Stuck) } else { crate::Verdict::Go }
    }

    fn finish(self, _: PathEnd, last: &CandidateGrid) -> HodokuRating {
        debug_assert_eq!(self.g.marks(), last, "HoDoKu's grid and the path's marks agree");
        HodokuRating { level: self.level.raised_by(self.score), score: self.score }
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
    let mut s = Step::new(crate::Technique::Hodoku(technique));
    s.difficulty = f64::from(row.score);
    s.pattern = vec![candidate((c, d))];
    s.placements = vec![candidate((c, d))];
    s.text = Some(simple::single_text(technique, (c, d)).into_boxed_str());
    s
}

/// The step record of a found step, scored by its row.
fn step(found: Found, row: &Row) -> Step {
    let mut s = Step::new(crate::Technique::Hodoku(found.technique));
    s.difficulty = f64::from(row.score);
    s.pattern = found.pattern.into_iter().map(candidate).collect();
    s.units = found.units.into_iter().map(unit).collect();
    s.placements = found.placements.into_iter().map(candidate).collect();
    s.eliminations = found.eliminations.into_iter().map(candidate).collect();
    s.text = Some(found.text.into_boxed_str());
    s
}
