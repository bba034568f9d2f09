//! A generation's configuration and its grammar: where it starts ([`Start`]), its moves
//! ([`Moves`]), its optimizer ([`Search`]) and their parameters, the presets ([`Preset`]), each
//! written and read back as text (`Display` and `FromStr`, which round-trip).
//!
//! | type | text |
//! |---|---|
//! | [`Search`] | `exchange`, `exchange:M:BETA_HOT:ADJUSTMENT`, `annealing`, `annealing:T0:ALPHA:TMIN`, `metropolis`, `metropolis:BETA`, `best-first`, `best-first:N` |
//! | [`Adjustment`] | `watanabe`, `watanabe:P`, `equal`, `equal:RATE`, `none` |
//! | [`Start`] | `depth`, `depth:BETA:TARGET:MAX_SWEEPS`, `random:N`, `random:N:C`, `given:N` |
//! | [`Moves`] | `flips`, `vicinity`, `pattern`, `pattern:U` |
//! | [`Preset`] | `explainer`, `average-width`, `paper` |
//!
//! A short form stands for the paper's (or the preset's) values: `exchange` is 10 replicas
//! from beta 0.01 with Watanabe's adjustment, `annealing` is `annealing:20:0.999:1`,
//! `metropolis` is `metropolis:0.2`, `depth` is `depth:0.05:8:100000`; `Display` writes the
//! short form for those values.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sudoku_metrics::{Rating, RatingKind};

use crate::{Energy, Moves, Start};

/// Why a piece of a generator's configuration could not be read: each variant names what is
/// wrong and holds the text given.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{ParseConfigError, Search};
/// let err = "annealing:1".parse::<Search>().unwrap_err();
/// assert_eq!(err, ParseConfigError::UnknownSearch("annealing:1".into()));
/// assert!(matches!("metropolis:hot".parse::<Search>(), Err(ParseConfigError::SearchNumber { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseConfigError {
    /// Not a search (or a search with the wrong number of parameters).
    #[error(
        "unknown search {0:?}; use exchange, annealing[:T0:ALPHA:TMIN] (20:0.999:1), metropolis[:BETA] (0.2), best-first or best-first:N (restart after N expansions without a better puzzle)"
    )]
    UnknownSearch(String),
    /// A search's parameter is not a number.
    #[error("invalid number {number:?} in search {spec:?}")]
    SearchNumber {
        /// The search as given.
        spec: String,
        /// The parameter that is not a number.
        number: String,
        /// Why it is not.
        #[source]
        source: std::num::ParseFloatError,
    },
    /// Not a temperature adjustment.
    #[error("unknown adjustment {0:?}; use watanabe, equal or none")]
    UnknownAdjustment(String),
    /// Not a start.
    #[error(
        "unknown start {0:?}; use depth, random:N, random:N:C (at most C clues, C from {min}) or given:N",
        min = crate::Start::FEWEST_MAX_CLUES
    )]
    UnknownStart(String),
    /// Not a kind of moves.
    #[error(
        "unknown moves {0:?}; use flips, vicinity, pattern or pattern:U (pattern moves from puzzles of U or more)"
    )]
    UnknownMoves(String),
    /// Not a preset.
    #[error("unknown preset {0:?}; use explainer, average-width or paper")]
    UnknownPreset(String),
}

