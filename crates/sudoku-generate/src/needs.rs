//! Technique practice: puzzles whose solving path takes a chosen technique (HoDoKu's training
//! mode), and the position just before its first use.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Cancel, CandidateGrid, Failure, Grid};
use sudoku_logic::{HodokuTechnique, RulesetName, SolvingPath, Technique};

/// The most techniques one search may ask for.
pub const MAX_NEEDS: usize = 4;

/// A technique a puzzle's path must take, and whose path: Sudoku Explainer's (`explainer:`,
/// its names: `explainer:X-Wing`, `explainer:Unique Rectangle` for every type) or HoDoKu's
/// (`hodoku:`, its names, short names or library codes: `hodoku:Skyscraper`, `hodoku:sk`,
/// `hodoku:0400`). Without a prefix, Sudoku Explainer's name first, then HoDoKu's.
///
/// # Examples
///
/// ```
/// use sudoku_generate::Need;
/// use sudoku_logic::{HodokuTechnique, RulesetName, Technique};
/// let sky: Need = "hodoku:sk".parse()?;
/// assert_eq!(sky, Need::Hodoku(HodokuTechnique::Skyscraper));
/// assert_eq!(sky.to_string(), "hodoku:Skyscraper");
/// assert_eq!("X-Wing".parse::<Need>()?, Need::Explainer(Technique::XWing));
/// assert_eq!("2-String Kite".parse::<Need>()?.ruleset(), RulesetName::Hodoku);
/// assert!("hodoku:Sky Scraper".parse::<Need>().is_err());
/// # Ok::<(), sudoku_generate::ParseNeedError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    /// A technique of Sudoku Explainer's path (any kind or nesting level of it).
    Explainer(Technique),
    /// A technique of HoDoKu's path.
    Hodoku(HodokuTechnique),
}

impl Need {
    /// Whose path is asked.
    #[must_use]
    pub fn ruleset(self) -> RulesetName {
        match self {
            Need::Explainer(_) => RulesetName::Explainer,
            Need::Hodoku(_) => RulesetName::Hodoku,
        }
    }

    /// Whether `technique`, a step's, is this one.
    #[must_use]
    pub fn is(self, technique: Technique) -> bool {
        match self {
            Need::Explainer(t) => technique.is_kind_of(t),
            Need::Hodoku(t) => technique == Technique::Hodoku(t),
        }
    }
}

impl fmt::Display for Need {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Need::Explainer(t) => {
                let name = t.to_string();
                // A technique of kinds by its row's name (`Unique Rectangle`).
                let row = ["Unique Rectangle", "Unique Loop", "Bivalue Universal Grave"]
                    .into_iter()
                    .find(|r| name.starts_with(r));
                let name = row.map_or_else(
                    || name.split(" (+").next().unwrap_or("").to_string(),
                    str::to_string,
                );
                write!(f, "explainer:{name}")
            }
            Need::Hodoku(t) => write!(f, "hodoku:{}", t.name()),
        }
    }
}

/// A technique name that neither ruleset knows (`which` says where it was looked for).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseNeedError {
    /// No such technique in the named ruleset, or in either without a prefix.
    #[error(
        "unknown technique {name:?} for {which} (names as `sudoku explain` writes them, such as explainer:X-Wing or hodoku:Skyscraper)"
    )]
    Unknown {
        /// The name as given.
        name: String,
        /// `explainer`, `hodoku`, or `either ruleset`.
        which: &'static str,
    },
    /// More than [`MAX_NEEDS`] techniques.
    #[error("at most {MAX_NEEDS} techniques may be asked for at once, not {0}")]
    TooMany(usize),
}

impl FromStr for Need {
    type Err = ParseNeedError;

    fn from_str(s: &str) -> Result<Need, ParseNeedError> {
        let unknown = |name: &str, which| ParseNeedError::Unknown { name: name.to_string(), which };
        let (prefix, name) = match s.split_once(':') {
            Some((p, n))
                if ["explainer", "hodoku"].contains(&p.trim().to_ascii_lowercase().as_str()) =>
            {
                (Some(p.trim().to_ascii_lowercase()), n)
            }
            _ => (None, s),
        };
        let name = name.trim().trim_matches('"');
        match prefix.as_deref() {
            Some("explainer") => Technique::from_name(name)
                .map(Need::Explainer)
                .ok_or_else(|| unknown(name, "explainer")),
            Some(_) => HodokuTechnique::from_name(name)
                .map(Need::Hodoku)
                .ok_or_else(|| unknown(name, "hodoku")),
            None => Technique::from_name(name)
                .map(Need::Explainer)
                .or_else(|| HodokuTechnique::from_name(name).map(Need::Hodoku))
                .ok_or_else(|| unknown(name, "either ruleset")),
        }
    }
}

