//! The next step on a grid, as one record: what `sudoku hint` and Python's `hint` answer,
//! at the level of detail asked for ([`Detail`]: the technique, where, what it does, all).

use std::fmt;

use sudoku_core::{Candidate, CandidateGrid, Cell, Problem, Status, Unit};

use crate::{Step, Technique};

/// The next logical step on a grid (a puzzle, a player's progress, or pencil marks), or why
/// there is none: the record of `sudoku hint --json` (`{"grid", "status", "step"}`, with
/// `error` when the grid has no hint).
///
/// # Examples
///
/// ```
/// use sudoku_core::Status;
/// use sudoku_logic::{LogicalSolver, Technique};
///
/// let solver = LogicalSolver::default();
/// let puzzle =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let hint = solver.hint(&puzzle);
/// assert_eq!(hint.status(), Status::Ok);
/// assert_eq!(hint.step().map(|s| s.technique), Some(Technique::HiddenSingle));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Hint {
    /// The grid's pencil marks, if the text was a grid.
    pub marks: Option<CandidateGrid>,
    /// The step (`None` when the grid is complete or no technique applies), or why the grid
    /// has no hint: not a grid, no solution, several, or a budget that ran out.
    pub outcome: Result<Option<Step>, Problem>,
    /// How much of the step the hint shows ([`Hint::reveal`], its record and picture): the
    /// whole step unless asked otherwise ([`Hint::with_detail`]).
    pub detail: Detail,
}

impl Hint {
    /// The record of a grid that could not be read: no marks, and `problem` (status
    /// `invalid`, say) as its outcome, as front ends answer text that is no grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Problem, Status};
    /// use sudoku_logic::Hint;
    /// let hint = Hint::unreadable(Problem::invalid(&"line 3: expected 81 cells, found 80"));
    /// assert_eq!((hint.status(), hint.marks, hint.step()), (Status::Invalid, None, None));
    /// ```
    #[must_use]
    pub fn unreadable(problem: Problem) -> Hint {
        Hint { marks: None, outcome: Err(problem), detail: Detail::Full }
    }

    /// The hint shown at `detail` (its record, text and picture); the step itself is kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::{Detail, LogicalSolver};
    /// let puzzle =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let hint = LogicalSolver::default().hint(&puzzle).with_detail(Detail::Technique);
    /// assert_eq!(hint.reveal().map(|r| r.to_string()).as_deref(), Some("Hidden Single"));
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn with_detail(self, detail: Detail) -> Hint {
        Hint { detail, ..self }
    }

    /// The status word: `ok` (a step), `solved` (the grid is complete), `stuck` (no technique
    /// applies), or the problem's code (`invalid`, `none`, `multiple`, `budget_exceeded`).
    #[must_use]
    pub fn status(&self) -> Status {
        match (&self.outcome, &self.marks) {
            (Ok(Some(_)), _) => Status::Ok,
            (Ok(None), Some(m)) if m.is_complete() => Status::Solved,
            (Ok(None), _) => Status::Stuck,
            (Err(p), _) => p.code,
        }
    }

    /// The step, if there is one.
    #[must_use]
    pub fn step(&self) -> Option<&Step> {
        self.outcome.as_ref().ok().and_then(Option::as_ref)
    }

    /// What the hint shows of its step at its [`Detail`], if there is a step.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::{Detail, LogicalSolver};
    /// let puzzle =
    ///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
    /// let hint = LogicalSolver::default().hint(&puzzle);
    /// let cells = hint.clone().with_detail(Detail::Cells).reveal().unwrap();
    /// assert!(cells.placements.is_empty() && !cells.units.is_empty());
    /// let result = hint.with_detail(Detail::Result).reveal().unwrap();
    /// assert_eq!(result.placements.len(), 1);
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn reveal(&self) -> Option<Reveal> {
        self.step().map(|step| Reveal::of(step, self.detail, self.marks.as_ref()))
    }

    /// The step drawn on the grid's pencil marks as an SVG picture ([`crate::step_svg`]),
    /// titled with its difficulty and text, as `sudoku hint --svg` draws it; below
    /// [`Detail::Full`], only what the hint shows (the grid alone for the technique, its
    /// cells and units, then its placements and eliminations), titled with the hint's text.
    #[must_use]
    pub fn svg(&self) -> Option<String> {
        let (marks, step) = (self.marks.as_ref()?, self.step()?);
        if self.detail == Detail::Full {
            return Some(crate::step_svg(marks, step, &format!("{} {step}", step.rating_text())));
        }
        let reveal = Reveal::of(step, self.detail, Some(marks));
        let mut shown = Step::new(step.technique);
        shown.units.clone_from(&reveal.units);
        // A cell's candidates are on the grid already: lighting them all tells no digit.
        shown.pattern = reveal
            .cells
            .iter()
            .flat_map(|&c| marks.candidates(c).into_iter().map(move |d| Candidate::new(c, d)))
            .collect();
        shown.placements.clone_from(&reveal.placements);
        shown.eliminations.clone_from(&reveal.eliminations);
        let picture = crate::step_svg(marks, &shown, &reveal.to_string());
        Some(picture)
    }
}

