//! A generation: a start phase (the paper's depth phase by Metropolis from a random solution
//! grid, or the best of many random minimal puzzles), then the configured optimizer. The whole
//! generation serialises, so a run can stop, be saved, and resume exactly.

use std::sync::Arc;

use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use sudoku_core::Grid;
use sudoku_metrics::{Depth, RatingKind};
use tempering::{Budget, ConfigError, Metropolis, Model, Observer, StopReason, child_seed, stream};

use crate::observe::{DepthReached, Recorder};
use crate::search::{Searcher, WidthModel};
use crate::{
    BestRecord, GeneratorConfig, KnownPuzzles, PuzzleModel, PuzzleState, RoundRecord, Search,
    Start, Symmetry, random_minimal,
};

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
    /// [`Start::BestOfRandom`] with a clue limit below [`Start::FEWEST_MAX_CLUES`]: random
    /// minimal puzzles that small are too rare to draw.
    #[error(
        "random start puzzles of at most {0} clues are too rare to draw; the limit goes from {min}",
        min = Start::FEWEST_MAX_CLUES
    )]
    ClueLimit(u8),
    /// [`Generation::skip_known`] on a search that lists no vicinity: only a best-first
    /// search leaves known puzzles out.
    #[error("only a best-first search leaves known puzzles out; this one is {0}")]
    SkipNeedsBestFirst(Search),
    /// [`Generation::skip_known`] on a resumed generation with other known puzzles than it
    /// left out before (it would not go on as it would have).
    #[error(
        "these known puzzles ({given} classes) are not the ones the run left out before: give the same files"
    )]
    KnownChanged {
        /// How many classes were given.
        given: usize,
    },
    /// A resumed run that left known puzzles out, given none
    /// ([`GenerationRun::with_known`](crate::GenerationRun::with_known)).
    #[error("this run leaves known puzzles out: give the same known puzzles to resume it")]
    KnownNeeded,
}

/// A generation in progress: serialise it to checkpoint, deserialise it to resume.
///
/// It reports to one `tempering` [`Observer`]: the start phase asks its
/// [`keep_going`](Observer::keep_going), and [`Generation::run`] forwards the optimizer's
/// sweeps and rounds (`Observer<PuzzleState>`) and gives every new best rated
/// (`Observer<BestRecord>::on_best`). `()` observes nothing, and
/// [`tempering::KeepGoing`] turns a closure into a stop flag.
#[derive(Debug, Serialize, Deserialize)]
pub struct Generation {
    pub(crate) config: GeneratorConfig,
    pub(crate) seed: u64,
    pub(crate) solution: Grid,
    pub(crate) depth_steps: u64,
    pub(crate) search: Searcher,
    history: Vec<RoundRecord>,
    pub(crate) bests: Vec<BestRecord>,
    /// The fingerprint of the known puzzles the search leaves out ([`Generation::skip_known`]),
    /// kept in checkpoints so that a resumed run is given the same ones.
    #[serde(default)]
    skip_known: Option<u64>,
    /// Those puzzles (not saved: given again after a resume).
    #[serde(skip)]
    known: Option<Arc<KnownPuzzles>>,
    /// The width-phase model, kept across runs for its memo of ratings; rebuilt after a resume
    /// (the memo changes no result, so a resumed run is still exact).
    #[serde(skip)]
    model: Option<WidthModel>,
}

/// Where a generation's random numbers come from, each purpose its own child stream
/// ([`tempering::child_seed`]): the children of its seed's first child. The seed's other
/// children are the other runs of a [`Portfolio`](crate::Portfolio), and the seed itself rates
/// the summary, as `sudoku rate --seed` does.
#[derive(Clone, Copy, Debug)]
struct Streams {
    root: u64,
}

impl Streams {
    fn of(seed: u64) -> Streams {
        Streams { root: child_seed(seed, 0) }
    }

    /// The solution grid and the depth phase.
    fn solution(self) -> Pcg64Mcg {
        stream(self.root, 0)
    }

    /// The main phase's optimizer.
    fn search(self) -> u64 {
        child_seed(self.root, 1)
    }

