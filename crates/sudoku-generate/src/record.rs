//! The generator's records: what a generation keeps as it goes ([`BestRecord`],
//! [`RoundRecord`]), and the records of `docs/schema.md` that every front end writes from them
//! ([`BestLine`], [`SummaryLine`], [`BandLine`]). Their fields serialise in the order people
//! read them (status, puzzle, ratings, then the run's settings); the command line writes each
//! line with its keys sorted, as it writes every JSON line, and the Python binding converts the
//! same records, so the schema lives here once.

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Deserialize, Serialize, Serializer};
use sudoku_core::{Failure, Grid, Problem, Status};
use sudoku_logic::SeRating;
use tempering::StopReason;

use crate::{BandPuzzle, BandSearch, Energy, Summary};

/// A puzzle that was the best found when it was found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BestRecord {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its clue count.
    pub clues: usize,
    /// Its difficulty `U`.
    pub u: f64,
    /// Its energy.
    pub energy: f64,
    /// Width-phase sweeps per replica when it was found.
    pub sweep: u64,
    /// Its depth.
    pub depth: Option<u32>,
    /// Its normal width.
    pub normal_width: Option<u64>,
    /// Its ER/EP/ED, when the energy is `se-rating`.
    pub se: Option<SeRating>,
}

/// One round of the width phase, for plots: temperatures and energies per replica slot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// Width-phase sweeps per replica at the end of the round.
    pub sweep: u64,
    /// Inverse temperatures, hottest first.
    pub betas: Vec<f64>,
    /// Energies, hottest first.
    pub energies: Vec<f64>,
}

/// A best puzzle as the results file of `sudoku generate --out` holds it, one JSON line per
/// best as it is found: the [`BestRecord`] with its run's seed and energy, the time since the
/// run began and, when known puzzles were given, whether it is one of them.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{BestLine, BestRecord};
/// let best = BestRecord {
///     puzzle: "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?,
///     clues: 24,
///     u: 7.2,
///     energy: -696.0,
///     sweep: 3,
///     depth: Some(5),
///     normal_width: Some(410),
///     se: None,
/// };
/// let line = BestLine::new(best, "depth".parse()?, 7, 1.5);
/// let json = serde_json::to_string(&line)?;
/// assert!(json.starts_with(r#"{"status":"ok","puzzle":"..53.....8"#));
/// assert!(json.ends_with(r#""seed":7,"energy_kind":"depth","energy_settings":"depth","elapsed_s":1.5}"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BestLine {
    /// The best puzzle.
    pub best: BestRecord,
    /// The run's energy (`energy_kind`, `energy_settings`).
    pub energy: Energy,
    /// The run's seed.
    pub seed: u64,
    /// Seconds since the run began (`elapsed_s`).
    pub elapsed_s: f64,
    /// Whether the puzzle is isomorphic to a known one (`None`: no known puzzles given, and
    /// the line has no `known`).
    pub known: Option<bool>,
}

impl BestLine {
    /// The line of `best`, found by the run with `seed` and `energy` after `elapsed_s`
    /// seconds.
    #[must_use]
    pub fn new(best: BestRecord, energy: Energy, seed: u64, elapsed_s: f64) -> BestLine {
        BestLine { best, energy, seed, elapsed_s, known: None }
    }

    /// With whether the puzzle is a known one.
    #[must_use]
    pub fn with_known(self, known: Option<bool>) -> BestLine {
        BestLine { known, ..self }
    }
}

impl Serialize for BestLine {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let b = &self.best;
        let mut st = s.serialize_struct("BestLine", 14)?;
        st.serialize_field("status", &Status::Ok)?;
        st.serialize_field("puzzle", &b.puzzle)?;
        st.serialize_field("clues", &b.clues)?;
        st.serialize_field("se_rating", &b.se)?;
        st.serialize_field("energy", &b.energy)?;
        st.serialize_field("u", &b.u)?;
        st.serialize_field("depth", &b.depth)?;
        st.serialize_field("normal_width", &b.normal_width)?;
        st.serialize_field("step", &b.sweep)?;
        run_fields(&mut st, &self.energy, self.seed, self.elapsed_s, self.known)?;
        st.end()
    }
}