/// The optimizer of the main phase: any of `tempering`'s, run by its one driver loop.
///
/// # Examples
///
/// ```
/// use sudoku_generate::Search;
/// let search: Search = "annealing:10:0.9:0.5".parse()?;
/// assert_eq!(search, Search::Annealing { t0: 10.0, alpha: 0.9, t_min: 0.5 });
/// assert_eq!(search.to_string(), "annealing:10:0.9:0.5");
/// assert_eq!(Search::exchange(5).to_string(), "exchange:5:0.01:watanabe");
/// assert_eq!("exchange".parse::<Search>()?, Search::replica_exchange());
/// # Ok::<(), sudoku_generate::ParseConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Search {
    /// Replica exchange (the paper's): `replicas` chains on a ladder of inverse temperatures
    /// `beta_hot * m` (m = 1..replicas) that adapts by `adjustment`, exchanging every
    /// `sweeps_per_round` sweeps of the configuration. [`Search::replica_exchange`] gives the
    /// paper's values.
    ReplicaExchange {
        /// Replicas, M (10).
        replicas: usize,
        /// The hottest inverse temperature, beta_1 (0.01).
        beta_hot: f64,
        /// How the temperatures adapt (the paper's rule with p = 0.8).
        adjustment: Adjustment,
    },
    /// Simulated annealing: temperature `t0`, multiplied by `alpha` after every sweep, back to
    /// `t0` when it falls below `t_min`.
    Annealing {
        /// The start temperature.
        t0: f64,
        /// The cooling factor per sweep.
        alpha: f64,
        /// The temperature that triggers a reheat.
        t_min: f64,
    },
    /// Metropolis at a fixed inverse temperature.
    Metropolis {
        /// The inverse temperature.
        beta: f64,
    },
    /// Best-first search ([`tempering::BestFirst`]): expand the lowest-energy puzzle found and
    /// not yet expanded, rating its whole neighbourhood (with [`Moves::Vicinity`], every
    /// exchange of one clue). Starts from every start puzzle (all the random ones with
    /// [`Start::BestOfRandom`]). A step is one expansion. With `restart_after`, a run that
    /// has found nothing better for that many expansions drops its frontier and goes on from
    /// the start puzzles not yet expanded ([`tempering::BestFirst::with_restarts`]). With
    /// `partial`, an expansion stops at the end of the first chunk of that many neighbours
    /// that holds a better puzzle, and the rest waits ([`tempering::BestFirst::with_partial`]).
    BestFirst {
        /// Expansions without a better puzzle that end an epoch (`None`: never restart).
        restart_after: Option<u64>,
        /// Neighbours per chunk of a partial expansion (`None`: whole expansions).
        #[serde(default)]
        partial: Option<usize>,
    },
}

impl Search {
    /// The paper's replica exchange: M = 10 replicas, beta_m = 0.01 m, adjusted by its rule
    /// with p = 0.8.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{Adjustment, Search};
    /// let Search::ReplicaExchange { replicas, adjustment, .. } = Search::replica_exchange() else {
    ///     unreachable!()
    /// };
    /// assert_eq!((replicas, adjustment), (10, Adjustment::Watanabe(0.8)));
    /// ```
    #[must_use]
    pub const fn replica_exchange() -> Search {
        Search::exchange(10)
    }

    /// The paper's replica exchange with `replicas` replicas (beta_m = 0.01 m, its adjustment).
    #[must_use]
    pub const fn exchange(replicas: usize) -> Search {
        Search::ReplicaExchange { replicas, beta_hot: 0.01, adjustment: Adjustment::watanabe() }
    }

    /// Simulated annealing from T0 = 20, cooling by 0.999 per sweep, reheating below 1.
    #[must_use]
    pub const fn annealing() -> Search {
        Search::Annealing { t0: 20.0, alpha: 0.999, t_min: 1.0 }
    }

    /// Metropolis at beta = 0.2.
    #[must_use]
    pub const fn metropolis() -> Search {
        Search::Metropolis { beta: 0.2 }
    }

    /// Best-first search without restarts.
    #[must_use]
    pub const fn best_first() -> Search {
        Search::BestFirst { restart_after: None, partial: None }
    }

    /// Best-first search restarting after `after` expansions without a better state (whole
    /// expansions), as the presets search.
    ///
    /// ```
    /// use sudoku_generate::Search;
    /// assert_eq!(Search::best_first_restarting(100).to_string(), "best-first:100");
    /// ```
    #[must_use]
    pub const fn best_first_restarting(after: u64) -> Search {
        Search::BestFirst { restart_after: Some(after), partial: None }
    }
}