    /// The energy's random ratings: each puzzle is rated with a child of this seed.
    fn ratings(self) -> u64 {
        child_seed(self.root, 2)
    }

    /// The `i`-th random start puzzle.
    fn start(self, i: u32) -> Pcg64Mcg {
        stream(self.root, 3 + u64::from(i))
    }
}

/// `n` random minimal puzzles of at most `max_clues` clues (the `i`-th drawn from the seed
/// and `i` alone, again until it fits, and rated in parallel: the same for any thread count),
/// lowest energy first (in drawing order among equals). When `keep_going` says stop (it is
/// asked between chunks of 64), the puzzles rated so far: fewer than `n`, none if it said stop
/// at once.
fn random_starts(
    model: &WidthModel,
    n: u32,
    max_clues: u8,
    streams: Streams,
    keep_going: &mut dyn FnMut() -> bool,
) -> Vec<PuzzleState> {
    use rayon::prelude::*;
    let mut all: Vec<(f64, PuzzleState)> = Vec::new();
    let mut next = 0;
    while next < n.max(1) {
        if !keep_going() {
            break;
        }
        let upto = (next + 64).min(n.max(1));
        let drawn: Vec<(f64, PuzzleState)> = (next..upto)
            .into_par_iter()
            .map(|i| {
                let mut rng = streams.start(i);
                let puzzle = std::iter::repeat_with(|| random_minimal(&mut rng, Symmetry::None))
                    .find(|p| p.filled_cells().len() <= usize::from(max_clues))
                    .expect("an endless draw ends on a fit");
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
    all.into_iter().map(|(_, state)| state).collect()
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
        Ok(Generation::start_until(config, seed, &mut ())?.expect("never interrupted"))
    }

    /// As [`Generation::start`], but the start phase asks `observer` whether to keep going
    /// (after every sweep of the depth phase, between chunks of 64 start puzzles) and stops
    /// when it says stop (a user's Ctrl-C, say). Random starts keep what they have: the
    /// generation starts from the puzzles rated so far (its [`config`](Generation::config)'s
    /// start then says how many: `Start::BestOfRandom { count, .. }`), and is `Ok(None)` only
    /// when it said stop before any was rated; a stopped depth phase (seconds long) gives
    /// `Ok(None)`.
    ///
    /// # Errors
    ///
    /// [`GenerateError`] if the width phase's configuration is invalid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{Generation, GeneratorConfig, Start};
    /// use tempering::KeepGoing;
    ///
    /// let config = GeneratorConfig::default().with_start(Start::random(100));
    /// let mut asked = 0;
    /// let mut stop_at_once = KeepGoing(|| {
    ///     asked += 1;
    ///     false
    /// });
    /// assert!(Generation::start_until(config, 1, &mut stop_at_once)?.is_none());
    /// assert_eq!(asked, 1);
    /// # Ok::<(), sudoku_generate::GenerateError>(())
    /// ```
    pub fn start_until<O: Observer<PuzzleState> + ?Sized>(
        config: GeneratorConfig,
        seed: u64,
        observer: &mut O,
    ) -> Result<Option<Generation>, GenerateError> {
        let streams = Streams::of(seed);
        let mut rng = streams.solution();
        let solution = sudoku_solve::random_solution(&mut rng);
        let (beta, target, max_sweeps) = match config.start {
            Start::DepthPhase { beta, target, max_sweeps } => (beta, target, max_sweeps),
            Start::BestOfRandom { count, max_clues: limit } => {
                let max_clues = limit.unwrap_or(81);
                if max_clues < Start::FEWEST_MAX_CLUES {
                    return Err(GenerateError::ClueLimit(max_clues));
                }
                let model = Generation::width_model(&config, solution, seed);
                let keep_going = &mut || observer.keep_going();
                let starts = random_starts(&model, count, max_clues, streams, keep_going);
                let rated = u32::try_from(starts.len()).unwrap_or(u32::MAX);
                if rated == 0 {
                    return Ok(None);
                }
                // Stopped early: the start says how many puzzles it rated.
                let config = if rated < count.max(1) {
                    config.with_start(Start::BestOfRandom { count: rated, max_clues: limit })
                } else {
                    config
                };
                return Generation::with_starts(config, seed, model, starts, 0).map(Some);
            }
            Start::Given(_) => return Err(GenerateError::NoStart),
        };
        let depth = Depth::default().with_budget(config.rating_budget);
        let depth_model =
            PuzzleModel::new(solution, depth, streams.ratings()).with_coupling(config.j, config.h);
        let chain = Metropolis::new(beta).with_moves_per_sweep(2 * config.move_pairs);
        let mut depth_observer =
            DepthReached { target: f64::from(target), caller: observer, interrupted: false };
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
    /// `observer` said stop (it is asked between chunks of puzzles).
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
    /// let g = Generation::start_from(GeneratorConfig::default(), 1, &[known], &mut ())?;
    /// assert_eq!(g.expect("not stopped").config().start, Start::Given(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_from<O: Observer<PuzzleState> + ?Sized>(
        mut config: GeneratorConfig,
        seed: u64,
        puzzles: &[Grid],
        observer: &mut O,
    ) -> Result<Option<Generation>, GenerateError> {
        use rayon::prelude::*;
        config.start = Start::Given(u32::try_from(puzzles.len()).unwrap_or(u32::MAX));
        let mut rng = Streams::of(seed).solution();
        let model = Generation::width_model(&config, sudoku_solve::random_solution(&mut rng), seed);
        let mut rated: Vec<(f64, PuzzleState)> = Vec::with_capacity(puzzles.len());
        for chunk in puzzles.chunks(64) {
            if !observer.keep_going() {
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

    /// Sets up the main phase from `starts` (lowest energy first).
    fn with_starts(
        config: GeneratorConfig,
        seed: u64,
        model: WidthModel,
        starts: Vec<PuzzleState>,
        depth_steps: u64,
    ) -> Result<Generation, GenerateError> {
        let solution = starts.first().ok_or(GenerateError::NoStart)?.solution;
        let search = Searcher::new(&config, &model, starts, Streams::of(seed).search())?;
        Ok(Generation {
            config,
            seed,
            solution,
            depth_steps,
            search,
            history: Vec::new(),
            bests: Vec::new(),
            skip_known: None,
            known: None,
            model: Some(model),
        })
    }

    /// Leaves the puzzles of `known` out of every vicinity the best-first search lists from
    /// now on ([`PuzzleModel::skipping`]): it neither rates nor expands them, as the puzzle
    /// community's vicinities around them are searched already, and spends its time on new
    /// puzzles. The start puzzles are expanded whether known or not. A checkpoint keeps a
    /// fingerprint of the set, not the set: a resumed generation that left known puzzles out
    /// ([`Generation::skips_known`]) must be given the same ones again before it runs, or it
    /// goes on without them.
    ///
    /// # Errors
    ///
    /// [`GenerateError::SkipNeedsBestFirst`] for another search, and
    /// [`GenerateError::KnownChanged`] when a resumed generation is given another set than
    /// before.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_core::Grid;
    /// use sudoku_generate::{Generation, GeneratorConfig, KnownPuzzles};
    /// use tempering::Budget;
    ///
    /// let start: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let mut g = Generation::start_from(GeneratorConfig::default(), 1, &[start], &mut ())?
    ///     .expect("not stopped");
    /// g.skip_known(Arc::new(KnownPuzzles::from_puzzles([start])))?;
    /// assert!(g.skips_known());
    /// // The start is expanded although known; another set after this one is refused.
    /// g.run(&Budget::sweeps(1), &mut ());
    /// assert_eq!(g.steps(), 1);
    /// assert!(g.skip_known(Arc::new(KnownPuzzles::new())).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn skip_known(&mut self, known: Arc<KnownPuzzles>) -> Result<(), GenerateError> {
        if !matches!(self.config.search, Search::BestFirst { .. }) {
            return Err(GenerateError::SkipNeedsBestFirst(self.config.search));
        }
        let fingerprint = known.fingerprint();
        if self.skip_known.is_some_and(|f| f != fingerprint) {
            return Err(GenerateError::KnownChanged { given: known.len() });
        }
        if let Some(model) = &mut self.model {
            model.set_skipping(Arc::clone(&known));
        }
        self.skip_known = Some(fingerprint);
        self.known = Some(known);
        Ok(())
    }

    /// Whether the search leaves known puzzles out ([`Generation::skip_known`]); after a
    /// resume, whether it must be given them again.
    #[must_use]
    pub fn skips_known(&self) -> bool {
        self.skip_known.is_some()
    }

    /// How many listed neighbours this process's search left out as known.
    #[must_use]
    pub fn skipped(&self) -> u64 {
        self.model.as_ref().map_or(0, PuzzleModel::skipped)
    }

    /// The main phase's model, with the ratings' seeds of the generation with `seed`.
    pub(crate) fn width_model(config: &GeneratorConfig, solution: Grid, seed: u64) -> WidthModel {
        let difficulty = config.energy.difficulty(config.rating_budget);
        PuzzleModel::new(solution, difficulty, Streams::of(seed).ratings())
            .with_coupling(config.j, config.h)
            .with_moves(config.moves)
    }

    /// Runs the main phase until the budget is spent or `observer` asks to stop.
    /// `budget.max_sweeps` counts main-phase sweeps since the generation began, so a resumed
    /// run stops exactly where an uninterrupted one would.
    ///
    /// `observer` sees the optimizer's sweeps and rounds and is asked
    /// [`keep_going`](Observer::keep_going) within long steps, as an `Observer<PuzzleState>`;
    /// every new best comes to it rated, with its puzzle's depth, normal width and (with an
    /// ER energy) ER/EP/ED, as `Observer<BestRecord>::on_best`, and is kept in
    /// [`Generation::bests`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{BestRecord, Generation, GeneratorConfig, PuzzleState, Start};
    /// use tempering::{Budget, Observer};
    ///
    /// /// Counts the sweeps, and keeps the ER of every best.
    /// #[derive(Default)]
    /// struct Watch { sweeps: u64, ers: Vec<f64> }
    /// impl Observer<PuzzleState> for Watch {
    ///     fn on_sweep(&mut self, _: &tempering::SweepInfo<'_, PuzzleState>) -> bool {
    ///         self.sweeps += 1;
    ///         true
    ///     }
    /// }
    /// impl Observer<BestRecord> for Watch {
    ///     fn on_best(&mut self, best: &BestRecord, _: f64, _: u64) {
    ///         self.ers.extend(best.se.map(|se| se.er));
    ///     }
    /// }
    ///
    /// let config = GeneratorConfig::default().with_start(Start::random(10));
    /// let mut generation = Generation::start(config, 2)?;
    /// let mut watch = Watch::default();
    /// generation.run(&Budget::sweeps(2), &mut watch);
    /// assert_eq!(watch.sweeps, 2);
    /// assert_eq!(watch.ers.len(), generation.bests().len());
    /// # Ok::<(), sudoku_generate::GenerateError>(())
    /// ```
    pub fn run<O>(&mut self, budget: &Budget, observer: &mut O) -> StopReason
    where
        O: Observer<PuzzleState> + Observer<BestRecord> + ?Sized,
    {
        let (config, solution, seed) = (&self.config, self.solution, self.seed);
        let known = &self.known;
        let model = self.model.get_or_insert_with(|| {
            let model = Generation::width_model(config, solution, seed);
            match known {
                Some(known) => model.skipping(Arc::clone(known)),
                None => model,
            }
        });
        let mut recorder = Recorder {
            rates_se: config.energy.rating.kind == RatingKind::SeRating,
            history: &mut self.history,
            bests: &mut self.bests,
            caller: observer,
            every: u64::from(config.sweeps_per_round),
        };
        self.search.phase_mut().drive(model, budget, &mut recorder)
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

    /// The solution grid the generation started from (with [`Moves::Flips`](crate::Moves),
    /// the solution of every puzzle it makes).
    #[must_use]
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// Width-phase sweeps per replica so far (REMC steps).
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.search.phase().sweeps()
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
        self.search.phase().best()
    }
}