/// The fields that say which run wrote a line and when, last in [`BestLine`] and [`FindLine`]:
/// `seed`, `energy_kind`, `energy_settings`, `elapsed_s`, and `known` when known puzzles were
/// given.
fn run_fields<S: SerializeStruct>(
    st: &mut S,
    energy: &Energy,
    seed: u64,
    elapsed_s: f64,
    known: Option<bool>,
) -> Result<(), S::Error> {
    st.serialize_field("seed", &seed)?;
    st.serialize_field("energy_kind", energy.rating.kind.name())?;
    st.serialize_field("energy_settings", &energy.to_string())?;
    st.serialize_field("elapsed_s", &elapsed_s)?;
    match known {
        Some(known) => st.serialize_field("known", &known),
        None => st.skip_field("known"),
    }
}

/// A puzzle a best-first search rated at or above a threshold, as `sudoku generate --finds`
/// writes it: one JSON line per class of isomorphic puzzles, the first time the search rates
/// one of them (every best is one, but most finds are not bests: the search's whole harvest).
///
/// # Examples
///
/// ```
/// use sudoku_generate::{FindLine, PuzzleState};
/// let puzzle: sudoku_core::Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let solution = sudoku_solve::solve(&puzzle).unique().unwrap();
/// let state = PuzzleState { clues: puzzle.filled_cells().bits(), solution, u: 7.2 };
/// let line = FindLine::new(&state, -696.0, 3, "depth".parse()?, 7, 1.5).with_known(Some(false));
/// let json = serde_json::to_string(&line)?;
/// assert!(json.starts_with(r#"{"status":"ok","puzzle":"..53.....8"#));
/// assert!(json.ends_with(r#""u":7.2,"energy":-696.0,"step":3,"seed":7,"energy_kind":"depth","energy_settings":"depth","elapsed_s":1.5,"known":false}"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct FindLine {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its difficulty `U` (for the ER energies, ER plus a tie-break below 0.1).
    pub u: f64,
    /// Its energy.
    pub energy: f64,
    /// Expansions done when it was rated (`step`).
    pub step: u64,
    /// The run's energy (`energy_kind`, `energy_settings`).
    pub energy_spec: Energy,
    /// The run's seed.
    pub seed: u64,
    /// Seconds since the run began (`elapsed_s`).
    pub elapsed_s: f64,
    /// Whether the puzzle is isomorphic to a known one (`None`: no known puzzles given).
    pub known: Option<bool>,
}

impl FindLine {
    /// The line of `state`, rated at `energy` after `step` expansions of the run with `seed`
    /// and `energy_spec`, `elapsed_s` seconds after it began.
    #[must_use]
    pub fn new(
        state: &crate::PuzzleState,
        energy: f64,
        step: u64,
        energy_spec: Energy,
        seed: u64,
        elapsed_s: f64,
    ) -> FindLine {
        FindLine {
            puzzle: state.puzzle(),
            u: state.u,
            energy,
            step,
            energy_spec,
            seed,
            elapsed_s,
            known: None,
        }
    }

    /// With whether the puzzle is a known one.
    #[must_use]
    pub fn with_known(self, known: Option<bool>) -> FindLine {
        FindLine { known, ..self }
    }
}

impl Serialize for FindLine {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("FindLine", 11)?;
        st.serialize_field("status", &Status::Ok)?;
        st.serialize_field("puzzle", &self.puzzle)?;
        st.serialize_field("clues", &self.puzzle.clue_count())?;
        st.serialize_field("u", &self.u)?;
        st.serialize_field("energy", &self.energy)?;
        st.serialize_field("step", &self.step)?;
        run_fields(&mut st, &self.energy_spec, self.seed, self.elapsed_s, self.known)?;
        st.end()
    }
}

