//! The paper's schedule: a random solution grid, a depth phase by Metropolis, then a width
//! phase by replica exchange with adaptive temperatures. The whole generation serialises, so a
//! run can stop, be saved, and resume exactly.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use sudoku_core::Grid;
use sudoku_logic::SeRating;
use sudoku_metrics::{
    AverageWidth, Depth, Difficulty, Mean, NormalWidth, ParseRatingError, Rating, RatingKind,
    Scale, SeRater,
};
use tempering::{
    Annealing, AnnealingState, BestFirst, Budget, MarkovChain, ConfigError, Cooling, ExchangeConfig,
    Ladder, Metropolis, Model, Observer, ReplicaExchange, StopReason, drive,
};

use crate::band::stream;
use crate::{
    Moves, PuzzleModel, PuzzleMove, PuzzleState, Symmetry, is_minimal, minimize, random_minimal,
};

/// The difficulty `U` in the energy `H = -J U + h * clues`: any rating of the catalogue
/// ([`Rating`]) on a [`Scale`].
///
/// # Examples
///
/// ```
/// use sudoku_generate::{Energy, Scale};
/// let energy: Energy = "average-width:samples=8".parse()?;
/// assert_eq!(energy.scale, Scale::Ln);
/// assert_eq!(energy.to_string(), "ln average-width:samples=8");
/// let er: Energy = "se-rating:tiebreak=ep-ed".parse()?;
/// assert_eq!((er.scale, er.is_for_people()), (Scale::Linear, true));
/// # Ok::<(), sudoku_metrics::ParseRatingError>(())
/// ```
///
/// A rating of your own is an energy too: [`PuzzleModel`] takes any
/// [`Difficulty`](sudoku_metrics::Difficulty), and every `tempering` optimizer runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Energy {
    /// The rating.
    pub rating: Rating,
    /// How `U` is made from it.
    pub scale: Scale,
}

impl Energy {
    /// `rating` on its natural scale: `ln` for the widths, `ln(1 + x)` for the human-model
    /// ratings, the number itself otherwise.
    #[must_use]
    pub fn new(rating: Rating) -> Energy {
        Energy { rating, scale: rating.kind.entry().scale }
    }

    /// The paper's width-phase energy: `ln` of the normal width.
    #[must_use]
    pub fn width() -> Energy {
        Energy::new(Rating::new(RatingKind::NormalWidth))
    }

    /// Whether `U` says how hard a puzzle is for people (the logical solver or the
    /// human-solver model) rather than for backtracking.
    #[must_use]
    pub fn is_for_people(&self) -> bool {
        self.rating.kind.is_for_people()
    }

    /// The rating that computes `U`; backtracking ratings without a budget of their own get
    /// `search_budget` search nodes.
    #[must_use]
    pub fn difficulty(&self, search_budget: u64) -> Box<dyn Difficulty> {
        let mut rating = self.rating;
        if rating.budget.is_none() && !self.is_for_people() {
            rating = rating.with_budget(search_budget);
        }
        Box::new(Scaled(rating, self.scale))
    }
}

/// `ln average-width:samples=8`, `se-rating`.
impl std::fmt::Display for Energy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.scale {
            Scale::Ln => write!(f, "ln {}", self.rating),
            Scale::LnOnePlus => write!(f, "ln(1 + {})", self.rating),
            _ => write!(f, "{}", self.rating),
        }
    }
}

/// A rating spec (`se-rating:tiebreak=ep-ed`) on its natural scale.
impl std::str::FromStr for Energy {
    type Err = ParseRatingError;
    fn from_str(s: &str) -> Result<Energy, ParseRatingError> {
        s.parse().map(Energy::new)
    }
}

/// A rating on a scale.
#[derive(Debug)]
struct Scaled(Rating, Scale);

impl Difficulty for Scaled {
    fn name(&self) -> &str {
        self.0.kind.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, sudoku_core::Failure> {
        Ok(self.1.apply(self.0.rate(puzzle, seed)?))
    }
}

/// The optimizer of the main phase: any of `tempering`'s, run by its one driver loop.
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
    /// the start puzzles not yet expanded ([`tempering::BestFirst::with_restarts`]).
    BestFirst {
        /// Expansions without a better puzzle that end an epoch (`None`: never restart).
        restart_after: Option<u64>,
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
        Search::ReplicaExchange { replicas, beta_hot: 0.01, adjustment: Adjustment::Watanabe(0.8) }
    }