/// How much of a hint to show, from least to most: the technique only, where it applies (its
/// units and cells, no digits), what it does (its placements and eliminations as well), or
/// the whole step (its explanation, chains, difficulty and picture). HoDoKu's "vague hint"
/// is [`Detail::Technique`]; `sudoku hint --detail` takes these names.
///
/// # Examples
///
/// ```
/// use sudoku_logic::Detail;
/// let detail: Detail = "cells".parse()?;
/// assert!(Detail::Technique < detail && detail < Detail::Full);
/// assert_eq!(detail.more(), Some(Detail::Result));
/// assert_eq!(Detail::default(), Detail::Full);
/// # Ok::<(), sudoku_logic::ParseDetailError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Detail {
    /// The technique's name.
    Technique,
    /// The technique and where: its units and cells.
    Cells,
    /// The technique, where, and what it places or crosses out.
    Result,
    /// The whole step.
    #[default]
    Full,
}

impl Detail {
    /// Every level, least first.
    pub const ALL: [Detail; 4] = [Detail::Technique, Detail::Cells, Detail::Result, Detail::Full];

    /// The level's name: `technique`, `cells`, `result` or `full`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Detail::Technique => "technique",
            Detail::Cells => "cells",
            Detail::Result => "result",
            Detail::Full => "full",
        }
    }

    /// The next level, the one a player who asks again gets (`None` after [`Detail::Full`]).
    #[must_use]
    pub fn more(self) -> Option<Detail> {
        Detail::ALL.get(self as usize + 1).copied()
    }
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level of detail that is none of `technique`, `cells`, `result`, `full`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown detail {0:?}: expected technique, cells, result or full")]
pub struct ParseDetailError(pub String);

impl std::str::FromStr for Detail {
    type Err = ParseDetailError;

    fn from_str(s: &str) -> Result<Detail, ParseDetailError> {
        Detail::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseDetailError(s.to_string()))
    }
}

/// What a hint shows of its step at one [`Detail`]: the technique always; its units and
/// cells from [`Detail::Cells`] (a single's unit rather than its cell, when it has one, so
/// the cell is not given away); placements and eliminations from [`Detail::Result`]; the
/// step itself at [`Detail::Full`]. Its text says no more than its fields.
///
/// # Examples
///
/// ```
/// use sudoku_logic::{Detail, LogicalSolver};
/// let puzzle =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let hint = LogicalSolver::default().hint(&puzzle).with_detail(Detail::Result);
/// let reveal = hint.reveal().unwrap();
/// assert_eq!(reveal.to_string(), format!("Hidden Single in {}: {}", reveal.units[0],
///     reveal.placements[0]));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Reveal {
    /// The level shown.
    pub detail: Detail,
    /// The technique.
    pub technique: Technique,
    /// The units the step lives in (from [`Detail::Cells`]).
    pub units: Vec<Unit>,
    /// The cells of its pattern, in order (from [`Detail::Cells`]; empty for a single that
    /// has a unit).
    pub cells: Vec<Cell>,
    /// The digits it places (from [`Detail::Result`]).
    pub placements: Vec<Candidate>,
    /// The candidates it crosses out (from [`Detail::Result`]).
    pub eliminations: Vec<Candidate>,
    /// The whole step (at [`Detail::Full`] only).
    pub step: Option<Step>,
}

impl Reveal {
    /// What `step`, found on `marks`, shows at `detail`.
    fn of(step: &Step, detail: Detail, marks: Option<&CandidateGrid>) -> Reveal {
        let mut r = Reveal {
            detail,
            technique: step.technique,
            units: Vec::new(),
            cells: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            step: (detail == Detail::Full).then(|| step.clone()),
        };
        if detail >= Detail::Cells {
            r.units.clone_from(&step.units);
            let placed: sudoku_core::CellSet = step.placements.iter().map(|c| c.cell()).collect();
            let cells = step.pattern_cells();
            let single = !step.placements.is_empty() && cells.difference(placed).is_empty();
            if single && r.units.is_empty() {
                // A hidden single whose ruleset names no unit (HoDoKu's): the unit where the
                // digit has no other place.
                r.units = step.placements.iter().filter_map(|p| hidden_in(marks?, *p)).collect();
            }
            if !single || r.units.is_empty() {
                r.cells = cells.iter().collect();
            }
        }
        if detail >= Detail::Result {
            r.placements.clone_from(&step.placements);
            r.eliminations.clone_from(&step.eliminations);
        }
        r
    }
}

/// The first unit of `p`'s cell (box, row, column) where `p`'s digit has no other place.
fn hidden_in(marks: &CandidateGrid, p: Candidate) -> Option<Unit> {
    let units = p.cell().units();
    [units[2], units[0], units[1]]
        .into_iter()
        .find(|&u| marks.unit_positions(u, p.digit()).as_single() == Some(p.cell()))
}

/// The technique; then `in` its units and `:` its cells; then `=>` what it does; at
/// [`Detail::Full`], the step's own text.
impl fmt::Display for Reveal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(step) = &self.step {
            return write!(f, "{step}");
        }
        write!(f, "{}", self.technique)?;
        let join = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(", ");
        if !self.units.is_empty() {
            write!(f, " in {}", join(&mut self.units.iter().map(ToString::to_string)))?;
        }
        if !self.cells.is_empty() {
            write!(f, ": {}", join(&mut self.cells.iter().map(ToString::to_string)))?;
        } else if self.detail >= Detail::Result && !self.placements.is_empty() {
            write!(f, ": {}", join(&mut self.placements.iter().map(ToString::to_string)))?;
            return Ok(());
        }
        if self.detail >= Detail::Result {
            let done = self.placements.iter().map(ToString::to_string);
            let gone = self.eliminations.iter().map(|e| format!("{}<>{}", e.cell(), e.digit()));
            write!(f, " => {}", join(&mut done.chain(gone)))?;
        }
        Ok(())
    }
}