/// The best puzzle of a generation that is not a known one, with its run's seed: the
/// `best_new` of a [`SummaryLine`], `{"clues","energy","puzzle","se_rating","seed","u"}`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BestNew {
    /// The puzzle, as its run recorded it.
    pub best: BestRecord,
    /// Its run's seed.
    pub seed: u64,
}

impl BestNew {
    /// `best`, found by the run with `seed`.
    #[must_use]
    pub fn new(best: BestRecord, seed: u64) -> BestNew {
        BestNew { best, seed }
    }
}

impl Serialize for BestNew {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let b = &self.best;
        let mut st = s.serialize_struct("BestNew", 6)?;
        st.serialize_field("puzzle", &b.puzzle)?;
        st.serialize_field("clues", &b.clues)?;
        st.serialize_field("se_rating", &b.se)?;
        st.serialize_field("energy", &b.energy)?;
        st.serialize_field("u", &b.u)?;
        st.serialize_field("seed", &self.seed)?;
        st.end()
    }
}

/// Whether a generation's puzzle is a known one, and the best new puzzle (`known` and
/// `best_new` of a [`SummaryLine`], there when known puzzles were given).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Novelty {
    /// Whether the summary's puzzle is isomorphic to a known one.
    pub known: bool,
    /// The best puzzle of any run that is not known (`None`: every best is known).
    pub best_new: Option<BestNew>,
}

impl Novelty {
    /// `known`, and the best new puzzle.
    #[must_use]
    pub fn new(known: bool, best_new: Option<BestNew>) -> Novelty {
        Novelty { known, best_new }
    }
}

/// The result of a generation as `sudoku generate --json` prints it and Python's `generate`
/// returns it: the [`Summary`] with the energy, the number of runs, why the run stopped and,
/// when known puzzles were given, its [`Novelty`].
///
/// # Examples
///
/// ```
/// use sudoku_generate::{Generation, GeneratorConfig, Start, SummaryLine};
/// use tempering::Budget;
///
/// let config = GeneratorConfig::default().with_start(Start::random(5));
/// let mut generation = Generation::start(config, 3)?;
/// let stop = generation.run(&Budget::sweeps(1), &mut ());
/// let line = SummaryLine::new(generation.rate_summary(), config.energy, 1, stop);
/// let json = serde_json::to_value(&line)?;
/// assert_eq!((json["stop_reason"].as_str(), json["steps"].as_u64()), (Some("step_limit"), Some(1)));
/// assert_eq!(json["energy_settings"], "se-rating:tiebreak=ep-ed");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SummaryLine {
    /// The rated result.
    pub summary: Summary,
    /// The energy (`energy_kind`, `energy_settings`).
    pub energy: Energy,
    /// How many runs the result is the best of.
    pub runs: usize,
    /// Why the run stopped (`stop_reason`).
    pub stop: StopReason,
    /// Whether the puzzle is known, and the best new one (`None`: no known puzzles given).
    pub novelty: Option<Novelty>,
}

impl SummaryLine {
    /// The line of `summary`, the best of `runs` runs with `energy`, stopped by `stop`.
    #[must_use]
    pub fn new(summary: Summary, energy: Energy, runs: usize, stop: StopReason) -> SummaryLine {
        SummaryLine { summary, energy, runs, stop, novelty: None }
    }

    /// With whether the puzzle is known, and the best new one.
    #[must_use]
    pub fn with_novelty(self, novelty: Option<Novelty>) -> SummaryLine {
        SummaryLine { novelty, ..self }
    }
}