    /// Best-first search without restarts.
    #[must_use]
    pub const fn best_first() -> Search {
        Search::BestFirst { restart_after: None }
    }
}

/// The main phase's optimizer in progress.
#[derive(Debug, Serialize, Deserialize)]
enum Searcher {
    Exchange(ReplicaExchange<PuzzleState>),
    Annealing(MarkovChain<PuzzleState, Pcg64Mcg, AnnealingState>),
    Metropolis(MarkovChain<PuzzleState, Pcg64Mcg, Metropolis>),
    BestFirst(BestFirst<PuzzleState, PuzzleMove>),
}

impl Searcher {
    fn sweeps(&self) -> u64 {
        match self {
            Searcher::Exchange(x) => x.sweeps(),
            Searcher::Annealing(c) => c.sweeps(),
            Searcher::Metropolis(c) => c.sweeps(),
            Searcher::BestFirst(b) => b.sweeps(),
        }
    }

    fn best(&self) -> (&PuzzleState, f64) {
        match self {
            Searcher::Exchange(x) => x.best(),
            Searcher::Annealing(c) => c.best(),
            Searcher::Metropolis(c) => c.best(),
            Searcher::BestFirst(b) => b.best(),
        }
    }

    fn run<O: Observer<PuzzleState>>(
        &mut self,
        model: &PuzzleModel<Box<dyn Difficulty>>,
        budget: &Budget,
        observer: &mut O,
    ) -> StopReason {
        match self {
            Searcher::Exchange(x) => drive(x, model, budget, observer),
            Searcher::Annealing(c) => drive(c, model, budget, observer),
            Searcher::Metropolis(c) => drive(c, model, budget, observer),
            Searcher::BestFirst(b) => drive(b, model, budget, observer),
        }
    }
}

/// Why a generation cannot start.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{GenerateError, Generation, GeneratorConfig, Start};
/// let given = GeneratorConfig::default().with_start(Start::Given(3));
/// // Given puzzles go through `Generation::start_from`.
/// assert!(matches!(Generation::start(given, 1), Err(GenerateError::NoStart)));
/// let empty = GeneratorConfig::paper().with_search(sudoku_generate::Search::exchange(0));
/// assert!(matches!(Generation::start(empty, 1), Err(GenerateError::Optimizer(_))));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No puzzle to start from: [`Start::Given`] without its puzzles (see
    /// [`Generation::start_from`]), or none of the given puzzles has a unique solution.
    #[error("no start puzzle: none given, or none of them has a unique solution")]
    NoStart,
    /// The optimizer cannot run with this configuration (no replicas, an invalid ladder).
    #[error("the optimizer cannot run: {0}")]
    Optimizer(#[from] ConfigError),
}

/// Why a run stopped, in the status words of the command line's schema: `time_limit`,
/// `step_limit`, `interrupted`, `exhausted` (a best-first search with nothing left to
/// expand) or `target_reached`.
///
/// # Examples
///
/// ```
/// use tempering::StopReason;
/// assert_eq!(sudoku_generate::stop_status(StopReason::Sweeps), "step_limit");
/// ```
#[must_use]
pub fn stop_status(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Time => "time_limit",
        StopReason::Sweeps => "step_limit",
        StopReason::Stopped => "interrupted",
        StopReason::Exhausted => "exhausted",
        _ => "target_reached",
    }
}

/// The most puzzles a best-first search keeps waiting.
const BEST_FIRST_FRONTIER: usize = 20_000;

/// How a generation finds the puzzle its replicas start from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Start {
    /// The paper's depth phase: Metropolis at inverse temperature `beta` on the depth, from
    /// the full solution grid, until the depth reaches `target` or after `max_sweeps` sweeps.
    /// [`Start::depth_phase`] gives the paper's values.
    DepthPhase {
        /// The inverse temperature (0.05).
        beta: f64,
        /// The depth that ends the phase (8).
        target: u32,
        /// The most sweeps (100,000).
        max_sweeps: u64,
    },
    /// This many random minimal puzzles, rated by the run's energy in parallel: chains and
    /// replicas start from the lowest-energy one, [`Search::BestFirst`] from all of them.
    BestOfRandom(u32),
    /// This many puzzles given to [`Generation::start_from`] (the vicinity of known hard
    /// puzzles, say), used as random minimal puzzles are.
    Given(u32),
}