/// `exchange` (the paper's values) or `exchange:M:BETA_HOT:ADJUSTMENT`, `annealing` or
/// `annealing:T0:ALPHA:TMIN`, `metropolis` or `metropolis:BETA`, `best-first` or
/// `best-first:N` (restarts), `best-first:partial=K` or `best-first:N:partial=K`.
impl fmt::Display for Search {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            s if s == Search::replica_exchange() => f.write_str("exchange"),
            Search::ReplicaExchange { replicas, beta_hot, adjustment } => {
                write!(f, "exchange:{replicas}:{beta_hot}:{adjustment}")
            }
            s if s == Search::annealing() => f.write_str("annealing"),
            Search::Annealing { t0, alpha, t_min } => write!(f, "annealing:{t0}:{alpha}:{t_min}"),
            s if s == Search::metropolis() => f.write_str("metropolis"),
            Search::Metropolis { beta } => write!(f, "metropolis:{beta}"),
            Search::BestFirst { restart_after, partial } => {
                f.write_str("best-first")?;
                if let Some(n) = restart_after {
                    write!(f, ":{n}")?;
                }
                if let Some(k) = partial {
                    write!(f, ":partial={k}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Search {
    type Err = ParseConfigError;

    fn from_str(spec: &str) -> Result<Search, ParseConfigError> {
        let unknown = || ParseConfigError::UnknownSearch(spec.to_string());
        let number = |part: &str| {
            part.parse::<f64>().map_err(|source| ParseConfigError::SearchNumber {
                spec: spec.to_string(),
                number: part.to_string(),
                source,
            })
        };
        // Replica exchange's full form ends with an adjustment, which has words of its own.
        let exchange = spec.strip_prefix("exchange:").map(|rest| rest.splitn(3, ':'));
        if let Some([m, beta_hot, adjustment]) = exchange.map(|p| p.collect::<Vec<_>>()).as_deref()
        {
            let m = number(m)?;
            let beta_hot = number(beta_hot)?;
            let adjustment = adjustment.parse()?;
            if m < 0.0 || m.fract() != 0.0 {
                return Err(unknown());
            }
            return Ok(Search::ReplicaExchange { replicas: m as usize, beta_hot, adjustment });
        }
        if let Some(rest) = spec.strip_prefix("best-first:") {
            let (restarts, partial) = match rest.rsplit_once("partial=") {
                Some((before, k)) => (before.strip_suffix(':'), Some(k)),
                None => (Some(rest), None),
            };
            let count = |part: &str| match number(part)? {
                n if n >= 1.0 && n.fract() == 0.0 && n <= 1e15 => Ok(n as u64),
                _ => Err(unknown()),
            };
            let restart_after = restarts.filter(|r| !r.is_empty()).map(count).transpose()?;
            let partial = partial.map(count).transpose()?.map(|k| k as usize);
            if restart_after.is_none() && partial.is_none() {
                return Err(unknown());
            }
            return Ok(Search::BestFirst { restart_after, partial });
        }
        let mut parts = spec.split(':');
        let name = parts.next().unwrap_or("");
        let numbers: Vec<f64> = parts.map(number).collect::<Result<_, _>>()?;
        Ok(match (name, numbers.as_slice()) {
            ("exchange", []) => Search::replica_exchange(),
            ("annealing", []) => Search::annealing(),
            ("annealing", &[t0, alpha, t_min]) => Search::Annealing { t0, alpha, t_min },
            ("metropolis", []) => Search::metropolis(),
            ("metropolis", &[beta]) => Search::Metropolis { beta },
            ("best-first", []) => Search::best_first(),
            _ => return Err(unknown()),
        })
    }
}

/// How the width phase's temperatures adapt.
///
/// # Examples
///
/// ```
/// use sudoku_generate::Adjustment;
/// assert_eq!("watanabe".parse::<Adjustment>()?, Adjustment::Watanabe(0.8));
/// assert_eq!("equal:0.4".parse::<Adjustment>()?, Adjustment::EqualAcceptance(0.4));
/// assert_eq!(Adjustment::EqualAcceptance(0.3).to_string(), "equal");
/// # Ok::<(), sudoku_generate::ParseConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Adjustment {
    /// Fixed temperatures.
    None,
    /// The paper's rule, with the target exchange acceptance.
    Watanabe(f64),
    /// Both ends fixed, acceptance equalised, at this rate.
    EqualAcceptance(f64),
}

impl Adjustment {
    /// The paper's rule with target acceptance 0.8 (`watanabe`).
    #[must_use]
    pub const fn watanabe() -> Adjustment {
        Adjustment::Watanabe(0.8)
    }

    /// Equal acceptance at rate 0.3 (`equal`).
    #[must_use]
    pub const fn equal_acceptance() -> Adjustment {
        Adjustment::EqualAcceptance(0.3)
    }
}

/// `none`, `watanabe` (p = 0.8) or `watanabe:P`, `equal` (rate 0.3) or `equal:RATE`.
impl fmt::Display for Adjustment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Adjustment::None => f.write_str("none"),
            a if a == Adjustment::watanabe() => f.write_str("watanabe"),
            Adjustment::Watanabe(p) => write!(f, "watanabe:{p}"),
            a if a == Adjustment::equal_acceptance() => f.write_str("equal"),
            Adjustment::EqualAcceptance(rate) => write!(f, "equal:{rate}"),
        }
    }
}