impl Serialize for SummaryLine {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m = &self.summary;
        let mut st = s.serialize_struct("SummaryLine", 22)?;
        st.serialize_field("status", &Status::Ok)?;
        st.serialize_field("puzzle", &m.puzzle)?;
        st.serialize_field("solution", &m.solution)?;
        st.serialize_field("clues", &m.clues)?;
        st.serialize_field("minimal", &m.minimal)?;
        st.serialize_field("se_rating", &m.se)?;
        st.serialize_field("depth", &m.depth)?;
        st.serialize_field("normal_width", &m.normal_width)?;
        st.serialize_field("average_width", &m.average_width)?;
        st.serialize_field("energy", &m.energy)?;
        st.serialize_field("best_energy", &m.best_energy)?;
        st.serialize_field("steps", &m.steps)?;
        st.serialize_field("depth_steps", &m.depth_steps)?;
        st.serialize_field("restarts", &m.restarts)?;
        st.serialize_field("seed", &m.seed)?;
        st.serialize_field("runs", &self.runs)?;
        st.serialize_field("energy_kind", self.energy.rating.kind.name())?;
        st.serialize_field("energy_settings", &self.energy.to_string())?;
        st.serialize_field("stop_reason", &self.stop)?;
        match &self.novelty {
            Some(n) => {
                st.serialize_field("known", &n.known)?;
                st.serialize_field("best_new", &n.best_new)?;
            }
            None => {
                st.skip_field("known")?;
                st.skip_field("best_new")?;
            }
        }
        st.end()
    }
}

/// One line of a band's list (`sudoku band --json`, Python's `generate_band`): the
/// `index`-th puzzle of `seed`'s list in the band, or, when none was found within the search's
/// tries, a `budget_exceeded` line with its error (or, when the search was stopped, the
/// failure that stopped it: `cancelled`, or a time limit as `budget_exceeded`).
///
/// # Examples
///
/// ```
/// use sudoku_generate::{BandLine, BandSearch};
/// let search = BandSearch::new("se-rating=1.0..1.5".parse()?).with_max_tries(1_000);
/// let line = BandLine::find(&search, 4, 0);
/// let json = serde_json::to_string(&line)?;
/// assert!(json.starts_with(r#"{"status":"ok","puzzle":"#));
/// assert!(json.contains(r#""index":0,"seed":4,"target":"se-rating=1..1.5","se_rating":{"er":"#));
/// assert!(line.error_message().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BandLine {
    /// The search: its band, symmetry and tries per puzzle.
    pub search: BandSearch,
    /// The list's seed.
    pub seed: u64,
    /// The puzzle's index in the list.
    pub index: u64,
    /// The puzzle found, or `None` when `max_tries` random puzzles missed the band or the
    /// search was stopped.
    pub found: Option<BandPuzzle>,
    /// What stopped the search before it found a puzzle or used its tries (see
    /// [`BandLine::stopped`]).
    pub stopped: Option<Failure>,
}

impl BandLine {
    /// The line of `found`, the `index`-th puzzle of `seed`'s list by `search`.
    #[must_use]
    pub fn new(search: &BandSearch, seed: u64, index: u64, found: Option<BandPuzzle>) -> BandLine {
        BandLine { search: *search, seed, index, found, stopped: None }
    }