impl Start {
    /// The paper's depth phase: beta = 0.05 until depth 8 (at most 100,000 sweeps).
    #[must_use]
    pub const fn depth_phase() -> Start {
        Start::depth(8)
    }

    /// The paper's depth phase, until depth `target`.
    #[must_use]
    pub const fn depth(target: u32) -> Start {
        Start::DepthPhase { beta: 0.05, target, max_sweeps: 100_000 }
    }
}

/// How the width phase's temperatures adapt.
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

/// Every parameter of a generation: where it starts ([`Start`]), its energy ([`Energy`],
/// any rating of the catalogue), its moves ([`Moves`]) and its optimizer ([`Search`]).
///
/// Three presets: [`GeneratorConfig::explainer`] (the `Default`: hard for people, by ER),
/// [`GeneratorConfig::average_width`] (hard for backtracking) and [`GeneratorConfig::paper`]
/// (exactly the paper's schedule).
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
    /// since every clue costs energy, and [`Summary::minimal`] says whether it is.
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
    ///     .with_start(Start::BestOfRandom(50))
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

    /// Puzzles hard for people, by Sudoku Explainer's ER (measured in `docs/generator.md`):
    /// energy `se-rating:tiebreak=ep-ed`, 2,000 random minimal puzzles as the start, and a
    /// best-first search over the {-1+1} vicinity (every exchange of one clue, so the solution
    /// grid changes) from all of them; the paper's values for everything else.
    #[must_use]
    pub fn explainer() -> GeneratorConfig {
        let mut rating = Rating::new(RatingKind::SeRating);
        rating.tiebreak = sudoku_metrics::SeTiebreak::EpEd;
        GeneratorConfig {
            energy: Energy::new(rating),
            start: Start::BestOfRandom(2000),
            search: Search::best_first(),
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
            search: Search::BestFirst { restart_after: Some(100) },
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

/// What a caller sees while a generation starts and runs, and the one place a caller says
/// "stop": [`Progress::keep_going`] is asked within long steps and start phases, and by
/// default after every round too. A closure `FnMut() -> bool` is a `Progress` that only
/// answers that question.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{Generation, GeneratorConfig, Start};
/// let config = GeneratorConfig::default().with_start(Start::BestOfRandom(100));
/// let mut asked = 0;
/// let stop_at_once = &mut || {
///     asked += 1;
///     false
/// };
/// assert!(Generation::start_until(config, 1, stop_at_once)?.is_none());
/// assert_eq!(asked, 1);
/// # Ok::<(), sudoku_generate::GenerateError>(())
/// ```
pub trait Progress {
    /// After each round; return `false` to stop (the generation can be saved and resumed).
    /// By default, [`Progress::keep_going`].
    fn on_round(&mut self, round: &RoundRecord, best: Option<&BestRecord>) -> bool {
        let _ = (round, best);
        self.keep_going()
    }

    /// When a new best puzzle is found.
    fn on_best(&mut self, best: &BestRecord) {
        let _ = best;
    }

    /// Asked within a long step (a best-first expansion rates hundreds of puzzles); return
    /// `false` to stop there (the generation can be saved and resumed).
    fn keep_going(&mut self) -> bool {
        true
    }
}

impl Progress for () {}

impl<F: FnMut() -> bool> Progress for F {
    fn keep_going(&mut self) -> bool {
        self()
    }
}

/// The final result: the hardest candidate by average width, with all its ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its Sudoku Explainer ER/EP/ED (from the logical solver), whatever the energy.
    pub se: Option<SeRating>,
    /// Its clue count.
    pub clues: usize,
    /// Whether every clue is needed.
    pub minimal: bool,
    /// Its depth.
    pub depth: Option<u32>,
    /// Its normal width.
    pub normal_width: Option<u64>,
    /// Its average width (mean, standard error, samples).
    pub average_width: Option<Mean>,
    /// Its energy in the run's Hamiltonian.
    pub energy: f64,
    /// The lowest energy found in the run (its puzzle may rate lower by average width).
    pub best_energy: f64,
    /// Width-phase sweeps per replica (REMC steps).
    pub steps: u64,
    /// Depth-phase sweeps.
    pub depth_steps: u64,
    /// The run's seed.
    pub seed: u64,
}

/// A generation in progress: serialise it to checkpoint, deserialise it to resume.
#[derive(Debug, Serialize, Deserialize)]
pub struct Generation {
    config: GeneratorConfig,
    seed: u64,
    solution: Grid,
    depth_steps: u64,
    search: Searcher,
    history: Vec<RoundRecord>,
    bests: Vec<BestRecord>,
    /// The width-phase model, kept across runs for its memo of ratings; rebuilt after a resume
    /// (the memo changes no result, so a resumed run is still exact).
    #[serde(skip)]
    model: Option<PuzzleModel<Box<dyn Difficulty>>>,
}

/// `n` random minimal puzzles (the `i`-th drawn from the seed and `i` alone, rated in
/// parallel: the same for any thread count), lowest energy first (in drawing order among
/// equals), or `None` when `keep_going` says stop.
fn random_starts(
    model: &PuzzleModel<Box<dyn Difficulty>>,
    n: u32,
    seed: u64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Option<Vec<PuzzleState>> {
    use rayon::prelude::*;
    let mut all: Vec<(f64, PuzzleState)> = Vec::new();
    let mut next = 0;
    while next < n.max(1) {
        if !keep_going() {
            return None;
        }
        let upto = (next + 64).min(n.max(1));
        let drawn: Vec<(f64, PuzzleState)> = (next..upto)
            .into_par_iter()
            .map(|i| {
                let mut rng = stream(seed, u64::from(i) + 1);
                let puzzle = random_minimal(&mut rng, Symmetry::None);
                let solution = match sudoku_solve::solve(&puzzle) {
                    sudoku_solve::Outcome::Unique(s) => s,
                    _ => unreachable!("a random minimal puzzle is unique"),
                };
                let state = model.state_of(puzzle.filled_cells().bits(), solution);
                (model.energy(&state), state)
            })
            .collect();
        all.extend(drawn);
        next = upto;
    }
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    Some(all.into_iter().map(|(_, state)| state).collect())
}

/// Stops the depth phase when the depth target is reached.
/// Runs the depth phase until the target depth, or until `keep_going` says stop.
struct DepthReached<'a> {
    target: f64,
    keep_going: &'a mut dyn FnMut() -> bool,
    interrupted: bool,
}

impl Observer<PuzzleState> for DepthReached<'_> {
    fn on_sweep(&mut self, info: &tempering::SweepInfo<'_, PuzzleState>) -> bool {
        if !(self.keep_going)() {
            self.interrupted = true;
            return false;
        }
        info.state.u < self.target
    }
}