impl FromStr for Adjustment {
    type Err = ParseConfigError;

    fn from_str(s: &str) -> Result<Adjustment, ParseConfigError> {
        let unknown = || ParseConfigError::UnknownAdjustment(s.to_string());
        let (name, value) = match s.split_once(':') {
            Some((name, value)) => (name, Some(value.parse::<f64>().map_err(|_| unknown())?)),
            None => (s, None),
        };
        Ok(match (name, value) {
            ("none", None) => Adjustment::None,
            ("watanabe", None) => Adjustment::watanabe(),
            ("watanabe", Some(p)) => Adjustment::Watanabe(p),
            ("equal", None) => Adjustment::equal_acceptance(),
            ("equal", Some(rate)) => Adjustment::EqualAcceptance(rate),
            _ => return Err(unknown()),
        })
    }
}

/// `flips`, `vicinity`, `pattern` or `pattern:U`.
impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Moves::Flips => f.write_str("flips"),
            Moves::Vicinity => f.write_str("vicinity"),
            Moves::Pattern { above: None } => f.write_str("pattern"),
            Moves::Pattern { above: Some(u) } => write!(f, "pattern:{u}"),
        }
    }
}

/// # Examples
///
/// ```
/// use sudoku_generate::Moves;
/// assert_eq!("vicinity".parse::<Moves>()?, Moves::Vicinity);
/// assert_eq!(Moves::Flips.to_string(), "flips");
/// assert_eq!("pattern".parse::<Moves>()?, Moves::PATTERN);
/// assert_eq!("pattern:10.5".parse::<Moves>()?, Moves::Pattern { above: Some(10.5) });
/// assert!("pattern:x".parse::<Moves>().is_err());
/// # Ok::<(), sudoku_generate::ParseConfigError>(())
/// ```
impl FromStr for Moves {
    type Err = ParseConfigError;

    fn from_str(s: &str) -> Result<Moves, ParseConfigError> {
        match s.split_once(':') {
            None if s == "flips" => Ok(Moves::Flips),
            None if s == "vicinity" => Ok(Moves::Vicinity),
            None if s == "pattern" => Ok(Moves::PATTERN),
            Some(("pattern", u)) => match u.parse::<f64>() {
                Ok(u) if u.is_finite() => Ok(Moves::Pattern { above: Some(u) }),
                _ => Err(ParseConfigError::UnknownMoves(s.to_string())),
            },
            _ => Err(ParseConfigError::UnknownMoves(s.to_string())),
        }
    }
}

/// The most puzzles a best-first search keeps waiting.
pub(crate) const BEST_FIRST_FRONTIER: usize = 20_000;