    /// The line of a search stopped by `failure` before it found the `index`-th puzzle
    /// (cancelled, or out of time).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Failure;
    /// use sudoku_generate::{BandLine, BandSearch};
    /// let search = BandSearch::new("se-rating=1.0..1.5".parse()?);
    /// let line = BandLine::stopped(&search, 4, 0, Failure::CANCELLED);
    /// let json = serde_json::to_string(&line)?;
    /// assert!(json.starts_with(r#"{"status":"cancelled","puzzle":null,"#), "{json}");
    /// assert_eq!(line.error_message().as_deref(), Some("cancelled"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stopped(search: &BandSearch, seed: u64, index: u64, failure: Failure) -> BandLine {
        BandLine { search: *search, seed, index, found: None, stopped: Some(failure) }
    }

    /// Finds the `index`-th puzzle of `seed`'s list ([`BandSearch::find`]) and makes its line.
    #[must_use]
    pub fn find(search: &BandSearch, seed: u64, index: u64) -> BandLine {
        BandLine::new(search, seed, index, search.find(seed, index))
    }

    /// The lines of puzzles `indices` of `seed`'s list, found in parallel (on the current
    /// rayon pool) and returned in index order: line `k` is [`BandLine::find`]`(search, seed,
    /// k)`, the line of [`BandSearch::puzzles`]`(seed).nth(k)`, the same for any thread count.
    /// Once `keep_going` says no, the puzzles not yet begun are not searched: their lines are
    /// [`BandLine::stopped`] with [`Failure::CANCELLED`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{BandLine, BandSearch};
    /// let search = BandSearch::new("se-rating=1.0..2.0".parse()?);
    /// let lines = BandLine::find_range(&search, 7, 2..4, &|| true);
    /// assert_eq!(lines, [BandLine::find(&search, 7, 2), BandLine::find(&search, 7, 3)]);
    /// let stopped = BandLine::find_range(&search, 7, 0..2, &|| false);
    /// assert!(stopped.iter().all(|l| l.error_message().as_deref() == Some("cancelled")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn find_range(
        search: &BandSearch,
        seed: u64,
        indices: std::ops::Range<u64>,
        keep_going: &(dyn Fn() -> bool + Sync),
    ) -> Vec<BandLine> {
        use rayon::prelude::*;
        indices
            .into_par_iter()
            .map(|i| {
                if keep_going() {
                    BandLine::find(search, seed, i)
                } else {
                    BandLine::stopped(search, seed, i, Failure::CANCELLED)
                }
            })
            .collect()
    }

    /// Why there is no puzzle on this line, if there is none: `no puzzle in BAND among N
    /// random minimal puzzles (index I)`.
    #[must_use]
    pub fn error_message(&self) -> Option<String> {
        self.error().map(|p| p.message)
    }

    /// The line's error, if it has no puzzle: its status and message.
    fn error(&self) -> Option<Problem> {
        if self.found.is_some() {
            return None;
        }
        Some(match self.stopped {
            Some(failure) => failure.into(),
            None => Problem::new(
                Status::BudgetExceeded,
                format!(
                    "no puzzle in {} among {} random minimal puzzles (index {})",
                    self.search.band, self.search.max_tries, self.index
                ),
            ),
        })
    }
}

/// `{"step", "marks"}`: a puzzle's first use of the technique asked for.
#[derive(Serialize)]
struct FirstUseRecord {
    step: usize,
    marks: String,
}

impl Serialize for BandLine {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let found = self.found.as_ref();
        let mut map = s.serialize_map(None)?;
        let error = self.error();
        map.serialize_entry("status", &error.as_ref().map_or(Status::Ok, |e| e.code))?;
        map.serialize_entry("puzzle", &found.map(|p| p.puzzle))?;
        map.serialize_entry("index", &self.index)?;
        map.serialize_entry("seed", &self.seed)?;
        map.serialize_entry("target", &self.search.band.to_string())?;
        match found {
            Some(p) => {
                // The rating's value goes under its name (`se_rating`).
                let key = self.search.band.rating.kind.name().replace('-', "_");
                map.serialize_entry(&key, &p.value)?;
                map.serialize_entry("clues", &p.puzzle.clue_count())?;
                map.serialize_entry("symmetry", self.search.symmetry.name())?;
                map.serialize_entry("tries", &p.tries)?;
                if let Some((lo, hi)) = self.search.clues {
                    map.serialize_entry("clue_range", &format!("{lo}..{hi}"))?;
                }
                if !self.search.needs.is_empty() {
                    let needs: Vec<String> =
                        self.search.needs.iter().map(|n| n.to_string()).collect();
                    map.serialize_entry("needs", &needs)?;
                }
                if let Some(at) = &p.first_use {
                    // The step of the first technique asked for, and the grid just before it.
                    map.serialize_entry(
                        "first_use",
                        &FirstUseRecord { step: at.step, marks: at.marks.pencil_marks() },
                    )?;
                }
            }
            None => map.serialize_entry("error", &error)?,
        }
        map.end()
    }
}