/// Forwards the exchange's rounds and bests to the caller, recording them.
struct Recorder<'a, P: ?Sized> {
    /// Records carry ER/EP/ED when the energy is ER.
    rates_se: bool,
    history: &'a mut Vec<RoundRecord>,
    bests: &'a mut Vec<BestRecord>,
    progress: &'a mut P,
    /// A single chain reports every this many sweeps, as a round.
    every: u64,
}

impl<P: Progress + ?Sized> Observer<PuzzleState> for Recorder<'_, P> {
    fn on_best(&mut self, state: &PuzzleState, energy: f64, sweep: u64) {
        let puzzle = state.puzzle();
        let se =
            self.rates_se.then(|| SeRater::default().evaluate(&puzzle).ok().map(|r| r.0)).flatten();
        let record = BestRecord {
            se,
            puzzle,
            clues: state.clue_count(),
            u: state.u,
            energy,
            sweep,
            depth: Depth::default().evaluate(&puzzle).ok(),
            normal_width: NormalWidth::default().evaluate(&puzzle).ok().map(|w| w.width),
        };
        self.progress.on_best(&record);
        self.bests.push(record);
    }

    fn on_round(&mut self, info: &tempering::RoundInfo<'_, PuzzleState>) -> bool {
        self.round(RoundRecord {
            sweep: info.sweeps,
            betas: info.betas.to_vec(),
            energies: info.energies.clone(),
        })
    }

    fn keep_going(&mut self) -> bool {
        self.progress.keep_going()
    }

    fn on_sweep(&mut self, info: &tempering::SweepInfo<'_, PuzzleState>) -> bool {
        if !info.sweep.is_multiple_of(self.every.max(1)) {
            return true;
        }
        self.round(RoundRecord {
            sweep: info.sweep,
            // A search without temperature reports none (JSON has no infinity).
            betas: if info.beta.is_finite() { vec![info.beta] } else { Vec::new() },
            energies: vec![info.energy],
        })
    }
}