/// Every parameter of a generation: where it starts ([`Start`]), its energy ([`Energy`],
/// any rating of the catalogue), its moves ([`Moves`]) and its optimizer ([`Search`]).
///
/// Three presets ([`Preset`]): [`GeneratorConfig::explainer`] (the `Default`: hard for people,
/// by ER), [`GeneratorConfig::average_width`] (hard for backtracking) and
/// [`GeneratorConfig::paper`] (exactly the paper's schedule).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct GeneratorConfig {
    /// `U` of the width phase.
    pub energy: Energy,
    /// Where the replicas start (the paper's depth phase).
    pub start: Start,
    /// The main phase's optimizer (the paper's replica exchange).
    pub search: Search,
    /// `J`, the coupling of the difficulty (100).
    pub j: f64,
    /// `h`, the field on the clues (1).
    pub h: f64,
    /// Sweeps in a round, N_s (100): replica exchange exchanges after each, and every search
    /// records its history (energies, temperatures) once a round.
    pub sweeps_per_round: u32,
    /// Removal-then-addition pairs per sweep (10).
    pub move_pairs: u32,
    /// The width phase's moves (the paper's flips over one solution grid).
    pub moves: Moves,
    /// Search nodes allowed per rating; a puzzle over budget is never accepted.
    pub rating_budget: u64,
    /// Random tie-breaking samples of the final average-width rating (100).
    pub rerate_samples: u32,
    /// How many of the last best puzzles are re-rated at the end (50). Not just the last few:
    /// a lower energy does not always mean a higher average width, so earlier bests can win.
    pub rerate_candidates: usize,
    /// Report a minimal puzzle: the chosen one with its unneeded clues removed (in row-major
    /// order) and re-rated. Off by default: the search's puzzles are usually minimal already,
    /// since every clue costs energy, and [`Summary::minimal`](crate::Summary::minimal) says
    /// whether it is.
    #[serde(default)]
    pub minimal: bool,
}

impl Default for GeneratorConfig {
    /// Puzzles hard for people: [`GeneratorConfig::explainer`].
    fn default() -> GeneratorConfig {
        GeneratorConfig::explainer()
    }
}

impl GeneratorConfig {
    /// With this energy.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{GeneratorConfig, Search, Start};
    /// let config = GeneratorConfig::explainer()
    ///     .with_energy("depth".parse()?)
    ///     .with_start(Start::random(50))
    ///     .with_search(Search::Metropolis { beta: 0.2 });
    /// assert_eq!(config.energy.to_string(), "depth");
    /// # Ok::<(), sudoku_metrics::ParseRatingError>(())
    /// ```
    #[must_use]
    pub fn with_energy(self, energy: Energy) -> GeneratorConfig {
        GeneratorConfig { energy, ..self }
    }

    /// Starting this way.
    #[must_use]
    pub fn with_start(self, start: Start) -> GeneratorConfig {
        GeneratorConfig { start, ..self }
    }

    /// With this optimizer.
    #[must_use]
    pub fn with_search(self, search: Search) -> GeneratorConfig {
        GeneratorConfig { search, ..self }
    }

    /// With these moves.
    #[must_use]
    pub fn with_moves(self, moves: Moves) -> GeneratorConfig {
        GeneratorConfig { moves, ..self }
    }

    /// With `sweeps` sweeps per round.
    #[must_use]
    pub fn with_sweeps_per_round(self, sweeps: u32) -> GeneratorConfig {
        GeneratorConfig { sweeps_per_round: sweeps, ..self }
    }

    /// With `pairs` removal-then-addition pairs per sweep.
    #[must_use]
    pub fn with_move_pairs(self, pairs: u32) -> GeneratorConfig {
        GeneratorConfig { move_pairs: pairs, ..self }
    }

    /// With `budget` search nodes per rating.
    #[must_use]
    pub fn with_rating_budget(self, budget: u64) -> GeneratorConfig {
        GeneratorConfig { rating_budget: budget, ..self }
    }