/// The techniques a puzzle's path must take (up to [`MAX_NEEDS`], all of them), and whether
/// the first must be the path's hardest step. Empty, every puzzle passes.
///
/// # Examples
///
/// ```
/// use sudoku_generate::Needs;
/// let puzzle = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let needs = Needs::of(&["explainer:XY-Wing".parse()?])?.hardest(true);
/// let first = needs.check(&puzzle, &sudoku_core::Cancel::never())?.expect("an XY-wing path");
/// // The grid just before it: its next step is the XY-wing.
/// let next = sudoku_logic::LogicalSolver::default().next_step(&first.marks)?.expect("a step");
/// assert_eq!(next.technique, sudoku_logic::Technique::XyWing);
/// assert!(Needs::default().check(&puzzle, &sudoku_core::Cancel::never())?.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    list: [Option<Need>; MAX_NEEDS],
    hardest: bool,
}

/// Where a puzzle first takes the technique asked for: the index of that step in its path
/// and the grid (its pencil marks) just before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstUse {
    /// The step's index in the path (0 for the first step).
    pub step: usize,
    /// The pencil marks the step is taken on.
    pub marks: CandidateGrid,
}

impl Needs {
    /// Needs for `list` (the first is the one whose first use is told).
    ///
    /// # Errors
    ///
    /// [`ParseNeedError::TooMany`] beyond [`MAX_NEEDS`].
    pub fn of(list: &[Need]) -> Result<Needs, ParseNeedError> {
        if list.len() > MAX_NEEDS {
            return Err(ParseNeedError::TooMany(list.len()));
        }
        let mut needs = Needs::default();
        for (slot, &n) in needs.list.iter_mut().zip(list) {
            *slot = Some(n);
        }
        Ok(needs)
    }

    /// Also asks that the first technique be the path's hardest step (the first of the
    /// hardest, on Sudoku Explainer's difficulty or HoDoKu's step score).
    #[must_use]
    pub fn hardest(self, hardest: bool) -> Needs {
        Needs { hardest, ..self }
    }

    /// The techniques asked for.
    pub fn iter(&self) -> impl Iterator<Item = Need> + '_ {
        self.list.iter().flatten().copied()
    }

    /// Whether nothing is asked for.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list[0].is_none()
    }

    /// Whether `puzzle`'s paths take every technique asked for (each ruleset's path solved
    /// once, with its default budgets), and where the first is first used; `None` when a
    /// path lacks one, is not solved, or fails the hardest-step rule. With nothing asked,
    /// `Some` with the first step of the empty grid.
    ///
    /// # Errors
    ///
    /// A [`Failure`] of the logical solver: no or several solutions, a budget, `cancel`.
    pub fn check(&self, puzzle: &Grid, cancel: &Cancel) -> Result<Option<FirstUse>, Failure> {
        let Some(first) = self.list[0] else {
            return Ok(Some(FirstUse { step: 0, marks: CandidateGrid::from(puzzle) }));
        };
        let mut found = None;
        for ruleset in [RulesetName::Explainer, RulesetName::Hodoku] {
            if !self.iter().any(|n| n.ruleset() == ruleset) {
                continue;
            }
            let path = ruleset.solver().with_cancel(cancel.clone()).solve(puzzle)?;
            if !path.is_solved()
                || !self.iter().filter(|n| n.ruleset() == ruleset).all(|n| uses(&path, n))
            {
                return Ok(None);
            }
            if first.ruleset() == ruleset {
                let Some(step) = path.steps.iter().position(|s| first.is(s.technique)) else {
                    return Ok(None);
                };
                if self.hardest
                    && !path.hardest_step().is_some_and(|h| first.is(path.steps[h].technique))
                {
                    return Ok(None);
                }
                found = Some(FirstUse { step, marks: path.marks_before(step) });
            }
        }
        Ok(found)
    }
}

/// Whether a path takes `need` somewhere.
fn uses<R>(path: &SolvingPath<R>, need: Need) -> bool {
    path.steps.iter().any(|s| need.is(s.technique))
}