impl<P: Progress + ?Sized> Recorder<'_, P> {
    fn round(&mut self, record: RoundRecord) -> bool {
        let go_on = self.progress.on_round(&record, self.bests.last());
        self.history.push(record);
        go_on
    }
}

impl Generation {
    /// Starts a generation from `config.start`: with [`Start::BestOfRandom`] (the default) it
    /// rates that many random minimal puzzles and starts from the best; with
    /// [`Start::DepthPhase`] (the paper's) it draws the solution grid and runs the depth phase
    /// (Metropolis at `depth_beta` until the depth target) and every replica starts from its
    /// puzzle. [`Start::Given`] needs the puzzles: [`Generation::start_from`].
    ///
    /// # Errors
    ///
    /// [`GenerateError`] if the width phase's configuration is invalid (no replicas, say).
    pub fn start(config: GeneratorConfig, seed: u64) -> Result<Generation, GenerateError> {
        Ok(Generation::start_until(config, seed, &mut || true)?.expect("never interrupted"))
    }

    /// As [`Generation::start`], but the start phase asks `progress` whether to keep going
    /// (after every sweep of the depth phase, between chunks of start puzzles) and gives up,
    /// with `Ok(None)`, when it says stop (a user's Ctrl-C, say).
    ///
    /// # Errors
    ///
    /// [`GenerateError`] if the width phase's configuration is invalid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{Generation, GeneratorConfig, Start};
    /// let config = GeneratorConfig::default().with_start(Start::depth(3));
    /// assert!(Generation::start_until(config, 1, &mut || false)?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_until(
        config: GeneratorConfig,
        seed: u64,
        progress: &mut dyn Progress,
    ) -> Result<Option<Generation>, GenerateError> {
        let keep_going = &mut || progress.keep_going();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let solution = sudoku_solve::random_solution(&mut rng);
        let (beta, target, max_sweeps) = match config.start {
            Start::DepthPhase { beta, target, max_sweeps } => (beta, target, max_sweeps),
            Start::BestOfRandom(n) => {
                let model = Generation::width_model(&config, solution, seed);
                let Some(starts) = random_starts(&model, n, seed, keep_going) else {
                    return Ok(None);
                };
                return Generation::with_starts(config, seed, model, starts, 0).map(Some);
            }
            Start::Given(_) => return Err(GenerateError::NoStart),
        };
        let depth_model =
            PuzzleModel::new(solution, Depth::default().with_budget(config.rating_budget), seed)
                .with_coupling(config.j, config.h);
        let chain = Metropolis::new(beta).with_moves_per_sweep(2 * config.move_pairs);
        let mut depth_observer =
            DepthReached { target: f64::from(target), keep_going, interrupted: false };
        let report = chain.run(
            &depth_model,
            depth_model.full_state(),
            &mut rng,
            &Budget::sweeps(max_sweeps),
            &mut depth_observer,
        );
        if depth_observer.interrupted {
            return Ok(None);
        }
        let start = report.state;
        let model = Generation::width_model(&config, solution, seed);
        let first = model.state_of(start.clues, start.solution);
        Generation::with_starts(config, seed, model, vec![first], report.sweeps).map(Some)
    }

    /// A generation that starts from the given `puzzles` (those with one solution; the others
    /// are left out), rated by the run's energy in parallel, as it starts from random minimal
    /// puzzles ([`Start::BestOfRandom`]); `config.start` becomes [`Start::Given`]. `None` if
    /// `keep_going` said stop.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NoStart`] if no puzzle has one solution, or the configuration's error.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_generate::{Generation, GeneratorConfig, Start};
    /// let known: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let g = Generation::start_from(GeneratorConfig::default(), 1, &[known], &mut || true)?;
    /// assert_eq!(g.expect("not stopped").config().start, Start::Given(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_from(
        mut config: GeneratorConfig,
        seed: u64,
        puzzles: &[Grid],
        progress: &mut dyn Progress,
    ) -> Result<Option<Generation>, GenerateError> {
        use rayon::prelude::*;
        config.start = Start::Given(u32::try_from(puzzles.len()).unwrap_or(u32::MAX));
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let model = Generation::width_model(&config, sudoku_solve::random_solution(&mut rng), seed);
        let mut rated: Vec<(f64, PuzzleState)> = Vec::with_capacity(puzzles.len());
        for chunk in puzzles.chunks(64) {
            if !progress.keep_going() {
                return Ok(None);
            }
            rated.par_extend(chunk.par_iter().filter_map(|p| {
                let solution = sudoku_solve::solve(p).unique()?;
                let state = model.state_of(p.filled_cells().bits(), solution);
                Some((model.energy(&state), state))
            }));
        }
        rated.sort_by(|a, b| a.0.total_cmp(&b.0));
        let starts = rated.into_iter().map(|(_, state)| state).collect();
        Generation::with_starts(config, seed, model, starts, 0).map(Some)
    }

    /// Sets up the main phase from `starts` (lowest energy first): a best-first search from all
    /// of them, a Markov chain or every replica from the first.
    fn with_starts(
        config: GeneratorConfig,
        seed: u64,
        model: PuzzleModel<Box<dyn Difficulty>>,
        starts: Vec<PuzzleState>,
        depth_steps: u64,
    ) -> Result<Generation, GenerateError> {
        let first = *starts.first().ok_or(GenerateError::NoStart)?;
        let moves = 2 * config.move_pairs;
        let rng = || Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
        let search = match config.search {
            Search::ReplicaExchange { replicas, beta_hot, adjustment } => {
                let ladder = Ladder::linear(beta_hot, beta_hot * replicas as f64, replicas)?;
                let ladder = match adjustment {
                    Adjustment::None => ladder,
                    Adjustment::Watanabe(p) => ladder.adaptive(p)?,
                    Adjustment::EqualAcceptance(rate) => ladder.equal_acceptance(rate)?,
                };
                let exchange_config = ExchangeConfig {
                    sweeps_per_round: config.sweeps_per_round,
                    moves_per_sweep: moves,
                };
                Searcher::Exchange(ReplicaExchange::new(
                    &model,
                    vec![first; replicas],
                    ladder,
                    exchange_config,
                    seed ^ 0x5eed,
                )?)
            }
            Search::Annealing { t0, alpha, t_min } => {
                let a = Annealing::new(t0, alpha)
                    .with_cooling(Cooling::PerChain(u64::from(moves)))
                    .with_reheat_below(t_min)
                    .with_moves_per_sweep(moves);
                Searcher::Annealing(MarkovChain::new(&model, first, rng(), AnnealingState::new(a)))
            }
            Search::Metropolis { beta } => {
                let m = Metropolis::new(beta).with_moves_per_sweep(moves);
                Searcher::Metropolis(MarkovChain::new(&model, first, rng(), m))
            }
            // A run expands about one puzzle a second: the best 20,000 waiting are plenty, and
            // keep checkpoints small.
            Search::BestFirst { restart_after } => {
                let search =
                    BestFirst::new(&model, starts)?.with_frontier_limit(BEST_FIRST_FRONTIER);
                Searcher::BestFirst(match restart_after {
                    Some(plateau) => search.with_restarts(plateau),
                    None => search,
                })
            }
        };
        Ok(Generation {
            config,
            seed,
            solution: first.solution,
            depth_steps,
            search,
            history: Vec::new(),
            bests: Vec::new(),
            model: Some(model),
        })
    }

    fn width_model(
        config: &GeneratorConfig,
        solution: Grid,
        seed: u64,
    ) -> PuzzleModel<Box<dyn Difficulty>> {
        PuzzleModel::new(solution, config.energy.difficulty(config.rating_budget), seed)
            .with_coupling(config.j, config.h)
            .with_moves(config.moves)
    }

    /// Runs the width phase until the budget is spent or `progress` asks to stop.
    /// `budget.max_sweeps` counts width-phase sweeps since the generation began, so a resumed
    /// run stops exactly where an uninterrupted one would.
    pub fn run<P: Progress + ?Sized>(&mut self, budget: &Budget, progress: &mut P) -> StopReason {
        let (config, solution, seed) = (&self.config, self.solution, self.seed);
        let model =
            self.model.get_or_insert_with(|| Generation::width_model(config, solution, seed));
        let mut recorder = Recorder {
            rates_se: config.energy.rating.kind == RatingKind::SeRating,
            history: &mut self.history,
            bests: &mut self.bests,
            progress,
            every: u64::from(config.sweeps_per_round),
        };
        self.search.run(model, budget, &mut recorder)
    }

    /// Ratings asked for by this process's width phase, and how many its memo answered.
    #[must_use]
    pub fn memo_stats(&self) -> (u64, u64) {
        self.model.as_ref().map_or((0, 0), PuzzleModel::memo_stats)
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &GeneratorConfig {
        &self.config
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The solution grid the generation started from (with [`Moves::Flips`], the solution of
    /// every puzzle it makes).
    #[must_use]
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// Width-phase sweeps per replica so far (REMC steps).
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.search.sweeps()
    }

    /// Depth-phase sweeps.
    #[must_use]
    pub fn depth_steps(&self) -> u64 {
        self.depth_steps
    }

    /// Every new best puzzle, in the order found.
    #[must_use]
    pub fn bests(&self) -> &[BestRecord] {
        &self.bests
    }

    /// Temperatures and energies after every round, for plots.
    #[must_use]
    pub fn history(&self) -> &[RoundRecord] {
        &self.history
    }

    /// The lowest energy found and its state.
    #[must_use]
    pub fn best_state(&self) -> (&PuzzleState, f64) {
        self.search.best()
    }

    /// The run's result, rated (costly: it runs ratings, not a getter). With a backtracking
    /// energy (widths, depth), re-rates the last `rerate_candidates` best puzzles (and the depth
    /// phase's result when there are none) by average width, and returns the hardest; with a
    /// human-model energy, returns the lowest-energy puzzle. Either way the summary carries the
    /// puzzle's depth, normal and average width, and ER/EP/ED.
    #[must_use]
    pub fn rate_summary(&self) -> Summary {
        let (best_state, best_energy) = self.search.best();
        let mut candidates: Vec<(Grid, f64)> = self
            .bests
            .iter()
            .rev()
            .take(self.config.rerate_candidates.max(1))
            .map(|b| (b.puzzle, b.energy))
            .collect();
        if candidates.is_empty() {
            candidates.push((best_state.puzzle(), best_energy));
        }
        if self.config.energy.is_for_people() {
            let lowest = candidates.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1));
            candidates = lowest.into_iter().collect();
        }
        let rater = AverageWidth::default()
            .with_samples(self.config.rerate_samples)
            .with_budget(self.config.rating_budget);
        let rated: Vec<(Grid, f64, Option<Mean>)> = candidates
            .into_iter()
            .map(|(p, e)| (p, e, rater.evaluate(&p, self.seed).ok()))
            .collect();
        let (mut puzzle, mut energy, mut average_width) = rated
            .into_iter()
            .max_by(|a, b| {
                let key = |x: &Option<Mean>| x.map_or(f64::NEG_INFINITY, |m| m.mean);
                key(&a.2).total_cmp(&key(&b.2))
            })
            .expect("at least one candidate");
        let mut minimal = is_minimal(&puzzle);
        if self.config.minimal && !minimal {
            puzzle = minimize(&puzzle);
            minimal = true;
            let model = Generation::width_model(&self.config, self.solution, self.seed);
            let clues = puzzle.filled_cells().bits();
            let solution = match sudoku_solve::solve(&puzzle) {
                sudoku_solve::Outcome::Unique(s) => s,
                _ => unreachable!("removing clues while unique keeps the puzzle unique"),
            };
            energy = model.energy(&model.state_of(clues, solution));
            average_width = rater.evaluate(&puzzle, self.seed).ok();
        }
        let solution = match sudoku_solve::solve(&puzzle) {
            sudoku_solve::Outcome::Unique(s) => s,
            _ => unreachable!("every puzzle of a generation has a unique solution"),
        };
        Summary {
            puzzle,
            solution,
            se: SeRater::default().evaluate(&puzzle).ok().map(|r| r.0),
            clues: puzzle.clue_count(),
            minimal,
            depth: Depth::default().evaluate(&puzzle).ok(),
            normal_width: NormalWidth::default().evaluate(&puzzle).ok().map(|w| w.width),
            average_width,
            energy,
            best_energy,
            steps: self.search.sweeps(),
            depth_steps: self.depth_steps,
            seed: self.seed,
        }
    }
}