    /// Re-rating `candidates` of the last bests with `samples` tie-breaks at the end.
    #[must_use]
    pub fn with_rerate(self, samples: u32, candidates: usize) -> GeneratorConfig {
        GeneratorConfig { rerate_samples: samples, rerate_candidates: candidates, ..self }
    }

    /// Reporting a minimal puzzle (see [`GeneratorConfig::minimal`]).
    #[must_use]
    pub fn with_minimal(self, minimal: bool) -> GeneratorConfig {
        GeneratorConfig { minimal, ..self }
    }

    /// Expansions without a better puzzle after which [`GeneratorConfig::explainer`]'s search
    /// restarts (400): longer than every stretch between two better puzzles on the way to a
    /// best of ER 10.7 or more in the ten 10-minute runs of `docs/generator.md` (the longest
    /// was 375), shorter than the stalls of the runs that ended lower.
    ///
    /// ```
    /// use sudoku_generate::{GeneratorConfig, Search};
    /// let search = GeneratorConfig::explainer().search;
    /// assert_eq!(search, Search::BestFirst { restart_after: Some(400), partial: None });
    /// assert_eq!(search.to_string(), "best-first:400");
    /// ```
    pub const EXPLAINER_RESTART: u64 = 400;

    /// The most clues of the explainer preset's random start puzzles: 22. Random removal
    /// makes minimal puzzles of 24 or 25 clues most often and of 22 or fewer about one time in
    /// 25, while 68 % of the 26,013 puzzles of ER 11 or more in `elevens-hardest.txt` have 21
    /// or 22; a search over the {-1+1} vicinity never adds a clue, so the starts set where
    /// it climbs (`docs/generator.md`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{GeneratorConfig, Start};
    /// let start = GeneratorConfig::explainer().start;
    /// assert_eq!(start, Start::random_up_to(2000, GeneratorConfig::EXPLAINER_MAX_CLUES));
    /// assert_eq!(start.to_string(), "random:2000:22");
    /// ```
    pub const EXPLAINER_MAX_CLUES: u8 = 22;

    /// Puzzles hard for people, by Sudoku Explainer's ER (measured in `docs/generator.md`):
    /// energy `se-rating:tiebreak=ep-ed`, 2,000 random minimal puzzles of at most
    /// [`EXPLAINER_MAX_CLUES`](Self::EXPLAINER_MAX_CLUES) clues as the start, and a
    /// best-first search over the {-1+1} vicinity (every exchange of one clue, so the solution
    /// grid changes) from all of them that restarts from the next start after
    /// [`EXPLAINER_RESTART`](Self::EXPLAINER_RESTART) expansions without a better puzzle; the
    /// paper's values for everything else. Over ten 10-minute runs the restarts lifted the
    /// three that had stalled in a low basin (ER 10.2, 10.4, 10.6 to 10.7 each) and changed
    /// no other: the climbs that reached ER 11 never went that long without a better puzzle.
    /// With the clue limit, eight 10-minute runs made new puzzles of ER 10.5 to 11.5 (median
    /// 11.05; seeds 1-3: 11.0, 11.5, 11.3) where starts of any clue count made 10.7 to 11.5
    /// (median 10.85).
    #[must_use]
    pub fn explainer() -> GeneratorConfig {
        let mut rating = Rating::new(RatingKind::SeRating);
        rating.tiebreak = sudoku_metrics::SeTiebreak::EpEd;
        GeneratorConfig {
            energy: Energy::new(rating),
            start: Start::random_up_to(2000, GeneratorConfig::EXPLAINER_MAX_CLUES),
            search: Search::best_first_restarting(GeneratorConfig::EXPLAINER_RESTART),
            moves: Moves::Vicinity,
            sweeps_per_round: 1,
            ..GeneratorConfig::paper()
        }
    }

    /// Puzzles hard for backtracking (measured in `docs/generator.md`): energy ln of the
    /// average width over 8 random tie-breaks, 2,000 random minimal puzzles as the start, and
    /// a best-first search over the {-1+1} vicinity from all of them that restarts from the
    /// next start after 100 expansions without a better puzzle; the paper's values for
    /// everything else. The average width is what records are judged by: the paper's normal
    /// width rewards the puzzle's orientation, and so, given a few minutes, does the mean over
    /// the 8 rotations and reflections. Best-first over the vicinity found average widths of
    /// 32,000 to 107,000 in 10 minutes where the paper's replica exchange over one solution
    /// grid, with the same energy, reached 12,000; restarts leave a basin that has plateaued
    /// (one seed stayed at 32,600 for 20 minutes without them).
    #[must_use]
    pub fn average_width() -> GeneratorConfig {
        GeneratorConfig {
            energy: Energy::new(Rating::new(RatingKind::AverageWidth).with_samples(8)),
            start: Start::random(2000),
            search: Search::best_first_restarting(100),
            ..GeneratorConfig::explainer()
        }
    }

    /// The paper's schedule exactly: energy ln(normal width), J = 100, h = 1, depth phase at
    /// beta = 0.05 until depth 8, M = 10 replicas, N_s = 100, beta_m = 0.01 m, adjustment with
    /// p = 0.8, 10 removal-and-addition pairs per MC step.
    #[must_use]
    pub fn paper() -> GeneratorConfig {
        GeneratorConfig {
            energy: Energy::width(),
            start: Start::depth_phase(),
            search: Search::replica_exchange(),
            moves: Moves::Flips,
            j: 100.0,
            h: 1.0,
            sweeps_per_round: 100,
            move_pairs: 10,
            rating_budget: 20_000_000,
            rerate_samples: 100,
            rerate_candidates: 50,
            minimal: false,
        }
    }
}

/// The settings a generation starts from, by name: `explainer` (the default),
/// `average-width`, `paper`.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{GeneratorConfig, Preset};
/// let preset: Preset = "average-width".parse()?;
/// assert_eq!(preset.config(), GeneratorConfig::average_width());
/// assert_eq!(Preset::default().to_string(), "explainer");
/// assert!("fast".parse::<Preset>().is_err());
/// # Ok::<(), sudoku_generate::ParseConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Preset {
    /// Hard for people: [`GeneratorConfig::explainer`].
    #[default]
    Explainer,
    /// Hard for backtracking: [`GeneratorConfig::average_width`].
    AverageWidth,
    /// The paper's schedule: [`GeneratorConfig::paper`].
    Paper,
}

impl Preset {
    /// Every preset, with [`Preset::name`]s `explainer`, `average-width`, `paper`.
    pub const ALL: [Preset; 3] = [Preset::Explainer, Preset::AverageWidth, Preset::Paper];

    /// Its name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Explainer => "explainer",
            Preset::AverageWidth => "average-width",
            Preset::Paper => "paper",
        }
    }

    /// Its settings.
    #[must_use]
    pub fn config(self) -> GeneratorConfig {
        match self {
            Preset::Explainer => GeneratorConfig::explainer(),
            Preset::AverageWidth => GeneratorConfig::average_width(),
            Preset::Paper => GeneratorConfig::paper(),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = ParseConfigError;

    fn from_str(s: &str) -> Result<Preset, ParseConfigError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| ParseConfigError::UnknownPreset(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T>(values: &[T])
    where
        T: fmt::Display + FromStr<Err = ParseConfigError> + PartialEq + fmt::Debug,
    {
        for v in values {
            assert_eq!(v.to_string().parse::<T>().as_ref(), Ok(v), "{v}");
        }
    }

    #[test]
    fn every_value_round_trips() {
        let adjustments = [
            Adjustment::None,
            Adjustment::watanabe(),
            Adjustment::Watanabe(0.65),
            Adjustment::equal_acceptance(),
            Adjustment::EqualAcceptance(0.125),
        ];
        round_trip(&adjustments);
        let mut searches = vec![
            Search::annealing(),
            Search::Annealing { t0: 10.0, alpha: 0.9, t_min: 0.5 },
            Search::metropolis(),
            Search::Metropolis { beta: 1e-3 },
            Search::best_first(),
            Search::BestFirst { restart_after: Some(100), partial: None },
            Search::BestFirst { restart_after: None, partial: Some(32) },
            Search::BestFirst { restart_after: Some(50), partial: Some(8) },
            Search::exchange(0),
        ];
        for adjustment in adjustments {
            searches.push(Search::ReplicaExchange { replicas: 7, beta_hot: 0.02, adjustment });
        }
        round_trip(&searches);
        round_trip(&[
            Start::depth_phase(),
            Start::depth(3),
            Start::DepthPhase { beta: 0.5, target: 9, max_sweeps: 12 },
            Start::random(0),
            Start::random(2000),
            Start::random_up_to(2000, 22),
            Start::random_up_to(1, 81),
            Start::Given(17),
        ]);
        round_trip(&[
            Moves::Flips,
            Moves::Vicinity,
            Moves::PATTERN,
            Moves::Pattern { above: Some(10.5) },
        ]);
        round_trip(&Preset::ALL);
    }

    /// The command line's forms read as they did in 0.1.
    #[test]
    fn the_command_line_forms_read_as_before() {
        let s = |t: &str| t.parse::<Search>();
        assert_eq!(s("exchange"), Ok(Search::replica_exchange()));
        assert_eq!(s("annealing"), Ok(Search::Annealing { t0: 20.0, alpha: 0.999, t_min: 1.0 }));
        assert_eq!(s("metropolis:0.5"), Ok(Search::Metropolis { beta: 0.5 }));
        assert_eq!(
            s("best-first:100"),
            Ok(Search::BestFirst { restart_after: Some(100), partial: None })
        );
        assert_eq!(
            s("best-first:partial=32"),
            Ok(Search::BestFirst { restart_after: None, partial: Some(32) })
        );
        assert_eq!(
            s("best-first:7:partial=2"),
            Ok(Search::BestFirst { restart_after: Some(7), partial: Some(2) })
        );
        for bad in ["annealing:1", "best-first:0", "best-first:2.5", "exchange:5", "tabu", ""] {
            assert_eq!(s(bad), Err(ParseConfigError::UnknownSearch(bad.into())), "{bad}");
        }
        let Err(ParseConfigError::SearchNumber { number, .. }) = s("annealing:x:0.9:1") else {
            panic!("a number is named")
        };
        assert_eq!(number, "x");
        assert_eq!(
            s("tabu:x").unwrap_err().to_string(),
            "invalid number \"x\" in search \"tabu:x\"",
            "numbers are read before the name, as in 0.1"
        );
        assert_eq!("random:20".parse::<Start>(), Ok(Start::random(20)));
        assert_eq!("random:20:21".parse::<Start>(), Ok(Start::random_up_to(20, 21)));
        for bad in
            ["random", "random:x", "random:-1", "file:x", "depth:1", "random:9:20", "random:9:82"]
        {
            assert_eq!(bad.parse::<Start>(), Err(ParseConfigError::UnknownStart(bad.into())));
        }
        assert_eq!(
            "sideways".parse::<Moves>().unwrap_err().to_string(),
            "unknown moves \"sideways\"; use flips, vicinity, pattern or pattern:U (pattern moves from puzzles of U or more)"
        );
        for bad in ["pattern:", "pattern:x", "pattern:inf", "vicinity:1", "pattern:1:2"] {
            assert_eq!(bad.parse::<Moves>(), Err(ParseConfigError::UnknownMoves(bad.into())));
        }
        assert_eq!(
            "fast".parse::<Preset>().unwrap_err().to_string(),
            "unknown preset \"fast\"; use explainer, average-width or paper"
        );
        assert_eq!(
            "cold".parse::<Adjustment>().unwrap_err().to_string(),
            "unknown adjustment \"cold\"; use watanabe, equal or none"
        );
    }

    #[test]
    fn the_error_is_send_and_sync() {
        fn check<T: Send + Sync + 'static>() {}
        check::<ParseConfigError>();
    }
}
